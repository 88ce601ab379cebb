"""Your hand: card tiles that wrap, legal cards marked, a cursor; click or Enter to choose."""
from dataclasses import dataclass

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from .cardart import TILE_W, TOKEN_W, tile_lines, token

GAP = 1
TALL_ROWS = 2         # rows of tall tiles before the hand switches to one-line tokens


class HandView(Widget, can_focus=True):
    """Renders the hand as one block of text, so a 30-card hand costs one render."""

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

    @dataclass
    class Chosen(Message):
        code: str

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.cards: list[str] = []
        self.playable: set[str] = set()
        self._boxes: list[tuple[int, int, int, int]] = []    # (top row, height, left, right) per card

    def set_hand(self, cards: list[str], playable: set[str]) -> None:
        if cards == self.cards and playable == self.playable:
            return
        resize = self.get_content_height(None, None, self.content_size.width or 80) != \
            self._height_for(cards, self.content_size.width or 80)
        offered = bool(self.playable)
        self.cards, self.playable = cards, playable
        if offered != bool(playable):
            self.refresh_bindings()                  # "Play card" is offered only with a card to play
        self.cursor = min(self.cursor, max(0, len(cards) - 1))
        self.refresh(layout=resize)

    def _height_for(self, cards: list[str], width: int) -> int:
        current, self.cards = self.cards, cards
        try:
            return self.get_content_height(None, None, width)
        finally:
            self.cards = current

    def _layout(self, width: int) -> tuple[bool, int, int]:
        """Tall tiles while the hand fits in two rows of them, else one-line tokens.

        Returns (tall, cards per row, lines per row of cards)."""
        for tall, cell in ((True, TILE_W), (False, TOKEN_W)):
            per_row = max(1, (width + GAP) // (cell + GAP))
            rows = -(-len(self.cards) // per_row)
            if not tall or rows <= TALL_ROWS:
                return tall, per_row, 4 if tall else 2

    def get_content_height(self, container, viewport, width: int) -> int:
        if not self.cards:
            return 1
        _, per_row, cell_h = self._layout(width)
        return -(-len(self.cards) // per_row) * cell_h

    def render(self) -> Text:
        if not self.cards:
            return Text("(no cards)", style="dim")
        tall, per_row, cell_h = self._layout(self.content_size.width or 80)
        out = Text()
        self._boxes = []
        dim_unplayable = bool(self.playable)
        for r in range(0, len(self.cards), per_row):
            top = (r // per_row) * cell_h
            lines = [Text() for _ in range(cell_h)]
            col = 0
            for i in range(r, min(r + per_row, len(self.cards))):
                code = self.cards[i]
                legal = code in self.playable
                dim = dim_unplayable and not legal
                faces = tile_lines(code, dim) if tall else [token(code, dim)]
                for line, face in zip(lines, faces):
                    line.append(face)
                    line.append(" " * GAP)
                w = faces[0].cell_len
                here = i == self.cursor and self.has_focus
                marker = "▲" * w if here else ("·" * w if legal else " " * w)
                lines[-1].append(marker, style="bold reverse" if here else "bold")
                lines[-1].append(" " * GAP)
                self._boxes.append((top, cell_h, col, col + w))
                col += w + GAP
            out.append(Text("\n").join(lines))
            out.append("\n")
        out.rstrip()
        return out

    def _index_at(self, x: int, y: int) -> int | None:
        for i, (top, h, left, right) in enumerate(self._boxes):
            if top <= y < top + h and left <= x < right:
                return i
        return None

    def on_click(self, event) -> None:
        index = self._index_at(event.x, event.y)
        if index is not None:
            self.cursor = index
            self.focus()
            self.post_message(self.Chosen(self.cards[index]))

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
