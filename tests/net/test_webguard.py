"""The browser page's connection limits (webguard.py), attacked on loopback: half-finished
requests from several addresses, requests that never finish their head, malformed requests,
over-long queries, websockets from another site's page (Origin), with a real aiohttp server
and real sockets (attackers on 127.0.0.2-5: all loopback)."""
import asyncio
import logging

import aiohttp
import pytest

from tests.helpers.network import LOOPBACK
from tests.helpers.web import page_servers
from uno_tui.play.host import webguard
from uno_tui.play.host.web import app_command
from uno_tui.play.host.webguard import Guard

UPGRADE = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
           "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}


@pytest.fixture
async def server():
    async with page_servers() as start:
        yield lambda **caps: start(app_command("join", "127.0.0.1:7531", "--browser"), "", guard=Guard(**caps))


async def half_open(port: int, source: str):
    reader, writer = await asyncio.open_connection(LOOPBACK, port, local_addr=(source, 0))
    writer.write(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    return reader, writer


async def get(port: int, path: str = "/", **headers) -> int:
    async with aiohttp.ClientSession() as client:
        async with client.get(f"http://{LOOPBACK}:{port}{path}", headers=headers) as response:
            return response.status


async def closed_by_host(reader) -> bool:
    try:
        await asyncio.wait_for(reader.read(), 5)
    except ConnectionError:                        # closed with our bytes unread: reset
        pass
    except asyncio.TimeoutError:
        return False
    return True


async def test_half_finished_requests_from_many_addresses_hold_at_most_the_cap_and_never_shut_out_a_page(server):
    web = await server(max_connections=8, per_address=3)
    flood = [await half_open(web.port, f"127.0.0.{2 + i % 4}") for i in range(40)]
    await asyncio.sleep(0.2)
    assert sum(web.guard.open.values()) <= 8 and max(web.guard.open.values()) <= 3
    assert await get(web.port) == 200              # the oldest half-finished one made room
    refused = web.guard.refusals.total
    assert sum(refused.values()) >= 40 + 1 - 8         # each closed as it came, or making room
    assert refused["a connection with no request made room for a newer one"] >= 1
    for _, writer in flood:
        writer.close()


async def test_a_request_whose_head_never_ends_is_closed(server, monkeypatch):
    monkeypatch.setattr(webguard, "REQUEST_TIMEOUT", 0.5)
    web = await server()
    reader, writer = await half_open(web.port, LOOPBACK)
    started = asyncio.get_running_loop().time()
    for byte in b"Still-Coming: yes":                 # a trickle does not keep it open
        writer.write(bytes([byte]))
        await asyncio.sleep(0.05)
    assert await closed_by_host(reader)
    assert asyncio.get_running_loop().time() - started < 3
    assert not web.guard.open


async def test_malformed_requests_are_summed_one_log_line_a_reason_with_no_traceback(server, caplog):
    web = await server()
    caplog.set_level(logging.INFO)
    for payload in [b"\x16\x03\x01 not HTTP\r\n\r\n", b"GET / HTTP/1.1\r\nno colon\r\n\r\n"] * 25:
        reader, writer = await asyncio.open_connection(LOOPBACK, web.port)
        writer.write(payload)
        await asyncio.wait_for(reader.read(), 5)
        writer.close()
    for _ in range(10):                                # a websocket request that is not one
        assert await get(web.port, "/ws", Upgrade="websocket", Connection="Upgrade") == 400
    web.guard.refusals.log()
    lines = [r for r in caplog.records if "refused" in r.getMessage()]
    assert not any(r.exc_info for r in caplog.records)
    assert "browser page: refused 10: a websocket request that is not one" in [r.getMessage() for r in lines]
    assert len(lines) == len({r.getMessage().split(": ", 2)[-1] for r in lines}) <= 3   # 60 requests, a line a reason


async def test_a_query_too_long_and_a_body_are_refused(server):
    web = await server()
    assert await get(web.port, "/?" + "x" * 5000) in (400, 414)
    assert await get(web.port, "/?fontsize=" + "9" * 300) == 414
    async with aiohttp.ClientSession() as client:
        async with client.get(f"http://{LOOPBACK}:{web.port}/", data=b"x" * 1000) as response:
            assert response.status == 413


async def test_a_websocket_only_from_a_page_of_the_address_it_came_to(server):
    web = await server()
    port = web.port
    # a DNS-rebinding page: its Host and Origin agree, but neither is an address we serve
    assert await get(port, "/ws?width=80&height=24", Host=f"evil.example:{port}",
                     Origin=f"http://evil.example:{port}", **UPGRADE) == 403
    assert await get(port, "/ws", Origin=f"http://192.168.1.20:{port}", **UPGRADE) == 403   # not where it came
    assert web.guard.refusals.total["a websocket from another site's page"] == 2
    for origin in (f"http://127.0.0.1:{port}", f"http://localhost:{port}"):
        async with aiohttp.ClientSession() as client:
            async with client.ws_connect(f"ws://{LOOPBACK}:{port}/ws", headers={"Origin": origin}) as ws:
                assert not ws.closed                     # let in: our own page
