"""What each listener of a table is sent: its seat's view, the table part that changed, the
log in words as that seat may read it, snapshots; and the bots' own listeners.

Part of Table (session.py).
"""
import asyncio
import collections
import math
import time

from ..engine import redact, seat_view
from ..engine.view import own_view, public_view
from .describe import describe
from .packing import Update, array, items, map_header, pack

LOG_KEEP = 300
RECENT_IDS = 256
VIEW, EVENTS, LOG, ACK = (pack(key) for key in ("view", "events", "log", "ack"))


class Listener:
    """One receiver of updates: a seat's player, a bot, or a spectator (seat None, with a name).

    With ``pace`` (spectators), updates that nobody acknowledges are held for that long and
    merged, so one watcher costs the host at most 1/pace sends a second however fast the
    table plays; anything else sent meanwhile goes out after what is held, in order.
    """

    def __init__(self, seat: int | None, deliver, name: str = "", pace: float = 0.0, wire: bool = False):
        self.seat, self.name, self.pace = seat, name, pace
        self.deliver = deliver
        self.wire = wire        # deliver packs what it is given (a connection): an Update may go as it is
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

    def _deliver(self, msg: dict) -> None:
        self.seq += 1
        msg["seq"] = self.seq
        self.deliver(msg if self.wire or type(msg) is dict else dict(msg))


def merged(first: dict, then: dict) -> dict:
    """Two updates as one: what happened in both, in order, and the latest view (whose table
    part holds what changed in either)."""
    view = then["view"]
    if "table" in first["view"]:
        view = {**view, "table": {**first["view"]["table"], **view.get("table", {})}}
    return {**then, "view": view, "events": first["events"] + then["events"], "log": first["log"] + then["log"]}


class FanOut:
    """Table's outgoing side (uses the table's game, seats, listeners, log and timers)."""

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
            line = _line(redact(event, seat), seat, names)
            if line is not None:
                lines.append(line)
        return lines

    def _broadcast(self, events: list[dict], ack=None, to: list[Listener] | None = None) -> None:
        """Send every listener (or those in ``to``) its update, packed once where it is the same
        for many (packing.py): the public view, and each event and its log line as every seat it
        does not name reads them; per seat only its own view and what the events tell it alone.
        The table part (seats, scores, rules: the same for everyone, and seldom changing) goes
        only to listeners whose last copy differs."""
        names = self.names
        table = self._table_info()
        public = public_view(self.game)
        head = pack("type") + pack("update") + pack("version") + pack(self.version)
        told = [_Told(event, names) for event in events]
        named = set().union(*(t.named for t in told))
        public_items = items(public)
        seen: dict = {}                          # seat -> its own view, events and log, and the packed rest
        changed: dict = {}                       # id of a table part last sent -> (it, what changed, packed)
        for listener in to if to is not None else [*self.listeners, *self._active_bot_listeners()]:
            seat = listener.seat
            parts = seen.get(seat)
            if parts is None:
                own = own_view(self.game, {}, seat)
                told_here = seen.get("outsider") if seat not in named else None
                if told_here is None:
                    told_here = _told_to(seat, told, names)
                    if seat not in named:
                        seen["outsider"] = told_here
                parts = seen[seat] = (own, public_items + items(own), *told_here)
            own, view_items, evs, lines, packed_told = parts
            view = {**public, **own}
            sent = listener.table_sent
            change = changed.get(id(sent))
            if change is None or change[0] is not sent:
                part = None if sent == table else table if sent is None else {
                    k: v for k, v in table.items() if sent.get(k) != v}
                change = changed[id(sent)] = (sent, part, b"" if part is None else pack("table") + pack(part))
            if change[1] is not None:
                view["table"] = change[1]
            listener.table_sent = table
            acked = ack[1] if ack and ack[0] is listener else None
            msg = Update(type="update", version=self.version, view=view, events=evs, log=lines, ack=acked)
            msg.packed = b"".join((head, VIEW, map_header(len(view)), view_items, change[2], packed_told,
                                   ACK, pack(acked)))
            msg.count = len(msg)
            listener.send(msg)

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
        """The log in ``seat``'s words. A spectator's is kept until the log changes: spectators
        come and go many at a time, and all read the same words."""
        key = (len(self.log), id(self.log[-1]) if self.log else None)
        cached = self._spectator_log
        if seat is None and cached is not None and cached[0] == key:
            return cached[1]
        log = []
        for event, names in self.log:
            log += self._lines([event], seat, names)
        log = log[-LOG_KEEP:]
        if seat is None:
            self._spectator_log = (key, log)
        return log


def _line(seen: dict, seat: int | None, names) -> dict | None:
    """An event (as ``seat`` may see it) as a line of ``seat``'s log, or None if it is not worth one."""
    text = seen["text"] if seen["type"] == "table" else describe(seen, seat, names)
    return {"kind": seen["type"], "seat": seen.get("seat"), "text": text} if text else None


def _told_to(seat: int | None, told: list, names) -> tuple:
    """The events and log lines of a change as ``seat`` reads them, and both packed."""
    evs, lines, packed_events, packed_lines = [], [], [], []
    for t in told:
        event, line, packed_event, packed_line = t.outsider if seat not in t.named else t.told(seat, names)
        evs.append(event)
        packed_events.append(packed_event)
        if line is not None:
            lines.append(line)
            packed_lines.append(packed_line)
    return evs, lines, EVENTS + array(packed_events) + LOG + array(packed_lines)


class _Told:
    """One event as the seats read it: every seat it does not name (as actor, target or one its
    secret is shown to) reads it alike, so that reading is made and packed once."""
    __slots__ = ("event", "named", "outsider")

    def __init__(self, event: dict, names):
        self.event = event
        self.named = {event.get("seat"), event.get("target"), *event.get("to", ())} - {None}
        self.outsider = self.told(None, names)

    def told(self, seat: int | None, names) -> tuple:
        """(the event as ``seat`` sees it, its log line, both packed)."""
        seen = redact(self.event, seat)
        line = _line(seen, seat, names)
        return seen, line, pack(seen), None if line is None else pack(line)
