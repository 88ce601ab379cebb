"""A host under a hostile LAN: what decoding may build, caps on connections and spectators,
reconnect storms that must not freeze the bots, the rate new connections are taken at (floods:
test_floods.py). Real sockets on 127.0.0.1; the clock is faked where time itself is what is tested."""
import asyncio
import errno
import logging
import socket
import struct
import tracemalloc

import msgpack
import pytest

import net.connection
import net.server
from net import FrameError, decode
from net.frames import FROM_PEER, PEER_FRAME
from net.server import Server
from tests.helpers.network import LOOPBACK, TIMEOUT, Clock, eventually, first_answer, frame, host_context
from uno_tui.engine import make_rules
from uno_tui.play.host import admission
from uno_tui.play.host.session import HostSession
from uno_tui.protocol.limits import MAX_CHAT, MAX_ID_LEN
from uno_tui.storage.settings import GameSettings
from uno_tui.table import Pacing, Seat, Table

HELLO = {"type": "hello", "version": 2, "nonce": "0" * 32, "name": "Watcher", "spectate": True}


async def recording_server(**caps):
    """A bare server that admits every hello and records what it was given."""
    hellos = []

    async def admit(conn, hello):
        hellos.append(hello)
        conn.send({"type": "welcome"})

    server = Server(admit, lambda *_: None, lambda conn: None, context=host_context(), **caps)
    return server, await server.listen(LOOPBACK, 0), hellos


# ---------------------------------------------------------------------------- decoding budget
def test_the_largest_real_command_fits_a_peers_frame_and_more_does_not():
    chat = msgpack.packb({"type": "chat", "id": "x" * MAX_ID_LEN, "text": "\U0001F600" * MAX_CHAT})
    assert len(chat) <= PEER_FRAME
    decode(chat, FROM_PEER)
    with pytest.raises(FrameError):
        net.frames.frame_length(struct.pack(">I", PEER_FRAME + 1), FROM_PEER.max_frame)


def test_the_worst_frame_a_peer_may_send_builds_little():
    """Containers as large and as many as the peer's limits allow, in one frame: the decoder
    builds well under a megabyte (a 256 KiB frame of them built ~15 MB)."""
    item = b"\xdc" + struct.pack(">H", FROM_PEER.max_array) + b"\x90" * FROM_PEER.max_array
    body = b"\xdc" + struct.pack(">H", FROM_PEER.max_array) + item * FROM_PEER.max_array
    assert len(body) <= PEER_FRAME
    tracemalloc.start()
    try:
        decode(body, FROM_PEER)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000
    with pytest.raises(FrameError):           # one item more than a peer's container may hold
        decode(b"\xdc" + struct.pack(">H", FROM_PEER.max_array + 1) + b"\xc0" * (FROM_PEER.max_array + 1), FROM_PEER)


async def test_a_hello_over_the_peer_limit_is_closed_before_it_is_decoded():
    server, port, hellos = await recording_server()
    try:
        bomb = b"\xdc\x27\x10" + b"\x90" * 10_000           # 10,000 empty lists: fine for a host's frame
        answer, writer = await first_answer(port, frame(bomb))
        assert answer is None and hellos == []
        answer, _ = await first_answer(port, frame(HELLO))      # and the next one is let in
        assert answer == {"type": "welcome"} and hellos == [HELLO]
        (conn,) = server.connections                            # small frames go out at once (no Nagle)
        assert conn.writer.get_extra_info("socket").getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
    finally:
        await server.close()


# ---------------------------------------------------------------------------- caps
async def test_connections_from_one_address_are_capped_with_a_reason():
    server, port, hellos = await recording_server(per_address=3)
    try:
        kept = [await first_answer(port, frame(HELLO)) for _ in range(3)]
        assert all(answer == {"type": "welcome"} for answer, _ in kept)
        answer, _ = await first_answer(port, frame(HELLO))
        assert answer == {"type": "reject", "reason": "too many connections from your address"}
        kept[0][1].close()                                   # one leaves: there is room again
        assert await eventually(lambda: server.accepted() == 2, TIMEOUT)
        answer, _ = await first_answer(port, frame(HELLO))
        assert answer == {"type": "welcome"}
    finally:
        await server.close()


async def test_handshakes_in_progress_are_capped():
    server, port, hellos = await recording_server()
    try:
        silent = [await asyncio.open_connection(LOOPBACK, port) for _ in range(net.server.PENDING_PER_ADDRESS)]
        assert await eventually(lambda: server.joining() == len(silent), TIMEOUT)
        answer, _ = await first_answer(port, frame(HELLO))
        assert answer["type"] == "reject" and "joining at once" in answer["reason"]
        for _, writer in silent:
            writer.close()
        assert await eventually(lambda: not server.joining(), TIMEOUT)
        answer, _ = await first_answer(port, frame(HELLO))
        assert answer == {"type": "welcome"}
    finally:
        await server.close()


async def test_running_out_of_descriptors_is_logged_once_and_accepting_goes_on(caplog, monkeypatch):
    monkeypatch.setattr(net.server, "SHORT_OF_FILES_PAUSE", 0.01)
    loop = asyncio.get_running_loop()
    real_accept, failures = loop.sock_accept, [OSError(errno.EMFILE, "Too many open files")] * 5

    async def accept(sock):
        if failures:
            raise failures.pop()
        return await real_accept(sock)

    monkeypatch.setattr(loop, "sock_accept", accept)
    with caplog.at_level(logging.WARNING):
        server, port, _ = await recording_server()
        try:
            answer, _ = await first_answer(port, frame(HELLO))
            assert answer == {"type": "welcome"}
        finally:
            await server.close()
    records = [r for r in caplog.records if "not accepting" in r.getMessage()]
    assert len(records) == 1 and records[0].exc_info is None


async def test_past_the_cap_on_handshakes_connections_wait_to_be_accepted():
    server, port, hellos = await recording_server(max_pending=2)
    try:
        silent = [await asyncio.open_connection(LOOPBACK, port) for _ in range(2)]
        assert await eventually(lambda: server.joining() == 2, TIMEOUT)
        waiting = asyncio.ensure_future(first_answer(port, frame(HELLO)))
        assert await eventually(lambda: server.held is not None, TIMEOUT)
        assert not waiting.done() and hellos == []          # held, not refused and not read
        silent[0][1].close()
        answer, _ = await asyncio.wait_for(waiting, TIMEOUT)
        assert answer == {"type": "welcome"}
    finally:
        await server.close()


async def test_a_burst_of_connections_meets_the_caps_on_handshakes(caplog):
    """Connections that arrive together are counted as they are accepted, before any of them has
    begun its handshake: a burst of 12 from one address gets 4 handshakes, and 8 refusals."""
    server, port, _ = await recording_server()
    burst = [socket.create_connection((LOOPBACK, port)) for _ in range(12)]   # all in the backlog at once
    try:
        assert await eventually(lambda: sum(server.refusals.counts.values()) == 8, TIMEOUT)
        assert server.joining() == net.server.PENDING_PER_ADDRESS
    finally:
        for sock in burst:
            sock.close()
        await server.close()


async def test_spectators_are_capped_and_a_spectator_joining_costs_the_others_nothing(monkeypatch):
    monkeypatch.setattr(admission, "MAX_SPECTATORS", 3)
    session = HostSession(GameSettings(bots=["normal"]), players=2, headless=True, seed=1, pacing=Pacing.instant())
    port = await session.serve(LOOPBACK, 0)
    try:
        watchers = []
        for _ in range(3):
            answer, writer = await first_answer(port, frame(HELLO))
            assert answer["type"] == "welcome"
            watchers.append(writer)
        sent = []
        for conn in list(session.spectators):
            conn.send = lambda msg, sent=sent: sent.append(msg) or True
        answer, _ = await first_answer(port, frame(HELLO))
        assert answer == {"type": "reject", "reason": "this table has room for 3 spectators, and has them"}
        watchers.pop().close()
        assert await eventually(lambda: len(session.spectators) == 2, TIMEOUT)
        answer, _ = await first_answer(port, frame(HELLO))
        assert answer["type"] == "welcome"
        assert await eventually(lambda: len(session.spectators) == 3, TIMEOUT)
        assert sent == []                                    # nobody else was sent anything
    finally:
        await session.close()


async def test_a_spectator_joining_a_game_under_way_costs_the_others_nothing():
    session = HostSession(GameSettings(bots=["normal"]), players=2, headless=True, seed=1,
                          pacing=Pacing(bot_delay=60))
    port = await session.serve(LOOPBACK, 0)
    try:
        session.start()
        first, _ = await first_answer(port, frame(HELLO))
        assert first["type"] == "welcome"
        assert await eventually(lambda: len(session.listeners) == 1, TIMEOUT)
        (watcher,) = session.listeners.values()
        seq = watcher.seq
        answer, _ = await first_answer(port, frame(HELLO))
        assert answer["type"] == "welcome"
        assert await eventually(lambda: len(session.listeners) == 2, TIMEOUT)
        assert watcher.seq == seq                            # the first watcher was sent nothing
    finally:
        await session.close()


# ---------------------------------------------------------------------------- reconnect storms
async def churn(table: Table, seat, moves: int) -> int:
    """Connect and drop a receiver every 10 ms until the game has had ``moves`` more moves or a
    second has gone by; returns how many moves it had."""
    start = table.moves
    for _ in range(100):
        listener = table.connect(seat, lambda msg: None, name="Churn")
        await asyncio.sleep(0.005)
        table.disconnect(listener)
        await asyncio.sleep(0.005)
        if table.moves - start >= moves:
            break
    return table.moves - start


@pytest.mark.parametrize("seat, moves", [(None, 6), (0, 2)], ids=["spectators", "a player with their token"])
async def test_connections_coming_and_going_do_not_put_off_the_bots(seat, moves):
    """Each connect used to cancel and restart every bot's think (and its table line counted as
    a move), so a peer reconnecting every 10 ms froze a table whose bots think for 50 ms."""
    seats = [Seat("Ann", "human"), Seat("Bot 1", "bot", "easy"), Seat("Bot 2", "bot", "easy")]
    table = Table(make_rules("classic"), seats, seed=3, dealer=0,
                  pacing=Pacing(bot_delay=0.05, catch_delay={"easy": 0.05}, grace=0, hand_pause=0))
    table.start()
    table.take_over(0)                       # Ann is away: a bot plays for her meanwhile
    try:
        assert await churn(table, seat, moves) >= moves   # (a player coming and going holds only their own turn)
    finally:
        table.close()


async def test_new_connections_are_taken_at_a_bounded_rate_and_the_rest_wait(monkeypatch):
    """A storm of connections costs the loop at most ARRIVALS handshakes a second; the others
    wait in the system's backlog, not refused and not lost (the clock is frozen, then moved)."""
    clock = Clock()
    monkeypatch.setattr(net.connection, "time", clock)
    server, port, _ = await recording_server(per_address=1000, max_connections=1000, max_pending=1000,
                                             pending_per_address=1000)
    storm = [socket.create_connection((LOOPBACK, port)) for _ in range(net.server.ARRIVALS + 20)]
    try:
        assert await eventually(lambda: server.joining() == net.server.ARRIVALS, TIMEOUT)
        assert server.held is not None                      # the next one waits for the clock
        clock.now += 1.0                                    # a second later: 20 more of the next 50
        assert await eventually(lambda: server.joining() == len(storm), TIMEOUT)
    finally:
        for sock in storm:
            sock.close()
        await server.close()
