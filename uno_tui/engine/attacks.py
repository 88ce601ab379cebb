"""Attacks: a card that makes its target draw, skip or show their hand, and the answers to one.

Part of Game. An attack waits for its target's answer when the target has one (a challenge, a
shield, a stack); otherwise it strikes at once. Going out on one still deals its draw.
"""
from .cards import CODES, COLORS, DRAW_TWO, INVISIBILITY, KIND, N_CARDS, RANK_OF, SORTING_HAT, WILD_DRAW_FOUR
from .legal import SHIELDABLE

#: cards that strike the next player (draw, skip, show the hand, draw until)
ATTACKS = frozenset(c for c in range(N_CARDS) if KIND[c].skip or KIND[c].draw_until)
DRAWS = [KIND[c].draw for c in range(N_CARDS)]
#: the cards that end a Sorting Hat's drawing
HAT_STOPS = frozenset(c for c in range(52) if c % 13 in KIND[SORTING_HAT].draw_until)


class Attacks:
    __slots__ = ()

    def _attack(self, attacker: int, card: int):
        """``card`` strikes the next player: at once, or once they answer when they have an answer."""
        target = self.next_seat(attacker)
        self.pending_draw += DRAWS[card]
        rank, rules = RANK_OF[card], self.rules
        if ((self.can_shield and rank in SHIELDABLE)
                or (rank == DRAW_TWO and (rules.stack_draw_two or rules.stack_mixed or rules.deflect))
                or (card == WILD_DRAW_FOUR and (rules.stack_draw_four or not rules.strict_wild_draw_four))):
            self.attack = (card, attacker, target)
            self.phase, self.decider = "respond", target
        else:
            count, self.pending_draw = self.pending_draw, 0
            self._strike(card, target, count)

    def _do_accept(self, seat, action):
        self._event("accept", seat)
        card, _, target = self.attack
        count, self.attack, self.pending_draw = self.pending_draw, None, 0
        self._strike(card, target, count)

    def _strike(self, card: int, target: int, count: int):
        """``card``'s effect on ``target`` (``count``: the cards it makes them draw); then the next turn."""
        if count:
            self._draw(target, count, "penalty")
            if self.over:
                return
            nxt = self.next_seat(target)
        elif card == SORTING_HAT:
            self._hat_draw(target)
            if self.over:
                return
            nxt = self.next_seat(target) if self.rules.sorting_hat_skips or self.out[target] else target
        else:
            if KIND[card].reveal:
                cards = sorted(CODES[c] for c in self.hands[target])
                self.shown.append((target, cards, None))
                self._event("reveal", target, cards=cards)
            if self.record:
                self._events.append({"type": "skip", "seat": target})
            nxt = self.next_seat(target)
        self.phase = "turn"
        self.turn = self.decider = nxt
        self.drawn = -1

    def _hat_draw(self, seat: int):
        """Sorting Hat: draw one at a time until a number 1-4 (or the piles run out)."""
        while True:
            drawn = self._draw(seat, 1, "sorting_hat")
            if not drawn or drawn[0] in HAT_STOPS or self.out[seat]:
                return

    def _do_challenge(self, seat, action):
        _, attacker, target = self.attack
        self.attack = None
        guilty = self.wd4_guilty
        cards = sorted(CODES[c] for c in self.hands[attacker])
        self.shown.append((attacker, cards, (seat,)))
        self._event("challenge", seat, target=attacker, guilty=guilty,
                    secret={"hand": cards}, to=(seat, attacker))
        if guilty:
            self._draw(attacker, self._take_pending(), "challenge")
            if not self.over:
                self._begin(target)
        else:
            self._draw(target, self._take_pending() + 2, "challenge")
            if not self.over:
                self._begin(self.next_seat(target))

    def _do_shield(self, seat, action):
        self.attack = None
        self.pending_draw = 0
        hand = self.hands[seat]
        hand.remove(INVISIBILITY)
        self.discard.append(INVISIBILITY)
        self._event("shield", seat, card=CODES[INVISIBILITY], color=action.color, uno=action.uno)
        self._after_shed(seat, action.uno)
        if not hand:
            self._finish(seat)
        else:
            self._set_color(COLORS.index(action.color))
            self._begin(self.next_seat(seat))

    def _go_out(self, seat: int, card: int):
        """The last card is down: draw cards it deals still count for scoring."""
        nxt = self.next_seat(seat)
        self.winner = seat                # (mercy puts nobody out over these draws: the hand is won)
        if DRAWS[card]:
            self._draw(nxt, self._take_pending() + DRAWS[card], "penalty")
        elif card == SORTING_HAT:
            self._hat_draw(nxt)
        self._finish(seat)
