"""Bot strength: seeded hands on the classic preset, win rates with 95% confidence intervals.

    python bench/bots.py [--hands N] [--seed S] [--house seven_zero,jump_in]

Each bot sees only its seat's view and redacted events (as through the
table). Out-of-turn chances (catching, a late UNO) go to the other seats
before the player to move, as fast catchers would win the race at a table.

The bots' weights and choices were tuned on the seeds in TUNED (win rates
on them flatter the bots), so the default seed is none of those. Decision
time is per level: the player to move's wall-clock time to decide, over
every matchup that level plays in (hard's heads-up endgame search included).
"""
import argparse
import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from uno_tui.bots import make_bot  # noqa: E402
from uno_tui.engine import Action, Game, make_rules, redact, seat_view  # noqa: E402


#: seeds the bots were tuned on: 1 (the bench's old default: weights and sweeps), 3, 7 and 21 (settle,
#: endgame search and keeping a drawn card, over 10,000-40,000 paired hands; docs/decisions.md)
TUNED = (1, 3, 7, 21)


def play_hand(levels: list[str], seed: int, timings: dict[str, list[float]] | None = None, house=()) -> int:
    """Play one hand between bots of these levels (classic, with the ``house`` rules switched on);
    return the winning seat."""
    rng = random.Random(seed)
    n = len(levels)
    bots = [make_bot(level, rng.getrandbits(32)) for level in levels]
    rules = make_rules("classic", **dict.fromkeys(house, True))
    table = {"rules": {k: v for k, v in rules.to_dict().items() if k != "deck"}, "deck": rules.deck}
    game = Game(rules, n, seed=seed, dealer=rng.randrange(n))
    events = game.setup_events
    while True:
        views = [{**seat_view(game, s), "table": table} for s in range(n)]   # the rules, as a table sends them
        for s in range(n):
            bots[s].observe(views[s], [redact(e, s) for e in events])
        if game.over:
            return game.winner
        order = [s for s in range(n) if s != game.decider]
        rng.shuffle(order)
        for seat in [*order, game.decider]:
            start = time.perf_counter()
            action = bots[seat].decide(views[seat])
            if timings is not None and seat == game.decider:
                timings[levels[seat]].append(time.perf_counter() - start)
            if action is not None:
                events = game.apply(seat, Action.from_dict(action))
                break


def win_rate(levels: list[str], hands: int, seed: int, seat_of_interest: int = 0, timings=None, house=()):
    """Hands won by the bot at ``seat_of_interest``; seats rotate so no seat is favoured."""
    wins = 0
    n = len(levels)
    for h in range(hands):
        shift = h % n
        rotated = levels[-shift:] + levels[:-shift] if shift else list(levels)
        if play_hand(rotated, seed * 1_000_003 + h, timings, house) == (seat_of_interest + shift) % n:
            wins += 1
    p = wins / hands
    half = 1.96 * math.sqrt(p * (1 - p) / hands)
    return p, half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=12, help=f"not one of {TUNED}, the seeds tuned on")
    parser.add_argument("--house", default="", help="house rules to switch on, e.g. seven_zero,jump_in")
    args = parser.parse_args()
    house = [name for name in args.house.split(",") if name]
    print(f"seed {args.seed}; the bots were tuned on seeds {', '.join(map(str, TUNED))}"
          + (" (this is one: the win rates flatter them)" if args.seed in TUNED else "")
          + (f"; house rules: {', '.join(house)}" if house else ""))
    timings: dict[str, list[float]] = {"easy": [], "normal": [], "hard": []}
    for label, levels, chance in (("hard vs 3 easy", ["hard", "easy", "easy", "easy"], 0.25),
                                  ("normal vs 3 easy", ["normal", "easy", "easy", "easy"], 0.25),
                                  ("hard vs normal, heads-up", ["hard", "normal"], 0.5)):
        p, half = win_rate(levels, args.hands, args.seed, timings=timings, house=house)
        print(f"{label:<26} {p:6.1%} ± {half:4.1%} over {args.hands} hands (chance {chance:.0%})")
    for level, times in timings.items():
        times.sort()
        median, p99 = times[len(times) // 2], times[int(len(times) * 0.99)]
        print(f"decision time of the player to move, {level + ':':<8}median {median * 1e6:.0f} µs, "
              f"p99 {p99 * 1e6:.0f} µs over {len(times)} decisions")


if __name__ == "__main__":
    main()
