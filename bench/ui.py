"""UI speed: start-up through the real `uno-tui` command, and the whole of a table update.

    python bench/ui.py [--runs N] [--updates N] [--profile FILE]

Both parts run the app in a pseudo-terminal with Textual's real terminal
driver, as a person runs it: a headless app writes no terminal output, so it
skips part of every frame's work (turning the frame into escape sequences).

1. Start-up: the `uno-tui` console script (uno_tui.cli:main: arguments,
   settings, the app) until its start screen's first frame is on the
   terminal, against a minimal Textual app (one Static) started the same way:
   a Python script run by the same interpreter on the same 80x24 terminal,
   with no settings file and the package compiled to bytecode first, as
   pip install leaves it (an editable checkout run with
   PYTHONDONTWRITEBYTECODE would compile it at every start, unlike Textual).
   Median of N each, alternated, and the ratio.
2. Update (motion off): a game screen at 160x50 with a full table and a 30-card hand takes
   the messages a table sent seat 0 over whole hands (recorded first, so the
   table's work is not timed), handed over one at a time by the screen's
   channel. Each update is timed from the moment the channel hands it over to
   the moment the last frame it caused is handed to Textual's output thread
   (which writes it to the terminal): "latency" on the wall clock, which
   includes waiting for Textual's next 60 fps refresh, and "work", the CPU
   time of the app's process over the same span. Median, p95 and max, and how
   many updates were timed over how many hands. With --profile, cProfile runs
   over each timed span (and inflates it) and its statistics go to FILE
   (read them with python -m pstats FILE).
"""
import argparse
import asyncio
import compileall
import cProfile
import fcntl
import json
import os
import pty
import re
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from dataclasses import replace

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

MINIMAL = """\
import sys
from textual.app import App
from textual.widgets import Static


class Minimal(App):
    def compose(self):
        yield Static("hello")


if __name__ == "__main__":
    sys.exit(Minimal().run())
"""
ESCAPES = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")
QUIET = 0.05          # an update is over when no frame followed its last one for this long


def in_terminal(argv: list[str], cols: int, rows: int, until: bytes | None = None, timeout: float = 120) -> float:
    """Run ``argv`` on a new pseudo-terminal of cols x rows, reading all it writes. With ``until``:
    the seconds until that text is on the screen (escape sequences left out), then the process is
    ended; without: the seconds until it exits."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env.update(TERM="xterm-256color", UNO_TUI_CONFIG_DIR=os.devnull + "-none",    # no settings, none written
               UNO_TUI_MOTION="off")
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env)   # Textual draws on stderr
    os.close(slave)
    screen = b""
    try:
        while True:
            if time.perf_counter() - start > timeout:
                raise RuntimeError(f"{argv[-1]} timed out")
            ready, _, _ = select.select([master], [], [], 0.01)
            try:
                data = os.read(master, 1 << 16) if ready else b""
            except OSError:                      # the terminal closed: the process is gone
                data = b""
            screen = (screen + data)[-(1 << 16):]        # the last frame or two, for the text on screen
            if until is not None and data and until in ESCAPES.sub(b"", screen):
                return time.perf_counter() - start
            if proc.poll() is not None and not data:
                if until is None and proc.returncode == 0:
                    return time.perf_counter() - start
                tail = ESCAPES.sub(b"", screen)[-800:].decode(errors="replace")
                raise RuntimeError(f"{argv[-1]} exited {proc.returncode}: {tail}")
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        os.close(master)


def start_up(runs: int) -> tuple[list[float], list[float]]:
    """Seconds to the first frame of `uno-tui` and of the minimal app, ``runs`` each, alternated."""
    script = os.path.join(os.path.dirname(sys.executable), "uno-tui")
    if not os.path.exists(script):
        sys.exit(f"no {script}: install the project first (pip install -e .)")
    import uno_tui
    compileall.compile_dir(os.path.dirname(uno_tui.__file__), quiet=1)
    uno, minimal = [], []
    with tempfile.TemporaryDirectory() as tmp:
        minimal_script = os.path.join(tmp, "minimal.py")
        with open(minimal_script, "w") as f:
            f.write(MINIMAL)
        for _ in range(runs):
            minimal.append(in_terminal([sys.executable, minimal_script], 80, 24, until=b"hello"))
            uno.append(in_terminal([script], 80, 24, until=b"Play now"))
    return uno, minimal


# ---------------------------------------------------------------- the update part (runs in the terminal)
async def record(count: int) -> tuple[list[dict], int]:
    """What a table sends seat 0 (a 30-card hand dealt in by the bench) until it has sent ``count``
    updates; seat 0 is played by a stand-in bot and says it is ready after each hand. The first
    message, a snapshot, is the screen's warm-up."""
    from uno_tui.engine import make_rules
    from uno_tui.protocol.limits import MAX_PLAYERS
    from uno_tui.table import LocalChannel, Pacing, Seat, Table

    def thirty_cards(game):
        while len(game.hands[0]) < 30:
            game.hands[0].append(game.draw_pile.pop())

    seats = [Seat("You", "human")] + [Seat(f"Bot {i}", "bot", "normal") for i in range(1, MAX_PLAYERS)]
    table = Table(make_rules("classic"), seats, seed=1, pacing=replace(Pacing.instant(), turn_timeout=0),
                  dealer=MAX_PLAYERS - 1)
    table.start()
    channel = LocalChannel(table, 0)
    thirty_cards(table.game)
    messages, updates, hands, over = [], 0, 1, False
    while updates < count:
        msg = await channel.recv()
        messages.append(msg)
        updates += msg["type"] == "update"
        if msg["type"] == "update" and msg["view"]["over"] and not over and updates < count:
            await channel.send({"type": "ready", "id": hands})      # deals the next hand at once
            thirty_cards(table.game)
            hands += 1
        over = msg["type"] == "update" and msg["view"]["over"]
    channel.close()
    table.close()
    return messages, hands


class Replay:
    """The game screen's channel: hands over the recorded messages when the bench puts them in,
    noting when (wall clock and CPU time); what the screen sends goes nowhere. A link in memory:
    always connected, never lost (the screen asks)."""

    status = "connected"
    give_up_after = None

    def __init__(self):
        self.queue: asyncio.Queue = asyncio.Queue()
        self.arrived = (0.0, 0.0)

    async def recv(self) -> dict:
        msg = await self.queue.get()
        self.arrived = time.perf_counter(), time.process_time()
        return msg

    async def send(self, msg: dict) -> None:
        pass

    def close(self) -> None:
        pass


async def replay(messages: list[dict], profiler: cProfile.Profile | None = None) -> tuple[list[float], list[float], int]:
    """Feed the messages to a game screen one at a time; per update its latency and work in
    seconds, and how many updates brought no frame (they are not timed). ``profiler``: enabled
    over each update, from the message put in to the end of its frames."""
    from uno_tui.ui.app import UnoApp

    class Bench(UnoApp):
        frames: list[tuple[float, float]] = []
        painted = asyncio.Event()

        def post_display_hook(self) -> None:
            """After each frame is handed to the output: when, on both clocks."""
            self.frames.append((time.perf_counter(), time.process_time()))
            self.painted.set()

    channel = Replay()
    app = Bench(autostart=lambda: channel)
    latency, work, frameless = [], [], 0
    async with app.run_test(headless=False, size=None):
        for i, msg in enumerate(messages):
            app.frames.clear()
            app.painted.clear()
            if profiler is not None and i:
                profiler.enable()
            channel.queue.put_nowait(msg)
            try:
                await asyncio.wait_for(app.painted.wait(), 2)
            except TimeoutError:
                frameless += 1
                continue
            while True:                           # a layout may bring more frames: the last one counts
                seen = len(app.frames)
                await asyncio.sleep(QUIET)
                if len(app.frames) == seen:
                    break
            if profiler is not None:
                profiler.disable()
            if i:                                 # the first message is the warm-up snapshot
                (wall, cpu), (wall0, cpu0) = app.frames[-1], channel.arrived
                latency.append(wall - wall0)
                work.append(cpu - cpu0)
    return latency, work, frameless


def update_child(results: str, count: int, profile: str | None) -> None:
    messages, hands = asyncio.run(record(count))
    profiler = cProfile.Profile() if profile else None
    latency, work, frameless = asyncio.run(replay(messages, profiler))
    if profiler is not None:
        profiler.dump_stats(profile)
    with open(results, "w") as f:
        json.dump({"latency": latency, "work": work, "frameless": frameless, "hands": hands}, f)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--updates", type=int, default=200)
    parser.add_argument("--profile", metavar="FILE", help="profile the updates (cProfile statistics to FILE)")
    parser.add_argument("--update-child", metavar="RESULTS", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.update_child:
        update_child(args.update_child, args.updates, args.profile)
        return
    import platform

    import textual

    from uno_tui.protocol.limits import MAX_PLAYERS
    load = os.getloadavg()[0]
    print(f"fairness: {os.cpu_count()} cores, load average {load:.1f} at the start "
          f"(anything above 0 is other programs sharing them); Python {platform.python_version()}, "
          f"Textual {textual.__version__}; both start-ups on the same 80x24 pseudo-terminal, alternated, "
          f"no settings file, bytecode compiled; updates recorded before timing (the table's work is not timed), motion off")
    uno, minimal = start_up(args.runs)
    m_uno, m_min = statistics.median(uno), statistics.median(minimal)
    print(f"start-up to the first frame on an 80x24 terminal (median of {args.runs}): "
          f"`uno-tui` {m_uno * 1000:.0f} ms, minimal Textual app {m_min * 1000:.0f} ms, ratio {m_uno / m_min:.2f}x")
    with tempfile.TemporaryDirectory() as tmp:
        results = os.path.join(tmp, "updates.json")
        profile = ["--profile", os.path.abspath(args.profile)] if args.profile else []
        in_terminal([sys.executable, __file__, "--update-child", results, "--updates", str(args.updates), *profile],
                    160, 50)
        with open(results) as f:
            out = json.load(f)
    print(f"table updates on the game screen, {MAX_PLAYERS} players, 30-card hand, 160x50: {len(out['latency'])} timed "
          f"over {out['hands']} hand(s)" + (f", {out['frameless']} brought no frame" if out["frameless"] else ""))
    print(f"fairness: load average {os.getloadavg()[0]:.1f} at the end")
    if args.profile:
        print(f"profiled: the update times below include cProfile's own cost; statistics in {args.profile}")
    for name, label in (("latency", "message in to its last frame out (wall clock)"),
                        ("work", "CPU time of the app over that span")):
        times = sorted(out[name])
        print(f"  {label:<47} median {statistics.median(times) * 1000:5.1f} ms, "
              f"p95 {times[int(len(times) * 0.95)] * 1000:5.1f} ms, max {times[-1] * 1000:5.1f} ms")


if __name__ == "__main__":
    main()
