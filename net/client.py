"""The joining side: a channel to a host over TLS that reconnects by itself.

``send`` and ``recv`` work as the in-memory channel's do. The hello message
is the caller's; the welcome's token is kept and sent again on every
reconnect, so the player gets the same seat back. Heartbeats are answered
here and never reach the caller. Each connection's certificate is shown to
``verify`` before anything is sent, and a password is proven, never sent
(proof.py), to a host that proved it first.
"""
import asyncio
import logging

from . import proof
from .connection import TRY_AGAIN, Connection
from .frames import FrameError
from .tls import client_context, peer_fingerprint

logger = logging.getLogger(__name__)
BACKOFF = (0.25, 0.5, 1.0, 2.0, 4.0)


class Rejected(ConnectionError):
    """The host said no (wrong version, password, full table); ``reason`` is for people."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class Unproven(Rejected):
    """The host could not prove it knows the password (or the table needs one and none was given).
    Nothing made from the password was sent."""


class Untrusted(Rejected):
    """``verify`` refused the host's certificate: nothing but the TLS handshake was sent."""


_CONTEXT = client_context()


async def peek(host: str, port: int, timeout: float = 5.0) -> str:
    """The fingerprint of the certificate a host presents, read by a TLS handshake and nothing
    more (to ask a player about a host seen for the first time before anything is sent)."""
    reader, writer = await asyncio.wait_for(
        asyncio.open_connection(host, port, ssl=_CONTEXT, ssl_handshake_timeout=timeout), timeout)
    try:
        return peer_fingerprint(writer)
    finally:
        writer.transport.abort()


class NetChannel:
    def __init__(self, host: str, port: int, hello: dict, *, verify=None, password: str | None = None,
                 give_up_after: float = 30.0, idle_timeout: float = 15.0, connect_timeout: float = 5.0):
        """``verify(fingerprint)``: awaited with each connection's certificate fingerprint before
        anything is sent; it raises (a ConnectionError) to refuse the host."""
        self.host, self.port, self.hello = host, port, dict(hello)
        self.verify, self.password = verify, password
        self.fingerprint: str | None = None
        self._keys: dict[str, bytes] = {}    # fingerprint -> the password's key for that host
        self.give_up_after, self.idle_timeout, self.connect_timeout = give_up_after, idle_timeout, connect_timeout
        self.welcome: dict | None = None
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.conn: Connection | None = None
        self.closed = False
        self._status, self._on_status = "connecting", None
        self._pending: list[dict] = []       # commands sent while reconnecting (ids make resends safe)
        self._task: asyncio.Task | None = None

    @property
    def status(self) -> str:
        """"connecting", "connected", "reconnecting" (a lost link being restored), "closed"."""
        return self._status

    @status.setter
    def status(self, status: str) -> None:
        changed, self._status = status != self._status, status
        if changed and self._on_status is not None:
            self._on_status(status)

    def watch_status(self, callback) -> None:
        """``callback(status)`` is called on each change of status from now on (a screen shows a
        lost link while it lasts, with no need to ask again and again)."""
        self._on_status = callback

    @property
    def unsent(self) -> int:
        """How many commands wait for the link to come back (sent while it was down; they go on the
        next connection). Public so a test can tell that a screen sent nothing while it was lost."""
        return len(self._pending)

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"

    async def open(self) -> dict:
        """Connect and shake hands; returns the welcome. Raises Rejected or OSError."""
        await self._connect()
        self._task = asyncio.get_running_loop().create_task(self._run())
        return self.welcome

    async def _connect(self) -> None:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(self.host, self.port, ssl=_CONTEXT, ssl_handshake_timeout=self.connect_timeout),
            self.connect_timeout)
        conn = Connection(reader, writer, idle_timeout=self.idle_timeout)
        try:
            fingerprint = peer_fingerprint(writer)
            if self.verify is not None:
                await self.verify(fingerprint)
            self.fingerprint = fingerprint
            client_nonce = proof.nonce()
            conn.send({**self.hello, "nonce": client_nonce})
            reply = await self._answer(conn, await self._read(conn), fingerprint, client_nonce)
        except BaseException:
            conn.close("refused")
            raise
        if not isinstance(reply, dict) or reply.get("type") != "welcome":
            conn.close("rejected")
            reason = reply.get("reason") if isinstance(reply, dict) else None
            raise Rejected(str(reason or "the host refused the connection"))
        self.welcome, self.conn, self.status = reply, conn, "connected"
        if isinstance(reply.get("token"), str):
            self.hello["token"] = reply["token"]
        for msg in self._pending:
            conn.send(msg)
        self._pending.clear()

    async def _read(self, conn: Connection):
        try:
            return await conn.read()
        except (FrameError, asyncio.TimeoutError, asyncio.IncompleteReadError, ConnectionError) as e:
            raise ConnectionError(f"{self.address} did not answer as a uno-tui host") from e

    async def _answer(self, conn: Connection, reply, fingerprint: str, client_nonce: str):
        """A host that takes a password challenges: check its proof, then prove ours (proof.py)."""
        if not (isinstance(reply, dict) and reply.get("type") == "challenge"):
            return reply
        if self.password is None:
            raise Unproven("this table needs a password: type it, then join again")
        host_nonce = reply.get("nonce")
        if not isinstance(host_nonce, str):
            raise ConnectionError(f"{self.address} did not answer as a uno-tui host")
        if fingerprint not in self._keys:
            self._keys[fingerprint] = await asyncio.to_thread(proof.password_key, self.password, fingerprint)
        key = self._keys[fingerprint]
        if not proof.proven(key, "host", client_nonce, host_nonce, reply.get("proof")):
            raise Unproven("wrong password, or this is not the real table (someone may be imitating it): the "
                           "host could not prove it knows the password typed, so nothing made from it was sent")
        conn.send({"type": "proof", "proof": proof.proof(key, "client", client_nonce, host_nonce)})
        return await self._read(conn)

    async def _run(self) -> None:
        """Read messages; on a lost connection, reconnect with backoff until ``give_up_after``."""
        while not self.closed:
            try:
                while True:
                    msg = await self.conn.read()
                    kind = msg.get("type") if isinstance(msg, dict) else None
                    if kind == "ping":
                        self.conn.send({"type": "pong"})
                    elif kind == "bye":
                        self._fail(str(msg.get("reason") or "The host ended the game."))
                        return
                    elif kind != "pong":
                        self.inbox.put_nowait(msg)
            except (FrameError, asyncio.TimeoutError, asyncio.IncompleteReadError, ConnectionError, OSError) as e:
                if self.closed:
                    return
                logger.info("lost %s (%s); reconnecting", self.address, type(e).__name__)
                self.conn.close("lost")
            if not await self._reconnect():
                self._fail(f"Lost the host at {self.address}: no answer for {self.give_up_after:.0f} s.")
                return

    async def _reconnect(self) -> bool:
        self.status = "reconnecting"
        waited = 0.0
        for attempt in range(1000):
            delay = BACKOFF[min(attempt, len(BACKOFF) - 1)]
            if waited + delay > self.give_up_after:
                return False
            await asyncio.sleep(delay)
            waited += delay
            try:
                await self._connect()
                return True
            except Rejected as e:
                if type(e) is not Rejected or not e.reason.endswith(TRY_AGAIN):   # busy is not saying no
                    self._fail(e.reason)
                    return False
            except (OSError, ConnectionError, asyncio.TimeoutError):
                continue
        return False

    def _fail(self, reason: str) -> None:
        self.status = "closed"
        self.inbox.put_nowait(ConnectionError(reason))

    async def send(self, msg: dict) -> None:
        if self.conn is not None and not self.conn.closed:
            self.conn.send(msg)
        elif not self.closed:
            self._pending.append(msg)

    async def recv(self) -> dict:
        msg = await self.inbox.get()
        if isinstance(msg, Exception):
            self.inbox.put_nowait(msg)      # every later recv says the same
            raise msg
        return msg

    def close(self) -> None:
        self.closed = True
        if self.conn is not None:
            self.conn.close("left the game")
        if self._task is not None:
            self._task.cancel()
