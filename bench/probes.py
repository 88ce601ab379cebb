"""What bench/soak.py asks of a host under attack besides the honest players' pace: does a newcomer
still get in, does a seat's token still take its seat back, and what the host holds meanwhile
(descriptors, log, saves)."""
import asyncio
import os
import struct
import time

import msgpack

from loopback import LOOPBACK
from net.tls import client_context

NEWCOMER = "127.0.0.250"          # an address no player is at: its joins get no reserve
PATIENCE = 10.0                   # a probe not welcomed in this long failed
CONTEXT = client_context()


class Probe:
    """A hello every ``every`` seconds from ``source``, each timed from the connect to the
    welcome, then hung up: a newcomer's (a watcher from an address nobody plays at) or a seat's
    reconnection (its token, from the players' address)."""

    def __init__(self, port: int, hello: dict, source: str, every: float):
        self.port, self.source, self.every = port, source, every
        body = msgpack.packb({"version": 2, "nonce": "0" * 32, **hello})
        self.hello = struct.pack(">I", len(body)) + body
        self.tries: list[tuple[float, float | None]] = []     # (when, seconds to the welcome; None: not let in)

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            started = time.perf_counter()
            try:
                welcomed = await asyncio.wait_for(self._once(), PATIENCE)
            except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError):
                welcomed = False
            self.tries.append((started, time.perf_counter() - started if welcomed else None))
            await asyncio.sleep(self.every)

    async def _once(self) -> bool:
        reader, writer = await asyncio.open_connection(LOOPBACK, self.port, ssl=CONTEXT, server_hostname="",
                                                       local_addr=(self.source, 0))
        try:
            writer.write(self.hello)
            length = struct.unpack(">I", await reader.readexactly(4))[0]
            return msgpack.unpackb(await reader.readexactly(length)).get("type") == "welcome"
        finally:
            writer.transport.abort()

    def between(self, start: float, end: float) -> tuple[int, list[float]]:
        """Tries begun in [start, end): how many, and the times of those let in."""
        tries = [took for when, took in self.tries if start <= when < end]
        return len(tries), [took for took in tries if took is not None]


def open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def size(path: str) -> int:
    return os.stat(path).st_size


def saved_at(path: str) -> float | None:
    """When the host last wrote its saved game (None: not yet)."""
    try:
        return os.stat(path).st_mtime
    except FileNotFoundError:
        return None
