"""How bots play at a table: when each thinks, how fast it reacts, where long thoughts run.

Part of Table (session.py): every move replans what each bot means to do (a seat's
coming or going, only that seat's); a move a bot decided on is played only if the
game has not moved since the bot saw it.
"""
import asyncio
import concurrent.futures
import logging
from dataclasses import dataclass, field

from ..bots import BOTS, Bot, make_bot
from ..engine import Action, IllegalAction

logger = logging.getLogger(__name__)
#: where bots make the decisions that take long (bots.Bot.thinks_long): one thread, as they
#: are searches in pure Python, and a second would only share the same interpreter lock
THINKER = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot-thinking")
#: seconds a bot thinking through its pause leaves of it for the hop back to the loop and a last guess
THINK_MARGIN = 0.03


@dataclass
class Pacing:
    """Delays in seconds (all zero in tests and benchmarks)."""
    bot_delay: float = 0.9           # a bot's think before it plays
    #: how fast each bot level reacts to a missed UNO
    catch_delay: dict = field(default_factory=lambda: {"easy": 2.0, "normal": 1.2, "hard": 0.7, "expert": 0.7})
    turn_timeout: float | None = None  # after this a bot plays for a human who has not moved
    grace: float = 20.0              # a dropped player's seat waits this long before a bot plays it
    hand_pause: float = 4.0          # with no human at the table, the next hand starts after this
    ready_wait: float = 30.0         # once a player is ready for the next hand, the others have this long
    #: a spectator gets at most one update this often (what happened meanwhile merged into it):
    #: watchers then cost the host little however fast the table plays
    spectator_pace: float = 0.1
    #: a searching bot's play-outs a decision, in place of its seconds (search_budget): the same
    #: moves however loaded the machine, as tests need
    search_playouts: int | None = None

    def search_budget(self, level: str = "hard") -> float:
        """The seconds a searching bot may think over a decision: a third of its pause when it thinks once
        the pause is over (hard), the whole pause when it thinks through it (expert). At most the
        level's own default, at least 10 ms (a fast table gets quick bots, not mindless ones)."""
        bot = BOTS[level]
        share = self.bot_delay if bot.thinks_in_pause else self.bot_delay / 3
        return min(bot.default_budget, max(0.01, share))

    @classmethod
    def instant(cls) -> "Pacing":
        return cls(bot_delay=0, catch_delay={"easy": 0, "normal": 0, "hard": 0, "expert": 0}, grace=0, hand_pause=0,
                   spectator_pace=0, search_playouts=20)


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
        decider = game.decider
        for i in sorted(redo, key=lambda i: i == decider):      # the player to move last
            s = self.seats[i]
            if s.bot is None:
                if i == decider and s.kind == "human" and self.pacing.turn_timeout is not None:
                    self._plan(i, loop.call_later(self.pacing.turn_timeout, self._timeout, i, moves))
                continue
            if i == decider and s.bot.thinks_in_pause:    # it thinks from now, and plays once its pause is over
                self._due[i] = loop.time() + self.pacing.bot_delay
                self._plan(i, loop.call_later(0, self._bot_turn, i, moves))
                continue
            if i == decider:
                # the player to move thinks when its pause is over, so the move just made shows first
                self._plan(i, loop.call_later(self.pacing.bot_delay, self._bot_turn, i, moves))
                continue
            if i in self._thinking:          # (its thread has the bot; it catches up when done)
                continue
            action = self._decide(s.bot, i)
            if action is not None:
                delay = self._catch_delay(s.bot) if action["kind"] in ("catch", "jump_in") else 0
                self._plan(i, loop.call_later(delay, self._bot_act, i, action, moves))

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

    def _timeout(self, seat: int, moves: int) -> None:
        if moves != self.moves:
            return
        stand_in = make_bot(self.seats[seat].level, self.rng.getrandbits(32), playouts=0)   # no search on the loop
        action = self._decide(stand_in, seat)
        if action is not None:
            self._table_line(f"Time is up: a bot moves for {self.seats[seat].name}.")
            self._act_for(seat, action)

    def _auto_next(self, moves: int) -> None:
        if moves == self.moves:
            self.ready = set(range(len(self.seats)))
            self._maybe_next_hand()
