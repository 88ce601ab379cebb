"""What the hidden cards are worth to the hard bot's search: the same hands played by hard searching
from its own guesses, from the real hands, and from the real hands with some of their cards wrong.

    python bench/ceiling.py [--hands 400] [--seed 40] [--playouts 200] [--wrong 0.5,0.8] [--jobs 2]

Every line is bench/bots.py's "hard vs 3 normal" on the same seeded hands, with
the same number of play-outs a decision (not seconds: dealing the real hands
costs less than a guess, and would buy more); only what the search deals its
play-outs from changes. "the real hands" gives it every other hand as it is
and the discard pile (the draw pile still shuffled at random: what will be
drawn stays unknown); "N% wrong" swaps each card of those hands, with that
chance, for a random card of the draw pile. No bot can know the real hands:
this measures how far better guesses could take the search, not a level.
"""
import argparse
import multiprocessing
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

import bots  # noqa: E402
from uno_tui.bots import search  # noqa: E402
from uno_tui.engine.cards import CODES  # noqa: E402

#: the chance a card of a real hand is wrong
WRONG: list = [None]
GUESSES = search.Guesses          # the bot's own


class RealHands:
    """Stands in for search.Guesses: deals the real hands (some cards wrong, if asked) and a shuffled
    draw pile."""
    ok = True

    def __init__(self, view, memory, deck):
        self.seat = view["seat"]

    def deal(self, rng):
        game = bots.PLAYING[0]
        hands = [[CODES[c] for c in hand] for hand in game.hands]
        draw = [CODES[c] for c in game.draw_pile]
        for seat, hand in enumerate(hands):
            if seat == self.seat or not WRONG[0]:
                continue
            for i in range(len(hand)):
                if draw and rng.random() < WRONG[0]:
                    j = rng.randrange(len(draw))
                    hand[i], draw[j] = draw[j], hand[i]
        rng.shuffle(draw)
        return hands, draw, [CODES[c] for c in game.discard[:-1]]


def dealing_from(wrong: float | None) -> None:
    """Each process's search deals from the real hands (``wrong``: the chance a card is wrong), or
    from its own guesses (None); set in every worker, however processes are started."""
    WRONG[0] = wrong
    search.Guesses = RealHands if wrong is not None else GUESSES


def line(label: str, levels: list[str], args, wrong: float | None) -> None:
    with multiprocessing.Pool(max(1, min(args.jobs, 2)), initializer=dealing_from, initargs=(wrong,)) as pool:
        p, half = bots.win_rate(pool, levels, args.hands, args.seed, (bots.DEFAULT_BUDGET, args.playouts),
                                "classic", (), {level: [] for level in bots.LEVELS})     # (decision times unused)
    print(f"{label:<42} {p:6.1%} ± {half:4.1%} over {args.hands} hands (chance 25%)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--seed", type=int, default=40, help=f"not one of {bots.TUNED}, the seeds tuned on")
    parser.add_argument("--playouts", type=int, default=200, help="hard's play-outs a decision")
    parser.add_argument("--wrong", default="0.5,0.8", help="chances a card of a real hand is wrong, by ','")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    hard, normal = ["hard", "normal", "normal", "normal"], ["normal"] * 4
    print(f"seed {args.seed}, hard's search: {args.playouts} play-outs a decision; the same {args.hands} hands on every "
          "line, seats rotating; the draw pile is never known")
    line("normal vs 3 normal", normal, args, None)
    line("hard vs 3 normal, from its guesses", hard, args, None)
    line("hard vs 3 normal, from the real hands", hard, args, 0.0)
    for wrong in (float(w) for w in args.wrong.split(",") if w):
        line(f"hard vs 3 normal, real hands {wrong:.0%} wrong", hard, args, wrong)
    print("(the real hands: each other seat's hand as it is; N% wrong: each of its cards swapped, with that "
          "chance, for a random card of the draw pile)")


if __name__ == "__main__":
    main()
