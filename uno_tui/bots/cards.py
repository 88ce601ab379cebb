"""What a bot needs to read card codes: the engine's helpers (engine/cards.py spells every code),
and what a bot's rules of thumb add."""
from ..engine.cards import COLORS, KIND_OF, color_of, is_wild, points, rank_of
from ..engine.rules import CLASSIC_DECK

#: colour names by the letter a card's code starts with
COLOR_NAMES = {name[0].upper(): name for name in COLORS}
ATTACKS = ("S", "+2")        # ranks that hurt the next player

#: the numbers a Voldemort makes its player discard, as ranks
VOLDEMORT_RANKS = tuple(str(n) for n in KIND_OF["WV"].discards)

__all__ = ["ATTACKS", "CLASSIC_DECK", "COLOR_NAMES", "COLORS", "VOLDEMORT_RANKS", "color_of", "colour_counts", "is_wild",
           "lacked", "points", "rank_of"]


def lacked(card: str, lacks) -> bool:
    """Whether a hand that seems to lack ``lacks`` (colours, "rank:X", "wild", and (colour, points):
    that colour's cards worth more) lacks ``card``."""
    if is_wild(card):
        return "wild" in lacks
    color = color_of(card)
    return color in lacks or "rank:" + rank_of(card) in lacks or any(
        points(card) > lack[1] for lack in lacks if type(lack) is tuple and lack[0] == color)


def colour_counts(hand: list[str]) -> dict[str, int]:
    counts = dict.fromkeys(COLORS, 0)
    for code in hand:
        color = color_of(code)
        if color:
            counts[color] += 1
    return counts
