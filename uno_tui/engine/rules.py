"""Editions (presets) and the Rules a game is played by: an edition's deck and defaults, and
one field per house rule of the registry (house.py).

A deck is data ({card code: count}); the counts of the Harry Potter specials
that the rule sheets do not give are this project's choice and live here.
"""
from dataclasses import dataclass, field, fields, make_dataclass, replace

from .cards import COLOR_LETTERS
from .house import EDITIONS as PRESETS, HOUSE, HOUSE_RULES, MATCH_MODES, RENAMED
from .kinds import RANKS
from .legal import MAX_PLAYERS


def _coloured() -> dict[str, int]:
    """Per colour: one 0, two each of 1-9, Skip, Reverse, Draw Two."""
    return {letter + kind.code: 1 if kind.code == "0" else 2 for letter in COLOR_LETTERS for kind in RANKS}


CLASSIC_DECK = {**_coloured(), "W": 4, "W+4": 4}
HP2021_DECK = {**_coloured(), "W": 8, "W+4": 8, "WSH": 8}
HP2010_DECK = {**CLASSIC_DECK, "WV": 4}
HP2000_DECK = {**CLASSIC_DECK, "WH": 2, "WI": 2}


@dataclass(frozen=True)
class Edition:
    """What an edition fixes: its name (which also picks the first-card row of the card table), its
    deck, and whether held wilds make a Wild Draw Four illegal."""
    preset: str = "classic"
    deck: dict = field(default_factory=lambda: dict(CLASSIC_DECK))
    #: True: holding any wild other than a Wild Draw Four also makes a Wild Draw Four illegal
    wd4_wilds_count: bool = False

    def to_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict) -> "Rules":
        """Rules from ``to_dict`` output, also of an older version (renamed rules, fields now in the
        card table); TypeError for a field no version had."""
        data = {RENAMED.get(k, k): v for k, v in data.items() if k not in RETIRED}
        unknown = set(data) - {f.name for f in fields(Rules)}
        if unknown:
            raise TypeError(f"unknown rules {sorted(unknown)}")
        return Rules(**data)


#: one game's rules (build with make_rules): the edition's fields, then one per house rule
Rules = make_dataclass("Rules", [(r.name, type(r.default), field(default=r.default)) for r in HOUSE_RULES],
                       bases=(Edition,), frozen=True)
Rules.__module__ = __name__
Rules.__doc__ = "One game's rules: an edition and its house rules. Build with :func:`make_rules`."

_PRESET_RULES = {
    "classic": Rules(),
    "hp2021": Rules(preset="hp2021", deck=HP2021_DECK, uno_penalty=2, wd4_wilds_count=True, match_mode="single"),
    "hp2018": Rules(preset="hp2018", deck=HP2021_DECK, uno_penalty=2, wd4_wilds_count=True),
    "hp2010": Rules(preset="hp2010", deck=HP2010_DECK, uno_penalty=2, wd4_wilds_count=True),
    "hp2000": Rules(preset="hp2000", deck=HP2000_DECK, uno_penalty=2, wd4_wilds_count=True),
}


#: fields of older saves that the card table (kinds.py) holds now: how each edition's first card goes
RETIRED = ("first_card", "first_card_back")


class RulesError(ValueError):
    """A preset or house rule that does not exist or has a bad value."""


def make_rules(preset: str = "classic", *, players: int | None = None, **house) -> Rules:
    """The rules of ``preset`` with the given house rules changed (a renamed rule by its old name too).
    A combination that makes no sense is refused with the reason; ``players`` (when given) is also
    checked against the rules (``teams`` needs an even number of players from 4)."""
    if preset not in _PRESET_RULES:
        raise RulesError(f"unknown edition {preset!r}; choose one of {', '.join(PRESETS)}")
    house = {RENAMED.get(name, name): value for name, value in house.items()}
    for name, value in house.items():
        if name == "deck":
            continue
        if name not in HOUSE:
            raise RulesError(f"unknown house rule {name!r}")
        wrong = HOUSE[name].check(value)
        if wrong:
            raise RulesError(wrong)
    rules = replace(_PRESET_RULES[preset], **house)
    wrong = clash(rules) or (players is not None and seating_problem(rules, players))
    if wrong:
        raise RulesError(wrong)
    return rules


def saved_rules(data: dict) -> Rules:
    """Rules read back from a save, held to what a new game's settings could be: an edition as it
    is (its deck too) and every house rule within its values (a hand-edited deck of 10^7 Wilds
    is refused with a sentence, RulesError, before any of it is dealt); TypeError as from_dict."""
    rules = Rules.from_dict(data)
    if rules.preset not in _PRESET_RULES:
        raise RulesError(f"its edition {rules.preset!r} is not one this version has")
    edition = _PRESET_RULES[rules.preset]
    for name in (f.name for f in fields(Edition) if f.name != "preset"):
        if getattr(rules, name) != getattr(edition, name):
            raise RulesError(f"its rules change the {name.replace('_', ' ')} of the {rules.preset} edition")
    for rule in HOUSE_RULES:
        wrong = rule.check(getattr(rules, rule.name))
        if wrong:
            raise RulesError(f"its rules are not a new game's: {wrong}")
    wrong = clash(rules)
    if wrong:
        raise RulesError(f"its rules are not a new game's: {wrong}")
    return rules


def clash(rules: Rules) -> str | None:
    """Why these house rules do not go together (None: they do)."""
    if rules.false_catch_penalty and not rules.uno_penalty:
        return "false_catch_penalty needs UNO calls: with uno_penalty 0 nobody is caught"
    if rules.mercy and rules.match_mode == "lowest":
        return ("mercy does not go with the lowest-score match: a player put out empty-handed would be "
                "caught no points")
    return None


def seating_problem(rules: Rules, players: int) -> str | None:
    """Why ``players`` cannot play by ``rules`` (None: they can)."""
    if rules.teams and (players < 4 or players % 2):
        return f"teams need an even number of players from 4 to {MAX_PLAYERS}, not {players}"
    return None


__all__ = ["PRESETS", "MATCH_MODES", "HOUSE_RULES", "Rules", "RulesError", "make_rules", "saved_rules", "clash", "seating_problem"]
