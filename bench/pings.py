"""How fast the host answers a ping while a hard bot searches (the search runs off the event loop).

    python bench/pings.py [--count N]

Two hard bots play each other heads-up at a host in this process (loopback only), hand after
hand, every decision with a choice a search (10 ms at this table with no pause); a spectator
pings the host meanwhile (tests/helpers/searching.py, which tests/unit/test_bot_thinking.py runs
to check they are answered at all). Printed: the round trips of N pings sent and
answered while a bot searched, median, p90 and max. The interpreter hands the loop its turn every
5 ms (sys.getswitchinterval), so answers come in a few of those; on the loop itself they would
wait out whole searches (30-300 ms).
"""
import argparse
import asyncio
import os
import statistics
import sys
import tempfile

os.environ.update(UNO_TUI_DATA_DIR=tempfile.mkdtemp(), UNO_TUI_CONFIG_DIR=tempfile.mkdtemp())
sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from tests.helpers.searching import pings_while_searching  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=30)
    count = parser.parse_args().count
    load = os.getloadavg()[0]
    during = sorted(asyncio.run(pings_while_searching(count)))
    print(f"{os.cpu_count()} cores, load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
    if not during:
        sys.exit("no ping was answered while a bot searched")
    print(f"{len(during)} pings answered while a bot searched: median {statistics.median(during) * 1000:.1f} ms, "
          f"p90 {during[int(0.9 * len(during))] * 1000:.1f} ms, max {during[-1] * 1000:.1f} ms")


if __name__ == "__main__":
    main()
