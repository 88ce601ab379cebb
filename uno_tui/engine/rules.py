"""Editions (presets) and house rules: everything set before a game starts.

A deck is data ({card code: count}); the counts of the Harry Potter specials
that the rule sheets do not give are this project's choice and live here.
"""
from dataclasses import dataclass, field, fields, replace

from .cards import COLOR_LETTERS

PRESETS = ("classic", "hp2021", "hp2018", "hp2010", "hp2000")
MATCH_MODES = ("single", "first_to", "lowest", "wins")


def _coloured() -> dict[str, int]:
    """Per colour: one 0, two each of 1-9, Skip, Reverse, Draw Two."""
    spec: dict[str, int] = {}
    for letter in COLOR_LETTERS:
        spec[letter + "0"] = 1
        for rank in ("1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2"):
            spec[letter + rank] = 2
    return spec


CLASSIC_DECK = {**_coloured(), "W": 4, "W+4": 4}
HP2021_DECK = {**_coloured(), "W": 8, "W+4": 8, "WSH": 8}
HP2010_DECK = {**CLASSIC_DECK, "WV": 4}
HP2000_DECK = {**CLASSIC_DECK, "WH": 2, "WI": 2}


@dataclass(frozen=True)
class Rules:
    """One game's rules. Build with :func:`make_rules` from a preset."""
    preset: str = "classic"
    deck: dict = field(default_factory=lambda: dict(CLASSIC_DECK))
    #: "apply": the first card's action applies; "number": turn until a number shows
    first_card: str = "apply"
    #: cards that go back into the deck (reshuffled) when turned up first
    first_card_back: tuple = ("W+4",)
    uno_penalty: int = 4
    #: True: holding any wild other than a Wild Draw Four also makes a Wild Draw Four illegal
    wd4_wilds_count: bool = False
    match_mode: str = "first_to"
    match_target: int = 500
    stack_draw_two: bool = False
    stack_draw_four: bool = False
    draw_until_playable: bool = False
    strict_wild_draw_four: bool = False
    false_catch_penalty: bool = False
    sorting_hat_skips: bool = False

    def to_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}


HOUSE_RULES = ("stack_draw_two", "stack_draw_four", "uno_penalty", "draw_until_playable",
               "strict_wild_draw_four", "false_catch_penalty", "sorting_hat_skips",
               "match_mode", "match_target")

_PRESET_RULES = {
    "classic": Rules(),
    "hp2021": Rules(preset="hp2021", deck=HP2021_DECK, first_card="number", first_card_back=(),
                    uno_penalty=2, wd4_wilds_count=True, match_mode="single"),
    "hp2018": Rules(preset="hp2018", deck=HP2021_DECK, first_card_back=(), uno_penalty=2,
                    wd4_wilds_count=True),
    "hp2010": Rules(preset="hp2010", deck=HP2010_DECK, first_card_back=(), uno_penalty=2,
                    wd4_wilds_count=True),
    "hp2000": Rules(preset="hp2000", deck=HP2000_DECK, first_card_back=("W+4", "WH", "WI"),
                    uno_penalty=2, wd4_wilds_count=True),
}


class RulesError(ValueError):
    """A preset or house rule that does not exist or has a bad value."""


def make_rules(preset: str = "classic", **house) -> Rules:
    """The rules of ``preset`` with the given house rules changed."""
    if preset not in _PRESET_RULES:
        raise RulesError(f"unknown edition {preset!r}; choose one of {', '.join(PRESETS)}")
    for name, value in house.items():
        if name not in HOUSE_RULES and name != "deck":
            raise RulesError(f"unknown house rule {name!r}")
        if name == "uno_penalty" and value not in (2, 4):
            raise RulesError("uno_penalty must be 2 or 4")
        if name == "match_mode" and value not in MATCH_MODES:
            raise RulesError(f"match_mode must be one of {', '.join(MATCH_MODES)}")
        if name == "match_target" and (not isinstance(value, int) or value < 1):
            raise RulesError("match_target must be a positive whole number")
    return replace(_PRESET_RULES[preset], **house)
