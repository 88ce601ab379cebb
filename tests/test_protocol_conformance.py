"""Every message a client receives matches its declaration in uno_tui/table/spec.py: no
undeclared key, no missing required key, no wrong type. Whole hands of every edition, with
a player who challenges and forgets UNO, a spectator, and a reconnect; and the handshake,
lobby, chat, errors and goodbye over a real socket."""
import asyncio
import collections

import pytest

from tests.helpers.network import LOOPBACK, TIMEOUT, join
from uno_tui.engine import PRESETS, make_rules
from uno_tui.hosting import HostSession
from uno_tui.settings import GameSettings
from uno_tui.table import Pacing, Seat, Table
from uno_tui.table.spec import EVENTS, RECEIVED, TO_CLIENT


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


async def play_hands(edition: str, seed: int, hands: int, received: list) -> None:
    seats = [Seat("Ann", "human")] + [Seat(f"Bot {i}", "bot", "normal") for i in (1, 2, 3)]
    table = Table(make_rules(edition), seats, seed=seed, pacing=Pacing.instant(), dealer=seed % 4)
    table.start()
    player = Careless(table, received)
    table.connect(None, received.append, name="Watcher")
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


@pytest.mark.parametrize("edition", PRESETS)
async def test_whole_hands_of_every_edition_match_the_declarations(edition):
    received: list = []
    for seed in range(3):
        await play_hands(edition, seed, 2, received)
    assert problems_in(received) == {}
    kinds = {m["type"] for m in received}
    assert {"snapshot", "update"} <= kinds
    seen = {e["type"] for m in received for e in m.get("events", ())}
    assert {"play", "draw", "hand_over", "table", "challenge", "catch", "deal", "first_card"} <= seen


async def test_the_handshake_lobby_chat_errors_and_goodbye_match_the_declarations():
    session = HostSession(GameSettings(bots=["normal"]), players=3, headless=True, seed=2,
                          pacing=Pacing(bot_delay=0.01))
    port = await session.serve(LOOPBACK, 0)
    player = await join(port, "Ann")
    watcher = await join(port, "Eve", spectate=True)
    seen = [player.welcome, watcher.welcome]
    await player.send({"type": "chat", "id": 1, "text": "hi"})
    await player.send({"type": "frobnicate", "id": 2})
    session.start()
    await player.send({"type": "chat", "id": 3, "text": "gl"})
    await player.send({"type": "action", "id": 4, "action": {"kind": "catch", "target": 1}})
    while not any(m.get("id") == 4 or m.get("ack") == 4 for m in seen):    # answered in order: all are
        seen.append(await asyncio.wait_for(player.recv(), TIMEOUT))
    await session.close()
    for channel in (player, watcher):
        while True:
            try:
                seen.append(await asyncio.wait_for(channel.recv(), TIMEOUT))
            except ConnectionError:                  # the host said bye: the channel ends with its reason
                break
    seen.append({"type": "bye", "reason": "The host ended the game."})
    assert problems_in(seen) == {}
    assert {"welcome", "lobby", "chat", "error", "snapshot", "update", "bye"} <= {m["type"] for m in seen}


def test_every_declared_message_and_event_is_one_the_code_sends():
    """Declarations with nothing behind them would be a reference to a protocol that is not there."""
    assert set(TO_CLIENT) == {"welcome", "reject", "lobby", "snapshot", "update", "chat", "error", "ping",
                              "pong", "bye"}
    import uno_tui.engine.game as game
    source = open(game.__file__).read()
    for kind in EVENTS:
        assert kind == "table" or f'"{kind}"' in source, kind
