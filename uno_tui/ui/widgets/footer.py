"""The keys at the foot of every screen, drawn as Textual's footer draws them, in one widget.

Textual's footer recomposes itself after every bindings refresh (each focus move, and each turn
on the game screen, where keys such as Draw come and go): new widgets, so a re-layout and two
more frames after the one that showed the change. This one redraws its single line in the same
frame, and only when what it shows changed (an update must cost little: bench/ui.py). On a
screen too narrow for its keys in one line (a phone) it takes two or more, each key whole, so
every key is there to click or tap.
"""
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.strip import Strip
from textual.widget import Widget

RULE = "▏"          # the line left of the palette key (Textual's "vkey" border)


class Footer(Widget):
    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"footer--key", "footer--description", "footer--hover", "footer--rule"}
    DEFAULT_CSS = """
    Footer {
        dock: bottom;
        height: auto;
        color: $footer-foreground;
        background: $footer-background;
        .footer--key { color: $footer-key-foreground; background: $footer-key-background; text-style: bold; }
        .footer--description { color: $footer-description-foreground; background: $footer-description-background; }
        .footer--hover { color: $footer-key-foreground; background: $block-hover-background; }
        .footer--rule { color: $foreground 20%; }
    }
    """

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._keys: tuple = ()                      # (key, shown as, description, works), left to right
        self._palette: tuple | None = None          # the command palette's, drawn at the right end
        self._hover: int | None = None              # the key under the mouse (its index; -1: the palette's)
        self._spans: list[tuple[int, int, int, int]] = []    # (line, start, end, index) of each key shown
        self._lines: tuple = ((), [])               # (what they were made for, the lines)

    @property
    def keys(self) -> tuple:
        """What it lists now, left to right: (key, shown as, description, works) each. Public so a
        test can read the keys a screen offers without parsing the line they are drawn in."""
        return self._keys

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen) -> None:
        """The keys the screen offers now, as Textual's footer lists them: those shown, the first
        binding of each action; redrawn only when they changed."""
        active = screen.active_bindings
        first: dict[str, tuple] = {}
        for _, binding, enabled, _ in active.values():
            if binding.show and binding.action not in first:
                first[binding.action] = (binding.key, self.app.get_key_display(binding), binding.description, enabled)
        palette = None
        if self.app.ENABLE_COMMAND_PALETTE and self.app.COMMAND_PALETTE_BINDING in active:
            _, binding, enabled, _ = active[self.app.COMMAND_PALETTE_BINDING]
            palette = (binding.key, self.app.get_key_display(binding), binding.description, enabled)
        keys = tuple(first.values())
        if (keys, palette) != (self._keys, self._palette):
            self._keys, self._palette = keys, palette
            self.refresh(layout=True)

    def _key_segments(self, key: tuple, hover: bool, palette: bool = False) -> list[Segment]:
        """A key as Textual's footer draws it (the palette's with its padding outside the key)."""
        _, shown, description, works = key
        base = self.rich_style + (self.get_component_rich_style("footer--hover") if hover else Style())
        if not works:
            base += Style(dim=True)
        key_style = base + Style(color=self._colour("footer--key"), bold=True)
        description_style = base + Style(color=self._colour("footer--description"))
        if palette:
            return [Segment(shown, key_style), Segment(f" {description}", description_style)]
        return [Segment(f" {shown} ", key_style)] + ([Segment(f"{description} ", description_style)]
                                                      if description else [])

    def _colour(self, component: str):
        return self.get_component_rich_style(component).color

    def _widths(self) -> tuple[list[int], int]:
        """Each key's width on the line, and the palette's (with the rule before it; 0: none)."""
        keys = [len(f" {shown} ") + (len(f"{description} ") if description else 0)
                for _, shown, description, _ in self._keys]
        palette = 0 if self._palette is None else len(RULE) + len(f"{self._palette[1]} {self._palette[2]} ")
        return keys, palette

    def _layout(self, width: int) -> list[list[int]]:
        """The keys' indexes, line by line: as many whole keys a line as fit, the palette's at the
        right end of the last (one line, cut as Textual's, when even one key is wider than the line)."""
        key = (width, self._keys, self._palette)
        if self._lines[0] == key:
            return self._lines[1]
        widths, palette = self._widths()
        lines: list[list[int]] = [[]]
        used = 0
        for index, w in enumerate(widths):
            if lines[-1] and used + w > width:
                lines.append([])
                used = 0
            lines[-1].append(index)
            used += w
        if palette and used + palette > width and lines[-1]:
            lines.append([])
        if any(w > width for w in widths):
            lines = [list(range(len(widths)))]
        self._lines = (key, lines)
        return lines

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self._layout(width))

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        lines = self._layout(width)
        if y >= len(lines):
            return Strip.blank(width)
        self._spans = [span for span in self._spans if span[0] != y]
        segments, x = [], 0
        for index in lines[y]:
            pieces = self._key_segments(self._keys[index], self._hover == index)
            end = x + sum(len(s.text) for s in pieces)
            self._spans.append((y, x, end, index))
            segments += pieces
            x = end
        blank = Style(bgcolor=self.rich_style.bgcolor)
        line = Strip(segments).extend_cell_length(width, blank).crop(0, width)
        if self._palette is None or y != len(lines) - 1:
            return line
        pieces = [Segment(RULE, self.rich_style + Style(color=self._colour("footer--rule"))),
                  *self._key_segments(self._palette, self._hover == -1, palette=True), Segment(" ", blank)]
        size = sum(len(s.text) for s in pieces)
        start = max(0, width - size)
        self._spans = [s for s in self._spans if s[0] != y or s[1] < start] + [(y, start + 1, width, -1)]
        return Strip.join([line.crop(0, start), Strip(pieces).crop(0, width - start)])

    def _key_at(self, x: int, y: int) -> int | None:
        return next((index for line, start, end, index in self._spans if line == y and start <= x < end), None)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._set_hover(self._key_at(event.x, event.y))

    def on_leave(self) -> None:
        self._set_hover(None)

    def _set_hover(self, index: int | None) -> None:
        if index != self._hover:
            self._hover = index
            self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """As a click on one of Textual's footer keys: its key pressed, or a bell if it does nothing now."""
        index = self._key_at(event.x, event.y)
        if index is None:
            return
        key, _, _, works = self._palette if index == -1 else self._keys[index]
        if works:
            self.app.simulate_key(key)
        else:
            self.app.bell()
