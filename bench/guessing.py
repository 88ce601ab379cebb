"""How close the hard bot's guesses at the hidden hands come to the real ones, with its memory of
what each card seems not to be and without it.

    python bench/guessing.py [--seats 4] [--hands 60] [--seed 7070] [--deals 20]

It records the hard bot's decisions in seeded hands against normal bots (as
bench/onestep.py does: moves made by its rules of thumb, no search), deals
``--deals`` guesses at each, and compares each other hand guessed with the
real one. "without" is the same memory with every lack forgotten (cards seen
and known still kept): the guesses then only hold each hand's size. Printed
per decision: cards of the other hands guessed right (the same card, counted
as often as both hold it); per hand: whether the guess agrees with the real
hand on whether it can follow the top card, and the colour counts' error (the
sum over colours of the difference, wilds as a colour). Only the guesses are
timed: recording the hands is not.
"""
import argparse
import copy
import os
import random
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

from onestep import decisions  # noqa: E402
from uno_tui.bots.cards import color_of, lacked, rank_of  # noqa: E402
from uno_tui.bots.guesses import Guesses  # noqa: E402
from uno_tui.bots.search import rules_of  # noqa: E402
from uno_tui.engine.cards import CODES  # noqa: E402


def follows(hand: list[str], color: str, rank: str) -> bool:
    """Whether the hand holds a card that matches (one a hand that drew here would lack)."""
    return any(lacked(c, (color, "rank:" + rank, "wild")) for c in hand)


def compare(found: list[tuple], deals: int, forget: bool) -> tuple[float, float, float, int, float]:
    """(cards right a decision, can-follow agreement a hand, colour error a hand, decisions, seconds)."""
    right = agree = error = seconds = 0.0
    count = hands = 0
    for k, (view, memory, _, _, game, _) in enumerate(found):
        if forget:
            memory = copy.copy(memory)
            memory.cards = {}
        me, top = view["seat"], (view["color"], rank_of(view["top"]))
        real = {s: [CODES[c] for c in game.hands[s]] for s in range(view["players"]) if s != me}
        start = time.perf_counter()
        guesses = Guesses(view, memory, rules_of(view).deck)
        rng = random.Random(k)
        dealt = [guesses.deal(rng)[0] for _ in range(deals)] if guesses.ok else []
        seconds += time.perf_counter() - start
        if not dealt:
            continue
        for hands_guessed in dealt:
            for s, hand in real.items():
                guess = hands_guessed[s]
                right += sum((Counter(guess) & Counter(hand)).values()) / deals
                agree += (follows(guess, *top) == follows(hand, *top)) / deals
                colours = Counter(map(color_of, guess))
                colours.subtract(map(color_of, hand))
                error += sum(map(abs, colours.values())) / deals
        count += 1
        hands += len(real)
    return right / count, agree / hands, error / hands, count, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--seed", type=int, default=7070)
    parser.add_argument("--deals", type=int, default=20, help="guesses dealt at each decision")
    args = parser.parse_args()
    found = decisions(args.seats, args.hands, args.seed)
    if not found:
        parser.error("no decision with a choice in these hands: ask for more --hands")
    print(f"{len(found)} decisions with a choice in {args.hands} hands at {args.seats} seats (seed {args.seed}); "
          f"{args.deals} guesses dealt at each")
    for name, forget in (("with what each card seems not to be", False), ("without (sizes only)", True)):
        right, agree, error, count, seconds = compare(found, args.deals, forget)
        print(f"{name}: {right:.3f} cards right a decision; can follow as the real hand can {100 * agree:.1f}%; "
              f"colour error {error:.2f} a hand; {1e6 * seconds / (count * args.deals):.0f} us a guess")


if __name__ == "__main__":
    main()
