"""What each listener of a table is sent: its seat's view, the table part that changed, the
log in words as that seat may read it, snapshots; and the bots' own listeners.

Part of Table (session.py).
"""
import asyncio
import collections
import itertools
import math
import time

from uno_tui.protocol.describe import narrate

from ..engine import redact, seat_view
from .packing import SEQ, Change, Packed, map_header, pack

LOG_KEEP = 300
RECENT_IDS = 256


class Listener:
    """One receiver of updates: a seat's player, a bot, or a spectator (seat None, with a name).

    With ``pace`` (spectators), updates that nobody acknowledges are held for that long and
    merged, so one watcher costs the host at most 1/pace sends a second however fast the
    table plays; anything else sent meanwhile goes out after what is held, in order.
    """

    def __init__(self, seat: int | None, deliver, name: str = "", pace: float = 0.0, wire: bool = False):
        self.seat, self.name, self.pace = seat, name, pace
        self.deliver = deliver
        self.wire = wire        # deliver sends over the network: it takes an update packed already
        self.seq = 0
        self.recent = collections.deque(maxlen=RECENT_IDS)
        self.closed = False
        self.table_sent: dict | None = None     # the table part this listener last got
        self._held: dict | None = None

    def send(self, msg: dict) -> None:
        if self.closed:
            return
        if self.pace and msg["type"] == "update" and msg["ack"] is None:
            if self._held is None:
                self._held = msg
                asyncio.get_running_loop().call_later(self.pace, self.flush)
            else:
                self._held = merged(self._held, msg)
            return
        if self._held is not None:
            self.flush()
        self._deliver(msg)

    def flush(self) -> None:
        """Send the update held back, if any."""
        held, self._held = self._held, None
        if held is not None and not self.closed:
            self._deliver(held)

    def send_packed(self, count: int, packed: bytes) -> None:
        """Send an update packed already but for its sequence number (``packed``: its first ``count``
        items): for a wire listener that is not paced, which nobody reads as a dict."""
        if not self.closed:
            self.seq += 1
            self.deliver(Packed(map_header(count + 1) + packed + SEQ + pack(self.seq)))

    def _deliver(self, msg: dict) -> None:
        self.seq += 1
        msg["seq"] = self.seq
        self.deliver(msg)


def merged(first: dict, then: dict) -> dict:
    """Two updates as one: what happened in both, in order, and the latest view (whose table
    part holds what changed in either)."""
    view = then["view"]
    if "table" in first["view"]:
        view = {**view, "table": {**first["view"]["table"], **view.get("table", {})}}
    return {**then, "view": view, "events": first["events"] + then["events"], "log": first["log"] + then["log"]}


class FanOut:
    """Table's outgoing side (uses the table's game, seats, listeners, log and timers)."""

    def _table_line(self, text: str) -> None:
        self.log.append(({"type": "table", "text": text}, self.names))
        if self.match:
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
            # a person's out-of-turn chance: seconds left before bots may take it (of ``window``)
            "window_in": self._window_in(), "window": self.pacing.reaction,
            # the turn clock: whole seconds left of the decider's turn before their stand-in plays
            "clock_in": self._clock_in(), "turn_clock": self.pacing.turn_timeout,
        }

    @staticmethod
    def _due_in(timer: asyncio.TimerHandle | None) -> int | None:
        """Whole seconds until a timer fires (clients count down from there), None if none runs."""
        if timer is None or timer.cancelled():
            return None
        return max(0, math.ceil(timer.when() - time.monotonic()))     # the loop's clock is monotonic()

    def _lines(self, events, seat, names) -> list[dict]:
        return narrate([redact(event, seat) for event in events], seat, names)

    def _told(self, events: list[dict]) -> list[dict]:
        """The events the log tells now. A Voldemort's discards are one line, told once the last
        is down: until then they wait, and then the run's earlier ones come from the log."""
        if not any(event["type"] == "discard" for event in events):
            return events
        if self.game.phase == "discard":
            return [event for event in events if event["type"] != "discard"]
        seat, now, held = events[0]["seat"], {id(event) for event in events}, []
        for event, _ in reversed(self.log):          # back to the Voldemort, past chat and table lines
            if event["type"] == "play" and event["seat"] == seat:
                break
            if event["type"] == "discard" and event["seat"] == seat and id(event) not in now:
                held.append(event)
        return held[::-1] + events

    def _broadcast(self, events: list[dict], ack=None, to: list[Listener] | None = None) -> None:
        """Send every listener (or those in ``to``) its update, built once where it is the same for
        many (packing.Change). The table part (seats, scores, rules: the same for everyone, and
        seldom changing) goes only to listeners whose last copy differs."""
        change = Change(self.game, events, self._told(events), self.names, self.version, self._table_info(),
                        self._own_packed)
        for listener in to if to is not None else [*self.listeners, *self._active_bot_listeners()]:
            change.send(listener, ack[1] if ack and ack[0] is listener else None)

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
        return {"type": "snapshot", "version": self.version, "view": view, "log": self._log_lines(seat),
                "chat": list(self.chat)}

    def _log_lines(self, seat: int | None) -> list[dict]:
        """The log in ``seat``'s words, kept until the log changes: spectators come and go many
        at a time and all read the same words, and a resumed solo game's check (trial) tells its
        seats the log their first snapshots send (a resumed host logs who is away first)."""
        # the last entry itself, not its id: held here, it cannot be freed and its address reused
        n, last = len(self.log), self.log[-1] if self.log else None
        cached = self._told_logs.get(seat)
        if cached is not None and cached[0] == n and cached[1] is last:
            return cached[2]
        log = []
        for names, run in itertools.groupby(self.log, key=lambda entry: entry[1]):   # told as they were
            log += self._lines([event for event, _ in run], seat, names)
        log = log[-LOG_KEEP:]
        self._told_logs[seat] = (n, last, log)
        return log
