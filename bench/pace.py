"""How long a person waits between their turns at a solo table of hard or expert bots, at 6 and 10
seats: this tree against a baseline tree (the commit before, in a `git worktree`), in the same run.

    git worktree add /tmp/base <commit>
    python bench/pace.py --baseline /tmp/base [--turns N] [--runs R]

Each configuration (level x seats) is a solo table as the app sets it up for the default settings
(its pacing: each tree's own; every seat but yours a bot of the level), real time, seeded the same
in both trees. "You" play at once: your first legal move (an easy bot's choice) the moment a view
asks you to decide; you take no out-of-turn chances (so the reaction window, where one is held
for you, is in the waits). Timed: from your move being applied to the view that asks your next
decision, counted only when others moved between (a wild's colour, a drawn card: not waits) and
not across the end of a hand. The configurations of one tree run side by side, one process each;
the trees one after the other, alternating run by run.
"""
import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
CONFIGS = [("hard", 6), ("hard", 10), ("expert", 6), ("expert", 10)]


async def waits(level: str, seats: int, turns: int, seed: int) -> dict:
    """Seconds of each wait between your turns (``turns`` of them), and what the table was."""
    from uno_tui.bots import make_bot
    from uno_tui.client.model import ClientModel
    from uno_tui.engine import Action
    from uno_tui.protocol.sent import Play, Ready
    from uno_tui.storage.settings import GameSettings
    from uno_tui.table import LocalChannel, Seat, Table

    settings = GameSettings(bots=[level] * (seats - 1))      # a solo game's table and pacing, unsaved
    table = Table(settings.rules(), [Seat("You", "human")] + [Seat(f"Bot {i}", "bot", level) for i in range(1, seats)],
                  seed=seed, pacing=settings.pacing())
    table.start()
    you, model, me = LocalChannel(table, 0), ClientModel(), make_bot("easy", seed)
    found, moved_at, others_moved, bot_moves = [], None, False, 0
    while len(found) < turns:
        msg = await asyncio.wait_for(you.recv(), 120)
        if model.apply(msg) != "view":
            continue
        view = model.wire                       # plain data: the bot reads it, as over the wire
        if view["over"]:
            moved_at = None
            if 0 not in view["table"]["ready"]:
                await you.send(model.command(Ready()))
            continue
        if not model.my_decision():
            others_moved = others_moved or moved_at is not None
            bot_moves += bool(msg.get("events"))
            continue
        now = time.monotonic()
        if moved_at is not None and others_moved:
            found.append(now - moved_at)
        action = me.decide(view)
        if action is None:
            continue
        await you.send(model.command(Play(action=Action(**action))))
        moved_at, others_moved = time.monotonic(), False
    pacing = table.pacing
    table.close()
    return {"waits": found, "bot_delay": pacing.bot_delay, "reaction": getattr(pacing, "reaction", None),
            "updates_between": bot_moves}


def one(args) -> None:
    """A child: one configuration in the tree on sys.path; its figures as JSON on stdout."""
    sys.path.insert(0, args.tree)
    os.environ.setdefault("UNO_TUI_MOTION", "off")
    print(json.dumps(asyncio.run(waits(args.level, args.seats, args.turns, args.seed))))


def tree_run(tree: str, turns: int, seed: int) -> dict:
    """Every configuration in ``tree``, side by side (one process each)."""
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "PYTHONPATH": tree, "UNO_TUI_CONFIG_DIR": home + "/c", "UNO_TUI_DATA_DIR": home + "/d"}
        children = {config: subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), "--one", config[0], str(config[1]), "--tree", tree,
             "--turns", str(turns), "--seed", str(seed)], stdout=subprocess.PIPE, env=env, cwd=tree)
            for config in CONFIGS}
        out = {}
        for config, child in children.items():
            stdout, _ = child.communicate(timeout=1800)
            if child.returncode:
                raise SystemExit(f"{tree}: {config} failed")
            out[config] = json.loads(stdout)
        return out


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", help="the tree to compare with (a git worktree of the commit before)")
    parser.add_argument("--turns", type=int, default=12, help="waits timed per configuration and run")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--one", nargs=2, metavar=("LEVEL", "SEATS"), help=argparse.SUPPRESS)
    parser.add_argument("--tree", default=HERE, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        args.level, args.seats = args.one[0], int(args.one[1])
        one(args)
        return
    trees = [("after", HERE)] + ([("before", os.path.abspath(args.baseline))] if args.baseline else [])
    print(f"timed: from your move applied to the view asking your next decision (others moved between; "
          f"no hand ends); you move at once and take no out-of-turn chances; {args.turns} waits per "
          f"configuration and run, {args.runs} runs; configurations side by side, trees in turn; "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} at the start")
    for run in range(1, args.runs + 1):
        for name, tree in (trees if run % 2 else trees[::-1]):
            figures = tree_run(tree, args.turns, args.seed + run)
            for (level, seats), got in figures.items():
                w = got["waits"]
                print(f"run {run} {name:6} {level:6} {seats:2} seats: median {statistics.median(w):5.2f} s, "
                      f"p95 {p95(w):5.2f} s, max {max(w):5.2f} s over {len(w)} waits "
                      f"(bot pause {got['bot_delay']} s, reaction {got['reaction']}, "
                      f"{got['updates_between']} updates to you in all)")
    print(f"load {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
