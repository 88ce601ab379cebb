"""Connections the server refuses, told why: over TLS (REFUSAL_TIMEOUT for its handshake), then
hung up a second later, since closing at once, with the peer's hello unread, would reset the
connection and lose the reason. At most MAX_LINGER are told so at once; the others are only
closed. The log has one line per reason, however many came: a connect flood must not grow it by
a line a connection."""
import asyncio
import collections
import logging
import socket
import ssl

from . import tls
from .frames import encode

logger = logging.getLogger("net.server")         # the server's log: these lines are its
REFUSAL_TIMEOUT = 1.0            # a refused connection's TLS handshake, to tell it why
MAX_LINGER = 32                  # refused connections waiting to be told why


class Refusals:
    """``spawn(coro)``: runs a task the server ends when it closes."""

    def __init__(self, context: ssl.SSLContext, spawn):
        self.context, self.spawn = context, spawn
        self.counts: collections.Counter = collections.Counter()   # refusals not yet logged, by reason
        self.left = 0                    # connections gone during the handshake, not yet logged
        self.lingering: set[socket.socket] = set()

    def refuse(self, sock: socket.socket, reason: str) -> None:
        """Count the refusal, and tell the peer ``reason`` if there is room to."""
        self.counts[reason] += 1
        if len(self.lingering) >= MAX_LINGER:
            sock.close()
            return
        self.lingering.add(sock)
        self.spawn(self._tell(sock, reason))

    async def _tell(self, sock: socket.socket, reason: str) -> None:
        writer = None
        try:
            async with asyncio.timeout(REFUSAL_TIMEOUT):
                _, writer = await tls.accept(sock, self.context, REFUSAL_TIMEOUT)
            writer.write(encode({"type": "reject", "reason": reason}))
            await asyncio.sleep(1.0)
        except (OSError, asyncio.TimeoutError, ssl.SSLError):
            pass
        finally:
            self.lingering.discard(sock)
            if writer is not None:
                writer.transport.abort()
            sock.close()

    def log(self) -> None:
        """One line per reason for the connections refused since the last time, and one for those
        that left before their hello was answered."""
        for reason, n in self.counts.items():
            logger.info("refused %d connections: %s", n, reason)
        self.counts.clear()
        if self.left:
            logger.info("%d connections left before their hello was answered", self.left)
        self.left = 0

    def close(self) -> None:
        """Hang up on those still being told (their tasks are the server's), and log the last."""
        for sock in self.lingering:
            sock.close()
        self.lingering.clear()
        self.log()
