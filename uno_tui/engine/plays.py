"""Playing a card, and what each card then does (read off the card table in kinds.py).

Part of Game. A card that strikes the next player goes on in attacks.py; the house rules'
plays (multi_play, deflect, seven_zero, Voldemort's discards) are here.
"""
from .attacks import ATTACKS
from .cards import CARD_OF, CODES, COLOR_INDEX, COLOR_OF, RANK_OF, REVERSE, SKIP, VOLDEMORT, WILD_DRAW_FOUR
from .house import MERCY
from .legal import MATCHING, VOLDEMORT_CARDS

#: seven_zero: the numbers that swap (a 7: with a seat the player chooses) and pass (a 0: every hand on)
SWAP_RANK, PASS_RANK = 7, 0


class Plays:
    __slots__ = ()

    def _do_play_drawn(self, seat, action):
        self._do_play(seat, action, self.drawn)

    def _do_jump_in(self, seat, action):
        """An identical card out of turn: play goes on from the jumper, as if it were their turn."""
        self._event("jump_in", seat, card=action.card)
        self.turn = seat
        self._do_play(seat, action)

    def _do_play(self, seat: int, action, card: int = -1):
        """A card from the hand, or (``card``) the one just drawn. The hottest path of all: a
        number card from a hand of two or more takes the fewest tests."""
        chained = False
        if card < 0:
            card = CARD_OF[action.card]
            if self.phase == "respond":      # stacking a draw card on the one played at you, or deflecting it
                if RANK_OF[card] == SKIP or RANK_OF[card] == REVERSE:
                    self._deflect_draw(seat, card, action)
                    return
                self.attack = None
            chained = self.phase == "more"
        hand = self.hands[seat]
        if card == WILD_DRAW_FOUR:
            self.wd4_guilty, self.wd4_color = self._wd4_illegal(hand, card), self.color
        hand.remove(card)
        self.discard.append(card)
        self.passes = 0
        if self.record:
            self._events.append({"type": "play", "seat": seat, "card": CODES[card], "color": action.color,
                                 "uno": action.uno})
        if len(hand) < 2 or card == VOLDEMORT:
            if card == VOLDEMORT and any(c in VOLDEMORT_CARDS for c in hand):
                self.phase, self.decider, self.uno_intent = "discard", seat, action.uno
                return
            if not hand:
                if chained:
                    self._chain_done(seat, card)
                self._go_out(seat, card)
                return
            self._after_shed(seat, action.uno)
        if card < 52:                                 # (_set_color, inline)
            self.color = color = COLOR_OF[card]
            rank = RANK_OF[card]
            self._matching = MATCHING[color][rank]
            if rank >= 10:
                if rank != REVERSE:
                    self._attack(seat, card)
                    return
                direction = self.direction = -self.direction
                if self.record:
                    self._events.append({"direction": direction, "type": "reverse", "seat": seat})
                if self.n - self.gone == 2:
                    self._event("skip", self.next_seat(seat))
                    self._begin(seat)
                    return
            else:
                if self._multi and action.kind == "play":      # multi_play: more of the number, on your turn
                    if chained or any(RANK_OF[c] == rank for c in hand):
                        self._chain_done(seat, card)
                        if any(RANK_OF[c] == rank for c in hand):
                            self.phase, self.decider = "more", seat
                            return
                if self._sevens and (rank == SWAP_RANK or rank == PASS_RANK):
                    if rank == SWAP_RANK:
                        self.phase, self.decider = "swap", seat
                        return
                    self._pass_hands(seat)
                    if self.over:
                        return
        else:
            self.color = color = COLOR_INDEX[action.color]
            self._matching = MATCHING[color][card]       # a wild's rank is its own id
            if card in ATTACKS:
                self._attack(seat, card)
                return
        nxt = (seat + self.direction) % self.n       # a number, a Reverse, another wild: the next player
        if self.gone:
            nxt = self.next_seat(seat)
        self.phase = "turn"
        self.turn = self.decider = nxt
        self.drawn = -1

    # ------------------------------------------------------------------ multi_play
    def _chain_done(self, seat: int, card: int):
        """multi_play: ``card`` joins the cards of its number played this turn; when no more can
        follow (none of the number left), the play is told as one event listing them all."""
        if self.phase != "more":
            self.chain = []
        self.chain.append(card)
        if not any(RANK_OF[c] == RANK_OF[card] for c in self.hands[seat]) and len(self.chain) > 1:
            self._event("multi_play", seat, cards=[CODES[c] for c in self.chain])
            self.chain = []

    def _do_stop(self, seat, action):
        """multi_play: no more of the number; the last card's number then does what it does."""
        self._event("multi_play", seat, cards=[CODES[c] for c in self.chain])
        self.chain = []
        rank = RANK_OF[self.discard[-1]]
        if self._sevens and rank == SWAP_RANK:
            self.phase, self.decider = "swap", seat
            return
        if self._sevens and rank == PASS_RANK:
            self._pass_hands(seat)
            if self.over:
                return
        self._begin(self.next_seat(seat))

    # ------------------------------------------------------------------ deflect
    def _deflect_draw(self, seat: int, card: int, action):
        """deflect: a Skip of the Draw Two's colour passes its draw on to the next player; a Reverse
        sends it back to whoever sent it to you, and reverses play. The draw keeps its count."""
        draw_two, sender, _ = self.attack
        hand = self.hands[seat]
        hand.remove(card)
        self.discard.append(card)
        self.passes = 0
        self._event("play", seat, card=CODES[card], color=None, uno=action.uno)
        self._set_color(COLOR_OF[card])
        if RANK_OF[card] == REVERSE:
            self.direction = -self.direction
            self._event("reverse", seat, direction=self.direction)
            target = sender if not self.out[sender] else self.next_seat(seat)
        else:
            target = self.next_seat(seat)
        self._event("deflect", seat, card=CODES[card], target=target, draw=self.pending_draw)
        self._after_shed(seat, action.uno)
        if not hand:                      # out on the deflect: its new target draws for scoring
            self.attack, self.winner = None, seat
            self._draw(target, self._take_pending(), "penalty")
            self._finish(seat)
            return
        self.attack = (draw_two, seat, target)
        self.phase, self.turn, self.decider = "respond", seat, target

    def _after_shed(self, seat: int, uno: bool):
        """A seat's hand just shrank: a last-but-one card opens the catch window (uno_penalty 0: none)."""
        if len(self.hands[seat]) == 1 and self._uno:
            self.uno_said[seat] = uno
            self.window = seat
            if uno:
                self._event("say_uno", seat)

    # ------------------------------------------------------------------ seven_zero
    def _do_swap(self, seat, action):
        """A 7 (seven_zero): its player swaps hands with the seat they chose."""
        target = action.target
        hands = self.hands
        hands[seat], hands[target] = hands[target], hands[seat]
        self._event("swap", seat, target=target)
        self._rehanded((target, seat))
        if not self.over:
            self._begin(self.next_seat(seat))

    def _pass_hands(self, seat: int):
        """A 0 (seven_zero): every hand goes to the next player in the direction of play."""
        n, d = self.n, self.direction
        if self.gone:                     # mercy: only among the players still in the hand
            hands = list(self.hands)
            for s in range(n):
                if not self.out[s]:
                    hands[self.next_seat(s)] = self.hands[s]
            self.hands = hands
        else:
            self.hands = [self.hands[(s - d) % n] for s in range(n)]
        self._event("pass_hands", seat, direction=d)
        self._rehanded([self.next_seat(seat, i) for i in range(1, self.playing + 1)])

    def _rehanded(self, seats):
        """Hands changed owners: each owner must say UNO anew, and every one of ``seats`` left with one
        card may be caught (the first in ``window``, the rest in ``more_windows``) until the next begins."""
        for s in seats:
            self.uno_said[s] = False
        ones = [s for s in seats if len(self.hands[s]) == 1] if self._uno else []
        self.window = ones[0] if ones else -1
        self.more_windows = tuple(ones[1:])
        if self._mercy:
            for s in seats:
                if len(self.hands[s]) >= MERCY:
                    self._eliminate(s)

    def _do_discard(self, seat, action):
        """Voldemort: the next 2, 6 or 9; the last sets the colour and the number on top."""
        card = CARD_OF[action.card]
        hand = self.hands[seat]
        hand.remove(card)
        self.discard.append(card)
        self._event("discard", seat, card=action.card)
        if any(c in VOLDEMORT_CARDS for c in hand):
            return
        self._set_color(COLOR_OF[card])
        self._after_shed(seat, self.uno_intent)
        if not hand:
            self._finish(seat)
        else:
            self._begin(self.next_seat(seat))
