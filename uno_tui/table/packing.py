"""One change as the listeners are sent it: built once where it is the same for many, and per
seat only where it differs. The public view, and each event and its log line as every seat it
does not name reads them, are made (and, for the network, packed) once; a seat's own view, and
what the events tell it alone, once per seat; over the network a listener adds only its sequence
number and the table part it lacks.

msgpack maps and arrays are a header (their length) followed by their items, so items packed
apart are joined here under a header written here: the bytes are those of the message packed
whole (tests/unit/test_fanout_packing.py).
"""
from functools import cached_property

import msgpack

from uno_tui.protocol.describe import narrate

from ..engine import redact
from ..engine.view import own_items, own_parts, public_view

_PACK = msgpack.Packer(use_bin_type=True).pack     # one, reused (the table runs on one thread)


def pack(obj) -> bytes:
    return _PACK(obj)


def map_header(n: int) -> bytes:
    return bytes((0x80 | n,)) if n < 16 else b"\xde" + n.to_bytes(2, "big")


def items(d: dict) -> bytes:
    """A map's items packed, without the map's header (to be joined with other items)."""
    body = _PACK(d)
    return body[1:] if len(d) < 16 else body[3:]


def array(packed: list[bytes]) -> bytes:
    """An array of items packed already."""
    n = len(packed)
    return (bytes((0x90 | n,)) if n < 16 else b"\xdc" + n.to_bytes(2, "big")) + b"".join(packed)


class Packed:
    """A message packed already: a connection sends its ``msgpack_body()`` as it is."""
    __slots__ = ("body",)

    def __init__(self, body: bytes):
        self.body = body

    def msgpack_body(self) -> bytes:
        return self.body


VIEW, EVENTS, LOG, ACK, SEQ = (pack(key) for key in ("view", "events", "log", "ack", "seq"))
OWN_ITEMS = 5                   # seat, hand, drawn, shown, legal (view.own_items)


class Change:
    """One update's worth of a change, for every listener (see the module's docstring)."""

    def __init__(self, game, events: list[dict], told: list[dict], names: list[str], version: int, table: dict,
                 kept: dict):
        """``told``: the events the log tells now (describe.narrate makes one line of events that
        belong together; FanOut._told). ``kept``: the table's, across changes: seat -> (its own
        parts, its own view items packed)."""
        self.game, self.names, self.table, self.kept = game, names, table, kept
        self.public = public_view(game)
        self.events, self.told = [_Told(event) for event in events], told
        # seats that read some event, or some line, their own way
        self.named = set().union(*(t.named for t in self.events), *(_named(event) for event in told))
        self.version = version
        self._public_items: bytes | None = None
        self._seats: dict = {}                   # seat -> its own view, events and log (and packed)
        self._table_parts: dict = {}             # id of a table part last sent -> (it, what changed, packed)

    @cached_property
    def head(self) -> bytes:
        return pack("type") + pack("update") + pack("version") + pack(self.version)

    def send(self, listener, acked) -> None:
        """Send ``listener`` its update: packed for a connection that sends it at once, else as a dict."""
        cached = self._table_part(listener.table_sent)
        part = cached[1]
        listener.table_sent = self.table
        if listener.wire and not listener.pace:
            seat = listener.seat
            if cached[2] is None:
                cached[2] = b"" if part is None else pack("table") + pack(part)
            packed_own = self._own_packed(seat)
            packed_told = self._packed_told(seat)
            if self._public_items is None:
                self._public_items = items(self.public)
            n = len(self.public) + OWN_ITEMS + (part is not None)
            listener.send_packed(6, b"".join((self.head, VIEW, map_header(n), self._public_items, packed_own,
                                              cached[2], packed_told, ACK, pack(acked))))
            return
        own, (evs, lines, _) = self._seat(listener.seat)
        view = {**self.public, **own}
        if part is not None:
            view["table"] = part
        listener.send({"type": "update", "version": self.version, "view": view, "events": evs, "log": lines,
                       "ack": acked})

    def _table_part(self, sent: dict | None) -> list:
        """[``sent``, what of the table part changed since (None: nothing), that packed with its key
        once a connection asks (None until then)]."""
        cached = self._table_parts.get(id(sent))
        if cached is None or cached[0] is not sent:
            table = self.table
            part = None if sent == table else table if sent is None else {
                k: v for k, v in table.items() if sent.get(k) != v}
            cached = self._table_parts[id(sent)] = [sent, part, None]
        return cached

    def _seat(self, seat: int | None, own: bool = True) -> list:
        """[own view items (if ``own``), [events, log lines, those two packed once asked]]: every
        seat no event names shares one reading of the events."""
        parts = self._seats.get(seat)
        if parts is None:
            told = self._seats.get("outsider") if seat not in self.named else None
            if told is None:
                told = self._read(seat)
                if seat not in self.named:
                    self._seats["outsider"] = told
            parts = self._seats[seat] = [None, told]
        if own and parts[0] is None:
            parts[0] = own_items(own_parts(self.game, seat))
        return parts

    def _read(self, seat: int | None) -> list:
        """[events, log lines, None (their packed form, made for the first connection)] as ``seat``
        reads them."""
        evs = [t.outsider if seat not in t.named else redact(t.event, seat) for t in self.events]
        return [evs, narrate([redact(event, seat) for event in self.told], seat, self.names), None]

    def _packed_told(self, seat: int | None) -> bytes:
        """The events and log lines as ``seat`` reads them, packed: only a connection needs them so
        (a game on this machine alone packs nothing)."""
        told = self._seat(seat, own=False)[1]
        if told[2] is None:
            evs, lines, _ = told
            packed = [t.packed() if seat not in t.named else pack(e) for t, e in zip(self.events, evs)]
            told[2] = EVENTS + array(packed) + LOG + array([pack(said) for said in lines])
        return told[2]

    def _own_packed(self, seat: int | None) -> bytes:
        """``seat``'s own view items packed; kept from change to change while its parts are the same
        (most seats' hand and moves do not change with a move)."""
        parts = own_parts(self.game, seat)
        kept = self.kept.get(seat)
        if kept is None or kept[0] != parts:
            kept = self.kept[seat] = (parts, items(own_items(parts)))
        return kept[1]


def _named(event: dict) -> set:
    """The seats an event names (as actor, target or one its secret is shown to): they read it, and
    its line, their own way; every other seat alike."""
    return {event.get("seat"), event.get("target"), *event.get("to", ())} - {None}


class _Told:
    """One event as the seats read it: every seat it does not name reads it alike, so that
    reading is made once, and packed once if a connection needs it."""
    __slots__ = ("event", "named", "outsider", "_packed")

    def __init__(self, event: dict):
        self.event = event
        self.named = _named(event)
        self.outsider = redact(event, None)
        self._packed: bytes | None = None

    def packed(self) -> bytes:
        """The outsiders' reading, packed."""
        if self._packed is None:
            self._packed = pack(self.outsider)
        return self._packed
