"""Cards as small ints, so hands, piles and legality checks stay cheap.

A coloured card is ``colour * 13 + rank`` (ranks 0-9, then Skip, Reverse,
Draw Two); wild kinds follow from 52. Outside the engine a card is its code
(``"R5"``, ``"GS"``, ``"B+2"``, ``"W+4"``): short, readable, msgpack-ready.
"""

COLORS = ("red", "yellow", "green", "blue")
COLOR_LETTERS = ("R", "Y", "G", "B")
COLOR_INDEX = {name: i for i, name in enumerate(COLORS)}

SKIP, REVERSE, DRAW_TWO = 10, 11, 12
WILD, WILD_DRAW_FOUR, SORTING_HAT, VOLDEMORT, HOWLER, INVISIBILITY = range(52, 58)
N_CARDS = 58

_RANK_CODES = [str(i) for i in range(10)] + ["S", "R", "+2"]
_WILD_CODES = {WILD: "W", WILD_DRAW_FOUR: "W+4", SORTING_HAT: "WSH",
               VOLDEMORT: "WV", HOWLER: "WH", INVISIBILITY: "WI"}
WILD_NAMES = {WILD: "Wild", WILD_DRAW_FOUR: "Wild Draw Four",
              SORTING_HAT: "Wild Sorting Hat", VOLDEMORT: "Wild Voldemort",
              HOWLER: "Wild Howler", INVISIBILITY: "Wild Invisibility"}
_RANK_NAMES = [str(i) for i in range(10)] + ["Skip", "Reverse", "Draw Two"]

CODES: list[str] = [COLOR_LETTERS[c // 13] + _RANK_CODES[c % 13] for c in range(52)]
CODES += [_WILD_CODES[c] for c in range(52, N_CARDS)]
CARD_OF: dict[str, int] = {code: i for i, code in enumerate(CODES)}

#: colour index of each card, -1 for wilds
COLOR_OF = [c // 13 if c < 52 else -1 for c in range(N_CARDS)]
#: what a card "shows" for matching: its rank, or its own id for wilds
RANK_OF = [c % 13 if c < 52 else c for c in range(N_CARDS)]
POINTS = [(c % 13 if c % 13 < 10 else 20) if c < 52 else 50 for c in range(N_CARDS)]
#: Voldemort makes its player discard these numbers (the Harry Potter cards)
VOLDEMORT_NUMBERS = (2, 6, 9)


def card_name(code: str) -> str:
    """A card's name in words, as a player would say it ("Red 5", "Wild")."""
    c = CARD_OF[code]
    if c >= 52:
        return WILD_NAMES[c]
    return f"{COLORS[c // 13].title()} {_RANK_NAMES[c % 13]}"


def card_info(code: str) -> dict:
    """A card's parts for display: colour (None for wilds), label, points."""
    c = CARD_OF[code]
    return {"code": code, "color": COLORS[c // 13] if c < 52 else None,
            "label": _RANK_CODES[c % 13] if c < 52 else _WILD_CODES[c],
            "name": card_name(code), "points": POINTS[c]}


def build_deck(spec: dict[str, int]) -> list[int]:
    """Expand a deck spec ({code: count}) into a list of cards, in a fixed order."""
    deck: list[int] = []
    for code, count in spec.items():
        deck.extend([CARD_OF[code]] * count)
    return deck
