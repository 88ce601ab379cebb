"""What each listener of a table is sent: its seat's view, the table part that changed, the
log in words as that seat may read it, snapshots, chat lines."""
import collections
import itertools
from typing import Protocol

from uno_tui.protocol.commands import clean_text
from uno_tui.protocol.describe import narrate
from uno_tui.protocol.limits import LOG_KEEP, MAX_CHAT
from uno_tui.protocol.timing import Pacing

from ..engine import Game, Match, Rules, redact, seat_view
from .listener import Listener
from .packing import Change
from .scheduler import Scheduler
from .seat import Seat


class Played(Protocol):
    """What the fan-out reads of its table: the game, its seats and listeners, what it logged."""

    seats: list[Seat]
    listeners: list[Listener]
    match: Match | None
    version: int
    result: dict | None
    ready: set[int]
    log: collections.deque          # (event, the names at the table then)
    chat: collections.deque

    @property
    def game(self) -> Game | None: ...

    @property
    def names(self) -> list[str]: ...


class FanOut:
    """The table's outgoing side; the scheduler tells the timers the views count down."""

    def __init__(self, table: Played, scheduler: Scheduler, rules: Rules, pacing: Pacing):
        self.table, self.scheduler, self.rules, self.pacing = table, scheduler, rules, pacing
        self._told_logs: dict = {}      # seat -> (the log's length, its last entry, its lines)
        self._own_packed: dict = {}     # seat -> its own view's parts and items packed (packing.py)
        self._rules_info = {k: v for k, v in rules.to_dict().items() if k != "deck"}
        self._deck_info = dict(rules.deck)

    def view(self, seat: int | None) -> dict:
        """The seat's whole view, with the table's part (the same for every seat) added."""
        view = seat_view(self.table.game, seat)
        view["table"] = self.table_info()
        return view

    def table_info(self) -> dict:
        table, scheduler = self.table, self.scheduler
        match = table.match
        return {
            "seats": [{"name": s.name, "kind": s.kind, "level": s.level, "away": s.away,
                       "bot_playing": s.kind == "human" and s.bot is not None,
                       "bot_in": scheduler.countdowns.bot_in(i)} for i, s in enumerate(table.seats)],
            "scores": list(match.scores), "hands_won": list(match.hands_won),
            "hand_no": len(match.history) + (0 if table.game.over else 1),
            "match": {"mode": self.rules.match_mode, "target": self.rules.match_target,
                      "over": match.over, "winners": list(match.winners)},
            "result": table.result, "ready": sorted(table.ready), "next_hand_in": scheduler.countdowns.next_hand_in(),
            "rules": self._rules_info, "deck": self._deck_info,
            # a person's out-of-turn chance: seconds left before bots may take it (of ``window``)
            "window_in": scheduler.window.left(), "window": self.pacing.reaction,
            # the turn clock: whole seconds left of the decider's turn before their stand-in plays
            "clock_in": scheduler.clock.left(), "turn_clock": self.pacing.turn_timeout,
        }

    def broadcast(self, events: list[dict], ack=None, to: list[Listener] | None = None) -> None:
        """Send every listener (or those in ``to``) its update, built once where it is the same for
        many (packing.Change). The table part (seats, scores, rules: the same for everyone, and
        seldom changing) goes only to listeners whose last copy differs."""
        table = self.table
        change = Change(table.game, events, self._told(events), table.names, table.version, self.table_info(),
                        self._own_packed)
        for listener in to if to is not None else [*table.listeners, *self.scheduler.bot_listeners()]:
            change.send(listener, ack[1] if ack and ack[0] is listener else None)

    def chat(self, listener: Listener, text: str) -> None:
        """A chat line from ``listener``: kept, logged, and sent to every listener."""
        table, seat = self.table, listener.seat
        name = listener.name if seat is None else table.seats[seat].name
        line = {"seat": seat, "name": name, "text": clean_text(text, MAX_CHAT), "spectator": seat is None}
        table.chat.append(line)
        table.log.append(({"type": "chat", **line}, table.names))    # a snapshot tells both in order
        for other in table.listeners:
            other.send({"type": "chat", **line})

    def snapshot(self, listener: Listener) -> dict:
        seat = listener.seat
        view = self.view(seat)
        listener.table_sent = view["table"]      # updates carry only what changes from here
        return {"type": "snapshot", "version": self.table.version, "view": view, "log": self.log_lines(seat),
                "chat": list(self.table.chat)}

    def log_lines(self, seat: int | None) -> list[dict]:
        """The log in ``seat``'s words, kept until the log changes: spectators come and go many
        at a time and all read the same words, and a resumed solo game's check (trial) tells its
        seats the log their first snapshots send (a resumed host logs who is away first)."""
        # the last entry itself, not its id: held here, it cannot be freed and its address reused
        table_log = self.table.log
        n, last = len(table_log), table_log[-1] if table_log else None
        cached = self._told_logs.get(seat)
        if cached is not None and cached[0] == n and cached[1] is last:
            return cached[2]
        log = []
        for names, run in itertools.groupby(table_log, key=lambda entry: entry[1]):   # told as they were
            log += narrate([redact(event, seat) for event, _ in run], seat, names)
        log = log[-LOG_KEEP:]
        self._told_logs[seat] = (n, last, log)
        return log

    def trial(self) -> None:
        """What every seat will be shown and offered, and the log in every seat's words, worked
        out once: a state the engine cannot show is refused now, not when its players reconnect
        (a log that cannot be told is only dropped: it is words, no reason to refuse a game)."""
        seats = (*range(len(self.table.seats)), None)
        if self.table.game is not None:
            for seat in seats:
                self.view(seat)
        try:
            for seat in seats:
                self.log_lines(seat)        # kept: each seat's first snapshot sends these lines
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            self.table.log.clear()
            self._told_logs.clear()

    def _told(self, events: list[dict]) -> list[dict]:
        """The events the log tells now. A Voldemort's discards are one line, told once the last
        is down: until then they wait, and then the run's earlier ones come from the log."""
        if not any(event["type"] == "discard" for event in events):
            return events
        if self.table.game.phase == "discard":
            return [event for event in events if event["type"] != "discard"]
        seat, now, held = events[0]["seat"], {id(event) for event in events}, []
        for event, _ in reversed(self.table.log):          # back to the Voldemort, past chat and table lines
            if event["type"] == "play" and event["seat"] == seat:
                break
            if event["type"] == "discard" and event["seat"] == seat and id(event) not in now:
                held.append(event)
        return held[::-1] + events
