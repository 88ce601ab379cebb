"""The table: the one authoritative session of a match, for solo and hosted games alike.

It owns the engine's match and the seats (a human through a channel, a bot,
or a human away with a bot standing in), paces the bots, arbitrates the
say-UNO window in arrival order, and speaks only plain-data messages:
commands in, per-listener updates out, each with its own sequence number.
Everything runs on one asyncio loop, so commands apply one at a time in the
order they arrive.
"""
import asyncio
import collections
import concurrent.futures
import logging
import math
import random
import time
from dataclasses import dataclass, field

from ..bots import Bot, make_bot
from ..engine import Action, IllegalAction, Match, Rules, redact, seat_view
from ..engine.state import match_state, restore_match, restore_rng, rng_state
from ..engine.view import own_view, public_view
from .describe import describe
from .protocol import MAX_CHAT, MAX_NAME, ProtocolError, clean_text, parse_command

logger = logging.getLogger(__name__)
#: where bots make the decisions that take long (bots.Bot.thinks_long): one thread, as they
#: are searches in pure Python, and a second would only share the same interpreter lock
THINKER = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot-thinking")
LOG_KEEP = 300
CHAT_KEEP = 100
RECENT_IDS = 256


@dataclass
class Pacing:
    """Delays in seconds (all zero in tests and benchmarks)."""
    bot_delay: float = 0.9           # a bot's think before it plays
    #: how fast each bot level reacts to a missed UNO
    catch_delay: dict = field(default_factory=lambda: {"easy": 2.0, "normal": 1.2, "hard": 0.7})
    turn_timeout: float | None = None  # after this a bot plays for a human who has not moved
    grace: float = 20.0              # a dropped player's seat waits this long before a bot plays it
    hand_pause: float = 4.0          # with no human at the table, the next hand starts after this
    ready_wait: float = 30.0         # once a player is ready for the next hand, the others have this long

    @classmethod
    def instant(cls) -> "Pacing":
        return cls(bot_delay=0, catch_delay={"easy": 0, "normal": 0, "hard": 0}, grace=0, hand_pause=0)


@dataclass
class Seat:
    name: str
    kind: str = "bot"                # "human" or "bot"
    level: str = "normal"            # the bot's level (and a stand-in's, for a human seat)
    bot: Bot | None = None           # plays the seat: a bot seat's own, or a stand-in for an away human
    listener: "Listener | None" = None
    away: bool = False
    #: ids of the seat's recent commands, kept across reconnects so a resent command applies once
    recent: collections.deque = field(default_factory=lambda: collections.deque(maxlen=RECENT_IDS))


class Listener:
    """One receiver of updates: a seat's player, a bot, or a spectator (seat None, with a name)."""

    def __init__(self, seat: int | None, deliver, name: str = ""):
        self.seat, self.name = seat, name
        self.deliver = deliver
        self.seq = 0
        self.recent = collections.deque(maxlen=RECENT_IDS)
        self.closed = False
        self.table_sent: dict | None = None     # the table part this listener last got

    def send(self, msg: dict) -> None:
        if self.closed:
            return
        self.seq += 1
        msg["seq"] = self.seq
        self.deliver(msg)


class Table:
    def __init__(self, rules: Rules, seats: list[Seat], *, seed=None, pacing: Pacing | None = None,
                 dealer: int | None = None):
        self.rules = rules
        self.seats = seats
        self.rng = random.Random(seed)
        for seat in seats:
            seat.name = clean_text(seat.name, MAX_NAME) or "Player"
            if seat.kind == "bot" and seat.bot is None:
                seat.bot = make_bot(seat.level, self.rng.getrandbits(32))
        self.pacing = pacing or Pacing()
        self.seed = seed
        self.dealer = dealer
        self.listeners: list[Listener] = []
        self.match: Match | None = None
        self.version = 0
        self.log: collections.deque = collections.deque(maxlen=LOG_KEEP)   # (event, names)
        self.chat: collections.deque = collections.deque(maxlen=CHAT_KEEP)
        self.result: dict | None = None
        self.ready: set[int] = set()
        self._timers: list[asyncio.TimerHandle] = []
        self._away_timers: dict[int, asyncio.TimerHandle] = {}     # seat -> a bot takes it over when due
        self._ready_timer: asyncio.TimerHandle | None = None       # the next hand starts when due
        self._thinking: dict[int, list] = {}     # seat -> what its bot was shown while thinking on THINKER
        self.closed = False
        self._bot_listeners = {i: Listener(i, self._bot_observer(i)) for i in range(len(seats))}
        self._rules_info = {k: v for k, v in rules.to_dict().items() if k != "deck"}
        self.on_change = lambda: None            # called after every change (a host saves the match)
        self._deck_info = dict(rules.deck)

    # ------------------------------------------------------------------ set-up
    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def game(self):
        return self.match.game if self.match else None

    def start(self, deck: list[str] | None = None, hand_size: int = 7, ack=None) -> None:
        """Start the match (call from within the running loop); a deck rigs its first hand."""
        self.match = Match(self.rules, len(self.seats), seed=self.rng.getrandbits(64), dealer=self.dealer)
        if self.match.dealer_draw:
            first = ", ".join(f"{name} {card}" for name, card in zip(self.names, self.match.dealer_draw[0]))
            self._table_line(f"Cards drawn for the deal: {first}; the highest deals.", broadcast=False)
        self._new_hand(deck, hand_size, ack)

    def _new_hand(self, deck=None, hand_size: int = 7, ack=None) -> None:
        game = self.match.start_hand(deck, hand_size)
        self.result, self.ready = None, set()
        self._after(game.setup_events, ack)

    def connect(self, seat: int | None, deliver, name: str | None = None) -> Listener:
        """Attach a receiver: to a human seat (taking it back from a stand-in) or as a spectator."""
        listener = Listener(seat, deliver, clean_text(name or "", MAX_NAME) or "Spectator")
        if seat is not None:
            s = self.seats[seat]
            if s.kind != "human":
                raise ValueError(f"seat {seat} is not a human seat")
            if s.listener is not None:
                s.listener.closed = True
            back = s.away or s.bot is not None
            s.listener, s.away, s.bot = listener, False, None
            timer = self._away_timers.pop(seat, None)
            if timer:
                timer.cancel()
            if back and self.match:
                self._table_line(f"{s.name} is back.")
        self.listeners.append(listener)
        if self.match:
            listener.send(self._snapshot(listener))
            self._broadcast([])
            self._schedule()
        return listener

    def disconnect(self, listener: Listener) -> None:
        """A receiver went away. A player's seat is marked away; after the grace a bot plays it."""
        listener.closed = True
        if listener in self.listeners:
            self.listeners.remove(listener)
        seat = listener.seat
        if seat is None or self.seats[seat].listener is not listener:
            return
        self.seats[seat].listener = None
        self.mark_away(seat)

    def mark_away(self, seat: int) -> None:
        """Nobody plays this human seat now: after the grace a bot does, until they return."""
        s = self.seats[seat]
        s.away = True
        self._table_line(f"{s.name} is away.")
        if seat not in self._away_timers and s.bot is None:
            self._away_timers[seat] = asyncio.get_running_loop().call_later(self.pacing.grace, self.take_over, seat)
        if self.match:
            self._broadcast([])
            self._schedule()
            if self.game.over and self.ready and any(s.listener for s in self.seats):
                self._maybe_next_hand()          # the others may be waiting only for this player

    def take_over(self, seat: int, level: str | None = None) -> None:
        """A bot plays this human seat until :meth:`hand_back` (or the player's return)."""
        s = self.seats[seat]
        self._away_timers.pop(seat, None)
        if s.kind == "human" and s.bot is None:
            s.bot = make_bot(level or s.level, self.rng.getrandbits(32))
            self._table_line(f"A bot plays for {s.name}.")
            if self.match:
                self._broadcast([])
                self._schedule()

    def hand_back(self, seat: int) -> None:
        s = self.seats[seat]
        if s.kind == "human" and s.bot is not None:
            s.bot = None
            self._table_line(f"{s.name} plays again.")
            if self.match:
                self._broadcast([])
                self._schedule()

    # ------------------------------------------------------------------ saving
    def to_state(self) -> dict:
        """Everything needed to carry on after a crash, as plain data (see from_state), but the
        log: only words for the players, and most of the bytes, it is saved apart (log_state)."""
        return {"rules": self.rules.to_dict(), "dealer": self.dealer, "version": self.version,
                "seats": [{"name": s.name, "kind": s.kind, "level": s.level} for s in self.seats],
                "rng": rng_state(self.rng), "match": match_state(self.match), "result": self.result,
                "ready": sorted(self.ready), "chat": list(self.chat)}

    def log_state(self) -> dict:
        """The log as plain data, each list of names stored once (from_state takes it along)."""
        tables: dict[tuple, int] = {}
        log = [[e, tables.setdefault(tuple(n), len(tables))] for e, n in self.log]
        return {"log": log, "log_names": [list(n) for n in tables]}

    @classmethod
    def from_state(cls, state: dict, pacing: Pacing | None = None) -> "Table":
        """The table as saved, already started: players reconnect and get snapshots."""
        rules = Rules(**{**state["rules"], "first_card_back": tuple(state["rules"]["first_card_back"])})
        seats = [Seat(s["name"], s["kind"], s["level"]) for s in state["seats"]]
        table = cls(rules, seats, pacing=pacing, dealer=state["dealer"])
        restore_rng(state["rng"], table.rng)
        table.match = restore_match(rules, state["match"])
        table.version, table.result, table.ready = state["version"], state["result"], set(state["ready"])
        table.chat.extend(state["chat"])
        table.log.extend((e, state["log_names"][n]) for e, n in state.get("log", ()))
        return table

    def close(self) -> None:
        self.closed = True
        for timer in [*self._timers, *self._away_timers.values(), self._ready_timer]:
            if timer is not None:
                timer.cancel()
        self._timers.clear()
        self._away_timers.clear()

    # ------------------------------------------------------------------ commands
    def handle(self, listener: Listener, msg) -> None:
        """One command from a client. A bad one gets an error reply and changes nothing."""
        try:
            msg = parse_command(msg)
        except ProtocolError as e:
            listener.send({"type": "error", "id": None, "reason": e.reason})
            return
        cid = msg["id"]
        recent = listener.recent if listener.seat is None else self.seats[listener.seat].recent
        if cid in recent:                # a resent command applies once; its sender learns it did
            self._broadcast([], ack=(listener, cid), to=[listener])
            return
        recent.append(cid)
        kind = msg["type"]
        try:
            if kind == "snapshot":
                listener.send(self._snapshot(listener))
            elif kind == "chat":
                self._chat(listener, msg["text"])
            elif kind == "ready":
                self._ready(listener, cid)
            else:
                if listener.seat is None:
                    raise IllegalAction("spectators cannot play")
                self._act(listener.seat, Action.from_dict(msg["action"]), ack=(listener, cid))
        except IllegalAction as e:
            recent.remove(cid)           # a refused command does not use up its id
            listener.send({"type": "error", "id": cid, "reason": e.reason})

    def _act(self, seat: int, action: Action, ack=None) -> None:
        game = self.game
        if game is None or game.over:
            raise IllegalAction("the hand is over")
        events = game.apply(seat, action)
        self._after(events, ack)

    def _chat(self, listener: Listener, text: str) -> None:
        seat = listener.seat
        name = listener.name if seat is None else self.seats[seat].name
        line = {"seat": seat, "name": name, "text": clean_text(text, MAX_CHAT), "spectator": seat is None}
        self.chat.append(line)
        for other in self.listeners:
            other.send({"type": "chat", **line})

    def _ready(self, listener: Listener, cid) -> None:
        if self.game is None or not self.game.over:
            raise IllegalAction("the hand is still being played")
        if listener.seat is None:
            raise IllegalAction("spectators do not play hands")
        self.ready.add(listener.seat)
        if self._ready_timer is None:    # the others have ready_wait to read the scores
            self._ready_timer = asyncio.get_running_loop().call_later(self.pacing.ready_wait, self._ready_due)
        if not self._maybe_next_hand(ack=(listener, cid)):
            self._broadcast([], ack=(listener, cid))     # everyone sees who is ready, and the countdown

    # ------------------------------------------------------------------ flow
    def _after(self, events: list[dict], ack=None) -> None:
        """State changed: log, score a finished hand, tell everyone, let bots think."""
        self.version += 1
        names = self.names
        for event in events:
            self.log.append((event, names))
        game = self.game
        if game.over and self.result is None:
            self.result = self.match.record_hand()
            if self.match.over:
                winners = " and ".join(names[w] for w in self.match.winners)
                self._table_line(f"{winners} {'win' if len(self.match.winners) > 1 else 'wins'} the match!",
                                 broadcast=False)
        self._broadcast(events, ack)
        self._schedule()
        self.on_change()

    def _ready_due(self) -> None:
        """The wait for the slowest reader is over: the hand starts with whoever is ready."""
        self._ready_timer = None
        self._maybe_next_hand(force=True)

    def _maybe_next_hand(self, ack=None, force: bool = False) -> bool:
        """Deal the next hand (or start a new match) once every connected player is ready
        (away players are not waited for)."""
        humans = {i for i, s in enumerate(self.seats) if s.kind == "human" and s.listener is not None}
        if not (force or humans <= self.ready):
            return False
        if self._ready_timer is not None:
            self._ready_timer.cancel()
            self._ready_timer = None
        if self.match.over:
            self.start(ack=ack)
        else:
            self._new_hand(ack=ack)
        return True

    def _schedule(self) -> None:
        """Cancel what bots meant to do, and let each think again from the new state."""
        for timer in self._timers:
            timer.cancel()
        self._timers.clear()
        loop = asyncio.get_running_loop()
        version, game = self.version, self.game
        if game.over:
            if not any(s.kind == "human" and s.listener is not None for s in self.seats):
                self._timers.append(loop.call_later(self.pacing.hand_pause, self._auto_next, version))
            return
        decider = game.decider
        order = [i for i in range(len(self.seats)) if i != decider] + [decider]
        for i in order:
            s = self.seats[i]
            if s.bot is None:
                if i == decider and s.kind == "human" and self.pacing.turn_timeout is not None:
                    self._timers.append(loop.call_later(self.pacing.turn_timeout, self._timeout, i, version))
                continue
            if i == decider:
                # the player to move thinks when its pause is over, so the move just made shows first
                self._timers.append(loop.call_later(self.pacing.bot_delay, self._bot_turn, i, version))
                continue
            action = self._decide(s.bot, i)
            if action is not None:
                delay = self._catch_delay(s.bot) if action["kind"] == "catch" else 0
                self._timers.append(loop.call_later(delay, self._bot_act, i, action, version))

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

    def _bot_turn(self, seat: int, version: int) -> None:
        """The bot to move decides and plays (a catch it spots still waits out its reaction time).
        A decision that takes long (a search) is made on a thread of its own, so no key, frame or
        ping waits for it; what the bot is shown meanwhile is kept for it until it is done."""
        bot = self.seats[seat].bot
        if version != self.version or bot is None or seat in self._thinking:
            return                       # (a bot still thinking is asked again when it is done)
        view = self._view(seat)
        if bot.thinks_long(view):
            self._thinking[seat] = []
            future = asyncio.get_running_loop().run_in_executor(THINKER, bot.decide, view)
            future.add_done_callback(lambda done: self._thought(seat, bot, version, done))
            return
        self._decided(seat, bot, version, self._decide(bot, seat, view))

    def _thought(self, seat: int, bot: Bot, version: int, done: asyncio.Future) -> None:
        """A long decision is back on the loop: the bot takes in what it missed, and the move is
        played if the table is still where the bot saw it."""
        missed = self._thinking.pop(seat, ())
        if self.closed or done.cancelled():
            return
        if self.seats[seat].bot is not bot:      # replaced while it thought: its successor decides
            if self.seats[seat].bot is not None and self.game.decider == seat and not self.game.over:
                self._bot_turn(seat, self.version)
            return
        for view, events in missed:
            bot.observe(view, events)
        if version != self.version:      # the table moved on meanwhile: think again from here
            if self.game.decider == seat and not self.game.over:
                self._bot_turn(seat, self.version)
            return
        try:
            action = done.result()
        except Exception:                # noqa: BLE001 - a bot's bug must never stall the table
            action = self._fallback(seat)
        self._decided(seat, bot, version, action)

    def _decided(self, seat: int, bot: Bot, version: int, action: dict | None) -> None:
        if action is None:
            return
        wait = self._catch_delay(bot) - self.pacing.bot_delay if action["kind"] == "catch" else 0
        if wait > 0:
            self._timers.append(asyncio.get_running_loop().call_later(wait, self._bot_act, seat, action, version))
        else:
            self._act_for(seat, action)

    def _bot_act(self, seat: int, action: dict, version: int) -> None:
        if version != self.version or self.seats[seat].bot is None:
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

    def _timeout(self, seat: int, version: int) -> None:
        if version != self.version:
            return
        stand_in = make_bot(self.seats[seat].level, self.rng.getrandbits(32))
        action = self._decide(stand_in, seat)
        if action is not None:
            self._table_line(f"Time is up: a bot moves for {self.seats[seat].name}.", broadcast=False)
            self._act_for(seat, action)

    def _auto_next(self, version: int) -> None:
        if version == self.version:
            self.ready = set(range(len(self.seats)))
            self._maybe_next_hand()

    # ------------------------------------------------------------------ out
    def _table_line(self, text: str, broadcast: bool = True) -> None:
        self.log.append(({"type": "table", "text": text}, self.names))
        if broadcast and self.match:
            self.version += 1
            self._broadcast([{"type": "table", "text": text}])

    def _view(self, seat: int | None) -> dict:
        """The seat's whole view, with the table's part (the same for every seat) added."""
        view = seat_view(self.game, seat)
        view["table"] = self._table_info()
        return view

    def _table_info(self) -> dict:
        match = self.match
        return {
            "seats": [{"name": s.name, "kind": s.kind, "level": s.level, "away": s.away,
                       "bot_playing": s.kind == "human" and s.bot is not None,
                       "bot_in": self._due_in(self._away_timers.get(i))} for i, s in enumerate(self.seats)],
            "scores": list(match.scores), "hands_won": list(match.hands_won),
            "hand_no": len(match.history) + (0 if self.game.over else 1),
            "match": {"mode": self.rules.match_mode, "target": self.rules.match_target,
                      "over": match.over, "winners": list(match.winners)},
            "result": self.result, "ready": sorted(self.ready), "next_hand_in": self._due_in(self._ready_timer),
            "rules": self._rules_info, "deck": self._deck_info,
        }

    @staticmethod
    def _due_in(timer: asyncio.TimerHandle | None) -> int | None:
        """Whole seconds until a timer fires (clients count down from there), None if none runs."""
        if timer is None or timer.cancelled():
            return None
        return max(0, math.ceil(timer.when() - time.monotonic()))     # the loop's clock is monotonic()

    def _lines(self, events, seat, names) -> list[dict]:
        lines = []
        for event in events:
            seen = redact(event, seat)
            text = seen["text"] if seen["type"] == "table" else describe(seen, seat, names)
            if text:
                lines.append({"kind": seen["type"], "seat": seen.get("seat"), "text": text})
        return lines

    def _broadcast(self, events: list[dict], ack=None, to: list[Listener] | None = None) -> None:
        """Send every listener (or those in ``to``) its update. The table part (seats, scores,
        rules: the same for everyone, and seldom changing) goes only to listeners whose last
        copy differs."""
        names = self.names
        table = self._table_info()
        public = public_view(self.game)
        for listener in to if to is not None else [*self.listeners, *self._active_bot_listeners()]:
            seat = listener.seat
            view = own_view(self.game, public, seat)
            sent = listener.table_sent
            if sent != table:                    # what changed since this listener's last copy
                view["table"] = table if sent is None else {k: v for k, v in table.items() if sent.get(k) != v}
                listener.table_sent = table
            listener.send({"type": "update", "version": self.version, "view": view,
                           "events": [redact(e, seat) for e in events],
                           "log": self._lines(events, seat, names),
                           "ack": ack[1] if ack and ack[0] is listener else None})

    def _active_bot_listeners(self):
        return [self._bot_listeners[i] for i, s in enumerate(self.seats) if s.bot is not None]

    def _bot_observer(self, seat: int):
        def observe(msg):
            bot = self.seats[seat].bot
            if bot is None or msg["type"] != "update":
                return
            if seat in self._thinking:           # not while it thinks on its thread: later
                self._thinking[seat].append((msg["view"], msg["events"]))
            else:
                bot.observe(msg["view"], msg["events"])
        return observe

    def _snapshot(self, listener: Listener) -> dict:
        seat = listener.seat
        view = self._view(seat)
        listener.table_sent = view["table"]      # updates carry only what changes from here
        log = []
        for event, names in self.log:
            log += self._lines([event], seat, names)
        return {"type": "snapshot", "view": view, "log": log[-LOG_KEEP:], "chat": list(self.chat)}
