"""How bots play at a table: when each thinks, how fast it reacts, where long thoughts run.

Part of Table (session.py): every move replans what each bot means to do (a seat's
coming or going, only that seat's); a move a bot decided on is played only if the
game has not moved since the bot saw it.
"""
import asyncio
import concurrent.futures
import logging
import math
import time

from uno_tui.protocol.describe import too_late
from uno_tui.protocol.timing import LATE

from ..bots import Bot, make_bot
from ..engine import Action, IllegalAction

logger = logging.getLogger(__name__)
#: where bots make the decisions that take long (bots.Bot.thinks_long): one thread, as they
#: are searches in pure Python, and a second would only share the same interpreter lock
THINKER = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot-thinking")
#: seconds a bot thinking through its pause leaves of it for the hop back to the loop and a last guess
THINK_MARGIN = 0.03
class BotPacing:
    """Table's bot scheduling (uses the table's seats, game, pacing and timers, and ``moves``:
    how many changes the game has had, so a bot's plan made at one is dropped at the next)."""

    def _schedule(self, seat: int | None = None) -> None:
        """Cancel what bots meant to do, and let each think again from the new state. With
        ``seat``, only that seat's plans (and the table's own) are redone: someone coming or
        going must not put off what the other seats' bots were about to do."""
        redo = range(len(self.seats)) if seat is None else (seat,)
        for key in (*redo, None):
            for timer in self._timers.pop(key, ()):
                timer.cancel()
        loop = asyncio.get_running_loop()
        moves, game = self.moves, self.game
        if game.over:
            if not any(s.kind == "human" and s.listener is not None for s in self.seats):
                self._plan(None, loop.call_later(self.pacing.hand_pause, self._auto_next, moves))
            return
        self._mark_time()
        reflex, closing = self._held(), self._held(closing=True)
        decider = game.decider
        if decider in redo and self._clock is not None:
            self._plan(decider, loop.call_at(self._clock[1], self._timeout, decider))
        for i in sorted(redo, key=lambda i: i == decider):      # the player to move last
            s = self.seats[i]
            if s.bot is None:
                continue
            pause = max(self.pacing.bot_delay, closing)        # the next move waits for a person's chance
            if i == decider and s.bot.thinks_in_pause:    # it thinks from now, and plays once its pause is over
                self._due[i] = loop.time() + pause
                self._plan(i, loop.call_later(0, self._bot_turn, i, moves))
                continue
            if i == decider:
                # the player to move thinks when its pause is over, so the move just made shows first
                self._plan(i, loop.call_later(pause, self._bot_turn, i, moves))
                continue
            if i in self._thinking:          # (its thread has the bot; it catches up when done)
                continue
            action = self._decide(s.bot, i)
            if action is not None:
                delay = self._catch_delay(s.bot) if action["kind"] in ("catch", "jump_in") else 0
                self._plan(i, loop.call_later(max(delay, reflex), self._bot_act, i, action, moves))

    # -- a person's reaction window: one mechanism for every out-of-turn chance
    def _chances(self) -> frozenset:
        """What the people at the table may do out of turn now (catch a player who has not said UNO,
        jump in, call UNO before being caught): the seats a person plays (no bot standing in)."""
        game = self.game
        if game is None or game.over:
            return frozenset()
        found = set()
        for i, s in enumerate(self.seats):
            if s.kind != "human" or s.bot is not None or s.listener is None:
                continue
            for action in game.legal_actions(i):
                if ((action.kind == "catch" and not game.uno_said[action.target]) or action.kind == "jump_in"
                        or (action.kind == "say_uno" and i != game.decider)):
                    found.add((i, action.kind, action.target, action.card))
        return frozenset(found)

    def _mark_time(self) -> None:
        """The state changed: the reaction window and the turn clock from here (before the views
        that tell both go out)."""
        self._open_window()
        self._start_clock()

    def _open_window(self) -> None:
        """A chance a person did not have before opens the window anew: for ``reaction`` seconds from
        now no bot takes a chance first, and no bot's move closes one."""
        chances, now = self._chances(), asyncio.get_running_loop().time()
        self._missed = {c: gone for c, gone in self._missed.items() if gone[0] > now - LATE}
        if self._mover is not None:              # who took each chance that went: a late press is told
            for chance in self._window_chances - chances:
                self._missed[chance] = (now, *self._mover)
        if not chances or not self.pacing.reaction:
            self._window_until = None
        elif chances - self._window_chances:
            self._window_until = now + self.pacing.reaction
        self._window_chances = chances

    def _too_late(self, seat: int, action) -> str | None:
        """The sentence for a person's out-of-turn press that came after the chance went (None: it
        was not one they had just missed)."""
        missed = self._missed.get((seat, action.kind, action.target, action.card))
        if missed is None:
            return None
        _, by, move = missed
        you = self.seats[move.target].name if move.target is not None and move.target != seat else "you"
        return too_late(action.kind, self.seats[by].name, move.kind, you)

    def _held(self, closing: bool = False) -> float:
        """Seconds left of the window: what a bot's reflex waits (``closing``: what the next move waits,
        only while a person could catch or jump in, as that move closes both)."""
        if self._window_until is None:
            return 0.0
        if closing and not any(kind in ("catch", "jump_in") for _, kind, _, _ in self._window_chances):
            return 0.0
        return max(0.0, self._window_until - asyncio.get_running_loop().time())

    def _window_in(self) -> float | None:
        """What the views say of the window: seconds left (to a tenth), None when none runs."""
        left = self._held()
        return round(left, 1) if left > 0 else None

    # -- the turn clock
    def _start_clock(self) -> None:
        """A person's decision has ``turn_timeout`` seconds, counted from when it came to them (moves
        others make meanwhile, a catch or an UNO call, do not reset it); then their stand-in plays."""
        decider = self.game.decider
        s = self.seats[decider] if not self.game.over and decider >= 0 else None
        if s is None or s.kind != "human" or s.bot is not None or self.pacing.turn_timeout is None:
            self._clock = None
        elif self._clock is None or self._clock[0] != decider:
            self._clock = (decider, asyncio.get_running_loop().time() + self.pacing.turn_timeout)

    def _clock_in(self) -> int | None:
        """Whole seconds left of the decider's turn clock (None: none runs)."""
        if self._clock is None:
            return None
        return max(0, math.ceil(self._clock[1] - time.monotonic()))     # the loop's clock is monotonic()

    def _new_bot(self, level: str) -> Bot:
        return make_bot(level, self.rng.getrandbits(32), budget=self.pacing.search_budget(level),
                        playouts=self.pacing.search_playouts)

    def _plan(self, seat: int | None, timer: asyncio.TimerHandle) -> None:
        """Keep a timer under the seat it acts for (None: the table's own)."""
        self._timers.setdefault(seat, []).append(timer)

    def _catch_delay(self, bot: Bot) -> float:
        return self.pacing.catch_delay.get(bot.level, 1.0)

    def _decide(self, bot: Bot, seat: int, view: dict | None = None) -> dict | None:
        """A bot's decision; a bot that fails falls back to its seat's last legal action."""
        try:
            return bot.decide(view or self._view(seat))
        except Exception:                # noqa: BLE001 - a bot's bug must never stall the table
            return self._fallback(seat)

    def _fallback(self, seat: int) -> dict | None:
        logger.exception("bot at seat %s failed; playing a safe move instead", seat)
        legal = self.game.legal_actions(seat) if seat == self.game.decider else []
        return legal[-1].to_dict() if legal else None

    def _bot_turn(self, seat: int, moves: int) -> None:
        """The bot to move decides and plays (a catch it spots still waits out its reaction time).
        A decision that takes long (a search) is made on a thread of its own, so no key, frame or
        ping waits for it; what the bot is shown meanwhile is kept for it until it is done."""
        bot = self.seats[seat].bot
        if moves != self.moves or bot is None or seat in self._thinking:
            return                       # (a bot still thinking is asked again when it is done)
        view = self._view(seat)
        if seat in self._due:        # thinking through its pause: what is left of it (less a margin for the hop)
            bot.budget = min(self.pacing.search_budget(bot.level),
                             max(0.01, self._due[seat] - asyncio.get_running_loop().time() - THINK_MARGIN))
        if bot.thinks_long(view):
            self._thinking[seat] = []
            future = asyncio.get_running_loop().run_in_executor(THINKER, bot.decide, view)
            future.add_done_callback(lambda done: self._thought(seat, bot, moves, done))
            return
        self._decided(seat, bot, moves, self._decide(bot, seat, view))

    def _thought(self, seat: int, bot: Bot, moves: int, done: asyncio.Future) -> None:
        """A long decision is back on the loop: the bot takes in what it missed, and the move is
        played if the table is still where the bot saw it."""
        missed = self._thinking.pop(seat, ())
        if self.closed or done.cancelled():
            return
        if self.seats[seat].bot is not bot:      # replaced while it thought: its successor decides
            if self.seats[seat].bot is not None and self.game.decider == seat and not self.game.over:
                self._bot_turn(seat, self.moves)
            return
        for view, events in missed:
            bot.observe(view, events)
        if moves != self.moves:      # the table moved on meanwhile: think again from here
            if self.game.decider == seat and not self.game.over:
                self._bot_turn(seat, self.moves)
            elif not self.game.over:  # or see what it may do out of turn (a catch, a jump-in) it missed
                self._due.pop(seat, None)
                self._schedule(seat)
            return
        try:
            action = done.result()
        except Exception:                # noqa: BLE001 - a bot's bug must never stall the table
            action = self._fallback(seat)
        self._decided(seat, bot, moves, action)

    def _decided(self, seat: int, bot: Bot, moves: int, action: dict | None) -> None:
        """Play the move the bot to move chose: at once, its pause being over; a bot that thought
        through its pause, once the pause is (``_due``); a catch, once its reaction time is."""
        if action is None:
            return
        loop = asyncio.get_running_loop()
        now = loop.time()
        due = self._due.pop(seat, now)
        if action["kind"] == "catch":
            due += self._catch_delay(bot) - self.pacing.bot_delay
        if action["kind"] in ("catch", "jump_in", "say_uno"):
            due = max(due, now + self._held())         # a person's chance first
        if due > now:
            self._plan(seat, loop.call_later(due - now, self._bot_act, seat, action, moves))
        else:
            self._act_for(seat, action)

    def _bot_act(self, seat: int, action: dict, moves: int) -> None:
        if moves != self.moves or self.seats[seat].bot is None:
            return                       # the table moved on: the bot thinks again from there
        self._act_for(seat, action)

    def _act_for(self, seat: int, action: dict) -> None:
        """A bot's move; should it ever be refused, the seat's first legal move keeps the game going."""
        try:
            self._act(seat, Action.from_dict(action))
        except IllegalAction:
            legal = self.game.legal_actions(seat)
            if legal and seat == self.game.decider:
                self._act(seat, legal[-1])

    def _timeout(self, seat: int) -> None:
        """The turn clock ran out: the seat's stand-in makes the decision, and says so. Several in
        a row, and the seat is shown as away (nobody is removed: any move of theirs brings them back)."""
        if self._clock is None or self._clock[0] != seat or self.game.decider != seat:
            return
        self._clock = None
        s = self.seats[seat]
        stand_in = make_bot(s.level, self.rng.getrandbits(32), playouts=0)   # no search on the loop
        action = self._decide(stand_in, seat)
        if action is not None:
            s.timeouts += 1
            self._table_line(f"Time is up: a bot moves for {s.name}.")
            self._act_for(seat, action)
            if s.timeouts >= self.pacing.timeouts_away and not s.away and not self.closed:
                self.mark_away(seat)

    def _auto_next(self, moves: int) -> None:
        if moves == self.moves:
            self.ready = set(range(len(self.seats)))
            self._maybe_next_hand()
