"""The log draws only its new rows: when it is full, the rows drawn already are kept and move up
(widgets/log.py). What reaches the terminal must be what drawing every row shows."""
import pyte
from textual.app import App

from uno_tui.protocol.views import LogLine
from uno_tui.ui.widgets.log import LogView


class Terminal(App):
    """The log in an app whose every frame is written to a terminal emulator, as a terminal
    would receive it (partial frames included)."""

    CSS = "LogView { width: 30; border: round $secondary; background: $surface; }"

    def __init__(self):
        super().__init__()
        self.screen_seen = pyte.Screen(40, 12)
        self.stream = pyte.Stream(self.screen_seen)

    def compose(self):
        yield LogView()

    def _display(self, screen, renderable) -> None:
        if renderable is not None and hasattr(renderable, "render_segments"):
            self.stream.feed(renderable.render_segments(self.console))
        super()._display(screen, renderable)

    def seen(self) -> list:
        """Every cell: its character and colours."""
        buffer = self.screen_seen.buffer
        return [[(c.data, c.fg, c.bg, c.bold) for c in (buffer[y][x] for x in range(40))] for y in range(12)]


def redraw(log: LogView) -> None:
    """Every row drawn again: none kept from the frames before (as when the styles change)."""
    log.notify_style_update()
    log.refresh()


LINES = [LogLine(text=f"Bot {i % 9} plays Blue {i % 10}" + (", and says UNO twice over" if i % 3 == 0 else "."),
                 kind="say_uno" if i % 4 == 0 else "play", seat=i % 3) for i in range(60)]


async def test_new_rows_on_screen_are_what_drawing_every_row_shows():
    app = Terminal()
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one(LogView)
        log.max_lines = 25                      # the oldest lines go too, on the way
        start = 0
        for batch in (2, 5, 1, 1, 3, 1, 7, 1, 2, 9, 1, 4):     # filling it, then full, one and many at a time
            log.add_lines(LINES[start:start + batch], me=1)
            log.add_lines(LINES[start + batch:start + batch + 1], me=1)     # two in one frame
            start += batch + 1
            await pilot.pause()
            partial = app.seen()
            redraw(log)
            await pilot.pause()
            assert partial == app.seen(), f"after {start} lines"
        log.action_scroll_log(1)                # scrolled back, lines still coming
        await pilot.pause()
        log.add_lines(LINES[:3], me=1)
        await pilot.pause()
        partial = app.seen()
        redraw(log)
        await pilot.pause()
        assert partial == app.seen()
