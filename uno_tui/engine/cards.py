"""Card codes, names and colours: the one place that spells them (engine, bots and UI read it).

Inside the engine a card is a small int, so hands, piles and legality checks
stay cheap: a coloured card is ``colour * 13 + rank`` (ranks 0-9, then Skip,
Reverse, Draw Two), wild kinds follow from 52, in the order of the card table
(kinds.py). Outside the engine a card is its code (``"R5"``, ``"GS"``,
``"B+2"``, ``"W+4"``): short, readable, msgpack-ready.
"""
from .kinds import RANKS, WILDS

COLORS = ("red", "yellow", "green", "blue")
COLOR_LETTERS = ("R", "Y", "G", "B")
COLOR_INDEX = {name: i for i, name in enumerate(COLORS)}
#: colour letter -> colour name, and back
COLOR_NAMES = dict(zip(COLOR_LETTERS, COLORS))
LETTER_OF = dict(zip(COLORS, COLOR_LETTERS))

SKIP, REVERSE, DRAW_TWO = 10, 11, 12
WILD, WILD_DRAW_FOUR, SORTING_HAT, VOLDEMORT, HOWLER, INVISIBILITY = range(52, 58)
KIND = [RANKS[c % 13] for c in range(52)] + list(WILDS)      # each card's row of the card table
N_CARDS = len(KIND)

CODES: list[str] = [COLOR_LETTERS[c // 13] + RANKS[c % 13].code for c in range(52)]
CODES += [kind.code for kind in WILDS]
CARD_OF: dict[str, int] = {code: i for i, code in enumerate(CODES)}
KIND_OF: dict[str, object] = dict(zip(CODES, KIND))            # code -> its row of the card table

#: colour index of each card, -1 for wilds
COLOR_OF = [c // 13 if c < 52 else -1 for c in range(N_CARDS)]
#: what a card "shows" for matching: its rank, or its own id for wilds
RANK_OF = [c % 13 if c < 52 else c for c in range(N_CARDS)]
POINTS = [kind.points for kind in KIND]


def card_name(code: str) -> str:
    """A card's name in words, as a player would say it ("Red 5", "Wild")."""
    c = CARD_OF[code]
    if c >= 52:
        return KIND[c].name
    return f"{COLORS[c // 13].title()} {KIND[c].name}"


def card_info(code: str) -> dict:
    """A card's parts for display: colour (None for wilds), label, points."""
    c = CARD_OF[code]
    return {"code": code, "color": color_of(code), "label": KIND[c].code,
            "name": card_name(code), "points": POINTS[c]}


def color_of(code: str) -> str | None:
    """The colour name of a card code, None for a wild."""
    return COLOR_NAMES.get(code[0]) if code[0] != "W" else None


def rank_of(code: str) -> str:
    """A card code's face: its rank ("5", "S", "+2"), or the whole code of a wild."""
    return code if code[0] == "W" else code[1:]


def is_wild(code: str) -> bool:
    return code[0] == "W"


def points(code: str) -> int:
    return POINTS[CARD_OF[code]]


def build_deck(spec: dict[str, int]) -> list[int]:
    """Expand a deck spec ({code: count}) into a list of cards, in a fixed order."""
    deck: list[int] = []
    for code, count in spec.items():
        deck.extend([CARD_OF[code]] * count)
    return deck
