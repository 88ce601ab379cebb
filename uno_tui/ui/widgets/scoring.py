"""The end of a hand's scoring: one row per player, each card left in hand with its points.

A row that does not fit the dialog goes on under the name column, between two cards: a card
and its points are never split across lines, whatever the terminal's width."""
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.text import Text

from uno_tui.engine import card_info
from uno_tui.engine.house import TEAM_NAMES
from uno_tui.protocol.views import View

from .cardart import token
from .plates import fit_name

NAME_W = 17


class Row:
    """A row's head (name and points, the same width on every row: they line up), then its
    cards left to right, a new line (indented under the cards) where the next would not fit."""

    def __init__(self, head: Text, cards: list[Text]):
        self.head, self.cards = head, cards

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        indent = self.head.cell_len
        line = self.head.copy()
        line.no_wrap, line.overflow = True, "crop"
        for card in self.cards:
            # (a card's last cell is the space before the next: it may hang off the edge)
            width = card.cell_len - card.plain.endswith(" ")
            if line.cell_len > indent and line.cell_len + width > options.max_width:
                yield line
                line = Text(" " * indent, no_wrap=True, overflow="crop")
            line.append_text(card)
        yield line


def scoring(view: View) -> Group:
    """Each seat's name, the points it scored (and its match total when the match counts more
    than one hand), then its cards left with their points."""
    table = view.table
    seats, result = table.seats, table.result
    hands = result and result.hands                 # (the hand_over event's, kept: a snapshot has them too)
    caught = (result and result.caught) or [0] * len(seats)
    totals = result.scores if result else [0] * len(seats)
    match = table.match.mode != "single"
    rows = []
    for seat, info in enumerate(seats):
        team = f"{TEAM_NAMES[view.teams[seat]][-1]}·" if view.teams else ""    # as on the plates
        head = Text(fit_name(team + info.name, NAME_W - 1), style="bold")     # as the plates cut it ("Ro… 2")
        head.align("left", NAME_W)                     # by cells: a wide character is two
        head.append(f"= {caught[seat]:<4}", style="bold")
        if match:
            head.append(f"total {totals[seat]:<5}", style="dim")
        head.append("  ")
        cards = (hands or [[]] * len(seats))[seat]
        pieces = [Text.assemble(token(code), f"{card_info(code)['points']:>3} ") for code in cards]
        gone = seat in ((result and result.out) or ())      # mercy put it out: it did not go out
        rows.append(Row(head, pieces or [Text("put out (mercy)", style="bold red") if gone
                                         else Text("out", style="bold green")]))
    return Group(*rows)
