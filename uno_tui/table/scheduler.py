"""When things happen at a table: what each bot means to do and when, where long thoughts run,
the people's windows (window.py), the countdowns to a stand-in and to the next hand (countdown.py).

Every move replans what each bot means to do (a seat's coming or going, only that seat's); a
move a bot decided on is played only if the game has not moved since the bot saw it.
"""
import asyncio
import concurrent.futures
import contextlib
import logging
import random
from typing import Protocol

from uno_tui.protocol.timing import Pacing

from ..bots import Bot, make_bot
from ..engine import Action, IllegalAction
from .countdown import Countdowns
from .listener import Listener
from .window import ReactionWindow, Seated, TurnClock

logger = logging.getLogger(__name__)
#: where bots make the decisions that take long (bots.Bot.thinks_long): one thread, as they
#: are searches in pure Python, and a second would only share the same interpreter lock
THINKER = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot-thinking")
#: seconds a bot thinking through its pause leaves of it for the hop back to the loop and a last guess
THINK_MARGIN = 0.03


class Scheduled(Seated, Protocol):
    """What the scheduler reads of its table, and what it has the table do when a timer is due."""

    moves: int          # how many changes the game has had: a bot's plan made at one is dropped at the next
    closed: bool

    def view(self, seat: int | None) -> dict: ...

    def apply(self, seat: int, action: Action) -> None: ...

    def announce(self, text: str) -> None: ...

    def mark_away(self, seat: int) -> None: ...

    def take_over(self, seat: int) -> None: ...

    def next_hand(self) -> None: ...


class Scheduler:
    """The table's timers and its bots' thinking; the table tells it of every change (schedule)."""

    def __init__(self, table: Scheduled, pacing: Pacing, rng: random.Random):
        self.table, self.pacing, self.rng = table, pacing, rng
        self.window = ReactionWindow(table, pacing)
        self.clock = TurnClock(table, pacing)
        self.thinking: dict[int, list] = {}     # seat -> what its bot was shown while thinking on THINKER
        self._due: dict[int, float] = {}         # seat -> when the move of a bot thinking through its pause is due
        self._timers: dict[int | None, list[asyncio.TimerHandle]] = {}   # seat (None: the table) -> its plans
        self.countdowns = Countdowns(pacing, table.take_over, table.next_hand)
        self._bot_listeners = {i: Listener(i, self._observer(i)) for i in range(len(table.seats))}

    def schedule(self, seat: int | None = None) -> None:
        """Cancel what bots meant to do, and let each think again from the new state. With
        ``seat``, only that seat's plans (and the table's own) are redone: someone coming or
        going must not put off what the other seats' bots were about to do. A closed table plans
        nothing: its last player leaving must not start its bots on the next match."""
        if self.table.closed:
            return
        seats = self.table.seats
        redo = range(len(seats)) if seat is None else (seat,)
        for key in (*redo, None):
            for timer in self._timers.pop(key, ()):
                timer.cancel()
        loop = asyncio.get_running_loop()
        moves, game = self.table.moves, self.table.game
        if game.over:
            if not any(s.kind == "human" and s.listener is not None for s in seats):
                self._plan(None, loop.call_later(self.pacing.hand_pause, self._auto_next, moves))
            return
        self.mark_time()
        reflex, closing = self.window.held(), self.window.held(closing=True)
        decider = game.decider
        if decider in redo and self.clock.running is not None:
            self._plan(decider, loop.call_at(self.clock.running[1], self._timeout, decider))
        for i in sorted(redo, key=lambda i: i == decider):      # the player to move last
            s = seats[i]
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
            if i in self.thinking:          # (its thread has the bot; it catches up when done)
                continue
            action = self._decide(s.bot, i)
            if action is not None:
                delay = self._catch_delay(s.bot) if action["kind"] in ("catch", "jump_in") else 0
                self._plan(i, loop.call_later(max(delay, reflex), self._bot_act, i, action, moves))

    def mark_time(self) -> None:
        """The state changed: the reaction window and the turn clock from here (before the views
        that tell both go out)."""
        self.window.open()
        self.clock.start()

    @contextlib.contextmanager
    def moving(self, seat: int, action: Action):
        """While ``seat``'s move is applied: its next decision has the whole clock, and a chance the
        move takes is told as taken by it."""
        self.clock.stop(seat)
        with self.window.moving(seat, action):
            yield

    def by_hand(self, seat: int, action: Action) -> None:
        """A person's own move: their turn clock's count starts again; a chance already gone is
        refused saying who took it first."""
        self.table.seats[seat].timeouts = 0
        game = self.table.game
        if game is not None and not game.over and action not in game.legal_actions(seat):
            late = self.window.too_late(seat, action)
            if late:
                raise IllegalAction(late)

    def new_bot(self, level: str) -> Bot:
        return make_bot(level, self.rng.getrandbits(32), budget=self.pacing.search_budget(level),
                        playouts=self.pacing.search_playouts)

    def bot_listeners(self) -> list[Listener]:
        """The listeners of the seats a bot plays now (each tells its bot what happened)."""
        return [self._bot_listeners[i] for i, s in enumerate(self.table.seats) if s.bot is not None]

    def close(self) -> None:
        for timer in (t for plans in self._timers.values() for t in plans):
            timer.cancel()
        self._timers.clear()
        self.countdowns.cancel()

    # -- the bots
    def _observer(self, seat: int):
        def observe(msg):
            bot = self.table.seats[seat].bot
            if bot is None or msg["type"] != "update":
                return
            if seat in self.thinking:           # not while it thinks on its thread: later
                self.thinking[seat].append((msg["view"], msg["events"]))
            else:
                bot.observe(msg["view"], msg["events"])
        return observe

    def _plan(self, seat: int | None, timer: asyncio.TimerHandle) -> None:
        """Keep a timer under the seat it acts for (None: the table's own)."""
        self._timers.setdefault(seat, []).append(timer)

    def _catch_delay(self, bot: Bot) -> float:
        return self.pacing.catch_delay.get(bot.level, 1.0)

    def _decide(self, bot: Bot, seat: int, view: dict | None = None) -> dict | None:
        """A bot's decision; a bot that fails falls back to its seat's last legal action."""
        try:
            return bot.decide(view or self.table.view(seat))
        except Exception:                # noqa: BLE001 - a bot's bug must never stall the table
            return self._fallback(seat)

    def _fallback(self, seat: int) -> dict | None:
        logger.exception("bot at seat %s failed; playing a safe move instead", seat)
        game = self.table.game
        legal = game.legal_actions(seat) if seat == game.decider else []
        return legal[-1].to_dict() if legal else None

    def _bot_turn(self, seat: int, moves: int) -> None:
        """The bot to move decides and plays (a catch it spots still waits out its reaction time).
        A decision that takes long (a search) is made on a thread of its own, so no key, frame or
        ping waits for it; what the bot is shown meanwhile is kept for it until it is done."""
        bot = self.table.seats[seat].bot
        if moves != self.table.moves or bot is None or seat in self.thinking:
            return                       # (a bot still thinking is asked again when it is done)
        view = self.table.view(seat)
        if seat in self._due:        # thinking through its pause: what is left of it (less a margin for the hop)
            bot.budget = min(self.pacing.search_budget(bot.level),
                             max(0.01, self._due[seat] - asyncio.get_running_loop().time() - THINK_MARGIN))
        if bot.thinks_long(view):
            self.thinking[seat] = []
            future = asyncio.get_running_loop().run_in_executor(THINKER, bot.decide, view)
            future.add_done_callback(lambda done: self._thought(seat, bot, moves, done))
            return
        self._decided(seat, bot, moves, self._decide(bot, seat, view))

    def _thought(self, seat: int, bot: Bot, moves: int, done: asyncio.Future) -> None:
        """A long decision is back on the loop: the bot takes in what it missed, and the move is
        played if the table is still where the bot saw it."""
        missed = self.thinking.pop(seat, ())
        table = self.table
        if table.closed or done.cancelled():
            return
        game = table.game
        if table.seats[seat].bot is not bot:      # replaced while it thought: its successor decides
            if table.seats[seat].bot is not None and game.decider == seat and not game.over:
                self._bot_turn(seat, table.moves)
            return
        for view, events in missed:
            bot.observe(view, events)
        if moves != table.moves:      # the table moved on meanwhile: think again from here
            if game.decider == seat and not game.over:
                self._bot_turn(seat, table.moves)
            elif not game.over:  # or see what it may do out of turn (a catch, a jump-in) it missed
                self._due.pop(seat, None)
                self.schedule(seat)
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
            due = max(due, now + self.window.held())         # a person's chance first
        if due > now:
            self._plan(seat, loop.call_later(due - now, self._bot_act, seat, action, moves))
        else:
            self._act_for(seat, action)

    def _bot_act(self, seat: int, action: dict, moves: int) -> None:
        if moves != self.table.moves or self.table.seats[seat].bot is None:
            return                       # the table moved on: the bot thinks again from there
        self._act_for(seat, action)

    def _act_for(self, seat: int, action: dict) -> None:
        """A bot's move; should it ever be refused, the seat's first legal move keeps the game going."""
        try:
            self.table.apply(seat, Action.from_dict(action))
        except IllegalAction:
            game = self.table.game
            legal = game.legal_actions(seat)
            if legal and seat == game.decider:
                self.table.apply(seat, legal[-1])

    def _timeout(self, seat: int) -> None:
        """The turn clock ran out: the seat's stand-in makes the decision, and says so. Several in
        a row, and the seat is shown as away (nobody is removed: any move of theirs brings them back)."""
        running = self.clock.running
        if running is None or running[0] != seat or self.table.game.decider != seat:
            return
        self.clock.stop(seat)
        s = self.table.seats[seat]
        stand_in = make_bot(s.level, self.rng.getrandbits(32), playouts=0)   # no search on the loop
        action = self._decide(stand_in, seat)
        if action is not None:
            s.timeouts += 1
            self.table.announce(f"Time is up: a bot moves for {s.name}.")
            self._act_for(seat, action)
            if s.timeouts >= self.pacing.timeouts_away and not s.away and not self.table.closed:
                self.table.mark_away(seat)

    def _auto_next(self, moves: int) -> None:
        """Nobody plays at this table (bots only, or every person gone): the next hand comes by itself."""
        if moves == self.table.moves:
            self.table.next_hand()

