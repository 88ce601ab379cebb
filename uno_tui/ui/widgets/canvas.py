"""A grid of cells to draw a picture on (text at any place, later writes on top), turned into
Textual strips. Anything written past an edge is cut off there: nothing wraps."""
from itertools import groupby
from operator import itemgetter

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip

BLANK = Style()


def as_style(style: Style | str) -> Style:
    return Style.parse(style) if isinstance(style, str) else style


_LAYERED: dict[tuple[Style, Style], Style] = {}


def layered(below: Style, above: Style) -> Style:
    """``above`` over ``below`` (what Style's + does, remembered: a picture layers the same few
    styles thousands of times)."""
    key = (below, above)
    style = _LAYERED.get(key)
    if style is None:
        if len(_LAYERED) > 4096:
            _LAYERED.clear()
        style = _LAYERED[key] = below + above
    return style


class Canvas:
    def __init__(self, width: int, height: int, base: Style = BLANK):
        self.width, self.height = width, height
        self.chars = [[" "] * width for _ in range(height)]
        self.styles = [[base] * width for _ in range(height)]

    def copy(self) -> "Canvas":
        canvas = Canvas.__new__(Canvas)
        canvas.width, canvas.height = self.width, self.height
        canvas.chars, canvas.styles = [list(row) for row in self.chars], [list(row) for row in self.styles]
        return canvas

    def put(self, x: int, y: int, text: str, style: Style = BLANK) -> None:
        """``text`` from column ``x`` of row ``y``, its style over the cell's (a style with no
        background keeps the one below); a wide character takes two cells, a combining mark none
        (it joins the character before it: a name may hold one)."""
        if not 0 <= y < self.height:
            return
        chars, styles = self.chars[y], self.styles[y]
        if cell_len(text) == len(text):                  # one cell a character: in one go
            left, right = max(0, x), min(self.width, x + len(text))
            if left < right:
                chars[left:right] = text[left - x:right - x]
                styles[left:right] = [layered(below, style) for below in styles[left:right]]
            return
        for ch in text:
            w = cell_len(ch)
            if w == 0:                                   # a combining mark joins the cell before it
                if 0 < x <= self.width:
                    chars[x - 1] += ch
                continue
            if x + w > self.width:
                return
            if x >= 0:
                chars[x], styles[x] = ch, layered(styles[x], style)
                if w == 2:
                    chars[x + 1], styles[x + 1] = "", styles[x]
            x += w

    def text(self, x: int, y: int, text: Text) -> None:
        """A one-line rich Text, its spans' styles kept."""
        plain = text.plain
        if not text.spans:                               # one style (most lines): in one go
            self.put(x, y, plain, as_style(text.style))
            return
        styles = [as_style(text.style)] * len(plain)
        for span in text.spans:
            for i in range(span.start, min(span.end, len(plain))):
                styles[i] = layered(styles[i], as_style(span.style))
        for style, run in groupby(zip(plain, styles), key=itemgetter(1)):
            chunk = "".join(ch for ch, _ in run)
            self.put(x, y, chunk, style)
            x += cell_len(chunk)

    def block(self, x: int, y: int, lines: list[Text]) -> None:
        for i, line in enumerate(lines):
            self.text(x, y + i, line)

    def fill(self, x: int, y: int, width: int, height: int, style: Style) -> None:
        left, right = max(0, x), min(self.width, x + width)
        for row in range(max(0, y), min(self.height, y + height)):
            styles = self.styles[row]
            styles[left:right] = [layered(below, style) for below in styles[left:right]]

    def cut(self, x: int, y: int, width: int, height: int) -> list[tuple[int, int, list[str], list[Style]]]:
        """A copy of a rectangle of the picture (the part within the edges), for paste()."""
        left, right = max(0, x), min(self.width, x + width)
        return [(row, left, self.chars[row][left:right], self.styles[row][left:right])
                for row in range(max(0, y), min(self.height, y + height))]

    def paste(self, piece: list[tuple[int, int, list[str], list[Style]]]) -> None:
        """Put back what cut() copied, where it was."""
        for row, left, chars, styles in piece:
            self.chars[row][left:left + len(chars)] = chars
            self.styles[row][left:left + len(styles)] = styles

    def strips(self, before: "tuple[Canvas, list[Strip]] | None" = None) -> list[Strip]:
        """The picture as strips. ``before``: an earlier picture of the same width and its strips:
        a row that did not change gets the same strip object back (cheaper than a new one, and
        tells the caller which rows to redraw)."""
        old, old_strips = before if before is not None and before[0].width == self.width else (None, [])
        out = []
        for y, (chars, styles) in enumerate(zip(self.chars, self.styles)):
            if y < len(old_strips) and chars == old.chars[y] and styles == old.styles[y]:
                out.append(old_strips[y])
                continue
            segments = [Segment("".join(chars[i] for i in run), st)
                        for st, run in groupby(range(self.width), key=styles.__getitem__)]
            out.append(Strip(segments, self.width))
        return out
