"""What the table owes a player between moves: ids that survive a new client, refusals that cost
nothing, answers to repeats, a bounded wait for the next hand, spectators' chat, countdowns."""
import asyncio

from tests.helpers.network import eventually
from tests.helpers.table import settle
from uno_tui.engine import make_rules, rigged_deck
from uno_tui.table import LocalChannel, Pacing, Seat, Table


def two_humans(pacing=None, hands=(["R1", "G7"], ["G1", "G2"]), top="R5"):
    """Ann (seat 0, starts) and Bob, both human."""
    table = Table(make_rules("classic", match_mode="first_to", match_target=500),
                  [Seat("Ann", "human"), Seat("Bob", "human")], seed=1,
                  pacing=pacing or Pacing(bot_delay=0, catch_delay={}, grace=30, hand_pause=30), dealer=1)
    table.start(deck=rigged_deck([list(h) for h in hands], top, ["B1"] * 30, dealer=1), hand_size=len(hands[0]))
    return table


def drain(channel) -> list[dict]:
    out = []
    while not channel.queue.empty():
        out.append(channel.queue.get_nowait())
    return out


async def test_a_refused_command_does_not_use_up_its_id_and_a_repeat_gets_an_answer():
    table = two_humans()
    ann = LocalChannel(table, 0)
    drain(ann)
    await ann.send({"type": "action", "id": 7, "action": {"kind": "play", "card": "G1"}})   # not hers
    assert [m["type"] for m in drain(ann)] == ["error"]
    version = table.version
    await ann.send({"type": "action", "id": 7, "action": {"kind": "play", "card": "R1", "uno": True}})
    answers = drain(ann)
    assert table.version > version and any(m.get("ack") == 7 for m in answers)
    version = table.version
    await ann.send({"type": "action", "id": 7, "action": {"kind": "play", "card": "R1", "uno": True}})
    again = drain(ann)
    assert table.version == version                         # applied once
    assert [(m["type"], m["ack"]) for m in again] == [("update", 7)]
    table.close()


async def test_a_new_client_for_the_same_seat_is_heard_at_once():
    """A player who starts the app again (a new model, new ids) is not mistaken for a resend."""
    from uno_tui.client.model import ClientModel
    from uno_tui.protocol.sent import Chat
    table = two_humans()
    first = LocalChannel(table, 0)
    await first.send(ClientModel().command(Chat(text="brb")))
    first.close()
    again = LocalChannel(table, 0)
    drain(again)
    await again.send(ClientModel().command(Chat(text="back")))
    assert [m["text"] for m in drain(again) if m["type"] == "chat"] == ["back"]
    table.close()


async def test_the_next_hand_waits_for_a_slow_reader_only_so_long_and_says_how_long():
    table = two_humans(pacing=Pacing(bot_delay=0, catch_delay={}, grace=30, hand_pause=30, ready_wait=0.3),
                       hands=(["R1"], ["G1"]))
    ann, bob = LocalChannel(table, 0), LocalChannel(table, 1)
    await ann.send({"type": "action", "id": 1, "action": {"kind": "play", "card": "R1"}})
    assert table.game.over
    await ann.send({"type": "ready", "id": 2})
    seen = drain(bob)[-1]["view"]["table"]
    assert seen["next_hand_in"] is not None and 0 <= seen["next_hand_in"] <= 1
    assert await eventually(lambda: not table.game.over, within=5)   # Bob never said ready
    assert table.game.over is False and table.ready == set()
    table.close()


async def test_with_nobody_ready_the_table_shows_no_countdown_and_waits():
    # every delay zero: a timer that would start the next hand runs within a turn of the loop
    table = two_humans(hands=(["R1"], ["G1"]), pacing=Pacing(bot_delay=0, catch_delay={}, grace=0, hand_pause=0,
                                                              ready_wait=0))
    ann = LocalChannel(table, 0)
    LocalChannel(table, 1)
    await ann.send({"type": "action", "id": 1, "action": {"kind": "play", "card": "R1"}})
    assert table.fanout.table_info()["next_hand_in"] is None
    for _ in range(10):
        await asyncio.sleep(0)
    assert table.game.over
    table.close()


async def test_a_spectator_chats_marked_as_watching():
    table = two_humans()
    ann = LocalChannel(table, 0)
    watcher = LocalChannel.__new__(LocalChannel)
    watcher.table, watcher.queue = table, asyncio.Queue()
    watcher.listener = table.connect(None, watcher.queue.put_nowait, name="Eve")
    drain(ann)
    await watcher.send({"type": "chat", "id": 1, "text": "go Ann"})
    lines = [m for m in drain(ann) if m["type"] == "chat"]
    assert lines == [{"type": "chat", "seat": None, "name": "Eve", "text": "go Ann", "spectator": True,
                      "seq": lines[0]["seq"]}]
    table.close()


async def test_an_away_player_shows_a_countdown_to_the_bot():
    table = two_humans()
    ann, bob = LocalChannel(table, 0), LocalChannel(table, 1)
    bob.close()
    await settle(table)
    seat = drain(ann)[-1]["view"]["table"]["seats"][1]
    assert seat["away"] and 28 <= seat["bot_in"] <= 30
    table.close()
