"""The card table: every kind of card and what it does, in one place.

The engine's lookup tables (points, draws, skips, what a shield cancels, first cards) are
built from this table, so a card's effect is stated here once and a new
edition's card is one entry plus whatever its effect needs that no field says.
"""
from dataclasses import dataclass, field

#: what a kind does when it is the first card turned up:
#: "apply" its effect on the first player (a wild: they name the colour first);
#: "colour": the first player names the colour, nothing else happens;
#: "back": it goes back into the deck, which is reshuffled, and another is turned;
#: "pass": it stays in the pile and another is turned on top of it
FIRST_UP = ("apply", "colour", "back", "pass")


@dataclass(frozen=True)
class Kind:
    """One kind of card: a coloured rank (``"5"``, ``"S"``) or a wild (``"W+4"``)."""
    code: str
    name: str
    points: int
    #: a wild matches anything and names the colour; a coloured card matches its colour or its face
    wild: bool = False
    draw: int = 0                  # the next player draws this many
    skip: bool = False             # the next player loses their turn
    reverse: bool = False          # play changes direction (heads-up: a Skip)
    shieldable: bool = False       # an Invisibility played out of turn cancels it
    reveal: bool = False           # the next player's hand is shown to the others (Howler)
    draw_until: tuple = ()         # the next player draws until one of these numbers (Sorting Hat)
    discards: tuple = ()           # its player then discards these numbers (Voldemort)
    #: turned up first: edition -> one of FIRST_UP ("apply" when the edition is not listed)
    first: dict = field(default_factory=dict)

    @property
    def action(self) -> bool:
        """An action or wild card (not a number): what ``no_action_finish`` forbids going out on."""
        return not self.code.isdigit()

    def first_up(self, edition: str) -> str:
        return self.first.get(edition, "apply")


_NOT_FIRST_2021 = {"hp2021": "pass"}

#: coloured ranks, in the order of their numbers inside a card (colour * 13 + rank)
RANKS = tuple([Kind(str(n), str(n), n) for n in range(10)] + [
    Kind("S", "Skip", 20, skip=True, shieldable=True, first=_NOT_FIRST_2021),
    Kind("R", "Reverse", 20, reverse=True, first=_NOT_FIRST_2021),
    Kind("+2", "Draw Two", 20, draw=2, skip=True, shieldable=True, first=_NOT_FIRST_2021),
])

#: wild kinds, in the order of their numbers (52 on)
WILDS = (
    Kind("W", "Wild", 50, wild=True, first=_NOT_FIRST_2021),
    Kind("W+4", "Wild Draw Four", 50, wild=True, draw=4, skip=True, shieldable=True,
         first={"classic": "back", "hp2000": "back", **_NOT_FIRST_2021}),
    Kind("WSH", "Wild Sorting Hat", 50, wild=True, shieldable=True, draw_until=(1, 2, 3, 4),
         first={"hp2018": "colour", **_NOT_FIRST_2021}),
    Kind("WV", "Wild Voldemort", 50, wild=True, discards=(2, 6, 9), first={"hp2010": "colour"}),
    Kind("WH", "Wild Howler", 50, wild=True, skip=True, reveal=True, shieldable=True, first={"hp2000": "back"}),
    Kind("WI", "Wild Invisibility", 50, wild=True, first={"hp2000": "back"}),
)
