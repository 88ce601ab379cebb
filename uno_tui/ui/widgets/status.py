"""The game screen's title bar, and what the game waits for in words (both bound from the game
screen); the title is said shorter and the status wrapped between words when the line is too
short, so nothing is cut."""
from rich.text import Text
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from .log import wrap
from .plates import short


class TitleBar(Widget):
    """The longest of the ``heading``'s forms (longest first: prompts.heading) that fits the bar."""
    heading: reactive[tuple[str, ...]] = reactive(("",))

    def render(self) -> Text:
        return Text(short(self.content_size.width, *self.heading))


class StatusLine(Widget):
    """Shows ``status``: (text, whether it is your decision). It repaints only when the text
    changes, re-lays out only when its height changes, and is cut into lines once per width
    (an update must cost little: bench/ui.py)."""

    status: reactive[tuple[str, bool]] = reactive(("", False))

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._lines: tuple[int, list[Strip]] = (0, [])

    def watch_status(self, old: tuple[str, bool], new: tuple[str, bool]) -> None:
        self.set_class(new[1], "-mine")
        if old[0] != new[0]:
            height = len(self._lines[1])
            self._lines = (0, [])
            self.refresh(layout=len(self._strips(self.size.width or 80)) != height)

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, len(self._strips(width)))

    def _strips(self, width: int) -> list[Strip]:
        if self._lines[0] != width:
            self._lines = (width, wrap(self.app.console, Text(self.status[0]), width))
        return self._lines[1]

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        strips = self._strips(width)
        line = strips[y].crop(0, width) if y < len(strips) else Strip.blank(width)
        return line.apply_style(self.rich_style)
