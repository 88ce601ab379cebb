"""What a bot needs to read card codes: the engine's card-codes module (bots see plain data, never a
Game), plus the counting bots do."""
from ..engine.cards import COLOR_NAMES, COLORS, KIND_OF, color_of, is_wild, points, rank_of
from ..engine.rules import CLASSIC_DECK

ATTACKS = ("S", "+2")        # ranks that hurt the next player
#: the numbers a Voldemort makes its player discard, as ranks
VOLDEMORT_RANKS = tuple(map(str, KIND_OF["WV"].discards))


def colour_counts(hand: list[str]) -> dict[str, int]:
    counts = dict.fromkeys(COLORS, 0)
    for code in hand:
        color = color_of(code)
        if color:
            counts[color] += 1
    return counts


__all__ = ["ATTACKS", "CLASSIC_DECK", "COLOR_NAMES", "COLORS", "colour_counts", "color_of", "is_wild", "points",
           "rank_of", "VOLDEMORT_RANKS"]
