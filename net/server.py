"""The hosting side of the transport, mirroring client.py: listening, one task per connection,
the hello's deadline, heartbeats, the read loop with its rate limit, and closing everything.

It knows nothing of UNO: who is let in, and what a message means, are the owner's
(``admit`` and ``message``, see uno_tui/hosting.py).
"""
import asyncio
import logging

from .connection import Connection, RateLimit
from .frames import FrameError, decode

logger = logging.getLogger(__name__)
HELLO_TIMEOUT = 5.0
PING_INTERVAL = 5.0


class Server:
    def __init__(self, admit, message, gone, *, rate: float = 30.0, burst: int = 30):
        """``admit(conn, hello)`` returns what the connection is to its owner (False: it was
        refused and closed); ``message(conn, admitted, msg)`` takes each later message but
        pings; ``gone(conn)`` is called once a connection ends, whatever ended it."""
        self.admit, self.message, self.gone = admit, message, gone
        self.rate, self.burst = rate, burst
        self.server: asyncio.Server | None = None
        self.connections: set[Connection] = set()
        self._tasks: set[asyncio.Task] = set()

    async def listen(self, bind: str, port: int) -> int:
        """Start listening; returns the port (the one the system chose, for port 0)."""
        self.server = await asyncio.start_server(self._accept, bind, port)
        self._spawn(self._heartbeat())
        return self.server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        """Stop listening (the port is free once this returns) and end every connection's task."""
        if self.server is not None:
            self.server.close()
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

    async def _handle(self, reader, writer) -> None:
        conn = Connection(reader, writer, idle_timeout=3 * PING_INTERVAL)
        admitted = False
        try:
            admitted = self.admit(conn, await asyncio.wait_for(conn.read(), HELLO_TIMEOUT))
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
        limit = RateLimit(self.rate, self.burst)
        dropped = 0
        while not conn.closed:
            body = await conn.read_frame()
            if limit.allow():
                msg = decode(body)
                if isinstance(msg, dict) and msg.get("type") == "ping":
                    conn.send({"type": "pong"})
                elif not (isinstance(msg, dict) and msg.get("type") == "pong"):
                    self.message(conn, admitted, msg)
            else:                                # over the rate: dropped before it costs a decode
                dropped += 1
                if dropped > self.burst:
                    conn.close("flooding")
                elif dropped == 1:
                    conn.send({"type": "error", "id": None, "reason": "too many messages: slow down"})
            await asyncio.sleep(0)               # one frame at a time: a peer with a full buffer must not hold the loop
