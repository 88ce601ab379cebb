"""The log draws only its new rows: while it has room only they reach the terminal, and when it is
full the rows drawn already are kept and move up (widgets/log.py). What reaches the terminal must
be what drawing every row shows. The app runs on a driver of the test's own (Textual's public
Driver) that feeds its frames to a terminal emulator."""
import pyte
from textual import events
from textual.app import App
from textual.driver import Driver
from textual.geometry import Size

from uno_tui.protocol.views import LogLine
from uno_tui.ui.widgets.log import LogView

SIZE = Size(40, 12)
LAST_ROW = SIZE.height - 2                 # the log's last row of lines, above its border


class Terminal(Driver):
    """A terminal that is an emulator (pyte): the app writes its frames here as it would to a real
    one, partial updates included (run_test's headless driver writes nothing)."""

    def __init__(self, app: "Logged", **options):
        super().__init__(app, **options)
        self.stream = pyte.Stream(app.screen_seen)

    def write(self, data: str) -> None:
        self.stream.feed(data)

    def start_application_mode(self) -> None:
        self.send_message(events.Resize(SIZE, SIZE))

    def disable_input(self) -> None:
        """No keyboard: the test drives the app through its Pilot."""

    def stop_application_mode(self) -> None:
        """Nothing to restore."""


class Logged(App):
    """The log alone, on a Terminal."""

    CSS = "LogView { width: 30; border: round $secondary; background: $surface; }"

    def __init__(self):
        super().__init__(driver_class=Terminal)
        self.screen_seen = pyte.Screen(*SIZE)

    def compose(self):
        yield LogView()

    def seen(self) -> list:
        """Every cell: its character and colours."""
        buffer = self.screen_seen.buffer
        return [[(c.data, c.fg, c.bg, c.bold) for c in (buffer[y][x] for x in range(SIZE.width))]
                for y in range(SIZE.height)]


def redraw(log: LogView) -> None:
    """Every row drawn again: none kept from the frames before (as when the styles change)."""
    log.notify_style_update()
    log.refresh()


LINES = [LogLine(text=f"Bot {i % 9} plays Blue {i % 10}" + (", and says UNO twice over" if i % 3 == 0 else "."),
                 kind="say_uno" if i % 4 == 0 else "play", seat=i % 3) for i in range(60)]


def written_from_here(app: Logged) -> list:
    """The screen as it is, and from now on a note of the rows written to it."""
    app.screen_seen.dirty.clear()
    return app.seen()


async def same_as_every_row_drawn(pilot, before: list, after: str) -> None:
    """What the terminal shows is what it shows once every row of the log is drawn again, and
    while the log has room (its last row empty), the rows written to it since ``before`` are
    only those that changed (the new ones)."""
    await pilot.pause()
    app = pilot.app
    partial = app.seen()
    if not app.screen_seen.display[LAST_ROW].strip(" │"):
        assert app.screen_seen.dirty == {y for y, (was, now) in enumerate(zip(before, partial)) if was != now}, after
    redraw(app.query_one(LogView))
    await pilot.pause()
    assert partial == app.seen(), after


async def fill_and_scroll(pilot) -> None:
    app, log = pilot.app, pilot.app.query_one(LogView)
    log.max_lines = 25                      # the oldest lines go too, on the way
    start = 0
    await pilot.pause()                     # its first frame, empty
    for batch in (0, 1, 2, 5, 1, 1, 3, 1, 7, 1, 2, 9, 1, 4):  # filling it, then full, one and many at a time
        before = written_from_here(app)
        log.add_lines(LINES[start:start + batch], me=1)
        log.add_lines(LINES[start + batch:start + batch + 1], me=1)     # two in one frame
        start += batch + 1
        await same_as_every_row_drawn(pilot, before, f"after {start} lines")
        assert LINES[start - 1].text[:18] in "\n".join(app.screen_seen.display)
    log.action_scroll_log(1)                # scrolled back, lines still coming
    await pilot.pause()
    before = written_from_here(app)
    log.add_lines(LINES[:3], me=1)
    await same_as_every_row_drawn(pilot, before, "scrolled back")
    app.exit()


async def test_new_rows_on_screen_are_what_drawing_every_row_shows():
    await Logged().run_async(size=tuple(SIZE), auto_pilot=fill_and_scroll)
