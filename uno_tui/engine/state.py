"""A match as plain data and back: what a host writes as the game goes, to survive a crash."""
import random
from array import array
from base64 import b64decode, b64encode

from .cards import N_CARDS, build_deck
from .game import Game
from .legal import MAX_PLAYERS, MIN_PLAYERS
from .match import Match
from .reasons import PHASES
from .rules import Rules

#: a Game's fields that are its state (the rest are rules, caches or the last events)
_GAME_FIELDS = ("n", "total_cards", "draw_pile", "discard", "hands", "dealer", "direction", "color", "turn",
                "decider", "phase", "attack", "pending_draw", "wd4_guilty", "wd4_color", "first_wild", "uno_intent",
                "drawn", "uno_said", "window", "more_windows", "passes", "refills", "stall", "shown", "over", "winner",
                "blocked", "can_shield", "out", "gone", "chain")
#: fields added since saves were first written, with what an older save that lacks them means (None
#: for ``out``: nobody is out)
_ADDED = {"wd4_color": -1, "refills": 0, "stall": None, "more_windows": (), "out": None, "gone": 0, "chain": []}
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
    state["more_windows"] = list(game.more_windows)
    state["rng"] = rng_state(game.rng)
    return state


def restore_game(rules: Rules, state: dict, rng: random.Random | None = None) -> Game:
    """The game ``state`` is of; ``rng`` (if given) drives its shuffles instead of the saved generator
    (``state`` then needs no "rng": decoding one costs a simulation more than the rest)."""
    fields = {name: state.get(name, _ADDED[name]) if name in _ADDED else state[name] for name in _GAME_FIELDS}
    out = list(fields["out"]) if fields["out"] is not None else [False] * fields["n"]
    fields.update(out=out, gone=sum(out), chain=list(fields["chain"]), more_windows=tuple(fields["more_windows"]),
                  attack=tuple(state["attack"]) if state["attack"] is not None else None,
                  shown=[(seat, cards, None if viewers is None else tuple(viewers))
                         for seat, cards, viewers in state["shown"]])
    return Game.restored(rules, fields, rng or restore_rng(state["rng"]))


def match_state(match: Match) -> dict:
    state = {name: getattr(match, name) for name in _MATCH_FIELDS}
    state["rng"] = rng_state(match.rng)
    state["game"] = game_state(match.game) if match.game is not None else None
    state["scored"] = match.scored
    return state


def restore_match(rules: Rules, state: dict) -> Match:
    game = restore_game(rules, state["game"]) if state["game"] is not None else None
    return Match.restored(rules, {name: state[name] for name in _MATCH_FIELDS}, restore_rng(state["rng"]), game,
                          state["scored"])


def check_match_state(rules: Rules, state) -> None:
    """Raise ValueError, with a sentence, unless ``state`` is a match as match_state writes it:
    every field there, every card one that exists, none lost or made up, seats in range. An
    edited or damaged save is refused here, not by the first player to reconnect to it."""
    def need(ok, why: str) -> None:
        if not ok:
            raise ValueError(why)

    need(isinstance(state, dict) and all(f in state for f in (*_MATCH_FIELDS, "rng", "game", "scored")),
         "the match is incomplete")
    n = state["n"]
    need(type(n) is int and MIN_PLAYERS <= n <= MAX_PLAYERS,
         f"the number of players is not {MIN_PLAYERS} to {MAX_PLAYERS}")
    need(_ints(state["scores"], n) and _ints(state["hands_won"], n), "the scores do not match the players")
    game = state["game"]
    if game is None:
        return
    need(isinstance(game, dict) and all(f in game for f in (*_GAME_FIELDS, "rng") if f not in _ADDED),
         "the hand is incomplete")
    need(game["n"] == n and isinstance(game["hands"], list) and len(game["hands"]) == n,
         "the hand's players do not match the match's")
    piles = [game["draw_pile"], game["discard"], *game["hands"]]
    need(all(isinstance(p, list) and all(type(c) is int for c in p) for p in piles), "a pile is not a list of cards")
    cards = [c for pile in piles for c in pile]
    need(all(0 <= c < N_CARDS for c in cards), "a card that does not exist is in play")
    need(len(cards) == game["total_cards"], f"{len(cards)} cards are in play, of {game['total_cards']}")
    deck = build_deck(rules.deck)
    need(len(cards) != len(deck) or sorted(cards) == sorted(deck), "the cards in play are not the edition's deck")
    need(all(type(game[f]) is int and 0 <= game[f] < n for f in ("turn", "dealer"))
         and type(game["decider"]) is int and -1 <= game["decider"] < n and (game["decider"] >= 0 or game["over"]),
         "the player to move is not at the table")
    need(game["direction"] in (1, -1) and type(game["color"]) is int and -1 <= game["color"] < 4,
         "the direction or colour is not one the game has")
    need(_ints(game["uno_said"], n, bool), "the UNO calls do not match the players")
    need(game.get("out") is None or _ints(game["out"], n, bool), "who is out of the hand does not match the players")
    need(isinstance(game.get("chain", []), list) and all(type(c) is int and 0 <= c < N_CARDS
                                                          for c in game.get("chain", [])),
         "the cards of a multi-play are not cards")
    need(game["phase"] in PHASES, "the hand is in a phase the game does not have")
    need(all(type(game[f]) is int and -1 <= game[f] < n for f in ("window", "winner")),
         "a seat named in the hand is not at the table")
    more = game.get("more_windows", ())
    need(isinstance(more, (list, tuple)) and all(type(s) is int and 0 <= s < n for s in more),
         "a seat open to a catch is not at the table")
    need(all(type(game[f]) is int and -1 <= game[f] < N_CARDS for f in ("drawn", "first_wild")),
         "a card named in the hand does not exist")
    need(all(type(game[f]) is int and game[f] >= 0 for f in ("pending_draw", "passes")), "a count is not a count")
    need(all(type(game[f]) is bool for f in ("wd4_guilty", "uno_intent", "over", "blocked", "can_shield")),
         "a yes-or-no of the hand is neither")
    attack = game["attack"]
    need(attack is None or (isinstance(attack, (list, tuple)) and len(attack) == 3 and all(type(a) is int for a in attack)
                            and 0 <= attack[0] < N_CARDS and 0 <= attack[1] < n and 0 <= attack[2] < n),
         "the card waiting for its target is not one the game could have")
    need(isinstance(game["shown"], list) and all(
        isinstance(x, list) and len(x) == 3 and type(x[0]) is int and 0 <= x[0] < n and isinstance(x[1], list)
        for x in game["shown"]), "the hands shown are not well formed")
    need(isinstance(state["history"], list) and all(isinstance(h, dict) for h in state["history"]),
         "the match's past hands are not well formed")


def _ints(values, n: int, kind=int) -> bool:
    return isinstance(values, list) and len(values) == n and all(type(v) is kind for v in values)
