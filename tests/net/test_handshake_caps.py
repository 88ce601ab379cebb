"""Handshakes a few addresses cannot fill (issue 37 item 2, issue 31 item 3): a TLS handshake
that never finishes is dropped within the hello time-out and counts against its address's cap;
under load handshakes get less time; 4 or 16 attacking addresses holding every place still let
a join in, and a seated player's reconnection has a reserve of its own. Real sockets, attackers
on 127.0.0.2 and up (all loopback: Linux routes 127.0.0.0/8 to lo)."""
import asyncio
import contextlib
import logging
import ssl
import time

import pytest

import net.server
from net.server import Server
from net.tls import client_context
from tests.helpers.network import LOOPBACK, TIMEOUT, eventually, first_answer, frame, host_context, join
from uno_tui.play.host.session import HostSession
from uno_tui.storage.settings import GameSettings
from uno_tui.table import Pacing

HELLO = {"type": "hello", "version": 2, "nonce": "0" * 32, "name": "Watcher", "spectate": True}


def client_hello() -> bytes:
    """The first flight of a real TLS handshake (its ClientHello), made without a socket."""
    incoming, outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
    tls = client_context().wrap_bio(incoming, outgoing)
    with pytest.raises(ssl.SSLWantReadError):
        tls.do_handshake()
    return outgoing.read()


HALF_A_HANDSHAKE = client_hello()[:100]


async def stalled(port: int, source: str = LOOPBACK):
    """A TLS handshake begun (part of a ClientHello sent) and never finished."""
    reader, writer = await asyncio.open_connection(LOOPBACK, port, local_addr=(source, 0))
    writer.write(HALF_A_HANDSHAKE)
    return reader, writer


async def closed_within(reader, seconds: float) -> float | None:
    """How long until the host hangs up (None: not within ``seconds``)."""
    start = time.monotonic()
    try:
        async with asyncio.timeout(seconds):
            while await reader.read(65536):
                pass
    except TimeoutError:
        return None
    except ConnectionError:
        pass
    return time.monotonic() - start


async def serving(**caps):
    async def admit(conn, hello):
        conn.send({"type": "welcome"})

    server = Server(admit, lambda *_: None, lambda conn: None, context=host_context(), **caps)
    return server, await server.listen(LOOPBACK, 0)


def attackers(n: int) -> list[str]:
    return [f"127.0.0.{2 + i}" for i in range(n)]


@contextlib.asynccontextmanager
async def holding(port: int, sources: list[str]):
    """A stalled handshake from each of ``sources`` (an address as often as it is named), each
    back the moment the host drops it, for as long as the block runs."""
    async def hold(source):
        while True:
            reader, writer = await stalled(port, source)
            await closed_within(reader, 30)
            writer.close()

    tasks = [asyncio.create_task(hold(source)) for source in sources]
    try:
        yield
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def test_a_tls_handshake_that_never_finishes_is_dropped_in_time_and_counts_against_its_address(monkeypatch):
    monkeypatch.setattr(net.server, "HELLO_TIMEOUT", 0.5)
    server, port = await serving()
    try:
        stalls = [await stalled(port) for _ in range(net.server.PENDING_PER_ADDRESS)]
        assert await eventually(lambda: server.joining(LOOPBACK) == len(stalls), TIMEOUT)
        answer, _ = await first_answer(port, frame(HELLO))          # the address's handshakes are all taken
        assert answer["type"] == "reject" and "joining at once" in answer["reason"]
        waits = await asyncio.gather(*(closed_within(reader, 5) for reader, _ in stalls))
        assert all(w is not None and w < 2 for w in waits), waits   # dropped at the hello time-out
        assert await eventually(lambda: not server.joining(), TIMEOUT)
        answer, _ = await first_answer(port, frame(HELLO))
        assert answer == {"type": "welcome"}
    finally:
        await server.close()


async def test_under_load_a_handshake_has_less_time(monkeypatch):
    monkeypatch.setattr(net.server, "HELLO_TIMEOUT", 30.0)
    monkeypatch.setattr(net.server, "LOADED_HELLO_TIMEOUT", 0.5)
    server, port = await serving(max_pending=4)
    try:
        calm = [await stalled(port, source) for source in attackers(2)]     # fewer than half the places
        assert await eventually(lambda: server.joining() == 2, TIMEOUT)
        loaded = [await stalled(port, source) for source in attackers(4)[2:]]
        assert all(w is not None for w in await asyncio.gather(*(closed_within(r, 5) for r, _ in loaded)))
        assert await closed_within(calm[0][0], 1.0) is None                 # the early ones keep their time
    finally:
        await server.close()


@pytest.mark.parametrize("addresses", [4, 16])
async def test_attackers_holding_every_handshake_place_still_let_joins_in(addresses, monkeypatch):
    """Attackers on 4 (or 16) addresses keep every place for a handshake taken, coming back the
    moment one is dropped; joins from another address still get in, one after the other (no
    place comes free by a time-out meanwhile: a join takes one)."""
    monkeypatch.setattr(net.server, "HELLO_TIMEOUT", 30.0)
    monkeypatch.setattr(net.server, "LOADED_HELLO_TIMEOUT", 30.0)
    server, port = await serving()
    try:
        async with holding(port, attackers(addresses) * (net.server.MAX_PENDING // addresses)):
            assert await eventually(lambda: server.joining() >= net.server.MAX_PENDING, TIMEOUT)
            for _ in range(5):
                answer, writer = await asyncio.wait_for(first_answer(port, frame(HELLO)), TIMEOUT)
                assert answer == {"type": "welcome"}
                writer.close()
            assert server.joining() >= net.server.MAX_PENDING - 1    # the attack went on meanwhile
    finally:
        await server.close()


async def test_a_seated_players_address_has_a_reserve_when_taking_a_place_is_not_enough(monkeypatch):
    """Sixteen addresses hold one handshake each; 127.0.0.1 holds one too (so it cannot take
    another's place: it holds as many). A second handshake of 127.0.0.1 waits, unless 127.0.0.1 is
    a seated player's: then it has a reserve place."""
    monkeypatch.setattr(net.server, "LOADED_HELLO_TIMEOUT", 30.0)     # no place comes free meanwhile
    for reserved, expected in ((False, None), (True, {"type": "welcome"})):
        server, port = await serving(reserved=lambda address: reserved and address == LOOPBACK)
        held = [await stalled(port, source) for source in attackers(16)]
        try:
            assert await eventually(lambda: server.joining() == 16, TIMEOUT)
            held.append(await stalled(port))                            # takes the oldest's place
            assert await eventually(lambda: server.joining(LOOPBACK) == 1, TIMEOUT)
            try:
                answer = (await asyncio.wait_for(first_answer(port, frame(HELLO)), 2))[0]
            except TimeoutError:
                answer = None                                           # still waiting to be accepted
            assert answer == expected, reserved
        finally:
            for _, writer in held:
                writer.close()
            await server.close()


async def test_a_seat_token_reconnects_through_a_handshake_flood_from_16_addresses():
    session = HostSession(GameSettings(bots=["normal"]), players=2, headless=True, seed=1,
                          pacing=Pacing(bot_delay=60, grace=60))
    port = await session.serve(LOOPBACK, 0)
    try:
        player = await join(port, "Ann")
        seat = session.seats[player.welcome["seat"]]
        async with holding(port, attackers(16)):
            assert await eventually(lambda: session.server.joining() >= 16, TIMEOUT)
            first = seat.conn
            player.conn.close("dropped")                               # its client reconnects with the token
            assert await eventually(lambda: seat.conn is not None and seat.conn is not first
                                    and player.status == "connected", TIMEOUT)
        player.close()
    finally:
        await session.close()


async def test_a_flood_of_whole_tls_handshakes_grows_the_log_by_a_line_not_a_line_each(caplog):
    server, port = await serving()
    try:
        with caplog.at_level(logging.INFO, logger="net"):
            for _ in range(10):                                     # a handshake, then gone before any hello
                _, writer = await asyncio.open_connection(LOOPBACK, port, ssl=client_context(), server_hostname="")
                writer.transport.abort()
            assert await eventually(lambda: server.refusals.left == 10 and not server.joining(), TIMEOUT)
            server.refusals.log()                                   # (the heartbeat's, every 5 s)
    finally:
        await server.close()
    lines = [r.getMessage() for r in caplog.records]
    assert lines == ["10 connections left before their hello was answered"], lines
