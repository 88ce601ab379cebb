"""A hosted game before its start: the seats as players take them, what everyone is shown of
them, chat, and the host seating bots."""
import collections
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from net import Connection, RateLimit
from uno_tui.protocol.commands import ProtocolError, command_id, parse_lobby_command
from uno_tui.protocol.limits import RECENT_IDS
from uno_tui.storage.settings import GameSettings
from uno_tui.table import Table

from .channel import LocalPeer


@dataclass
class LobbySeat:
    name: str
    kind: str = "open"          # "host", "human", "bot" or "open"
    level: str = "normal"
    token: str | None = None
    conn: Connection | LocalPeer | None = None
    keeps_token: bool = True    # False: a browser tab, which cannot come back to the seat in the lobby
    address: str | None = None  # where its player last connected from (a reconnection's likely address)
    returns: RateLimit = field(default_factory=lambda: RateLimit(1.0, 5))    # reconnections with the token


class Lobbied(Protocol):
    """What the lobby reads of its session, and what it has the session do."""

    settings: GameSettings
    host_name: str
    port: int | None
    seats: list[LobbySeat]
    spectators: dict            # connection -> the name it gave
    table: Table | None         # None until the start

    def connections(self) -> list: ...

    def start(self) -> None: ...

    def advertise(self) -> None: ...

    on_change: Callable[[], None]


class Lobby:
    """The session's messages before the start, and the lobby view each seat and watcher gets."""

    def __init__(self, session: Lobbied):
        self.session = session
        self._ids: dict = {}        # seat (a spectator: its connection) -> its recent command ids

    def view(self) -> dict:
        session = self.session
        return {"type": "lobby", "host": session.host_name, "port": session.port,
                "edition": session.settings.edition,
                "seats": [{"name": s.name, "kind": s.kind, "level": s.level,
                           "connected": s.kind in ("host", "bot") or s.conn is not None} for s in session.seats],
                # teams: each seat's team (seats alternate, partners opposite at 4)
                "teams": [i % 2 for i in range(len(session.seats))] if session.settings.house.get("teams") else None}

    def changed(self) -> None:
        """Everyone is shown the lobby as it is now (and the LAN's record of it)."""
        view = self.view()
        for i, seat in enumerate(self.session.seats):
            if seat.conn is not None:
                seat.conn.send({**view, "you": i})
        for conn in self.session.spectators:
            conn.send({**view, "you": None})
        self.session.advertise()
        self.session.on_change()

    def ids(self, seat: int):
        """The command ids a seat used in the lobby (they stay used at the table)."""
        return self._ids.get(seat, ())

    def forget(self, conn) -> None:
        """A spectator went: its ids with it."""
        self._ids.pop(conn, None)

    def message(self, conn, seat: int | None, msg) -> None:
        """Before the start: chat from anyone; the host's own screen also seats bots and starts."""
        session = self.session
        try:
            msg = parse_lobby_command(msg)
            recent = self._ids.setdefault(seat if seat is not None else conn, collections.deque(maxlen=RECENT_IDS))
            if msg["id"] in recent:              # a repeat applies once (as at the table)
                return
            recent.append(msg["id"])
            kind = msg["type"]
            if kind in ("start", "seat") and not (seat == 0 and session.seats[0].kind == "host"):
                raise ProtocolError("only the host can do that")
            if kind == "chat":
                name = session.seats[seat].name if seat is not None else session.spectators.get(conn, "")
                line = {"type": "chat", "seat": seat, "name": name, "text": msg["text"],
                        "spectator": seat is None}
                for other in session.connections():
                    other.send(dict(line))
            elif kind == "seat":
                self.set_bot(msg["seat"], msg["level"])
            elif kind == "start":
                session.start()
        except ProtocolError as e:
            conn.send({"type": "error", "id": command_id(msg), "reason": e.reason})

    def set_bot(self, index: int, level: str | None) -> None:
        """Make a seat nobody sits at a bot of this level (None: open it again). A player who left
        the lobby loses their seat this way."""
        seats = self.session.seats
        seat = seats[index] if 0 <= index < len(seats) else None
        if self.session.table is not None or seat is None or seat.conn is not None or seat.kind == "host":
            raise ProtocolError("that seat is taken")
        seat.kind, seat.level = ("bot", level) if level else ("open", "normal")
        seat.name, seat.token = "", None
        self.changed()

    def seats_free(self) -> str:
        """What the browser page says of the seats (a game under way takes watchers only)."""
        seats = self.session.seats
        if self.session.table is not None:
            return f"a game of {len(seats)} under way: join to watch, or to come back to your seat"
        free = sum(seat.kind == "open" for seat in seats)
        return f"{free} of {len(seats)} seats free" if free else f"all {len(seats)} seats taken: join to watch"
