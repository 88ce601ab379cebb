"""Playing a card, and what each card then does (read off the card table in kinds.py).

Functions of the game. A card that strikes the next player goes on in attacks.py; the house
rules' plays (multi_play, deflect, seven_zero, Voldemort's discards) are here.
"""
from .attacks import ATTACKS, attack, go_out
from .cards import CARD_OF, CODES, COLOR_INDEX, COLOR_OF, RANK_OF, REVERSE, SKIP, VOLDEMORT, WILD_DRAW_FOUR
from .house import MERCY
from .legal import MATCHING, VOLDEMORT_CARDS, wd4_illegal
from .steps import after_shed, begin, draw_cards, eliminate, event, finish, set_color, take_pending

#: seven_zero: the numbers that swap (a 7: with a seat the player chooses) and pass (a 0: every hand on)
SWAP_RANK, PASS_RANK = 7, 0


def play_drawn(game, seat, action):
    play(game, seat, action, game.drawn)


def jump_in(game, seat, action):
    """An identical card out of turn: play goes on from the jumper, as if it were their turn."""
    event(game, "jump_in", seat, card=action.card)
    game.turn = seat
    play(game, seat, action)


def play(game, seat: int, action, card: int = -1):
    """A card from the hand, or (``card``) the one just drawn. The hottest path of all: a
    number card from a hand of two or more takes the fewest tests."""
    chained = False
    if card < 0:
        card = CARD_OF[action.card]
        if game.phase == "respond":      # stacking a draw card on the one played at you, or deflecting it
            if RANK_OF[card] == SKIP or RANK_OF[card] == REVERSE:
                _deflect_draw(game, seat, card, action)
                return
            game.attack = None
        chained = game.phase == "more"
    hand = game.hands[seat]
    if card == WILD_DRAW_FOUR:
        game.wd4_guilty, game.wd4_color = wd4_illegal(game, hand, card), game.color
    hand.remove(card)
    game.discard.append(card)
    game.passes = 0
    if game.record:
        game._events.append({"type": "play", "seat": seat, "card": CODES[card], "color": action.color,
                             "uno": action.uno})
    if len(hand) < 2 or card == VOLDEMORT:
        if card == VOLDEMORT and any(c in VOLDEMORT_CARDS for c in hand):
            game.phase, game.decider, game.uno_intent = "discard", seat, action.uno
            return
        if not hand:
            if chained:
                _chain_done(game, seat, card)
            go_out(game, seat, card)
            return
        after_shed(game, seat, action.uno)
    if card < 52:                                 # (set_color, inline)
        game.color = color = COLOR_OF[card]
        rank = RANK_OF[card]
        game._matching = MATCHING[color][rank]
        if rank >= 10:
            if rank != REVERSE:
                attack(game, seat, card)
                return
            direction = game.direction = -game.direction
            if game.record:
                game._events.append({"direction": direction, "type": "reverse", "seat": seat})
            if game.n - game.gone == 2:
                event(game, "skip", game.next_seat(seat))
                begin(game, seat)
                return
        else:
            if game._multi and action.kind == "play":      # multi_play: more of the number, on your turn
                if chained or any(RANK_OF[c] == rank for c in hand):
                    _chain_done(game, seat, card)
                    if any(RANK_OF[c] == rank for c in hand):
                        game.phase, game.decider = "more", seat
                        return
            if game._sevens and (rank == SWAP_RANK or rank == PASS_RANK):
                if rank == SWAP_RANK:
                    game.phase, game.decider = "swap", seat
                    return
                _pass_hands(game, seat)
                if game.over:
                    return
    else:
        game.color = color = COLOR_INDEX[action.color]
        game._matching = MATCHING[color][card]       # a wild's rank is its own id
        if card in ATTACKS:
            attack(game, seat, card)
            return
    nxt = (seat + game.direction) % game.n       # a number, a Reverse, another wild: the next player
    if game.gone:
        nxt = game.next_seat(seat)
    game.phase = "turn"
    game.turn = game.decider = nxt
    game.drawn = -1


# ------------------------------------------------------------------ multi_play
def _chain_done(game, seat: int, card: int):
    """multi_play: ``card`` joins the cards of its number played this turn; when no more can
    follow (none of the number left), the play is told as one event listing them all."""
    if game.phase != "more":
        game.chain = []
    game.chain.append(card)
    if not any(RANK_OF[c] == RANK_OF[card] for c in game.hands[seat]) and len(game.chain) > 1:
        event(game, "multi_play", seat, cards=[CODES[c] for c in game.chain])
        game.chain = []


def stop(game, seat, action):
    """multi_play: no more of the number; the last card's number then does what it does."""
    event(game, "multi_play", seat, cards=[CODES[c] for c in game.chain])
    game.chain = []
    rank = RANK_OF[game.discard[-1]]
    if game._sevens and rank == SWAP_RANK:
        game.phase, game.decider = "swap", seat
        return
    if game._sevens and rank == PASS_RANK:
        _pass_hands(game, seat)
        if game.over:
            return
    begin(game, game.next_seat(seat))


# ------------------------------------------------------------------ deflect
def _deflect_draw(game, seat: int, card: int, action):
    """deflect: a Skip of the Draw Two's colour passes its draw on to the next player; a Reverse
    sends it back to whoever sent it to you, and reverses play. The draw keeps its count."""
    draw_two, sender, _ = game.attack
    hand = game.hands[seat]
    hand.remove(card)
    game.discard.append(card)
    game.passes = 0
    event(game, "play", seat, card=CODES[card], color=None, uno=action.uno)
    set_color(game, COLOR_OF[card])
    if RANK_OF[card] == REVERSE:
        game.direction = -game.direction
        event(game, "reverse", seat, direction=game.direction)
        target = sender if not game.out[sender] else game.next_seat(seat)
    else:
        target = game.next_seat(seat)
    event(game, "deflect", seat, card=CODES[card], target=target, draw=game.pending_draw)
    after_shed(game, seat, action.uno)
    if not hand:                      # out on the deflect: its new target draws for scoring
        game.attack, game.winner = None, seat
        draw_cards(game, target, take_pending(game), "penalty")
        finish(game, seat)
        return
    game.attack = (draw_two, seat, target)
    game.phase, game.turn, game.decider = "respond", seat, target


# ------------------------------------------------------------------ seven_zero
def swap(game, seat, action):
    """A 7 (seven_zero): its player swaps hands with the seat they chose."""
    target = action.target
    hands = game.hands
    hands[seat], hands[target] = hands[target], hands[seat]
    event(game, "swap", seat, target=target)
    _rehanded(game, (target, seat))
    if not game.over:
        begin(game, game.next_seat(seat))


def _pass_hands(game, seat: int):
    """A 0 (seven_zero): every hand goes to the next player in the direction of play."""
    n, d = game.n, game.direction
    if game.gone:                     # mercy: only among the players still in the hand
        hands = list(game.hands)
        for s in range(n):
            if not game.out[s]:
                hands[game.next_seat(s)] = game.hands[s]
        game.hands = hands
    else:
        game.hands = [game.hands[(s - d) % n] for s in range(n)]
    event(game, "pass_hands", seat, direction=d)
    _rehanded(game, [game.next_seat(seat, i) for i in range(1, game.playing + 1)])


def _rehanded(game, seats):
    """Hands changed owners: each owner must say UNO anew, and every one of ``seats`` left with one
    card may be caught (the first in ``window``, the rest in ``more_windows``) until the next begins."""
    for s in seats:
        game.uno_said[s] = False
    ones = [s for s in seats if len(game.hands[s]) == 1] if game._uno else []
    game.window = ones[0] if ones else -1
    game.more_windows = tuple(ones[1:])
    if game._mercy:
        for s in seats:
            if len(game.hands[s]) >= MERCY:
                eliminate(game, s)


# ------------------------------------------------------------------ Voldemort
def discard(game, seat, action):
    """Voldemort: the next 2, 6 or 9; the last sets the colour and the number on top."""
    card = CARD_OF[action.card]
    hand = game.hands[seat]
    hand.remove(card)
    game.discard.append(card)
    event(game, "discard", seat, card=action.card)
    if any(c in VOLDEMORT_CARDS for c in hand):
        return
    set_color(game, COLOR_OF[card])
    after_shed(game, seat, game.uno_intent)
    if not hand:
        finish(game, seat)
    else:
        begin(game, game.next_seat(seat))
