"""The hosting side of the transport, mirroring client.py: listening, one task per connection,
the hello's deadline, heartbeats, the read loop with its rate limit, and closing everything.

Every resource a stranger can make the host spend is capped: connections in all and per
address, handshakes in progress (a hello is decoded before any password check), frame sizes
(frames.FROM_PEER) and messages a second. Past a cap a connection is told why and closed;
past the cap on handshakes, new connections wait to be accepted.

It knows nothing of UNO: who is let in, and what a message means, are the owner's
(``admit`` and ``message``, see uno_tui/hosting.py).
"""
import asyncio
import collections
import errno
import logging
import resource
import socket

from .connection import TRY_AGAIN, Connection, RateLimit, Throttle
from .frames import FROM_PEER, FrameError, decode, encode

logger = logging.getLogger(__name__)
HELLO_TIMEOUT = 5.0
PING_INTERVAL = 5.0
#: the system's open-file limit bounds connections too: a quarter of it, so saving, logging
#: and the host's own files always have descriptors left
MAX_CONNECTIONS = min(64, resource.getrlimit(resource.RLIMIT_NOFILE)[0] // 4)
PER_ADDRESS = 16                 # a LAN party has a few devices per address, not dozens
MAX_PENDING = 16                 # handshakes in progress, in all (more wait to be accepted)
PENDING_PER_ADDRESS = 4
MAX_LINGER = 32                  # refused connections waiting to be told why
#: new connections taken a second: a storm of them waits in the system's backlog (or is turned
#: away by the system when it is full) instead of costing the game's loop
ARRIVALS = 50
BACKLOG = 128
SHORT_OF_FILES_PAUSE = 1.0       # out of descriptors: accepting waits this long before trying again


class Server:
    def __init__(self, admit, message, gone, *, rate: float = 30.0, burst: int = 30,
                 max_connections: int = MAX_CONNECTIONS, per_address: int = PER_ADDRESS,
                 max_pending: int = MAX_PENDING, pending_per_address: int = PENDING_PER_ADDRESS):
        """``admit(conn, hello)`` returns what the connection is to its owner (False: it was
        refused and closed); ``message(conn, admitted, msg)`` takes each later message but
        pings; ``gone(conn)`` is called once a connection ends, whatever ended it."""
        self.admit, self.message, self.gone = admit, message, gone
        self.rate, self.burst = rate, burst
        self.max_connections, self.per_address = max_connections, per_address
        self.max_pending, self.pending_per_address = max_pending, pending_per_address
        self.connections: set[Connection] = set()
        self.held: socket.socket | None = None   # accepted, waiting for a handshake to end
        self._sock: socket.socket | None = None
        self._open: collections.Counter = collections.Counter()       # address -> connections open
        self._pending: collections.Counter = collections.Counter()    # address -> handshakes going on
        self._room = asyncio.Event()             # set while fewer than max_pending handshakes go on
        self._room.set()
        self._lingering: set[socket.socket] = set()
        self._refused = collections.Counter()    # refusals not yet logged, by reason
        self._arrivals = RateLimit(ARRIVALS, ARRIVALS)
        self._tasks: set[asyncio.Task] = set()

    async def listen(self, bind: str, port: int) -> int:
        """Start listening; returns the port (the one the system chose, for port 0)."""
        family, _, _, _, address = socket.getaddrinfo(bind or None, port, type=socket.SOCK_STREAM,
                                                      flags=socket.AI_PASSIVE)[0]
        self._sock = socket.create_server(address[:2], family=family, backlog=BACKLOG)
        self._sock.setblocking(False)
        self._spawn(self._accept_loop())
        self._spawn(self._heartbeat())
        return self._sock.getsockname()[1]

    async def close(self) -> None:
        """Stop listening (the port is free once this returns) and end every connection's task."""
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for sock in [self._sock, self.held, *self._lingering]:
            if sock is not None:
                sock.close()
        self._lingering.clear()
        self._log_refusals()

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(PING_INTERVAL)
            for conn in list(self.connections):
                conn.send({"type": "ping"})
            self._log_refusals()

    def _log_refusals(self) -> None:
        """One line per reason for the connections refused since the last time: a connect flood
        must not grow the log by a line a connection."""
        for reason, n in self._refused.items():
            logger.info("refused %d connections: %s", n, reason)
        self._refused.clear()

    async def _accept_loop(self) -> None:
        """Accept connections, and give each a task of ours (so closing can cancel and await them
        all). At most ARRIVALS connections are taken a second, and none while max_pending
        handshakes are going on: the others wait in the system's backlog, costing the host
        nothing. A connection over a cap is refused before any of asyncio's machinery is built
        for it. Out of descriptors, it logs once and waits."""
        loop = asyncio.get_running_loop()
        short_of_files = False
        while True:
            try:
                sock, peer = await loop.sock_accept(self._sock)
            except OSError as e:
                if e.errno not in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
                    continue                     # that one connection failed (reset, aborted): the next
                if not short_of_files:
                    logger.warning("not accepting connections for now: %s", e)
                short_of_files = True
                await asyncio.sleep(SHORT_OF_FILES_PAUSE)
                continue
            short_of_files = False
            self.held = sock                     # this one waits in hand; the next ones in the backlog
            while not self._arrivals.allow():    # connections are taken at most ARRIVALS a second
                await asyncio.sleep(1 / ARRIVALS)
            await asyncio.sleep(0)               # (and one per turn of the loop)
            await self._room.wait()
            self.held = None
            address = peer[0]
            refused = self._over_cap(address)
            if refused is not None:
                self._refuse(sock, refused)
                continue
            self._open[address] += 1             # counted here, before any await: a burst sees them
            self._pending[address] += 1
            if sum(self._pending.values()) >= self.max_pending:
                self._room.clear()
            self._spawn(self._handle(sock, address))

    def _over_cap(self, address: str) -> str | None:
        """Why one more connection from ``address`` is refused now (None: it is not)."""
        if sum(self._open.values()) >= self.max_connections:
            return "the host has too many connections"
        if self._open[address] >= self.per_address:
            return "too many connections from your address"
        if self._pending[address] >= self.pending_per_address:
            return f"too many connections are joining at once: {TRY_AGAIN}"
        return None

    def _refuse(self, sock: socket.socket, reason: str) -> None:
        """Say why, and hang up a second later: closing at once, with the peer's hello unread,
        would reset the connection and lose the reason. At most MAX_LINGER wait so."""
        try:
            sock.send(encode({"type": "reject", "reason": reason}))
            sock.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        self._refused[reason] += 1
        if len(self._lingering) < MAX_LINGER:
            self._lingering.add(sock)
            asyncio.get_running_loop().call_later(1.0, self._let_go, sock)
        else:
            sock.close()

    def _let_go(self, sock: socket.socket) -> None:
        self._lingering.discard(sock)
        sock.close()

    async def _handle(self, sock: socket.socket, address: str) -> None:
        handshaking = True

        def handshake_over() -> None:            # once, whichever way the handshake ends
            nonlocal handshaking
            if handshaking:
                handshaking = False
                _drop(self._pending, address)
                if sum(self._pending.values()) < self.max_pending:
                    self._room.set()
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)   # as asyncio's own servers do
            reader, writer = await asyncio.open_connection(sock=sock)
            conn = Connection(reader, writer, idle_timeout=3 * PING_INTERVAL, limits=FROM_PEER)
            await self._serve(conn, handshake_over)
        except OSError:
            pass
        finally:
            sock.close()                         # (a no-op once the connection closed it)
            handshake_over()
            _drop(self._open, address)

    async def _serve(self, conn: Connection, handshake_over) -> None:
        admitted = False
        try:
            try:
                hello = await asyncio.wait_for(conn.read(), HELLO_TIMEOUT)
            finally:
                handshake_over()
            admitted = self.admit(conn, hello)
            if admitted is False:
                return
            self.connections.add(conn)
            await self._read(conn, admitted)
        except FrameError as e:
            conn.close(f"bad frame: {e.reason}")
        except asyncio.TimeoutError:
            conn.close("silent or too slow")
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            conn.close("disconnected")
        except Exception:                    # noqa: BLE001 - one connection's trouble never stops the host
            logger.exception("closing %s after an unexpected error", conn.peer)
            conn.close("internal error")
        finally:
            self.connections.discard(conn)
            if admitted is not False:
                self.gone(conn)
            conn.close("done")
            await conn.wait_closed()

    async def _read(self, conn: Connection, admitted) -> None:
        throttle = Throttle(self.rate, self.burst)
        while not conn.closed:
            body = await conn.read_frame()
            verdict = throttle.verdict()         # a message over the rate is dropped before it costs a decode
            if verdict == "pass":
                msg = decode(body, FROM_PEER)
                if isinstance(msg, dict) and msg.get("type") == "ping":
                    conn.send({"type": "pong"})
                elif not (isinstance(msg, dict) and msg.get("type") == "pong"):
                    self.message(conn, admitted, msg)
            elif verdict == "close":
                conn.close("flooding")
            elif verdict == "warn":
                conn.send({"type": "error", "id": None, "reason": "too many messages: slow down"})
            if conn.more_buffered():             # a burst: the next frame is in already, and reading it
                await asyncio.sleep(0)           # would not wait, so let the others go first


def _drop(counter: collections.Counter, key) -> None:
    """One fewer of ``key``; a key counted down to nothing is forgotten (addresses come and go)."""
    counter[key] -= 1
    if not counter[key]:
        del counter[key]
