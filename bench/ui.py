"""UI speed: start-up to the first interactive frame, and applying one table update.

    python bench/ui.py [--runs N] [--updates N]

1. Start-up: a fresh process runs `uno-tui` (the start screen) until its first
   frame is on the screen and it is ready for keys, against a minimal Textual
   app that shows one Static, in the same run; median of N each, and the ratio.
2. Update: a game screen with 10 players and a 30-card hand takes in table
   updates (a bot's play each, with its log line); the time to apply one:
   our handler (model and widgets) plus the frame Textual paints for it
   (layout if needed, render, write out), timed inside the screen's frame
   callback; Textual's wait for its next 60 fps tick is not counted.
   Median and p95.
"""
import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

STARTER = r"""
import sys, time, os
from textual import events
kind = sys.argv[1]
if kind == "uno":
    from uno_tui.app import UnoApp as Base
else:
    from textual.app import App as Base
    from textual.widgets import Static
class Bench(Base):
    if kind != "uno":
        def compose(self):
            yield Static("hello")
    def on_ready(self, event: events.Ready) -> None:
        self.call_after_refresh(self._done)
    def _done(self):
        print("READY", flush=True)
        self.exit()
Bench().run(headless=True)
"""


def start_time(kind: str) -> float:
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", STARTER, kind], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "UNO_TUI_CONFIG_DIR": os.devnull + "-none"})
    elapsed = time.perf_counter() - start
    if "READY" not in out.stdout:
        raise RuntimeError(f"{kind} did not start: {out.stderr[-500:]}")
    return elapsed


class _Quiet:
    """A channel that never delivers: the bench hands the screen its messages itself."""

    async def recv(self):
        await asyncio.Event().wait()

    async def send(self, msg):
        pass


async def update_times(count: int) -> list[float]:
    from uno_tui.app import UnoApp
    from uno_tui.engine import Action, make_rules
    from uno_tui.messages import TableMessage
    from uno_tui.screens.game import GameScreen
    from uno_tui.table import LocalChannel, Pacing, Seat, Table

    seats = [Seat("You", "human")] + [Seat(f"Bot {i}", "bot", "normal") for i in range(1, 10)]
    table = Table(make_rules("classic"), seats, seed=1, pacing=Pacing(bot_delay=10_000), dealer=9)
    app = UnoApp(autostart=_Quiet)
    times = []
    async with app.run_test(size=(160, 50)) as pilot:
        table.start()
        game = table.game
        while len(game.hands[0]) < 30:          # a 30-card hand
            game.hands[0].append(game.draw_pile.pop())
        channel = LocalChannel(table, 0)
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        paints: list[float] = []

        def timed(step):
            """Time the screen's frame work: layout (if needed) and the render written out."""
            def run(*args, **kwargs):
                t = time.perf_counter()
                result = step(*args, **kwargs)
                paints.append(time.perf_counter() - t)
                return result
            return run

        screen._refresh_layout = timed(screen._refresh_layout)
        screen._compositor_refresh = timed(screen._compositor_refresh)
        while not channel.queue.empty():
            screen.on_table_message(TableMessage(channel.queue.get_nowait()))
        for _ in range(count):
            # the player to move (a bot, or you drawing) moves; the table sends seat 0 its update
            seat = game.decider
            action = seats[seat].bot.decide(table._view(seat)) if seat else None
            table._act(seat, game.legal_actions(seat)[-1] if action is None else Action.from_dict(action))
            msgs = []
            while not channel.queue.empty():
                msgs.append(channel.queue.get_nowait())
            for msg in msgs:
                await pilot.pause()              # settle first
                paints.clear()
                t = time.perf_counter()
                screen.on_table_message(TableMessage(msg))
                handled = time.perf_counter() - t
                for _ in range(200):             # the screen paints on its next frame tick
                    if paints:
                        break
                    await asyncio.sleep(0.001)
                await pilot.pause()              # a layout may bring a second paint: count it too
                times.append(handled + sum(paints))
            if game.over:
                break
    table.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--updates", type=int, default=200)
    args = parser.parse_args()
    uno, minimal = [], []
    for _ in range(args.runs):
        minimal.append(start_time("minimal"))
        uno.append(start_time("uno"))
    m_uno, m_min = statistics.median(uno), statistics.median(minimal)
    print(f"start-up to first interactive frame (median of {args.runs}): uno-tui {m_uno * 1000:.0f} ms, "
          f"minimal Textual app {m_min * 1000:.0f} ms, ratio {m_uno / m_min:.2f}x")
    times = sorted(asyncio.run(update_times(args.updates)))
    median, p95 = statistics.median(times), times[int(len(times) * 0.95)]
    print(f"table update on the game screen, 10 players, 30-card hand, 160x50 "
          f"({args.updates} updates): median {median * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms")


if __name__ == "__main__":
    main()
