"""Helpers for network tests (and the network benchmarks): loopback ports, a host on
127.0.0.1, and joined players with a bot's brain."""
import asyncio
import socket
import ssl
import struct

import msgpack

from net.tls import client_context, server_context
from uno_tui.bots import make_bot
from uno_tui.client.bot import BotClient
from uno_tui.play.host.tlskey import load_identity
from uno_tui.play.join import connect

LOOPBACK = "127.0.0.1"
TIMEOUT = 60


class RecordingClient(BotClient):
    """A joined player with a bot's brain that keeps every message it was sent, to check afterwards."""

    def __init__(self, channel, bot):
        super().__init__(channel, bot)
        self.frames: list[dict] = []

    async def step(self) -> dict:
        msg = await super().step()
        self.frames.append(msg)
        return msg


def playing_client(channel, level="normal", seed=1) -> RecordingClient:
    """A client with a bot's brain; a hard one searches 16 play-outs a decision (it decides on the loop,
    which here is the host's too)."""
    return RecordingClient(channel, make_bot(level, seed, playouts=16))


def host_key() -> str:
    """The fingerprint of the key a host started in this data directory presents (its identity
    file is made on first use, hostkey.py): what a join code would carry."""
    return load_identity()[1]


def host_context():
    """The TLS context of a host started in this data directory."""
    return server_context(load_identity()[0])


async def join(port, name, **kw):
    """Join as a join code would: with the host's key pinned (unless the test gives one)."""
    kw.setdefault("fingerprint", host_key())
    return await connect(LOOPBACK, port, name, **kw)


async def tls_open(port: int, host: str = LOOPBACK, **kw):
    """A raw TLS connection, as a client in another language would open one (no key checked)."""
    return await asyncio.open_connection(host, port, ssl=client_context(), **kw)


async def tls_never_reading(port: int, first: bytes, receive_buffer: int = 1024) -> socket.socket:
    """A TLS client that shakes hands, sends ``first`` and from then on reads nothing: what the
    host sends piles up in the kernel's buffers (``receive_buffer`` bytes here, as small as they
    go), then in the host's. Its TLS is ssl's MemoryBIO over a socket of its own: asyncio's TLS
    transport reads on into a buffer of its own and has no public way to stop."""
    loop = asyncio.get_running_loop()
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.setblocking(False)
    incoming, outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
    tls = client_context().wrap_bio(incoming, outgoing)
    async with asyncio.timeout(TIMEOUT):
        await loop.sock_connect(sock, (LOOPBACK, port))
        while True:
            try:
                tls.do_handshake()
                break
            except ssl.SSLWantReadError:
                await loop.sock_sendall(sock, outgoing.read())
                data = await loop.sock_recv(sock, 65536)
                if not data:
                    raise ConnectionError("the host hung up in the TLS handshake") from None
                incoming.write(data)
        tls.write(first)
        await loop.sock_sendall(sock, outgoing.read())
    return sock


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return s.getsockname()[1]


async def wait_listening(port: int) -> None:
    """Until something accepts connections on the port (a host process starting up)."""
    for _ in range(200):
        try:
            _, writer = await asyncio.open_connection(LOOPBACK, port)
            writer.close()
            return
        except OSError:
            await asyncio.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port}")


async def eventually(cond, within: float = 10.0) -> bool:
    """Poll ``cond()`` until it holds or ``within`` seconds pass (a slow machine waits, not fails)."""
    for _ in range(int(within / 0.02)):
        if cond():
            return True
        await asyncio.sleep(0.02)
    return bool(cond())


def frame(obj) -> bytes:
    """A whole frame, as a peer would send it, of a message or of raw body bytes."""
    body = obj if isinstance(obj, bytes) else msgpack.packb(obj)
    return struct.pack(">I", len(body)) + body


async def first_answer(port: int, hello):
    """Send a hello (a message or a whole frame); the host's first answer (None if it hung up
    without one) and the connection's writer, still open."""
    reader, writer = await tls_open(port)
    writer.write(hello if isinstance(hello, bytes) else frame(hello))
    try:
        header = await asyncio.wait_for(reader.readexactly(4), TIMEOUT)
        return msgpack.unpackb(await reader.readexactly(struct.unpack(">I", header)[0])), writer
    except (asyncio.IncompleteReadError, ConnectionError, ssl.SSLError):
        return None, writer


class Clock:
    """A time module whose clock stands still until a test moves ``now`` (rate limits, where
    time itself is what is tested)."""

    def __init__(self):
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now
