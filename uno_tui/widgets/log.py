"""The log: every event in words, and the chat, newest at the bottom.

Names and chat are plain Text (never markup), so another player's name cannot style or break
the screen."""
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget


LOG_STYLES = {"play": "", "draw": "cyan", "catch": "bold yellow", "say_uno": "bold red", "challenge": "bold magenta",
              "hand_over": "bold green", "table": "italic", "skip": "dim", "reshuffle": "dim", "shield": "bold blue",
              "reveal": "bold magenta", "chat": "green"}



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

    def __init__(self, max_lines: int = 500, **kwargs):
        super().__init__(**kwargs)
        self.entries: list[Text] = []
        self.max_lines = max_lines
        self.back = 0                       # lines scrolled back from the newest
        self._wrapped: tuple[int, list[Strip]] = (0, [])
        self._style = Style()

    def _add(self, text: Text) -> None:
        self.entries.append(text)
        if len(self.entries) > self.max_lines:
            del self.entries[:-self.max_lines]
            self._wrapped = (0, [])
        elif self._wrapped[0]:
            self._wrapped[1].extend(wrap(self.app.console, text, self._wrapped[0]))
        self.refresh()

    def add_lines(self, lines: list[dict], me: int | None) -> None:
        for line in lines:
            text = Text(line["text"], style=LOG_STYLES.get(line["kind"], ""))
            if line.get("seat") is not None and line["seat"] == me:
                text.stylize("bold")
            self._add(text)

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
