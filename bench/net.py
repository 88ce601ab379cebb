"""Network latency: 10 peers on loopback play a bot-driven game as fast as they can.

    python bench/net.py [--commands N] [--peers P]

The host runs headless in its own process (`uno-tui host --headless`); the
peers join it over 127.0.0.1 from this process, each deciding with a bot
from what the host sends it. For every command: the time from its send to
every peer holding the update it caused (p50, p99). Against it, in the same
run: the round trip of a raw asyncio length-prefixed echo server (also in
its own process) for a frame the size of a command.
"""
import argparse
import asyncio
import os
import statistics
import struct
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from loopback import LOOPBACK, Peer, free_port, latencies, pct, play, start, start_host, wait_port  # noqa: E402
from uno_tui.netplay import connect  # noqa: E402

ECHO_SERVER = r"""
import asyncio, struct, sys
async def echo(reader, writer):
    try:
        while True:
            header = await reader.readexactly(4)
            body = await reader.readexactly(struct.unpack(">I", header)[0])
            writer.write(header + body)
            await writer.drain()
    except (asyncio.IncompleteReadError, ConnectionError):
        writer.close()
async def main():
    server = await asyncio.start_server(echo, "127.0.0.1", int(sys.argv[1]))
    print("READY", flush=True)
    async with server:
        await server.serve_forever()
asyncio.run(main())
"""


class Echo:
    """A client of the echo server, timing round trips of a frame the size of a command."""

    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer
        frame = b"x" * 60
        self.data = struct.pack(">I", len(frame)) + frame
        self.rtts: list[float] = []

    async def round(self, count: int) -> None:
        for _ in range(count):
            t = time.perf_counter()
            self.writer.write(self.data)
            await self.writer.drain()
            await self.reader.readexactly(len(self.data))
            self.rtts.append(time.perf_counter() - t)


async def measure(peers: int, commands: int, echoes: int, rounds: int) -> tuple[list[float], list[float]]:
    """Rounds alternate echo round trips and game commands, so a machine that speeds up or
    slows down during the run weighs on both sides of the ratio alike."""
    echo_port, port = free_port(), free_port()
    echo_server = start(["-c", ECHO_SERVER, str(echo_port)])
    host = start_host(port, peers, "--rate", "10000")
    try:
        await wait_port(echo_port)
        await wait_port(port)
        echo = Echo(*await asyncio.open_connection(LOOPBACK, echo_port))
        players = [Peer(await connect(LOOPBACK, port, f"P{i}"), i) for i in range(peers)]
        for r in range(1, rounds + 1):
            await echo.round(echoes // rounds)
            target = commands * r // rounds
            await play(players, lambda: sum(len(p.acked) for p in players) >= target)
            await asyncio.sleep(0.3)             # the game settles (updates on their way land) before the echo round
        for p in players:
            p.channel.close()
        echo.writer.close()
        return echo.rtts, latencies(players)
    finally:
        for proc in (host, echo_server):
            proc.kill()
            proc.communicate()


async def main_async(args) -> None:
    rtts, lat = await measure(args.peers, args.commands, args.echo, args.rounds)
    e50, e99 = statistics.median(rtts), pct(rtts, 0.99)
    l50, l99 = statistics.median(lat), pct(lat, 0.99)
    print(f"{args.rounds} rounds, each {args.echo // args.rounds} echo round trips then "
          f"{args.commands // args.rounds} game commands")
    print(f"raw asyncio length-prefixed echo, {len(rtts)} round trips: p50 {e50 * 1e3:.3f} ms, p99 {e99 * 1e3:.3f} ms")
    print(f"command to all {args.peers} peers holding its update, {len(lat)} commands: "
          f"p50 {l50 * 1e3:.3f} ms, p99 {l99 * 1e3:.3f} ms")
    print(f"ratio p50 {l50 / e50:.1f}x, p99 {l99 / e99:.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peers", type=int, default=10)
    parser.add_argument("--commands", type=int, default=1000)
    parser.add_argument("--echo", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
