"""LAN play on 127.0.0.1 with real sockets: a whole game, privacy of every frame, refusals,
resends, a killed client coming back, and the handshake's reasons."""
import asyncio

import msgpack
import pytest

from net.client import NetChannel, Rejected
from tests.helpers.network import LOOPBACK, TIMEOUT, eventually, free_port, join, playing_client
from tests.helpers.privacy import assert_private
from uno_tui.engine import CODES
from uno_tui.play.host.session import HostSession
from uno_tui.play.join import JoinError, connect, saved_token
from uno_tui.storage.settings import GameSettings
from uno_tui.table import Pacing


def host(players=4, headless=True, **kw):
    settings = GameSettings(bots=["normal"] * (players - 1), match_mode="single")
    return HostSession(settings, host_name="Host", players=players, headless=headless, seed=5,
                       pacing=kw.pop("pacing", Pacing.instant()), **kw)


async def play_whole_hand(players: int, levels) -> tuple:
    """A headless host; every seat a joined client playing with a bot's brain, but the last
    ``players - len(levels)`` seats, which the host gives to bots. Plays one whole hand."""
    session = host(players=players)
    port = await session.serve(LOOPBACK, 0)
    clients = [playing_client(await join(port, f"P{i}"), level, seed=i) for i, level in enumerate(levels)]
    session.start()

    async def run(client):
        await client.play_until(lambda: client.view is not None and client.view["over"])

    await asyncio.wait_for(asyncio.gather(*(run(c) for c in clients)), TIMEOUT)
    table = session.table
    assert table.game.over
    for seat, client in enumerate(clients):
        seqs = [f["seq"] for f in client.frames if "seq" in f]
        assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
        for frame in client.frames:
            msgpack.packb(frame)
            assert_private(frame, seat)
        assert client.view["hand"] == sorted(CODES[c] for c in table.game.hands[seat])
        assert client.view["counts"] == [len(h) for h in table.game.hands]
        client.channel.close()
    await session.close()
    return session


async def test_a_full_game_between_a_host_and_three_joined_clients_and_a_bot():
    session = await play_whole_hand(4, ("easy", "normal", "hard"))
    assert [s.kind for s in session.seats] == ["human", "human", "human", "bot"]


async def test_ten_peers_play_a_whole_hand_over_loopback():
    await play_whole_hand(10, [("easy", "normal", "hard")[i % 3] for i in range(10)])


async def test_out_of_turn_illegal_stale_and_repeated_commands():
    session = host(players=2, pacing=Pacing(bot_delay=10_000))
    port = await session.serve(LOOPBACK, 0)
    ch = await join(port, "Ann")
    session.start()
    table = session.table
    view = None
    while view is None:
        msg = await asyncio.wait_for(ch.recv(), TIMEOUT)
        view = msg.get("view")
    me = view["seat"]
    decider = table.game.decider

    async def expect_error(command, text):
        await ch.send(command)
        async with asyncio.timeout(TIMEOUT):
            while (msg := await ch.recv())["type"] != "error":
                pass
        assert text in msg["reason"], msg

    before = len(table.game.hands[me])
    if decider != me:
        await expect_error({"type": "action", "id": 1, "action": {"kind": "draw"}}, "not your decision")
    else:
        await ch.send({"type": "action", "id": 7, "action": {"kind": "draw"}})
        await ch.send({"type": "action", "id": 7, "action": {"kind": "draw"}})      # the same command again
    # a connection's commands are answered in order: by this answer the repeat has been handled
    await expect_error({"type": "action", "id": 8, "action": {"kind": "play", "card": "ZZ"}}, "card must be a card code")
    assert len(table.game.hands[me]) == before + (decider == me)                   # one draw at most
    await expect_error({"type": "action", "id": 9, "action": {"kind": "teleport"}}, "an action map with a known kind")
    ch.close()
    await session.close()


async def test_a_killed_client_reconnects_by_itself_to_the_same_seat_and_hand():
    session = host(players=3, pacing=Pacing(bot_delay=10_000, grace=10_000))
    port = await session.serve(LOOPBACK, 0)
    ch = await join(port, "Ann", give_up_after=10)
    session.start()
    seat = ch.welcome["seat"]
    first = await asyncio.wait_for(ch.recv(), TIMEOUT)
    while first.get("type") != "snapshot":
        first = await asyncio.wait_for(ch.recv(), TIMEOUT)
    hand = first["view"]["hand"]
    ch.conn.writer.transport.abort()                       # the connection dies mid-hand
    assert await eventually(lambda: session.table.seats[seat].away)   # marked away for everyone at once
    snap = await asyncio.wait_for(ch.recv(), TIMEOUT)
    while snap.get("type") != "snapshot":
        snap = await asyncio.wait_for(ch.recv(), TIMEOUT)
    assert snap["view"]["seat"] == seat and snap["view"]["hand"] == hand
    assert not session.table.seats[seat].away
    ch.close()
    await session.close()


async def test_a_new_join_to_the_same_address_takes_the_same_seat_however_it_is_spelt():
    session = host(players=3, pacing=Pacing(bot_delay=10_000, grace=10_000))
    port = await session.serve(LOOPBACK, 0)
    ch = await join(port, "Ann")
    seat = ch.welcome["seat"]
    session.start()
    assert saved_token(f"{LOOPBACK}:{port}/Ann", session.fingerprint) == ch.welcome["token"]
    ch.close()
    assert await eventually(lambda: session.seats[seat].conn is None)
    again = await join(port, "Ann")
    assert again.welcome["seat"] == seat
    again.close()
    assert await eventually(lambda: session.seats[seat].conn is None)
    spelt = await connect("127.1", port, "Ann", fingerprint=session.fingerprint)           # the same address spelt otherwise (as a name would be)
    assert spelt.welcome["seat"] == seat
    spelt.close()
    await session.close()


async def test_the_handshake_refuses_with_a_reason_a_person_can_read():
    session = host(players=2, headless=False, password="sesame")   # the host sits at seat 0
    port = await session.serve(LOOPBACK, 0)
    with pytest.raises(JoinError, match=f"Not joined to 127.0.0.1:{port}: wrong password, or this is not the real table"):
        await join(port, "Ann", password="nope")
    bad = NetChannel(LOOPBACK, port, {"type": "hello", "version": 99, "name": "Old"})
    with pytest.raises(Rejected, match="protocol version 2"):
        await bad.open()
    first = await join(port, "Ann", password="sesame")
    with pytest.raises(JoinError, match="table is full"):
        await join(port, "Bob", password="sesame")
    first.close()
    await session.close()


async def test_a_spectator_sees_no_hand():
    session = host(players=2)
    port = await session.serve(LOOPBACK, 0)
    player = await join(port, "Ann")
    session.start()
    watcher = await connect(LOOPBACK, port, "Eve", spectate=True)
    assert watcher.welcome["seat"] is None
    msg = await asyncio.wait_for(watcher.recv(), TIMEOUT)
    while "view" not in msg:
        msg = await asyncio.wait_for(watcher.recv(), TIMEOUT)
    assert msg["view"]["hand"] == [] and msg["view"]["legal"] == []
    player.close()
    watcher.close()
    await session.close()


async def test_a_host_that_goes_away_is_reported_plainly():
    session = host(players=2, pacing=Pacing(bot_delay=10_000))
    port = await session.serve(LOOPBACK, 0)
    ch = await join(port, "Ann")
    session.start()
    await session.close()
    with pytest.raises(ConnectionError, match="^The host ended the game.$"):
        for _ in range(50):
            await asyncio.wait_for(ch.recv(), TIMEOUT)
    ch.close()



async def test_nobody_hosting_is_said_in_a_sentence():
    port = free_port()
    with pytest.raises(JoinError, match=rf"^Nobody is hosting at 127.0.0.1:{port} \(connection refused\).$"):
        await join(port, "Ann")


async def test_watching_from_the_machine_that_plays_does_not_take_the_players_seat():
    """The token saved for this host and name is the player's: a spectator window of the same
    person must not send it (it would take the seat, and the two would fight for it)."""
    session = HostSession(GameSettings(bots=["normal"]), players=2, headless=True, pacing=Pacing(bot_delay=60))
    port = await session.serve(LOOPBACK, 0)
    try:
        player = await join(port, "Root")
        session.start()
        watcher = await join(port, "Root", spectate=True)
        assert watcher.welcome["seat"] is None and session.seats[0].conn is not None
        assert session.seats[0].conn.peer == "{}:{}".format(*player.conn.writer.get_extra_info("sockname")[:2])
        player.close()
        watcher.close()
    finally:
        await session.close()
