"""Who may join a hosted game: the hello checked, the password proven without crossing, a
seat token's seat given back, a newcomer seated in the lobby or taken as a spectator."""
import asyncio
from typing import Protocol

from net import Connection, new_token, proof, tokens_equal
from net.connection import TRY_AGAIN
from uno_tui.protocol.commands import clean_text, unique_name
from uno_tui.protocol.limits import MAX_NAME
from uno_tui.protocol.spec import HELLO
from uno_tui.table import PROTOCOL_VERSION, Table

from .lobby import LobbySeat

UNKNOWN_TOKEN = "unknown seat token: this game does not know it"
MAX_SPECTATORS = 20
TOO_OFTEN = f"this seat reconnected too often: {TRY_AGAIN}"


class Admitting(Protocol):
    """What admission reads of the session (its seats and watchers, the password, whether the
    game has started), and how it lets someone in."""

    seats: list[LobbySeat]
    spectators: dict            # connection -> the name it gave
    password: str | None
    fingerprint: str | None     # the host's TLS key, which the password's proof binds
    table: Table | None

    def welcome(self, conn, seat: int | None) -> int | None: ...


class Admission:
    """The session's handshakes (the server's ``admit``), and the password's proof key."""

    def __init__(self, session: Admitting):
        self.session = session
        self._key: tuple[str, bytes] | None = None   # (password, its proof key), made once

    async def make_key(self, password: str | None) -> None:
        """The proof key of ``password`` (None: none), made off the loop (scrypt, net/proof.py)."""
        self._key = None if password is None else (
            password, await asyncio.to_thread(proof.password_key, password, self.session.fingerprint))

    def seated_address(self, address: str) -> bool:
        """Is a player at the table from this address (so its handshakes may use the reserve)?"""
        return any(seat.address == address for seat in self.session.seats)

    async def admit(self, conn: Connection, hello) -> int | None | bool:
        """Check the hello; seat the player (a number), take a spectator (None), or reject (False)."""
        if not isinstance(hello, dict) or hello.get("type") != "hello":
            return _reject(conn, "the first message must be a hello")
        version = hello.get("version")
        if type(version) is not int or version != PROTOCOL_VERSION:
            return _reject(conn, f"this host speaks protocol version {PROTOCOL_VERSION}, you speak "
                                 f"{repr(version)[:12]}: use the same uno-tui version as the host")
        problems = HELLO.problems(hello)
        if problems:
            return _reject(conn, problems[0])
        name = hello.get("name")
        if not isinstance(name, str) or not clean_text(name, MAX_NAME):
            return _reject(conn, "a player needs a name")
        name = clean_text(name, MAX_NAME)
        session = self.session
        if session.password is not None and not await self._proven(conn, hello["nonce"]):
            return _reject(conn, "wrong password")
        token = hello.get("token")
        for i, seat in enumerate(session.seats):       # a token takes its seat back, in the lobby too
            if seat.token is not None and tokens_equal(token, seat.token):
                if not seat.returns.allow():            # each return is told to everyone: not 100 a second
                    return _reject(conn, TOO_OFTEN)
                if seat.conn is not None:
                    seat.conn.close("the player connected again elsewhere")
                seat.conn, seat.address = conn, conn.address
                return session.welcome(conn, i)
        if token is not None:
            return _reject(conn, UNKNOWN_TOKEN)
        if session.table is None and not hello.get("spectate"):
            for i, seat in enumerate(session.seats):
                if seat.kind == "open":
                    seat.name = unique_name(name, {s.name for s in session.seats})
                    seat.kind, seat.token, seat.conn = "human", new_token(), conn
                    seat.address = conn.address
                    seat.keeps_token = hello.get("keep") is not False
                    return session.welcome(conn, i)
            return _reject(conn, "the table is full")
        if len(session.spectators) >= MAX_SPECTATORS:
            return _reject(conn, f"this table has room for {MAX_SPECTATORS} spectators, and has them")
        session.spectators[conn] = name
        return session.welcome(conn, None)

    async def _proven(self, conn: Connection, client_nonce: str) -> bool:
        """The password, proven without crossing (net/proof.py): the host proves it first, then
        the client answers (within the server's handshake deadline)."""
        password = self.session.password
        if self._key is None or self._key[0] != password:
            self._key = (password, proof.password_key(password, self.session.fingerprint))
        key, host_nonce = self._key[1], proof.nonce()
        conn.send({"type": "challenge", "nonce": host_nonce,
                   "proof": proof.proof(key, "host", client_nonce, host_nonce)})
        answer = await conn.read()
        return (isinstance(answer, dict) and answer.get("type") == "proof"
                and proof.proven(key, "client", client_nonce, host_nonce, answer.get("proof")))


def _reject(conn: Connection, reason: str) -> bool:
    conn.close(f"rejected: {reason}", farewell={"type": "reject", "reason": reason})
    return False
