"""The log: every event in words, and the chat, newest at the bottom.

Names and chat are plain Text (never markup), so another player's name cannot style or break
the screen."""
from itertools import groupby

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from uno_tui.client.model import SCROLLBACK
from uno_tui.protocol.views import LogLine


LOG_STYLES = {"play": "", "draw": "cyan", "catch": "bold yellow", "say_uno": "bold red", "challenge": "bold magenta",
              "hand_over": "bold green", "table": "italic", "skip": "dim", "reshuffle": "dim", "shield": "bold blue",
              "reveal": "bold magenta", "chat": "bold green"}
#: what a chat line begins with in the log, so it stands apart from the game's events
CHAT_MARK = "» "



def wrap(console, text: Text, width: int) -> list[Strip]:
    """``text`` cut into lines of ``width`` cells between words (the log, the status line)."""
    options = console.options.update_width(max(1, width))
    return [Strip(line) for line in console.render_lines(text, options, pad=False)]

class LogView(Widget, can_focus=True):
    """Every event in words, colour-coded (your own lines in bold), newest at the bottom.

    Scroll with the wheel or PageUp/PageDown when focused. It draws only its
    visible lines and never changes its own size, so a new line repaints the
    log alone (a RichLog would re-lay out the whole screen for every line).
    """

    BINDINGS = [Binding("pageup,up", "scroll_log(1)", show=False), Binding("pagedown,down", "scroll_log(-1)", show=False),
                Binding("end", "scroll_log(0)", show=False)]

    def __init__(self, max_lines: int = SCROLLBACK, **kwargs):
        super().__init__(**kwargs)
        self.entries: list[Text] = []
        self.max_lines = max_lines
        self.back = 0                       # lines scrolled back from the newest
        self._wrapped: tuple[int, list[Strip]] = (0, [])
        self._style = Style()
        self._look: tuple = ()
        self._view: list[Strip | None] = []     # the lines on the rows of the frame being drawn
        self._drawn: dict[int, tuple[Strip, Strip]] = {}    # id of a wrapped line: it, and its row drawn

    def add_lines(self, lines: list[LogLine], me: int | None) -> None:
        width, strips = self._wrapped
        before = len(strips)
        for line in lines:
            text = Text((CHAT_MARK if line.kind == "chat" else "") + line.text, style=LOG_STYLES.get(line.kind, ""))
            if line.seat is not None and line.seat == me:
                text.stylize("bold")
            self.entries.append(text)
            if width:
                strips += wrap(self.app.console, text, width)
        new = len(strips) - before
        old = len(self.entries) - self.max_lines
        if old > 0:                          # the oldest go (their rows too: above the view)
            if width:
                del strips[:sum(len(wrap(self.app.console, text, width)) for text in self.entries[:old])]
            del self.entries[:old]
        if width and new and old <= 0 and self._only_new(new):
            self.refresh(Region(0, len(strips) - new, width, new))
        elif not width or new:               # not drawn yet, or every row moved up: all of it
            self.refresh()

    def _only_new(self, rows: int) -> bool:
        """Whether the ``rows`` rows that came in at the bottom are all that changed: while the log
        is not full, nothing above them moves (once it is full, every row moves up: render_lines)."""
        width, height = self.size
        return self._wrapped[0] == width and rows < height and len(self._wrapped[1]) <= height

    def clear(self) -> None:
        self.entries, self.back = [], 0
        self._wrapped = (0, [])
        self.refresh()

    def _strips(self, width: int) -> list[Strip]:
        """Every entry wrapped to this width (wrapped again only when the width changes)."""
        if self._wrapped[0] != width:
            strips = []
            for text in self.entries:
                strips += wrap(self.app.console, text, width)
            self._wrapped = (width, strips)
        return self._wrapped[1]

    def _rows(self) -> list[Strip | None]:
        """The wrapped line on each row of the view (None below the last), ``back`` kept in range."""
        width, height = self.size
        strips = self._strips(width)
        self.back = max(0, min(self.back, len(strips) - height))
        first = max(0, len(strips) - height - self.back)
        return (strips[first:first + height] + [None] * height)[:height]

    def notify_style_update(self) -> None:
        """The widget's styles changed (a theme, a class): no row drawn before is kept."""
        super().notify_style_update()
        self._drawn = {}

    def render_lines(self, crop: Region) -> list[Strip]:
        """The rows as Textual draws them (border and background added). A row whose line was on
        the last frame, with the same look, is that frame's row again, so when the full log moves
        up only its new rows are drawn (drawing every row again was most of what a table update
        cost: bench/ui.py). The widget's style is looked up once for all the rows (looked up for
        each line, it cost more than the line)."""
        self._style, self._view = self.rich_style, self._rows()
        if crop != self.outer_size.region:        # partly hidden: only what shows, all drawn
            self._drawn = {}
            return super().render_lines(crop)
        look = (crop, self._style, self.background_colors, self.opacity, tuple(self.get_line_filters()),
                self.app.ansi_theme)
        if look != self._look:
            self._look, self._drawn = look, {}
        top = self.content_offset.y
        lines: list[Strip | None] = [None] * crop.height
        for y, line in enumerate(self._view, top):
            kept = self._drawn.get(id(line))
            if kept is not None and kept[0] is line:
                lines[y] = kept[1]
        y = 0
        for missing, count in [(missing, len(list(run))) for missing, run in groupby(lines, lambda s: s is None)]:
            if missing:
                lines[y:y + count] = super().render_lines(Region(0, y, crop.width, count))
            y += count
        self._drawn = {id(line): (line, lines[y]) for y, line in enumerate(self._view, top) if line is not None}
        return lines

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        line = self._view[y]
        return (Strip.blank(width) if line is None else line.crop(0, width)).apply_style(self._style)

    def action_scroll_log(self, step: int) -> None:
        self.back = 0 if step == 0 else self.back + step * max(1, self.size.height - 1)
        self.refresh()

    def on_mouse_scroll_up(self, event) -> None:
        self.back += 3
        self.refresh()

    def on_mouse_scroll_down(self, event) -> None:
        self.back = max(0, self.back - 3)
        self.refresh()
