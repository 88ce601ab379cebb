"""What a bot needs to read card codes. Bots see only plain data and import nothing of the engine
(tests/test_table_seats.py), so these few helpers restate the engine's codes; tests/test_bot_house_rules.py
checks they agree with engine/cards.py."""

COLOR_NAMES = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
COLORS = tuple(COLOR_NAMES.values())
ATTACKS = ("S", "+2")        # ranks that hurt the next player
#: the numbers a Voldemort makes its player discard, as ranks
VOLDEMORT_RANKS = ("2", "6", "9")


def color_of(code: str) -> str | None:
    """The colour name of a card, None for a wild."""
    return COLOR_NAMES.get(code[0]) if code[0] != "W" else None


def rank_of(code: str) -> str:
    return code if code[0] == "W" else code[1:]


def is_wild(code: str) -> bool:
    return code[0] == "W"


def points(code: str) -> int:
    if is_wild(code):
        return 50
    rank = code[1:]
    return int(rank) if rank.isdigit() else 20


def colour_counts(hand: list[str]) -> dict[str, int]:
    counts = dict.fromkeys(COLOR_NAMES.values(), 0)
    for code in hand:
        color = color_of(code)
        if color:
            counts[color] += 1
    return counts


def _classic_deck() -> dict[str, int]:
    deck = {}
    for letter in COLOR_NAMES:
        deck[letter + "0"] = 1
        for rank in ("1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2"):
            deck[letter + rank] = 2
    return {**deck, "W": 4, "W+4": 4}


#: the deck assumed when a view does not say which one is in play
CLASSIC_DECK = _classic_deck()
