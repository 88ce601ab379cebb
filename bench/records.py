"""What keeping a match record costs: its size, the time to replay a whole first-to-500 match at
full speed, and what writing it adds to the table.

    python bench/records.py [--matches N] [--seed S]

Each match: four normal bots at a table with no pauses, first to 500 (classic rules). Timed, per
match: the table playing it with a record written (a real file, a flushed line a move) against
the same table playing the same match with none (the baseline: same seed, so the same moves,
checked); then, from the record alone, the replay through the engine (read + every move applied
again + every result checked, as the history does), and the replay screen's table built at the
record's last move (what jumping to the end of a replay costs). Nothing is timed but those; the
bots' thinking is in both table runs alike.
"""
import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from uno_tui.engine import make_rules  # noqa: E402
from uno_tui.history.record import Recorder, read_record  # noqa: E402
from uno_tui.history.replay import replay  # noqa: E402
from uno_tui.history.viewer import ReplayChannel  # noqa: E402
from uno_tui.table import Pacing, Seat, Table  # noqa: E402
from uno_tui.table.recording import NoRecord  # noqa: E402


async def play(seed: int, recorder) -> tuple[float, list, Path | None]:
    """Seconds for the table to play one whole match, its results, and its record (a table of bots
    starts the next match at once: it is caught as it ends)."""
    table = Table(make_rules("classic"), [Seat(f"Bot {i}", "bot", "normal") for i in range(4)], seed=seed,
                  pacing=Pacing.instant(), recorder=recorder)
    ended = asyncio.get_running_loop().create_future()
    table.on_change = lambda: table.match.over and not ended.done() and ended.set_result(
        (list(table.match.history), getattr(recorder, "path", None)))
    began = time.perf_counter()
    table.start()
    results, path = await asyncio.wait_for(ended, 600)
    took = time.perf_counter() - began
    table.close()
    return took, results, path


async def at_the_end(played) -> float:
    """Seconds for the replay screen's table to stand at the record's last move."""
    began = time.perf_counter()
    channel = ReplayChannel(played)
    channel.end()
    took = time.perf_counter() - began
    channel.close()
    return took


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    rows = []
    for i in range(args.matches):
        seed = args.seed + i
        bare, plain, _ = asyncio.run(play(seed, NoRecord()))
        kept, results, path = asyncio.run(play(seed, Recorder("solo", folder)))
        if results != plain:
            sys.exit(f"match {seed}: the recorded table played another match than the bare one")
        began = time.perf_counter()
        played = replay(read_record(path))
        replayed = time.perf_counter() - began
        if [h.result for h in played.hands] != results:
            sys.exit(f"match {seed}: the replay does not reproduce the results")
        shown = asyncio.run(at_the_end(played))
        moves = sum(len(h.moves) for h in played.hands)
        rows.append((path.stat().st_size, moves, len(played.hands), bare, kept, replayed, shown))
        print(f"match {seed}: {len(played.hands)} hands, {moves} moves, record {rows[-1][0]:,} bytes; "
              f"table {bare * 1000:.0f} ms bare, {kept * 1000:.0f} ms recording; replay {replayed * 1000:.1f} ms; "
              f"replay screen at the end {shown * 1000:.1f} ms")
    size, moves, hands = (statistics.median(r[k] for r in rows) for k in range(3))
    bare, kept, replayed, shown = (statistics.median(r[k] for r in rows) for k in range(3, 7))
    print(f"\n{len(rows)} first-to-500 matches (4 normal bots, classic), medians:")
    print(f"  record: {size:,.0f} bytes for {moves:.0f} moves in {hands:.0f} hands "
          f"({size / moves:.0f} bytes a move)")
    print(f"  replay through the engine, whole match: {replayed * 1000:.1f} ms")
    print(f"  replay screen's table at the last move: {shown * 1000:.1f} ms")
    print(f"  the table playing the match: {kept * 1000:.0f} ms recording against {bare * 1000:.0f} ms with no "
          f"record (the baseline): {(kept - bare) / bare:+.1%}")


if __name__ == "__main__":
    main()
