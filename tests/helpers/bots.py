"""Bot tests' shorthand: any position, and a seat's view of it as a table sends it."""
from collections import Counter

from uno_tui.engine import Game, make_rules, seat_view
from uno_tui.engine.guess import guessed_game


def rigged(hand, others, top, draw, *, preset="classic", color=None, **house) -> tuple[Game, dict]:
    """Seat 0 to play, holding ``hand``, the others holding ``others`` (in the order of play), ``top``
    alone on the pile and ``draw`` the draw pile (drawn first first); the deck is every card named.
    Also the table part of a view: the rules and that deck."""
    rules = make_rules(preset, **house)
    hands = [list(hand), *map(list, others)]
    deck = dict(Counter([c for h in hands for c in h] + [top, *draw]))
    public = {"players": len(hands), "direction": 1, "turn": 0, "decider": 0, "phase": "turn", "top": top,
              "color": color or ("red", "yellow", "green", "blue")["RYGB".index(top[0])], "attack": None,
              "uno_said": [False] * len(hands), "catchable": None, "drawn": None, "dealer": len(hands) - 1}
    table = {"rules": {k: v for k, v in rules.to_dict().items() if k != "deck"}, "deck": deck}
    return guessed_game(rules, public, hands, list(draw), []), table


def view_of(game: Game, table: dict, seat: int = 0) -> dict:
    return {**seat_view(game, seat), "table": table}


def position(*args, **kwargs) -> dict:
    """Seat 0's view of ``rigged(*args, **kwargs)``."""
    return view_of(*rigged(*args, **kwargs))
