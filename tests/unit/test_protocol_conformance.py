"""Every message a client receives matches its declaration in uno_tui/protocol/spec.py: no
undeclared key, no missing required key, no wrong type. Whole hands of every edition, with
a player who challenges and forgets UNO, a spectator, and a reconnect; and the handshake,
lobby, chat, errors and goodbye over a real socket."""
import asyncio
import collections
import struct

import msgpack

from tests.helpers.network import LOOPBACK, TIMEOUT, first_answer, frame, join, tls_open
from uno_tui.engine import PRESETS, make_rules
from uno_tui.play.host.session import HostSession
from uno_tui.protocol.spec import EVENTS, RECEIVED
from uno_tui.storage.settings import GameSettings
from uno_tui.table import Pacing, Seat, Table


class Careless:
    """Plays seat 0 by hand: challenges every Wild Draw Four and never says UNO (so bots catch it)."""

    def __init__(self, table: Table, received: list):
        self.table, self.received = table, received
        self.ids = iter(range(1, 10 ** 6))
        self.listener = table.connect(0, self.deliver)

    def deliver(self, msg: dict) -> None:
        self.received.append(msg)
        legal = msg.get("view", {}).get("legal") if msg["type"] in ("update", "snapshot") else None
        if legal:
            choice = next((a for a in legal if a["kind"] == "challenge"), None) or \
                next((a for a in legal if a["kind"] not in ("say_uno", "catch") and not a.get("uno")), legal[0])
            command = {"type": "action", "id": next(self.ids), "action": choice}
            asyncio.get_running_loop().call_soon(lambda: self.table.handle(self.listener, command))


async def play_hands(edition: str, seed: int, hands: int, received: list, draw_for_deal=False, **house) -> None:
    seats = [Seat("Ann", "human")] + [Seat(f"Bot {i}", "bot", "normal") for i in (1, 2, 3)]
    dealer = None if draw_for_deal else seed % 4         # None: the players draw for the deal, as by default
    table = Table(make_rules(edition, **house), seats, seed=seed, pacing=Pacing.instant(), dealer=dealer)
    table.connect(None, received.append, name="Watcher")    # from before the start: the first change too
    table.start()
    player = Careless(table, received)
    played = 0
    for step in range(4000):
        await asyncio.sleep(0)
        if step == 50:                                   # Ann's connection drops, and she comes back
            table.disconnect(player.listener)
            player.listener = table.connect(0, player.deliver)
        if table.game.over:
            played += 1
            if played == hands:
                break
            table.handle(player.listener, {"type": "ready", "id": next(player.ids)})
    table.close()
    assert played == hands, f"{edition}: {played} of {hands} hands finished"


def problems_in(messages: list) -> collections.Counter:
    found = collections.Counter()
    for msg in messages:
        for problem in RECEIVED.problems(msg, msg.get("type", "message")):
            found[problem] += 1
    return found


#: events no seeded hand below happens to show (each is covered by the engine's scenario tests)
RARE = {"keep", "pass", "returned", "reshuffle", "eliminated"}


async def test_whole_hands_of_every_edition_match_the_declarations():
    received: list = []
    for edition in PRESETS:
        for seed in range(3):
            await play_hands(edition, seed, 2, received)
    for seed in range(3):                                # the house rules' own decisions and events
        await play_hands("classic", seed, 3, received, seven_zero=True, jump_in=True)
    await play_hands("classic", 0, 1, received, draw_for_deal=True)
    for seed in range(3):                                # issue 36's rules and their events
        await play_hands("classic", seed, 2, received, multi_play=True, deflect=True, teams=True,
                         stack_draw_two=True, stack_draw_four=True, mercy=True, draw_to_match=True)
    assert problems_in(received) == {}
    assert {"snapshot", "update"} <= {m["type"] for m in received}
    seen = {e["type"] for m in received for e in m.get("events", ())}
    assert set(EVENTS) - RARE <= seen, "declared events no game sent: declarations with nothing behind them"


async def frames_until_closed(reader) -> list:
    """Every message on a raw connection until the host hangs up."""
    frames = []
    while True:
        try:
            header = await asyncio.wait_for(reader.readexactly(4), TIMEOUT)
        except (asyncio.IncompleteReadError, ConnectionError):
            return frames
        frames.append(msgpack.unpackb(await reader.readexactly(struct.unpack(">I", header)[0])))


async def test_the_handshake_lobby_chat_errors_and_goodbye_match_the_declarations():
    session = HostSession(GameSettings(bots=["normal"]), players=3, headless=True, seed=2,
                          pacing=Pacing(bot_delay=0.01))
    port = await session.serve(LOOPBACK, 0)
    rejected, _ = await first_answer(port, {"type": "hello", "version": 99, "name": "Old"})
    player = await join(port, "Ann")
    reader, writer = await tls_open(port)                               # a spectator that reads raw frames
    writer.write(frame({"type": "hello", "version": 2, "nonce": "0" * 32, "name": "Eve", "spectate": True}) + frame({"type": "ping"}))
    watched = asyncio.ensure_future(frames_until_closed(reader))
    seen = [rejected, player.welcome]
    await player.send({"type": "chat", "id": 1, "text": "hi"})
    await player.send({"type": "frobnicate", "id": 2})
    session.start()
    await player.send({"type": "chat", "id": 3, "text": "gl"})
    await player.send({"type": "action", "id": 4, "action": {"kind": "catch", "target": 1}})
    while not any(m.get("id") == 4 or m.get("ack") == 4 for m in seen):    # answered in order: all are
        seen.append(await asyncio.wait_for(player.recv(), TIMEOUT))
    await session.close()
    seen += await watched
    writer.close()
    assert problems_in(seen) == {}
    assert {"reject", "welcome", "lobby", "chat", "error", "snapshot", "update", "pong", "bye"} <= \
        {m["type"] for m in seen}


async def test_a_hello_is_checked_against_its_declaration():
    session = HostSession(GameSettings(bots=["normal"]), players=2, headless=True)
    port = await session.serve(LOOPBACK, 0)
    try:
        hello = {"type": "hello", "version": 2, "nonce": "0" * 32, "name": "Ann"}
        for extra, reason in (({"colour": "red"}, "unexpected field 'colour' in hello"),
                              ({"spectate": "yes please"}, "hello.spectate must be true or false"),
                              ({"token": 5}, "hello.token must be a string")):
            answer, _ = await first_answer(port, {**hello, **extra})
            assert answer == {"type": "reject", "reason": reason}
    finally:
        await session.close()


async def test_a_repeated_command_id_applies_once_in_the_lobby_too():
    session = HostSession(GameSettings(bots=["normal"]), players=3, headless=True)
    port = await session.serve(LOOPBACK, 0)
    try:
        ann, bob = await join(port, "Ann"), await join(port, "Bob")
        for cid, text in ((7, "once"), (7, "once"), (8, "last")):
            await ann.send({"type": "chat", "id": cid, "text": text})
        lines = []
        while "last" not in lines:
            msg = await asyncio.wait_for(bob.recv(), TIMEOUT)
            if msg["type"] == "chat":
                lines.append(msg["text"])
        assert lines == ["once", "last"]
    finally:
        await session.close()
