"""Soak: a host with 10 honest bot clients and 10 hostile ones, for a fixed time.

    python bench/soak.py [--seconds S]

The host runs headless in its own process. Honest peers (bots over the
network) play as fast as they can; hostile clients keep coming back with
garbage frames, oversized headers, nested-array bombs, one byte a second,
floods of chat and catches, and connections that never read. Printed: hands
completed, connections the host dropped by cause, the host's peak memory, and
the honest players' command-to-all-peers p99 against the same run without
the hostile clients.
"""
import argparse
import asyncio
import collections
import os
import re
import struct
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import msgpack  # noqa: E402
from loopback import LOOPBACK, Peer, free_port, latencies, pct, play, start, start_host, wait_port  # noqa: E402
from uno_tui.netplay import connect  # noqa: E402

PEERS = 10


def frame(obj) -> bytes:
    body = obj if isinstance(obj, bytes) else msgpack.packb(obj)
    return struct.pack(">I", len(body)) + body


HELLO = {"type": "hello", "version": 1, "name": "Mallory", "spectate": True}


async def garbage(port):
    _, w = await asyncio.open_connection(LOOPBACK, port)
    w.write(frame(b"\xc1\xc1 not msgpack"))


async def oversize(port):
    _, w = await asyncio.open_connection(LOOPBACK, port)
    w.write(struct.pack(">I", 2 ** 31))


BOMB = frame(b"\x91" * 200_000 + b"\xc0")


async def bomb(port):
    _, w = await asyncio.open_connection(LOOPBACK, port)
    w.write(BOMB)


async def trickle(port):
    _, w = await asyncio.open_connection(LOOPBACK, port)
    for byte in frame(HELLO):
        w.write(bytes([byte]))
        await asyncio.sleep(1.0)


FLOOD = b"".join(frame({"type": "chat", "id": i, "text": "spam " * 30})
                 + frame({"type": "action", "id": 10_000 + i, "action": {"kind": "catch", "target": 0}})
                 for i in range(2500))      # built once: the attacker itself should cost little CPU


async def flood(port):
    r, w = await asyncio.open_connection(LOOPBACK, port)
    w.write(frame(HELLO))
    while True:                                   # until the host hangs up
        for start_at in range(0, len(FLOOD), 64 * 1024):
            w.write(FLOOD[start_at:start_at + 64 * 1024])
            await w.drain()


async def never_reads(port):
    r, w = await asyncio.open_connection(LOOPBACK, port)
    r._transport.pause_reading()
    w.write(frame(HELLO))
    await asyncio.sleep(3600)


HOSTILE = [garbage, oversize, bomb, trickle, flood, never_reads, garbage, flood, trickle, bomb]


async def hostile_loop(kind, port, stop: asyncio.Event):
    """Attack, and come back when dropped, until the soak ends."""
    while not stop.is_set():
        try:
            await asyncio.wait_for(kind(port), 5)
            await asyncio.sleep(0.2)
        except (OSError, asyncio.TimeoutError, ConnectionError):
            await asyncio.sleep(0.2)


def peak_memory_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmHWM:\s+(\d+)", f.read()).group(1))


async def attack(port: int, seconds: float) -> None:
    """The hostile clients, all at once, for ``seconds`` (run in a process of their own)."""
    stop = asyncio.Event()
    attackers = [asyncio.create_task(hostile_loop(k, port, stop)) for k in HOSTILE]
    await asyncio.sleep(seconds)
    stop.set()
    for task in attackers:
        task.cancel()
    await asyncio.gather(*attackers, return_exceptions=True)


async def soak(seconds: float, hostile: bool) -> dict:
    port = free_port()
    host = start_host(port, PEERS, "--rate", "200")
    attackers = None
    try:
        await wait_port(port)
        players = [Peer(await connect(LOOPBACK, port, f"P{i}"), i) for i in range(PEERS)]
        if hostile:   # in their own process, so they do not slow the honest players' side of the test
            attackers = start([__file__, "--attack", str(port), "--seconds", str(seconds)])
        deadline = time.monotonic() + seconds
        await play(players, lambda: time.monotonic() > deadline, limit=seconds + 30)
        memory = peak_memory_kib(host.pid)
        for p in players:
            p.channel.close()
        return {"latencies": latencies(players), "hands": players[0].hands, "memory": memory, "host": host}
    finally:
        host.terminate()
        if attackers is not None:
            attackers.kill()
            attackers.communicate()


def drops(host) -> collections.Counter:
    out = host.communicate(timeout=10)[0]
    causes = collections.Counter()
    for line in out.splitlines():
        m = re.search(r"closing \S+: (.*)$", line)
        if m:
            cause = re.sub(r"\(.*\)|\d+", "#", m.group(1)).strip()
            causes[cause] += 1
    return causes


async def main_async(seconds: float) -> None:
    calm = await soak(seconds, hostile=False)
    drops(calm["host"])
    rough = await soak(seconds, hostile=True)
    causes = drops(rough["host"])
    c99, r99 = pct(calm["latencies"], 0.99), pct(rough["latencies"], 0.99)
    print(f"{seconds:g} s each; {PEERS} honest bot clients, then the same with {len(HOSTILE)} hostile ones")
    print(f"hands completed: {calm['hands']} without, {rough['hands']} with hostile clients")
    print("connections dropped by cause (with hostile clients):")
    for cause, n in causes.most_common():
        print(f"  {n:6d}  {cause}")
    print(f"host peak memory: {calm['memory'] / 1024:.1f} MiB without, {rough['memory'] / 1024:.1f} MiB with")
    print(f"honest p99 command-to-all-peers: {c99 * 1e3:.2f} ms without, {r99 * 1e3:.2f} ms with "
          f"hostile clients ({r99 / c99:.2f}x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--attack", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.attack:
        asyncio.run(attack(args.attack, args.seconds))
    else:
        asyncio.run(main_async(args.seconds))


if __name__ == "__main__":
    main()
