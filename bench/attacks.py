"""The attacks bench/soak.py runs against a host, all at once, from a process of their own.

Each comes back whenever the host drops it. Built once where it can be, so the attacker
itself costs little CPU. The game port speaks TLS: every attack but the TLS ones (a socket that
never starts the handshake, one that stops halfway through it, handshakes as fast as they go)
opens its connection with a TLS handshake first.
"""
import asyncio
import collections
import os
import ssl
import struct

import msgpack

from loopback import LOOPBACK
from tests.helpers.network import tls_never_reading
from net.frames import FROM_PEER
from net.tls import client_context

RATE = 30                     # the host's default


def frame(obj) -> bytes:
    body = obj if isinstance(obj, bytes) else msgpack.packb(obj)
    return struct.pack(">I", len(body)) + body


HELLO = frame({"type": "hello", "version": 2, "nonce": "0" * 32, "name": "Mallory", "spectate": True})
#: as many containers as a peer's limits allow in one 2 KiB frame: the most a decode can be made to build
_N = FROM_PEER.max_array
DENSE = frame(b"\xdc" + struct.pack(">H", _N) + (b"\xdc" + struct.pack(">H", _N) + b"\x90" * _N) * _N)
#: a 256 KiB frame of 10,000 empty lists (15 MB to decode, were it decoded)
BOMB = frame(b"\xdc\x27\x10" + b"\x90" * 10_000)
FLOOD = b"".join(frame({"type": "chat", "id": i, "text": "spam " * 30})
                 + frame({"type": "action", "id": 10_000 + i, "action": {"kind": "catch", "target": 0}})
                 for i in range(2500))      # built once: the attacker itself should cost little CPU


CONTEXT = client_context()


def client_hello() -> bytes:
    """The first flight of a real TLS handshake (its ClientHello), made without a socket."""
    incoming, outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
    tls = CONTEXT.wrap_bio(incoming, outgoing)
    try:
        tls.do_handshake()
    except ssl.SSLWantReadError:
        pass
    return outgoing.read()


CLIENT_HELLO = client_hello()


async def opened(source: str | None = None):
    """A TLS connection to the host (from ``source``, an address of this machine, if given)."""
    return await asyncio.open_connection(LOOPBACK, ATTACK_PORT, ssl=CONTEXT, server_hostname="",
                                         local_addr=(source, 0) if source else None)


async def tls_silent(source: str | None = None):
    """A TCP connection that never begins the TLS handshake."""
    r, _ = await asyncio.open_connection(LOOPBACK, ATTACK_PORT, local_addr=(source, 0) if source else None)
    await r.read()


async def tls_stall(source: str | None = None):
    """Half a ClientHello, and then nothing: a handshake that never finishes."""
    r, w = await asyncio.open_connection(LOOPBACK, ATTACK_PORT, local_addr=(source, 0) if source else None)
    w.write(CLIENT_HELLO[:len(CLIENT_HELLO) // 2])
    await r.read()


async def tls_flood(source: str | None = None):
    """Whole TLS handshakes, as fast as they go, each closed at once: the host's CPU for each."""
    for _ in range(20):
        _, w = await opened(source)
        w.transport.abort()


async def garbage():
    _, w = await opened()
    w.write(frame(b"\xc1\xc1 not msgpack"))


async def oversize():
    _, w = await opened()
    w.write(struct.pack(">I", 2 ** 31))


async def bomb():
    r, w = await opened()
    w.write(BOMB)
    await r.read()


async def decode_cost():
    """A spectator whose every frame is as costly to decode as a peer's frame may be, at the rate."""
    r, w = await opened()
    w.write(HELLO)
    reading = asyncio.ensure_future(drain(r))
    while not reading.done():
        w.write(DENSE)
        await asyncio.sleep(1 / RATE)


async def drain(reader):
    while await reader.read(65536):
        pass


async def trickle():
    _, w = await opened()
    for byte in HELLO:
        w.write(bytes([byte]))
        await asyncio.sleep(1.0)


async def flood():
    r, w = await opened()
    w.write(HELLO)
    while not w.transport.is_closing():           # until the host hangs up
        for start_at in range(0, len(FLOOD), 64 * 1024):
            w.write(FLOOD[start_at:start_at + 64 * 1024])
            await w.drain()
            # a TLS stream's drain() may return without yielding (asyncio's TLS transport does not
            # always pass on the socket's back-pressure): without this the loop never ran anything else
            await asyncio.sleep(0)


async def never_reads():
    sock = await tls_never_reading(ATTACK_PORT, HELLO)       # the TCP under TLS: nothing is read
    try:
        await asyncio.sleep(3600)
    finally:
        sock.close()


async def churn():
    """A spectator joining and leaving as fast as it can."""
    r, w = await opened()
    w.write(HELLO)
    await r.read(4)
    w.close()


async def hello_storm():
    """200 connections at once, each with a hello."""
    async def one():
        r, w = await opened()
        w.write(HELLO)
        await r.read(65536)
        w.close()
    await asyncio.gather(*(one() for _ in range(200)), return_exceptions=True)


async def spectator():
    """One of many spectators that stay and read (more than the host takes)."""
    r, w = await opened()
    w.write(HELLO)
    await drain(r)


async def reconnect_storm():
    """A player who has a seat's token (their own) connecting again and again."""
    r, w = await opened()
    w.write(frame({"type": "hello", "version": 2, "nonce": "0" * 32, "name": "Mallory", "token": TOKEN}))
    await r.read(4)
    w.close()


HOSTILE = [garbage, oversize, bomb, decode_cost, trickle, flood, never_reads, churn, churn, hello_storm,
           reconnect_storm, tls_silent, tls_stall, tls_flood, *[spectator] * 30]
ATTACK_PORT = 0
TOKEN = ""


def sourced(kind, source: str):
    """``kind`` from another address of this machine (127.0.0.0/8 is all loopback)."""
    async def attack():
        await kind(source)
    attack.__name__ = kind.__name__
    return attack


def attackers(n: int) -> list[str]:
    return [f"127.0.0.{2 + i}" for i in range(n)]


#: what a hostile window runs: every attack at once; or one address handshaking as fast as TLS
#: goes (8 at a time); or TLS handshakes begun and never finished from 4 or 16 addresses, as many
#: at once as the host lets an address have (4), each back the moment it is dropped
SETS = {"all": HOSTILE,
        "tls-flood": [sourced(tls_flood, attackers(1)[0])] * 8,
        **{f"handshakes-{n}": [sourced(tls_stall, a) for a in attackers(n) for _ in range(4)] for n in (4, 16)}}


async def hostile_loop(kind, stop: asyncio.Event, counts: collections.Counter):
    """Attack, and come back when dropped, until the soak ends."""
    while not stop.is_set():
        counts[kind.__name__] += 1
        try:
            await asyncio.wait_for(kind(), 5)
        except (OSError, asyncio.TimeoutError, ConnectionError):
            pass
        await asyncio.sleep(0.05)


async def attack(port: int, seconds: float, token: str, kinds: str = "all") -> None:
    """The hostile clients of SETS[kinds], all at once, for ``seconds`` (run in a process of
    their own); ``token`` is the seat token of the player who keeps reconnecting."""
    global ATTACK_PORT, TOKEN
    ATTACK_PORT, TOKEN = port, token
    os.nice(19)           # a real attacker uses another machine's CPU: here, only what the others leave
    stop, counts = asyncio.Event(), collections.Counter()
    tasks = [asyncio.create_task(hostile_loop(k, stop, counts)) for k in SETS[kinds]]
    await asyncio.sleep(seconds)
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    print(" ".join(f"{k}={v}" for k, v in sorted(counts.items())), flush=True)
