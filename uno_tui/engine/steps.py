"""The steps every move is made of: an event told, the colour named, a turn begun, cards drawn (the
pile rebuilt on the way), a hand down to one card, a seat put out (mercy), the hand won.

Functions of the game (game.py holds its state): the modules of moves (plays.py, attacks.py,
moves.py, deal.py) call them with the game they act on.
"""
import random
from functools import partial
from itertools import repeat, starmap

from .cards import CODES, RANK_OF
from .house import MERCY
from .legal import MATCHING


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """Shuffle in place: one random key per card (several times faster than random.shuffle). The keys
    are drawn first, in one C loop (starmap), then handed to the sort by a list iterator: no Python
    call per card, and cheaper than drawing each key during the sort from iter(rng.random, None)."""
    keys = list(starmap(rng.random, repeat((), len(cards))))
    cards.sort(key=partial(next, iter(keys)))


def event(game, kind: str, seat=None, **fields):
    if game.record:
        fields["type"] = kind
        if seat is not None:
            fields["seat"] = seat
        game._events.append(fields)


def set_color(game, color: int):
    """The active colour, named for the card now on top; what matches the two is kept with them, as
    the hottest test (what a turn may play) reads it."""
    game.color = color
    game._matching = MATCHING[color][RANK_OF[game.discard[-1]]]


def begin(game, seat: int):
    game.phase = "turn"
    game.turn = game.decider = seat
    game.drawn = -1


def take_pending(game) -> int:
    n, game.pending_draw = game.pending_draw, 0
    return n


def refill(game) -> bool:
    """Shuffle the discard pile (but its top card) into a new draw pile."""
    if len(game.discard) < 2:
        return False
    pile = game.discard[:-1]
    del game.discard[:-1]
    shuffle(game.rng, pile)
    game.draw_pile = pile
    event(game, "reshuffle", count=len(pile))
    return True


def draw_cards(game, seat: int, count: int, reason: str) -> list[int]:
    """``seat`` draws ``count`` cards (fewer if both piles run out); the cards drawn."""
    pile = game.draw_pile
    if 0 < count <= len(pile):               # the usual case: no reshuffle on the way
        drawn = pile[:-count - 1:-1]         # as if popped one by one
        del pile[-count:]
    else:
        drawn = []
        for _ in range(count):
            if not pile:
                if not refill(game):
                    break
                pile = game.draw_pile
            drawn.append(pile.pop())
    if drawn:
        game.hands[seat].extend(drawn)
        game.uno_said[seat] = False
        if game.record:
            codes = list(map(CODES.__getitem__, drawn))
            game._events.append({"type": "draw", "seat": seat, "count": len(drawn), "reason": reason,
                                 "secret": {"cards": codes}, "to": (seat,)})
        if game._mercy and len(game.hands[seat]) >= MERCY:
            eliminate(game, seat)
    return drawn


def after_shed(game, seat: int, uno: bool):
    """A seat's hand just shrank: a last-but-one card opens the catch window (uno_penalty 0: none)."""
    if len(game.hands[seat]) == 1 and game._uno:
        game.uno_said[seat] = uno
        game.window = seat
        if uno:
            event(game, "say_uno", seat)


def eliminate(game, seat: int):
    """mercy: ``seat`` holds too many cards and is out of the hand; its cards go under the draw
    pile. When everyone left is on one side, that side wins (the hand is not over while a card
    that ends it is still dealing its draw: ``winner`` is already set then)."""
    if game.winner >= 0 or game.over:
        return
    hand = game.hands[seat]
    game.draw_pile[:0] = hand
    event(game, "eliminated", seat, count=len(hand))
    hand.clear()
    game.out[seat], game.uno_said[seat] = True, False
    game.gone += 1
    if game.window >= 0:
        ws = [s for s in (game.window, *game.more_windows) if s != seat]
        game.window, game.more_windows = (ws[0], tuple(ws[1:])) if ws else (-1, ())
    left = {game.side(s) for s in range(game.n) if not game.out[s]}
    if len(left) == 1:
        finish(game, game.next_seat(seat), "mercy")
    elif game.decider == seat:          # out in the middle of a decision: play goes on without them
        game.attack, game.pending_draw = None, 0
        begin(game, game.next_seat(seat))


def finish(game, winner: int, why: str = "out"):
    """The hand is won by ``winner`` (and their team): ``why`` they went out, the hand was blocked
    ("blocked") or everyone else is out of it ("mercy")."""
    game.over, game.winner = True, winner
    game.phase, game.decider, game.window, game.attack = "over", -1, -1, None
    game.more_windows = ()
    event(game, "hand_over", winner, blocked=game.blocked, points=game.points(),
          hands=[list(map(CODES.__getitem__, h)) for h in game.hands], why=why,
          team=game.side(winner) if game.rules.teams else None,
          out=[s for s in range(game.n) if game.out[s]])
