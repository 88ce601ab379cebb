"""The attacks of issue 37 on a host's browser page (`host --web`), one at a time, each in a
calm window then a hostile one on the same game.

    python bench/webattacks.py [--seconds S] [ATTACK ...]      (default: all of them)

The host runs headless in its own process (log to a file) with the open-file limit of an
ordinary desktop session (a soft limit of 1024, as the issue measured), 3 seats and 3 honest
players who join its game port from this process and play throughout (bench/soak.py's Honest,
each at half the host's message rate; `--grace 0 --bot-delay 0`). Each attack runs from a
process of its own at the lowest CPU priority (a real attacker uses another machine's CPU):

- halfopen: 1,100 half-finished HTTP requests from one address (and come back when dropped)
- resize: one tab that asks its terminal to be 20000x10000 (through the websocket, not the query)
- churn: 4 loops opening a tab and dropping it as soon as its process has drawn a frame
- malformed: malformed HTTP requests (not HTTP, bad websocket upgrades, a bad header) as fast as
  the host answers them

Printed per window: honest command-to-all-peers latency (p50, p99), the host's peak open files,
peak RSS of the host and of the host with its tab processes, the most tab processes at once, the
host's log growth, its failed saves, and whether a fresh player could join the game port during
it (seconds to the welcome). Figures of a loaded, shared machine vary: compare windows of one run.
"""
import argparse
import asyncio
import os
import resource
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from loopback import LOOPBACK, free_port, pct, start, wait_port  # noqa: E402
from soak import Honest, Window, rss_kib, watch  # noqa: E402

from uno_tui.play.join import connect

PEERS = 3
FILES = 1024                       # the soft open-file limit of a desktop session
HALF_OPEN = 1100
ORIGIN = "http://{}:{}"


# ---------------------------------------------------------------- the attacker's side
async def halfopen(port: int, stop: asyncio.Event, made: list) -> None:
    """Half-finished requests, held open; each dropped one comes back."""
    async def one():
        while not stop.is_set():
            try:
                r, w = await asyncio.open_connection(LOOPBACK, port)
                w.write(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                made[0] += 1
                await r.read()                              # until the host hangs up
                w.close()
            except OSError:
                await asyncio.sleep(0.2)
    await asyncio.gather(*(one() for _ in range(HALF_OPEN)))


async def _tab(session, port: int, first_frame: bool = True):
    ws = await asyncio.wait_for(session.ws_connect(f"ws://{LOOPBACK}:{port}/ws?width=80&height=24",
                                                   headers={"Origin": ORIGIN.format(LOOPBACK, port)}), 10)
    if first_frame:
        await asyncio.wait_for(ws.receive(), 20)           # its process started and drew
    return ws


async def resize(port: int, stop: asyncio.Event, made: list) -> None:
    import aiohttp
    async with aiohttp.ClientSession() as session:
        while not stop.is_set():
            try:
                ws = await _tab(session, port)
                await ws.send_json(["resize", {"width": 20000, "height": 10000}])
                made[0] += 1
                while not ws.closed and not stop.is_set():
                    await asyncio.wait_for(ws.receive(), 1)
            except (OSError, asyncio.TimeoutError, aiohttp.ClientError):
                await asyncio.sleep(0.5)


async def churn(port: int, stop: asyncio.Event, made: list) -> None:
    import aiohttp

    async def loop(session):
        while not stop.is_set():
            try:
                ws = await _tab(session, port)
                made[0] += 1
                await ws.close()
            except (OSError, asyncio.TimeoutError, aiohttp.ClientError):
                await asyncio.sleep(0.1)
    async with aiohttp.ClientSession() as session:
        await asyncio.gather(*(loop(session) for _ in range(4)))


MALFORMED = [b"\x16\x03\x01 not HTTP at all\r\n\r\n",                   # not HTTP
             b"GET /ws HTTP/1.1\r\nHost: x\r\n\r\n",                        # a websocket with no upgrade
             b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             b"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ?\r\n\r\n",    # a bad key
             b"GET / HTTP/1.1\r\nno colon here\r\n\r\n"]                       # a bad header


async def malformed(port: int, stop: asyncio.Event, made: list) -> None:
    while not stop.is_set():
        try:
            r, w = await asyncio.open_connection(LOOPBACK, port)
            w.write(MALFORMED[made[0] % len(MALFORMED)])
            made[0] += 1
            await asyncio.wait_for(r.read(), 5)
            w.close()
        except (OSError, asyncio.TimeoutError):
            await asyncio.sleep(0.05)


ATTACKS = {f.__name__: f for f in (halfopen, resize, churn, malformed)}


async def attack(name: str, port: int, seconds: float) -> None:
    os.nice(19)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))   # the attacker's own files are not the host's
    stop, made = asyncio.Event(), [0]
    task = asyncio.create_task(ATTACKS[name](port, stop, made))
    await asyncio.sleep(seconds)
    stop.set()
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    print(f"{name}: {made[0]}", flush=True)


# ---------------------------------------------------------------- the host's side
def descendants(pid: int) -> list[int]:
    """The host's processes' ids: its tab processes (and any shell between)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
            children.setdefault(ppid, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def tab_processes(pids: list[int]) -> int:
    count = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                args = f.read().split(b"\0")
        except OSError:
            continue
        count += b"--browser" in args and not args[0].endswith(b"sh")
    return count


class Sample:
    """The host's peaks over a window, sampled every 0.1 s."""

    def __init__(self, host_pid: int, log: str):
        self.host_pid, self.log = host_pid, log
        self.log0 = os.path.getsize(log)
        self.fds = self.rss_all = self.tabs = 0

    def take(self) -> None:
        pids = descendants(self.host_pid)
        try:
            self.fds = max(self.fds, len(os.listdir(f"/proc/{self.host_pid}/fd")))
        except OSError:
            pass
        total = 0
        for pid in [self.host_pid, *pids]:
            try:
                total += rss_kib(pid)
            except (OSError, AttributeError):
                pass
        self.rss_all = max(self.rss_all, total)
        self.tabs = max(self.tabs, tab_processes(pids))

    def log_growth(self) -> int:
        return os.path.getsize(self.log) - self.log0


async def join_time(port: int) -> str:
    """How long a fresh player takes to be welcomed at the game port (a spectator: the seats are taken)."""
    started = time.perf_counter()
    try:
        channel = await asyncio.wait_for(connect(LOOPBACK, port, "Late", spectate=True), 15)
    except Exception as e:                       # JoinError and time-outs alike: it did not get in
        return f"failed ({type(e).__name__})"
    channel.close()
    return f"{time.perf_counter() - started:.2f} s"


async def window(name: str, host, port: int, web: int, players, seconds: float, log: str, current) -> dict:
    sample = Sample(host.pid, log)
    attacker = None if name == "calm" else start([__file__, "--attack", name, "--port", str(web),
                                                  "--seconds", str(seconds)])
    current[0] = Window(name, players, host.pid)
    end = time.perf_counter() + seconds
    joined = None
    while time.perf_counter() < end and host.poll() is None:
        sample.take()
        if joined is None and time.perf_counter() > end - seconds / 2:
            joined = await join_time(port)
        await asyncio.sleep(0.1)
    current[0].close()
    made = ""
    if attacker is not None:
        made = await asyncio.to_thread(lambda: attacker.communicate(timeout=30)[0].strip())
    await asyncio.sleep(1.5)                   # the tabs' processes end, the refusals are logged
    sample.take()
    with open(log) as f:
        f.seek(sample.log0)
        failed_saves = f.read().count("could not save")
    w = current[0]
    return dict(name=name, made=made, p50=pct(w.latencies, 0.5) * 1e3 if w.latencies else float("nan"),
                p99=pct(w.latencies, 0.99) * 1e3 if w.latencies else float("nan"), answered=len(w.latencies),
                fds=sample.fds, rss=w.peak_rss / 1024, rss_all=sample.rss_all / 1024, tabs=sample.tabs,
                log=sample.log_growth(), saves=failed_saves, join=joined, cpu=w.cpu)


async def bench(names: list[str], seconds: float) -> int:
    port, web = free_port(), free_port()
    log = tempfile.NamedTemporaryFile("w+", suffix=".log", delete=False).name
    with open(log, "w") as out:
        host = start(["-m", "uno_tui", "host", "--headless", "--bind", LOOPBACK, "--port", str(port),
                      "--web", str(web), "--seats", str(PEERS), "--players", str(PEERS), "--grace", "0",
                      "--bot-delay", "0", "--no-advertise"], output=out)
    rows, failure = [], None
    try:
        await wait_port(port)
        await wait_port(web)
        players = [Honest(await connect(LOOPBACK, port, f"P{i}"), i) for i in range(PEERS)]
        stop = asyncio.Event()
        tasks = [asyncio.create_task(p.run(stop, lambda: False)) for p in players]
        current = [None]
        total = 2 * seconds * len(names) + 10 * len(names) + 10
        watcher = asyncio.create_task(watch(host, players, lambda: current[0], total))
        await asyncio.sleep(3)
        for name in names:
            for kind in ("calm", name):
                if watcher.done():
                    break
                rows.append(await window(kind, host, port, web, players, seconds, log, current))
                print_row(rows[-1])
        failure = watcher.result() if watcher.done() else None
        watcher.cancel()
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        host.terminate()
        host.wait(10)
    print(f"host CPU is of one core; log lines of the run: {sum(1 for _ in open(log))}; log {log}")
    if failure:
        print(f"FAILED: {failure}")
        return 1
    return 0


def print_row(r: dict) -> None:
    print(f"  {r['name']:9s} answered {r['answered']:5d}  p50 {r['p50']:6.2f} ms  p99 {r['p99']:7.2f} ms  "
          f"host CPU {r['cpu']:4.0%}  open files {r['fds']:4d}  RSS host {r['rss']:6.1f} MiB  "
          f"with tabs {r['rss_all']:7.1f} MiB  tabs at once {r['tabs']:2d}  log +{r['log']:,} B  "
          f"failed saves {r['saves']}  join {r['join']}" + (f"  made {r['made']}" if r["made"] else ""), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("attacks", nargs="*", metavar="ATTACK", help=f"any of {', '.join(ATTACKS)} (default: all)")
    parser.add_argument("--seconds", type=float, default=20, help="each window (default 20)")
    parser.add_argument("--attack", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.attack:
        asyncio.run(attack(args.attack, args.port, args.seconds))
        return
    resource.setrlimit(resource.RLIMIT_NOFILE, (FILES, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
    names = args.attacks or list(ATTACKS)
    if set(names) - set(ATTACKS):
        parser.error(f"no such attack: {', '.join(sorted(set(names) - set(ATTACKS)))}")
    print(f"one headless host (open-file limit {FILES}), {PEERS} honest players on its game port, one game; "
          f"per attack a {args.seconds:g} s calm window then {args.seconds:g} s of it")
    sys.exit(asyncio.run(bench(names, args.seconds)))


if __name__ == "__main__":
    main()
