"""The log: every event in words, and the chat, newest at the bottom.

Names and chat are plain Text (never markup), so another player's name cannot style or break
the screen."""
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from uno_tui.client.model import SCROLLBACK


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

    def add_lines(self, lines: list[dict], me: int | None) -> None:
        width, strips = self._wrapped
        before = len(strips)
        for line in lines:
            text = Text((CHAT_MARK if line["kind"] == "chat" else "") + line["text"],
                        style=LOG_STYLES.get(line["kind"], ""))
            if line.get("seat") is not None and line["seat"] == me:
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
        if not width:                        # not drawn yet (or to be wrapped again): all of it
            self.refresh()
        elif new:
            self._show_new(new)

    def _show_new(self, rows: int) -> None:
        """``rows`` rows came in at the bottom: only they are drawn. Above them nothing moves while
        the log is not full; when it is, the rows Textual drew already move up in its line cache
        (drawing each row again was most of what a table update cost: bench/ui.py)."""
        width, height = self.size
        total = len(self._wrapped[1])
        if self._wrapped[0] != width or height <= rows or total - rows < height < total:
            self.refresh()
        elif total <= height:
            self.refresh(Region(0, total - rows, width, rows))
        else:
            self._scroll_up(rows)

    def _scroll_up(self, rows: int) -> None:
        """The full log moves up ``rows`` rows: each row takes what Textual drew for the row that many
        below (through its line cache: there is no public way), and only the new rows are drawn."""
        width, height = self.size
        cache, top = self._styles_cache, self.content_offset.y      # (Textual's, by the widget's line)
        for y in range(top, top + height - rows):
            if y + rows in cache._cache and y + rows not in cache._dirty_lines:
                cache._cache[y] = cache._cache[y + rows]
            else:
                cache._cache.pop(y, None)
        self.refresh(Region(0, height - rows, width, rows))
        self._repaint_regions.add(Region(0, 0, width, height - rows).translate(self.content_offset))

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

    def render_lines(self, crop: Region) -> list[Strip]:
        """Textual asks for all of a frame's lines at once: the widget's style is looked up once
        for them (looked up for each line, it cost more than the line)."""
        self._style = self.rich_style
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        width, height = self.size
        strips = self._strips(width)
        self.back = max(0, min(self.back, len(strips) - height))
        index = len(strips) - height - self.back + y
        if len(strips) < height:
            index = y
        line = strips[index].crop(0, width) if 0 <= index < len(strips) else Strip.blank(width)
        return line.apply_style(self._style)

    def action_scroll_log(self, step: int) -> None:
        self.back = 0 if step == 0 else self.back + step * max(1, self.size.height - 1)
        self.refresh()

    def on_mouse_scroll_up(self, event) -> None:
        self.back += 3
        self.refresh()

    def on_mouse_scroll_down(self, event) -> None:
        self.back = max(0, self.back - 3)
        self.refresh()
