"""The client-side model of one seat: the latest view and the log (chat in it), built from messages.

Pure data handling (no UI, no sockets), the same for solo, host and join. A
sequence gap means something was lost: the model asks for a snapshot. The view is
decoded here, as it arrives, into typed objects (protocol/views.py) the UI reads.
"""
import itertools
import random
import time
from dataclasses import dataclass, field

from uno_tui.engine import Action
from uno_tui.protocol.commands import merge_view
from uno_tui.protocol.describe import chat_line, too_late
from uno_tui.protocol.sent import to_wire
from uno_tui.protocol.timing import LATE
from uno_tui.protocol.views import LogLine, View, events_of, lines_of, view_of

#: a client's log: the lines it keeps while connected (a snapshot brings the host's last LOG_KEEP,
#: protocol.limits; updates add to them, so a long game can be scrolled back further than that)
SCROLLBACK = 500
#: the out-of-turn chances a press can come too late for (the key's action kind)
CHANCES = ("catch", "jump_in", "say_uno")
#: moves that can take a chance away (the first of them in an update by another seat took it)
TAKERS = ("catch", "jump_in", "say_uno", "play", "draw", "pass", "accept", "challenge", "shield")


def command_ids() -> itertools.count:
    """Command ids from a random start: the host remembers a seat's recent ids across
    reconnects, so a client started afresh (a new `join`) must not reuse them."""
    return itertools.count(random.SystemRandom().randrange(1, 2 ** 52))


@dataclass
class ClientModel:
    view: View | None = None
    #: the same view as plain data, whole (an update's table part merged in): what a replay passes on
    wire: dict | None = None
    log: list[LogLine] = field(default_factory=list)
    #: the lines the last update brought: the log keeps only the last SCROLLBACK, so once full its
    #: length no longer tells them
    new_lines: list[LogLine] = field(default_factory=list)
    last_seq: int = 0
    error: str | None = None
    record: dict | None = None          # the host's record of the match, once asked for and sent
    #: chance kind -> (when it went, what a press for it is told: "Too late: Ben already played.")
    missed: dict = field(default_factory=dict)
    _ids: itertools.count = field(default_factory=lambda: command_ids())

    def apply(self, msg: dict) -> str:
        """Take in one message from the table. Returns what changed: "view", "chat", "error",
        "gap" (ask for a snapshot) or "" (nothing)."""
        seq = msg.get("seq", 0)
        kind = msg.get("type")
        if kind == "snapshot":
            self.last_seq = seq
            self.wire, self.log = msg["view"], lines_of(msg["log"])      # the log holds the chat, in order
            self.view = view_of(self.wire)
            return "view"
        if kind in ("update", "chat", "error") and seq and self.last_seq and seq != self.last_seq + 1:
            return "gap"
        self.last_seq = seq or self.last_seq
        if kind == "update":
            had = self._chances()
            same_table = "table" not in msg["view"] and self.view is not None      # (decoded once, kept)
            self.wire = merge_view(self.wire, msg["view"])
            self.view = view_of(self.wire, self.view.table if same_table else None)
            gone = had - self._chances()
            if gone:
                self._took(gone, events_of(msg.get("events", [])))
            self.new_lines = lines_of(msg.get("log", []))
            self.log.extend(self.new_lines)
            del self.log[:-SCROLLBACK]
            return "view"
        if kind == "chat":
            self.log.append(LogLine(**chat_line(msg)))      # as a snapshot's log has it: in order with the game
            del self.log[:-SCROLLBACK]
            return "chat"
        if kind == "error":
            self.error = msg.get("reason", "refused")
            return "error"
        if kind == "record":
            self.record = msg
            return "record"
        return ""

    def _chances(self) -> set[str]:
        """The out-of-turn chances this seat has now (not its own decisions)."""
        if self.view is None or self.my_decision():
            return set()
        return {a.kind for a in self.legal if a.kind in CHANCES}

    def _took(self, gone: set[str], events) -> None:
        """Chances that just went: who took them (a press in the next seconds is told so)."""
        names = [s.name for s in self.view.table.seats]
        taker = next((e for e in events if e.type in TAKERS and e.seat not in (None, self.seat)), None)
        if taker is None:
            return
        target = getattr(taker, "target", None)           # (a catch's, a challenge's)
        on = "you" if target == self.seat else names[target] if target is not None else None
        for kind in gone:
            self.missed[kind] = (time.monotonic(), too_late(kind, names[taker.seat], taker.type, on))

    def too_late(self, kind: str) -> str | None:
        """What a press for the chance ``kind`` that is gone is told, if it went in the last seconds."""
        when, text = self.missed.get(kind, (0.0, None))
        return text if time.monotonic() - when < LATE else None

    def command(self, command) -> dict:
        """A command (protocol/sent.py: Play, Chat, Ready, ...) as it goes on the wire, with a fresh id."""
        return to_wire(command, next(self._ids))

    # ------------------------------------------------------------- questions the UI asks
    @property
    def seat(self) -> int | None:
        return self.view.seat if self.view else None

    @property
    def legal(self) -> list[Action]:
        return self.view.legal if self.view else []

    def can(self, kind: str) -> bool:
        return any(a.kind == kind for a in self.legal)

    def my_decision(self) -> bool:
        return bool(self.view) and self.view.decider == self.view.seat and not self.view.over

    def plays_of(self, card: str) -> list[Action]:
        """The legal ways to play this card now (colour variants, UNO variants)."""
        return [a for a in self.legal if a.kind in ("play", "discard") and a.card == card]

    def playable_cards(self) -> set[str]:
        return {a.card for a in self.legal if a.kind in ("play", "discard")}
