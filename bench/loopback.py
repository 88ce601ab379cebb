"""What the network benchmarks share: processes on loopback, and peers that time updates."""
import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.helpers.network import LOOPBACK, free_port  # noqa: F401 (re-exported)
from tests.helpers.network import wait_listening as wait_port
from uno_tui.bots import make_bot
from uno_tui.client.bot import BotClient
from uno_tui.play.host.tlskey import load_identity


def start(args: list[str], output=subprocess.PIPE, stdin: bool = False, data: str | None = None) -> subprocess.Popen:
    """A Python process of ours, with throwaway settings and data directories (``data``: this
    one); its output goes to ``output`` (a pipe read only at the end suits a quiet process: a
    chatty one would block on it)."""
    env = {**os.environ, "UNO_TUI_CONFIG_DIR": tempfile.mkdtemp(), "UNO_TUI_DATA_DIR": data or tempfile.mkdtemp()}
    return subprocess.Popen([sys.executable, *args], stdout=output, stderr=subprocess.STDOUT, text=True,
                            env=env, stdin=subprocess.PIPE if stdin else None)


def keyed_data() -> tuple[str, str]:
    """A data directory for a host, with its TLS key made already, and that key's fingerprint:
    the peers pin it, as a join code would make them."""
    data = tempfile.mkdtemp()
    return data, load_identity(Path(data))[1]


def cpu_split(pid: int) -> tuple[float, float]:
    """A process's CPU time so far: user, system."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user and system)."""
    return sum(cpu_split(pid))


def start_host(port: int, peers: int, *extra: str, output=subprocess.PIPE) -> subprocess.Popen:
    """A headless host; ``.key`` is the fingerprint of its TLS key, ``.data`` its data directory."""
    data, key = keyed_data()
    host = start(["-m", "uno_tui", "host", "--headless", "--bind", LOOPBACK, "--port", str(port),
                  "--seats", str(peers), "--players", str(peers), *extra], output=output, data=data)
    host.key, host.data = key, data
    return host


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


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))]
