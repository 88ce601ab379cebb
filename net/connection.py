"""One TCP connection: framed reads with timeouts, a bounded outgoing queue, a rate limit.

Anything wrong with what a peer sends closes that connection (with a reason)
and nothing else. A peer that does not read fills its queue and is dropped
rather than stalling the others.
"""
import asyncio
import logging
import time

from .tls import waiting
from .frames import FROM_HOST, HEADER, FrameError, Limits, decode, encode, frame_length

logger = logging.getLogger(__name__)
TRY_AGAIN = "try again in a moment"      # how a host's refusal ends when it is only busy, not saying no


class RateLimit:
    """A token bucket: ``rate`` messages a second, bursts of ``burst``."""

    def __init__(self, rate: float, burst: int):
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.last = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Throttle:
    """A connection's messages against its rate: each is let through, dropped (the first dropped
    in a while also warns the peer), or the connection is closed as a flood. Dropped messages
    are forgiven at one a second, so a player now and then a little over the burst is never
    closed; only a sender that keeps going over is."""

    def __init__(self, rate: float, burst: int):
        self.limit = RateLimit(rate, burst)
        self.forgiven = RateLimit(1.0, burst)

    def verdict(self) -> str:
        """"pass", "warn" (drop, and tell the peer to slow down), "drop" or "close"."""
        if self.limit.allow():
            return "pass"
        if not self.forgiven.allow():
            return "close"
        return "warn" if self.forgiven.tokens >= self.forgiven.burst - 1 else "drop"


class Connection:
    """Writes go straight to the socket; what the peer has not read yet waits in the
    transport's buffer, which is bounded: a peer that lets ``max_buffer`` bytes pile up
    is dropped, so a reader that stalls can never stall the others."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, *,
                 max_buffer: int = 1024 * 1024, idle_timeout: float = 20.0, limits: Limits = FROM_HOST):
        """``limits``: what this side accepts from the other (a host: FROM_PEER)."""
        self.reader, self.writer = reader, writer
        self.limits = limits
        self.max_buffer = max_buffer
        self.idle_timeout = idle_timeout
        self.closed = False
        self.close_reason: str | None = None
        self._deadline: float | None = None      # when the frame being read must be in by
        self._watchdog: asyncio.TimerHandle | None = None
        self._timed_out = False
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if peer else "?"
        self.address = peer[0] if peer else None

    async def read(self):
        """The next message. Raises FrameError (bad data), TimeoutError (silent or too slow peer),
        or ConnectionError / asyncio.IncompleteReadError (gone)."""
        return decode(await self.read_frame(), self.limits)

    async def read_frame(self) -> bytes:
        """The next frame's body, not yet decoded (a flood can be dropped without decoding it).

        The whole frame, header and body, must arrive within ``idle_timeout``: a peer
        that trickles bytes cannot hold a connection open. One watchdog timer per
        connection enforces it (a timeout per frame cost each read about 12 us).
        """
        loop = asyncio.get_running_loop()
        self._deadline = loop.time() + self.idle_timeout
        if self._watchdog is None:
            self._watchdog = loop.call_at(self._deadline, self._watch)
        try:
            header = await self.reader.readexactly(HEADER.size)
            return await self.reader.readexactly(frame_length(header, self.limits.max_frame))
        except (asyncio.IncompleteReadError, ConnectionError) as e:
            if self._timed_out:
                raise asyncio.TimeoutError("no whole frame within the idle timeout") from e
            raise
        finally:
            self._deadline = None

    def more_buffered(self) -> bool:
        """Has more of what the peer sent arrived already (so the next read would not wait)?
        The read loop yields to the other connections only then, not after every frame: each
        yield is one more turn of the event loop (and epoll call) per command."""
        return bool(self.reader._buffer)         # (StreamReader keeps it; asyncio has no public size)

    def _watch(self) -> None:
        """At the deadline of the read that was going on: still not in, hang up; else look again
        at the deadline of the read going on now (deadlines only move on)."""
        loop = asyncio.get_running_loop()
        deadline = self._deadline
        if self.closed or self.writer.transport.is_closing():
            self._watchdog = None
            return
        if deadline is not None and loop.time() >= deadline:
            self._timed_out, self._watchdog = True, None
            # closed here, with its reason: a send in between must not call it a broken connection
            self.closed, self.close_reason = True, "silent or too slow"
            self.writer.transport.abort()        # the pending read fails at once
            return
        self._watchdog = loop.call_at(deadline or loop.time() + self.idle_timeout, self._watch)

    def send(self, obj) -> bool:
        """Send a message now; a peer that has not read ``max_buffer`` bytes is too slow: closed."""
        if self.closed:
            return False
        try:
            data = encode(obj)
        except FrameError as e:
            logger.error("cannot send to %s: %s", self.peer, e.reason)
            return False
        transport = self.writer.transport
        if transport.is_closing():
            self.close("the connection broke")
            return False
        if waiting(transport) + len(data) > self.max_buffer:
            self.close("too slow: it does not read what it is sent")
            return False
        transport.write(data)                    # (what writer.write does, one call less per frame)
        return True

    def close(self, reason: str, farewell: dict | None = None, *, logged: bool = True) -> None:
        """Close once: send a last message if given (best effort), then hang up. ``logged``: say
        so in the log (a server counts some kinds instead: a line each would let a flood grow it)."""
        if self.closed:
            return
        self.closed, self.close_reason = True, reason
        if self._watchdog is not None:
            self._watchdog.cancel()
        if logged:
            logger.info("closing %s: %s", self.peer, reason)
        try:
            if farewell is not None:
                self.writer.write(encode(farewell))
            self.writer.close()
        except (FrameError, OSError, RuntimeError):
            pass

    async def wait_closed(self) -> None:
        try:
            async with asyncio.timeout(2):
                await self.writer.wait_closed()
        except (asyncio.TimeoutError, OSError, ConnectionError):
            self.writer.transport.abort()
