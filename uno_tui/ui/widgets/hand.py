"""Your hand: cards as large as the window allows, overlapped (each still showing its corner:
colour letter and rank) when they do not fit side by side; cards you can play marked, the others
dimmed; a cursor; click or Enter to choose. In a hand narrower than SCROLL_BELOW (a phone, a
narrow terminal) the cards stay in one row that scrolls sideways: ◀ and ▶ at its ends say more
cards are that way, and a click (a tap) on one shows them; the cursor keeps its card in view."""
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from .canvas import Canvas
from .cardart import face

#: card (width, height) by the least screen height they are used from, largest first
TILES = ((46, (9, 6)), (34, (7, 5)), (0, (6, 3)))
STEP = 4              # the least of a card that shows when overlapped: " R+2"
MAX_ROWS = 2          # rows of full-height cards; past that they shrink to two lines
SCROLL_BELOW = 56     # a hand narrower than this is one row that scrolls sideways
EDGE = 2              # columns at each end of a scrolling row for its arrow (a tap target)


@dataclass(frozen=True)
class Spot:
    index: int
    x: int
    y: int
    width: int          # the columns of it that show (all of it, if nothing lies over it)


def arrange(count: int, width: int, tile: tuple[int, int]) -> tuple[tuple[int, int], list[Spot]]:
    """Where each of ``count`` cards goes in ``width`` columns: one row while it fits (overlapped
    down to STEP columns a card), else rows of as many as fit; cards of two lines past MAX_ROWS."""
    w, h = tile
    per_row = max(1, 1 + (width - w) // STEP)
    rows = -(-count // per_row)
    if rows > MAX_ROWS:
        h = 2
    per_row = -(-count // rows)
    spots = []
    for r in range(rows):
        cards = range(r * per_row, min(count, (r + 1) * per_row))
        step = w + 1 if len(cards) < 2 else min(w + 1, (width - w) // (len(cards) - 1))
        for j, i in enumerate(cards):
            last = j == len(cards) - 1
            spots.append(Spot(i, j * step, r * (h + 1), w if last else min(w, step)))
    return (w, h), spots


def window(count: int, width: int, tile: tuple[int, int], cursor: int, first: int) -> tuple[int, int]:
    """A scrolling row: (the first card shown, how many show), from ``first`` moved as little as
    keeps the cursor's card in view; all of them if they fit."""
    fits = 1 + (width - tile[0]) // STEP
    if count <= fits:
        return 0, count
    shown = max(1, 1 + (width - 2 * EDGE - tile[0]) // STEP)
    first = min(max(first, cursor - shown + 1, 0), cursor, count - shown)
    return first, shown


class HandView(Widget, can_focus=True):
    """Renders the hand as one picture, so a 30-card hand costs one render."""

    COMPONENT_CLASSES = {"hand--cursor", "hand--playable"}
    BINDINGS = [
        Binding("left", "move(-1)", "Left", show=False),
        Binding("right", "move(1)", "Right", show=False),
        Binding("home", "jump(0)", show=False),
        Binding("end", "jump(-1)", show=False),
        Binding("tab", "next_playable(1)", "Next playable", show=False, priority=True),
        Binding("shift+tab", "next_playable(-1)", show=False, priority=True),
        Binding("enter,space", "choose", "Play card"),
    ]

    cursor = reactive(0)
    #: (the cards, the ones you can play now), bound from the game screen
    hand: reactive[tuple[tuple[str, ...], frozenset]] = reactive(((), frozenset()))

    @dataclass
    class Chosen(Message):
        code: str

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._spots: list[Spot] = []
        self._tile = (0, 0)
        self._first = 0                              # a scrolling row: the first card shown
        self._shown = 0                              # and how many
        self._painted: tuple = ()                    # what the strips show (repainted when it changes)
        self._strips: list[Strip] = []

    @property
    def cards(self) -> tuple[str, ...]:
        return self.hand[0]

    @property
    def playable(self) -> frozenset:
        return self.hand[1]

    def watch_hand(self, old, new) -> None:
        if bool(old[1]) != bool(new[1]):
            self.refresh_bindings()                  # "Play card" is offered only with a card to play
        self.cursor = min(self.cursor, max(0, len(new[0]) - 1))
        width = self.size.width or 80
        self.refresh(layout=self._height(len(old[0]), width) != self._height(len(new[0]), width))

    def tile(self) -> tuple[int, int]:
        height = self.screen.size.height
        return next(tile for least, tile in TILES if height >= least)

    def _height(self, count: int, width: int) -> int:
        if not count:
            return 1
        if width < SCROLL_BELOW:
            return self.tile()[1] + 1
        (_, h), spots = arrange(count, width, self.tile())
        return spots[-1].y + h + 1

    def _arrange(self, width: int) -> None:
        """Where the cards go now (``_tile``, ``_spots``; a scrolling row: ``_first``, ``_shown``)."""
        count, tile = len(self.cards), self.tile()
        if width >= SCROLL_BELOW:
            self._first, self._shown = 0, count
            self._tile, self._spots = arrange(count, width, tile)
            return
        self._first, self._shown = window(count, width, tile, self.cursor, self._first)
        inset = EDGE if self._shown < count else 0
        self._tile, spots = arrange(self._shown, width - 2 * inset, tile)
        self._spots = [Spot(self._first + s.index, s.x + inset, s.y, s.width) for s in spots]

    def get_content_height(self, container, viewport, width: int) -> int:
        return self._height(len(self.cards), width)

    def render_line(self, y: int) -> Strip:
        key = (self.size.width, self.hand, self.cursor, self.has_focus, self.app.theme, self.screen.size.height)
        if key != self._painted:
            self._painted = key
            self._paint()
        return self._strips[y] if y < len(self._strips) else Strip.blank(self.size.width)

    def _paint(self) -> None:
        width = self.size.width
        if not self.cards:
            canvas = Canvas(width, 1, self.rich_style)
            canvas.text(0, 0, Text("(no cards)", style="dim"))
            self._strips = canvas.strips()
            return
        self._arrange(width)
        w, h = self._tile
        base = self.rich_style                     # (worked out from the DOM at every read)
        canvas = Canvas(width, self._spots[-1].y + h + 1, base)     # _height(), arranged once
        dim_unplayable, dark = bool(self.playable), self.app.current_theme.dark
        cursor = self.get_component_rich_style("hand--cursor")
        playable = self.get_component_rich_style("hand--playable")
        for spot in self._spots:
            code = self.cards[spot.index]
            legal = code in self.playable
            canvas.block(spot.x, spot.y, face(code, w, h, dim_unplayable and not legal, dark))
            canvas.put(spot.x, spot.y + h, " " * w, base)
            if spot.index == self.cursor and self.has_focus:
                canvas.put(spot.x, spot.y + h, "▲" * spot.width, cursor)
            elif legal:
                canvas.put(spot.x, spot.y + h, "•" * (spot.width - (spot.width > 1)), playable + Style(bold=True))
        self._arrows(canvas, width, h)
        self._strips = canvas.strips()

    def _arrows(self, canvas: Canvas, width: int, h: int) -> None:
        """A scrolling row's ends: how many cards are out of view each way (a playable one among
        them marked), the column an arrow a tap shows them with."""
        left, right = self._first, len(self.cards) - self._first - self._shown
        if not left and not right:
            return
        playable = self.get_component_rich_style("hand--playable") + Style(bold=True)
        for count, x, arrow, hidden in ((left, 0, "◀", self.cards[:left]),
                                        (right, width - EDGE, "▶", self.cards[len(self.cards) - right:])):
            if count:
                style = playable if any(code in self.playable for code in hidden) else Style(bold=True)
                for y in range(h):
                    canvas.put(x, y, arrow if y != h // 2 else f"{count}"[:EDGE], style)

    def _index_at(self, x: int, y: int) -> int | None:
        h = self._tile[1]
        for spot in reversed(self._spots):           # the card on top first
            if spot.y <= y <= spot.y + h and spot.x <= x < spot.x + spot.width:
                return spot.index
        return None

    def on_click(self, event) -> None:
        if self._shown < len(self.cards) and (event.x < EDGE or event.x >= self.size.width - EDGE):
            self.scroll_row(-1 if event.x < EDGE else 1)
            return
        index = self._index_at(event.x, event.y)
        if index is not None:
            self.cursor = index
            self.focus()
            self.post_message(self.Chosen(self.cards[index]))

    def scroll_row(self, way: int) -> None:
        """A scrolling row shows the cards further that way (the cursor comes along)."""
        step = max(1, self._shown - 1)
        self._first = max(0, min(len(self.cards) - self._shown, self._first + way * step))
        self.cursor = self._first if way < 0 else min(len(self.cards) - 1, self._first + self._shown - 1)
        self._painted = ()
        self.refresh()

    def watch_cursor(self) -> None:
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_move(self, step: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)

    def action_jump(self, index: int) -> None:
        if self.cards:
            self.cursor = index % len(self.cards)

    def action_next_playable(self, step: int) -> None:
        """Jump to the next card that can be played now."""
        n = len(self.cards)
        for k in range(1, n + 1):
            i = (self.cursor + step * k) % n
            if self.cards[i] in self.playable:
                self.cursor = i
                return

    def check_action(self, action: str, parameters) -> bool | None:
        return bool(self.playable) if action == "choose" else True

    def action_choose(self) -> None:
        if self.cards:
            self.post_message(self.Chosen(self.cards[self.cursor]))
