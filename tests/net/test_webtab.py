"""A browser tab's process (webtab.py), attacked on loopback: tabs opened and dropped in a loop
never run more processes than the cap (a slot is held until its process has exited), a resize
past the size cap or a malformed message closes that tab only, an idle tab is closed with a word
on its screen, and a guest's tab writes its preferences into files of its own, never the host
user's. The tab's app is a light stand-in that speaks textual's web protocol (tests/helpers/
tab_process.py); the real app in a real browser is tests/net/test_browser.py's."""
import asyncio
import os
import shlex
import sys
from pathlib import Path

import aiohttp
import pytest

from tests.helpers.network import LOOPBACK, eventually
from tests.helpers.web import page_servers
from uno_tui.play.host import guests

STAND_IN = Path(__file__).parents[1] / "helpers" / "tab_process.py"


@pytest.fixture(autouse=True)
def quick_starts(monkeypatch):
    monkeypatch.setattr(guests, "STARTS", 1000.0)
    monkeypatch.setattr(guests, "BURST", 1000)


@pytest.fixture
async def serve():
    async with page_servers() as start:
        yield lambda linger=0.0, **options: start(shlex.join([sys.executable, str(STAND_IN), str(linger)]), **options)


def stand_ins() -> int:
    """The stand-in processes this test started (the tabs' processes are this process's children)."""
    count = 0
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        try:
            children = (task / "children").read_text().split()
        except OSError:                                         # a thread that ended while we looked
            continue
        for child in children:
            try:
                count += str(STAND_IN).encode() in Path(f"/proc/{child}/cmdline").read_bytes()
            except OSError:
                pass
    return count


async def open_tab(client, port: int, query: str = "width=80&height=24", **headers):
    ws = await client.ws_connect(f"ws://{LOOPBACK}:{port}/ws?{query}", headers=headers)
    first = await asyncio.wait_for(ws.receive(), 20)
    assert first.data.startswith(b"ready "), first
    ws.config_dir = Path(first.data[6:].decode())
    return ws


async def test_tabs_opened_and_dropped_in_a_loop_never_run_more_processes_than_the_cap(serve):
    web = await serve(linger=0.3, sessions=3)
    most, refused = 0, 0
    stop = asyncio.Event()

    async def count():
        nonlocal most
        while not stop.is_set():
            most = max(most, stand_ins())
            await asyncio.sleep(0.02)

    async def churn(client):
        nonlocal refused
        for _ in range(4):
            try:
                ws = await open_tab(client, web.port)
                await ws.close()
            except aiohttp.WSServerHandshakeError as e:
                assert e.status == 503                   # full: the others' processes have not exited
                refused += 1
                await asyncio.sleep(0.1)
    counter = asyncio.create_task(count())
    async with aiohttp.ClientSession() as client:
        await asyncio.gather(*(churn(client) for _ in range(6)))
    assert await eventually(lambda: web.sessions == 0 and stand_ins() == 0)
    stop.set()
    await counter
    assert 0 < most <= 3 and refused > 0


async def test_a_slot_is_free_only_once_its_process_has_exited(serve):
    web = await serve(linger=1.0, sessions=1)
    async with aiohttp.ClientSession() as client:
        ws = await open_tab(client, web.port)
        await ws.close()
        await asyncio.sleep(0.3)
        assert stand_ins() == 1 and web.sessions == 1          # told to quit, not gone yet
        with pytest.raises(aiohttp.WSServerHandshakeError) as full:
            await open_tab(client, web.port)
        assert full.value.status == 503
        assert await eventually(lambda: stand_ins() == 0)
        assert await eventually(lambda: web.sessions == 0)
        await (await open_tab(client, web.port)).close()


@pytest.mark.parametrize("message", [["resize", {"width": 20000, "height": 10000}], ["resize", {"width": "80"}],
                                     ["stdin", 7], {"not": "a list"}])
async def test_a_resize_past_the_cap_or_a_malformed_message_closes_that_tab_only(serve, message):
    web = await serve()
    async with aiohttp.ClientSession() as client:
        other = await open_tab(client, web.port)
        ws = await open_tab(client, web.port)
        await ws.send_json(message)
        closing = await asyncio.wait_for(ws.receive(), 10)
        assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED) and ws.close_code == 1008
        await other.send_json(["resize", {"width": 100, "height": 30}])   # the other tab plays on
        echo = await asyncio.wait_for(other.receive(), 10)
        assert b'"width": 100' in echo.data
        assert await eventually(lambda: web.sessions == 1 and stand_ins() == 1)
    assert sum(n for reason, n in web.guard.refusals.total.items() if reason.startswith("a tab that sent")) == 1


async def test_the_query_size_is_capped_too(serve):
    web = await serve()
    async with aiohttp.ClientSession() as client:
        for query in ("width=100000&height=24", "width=80&height=-1", "width=0", "height=1e9"):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await open_tab(client, web.port, query)
            assert refused.value.status == 400
    assert stand_ins() == 0


async def test_a_tab_nobody_uses_is_closed_with_a_word_and_typing_keeps_one_open(serve):
    web = await serve(idle=6.0)                                 # time for both stand-ins to start on a busy machine
    async with aiohttp.ClientSession() as client:
        idle, busy = await open_tab(client, web.port), await open_tab(client, web.port)
        for _ in range(35):                                     # 7 s of typing, a key every 0.2 s
            await busy.send_json(["stdin", "x"])
            await busy.send_json(["ping", "1"])
            await asyncio.sleep(0.2)
        note = await asyncio.wait_for(idle.receive(), 5)
        assert b"Nobody used this tab" in note.data and b"Reload the page" in note.data
        assert (await asyncio.wait_for(idle.receive(), 5)).type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
        assert not busy.closed
        assert await eventually(lambda: web.sessions == 1)


async def test_a_guests_tab_writes_its_preferences_into_files_of_its_own_that_go_with_it(serve, monkeypatch, tmp_path):
    host_config = tmp_path / "host-config"
    monkeypatch.setenv("UNO_TUI_CONFIG_DIR", str(host_config))
    guest = await serve(guest=True, linger=0.0)
    own = await serve(guest=False, linger=0.0)
    async with aiohttp.ClientSession() as client:
        tab = await open_tab(client, guest.port)
        assert tab.config_dir != host_config and (tab.config_dir / "preferences.json").exists()
        await tab.close()
        assert await eventually(lambda: guest.sessions == 0)
        assert not (host_config / "preferences.json").exists() and not tab.config_dir.exists()
        tab = await open_tab(client, own.port)                  # `uno-tui web`: the user's own app
        assert tab.config_dir == host_config and (host_config / "preferences.json").exists()
        await tab.close()


async def test_a_browsers_tabs_share_files_kept_while_the_server_runs_and_another_browsers_are_its_own(serve):
    # the page's cookie names the browser: its next tab finds the seat token the last one kept
    guest = await serve(guest=True, linger=0.0)
    ann, bob = "a" * 43, "b" * 43
    async with aiohttp.ClientSession() as client:
        first = await open_tab(client, guest.port, Cookie=f"uno-tui-browser={ann}")
        await first.close()
        assert await eventually(lambda: guest.sessions == 0)
        assert first.config_dir.exists()                            # kept for the browser's next tab
        again = await open_tab(client, guest.port, Cookie=f"uno-tui-browser={ann}")
        other = await open_tab(client, guest.port, Cookie=f"uno-tui-browser={bob}")
        assert again.config_dir == first.config_dir != other.config_dir
        assert ann not in str(first.config_dir)                     # a hash of the cookie names them
        forged = await open_tab(client, guest.port, Cookie="uno-tui-browser=../../etc")
        assert forged.config_dir.parent.parent != first.config_dir.parent.parent
        for tab in (again, other, forged):
            await tab.close()
        assert await eventually(lambda: guest.sessions == 0)
        assert not forged.config_dir.exists()                       # a tab of no browser: its files go with it
    await guest.close()
    assert not first.config_dir.exists() and not other.config_dir.exists()   # and a browser's, with the server
