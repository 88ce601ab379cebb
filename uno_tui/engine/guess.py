"""A whole game built from one seat's view and a guess at what it cannot see, for bots that play
guesses out with the real engine (bots/search.py).

The view gives everything public (the top card, colour, direction, whose go, the phase, the card
waiting for its target, who said UNO) and the seat's own hand; the guess gives every other hand,
the draw pile (in order) and the discard pile under its top card. The game is built as a saved game
is restored (state.py), so it is the engine's own state, whatever the engine keeps.
"""
import random

from .cards import CARD_OF, COLOR_INDEX, COLOR_OF, WILD_DRAW_FOUR
from .game import Game
from .rules import Rules
from .state import restore_game


def guessed_game(rules: Rules, view: dict, hands: list[list[str]], draw: list[str], under: list[str],
                 *, rng: random.Random | None = None) -> Game:
    """The game ``view`` is of, with ``hands`` (every seat's, the viewer's own included), ``draw``
    (the draw pile, the card drawn first first) and ``under`` (the discard pile below the top card,
    in any order), reshuffled when the draw pile runs out by ``rng``. The order of play, the phase and
    what waits on whom are the view's. What no view tells is guessed plainly: nobody has passed in a
    row, and a Voldemort's player (in its discards) said no UNO with it. A Wild Draw Four waiting for its target is guilty if the guessed hand of its
    player holds what made it illegal."""
    n = view["players"]
    ints = [[CARD_OF[c] for c in hand] for hand in hands]
    attack = view.get("attack")
    color = COLOR_INDEX[view["color"]] if view.get("color") else -1
    top = CARD_OF[view["top"]]
    state = {
        "n": n, "draw_pile": [CARD_OF[c] for c in reversed(draw)], "discard": [CARD_OF[c] for c in under] + [top],
        "hands": ints, "dealer": view.get("dealer", 0), "direction": view["direction"], "color": color,
        "turn": view["turn"], "decider": view["decider"], "phase": view["phase"], "attack": None,
        "pending_draw": 0, "wd4_guilty": False, "wd4_color": -1, "first_wild": top if view["phase"] == "color" else -1,
        "uno_intent": False, "drawn": CARD_OF[view["drawn"]] if view.get("drawn") else -1,
        "uno_said": list(view["uno_said"]), **_windows(view),
        "passes": 0, "refills": 0, "stall": None, "shown": [], "over": False, "winner": -1, "blocked": False,
        "can_shield": rules.deck.get("WI", 0) > 0, "out": list(view.get("out") or [False] * n),
    }
    state["total_cards"] = len(state["draw_pile"]) + len(state["discard"]) + sum(map(len, ints))
    if attack:
        card = CARD_OF[attack["card"]]
        state["attack"], state["pending_draw"] = [card, attack["by"], attack["target"]], attack.get("draw", 0)
        if card == WILD_DRAW_FOUR and attack.get("before"):
            before = state["wd4_color"] = COLOR_INDEX[attack["before"]]
            state["wd4_guilty"] = any(COLOR_OF[c] == before or (rules.wd4_wilds_count and c >= 52 and c != card)
                                      for c in ints[attack["by"]])
    game = restore_game(rules, state, rng or random.Random(0))
    game.record = False          # a guess is played out, never shown
    return game


def _windows(view: dict) -> dict:
    """The seats that may be caught: those a catch is offered on, and the view's ``catchable``
    (the viewer itself, when it is the one)."""
    seats = [a["target"] for a in view.get("legal") or () if a["kind"] == "catch"]
    if view.get("catchable") is not None and view["catchable"] not in seats:
        seats.insert(0, view["catchable"])
    return {"window": seats[0] if seats else -1, "more_windows": tuple(seats[1:])}
