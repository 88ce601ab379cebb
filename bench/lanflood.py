"""A flood of forged tables on the LAN, against the join screen's finder (issue 37 item 4).

    python bench/lanflood.py [--fakes N] [--seconds S]

Runs itself in a network namespace with only ``lo`` (unshare; root), so nothing it multicasts
reaches another process. One real host advertises; the finder pins its key (as a player who sat
at it has). Then N fake tables (names, ports, 4,500 s TTL), each announced again every 0.25 s
for S seconds, then silence. Printed: how many tables the finder listed at most (its bound is
discovery.MAX_GAMES), how often the pinned table was missing from the list (sampled every
0.25 s), how long after the flood's end the list held the real table alone, and the finder's
process CPU and peak RSS over the flood (the forger runs in the same process: its CPU is
counted too, and said so).
"""
import argparse
import asyncio
import os
import resource
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

INSIDE = "UNO_TUI_BENCH_NAMESPACE"


async def flood(fakes: int, seconds: float) -> None:
    os.environ.update(UNO_TUI_DATA_DIR=tempfile.mkdtemp(), UNO_TUI_CONFIG_DIR=tempfile.mkdtemp())
    from tests.helpers.lan import Forger
    from tests.helpers.network import LOOPBACK
    from uno_tui.play import discovery, pins
    from uno_tui.play.discovery import Finder
    from uno_tui.play.host.session import HostSession
    from uno_tui.storage.settings import GameSettings

    session = HostSession(GameSettings(), host_name="Ann", players=3, headless=True)
    port = await session.serve(LOOPBACK, 0, advertise=True)
    found: list = [[]]
    finder = Finder(found.append, interface=LOOPBACK)
    forger = Forger()
    await finder.start()
    try:
        while not any(g.port == port for g in found[-1]):
            await asyncio.sleep(0.05)
        real = next(g for g in found[-1] if g.port == port)
        pins.remember(real.address, real.fingerprint)
        await asyncio.sleep(discovery.PINS_KEPT)
        cpu0, t0 = time.process_time(), time.perf_counter()
        largest = samples = missing = 0
        while time.perf_counter() - t0 < seconds:
            for i in range(fakes):
                forger.announce(f"Table {i}", 20000 + i)
            await asyncio.sleep(0.25)
            listed = found[-1]
            samples += 1
            largest = max(largest, len(listed))
            missing += not any(g.port == port and g.trust == "pinned" for g in listed)
        cpu, elapsed = time.process_time() - cpu0, time.perf_counter() - t0
        stopped, at_end = time.perf_counter(), len(found[-1])
        while [g.port for g in found[-1]] != [port] and time.perf_counter() - stopped < 60:
            await asyncio.sleep(0.05)
        clean = time.perf_counter() - stopped
    finally:
        await forger.close()
        await finder.close()
        await session.close()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{fakes} fake tables, each announced every 0.25 s (TTL 4500 s) for {elapsed:.1f} s; "
          f"the finder asks every {discovery.REFRESH:g} s and forgets a table silent for {discovery.LIVE:g} s")
    print(f"tables listed at most: {largest} (bound {discovery.MAX_GAMES}); the pinned table missing from "
          f"{missing} of {samples} samples")
    print(f"when the flood stopped the list held {at_end} tables; the real table alone {clean:.1f} s later")
    print(f"this process (finder, forger and host together): {cpu / elapsed:.0%} of a CPU over the flood, "
          f"peak RSS {rss:.0f} MiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fakes", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args()
    if os.environ.get(INSIDE):
        asyncio.run(flood(args.fakes, args.seconds))
        return
    done = subprocess.run(["unshare", "--net", "sh", "-c", 'ip link set lo up && exec "$0" "$@"', sys.executable,
                           __file__, *sys.argv[1:]], env={**os.environ, INSIDE: "1"})
    sys.exit(done.returncode)


if __name__ == "__main__":
    main()
