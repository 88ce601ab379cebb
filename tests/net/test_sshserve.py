"""The ssh server's caps and its session's terminal (sshserve.py), with the real OpenSSH client
on loopback and a light stand-in for the join client (tests/helpers/ssh_session.py; the real
one is tests/journeys/test_ssh.py's): a window's size and its resizes reach the session's
process (a huge one at the caps), one cap holds for ssh sessions and browser tabs together, a
dropped connection ends its process and gives its slot back, and an idle session is closed with
a word."""
import asyncio
import os
import re
import shutil
import sys
from pathlib import Path

import aiohttp
import pytest

from tests.helpers.network import LOOPBACK, eventually
from tests.helpers.terminal import Terminal
from tests.helpers.web import page_servers
from uno_tui.play.host import guests
from uno_tui.play.host.guests import Slots
from uno_tui.play.host.ssh import SshServer

SSH = shutil.which("ssh")
STAND_IN = Path(__file__).parents[1] / "helpers" / "ssh_session.py"
TAB = Path(__file__).parents[1] / "helpers" / "tab_process.py"
pytestmark = pytest.mark.skipif(SSH is None, reason="needs the OpenSSH client: apt-get install openssh-client "
                                "(Debian's package; .ci/run installs it)")


@pytest.fixture(autouse=True)
def quick_starts(monkeypatch, tmp_path):
    monkeypatch.setattr(guests, "STARTS", 1000.0)
    monkeypatch.setattr(guests, "BURST", 1000)
    monkeypatch.setenv("UNO_TUI_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
async def serve(tmp_path):
    servers, terminals = [], []

    async def start(**options) -> SshServer:
        server = SshServer(lambda name: [sys.executable, str(STAND_IN), name], LOOPBACK, 0,
                           password=lambda: None, **options)
        await server.start()
        (tmp_path / "known_hosts").write_text(f"[{LOOPBACK}]:{server.port} "
                                              f"{server.key.export_public_key().decode()}")
        server.client = lambda name, size=(80, 24): client(server, name, size)
        servers.append(server)
        return server

    def client(server: SshServer, name: str, size) -> Terminal:
        terminal = Terminal("-F", "/dev/null", "-p", str(server.port), "-o",
                            f"UserKnownHostsFile={tmp_path / 'known_hosts'}", "-o", "StrictHostKeyChecking=yes",
                            "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", f"{name}@{LOOPBACK}",
                            env={**os.environ, "HOME": str(tmp_path)}, program=SSH, size=size)
        terminals.append(terminal)
        return terminal
    yield start
    for terminal in terminals:
        terminal.kill()
    for server in servers:
        await server.close()


async def shown(terminal: Terminal, pattern: str) -> re.Match:
    return await asyncio.to_thread(terminal.wait_for, pattern)


async def test_the_window_size_and_its_resizes_reach_the_session_and_a_huge_one_is_drawn_at_the_caps(serve):
    server = await serve()
    ann = server.client("ann", size=(100, 30))
    await shown(ann, r"name ann pid \d+ term xterm-256color")
    await shown(ann, r"size 100x30")
    ann.resize(120, 40)
    await shown(ann, r"size 120x40")
    ann.resize(1000, 600)
    await shown(ann, r"size 500x200")


async def test_one_cap_holds_for_ssh_sessions_and_browser_tabs_together(serve):
    shared = Slots(2, share=1.0)                    # (all on loopback: one address)
    server = await serve(sessions=shared)
    first = server.client("ann")
    await shown(first, r"size 80x24")
    async with page_servers() as start:
        page = await start(f"{sys.executable} {TAB}", sessions=shared)
        async with aiohttp.ClientSession() as http:
            tab = await http.ws_connect(f"ws://{LOOPBACK}:{page.port}/ws?width=80&height=24")
            assert (await asyncio.wait_for(tab.receive(), 20)).data.startswith(b"ready ")
            assert shared.held == 2
            third = server.client("bob")
            await shown(third, r"Cannot join: this table is full")
            assert await asyncio.to_thread(third.exit_code) == 1
            with pytest.raises(aiohttp.WSServerHandshakeError) as full:
                await http.ws_connect(f"ws://{LOOPBACK}:{page.port}/ws?width=80&height=24")
            assert full.value.status == 503
            await tab.close()
    assert server.refusals["a session when the table is full"] == 1


async def test_a_dropped_connection_ends_its_process_and_gives_its_slot_back(serve):
    server = await serve()
    ann = server.client("ann")
    pid = int((await shown(ann, r"pid (\d+)")).group(1))
    assert server.slots.held == 1
    ann.kill()                                      # as a closed laptop's connection ends
    assert await eventually(lambda: not os.path.exists(f"/proc/{pid}") and server.slots.held == 0, 15)


async def test_a_session_nobody_types_in_is_closed_with_a_word_and_typing_keeps_one_open(serve):
    server = await serve(idle=2.0)
    idle, busy = server.client("ann"), server.client("bob")
    for terminal in (idle, busy):
        await shown(terminal, r"size 80x24")
    for _ in range(15):                             # 3 s of typing, a key every 0.2 s
        busy.press("x")
        await asyncio.sleep(0.2)
    await shown(idle, r"Nobody typed in this session for")
    assert await asyncio.to_thread(idle.exit_code) == 1
    assert busy.alive() and not busy.shows("Nobody typed")
