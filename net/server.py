"""The hosting side of the transport, mirroring client.py: listening, TLS on every connection,
the handshake's deadline, heartbeats, the read loop with its rate limit, and closing everything.

Every resource a stranger can make the host spend is capped: connections in all and per
address, handshakes in progress (the TLS handshake, then the hello, decoded before any password
check), frame sizes (frames.FROM_PEER) and messages a second. Past a cap a connection is told why
and closed (refusals.py). A few addresses cannot fill the handshakes: under load a handshake has less time,
a newcomer takes the place of the oldest handshake of the address holding the most, and a
reserve of places is kept for the addresses of players at the table (a player's reconnection).

It knows nothing of UNO: who is let in, and what a message means, are the owner's
(``admit`` and ``message``, see uno_tui/play/host/session.py).
"""
import asyncio
import collections
import logging
import resource
import socket
import ssl

from . import tls
from .accepting import accepted
from .connection import TRY_AGAIN, Connection, RateLimit, Throttle
from .frames import FROM_PEER, FrameError, decode
from .refusals import Refusals

logger = logging.getLogger(__name__)
HELLO_TIMEOUT = 5.0              # for the TLS handshake, the hello and a password's proof together
LOADED_HELLO_TIMEOUT = 1.5       # the same, once half the places for handshakes are taken
RESERVE = 4                      # more handshakes, for the addresses ``reserved`` names only
PING_INTERVAL = 5.0
#: the system's open-file limit bounds connections too: a quarter of it, so saving, logging
#: and the host's own files always have descriptors left
MAX_CONNECTIONS = min(64, resource.getrlimit(resource.RLIMIT_NOFILE)[0] // 4)
PER_ADDRESS = 16                 # a LAN party has a few devices per address, not dozens
MAX_PENDING = 16                 # handshakes in progress, in all (more wait to be accepted)
PENDING_PER_ADDRESS = 4
#: new connections taken a second: a storm of them waits in the system's backlog (or is turned
#: away by the system when it is full) instead of costing the game's loop
ARRIVALS = 50
BACKLOG = 128
SHORT_OF_FILES_PAUSE = 1.0       # out of descriptors: accepting waits this long before trying again


class Server:
    def __init__(self, admit, message, gone, *, context: ssl.SSLContext, reserved=lambda address: False,
                 rate: float = 30.0, burst: int = 30,
                 max_connections: int = MAX_CONNECTIONS, per_address: int = PER_ADDRESS,
                 max_pending: int = MAX_PENDING, pending_per_address: int = PENDING_PER_ADDRESS):
        """``admit(conn, hello)`` (awaited) returns what the connection is to its owner (False: it
        was refused and closed); ``message(conn, admitted, msg)`` takes each later message but
        pings; ``gone(conn)`` is called once a connection ends, whatever ended it. ``context``:
        the host's TLS (tls.server_context); ``reserved(address)``: may it use the reserve?"""
        self.admit, self.message, self.gone = admit, message, gone
        self.context, self.reserved = context, reserved
        self.rate, self.burst = rate, burst
        self.max_connections, self.per_address = max_connections, per_address
        self.max_pending, self.pending_per_address = max_pending, pending_per_address
        self.connections: set[Connection] = set()
        self.held: socket.socket | None = None   # accepted, waiting for a handshake to end
        self._sock: socket.socket | None = None
        self._open: collections.Counter = collections.Counter()       # address -> connections open
        self._pending: collections.Counter = collections.Counter()    # address -> handshakes going on
        self._handshakes: dict[asyncio.Task, tuple[str, float]] = {}   # going on: (address, started)
        self._room = asyncio.Event()             # set whenever a handshake ends
        self.refusals = Refusals(context, self._spawn)
        self._arrivals = RateLimit(ARRIVALS, ARRIVALS)
        self._tasks: set[asyncio.Task] = set()

    def joining(self, address: str | None = None) -> int:
        """Connections in their handshake now, from ``address`` or from all. Public so the host's
        tests can watch the caps on handshakes hold and let go."""
        return sum(self._pending.values()) if address is None else self._pending[address]

    def accepted(self, address: str | None = None) -> int:
        """Connections open now (those in their handshake too), from ``address`` or from all;
        public as joining() is."""
        return sum(self._open.values()) if address is None else self._open[address]

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
        for sock in [self._sock, self.held]:
            if sock is not None:
                sock.close()
        self.refusals.close()

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(PING_INTERVAL)
            for conn in list(self.connections):
                conn.send({"type": "ping"})
            self.refusals.log()

    async def _accept_loop(self) -> None:
        """Accept connections, and give each a task of ours (so closing can cancel and await them
        all). At most ARRIVALS connections are taken a second, and none while every place for a
        handshake is taken (unless it takes one, see _place): the others wait in the system's
        backlog, costing the host nothing. A connection over a cap is refused before any of
        asyncio's machinery is built for it. Out of descriptors, it logs once and waits."""
        loop = asyncio.get_running_loop()
        async for sock, peer in accepted(self._sock, logger, SHORT_OF_FILES_PAUSE):
            self.held = sock                     # this one waits in hand; the next ones in the backlog
            while not self._arrivals.allow():    # connections are taken at most ARRIVALS a second
                await asyncio.sleep(1 / ARRIVALS)
            await asyncio.sleep(0)               # (and one per turn of the loop)
            address = peer[0]
            refused = self._over_cap(address)
            while refused is None and not self._place(address):
                self._room.clear()
                await self._room.wait()
                refused = self._over_cap(address)
            self.held = None
            if refused is not None:
                self.refusals.refuse(sock, refused)
                continue
            self._open[address] += 1             # counted here, before any await: a burst sees them
            self._pending[address] += 1
            limit = HELLO_TIMEOUT if self._in_handshake() < self.max_pending // 2 else LOADED_HELLO_TIMEOUT
            task = loop.create_task(self._handle(sock, address, limit))
            self._tasks.add(task)
            self._handshakes[task] = (address, loop.time())
            task.add_done_callback(self._tasks.discard)

    def _in_handshake(self) -> int:
        return len(self._handshakes)

    def _place(self, address: str) -> bool:
        """Is there a place for one more handshake from ``address``? Past max_pending only for
        reserved addresses (to RESERVE more); else the newcomer takes the place of the oldest
        handshake of the address holding the most, if that address holds more than its own."""
        going = self._in_handshake()
        if going < self.max_pending or (going < self.max_pending + RESERVE and self.reserved(address)):
            return True
        ordinary = [(task, a, started) for task, (a, started) in self._handshakes.items() if not self.reserved(a)]
        if not ordinary:
            return False
        task, victim, _ = min(ordinary, key=lambda t: (-self._pending[t[1]], t[2]))
        if self._pending[victim] <= self._pending[address]:
            return False
        self.refusals.counts["a handshake gave its place to another address's"] += 1
        self._end_handshake(task)
        task.cancel()
        return True

    def _end_handshake(self, task) -> None:
        """Once, whichever way a handshake ends (done, failed, timed out or made way)."""
        started = self._handshakes.pop(task, None)
        if started is not None:
            _drop(self._pending, started[0])
            self._room.set()

    def _over_cap(self, address: str) -> str | None:
        """Why one more connection from ``address`` is refused now (None: it is not)."""
        if self.accepted() >= self.max_connections:
            return "the host has too many connections"
        if self.accepted(address) >= self.per_address:
            return "too many connections from your address"
        if self.joining(address) >= self.pending_per_address:
            return f"too many connections are joining at once: {TRY_AGAIN}"
        return None

    async def _handle(self, sock: socket.socket, address: str, limit: float) -> None:
        task = asyncio.current_task()
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)   # as asyncio's own servers do
            await self._serve(sock, limit, lambda: self._end_handshake(task))
        except (OSError, asyncio.TimeoutError):
            pass                                 # the TLS handshake failed or took too long
        finally:
            sock.close()                         # (a no-op once the connection closed it)
            self._end_handshake(task)
            _drop(self._open, address)

    async def _serve(self, sock: socket.socket, limit: float, handshake_over) -> None:
        """The TLS handshake, the hello and its admission, all within ``limit``; then the reads."""
        admitted = False
        conn = None
        try:
            async with asyncio.timeout(limit):
                reader, writer = await tls.accept(sock, self.context, limit)
                conn = Connection(reader, writer, idle_timeout=3 * PING_INTERVAL, limits=FROM_PEER)
                hello = await conn.read()
                admitted = await self.admit(conn, hello)
            handshake_over()
            if admitted is False:
                return
            self.connections.add(conn)
            await self._read(conn, admitted)
        except FrameError as e:
            conn.close(f"bad frame: {e.reason}")
        except asyncio.TimeoutError:
            if conn is None:
                raise
            conn.close("silent or too slow")
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            if conn is None:
                raise
            if admitted is False:                # gone before its hello was answered (as a TLS
                self.refusals.left += 1          # flood's are): counted, not logged one by one
                conn.close("disconnected", logged=False)
            else:
                conn.close("disconnected")
        except Exception:                    # noqa: BLE001 - one connection's trouble never stops the host
            logger.exception("closing %s after an unexpected error", conn.peer if conn else "?")
            if conn is None:
                return
            conn.close("internal error")
        finally:
            if conn is not None:
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
