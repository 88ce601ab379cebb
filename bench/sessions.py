"""What a guest's session costs the host: an ssh session (`host --ssh`) against a browser tab
(`host --web`), the baseline, in the same run on the same host.

    python bench/sessions.py [--sessions N] [--idle S]

A headless host (its own process, loopback only) serves both. For each kind, N sessions are
opened one after another, and for each is timed: from the client's start to its first screen
(the join form of a tab, the join screen of an ssh session), and to its player seated in the
lobby ("(you)" on its screen). Then, with all N open for S seconds: the resident memory (RSS)
of each session's process on the host, the host's own growth per session, and the CPU each
process took to start and used per second. Twice: idle in a lobby, and watching a game that
plays on (a second host, where one player with a bot's brain and one bot play a match at
--bot-delay 0.3, and the sessions join as spectators: each move redraws every screen; the
moves made in the window are printed). The ssh client itself (OpenSSH) and the websocket client run
in this process and are not counted: only what the host machine spends for the guest. Figures
of a loaded, shared machine vary: compare the two kinds within one run.
"""
import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import aiohttp  # noqa: E402
import pyte  # noqa: E402
from loopback import LOOPBACK, cpu_seconds, free_port, keyed_data, start, wait_port  # noqa: E402
from soak import rss_kib  # noqa: E402

from tests.helpers.terminal import Terminal  # noqa: E402
from uno_tui.bots import make_bot  # noqa: E402
from uno_tui.client.bot import BotClient
from uno_tui.play.join import connect
from uno_tui.protocol.limits import MAX_PLAYERS

SSH = "/usr/bin/ssh"


def children(pid: int) -> set[int]:
    """The host's child processes: one per session."""
    found = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found |= {int(c) for c in (task / "children").read_text().split()}
        except OSError:                   # a thread that ended meanwhile
            pass
    return found


async def until(done, what: str, timeout: float = 60.0) -> float:
    """Seconds until ``done()`` holds."""
    started = time.perf_counter()
    while not done():
        if time.perf_counter() - started > timeout:
            raise RuntimeError(f"{what}: not within {timeout} s")
        await asyncio.sleep(0.02)
    return time.perf_counter() - started


class SshGuest:
    kind = "ssh"

    def __init__(self, port: int, name: str, known_hosts: str, ready: str = r"\(you\)"):
        self.ready = ready
        self.args = ["-F", "/dev/null", "-p", str(port), "-o", f"UserKnownHostsFile={known_hosts}",
                     "-o", "StrictHostKeyChecking=yes", "-o", "BatchMode=yes", "-o", "LogLevel=ERROR",
                     f"{name}@{LOOPBACK}"]

    async def open(self) -> tuple[float, float]:
        started = time.perf_counter()
        self.terminal = Terminal(*self.args, env={**os.environ, "HOME": tempfile.mkdtemp()}, program=SSH)
        await until(lambda: self.terminal.shows(r"Join a LAN game|Joined"), "an ssh session's first screen")
        first = time.perf_counter() - started
        await until(lambda: self.terminal.shows(self.ready), "an ssh session seated")
        return first, time.perf_counter() - started

    async def close(self) -> None:
        self.terminal.kill()


class BrowserGuest:
    """A tab as the page opens it (textual-serve's websocket), its screen read with pyte."""
    kind = "browser"

    def __init__(self, port: int, name: str, session: aiohttp.ClientSession, ready: str = "(you)"):
        self.port, self.name, self.http, self.ready = port, name, session, ready
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)

    def shows(self, text: str) -> bool:
        return text in "\n".join(self.screen.display)

    async def open(self) -> tuple[float, float]:
        started = time.perf_counter()
        self.ws = await self.http.ws_connect(f"ws://{LOOPBACK}:{self.port}/ws?width=80&height=24")
        self.reader = asyncio.get_running_loop().create_task(self._read())
        await until(lambda: self.shows("Your name"), "a tab's first screen")
        first = time.perf_counter() - started
        await self.ws.send_json(["stdin", self.name + "\r"])
        await until(lambda: self.shows(self.ready), "a tab seated")
        return first, time.perf_counter() - started

    async def _read(self) -> None:
        async for message in self.ws:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.stream.feed(message.data)

    async def close(self) -> None:
        await self.ws.close()
        self.reader.cancel()


async def measure(host, guests: list, idle: float, moves=lambda: 0) -> dict:
    """``moves()``: the table's updates so far (those within the measured window are printed)."""
    before_rss, before = rss_kib(host.pid), children(host.pid)
    starts = [await guest.open() for guest in guests]
    await asyncio.sleep(1.0)                              # the last one's first frames drawn
    mine = sorted(children(host.pid) - before)
    start_cpu = [cpu_seconds(pid) for pid in mine]
    cpu0, host_cpu0, moves0 = sum(start_cpu), cpu_seconds(host.pid), moves()
    await asyncio.sleep(idle)
    idle_cpu = sum(cpu_seconds(pid) for pid in mine) - cpu0
    figures = dict(count=len(guests), processes=len(mine),
                   first=statistics.median(s[0] for s in starts), ready=statistics.median(s[1] for s in starts),
                   rss=statistics.median(rss_kib(pid) for pid in mine) / 1024,
                   host_growth=(rss_kib(host.pid) - before_rss) / 1024 / len(guests),
                   start_cpu=statistics.median(start_cpu), idle_cpu=idle_cpu / idle / len(mine),
                   host_idle_cpu=(cpu_seconds(host.pid) - host_cpu0) / idle, moves=moves() - moves0)
    for guest in guests:
        await guest.close()
    await until(lambda: not (children(host.pid) & set(mine)), "the sessions' processes gone", 30)
    return figures


async def hosted(seats: int, players: int, *extra: str):
    """A headless host serving the page and ssh: (process, game port, page port, ssh port,
    known_hosts file, its TLS key)."""
    port, web, ssh = free_port(), free_port(), free_port()
    data, key = keyed_data()
    log = open(os.path.join(data, "host.log"), "w")
    host = start(["-m", "uno_tui", "host", "--headless", "--bind", LOOPBACK, "--port", str(port), "--web",
                  str(web), "--ssh", str(ssh), "--seats", str(seats), "--players", str(players), "--no-advertise",
                  *extra], output=log, data=data)
    await wait_port(ssh)
    await wait_port(web)
    from uno_tui.play.host.sshkey import load_ssh_key
    known_hosts = os.path.join(data, "known_hosts")
    Path(known_hosts).write_text(f"[{LOOPBACK}]:{ssh} {load_ssh_key(Path(data)).export_public_key().decode()}")
    return host, port, web, ssh, known_hosts, key


async def in_lobby(args, http) -> list[dict]:
    host, _, web, ssh, known_hosts, _ = await hosted(min(2 * args.sessions + 1, MAX_PLAYERS), 10)
    try:
        return [await measure(host, [BrowserGuest(web, f"tab{i}", http) for i in range(args.sessions)], args.idle),
                await measure(host, [SshGuest(ssh, f"ssh{i}", known_hosts) for i in range(args.sessions)], args.idle)]
    finally:
        host.terminate()
        host.wait(10)


async def watching(args, http) -> list[dict]:
    host, port, web, ssh, known_hosts, key = await hosted(2, 1, "--bot-delay", "0.3", "--grace", "0")
    player = BotClient(await connect(LOOPBACK, port, "Pat", fingerprint=key), make_bot("normal", 1), auto_ready=True)
    moves = [0]

    async def play():
        while True:
            msg = await player.step()
            moves[0] += msg.get("type") == "update"
    task = asyncio.get_running_loop().create_task(play())
    try:
        rows = []
        for guests in ([BrowserGuest(web, f"tab{i}", http, ready="hand ") for i in range(args.sessions)],
                       [SshGuest(ssh, f"ssh{i}", known_hosts, ready="hand ") for i in range(args.sessions)]):
            rows.append(await measure(host, guests, args.idle, lambda: moves[0]))
        return rows
    finally:
        task.cancel()
        player.channel.close()
        host.terminate()
        host.wait(10)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=4, help="sessions of each kind (default 4; the cap is 8)")
    parser.add_argument("--idle", type=float, default=5.0, help="seconds all sit open, measured (default 5)")
    args = parser.parse_args()
    async with aiohttp.ClientSession() as http:
        lobby, game = await in_lobby(args, http), await watching(args, http)
    print(f"{args.sessions} sessions of each kind, opened one after another on a headless host on loopback "
          f"({os.cpu_count()} cores); then all open {args.idle:g} s, measured.")
    print("Timed: client start to first screen, and to seated (lobby) or to the game drawn (watching); "
          "not timed or counted: the clients themselves (OpenSSH, the websocket), only the host's processes.")
    print(f"{'':18} {'first screen':>12} {'ready':>7} {'RSS/session':>12} {'host +RSS':>10} "
          f"{'start CPU':>10} {'CPU/session':>12}")
    for where, rows in (("lobby", lobby), ("watching", game)):
        for kind, row in zip(("browser", "ssh"), rows):
            moves = f", {row['moves']} table updates in it" if where == "watching" else ""
            print(f"{kind + ' ' + where:18} {row['first']:>11.2f}s {row['ready']:>6.2f}s {row['rss']:>9.1f} MB "
                  f"{row['host_growth']:>7.1f} MB {row['start_cpu']:>9.2f}s {row['idle_cpu']:>11.1%}"
                  f"   ({row['processes']} processes{moves})")
    tab, ssh_row = lobby
    print(f"ssh against the browser baseline (lobby): first screen {ssh_row['first'] / tab['first']:.2f}x, "
          f"memory {ssh_row['rss'] / tab['rss']:.2f}x, start CPU {ssh_row['start_cpu'] / tab['start_cpu']:.2f}x; "
          f"watching: CPU {game[1]['idle_cpu'] / max(game[0]['idle_cpu'], 1e-9):.2f}x")


if __name__ == "__main__":
    asyncio.run(main())
