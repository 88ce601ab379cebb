"""The rules engine: pure, deterministic, no I/O. See docs/engine.md."""
from .actions import KINDS, Action, IllegalAction
from .cards import CARD_OF, CODES, COLORS, card_info, card_name
from .house import HOUSE, SWITCHES, HouseRule
from .game import Game, GameError
from .match import Match, draw_for_dealer
from .rig import rigged_deck, rigged_game
from .rules import HOUSE_RULES, MATCH_MODES, PRESETS, Rules, RulesError, make_rules, saved_rules
from .view import redact, seat_view

__all__ = ["KINDS", "Action", "IllegalAction", "CARD_OF", "CODES", "COLORS", "card_info", "card_name",
           "Game", "GameError", "Match", "draw_for_dealer", "HOUSE_RULES", "MATCH_MODES", "PRESETS", "HOUSE", "HouseRule", "SWITCHES",
           "Rules", "RulesError", "make_rules", "saved_rules", "redact", "seat_view", "rigged_deck", "rigged_game"]
