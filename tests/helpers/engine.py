"""Engine tests' shorthand: a hand dealt exactly so, a play or any action, and the whole state to compare."""
from uno_tui.engine import Action, RulesError, make_rules, rigged_game
from uno_tui.engine.cards import CARD_OF

DRAW = ["B7", "Y8", "G9", "B1", "B2", "B3"]


def rig(preset="classic", hands=(), top="R5", draw=(), dealer=None, seed=0, **house):
    """A hand dealt exactly so; seat 0 starts unless ``dealer`` says otherwise."""
    return rigged_game(make_rules(preset, **house), [list(h) for h in hands], top, list(draw),
                       dealer=dealer, seed=seed)


def play(game, seat, card, uno=False, color=None):
    return game.apply(seat, Action("play", card, color, uno=uno))


def act(game, seat, kind, **fields):
    return game.apply(seat, Action(kind, **fields))


def snapshot(game):
    """Everything that makes up a game's state, for checking that nothing changed."""
    return (repr(game.hands), list(game.draw_pile), list(game.discard), game.color, game.direction,
            game.turn, game.decider, game.phase, game.attack, game.pending_draw, list(game.uno_said),
            game.window, game.more_windows, game.passes, game.over, game.winner, list(game.out), list(game.chain),
            game.rng.getstate())


def two_down(**house):
    """Seat 0 holds a 0, seats 1 and 2 one card each (their others put under the draw pile)."""
    g = rig(hands=[["R0", "G1", "G2"], ["Y1", "Y5", "Y6"], ["B4", "B8", "B9"], ["B1", "B2", "B3"]],
            draw=DRAW, **house)
    for seat, keep in ((1, "Y1"), (2, "B4")):
        for card in [c for c in g.hands[seat] if c != CARD_OF[keep]]:
            g.hands[seat].remove(card)
            g.draw_pile.insert(0, card)
    return g


def seated(spec: dict) -> dict:
    """``spec`` (preset, players, house) with its players fitted to teams (an even number from 4)."""
    players = spec["players"]
    if spec["house"].get("teams") and (players < 4 or players % 2):
        players = min(10, max(4, players + players % 2))
    return {**spec, "players": players}


def accepted(spec: dict) -> bool:
    """Does make_rules take this combination (for these players)?"""
    try:
        make_rules(spec["preset"], players=spec["players"], **spec["house"])
    except RulesError:
        return False
    return True


def codes(game, seat):
    """A seat's hand as card numbers, sorted (to compare with ``cards``)."""
    return sorted(game.hands[seat])


def cards(*names):
    """Cards by their codes, as numbers, sorted."""
    return sorted(CARD_OF[c] for c in names)
