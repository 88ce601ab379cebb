"""Network latency and host cost: a full table of peers on loopback play a bot-driven game as fast as they can.

    python bench/net.py [--seconds S] [--peers P] [--processes K]

The host runs headless in its own process (`uno-tui host --headless`). The
peers join it over 127.0.0.1 from K processes of their own (so one peer's
decoding never delays another's clock), each deciding with a bot from what
the host sends it. Measured while they play:
- for every command, from its send until every peer held the update it
  caused (p50, p99; all processes read the same monotonic clock);
- the host's CPU time per command applied (from /proc: the total, and the kernel's
  tick-sampled split into user and system time);
- after the game, its floor (bench/send_floor.py): the CPU that Python's
  ``socket.send`` alone takes here to send one update to each peer, asleep as
  they are between moves;
- against it, at the same time and on the same loaded machine: the round trip
  of a raw asyncio length-prefixed echo server (in a process of its own) for a
  frame the size of a command, one every 2 ms.
"""
import argparse
import asyncio
import json
import os
import statistics
import struct
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from loopback import LOOPBACK, Peer, cpu_split, free_port, pct, start, start_host, wait_port  # noqa: E402

from uno_tui.play.join import connect
from uno_tui.protocol.limits import MAX_PLAYERS

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


async def echo_rounds(port: int, stop: asyncio.Event) -> list[float]:
    """Round trips of a command-sized frame, one every 2 ms, until ``stop``."""
    reader, writer = await asyncio.open_connection(LOOPBACK, port)
    data = struct.pack(">I", 60) + b"x" * 60
    rtts = []
    while not stop.is_set():
        t = time.perf_counter()
        writer.write(data)
        await reader.readexactly(len(data))
        rtts.append(time.perf_counter() - t)
        await asyncio.sleep(0.002)
    writer.close()
    return rtts


async def peer_process(port: int, seats: list[int], key: str) -> None:
    """Play these peers until a line arrives on stdin; then print what each one timed, as JSON."""
    players = [Peer(await connect(LOOPBACK, port, f"P{i}", fingerprint=key), i) for i in seats]
    stop = asyncio.Event()
    tasks = [asyncio.create_task(p.run(stop, lambda: False)) for p in players]
    await asyncio.to_thread(sys.stdin.readline)
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    print(json.dumps([{"got": p.got, "sent": p.sent, "acked": p.acked} for p in players]), flush=True)
    for p in players:
        p.channel.close()


def latencies(records: list[dict]) -> list[float]:
    """For each command: from its send until every peer held the update it caused."""
    got = [{int(v): t for v, t in r["got"].items()} for r in records]
    out = []
    for r in records:
        for cid, version in r["acked"].items():
            arrivals = [g.get(version) for g in got]
            if all(a is not None for a in arrivals):
                out.append(max(arrivals) - r["sent"][cid])
    return out


async def measure(peers: int, processes: int, seconds: float):
    echo_port, port = free_port(), free_port()
    echo_server = start(["-c", ECHO_SERVER, str(echo_port)])
    host = start_host(port, peers, "--rate", "10000")
    groups = [list(range(peers))[k::processes] for k in range(processes)]
    workers = []
    try:
        await wait_port(echo_port)
        await wait_port(port)
        workers = [start([__file__, "--play", str(port), "--seats", ",".join(map(str, g)), "--key", host.key],
                         stdin=True)
                   for g in groups]
        await asyncio.sleep(1.0)                  # all joined, the game under way
        stop = asyncio.Event()
        echo = asyncio.create_task(echo_rounds(echo_port, stop))
        cpu0, t0 = cpu_split(host.pid), time.perf_counter()
        await asyncio.sleep(seconds)
        cpu, elapsed = [b - a for a, b in zip(cpu0, cpu_split(host.pid))], time.perf_counter() - t0
        stop.set()
        rtts = await echo
        records = []
        for worker in workers:
            out, _ = await asyncio.to_thread(worker.communicate, "stop\n", 30)
            try:
                records += json.loads(out.strip().splitlines()[-1])
            except (ValueError, IndexError):
                sys.exit(f"FAILED: a peer process ended without its figures; it said:\n{out[-3000:]}")
        commands = sum(1 for r in records for cid in r["acked"] if t0 <= r["sent"][cid] < t0 + elapsed)
        return rtts, latencies(records), cpu, commands, elapsed
    finally:
        for proc in (host, echo_server, *workers):
            proc.kill()
            proc.communicate()


async def main_async(args) -> None:
    rtts, lat, cpu, commands, elapsed = await measure(args.peers, args.processes, args.seconds)
    if not lat or commands == 0:
        print("FAILED: the game made no progress")
        sys.exit(1)
    e50, e99 = statistics.median(rtts), pct(rtts, 0.99)
    l50, l99 = statistics.median(lat), pct(lat, 0.99)
    print(f"{elapsed:.1f} s of play: {args.peers} peers in {args.processes} processes, as fast as they can; "
          f"an echo round trip every 2 ms meanwhile")
    print(f"raw asyncio length-prefixed echo, {len(rtts)} round trips: p50 {e50 * 1e3:.3f} ms, p99 {e99 * 1e3:.3f} ms")
    print(f"command to all {args.peers} peers holding its update, {len(lat)} commands: "
          f"p50 {l50 * 1e3:.3f} ms, p99 {l99 * 1e3:.3f} ms   (ratio to echo: p50 {l50 / e50:.1f}x, p99 {l99 / e99:.1f}x)")
    user, system = (t / commands * 1e6 for t in cpu)
    print(f"host CPU: {sum(cpu):.2f} s for {commands} commands = {user + system:.0f} us a command "
          f"(user {user:.0f}, system {system:.0f}; each sends {args.peers} updates; "
          f"{commands / elapsed:.0f} commands/s)")
    floor = json.loads(subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "send_floor.py"),
                                       "--peers", str(args.peers), "--processes", str(args.processes)],
                                      stdout=subprocess.PIPE, text=True, check=True).stdout)
    print(f"its floor, after the game: a command's {args.peers} sends of {floor['size']} bytes alone "
          f"(Python's socket.send, to peers asleep in {args.processes} processes, {floor['rounds']} rounds): "
          f"{floor['us']:.0f} us of CPU a command")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peers", type=int, default=MAX_PLAYERS)
    parser.add_argument("--processes", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--play", type=int, metavar="PORT", help=argparse.SUPPRESS)
    parser.add_argument("--seats", help=argparse.SUPPRESS)
    parser.add_argument("--key", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        asyncio.run(peer_process(args.play, [int(s) for s in args.seats.split(",")], args.key))
    else:
        asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
