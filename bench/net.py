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


async def echo_rtts(count: int) -> list[float]:
    port = free_port()
    proc = start(["-c", ECHO_SERVER, str(port)])
    try:
        await wait_port(port)
        reader, writer = await asyncio.open_connection(LOOPBACK, port)
        frame = b"x" * 60
        data = struct.pack(">I", len(frame)) + frame
        times = []
        for _ in range(count):
            t = time.perf_counter()
            writer.write(data)
            await writer.drain()
            await reader.readexactly(len(data))
            times.append(time.perf_counter() - t)
        writer.close()
        return times
    finally:
        proc.kill()


async def game_latencies(peers: int, commands: int) -> list[float]:
    port = free_port()
    host = start_host(port, peers, "--rate", "10000")
    try:
        await wait_port(port)
        players = [Peer(await connect(LOOPBACK, port, f"P{i}"), i) for i in range(peers)]
        await play(players, lambda: sum(len(p.acked) for p in players) >= commands)
        for p in players:
            p.channel.close()
        return latencies(players)
    finally:
        host.kill()
        host.communicate()


async def main_async(args) -> None:
    rtts = await echo_rtts(args.echo)
    lat = await game_latencies(args.peers, args.commands)
    e50, e99 = statistics.median(rtts), pct(rtts, 0.99)
    l50, l99 = statistics.median(lat), pct(lat, 0.99)
    print(f"raw asyncio length-prefixed echo, {len(rtts)} round trips: p50 {e50 * 1e3:.3f} ms, p99 {e99 * 1e3:.3f} ms")
    print(f"command to all {args.peers} peers holding its update, {len(lat)} commands: "
          f"p50 {l50 * 1e3:.3f} ms, p99 {l99 * 1e3:.3f} ms")
    print(f"ratio p50 {l50 / e50:.1f}x, p99 {l99 / e99:.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peers", type=int, default=10)
    parser.add_argument("--commands", type=int, default=1000)
    parser.add_argument("--echo", type=int, default=2000)
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
