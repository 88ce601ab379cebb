"""What a host's idle lobby costs: the real `uno-tui host` in a pseudo-terminal, as a newcomer runs it.

    python bench/lobby.py [--runs N] [--rest S]

For each run, a host with the default 4 seats (fresh settings and data, LAN discovery on
127.0.0.1 only, motion off, 80x24) is started and timed to its lobby listing the four seats;
then, from the moment the seats show (so what start-up still does counts against it), the CPU
it uses over S seconds of rest (a busy loop would use the whole of them: the lobby spun at 100%
once); and, once its table is on the LAN (registering its name takes ~1.6 s and its buffers
~2 MB, once: from ADVERTISED seconds after the start), how much its resident memory grows over
S more. tests/journeys/test_lan.py checks that the lobby lists its seats and advertises itself.
"""
import argparse
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from tests.helpers.network import LOOPBACK, free_port  # noqa: E402
from tests.helpers.terminal import Terminal  # noqa: E402
from uno_tui.play.address import INTERFACE_ENV  # noqa: E402

ADVERTISED = 3.0    # seconds from the start by which a host's table is registered on the LAN


def one(rest: float) -> tuple[float, float, float]:
    """Seconds to the seats listed, the share of a CPU used at rest, MB grown at rest."""
    with tempfile.TemporaryDirectory() as home:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("UNO_TUI_", "TEXTUAL"))}
        env.update(UNO_TUI_CONFIG_DIR=os.path.join(home, "config"), UNO_TUI_DATA_DIR=os.path.join(home, "data"),
                   UNO_TUI_MOTION="off", **{INTERFACE_ENV: LOOPBACK})
        port = free_port()
        started = time.monotonic()
        host = Terminal("host", "--port", str(port), env=env)
        try:
            host.wait_for(r"(?s)Seat 1: .*Seat 2: .*Seat 3: .*Seat 4: ", timeout=30)
            listed = time.monotonic() - started
            host.wait_for(rf"uno://127\.0\.0\.1:{port}/#k=")
            cpu = host.cpu_seconds()
            time.sleep(rest)
            used = (host.cpu_seconds() - cpu) / rest
            time.sleep(max(0.0, started + ADVERTISED - time.monotonic()))
            rss = host.rss_mb()
            time.sleep(rest)
            return listed, used, host.rss_mb() - rss
        finally:
            host.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rest", type=float, default=2.0)
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start")
    for run in range(1, args.runs + 1):
        listed, used, grown = one(args.rest)
        print(f"run {run}: seats listed {listed:.2f} s after the start; at rest {used:.1%} of a CPU over "
              f"{args.rest:g} s; memory grown {grown:.1f} MB over {args.rest:g} s once advertised")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
