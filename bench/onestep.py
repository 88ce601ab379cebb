"""Two search settings compared one decision at a time: what more play-outs (or another CLEAR) gain.

    python bench/onestep.py [--seats 4] [--hands 40] [--a 1500] [--b 6000] [--oracle 3000] [--seed S]
                            [--judge guesses|real]

It records the hard bot's decisions in seeded hands against normal bots (moves
made by its rules of thumb, no search, so both settings meet the same
positions), lets each setting pick a move at each decision (a setting is
play-outs, or play-outs,CLEAR), and where they pick differently plays both
moves out ``--oracle`` times more on the same fresh guesses. It prints the
summed difference in winning chance per hand, B minus A, with one standard
error. A one-step estimate: each move is judged by play-outs from the position,
as the search judges it, not by whole hands played on; it is cheap where whole
hands need thousands to show a point.

The first error bar is the judging's noise alone; the second takes the hands
as a sample of all hands (their decisions' luck included), the one to read.

``--judge guesses`` (the default) plays the two moves out from the bot's own
guesses: inside its model, so it shows no error of the guesses. ``--judge
real`` plays them out from the real hands (the draw pile shuffled anew for each
play-out: what will be drawn stays unknown), every seat then on the normal
bot's policy: whether a setting's moves are better at the table as it really
is. No bot can see the real hands; only the judge does.
"""
import argparse
import copy
import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

import bots  # noqa: E402
from bots import LEVELS, TUNED, play_hand  # noqa: E402
from uno_tui.bots import search  # noqa: E402
from uno_tui.bots.guesses import Guesses  # noqa: E402
from uno_tui.bots.rollout import play_out  # noqa: E402
from uno_tui.engine import Action  # noqa: E402
from uno_tui.engine.guess import guessed_game  # noqa: E402


#: what --judge plays the two moves out from
JUDGES = {"guesses": "the bot's guesses", "real": "the real hands (the draw pile shuffled anew)"}


def decisions(seats: int, hands: int, seed: int) -> list[tuple]:
    """(view, memory, moves, preferred, the real game, the hand's number) at each decision the search
    would check, seat 0's level rotating round the table as in bench/bots.py."""
    found, hand = [], [0]

    def record(view, memory, moves, preferred, rng, **budget):
        found.append((*copy.deepcopy((view, memory, moves, preferred)), bots.PLAYING[0].copy(), hand[0]))
        return None                      # the rules of thumb's move is played

    searched, search.most_won = search.most_won, record
    try:
        levels = ["hard"] + ["normal"] * (seats - 1)
        for h in range(hands):
            hand[0], shift = h, h % seats
            play_hand(levels[-shift:] + levels[:-shift] if shift else levels, seed * 1_000_003 + h, (1.0, 1),
                      {level: [] for level in LEVELS})
    finally:
        search.most_won = searched
    return found


def pick(decision: tuple, playouts: int, clear: float, seed: int) -> int:
    view, memory, moves, preferred, _, _ = decision
    kept, search.CLEAR = search.CLEAR, clear
    try:
        best = search.most_won(view, memory, moves, preferred, random.Random(seed), seconds=1e9, playouts=playouts)
    finally:
        search.CLEAR = kept
    return preferred if best is None else best


def judged(decision: tuple, a: int, b: int, playouts: int, seed: int, real: bool) -> tuple[float, float]:
    """Move b's winning chance minus move a's, on the same fresh guesses (or the real hands with the
    same fresh draw pile), and its variance."""
    view, memory, moves, _, game_then, _ = decision
    rules = search.rules_of(view)
    guesses, rng, me = Guesses(view, memory, rules.deck), random.Random(seed), view["seat"]
    diffs = []
    for _ in range(playouts):
        if real:
            guessed = game_then.copy()
            guessed.rng, guessed.record = rng, False        # (its own generator; no events, as a guess)
            rng.shuffle(guessed.draw_pile)
        else:
            guessed = guessed_game(rules, view, *guesses.deal(rng), rng=rng)
        won = []
        for i in (a, b):
            game = guessed.copy()
            game.apply(me, Action.from_dict(moves[i]))
            won.append(play_out(game) == me)
        diffs.append(won[1] - won[0])
    mean = sum(diffs) / playouts
    return mean, sum((d - mean) ** 2 for d in diffs) / (playouts - 1) / playouts


def setting(text: str) -> tuple[int, float]:
    playouts, _, clear = text.partition(",")
    return int(playouts), float(clear or search.CLEAR)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--a", type=setting, default="1500", help="play-outs[,CLEAR]")
    parser.add_argument("--b", type=setting, default="6000", help="play-outs[,CLEAR]")
    parser.add_argument("--oracle", type=int, default=3000, help="play-outs of each move where the two differ")
    parser.add_argument("--seed", type=int, default=4242, help=f"not one of {TUNED}, the seeds tuned on")
    parser.add_argument("--judge", choices=tuple(JUDGES), default="guesses",
                        help="play the moves out from the bot's guesses, or from the real hands")
    args = parser.parse_args()
    if args.oracle < 2:
        parser.error("--oracle needs at least 2 play-outs (a spread is taken from them)")
    start = time.perf_counter()
    found = decisions(args.seats, args.hands, args.seed)
    gains = [0.0] * args.hands          # per hand: B's winning chance minus A's, summed over its decisions
    variance, differ = 0.0, 0
    for k, decision in enumerate(found):
        a, b = pick(decision, *args.a, k), pick(decision, *args.b, k)
        if a != b:
            differ += 1
            gain, var = judged(decision, a, b, args.oracle, 1_000_000 + k, args.judge == "real")
            gains[decision[-1]] += gain
            variance += var
    total, n = sum(gains), args.hands
    # the hands as a sample (judging noise included): how far as many other hands could put the sum.
    # Itself an estimate: it can come out below the judging's alone.
    spread = math.sqrt(n * sum((g - total / n) ** 2 for g in gains) / (n - 1)) if n > 1 else 0.0
    print(f"{len(found)} decisions with a choice in {args.hands} hands at {args.seats} seats (seed {args.seed}); "
          f"A = {args.a[0]} play-outs, CLEAR {args.a[1]}; B = {args.b[0]} play-outs, CLEAR {args.b[1]}")
    print(f"they pick different moves at {differ}; there, each move played out {args.oracle} more times, "
          f"from {JUDGES[args.judge]}")
    print(f"B - A: {100 * total / args.hands:+.2f} +/- {100 * math.sqrt(variance) / args.hands:.2f} points of "
          f"winning chance a hand (1 SE of the judging; +/- {100 * spread / args.hands:.2f} with the hands "
          f"taken as a sample); {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
