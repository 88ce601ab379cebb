"""The table: the one authoritative session of a match, for solo and hosted games alike.

It owns the engine's match and the seats (a human through a channel, a bot,
or a human away with a bot standing in), paces the bots, arbitrates the
say-UNO window in arrival order, and speaks only plain-data messages:
commands in, per-listener updates out, each with its own sequence number.
Everything runs on one asyncio loop, so commands apply one at a time in the
order they arrive.
"""
import collections
import random

from uno_tui.protocol.commands import ProtocolError, clean_text, command_id, parse_command
from uno_tui.protocol.limits import CHAT_KEEP, LOG_KEEP, MAX_NAME
from uno_tui.protocol.timing import Pacing

from ..engine import Action, IllegalAction, Match, Rules
from .fanout import FanOut
from .listener import Listener
from .recording import NoRecord, offered
from .saving import TableSaving, checked
from .scheduler import Scheduler
from .seat import Seat


class Table:
    """The match, its seats and its commands. It owns the parts kept apart: when bots and timers
    act (``scheduler``), what each listener is sent (``fanout``), and saving (``saving``)."""

    def __init__(self, rules: Rules, seats: list[Seat], *, seed=None, pacing: Pacing | None = None,
                 dealer: int | None = None, recorder: NoRecord | None = None):
        self.rules = rules
        self.recorder = recorder or NoRecord()   # every move, for history and replays
        self.seats = seats
        self.rng = random.Random(seed)
        self.pacing = pacing or Pacing()
        self.scheduler = Scheduler(self, self.pacing, self.rng)
        for seat in seats:
            seat.name = clean_text(seat.name, MAX_NAME) or "Player"
            if seat.kind == "bot" and seat.bot is None:
                seat.bot = self.scheduler.new_bot(seat.level)
        self.seed = seed
        self.dealer = dealer
        self.listeners: list[Listener] = []
        self.match: Match | None = None
        self.version = 0
        self.log: collections.deque = collections.deque(maxlen=LOG_KEEP)   # (event, names)
        self.chat: collections.deque = collections.deque(maxlen=CHAT_KEEP)
        self.result: dict | None = None
        self.ready: set[int] = set()
        self.moves = 0                           # changes to the game (bots' plans are for one of them)
        self.closed = False
        self.on_change = lambda: None            # called after every change (a host saves the match)
        self.fanout = FanOut(self, self.scheduler, rules, self.pacing)
        self.saving = TableSaving(self)

    # ------------------------------------------------------------------ set-up
    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def game(self):
        return self.match.game if self.match else None

    def view(self, seat: int | None) -> dict:
        """What ``seat`` (None: a spectator) sees now, the table's part included."""
        return self.fanout.view(seat)

    def announce(self, text: str) -> None:
        """A line from the table itself in everyone's log (who is away, back, played for)."""
        self.log.append(({"type": "table", "text": text}, self.names))
        if self.match:
            self.version += 1
            self.fanout.broadcast([{"type": "table", "text": text}])

    # ------------------------------------------------------------------ saving (saving.py)
    def to_state(self) -> dict:
        return self.saving.state()

    def log_state(self) -> dict:
        return self.saving.log_state()

    @classmethod
    def from_state(cls, state: dict, pacing=None, recorder=None) -> "Table":
        """The table as saved, already started: players reconnect and get snapshots. Raises
        ValueError (a sentence saying what is wrong) for a state that is not one to play on."""
        rules, seats = checked(state)
        table = cls(rules, seats, pacing=pacing, dealer=state["dealer"], recorder=recorder)
        table.saving.restore(state)
        table.fanout.trial()
        table.recorder.resume(state.get("record"))
        return table

    def resume(self) -> None:
        """Once a restored table's seats are attached (players away, or back): every bot plans
        again, so the one to move, moves."""
        if self.game is not None:
            self.scheduler.schedule()

    def start(self, deck: list[str] | None = None, hand_size: int = 7, ack=None, seed: int | None = None) -> None:
        """Start the match (call from within the running loop); a deck rigs its first hand; a
        ``seed`` deals it as a record's match was dealt (a replay)."""
        seed = self.rng.getrandbits(64) if seed is None else seed
        self.match = Match(self.rules, len(self.seats), seed=seed, dealer=self.dealer)
        self.recorder.match_started(rules=self.rules.to_dict(), seed=seed, dealer=self.dealer, deck=deck,
                                    hand_size=hand_size, seats=[{"name": s.name, "kind": s.kind, "level": s.level}
                                                                for s in self.seats])
        # the cards drawn for the deal (each player's first, in seat order) come before the deal
        drew = [{"type": "dealer_draw", "cards": self.match.dealer_draw[0]}] if self.match.dealer_draw else []
        self._new_hand(deck, hand_size, ack, drew)

    def _new_hand(self, deck=None, hand_size: int = 7, ack=None, before: list[dict] = ()) -> None:
        game = self.match.start_hand(deck, hand_size)
        self.recorder.hand_started(len(self.match.history) + 1)
        self.result, self.ready = None, set()
        self._after([*before, *game.setup_events], ack)

    def connect(self, seat: int | None, deliver, name: str | None = None, wire: bool = False) -> Listener:
        """Attach a receiver: to a human seat (taking it back from a stand-in) or as a spectator.
        ``wire``: ``deliver`` sends over the network (net's encode), so updates reach it packed."""
        listener = Listener(seat, deliver, clean_text(name or "", MAX_NAME) or "Spectator",
                            pace=self.pacing.spectator_pace if seat is None else 0.0, wire=wire)
        if seat is not None:
            s = self.seats[seat]
            if s.kind != "human":
                raise ValueError(f"seat {seat} is not a human seat")
            if s.listener is not None:
                s.listener.closed = True
            s.listener = listener
            self._back(seat, rescheduled=False)
        self.listeners.append(listener)
        if self.match:
            listener.send(self.fanout.snapshot(listener))
            if seat is not None:             # a spectator changes nothing the others see or do
                self.fanout.broadcast([])
                self.scheduler.schedule(seat)
        return listener

    def _back(self, seat: int, rescheduled: bool = True) -> None:
        """The seat's player is here again: no stand-in, no timer to bring one (said, if either was)."""
        s = self.seats[seat]
        back = s.away or s.bot is not None
        s.away, s.bot, s.timeouts = False, None, 0
        self.scheduler.countdowns.end_grace(seat)
        if back and self.match:
            self.announce(f"{s.name} is back.")
            if rescheduled:
                self.scheduler.schedule(seat)

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
        self.announce(f"{s.name} is away.")
        if s.bot is None:
            self.scheduler.countdowns.start_grace(seat)
        if self.match:
            self.fanout.broadcast([])
            self.scheduler.schedule(seat)
            if self.game.over and self.ready and any(s.listener for s in self.seats):
                self._maybe_next_hand()          # the others may be waiting only for this player

    def take_over(self, seat: int, level: str | None = None) -> None:
        """A bot plays this human seat until :meth:`hand_back` (or the player's return)."""
        s = self.seats[seat]
        self.scheduler.countdowns.grace_over(seat)
        if s.kind == "human" and s.bot is None:
            s.bot = self.scheduler.new_bot(level or s.level)
            self.announce(f"A bot plays for {s.name}.")
            if self.match:
                self.fanout.broadcast([])
                self.scheduler.schedule(seat)

    def hand_back(self, seat: int) -> None:
        s = self.seats[seat]
        if s.kind == "human" and s.bot is not None:
            s.bot = None
            self.announce(f"{s.name} plays again.")
            if self.match:
                self.fanout.broadcast([])
                self.scheduler.schedule(seat)

    def close(self) -> None:
        self.closed = True
        self.scheduler.close()
        self.recorder.close()

    # ------------------------------------------------------------------ commands
    def handle(self, listener: Listener, msg) -> None:
        """One command from a client. A bad one gets an error reply and changes nothing."""
        try:
            msg = parse_command(msg)
        except ProtocolError as e:
            listener.send({"type": "error", "id": command_id(msg), "reason": e.reason})
            return
        cid = msg["id"]
        recent = listener.recent if listener.seat is None else self.seats[listener.seat].recent
        if cid in recent:                # a resent command applies once; its sender learns it did
            self.fanout.broadcast([], ack=(listener, cid), to=[listener])
            return
        recent.append(cid)
        kind = msg["type"]
        seat = listener.seat
        if seat is not None and self.seats[seat].away and self.seats[seat].listener is listener:
            self._back(seat)             # shown as away (the turn clock ran out), yet here: theirs again
        try:
            if kind == "snapshot":
                listener.send(self.fanout.snapshot(listener))
            elif kind == "chat":
                self.fanout.chat(listener, msg["text"])
            elif kind == "ready":
                self._ready(listener, cid)
            elif kind == "record":
                listener.send(offered(self.recorder, self.match, cid))
            else:
                if listener.seat is None:
                    raise IllegalAction("spectators cannot play")
                action = Action.from_dict(msg["action"])
                self.scheduler.by_hand(listener.seat, action)
                self._act(listener.seat, action, ack=(listener, cid))
        except IllegalAction as e:
            recent.remove(cid)           # a refused command does not use up its id
            listener.send({"type": "error", "id": cid, "reason": e.reason})

    def apply(self, seat: int, action: Action) -> None:
        """One move for ``seat``, as if its player made it: how a replay moves its table."""
        self._act(seat, action)

    def next_hand(self) -> None:
        """Deal the next hand now, whoever is ready (a replay's table)."""
        self._maybe_next_hand(force=True)

    def _act(self, seat: int, action: Action, ack=None) -> None:
        game = self.game
        if game is None or game.over:
            raise IllegalAction("the hand is over")
        events = game.apply(seat, action)
        self.recorder.moved(seat, action.to_dict())
        with self.scheduler.moving(seat, action):
            self._after(events, ack)

    def _ready(self, listener: Listener, cid) -> None:
        if self.game is None or not self.game.over:
            raise IllegalAction("the hand is still being played")
        if listener.seat is None:
            raise IllegalAction("spectators do not play hands")
        self.ready.add(listener.seat)
        self.scheduler.countdowns.start_wait()  # the others have ready_wait to read the scores
        if not self._maybe_next_hand(ack=(listener, cid)):
            self.fanout.broadcast([], ack=(listener, cid))     # everyone sees who is ready, and the countdown

    # ------------------------------------------------------------------ flow
    def _after(self, events: list[dict], ack=None) -> None:
        """State changed: log, score a finished hand, tell everyone, let bots think."""
        self.version += 1
        self.moves += 1
        game = self.game
        if game.over and self.result is None:
            # the hands shown for scoring stay in the result: a snapshot (a resume, a reconnect) shows them too
            shown = next((e["hands"] for e in events if e["type"] == "hand_over"), None)
            self.result = {**self.match.record_hand(), **({"hands": shown} if shown is not None else {})}
            self.recorder.hand_scored(self.result)
            if self.match.over:
                events = [*events, {"type": "match_over", "winners": list(self.match.winners)}]
        names = self.names
        for event in events:
            self.log.append((event, names))
        self.scheduler.mark_time()       # (before the views that tell the window and the clock)
        self.fanout.broadcast(events, ack)
        self.scheduler.schedule()
        self.on_change()

    def _maybe_next_hand(self, ack=None, force: bool = False) -> bool:
        """Deal the next hand (or start a new match) once every connected player is ready
        (away players are not waited for)."""
        humans = {i for i, s in enumerate(self.seats) if s.kind == "human" and s.listener is not None}
        if not (force or humans <= self.ready):
            return False
        self.scheduler.countdowns.stop_wait()
        if self.match.over:
            self.start(ack=ack)
        else:
            self._new_hand(ack=ack)
        return True
