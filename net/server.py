"""The hosting side of the transport, mirroring client.py: listening, one task per connection,
the hello's deadline, heartbeats, the read loop with its rate limit, and closing everything.

Every resource a stranger can make the host spend is capped: connections in all and per
address, handshakes in progress (a hello is decoded before any password check), frame sizes
(frames.FROM_PEER) and messages a second. Past a cap a connection is told why and closed.

It knows nothing of UNO: who is let in, and what a message means, are the owner's
(``admit`` and ``message``, see uno_tui/hosting.py).
"""
import asyncio
import collections
import logging
import resource
import time

from .connection import Connection, Throttle
from .frames import FROM_PEER, PEER_FRAME, FrameError, decode

logger = logging.getLogger(__name__)
HELLO_TIMEOUT = 5.0
PING_INTERVAL = 5.0
#: the system's open-file limit bounds connections too: a quarter of it, so saving, logging
#: and the host's own files always have descriptors left
MAX_CONNECTIONS = min(64, resource.getrlimit(resource.RLIMIT_NOFILE)[0] // 4)
PER_ADDRESS = 16                 # a LAN party has a few devices per address, not dozens
MAX_PENDING = 16                 # handshakes in progress, in all
PENDING_PER_ADDRESS = 4
MAX_LINGER = 32                  # refused connections waiting to be told why


class Server:
    def __init__(self, admit, message, gone, *, rate: float = 30.0, burst: int = 30,
                 max_connections: int = MAX_CONNECTIONS, per_address: int = PER_ADDRESS):
        """``admit(conn, hello)`` returns what the connection is to its owner (False: it was
        refused and closed); ``message(conn, admitted, msg)`` takes each later message but
        pings; ``gone(conn)`` is called once a connection ends, whatever ended it."""
        self.admit, self.message, self.gone = admit, message, gone
        self.rate, self.burst = rate, burst
        self.max_connections, self.per_address = max_connections, per_address
        self.server: asyncio.Server | None = None
        self.connections: set[Connection] = set()
        self._open: collections.Counter = collections.Counter()       # address -> connections open
        self._pending: collections.Counter = collections.Counter()    # address -> handshakes going on
        self._tasks: set[asyncio.Task] = set()
        self._lingering = 0
        self._loop_handler = None
        self._resource_warned = -float("inf")

    async def listen(self, bind: str, port: int) -> int:
        """Start listening; returns the port (the one the system chose, for port 0)."""
        self.server = await asyncio.start_server(self._accept, bind, port)
        loop = asyncio.get_running_loop()
        self._loop_handler = loop.get_exception_handler()
        loop.set_exception_handler(self._loop_exception)
        self._spawn(self._heartbeat())
        return self.server.sockets[0].getsockname()[1]

    def _loop_exception(self, loop, context: dict) -> None:
        """asyncio retries an accept that failed for want of descriptors a second later, and logs
        a traceback each time; one line a minute says it all."""
        if context.get("message") == "socket.accept() out of system resource":
            now = time.monotonic()
            if now - self._resource_warned > 60:
                self._resource_warned = now
                logger.warning("not accepting connections for now: %s", context.get("exception"))
            return
        if self._loop_handler is not None:
            self._loop_handler(loop, context)
        else:
            loop.default_exception_handler(context)

    async def close(self) -> None:
        """Stop listening (the port is free once this returns) and end every connection's task."""
        if self.server is not None:
            self.server.close()
            loop = asyncio.get_running_loop()
            if loop.get_exception_handler() == self._loop_exception:
                loop.set_exception_handler(self._loop_handler)
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(PING_INTERVAL)
            for conn in list(self.connections):
                conn.send({"type": "ping"})

    def _accept(self, reader, writer) -> None:
        """Each connection is a task of ours, so closing can cancel and await them all."""
        self._spawn(self._handle(reader, writer))

    def _over_cap(self, address: str) -> str | None:
        """Why one more connection from ``address`` is refused now (None: it is not)."""
        if sum(self._open.values()) >= self.max_connections:
            return "the host has too many connections"
        if self._open[address] >= self.per_address:
            return "too many connections from your address"
        if sum(self._pending.values()) >= MAX_PENDING or self._pending[address] >= PENDING_PER_ADDRESS:
            return "too many connections are joining at once: try again in a moment"
        return None

    async def _handle(self, reader, writer) -> None:
        conn = Connection(reader, writer, idle_timeout=3 * PING_INTERVAL, limits=FROM_PEER)
        address = conn.peer.rpartition(":")[0]
        refused = self._over_cap(address)
        if refused is not None:
            await self._refuse(conn, refused)
            return
        self._open[address] += 1
        try:
            await self._serve(conn, address)
        finally:
            self._open[address] -= 1
            if not self._open[address]:
                del self._open[address]

    async def _refuse(self, conn: Connection, reason: str) -> None:
        """Say why, then hang up once the hello has come in (within a second): closing with it
        unread would reset the connection, and the reason would be lost with it. At most
        MAX_LINGER refused connections wait so; past that they are closed at once."""
        conn.send({"type": "reject", "reason": reason})
        if self._lingering < MAX_LINGER:
            self._lingering += 1
            try:
                await asyncio.wait_for(conn.reader.read(PEER_FRAME), 1.0)
            except (asyncio.TimeoutError, ConnectionError, OSError):
                pass
            finally:
                self._lingering -= 1
        conn.close(f"refused: {reason}")
        await conn.wait_closed()

    async def _serve(self, conn: Connection, address: str) -> None:
        admitted = False
        try:
            self._pending[address] += 1
            try:
                hello = await asyncio.wait_for(conn.read(), HELLO_TIMEOUT)
            finally:
                self._pending[address] -= 1
                if not self._pending[address]:
                    del self._pending[address]
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
            await asyncio.sleep(0)               # one frame at a time: a peer with a full buffer must not hold the loop
