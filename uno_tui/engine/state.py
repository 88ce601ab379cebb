"""A match as plain data and back: what a host writes as the game goes, to survive a crash."""
import random
from array import array
from base64 import b64decode, b64encode

from .game import Game
from .match import Match
from .rules import Rules

#: a Game's fields that are its state (the rest are rules, caches or the last events)
_GAME_FIELDS = ("n", "total_cards", "draw_pile", "discard", "hands", "dealer", "direction", "color", "turn",
                "decider", "phase", "attack", "pending_draw", "wd4_guilty", "wd4_color", "first_wild", "uno_intent", "drawn",
                "uno_said", "window", "passes", "shown", "over", "winner", "blocked", "can_shield")
#: fields added since saves were first written: an older save lacks them (-1: not known)
_ADDED = ("wd4_color",)
_MATCH_FIELDS = ("n", "dealer", "dealer_draw", "scores", "hands_won", "history", "over", "winners")


def rng_state(rng: random.Random) -> list:
    """The generator's 625 words as one base64 string: as a list of ints they were most of
    a save's size and time (every save holds three generators)."""
    version, internal, gauss = rng.getstate()
    return [version, b64encode(array("I", internal).tobytes()).decode(), gauss]


def restore_rng(state: list, rng: random.Random | None = None) -> random.Random:
    rng = rng or random.Random()
    rng.setstate((state[0], tuple(array("I", b64decode(state[1]))), state[2]))
    return rng


def game_state(game: Game) -> dict:
    state = {name: getattr(game, name) for name in _GAME_FIELDS}
    state["shown"] = [[seat, list(cards), None if viewers is None else list(viewers)]
                      for seat, cards, viewers in game.shown]
    state["rng"] = rng_state(game.rng)
    return state


def restore_game(rules: Rules, state: dict) -> Game:
    game = Game.__new__(Game)
    for name in _GAME_FIELDS:
        setattr(game, name, state.get(name, -1) if name in _ADDED else state[name])
    game.rules, game.rng, game.record = rules, restore_rng(state["rng"]), True
    game._cache_rules()
    game.attack = tuple(state["attack"]) if state["attack"] is not None else None
    game.shown = [(seat, cards, None if viewers is None else tuple(viewers)) for seat, cards, viewers in state["shown"]]
    game.setup_events, game._events = [], []
    return game


def match_state(match: Match) -> dict:
    state = {name: getattr(match, name) for name in _MATCH_FIELDS}
    state["rng"] = rng_state(match.rng)
    state["game"] = game_state(match.game) if match.game is not None else None
    state["scored"] = match.game is not None and match._scored is match.game
    return state


def restore_match(rules: Rules, state: dict) -> Match:
    match = Match.__new__(Match)
    for name in _MATCH_FIELDS:
        setattr(match, name, state[name])
    match.rules, match.rng = rules, restore_rng(state["rng"])
    match.game = restore_game(rules, state["game"]) if state["game"] is not None else None
    match._scored = match.game if state["scored"] else None
    return match
