"""Attacks: a card that makes its target draw, skip or show their hand, and the answers to one.

Functions of the game. An attack waits for its target's answer when the target has one (a
challenge, a shield, a stack); otherwise it strikes at once. Going out on one still deals its draw.
"""
from .cards import CODES, COLORS, DRAW_TWO, INVISIBILITY, KIND, N_CARDS, RANK_OF, SORTING_HAT, WILD_DRAW_FOUR
from .legal import SHIELDABLE
from .steps import after_shed, begin, draw_cards, event, finish, set_color, take_pending

#: cards that strike the next player (draw, skip, show the hand, draw until)
ATTACKS = frozenset(c for c in range(N_CARDS) if KIND[c].skip or KIND[c].draw_until)
DRAWS = [KIND[c].draw for c in range(N_CARDS)]
#: the cards that end a Sorting Hat's drawing
HAT_STOPS = frozenset(c for c in range(52) if c % 13 in KIND[SORTING_HAT].draw_until)


def attack(game, attacker: int, card: int):
    """``card`` strikes the next player: at once, or once they answer when they have an answer."""
    target = game.next_seat(attacker)
    game.pending_draw += DRAWS[card]
    rank, rules = RANK_OF[card], game.rules
    if ((game.can_shield and rank in SHIELDABLE)
            or (rank == DRAW_TWO and (rules.stack_draw_two or rules.stack_mixed or rules.deflect))
            or (card == WILD_DRAW_FOUR and (rules.stack_draw_four or not rules.strict_wild_draw_four))):
        game.attack = (card, attacker, target)
        game.phase, game.decider = "respond", target
    else:
        count, game.pending_draw = game.pending_draw, 0
        strike(game, card, target, count)


def accept(game, seat, action):
    event(game, "accept", seat)
    card, _, target = game.attack
    count, game.attack, game.pending_draw = game.pending_draw, None, 0
    strike(game, card, target, count)


def strike(game, card: int, target: int, count: int):
    """``card``'s effect on ``target`` (``count``: the cards it makes them draw); then the next turn."""
    if count:
        draw_cards(game, target, count, "penalty")
        if game.over:
            return
        nxt = game.next_seat(target)
    elif card == SORTING_HAT:
        _hat_draw(game, target)
        if game.over:
            return
        nxt = game.next_seat(target) if game.rules.sorting_hat_skips or game.out[target] else target
    else:
        if KIND[card].reveal:
            cards = sorted(CODES[c] for c in game.hands[target])
            game.shown.append((target, cards, None))
            event(game, "reveal", target, cards=cards)
        if game.record:
            game._events.append({"type": "skip", "seat": target})
        nxt = game.next_seat(target)
    game.phase = "turn"
    game.turn = game.decider = nxt
    game.drawn = -1


def _hat_draw(game, seat: int):
    """Sorting Hat: draw one at a time until a number 1-4 (or the piles run out)."""
    while True:
        drawn = draw_cards(game, seat, 1, "sorting_hat")
        if not drawn or drawn[0] in HAT_STOPS or game.out[seat]:
            return


def challenge(game, seat, action):
    _, attacker, target = game.attack
    game.attack = None
    guilty = game.wd4_guilty
    cards = sorted(CODES[c] for c in game.hands[attacker])
    game.shown.append((attacker, cards, (seat,)))
    event(game, "challenge", seat, target=attacker, guilty=guilty,
          secret={"hand": cards}, to=(seat, attacker))
    if guilty:
        draw_cards(game, attacker, take_pending(game), "challenge")
        if not game.over:
            begin(game, target)
    else:
        draw_cards(game, target, take_pending(game) + 2, "challenge")
        if not game.over:
            begin(game, game.next_seat(target))


def shield(game, seat, action):
    game.attack = None
    game.pending_draw = 0
    hand = game.hands[seat]
    hand.remove(INVISIBILITY)
    game.discard.append(INVISIBILITY)
    event(game, "shield", seat, card=CODES[INVISIBILITY], color=action.color, uno=action.uno)
    after_shed(game, seat, action.uno)
    if not hand:
        finish(game, seat)
    else:
        set_color(game, COLORS.index(action.color))
        begin(game, game.next_seat(seat))


def go_out(game, seat: int, card: int):
    """The last card is down: draw cards it deals still count for scoring."""
    nxt = game.next_seat(seat)
    game.winner = seat                # (mercy puts nobody out over these draws: the hand is won)
    if DRAWS[card]:
        draw_cards(game, nxt, take_pending(game) + DRAWS[card], "penalty")
    elif card == SORTING_HAT:
        _hat_draw(game, nxt)
    finish(game, seat)
