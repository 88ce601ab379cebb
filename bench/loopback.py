"""What the network benchmarks share: processes on loopback, and peers that time updates."""
import asyncio
import os
import subprocess
import sys
import tempfile
import time

from tests.helpers.network import LOOPBACK, free_port, wait_listening as wait_port  # noqa: F401 (re-exported)
from uno_tui.botclient import BotClient
from uno_tui.bots import make_bot


def start(args: list[str]) -> subprocess.Popen:
    """A Python process of ours, with throwaway settings and data directories."""
    env = {**os.environ, "UNO_TUI_CONFIG_DIR": tempfile.mkdtemp(), "UNO_TUI_DATA_DIR": tempfile.mkdtemp()}
    return subprocess.Popen([sys.executable, *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=env)


def start_host(port: int, peers: int, *extra: str) -> subprocess.Popen:
    return start(["-m", "uno_tui.cli", "host", "--headless", "--bind", LOOPBACK, "--port", str(port),
                  "--seats", str(peers), "--players", str(peers), *extra])


class Peer(BotClient):
    """A joined player deciding with a bot, that notes when each update reached it."""

    def __init__(self, channel, seed):
        super().__init__(channel, make_bot("normal", seed), auto_ready=True)
        self.got: dict[int, float] = {}          # table version -> when this peer held it
        self.sent: dict[int, float] = {}         # command id -> when it was sent
        self.acked: dict[int, int] = {}          # command id -> the version it produced
        self.hands = 0                           # hands this peer saw end
        put = channel.inbox.put_nowait

        def arrived(msg):
            """Stamp an update the moment this peer holds it (decoded off its socket)."""
            if isinstance(msg, dict) and "version" in msg:
                self.got.setdefault(msg["version"], time.perf_counter())
            put(msg)

        channel.inbox.put_nowait = arrived

    async def send(self, command: dict) -> int:
        start = time.perf_counter()
        cid = await super().send(command)
        self.sent[cid] = start
        return cid

    async def run(self, stop: asyncio.Event, enough) -> None:
        while not stop.is_set():
            msg = await self.step()
            if any(e.get("type") == "hand_over" for e in msg.get("events", [])):
                self.hands += 1
            if msg.get("ack") is not None:
                self.acked[msg["ack"]] = msg["version"]
                if enough():                 # checked on answers only: it costs the loop time otherwise
                    stop.set()


async def play(players: list[Peer], enough, limit: float = 300) -> None:
    """Let the peers play until ``enough()`` (or ``limit`` seconds), then stop them."""
    stop = asyncio.Event()
    tasks = [asyncio.create_task(p.run(stop, enough)) for p in players]
    try:
        await asyncio.wait_for(stop.wait(), limit)
    except asyncio.TimeoutError:
        pass
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def latencies(players: list[Peer]) -> list[float]:
    """For each command: from its send until every peer held the update it caused."""
    out = []
    for p in players:
        for cid, version in p.acked.items():
            arrivals = [q.got.get(version) for q in players]
            if all(a is not None for a in arrivals):
                out.append(max(arrivals) - p.sent[cid])
    return out


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))]
