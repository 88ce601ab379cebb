"""Bot strength: seeded hands, win rates with 95% confidence intervals, and decision times.

    python bench/bots.py [--hands N] [--seed S] [--budget 0.3s | --budget 200] [--jobs 2] [--house a,b]

Each bot sees only its seat's view and redacted events (as through the
table). Out-of-turn chances (catching, a late UNO) go to the other seats
before the player to move, as fast catchers would win the race at a table.

Every line plays the same seeded hands (seats rotate, so no seat is
favoured; with teams, seat 0's level and its partners win together): "normal vs 3 normal" and
"normal vs normal, heads-up" are the
yardsticks the hard and expert lines are paired with (on a given set of hands even two
normal bots need not split 50/50). ``--budget`` is what the hard bot may spend a decision: seconds
("0.3s", its default at a table) or a number of play-outs ("200": the same
moves on any machine, and bounded time); expert spends three times as much, as at a table. The bots were tuned on the seeds in
TUNED (win rates on them flatter the bots), so the default seed is none of
those. Decision time is per level: the player to move's wall-clock time to
decide, over every line that level plays in.
"""
import argparse
import math
import multiprocessing
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from uno_tui.bots import DEFAULT_BUDGET, EXPERT_BUDGET, LEVELS, make_bot  # noqa: E402
from uno_tui.engine import Action, Game, make_rules, redact, seat_view  # noqa: E402


#: seeds the bots were tuned on: 1 (the bench's old default: weights and sweeps), 3, 7 and 21 (the old
#: hard bot's settle, endgame search and drawn cards), 31 (keeping the rules of thumb beside the search),
#: 1001 (the search's CLEAR; docs/decisions.md)
TUNED = (1, 3, 7, 21, 31, 1001)
#: expert's budget over hard's, as at a table (it thinks through its whole pause: 0.9 s to hard's 0.3 s)
EXPERT_TIMES = round(EXPERT_BUDGET / DEFAULT_BUDGET)
#: (label, seat 0's level and the others', edition, house rules switched on, chance)
LINES = (("hard vs 3 normal", ["hard", "normal", "normal", "normal"], "classic", (), 0.25),
         ("normal vs 3 normal", ["normal", "normal", "normal", "normal"], "classic", (), 0.25),
         ("hard vs normal, heads-up", ["hard", "normal"], "classic", (), 0.5),
         ("normal vs normal, heads-up", ["normal", "normal"], "classic", (), 0.5),
         ("hard vs 3 normal, hp2021", ["hard", "normal", "normal", "normal"], "hp2021", (), 0.25),
         ("hard vs 3 normal, seven_zero", ["hard", "normal", "normal", "normal"], "classic", ("seven_zero",), 0.25),
         ("hard+hard vs normal+normal, teams", ["hard", "normal", "hard", "normal"], "classic", ("teams",), 0.5),
         ("hard vs 3 normal, multi_play", ["hard", "normal", "normal", "normal"], "classic", ("multi_play",), 0.25),
         ("hard vs 3 normal, deflect", ["hard", "normal", "normal", "normal"], "classic", ("deflect",), 0.25),
         ("hard vs 3 normal, mercy", ["hard", "normal", "normal", "normal"], "classic", ("mercy",), 0.25),
         ("expert vs 3 normal", ["expert", "normal", "normal", "normal"], "classic", (), 0.25),
         ("expert vs normal, heads-up", ["expert", "normal"], "classic", (), 0.5))
#: lines run only when named in --lines (an expert line costs three hard lines)
ON_REQUEST = ("expert vs 3 normal", "expert vs normal, heads-up")
#: the hand this process is playing, for the benches that look at the real hands (ceiling.py, onestep.py)
PLAYING: list = [None]


def play_hand(levels: list[str], seed: int, budget, timings: dict[str, list[float]], preset="classic",
              house=()) -> int:
    """Play one hand between bots of these levels (``house`` rules switched on); return the winning seat."""
    rng = random.Random(seed)
    n = len(levels)
    seconds, playouts = budget
    times = {"expert": EXPERT_TIMES}
    bots = [make_bot(level, rng.getrandbits(32), budget=seconds * times.get(level, 1),
                     playouts=None if playouts is None else playouts * times.get(level, 1)) for level in levels]
    rules = make_rules(preset, **dict.fromkeys(house, True))
    table = {"rules": {k: v for k, v in rules.to_dict().items() if k != "deck"}, "deck": rules.deck}
    game = PLAYING[0] = Game(rules, n, seed=seed, dealer=rng.randrange(n))
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
            if seat == game.decider:
                timings[levels[seat]].append(time.perf_counter() - start)
            if action is not None:
                events = game.apply(seat, Action.from_dict(action))
                break


def _hands(task) -> tuple[int, dict]:
    """Hands ``first``..``last`` - 1 of a line: how many seat 0's level won, and the decision times."""
    levels, first, last, seed, budget, preset, house = task
    timings: dict[str, list[float]] = {level: [] for level in LEVELS}
    n, wins = len(levels), 0
    for h in range(first, last):
        shift = h % n
        rotated = levels[-shift:] + levels[:-shift] if shift else list(levels)
        winner = play_hand(rotated, seed * 1_000_003 + h, budget, timings, preset, house)
        # (teams: seat 0's level plays seats shift, shift + 2, ...: a partner's win is its team's)
        wins += (winner - shift) % 2 == 0 if "teams" in house else winner == shift
    return wins, timings


def win_rate(pool, levels, hands, seed, budget, preset, house, timings, chunk=25) -> tuple[float, float]:
    tasks = [(levels, a, min(a + chunk, hands), seed, budget, preset, house) for a in range(0, hands, chunk)]
    wins = 0
    for won, times in pool.imap_unordered(_hands, tasks):
        wins += won
        for level, t in times.items():
            timings[level] += t
    p = wins / hands
    return p, 1.96 * math.sqrt(p * (1 - p) / hands)


def budget_of(text: str) -> tuple[float, int | None]:
    """"0.3s" / "300ms": seconds; "200": play-outs (seconds then only a default the play-outs replace)."""
    if text.endswith("ms"):
        return float(text[:-2]) / 1000, None
    if text.endswith("s"):
        return float(text[:-1]), None
    return DEFAULT_BUDGET, int(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per line")
    parser.add_argument("--seed", type=int, default=12, help=f"not one of {TUNED}, the seeds tuned on")
    parser.add_argument("--budget", default=f"{DEFAULT_BUDGET}s",
                        help="the hard bot's search per decision: seconds (0.3s) or play-outs (200; 0: no search)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (at most 2: the machine is shared)")
    parser.add_argument("--house", default="", help="house rules to switch on in every line, e.g. jump_in")
    parser.add_argument("--lines", default="", help="only these lines, by label, separated by ';' "
                        f"(the expert lines run only so: {', '.join(ON_REQUEST)})")
    args = parser.parse_args()
    house = tuple(name for name in args.house.split(",") if name)
    budget = budget_of(args.budget)
    said = (f"{budget[1]} play-outs" if budget[1] else "none (its rules of thumb alone)" if budget[1] == 0
            else f"{budget[0] * 1000:.0f} ms")
    print(f"seed {args.seed}; the bots were tuned on seeds {', '.join(map(str, TUNED))}"
          + (" (this is one: the win rates flatter them)" if args.seed in TUNED else " (not this one)")
          + f"; hard's search: {said} a decision (expert's: {EXPERT_TIMES} times that)"
          + (f" (a table gives it {DEFAULT_BUDGET * 1000:.0f} ms)" if budget[1] is not None or budget[0] != DEFAULT_BUDGET else "")
          + (f"; house rules: {', '.join(house)}" if house else ""))
    timings: dict[str, list[float]] = {level: [] for level in LEVELS}
    wanted = [w.strip() for w in args.lines.split(";") if w.strip()]
    with multiprocessing.Pool(max(1, min(args.jobs, 2))) as pool:
        for label, levels, preset, extra, chance in LINES:
            if (label not in wanted) if wanted else label in ON_REQUEST:
                continue
            p, half = win_rate(pool, levels, args.hands, args.seed, budget, preset, house + extra, timings)
            print(f"{label:<30} {p:6.1%} ± {half:4.1%} over {args.hands} hands (chance {chance:.0%})", flush=True)
    for level, times in timings.items():
        if times:
            times.sort()
            median, p99 = times[len(times) // 2], times[int(len(times) * 0.99)]
            print(f"decision time of the player to move, {level + ':':<8}median {median * 1e3:.2f} ms, "
                  f"p99 {p99 * 1e3:.2f} ms over {len(times)} decisions")


if __name__ == "__main__":
    main()
