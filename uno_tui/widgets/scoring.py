"""The end of a hand's scoring: one row per player, each card left in hand with its points.

A row that does not fit the dialog goes on under the name column, between two cards: a card
and its points are never split across lines, whatever the terminal's width."""
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.text import Text

from ..engine import card_info
from .cardart import token

NAME_W = 17


class Row:
    """Pieces laid out left to right, a new line (indented under the first) where the next
    piece would not fit."""

    def __init__(self, pieces: list[Text]):
        self.pieces = pieces

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        line = Text(no_wrap=True, overflow="crop")
        for piece in self.pieces:
            # (a card's last cell is the space before the next: it may hang off the edge)
            width = piece.cell_len - piece.plain.endswith(" ")
            if line.cell_len > NAME_W and line.cell_len + width > options.max_width:
                yield line
                line = Text(" " * NAME_W, no_wrap=True, overflow="crop")
            line.append_text(piece)
        yield line


def scoring(view: dict, hands: list[list[str]] | None) -> Group:
    """Each seat's name, its cards left with their points, the points it scored (and its match
    total when the match counts more than one hand)."""
    table = view["table"]
    seats, result = table["seats"], table["result"] or {}
    hands = hands or result.get("hands")            # (after a resume or a reconnect, only the result has them)
    caught = result.get("caught") or [0] * len(seats)
    totals = result.get("scores", [0] * len(seats))
    rows = []
    for seat, info in enumerate(seats):
        name = Text(info["name"][:16], style="bold")
        name.align("left", NAME_W)                     # by cells: a wide character is two
        pieces = [name]
        cards = (hands or [[]] * len(seats))[seat]
        pieces += [Text.assemble(token(code), f"{card_info(code)['points']:>3} ") for code in cards]
        if not cards:
            pieces.append(Text("out", style="bold green"))
        pieces.append(Text(f"  = {caught[seat]}", style="bold"))
        if table["match"]["mode"] != "single":
            pieces.append(Text(f"   total {totals[seat]}", style="dim"))
        rows.append(Row(pieces))
    return Group(*rows)
