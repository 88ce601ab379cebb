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
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from uno_tui.botclient import BotClient  # noqa: E402
from uno_tui.bots import make_bot  # noqa: E402
from uno_tui.netplay import connect  # noqa: E402

LOOPBACK = "127.0.0.1"
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return s.getsockname()[1]


def start(args: list[str]) -> subprocess.Popen:
    env = {**os.environ, "UNO_TUI_CONFIG_DIR": tempfile.mkdtemp(), "UNO_TUI_DATA_DIR": tempfile.mkdtemp()}
    return subprocess.Popen([sys.executable, *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=env)


async def wait_port(port: int) -> None:
    for _ in range(200):
        try:
            _, writer = await asyncio.open_connection(LOOPBACK, port)
            writer.close()
            return
        except OSError:
            await asyncio.sleep(0.05)
    raise RuntimeError(f"nothing listens on {port}")


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


class Peer(BotClient):
    """A joined player deciding with a bot, that notes when each update reached it."""

    def __init__(self, channel, seed):
        super().__init__(channel, make_bot("normal", seed), auto_ready=True)
        self.got: dict[int, float] = {}          # table version -> when this peer held it
        self.sent: dict[int, float] = {}         # command id -> when it was sent
        self.acked: dict[int, int] = {}          # command id -> the version it produced
        put = channel.inbox.put_nowait

        def arrived(msg):
            """Stamp an update the moment this peer holds it (decoded off its socket)."""
            if isinstance(msg, dict) and "version" in msg:
                self.got.setdefault(msg["version"], time.perf_counter())
            put(msg)

        channel.inbox.put_nowait = arrived

    async def send(self, command: dict) -> int:
        self.sent[self.ids + 1] = time.perf_counter()
        return await super().send(command)

    async def run(self, stop: asyncio.Event, enough) -> None:
        while not stop.is_set():
            msg = await self.step()
            if msg.get("ack") is not None:
                self.acked[msg["ack"]] = msg["version"]
            if enough():
                stop.set()


async def game_latencies(peers: int, commands: int) -> list[float]:
    port = free_port()
    host = start(["-m", "uno_tui.cli", "host", "--headless", "--bind", LOOPBACK, "--port", str(port),
                  "--seats", str(peers), "--players", str(peers), "--rate", "10000"])
    latencies: list[float] = []
    try:
        await wait_port(port)
        while len(latencies) < commands:
            players = [Peer(await connect(LOOPBACK, port, f"P{i}-{len(latencies)}"), i) for i in range(peers)]
            stop = asyncio.Event()

            def enough() -> bool:
                return sum(len(p.acked) for p in players) >= commands

            tasks = [asyncio.create_task(p.run(stop, enough)) for p in players]
            await asyncio.wait_for(stop.wait(), 300)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            for p in players:
                for cid, version in p.acked.items():
                    arrivals = [q.got.get(version) for q in players]
                    if all(a is not None for a in arrivals):
                        latencies.append(max(arrivals) - p.sent[cid])
                p.channel.close()
            break
    finally:
        host.kill()
        out = host.communicate()[0]
        if not latencies:
            print(out[-2000:])
    return latencies


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))]


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
    parser.add_argument("--commands", type=int, default=300)
    parser.add_argument("--echo", type=int, default=2000)
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
