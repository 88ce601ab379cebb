"""The moves that are not a card played: drawing, keeping, passing, naming the first colour,
saying UNO and catching. Part of Game."""
from .cards import CODES, COLORS, POINTS
from .house import MERCY


class Moves:
    __slots__ = ()

    def _do_draw(self, seat, action):
        """One card, or with ``draw_to_match`` until one can be played (a matching card the rules
        refuse, such as a strict Wild Draw Four held with the active colour, is drawn past); a card
        that can be played waits for play or keep (with ``force_play``: play), any other ends the turn."""
        self.passes = 0
        pile = self.draw_pile
        if pile and not self.rules.draw_to_match:     # one card off the pile: _draw, inline
            last = pile.pop()
            self.hands[seat].append(last)
            self.uno_said[seat] = False
            if self.record:
                self._events.append({"type": "draw", "seat": seat, "count": 1, "reason": "draw",
                                     "secret": {"cards": [CODES[last]]}, "to": (seat,)})
            if self._mercy and len(self.hands[seat]) >= MERCY:
                self._eliminate(seat)
                return
        else:
            if not pile and self._going_round():
                self._blocked(seat)
                return
            drawn = self._draw(seat, 1, "draw")
            while (self.rules.draw_to_match and drawn and not self._may_play(seat, drawn[-1]) and self.can_draw()
                   and not self.out[seat]):
                drawn += self._draw(seat, 1, "draw")
            if self.out[seat]:            # mercy: out of the hand (_eliminate moved play on)
                return
            last = drawn[-1] if drawn else -1
        if last >= 0 and self._may_play(seat, last):
            self.phase, self.drawn = "drawn", last
        else:
            nxt = (seat + self.direction) % self.n if not self.gone else self.next_seat(seat)
            self.phase = "turn"
            self.turn = self.decider = nxt
            self.drawn = -1

    def _may_play(self, seat: int, card: int) -> bool:
        """May ``seat`` play the ``card`` it just drew: it matches, and no rule refuses it?"""
        return card in self._matching and (not self._refuses or self.refusal(self.hands[seat], card) is None)

    def _going_round(self) -> bool:
        """The draw pile must be rebuilt for a turn's draw: has it been, a round of times in a row, with
        the same hands each time (whoever holds them: seven_zero passes them on)? Then nobody can play
        from their hand and the same few cards go round (say, every drawn card is played at once, as
        ``force_play`` wants): it would go on forever, so the hand is blocked (rule 4)."""
        hands = sorted(sorted(h) for h in self.hands)
        self.refills, self.stall = (self.refills + 1 if hands == self.stall else 0), hands
        return self.refills >= self.playing

    def _do_keep(self, seat, action):
        self._event("keep", seat)
        self._begin(self.next_seat(seat))

    def _do_pass(self, seat, action):
        self._event("pass", seat)
        self.passes += 1
        if self.passes >= self.playing:
            self._blocked(self.next_seat(seat))
        else:
            self._begin(self.next_seat(seat))

    def _blocked(self, next_up: int):
        """Nobody could play or draw for a full round: fewest points in hand wins."""
        order = [self.next_seat(next_up, i) for i in range(self.playing)]
        points = {s: sum(POINTS[c] for c in self.hands[s]) for s in order}
        best = min(points.values())
        self.blocked = True
        self._finish(next(s for s in order if points[s] == best), "blocked")

    def _do_color(self, seat, action):
        """The colour of a wild turned up first (every other wild names it when played)."""
        self._set_color(COLORS.index(action.color))
        self._event("color", seat, color=action.color)
        self._first_effect()

    def _do_say_uno(self, seat, action):
        self.uno_said[seat] = True
        self._event("say_uno", seat)

    def _do_catch(self, seat, action):
        target = action.target
        left = [s for s in (self.window, *self.more_windows) if s != target]     # one catch per seat
        self.window, self.more_windows = (left[0], tuple(left[1:])) if left else (-1, ())
        caught = not self.uno_said[target]
        self._event("catch", seat, target=target, caught=caught)
        if caught:
            self._draw(target, self.rules.uno_penalty, "uno")
        elif self.rules.false_catch_penalty:
            self._draw(seat, 2, "false_catch")
