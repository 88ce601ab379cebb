"""The UNO window at the table, bots standing in, timers, chat, and bots deciding from plain data."""
import asyncio

import msgpack

from tests.helpers.network import eventually
from tests.helpers.table import TIMEOUT, settle, watch_until
from uno_tui.bots import make_bot
from uno_tui.engine import CODES, make_rules, rigged_deck
from uno_tui.protocol.limits import MAX_CHAT
from uno_tui.table import LocalChannel, Pacing, Seat, Table


def uno_table(uno_penalty=4, pacing=None, second="bot"):
    """Seat 0 (human) holds two cards and starts; the next seat is a bot or a second human."""
    seats = [Seat("Ann", "human"), Seat("Bob", second, "hard"), Seat("Cy", "bot", "hard")]
    deck = rigged_deck([["R1", "B3"], ["G1", "G2"], ["Y1", "Y2"]], "R5", ["B1"] * 20, dealer=2)
    table = Table(make_rules("classic", match_mode="single", uno_penalty=uno_penalty), seats, seed=1,
                  pacing=pacing or Pacing.instant(), dealer=2)
    table.start(deck=deck, hand_size=2)
    return table


async def test_a_bot_catches_a_human_who_did_not_say_uno_before_the_next_player_moves():
    table = uno_table()
    ann = LocalChannel(table, 0)
    await ann.send({"type": "action", "id": 1, "action": {"kind": "play", "card": "R1"}})
    await settle(table)
    events = [e for e, _ in table.log]
    assert any(e["type"] == "catch" and e["caught"] and e["target"] == 0 for e in events)
    assert len(table.game.hands[0]) >= 5 or table.game.over
    table.close()


async def test_saying_uno_with_the_play_is_safe_from_bots():
    table = uno_table()
    ann = LocalChannel(table, 0)
    await ann.send({"type": "action", "id": 1, "action": {"kind": "play", "card": "R1", "uno": True}})
    await settle(table)
    assert not any(e["type"] == "catch" and e["caught"] for e, _ in table.log)
    table.close()


async def test_the_window_closes_when_the_next_player_begins_even_with_slow_catchers():
    slow = Pacing(bot_delay=0, catch_delay={"hard": 5.0}, grace=0, hand_pause=0)
    table = uno_table(pacing=slow, second="human")
    ann, bob = LocalChannel(table, 0), LocalChannel(table, 1)
    await ann.send({"type": "action", "id": 1, "action": {"kind": "play", "card": "R1"}})
    assert table.game.window == 0
    await bob.send({"type": "action", "id": 1, "action": {"kind": "draw"}})
    assert table.game.window == -1
    await settle(table)
    assert not any(e["type"] == "catch" for e, _ in table.log)
    await ann.send({"type": "action", "id": 2, "action": {"kind": "say_uno"}})
    await ann.send({"type": "action", "id": 3, "action": {"kind": "say_uno"}})   # a resend: applied once
    assert sum(1 for e, _ in table.log if e["type"] == "say_uno") == 1
    table.close()


async def test_a_bot_takes_over_mid_turn_and_hands_the_seat_back():
    seats = [Seat("Ann", "human"), Seat("Bob", "bot")]
    table = Table(make_rules("classic", match_mode="single"), seats, seed=5, pacing=Pacing.instant())
    table.start()
    ann = LocalChannel(table, 0)
    await settle(table)
    game = table.game
    while game.decider != 0 and not game.over:
        await settle(table)
    before = table.version
    table.take_over(0, "normal")
    await settle(table)
    assert table.version > before + 1            # the stand-in moved for Ann
    table.hand_back(0)
    await settle(table)
    if not game.over:
        assert game.decider == 0                 # the bot stopped at Ann's turn: it is hers again
        stuck = table.version
        await settle(table)
        assert table.version == stuck
    msg = await watch_until(ann, lambda m: m["type"] == "update")
    assert msg["view"]["table"]["seats"][0]["bot_playing"] is False
    table.close()


async def test_a_dropped_player_is_away_at_once_then_a_bot_plays_and_they_come_back():
    seats = [Seat("Ann", "human"), Seat("Bob", "human"), Seat("Cy", "bot")]
    pacing = Pacing(bot_delay=0, catch_delay={"normal": 0}, grace=0.05, hand_pause=0)
    table = Table(make_rules("classic", match_mode="single"), seats, seed=2, pacing=pacing)
    table.start()
    ann, bob = LocalChannel(table, 0), LocalChannel(table, 1)
    ann.close()
    msg = await watch_until(bob, lambda m: m["type"] == "update" and m["view"]["table"]["seats"][0]["away"])
    assert msg["view"]["table"]["seats"][0]["away"]
    assert await eventually(lambda: table.seats[0].bot is not None)
    ann = LocalChannel(table, 0)
    snap = await watch_until(ann, lambda m: m["type"] == "snapshot")
    assert snap["view"]["hand"] == sorted(CODES[c] for c in table.game.hands[0])   # the same seat and hand
    assert table.seats[0].bot is None and not table.seats[0].away
    table.close()


async def test_the_bot_to_move_thinks_inside_its_pause_and_moves_once_it_is_over():
    """Hard thinks from the moment its turn comes (its 0.3 s search well inside a 1 s pause), so no
    level keeps the table waiting longer than its pace; its move still waits for the pause."""
    table = uno_table(pacing=Pacing(bot_delay=1.0, catch_delay={"hard": 0.3}, grace=0, hand_pause=0))
    bob = table.seats[1].bot
    thought = []
    decide = bob.decide
    bob.decide = lambda view: thought.append(view["decider"] == 1) or decide(view)
    ann = LocalChannel(table, 0)
    await ann.send({"type": "action", "id": 1, "action": {"kind": "play", "card": "R1", "uno": True}})
    assert await eventually(lambda: True in thought)            # Bob began on Ann's card at once
    assert table.game.decider == 1                              # ... and has not moved: his pause is not over
    assert await eventually(lambda: table.game.decider != 1 or table.game.over)
    table.close()


async def test_the_turn_timer_lets_a_bot_move_for_a_slow_human():
    seats = [Seat("Ann", "human"), Seat("Bob", "bot")]
    pacing = Pacing(bot_delay=0, catch_delay={"normal": 0}, turn_timeout=0.05, grace=0, hand_pause=0)
    table = Table(make_rules("classic", match_mode="single"), seats, seed=9, pacing=pacing)
    table.start()
    LocalChannel(table, 0)
    timed_out = lambda: any(e["type"] == "table" and "Time is up" in e["text"] for e, _ in table.log)  # noqa: E731
    await asyncio.wait_for(_until(lambda: timed_out() or table.game.over), TIMEOUT)
    assert timed_out()
    assert any(e.get("seat") == 0 and e["type"] in ("play", "draw") for e, _ in table.log)  # for Ann
    table.close()


async def _until(cond):
    while not cond():
        await asyncio.sleep(0.01)


async def test_chat_is_cleaned_length_limited_and_shared():
    seats = [Seat("Ann\x1b[31m", "human"), Seat("Bob", "bot")]
    table = Table(make_rules("classic"), seats, seed=1, pacing=Pacing(bot_delay=30))
    table.start()
    ann = LocalChannel(table, 0)
    await ann.send({"type": "chat", "id": 1, "text": "hi\x1b[2J there " + "x" * 2 * MAX_CHAT})
    msg = await watch_until(ann, lambda m: m["type"] == "chat")
    assert "\x1b" not in msg["text"] and len(msg["text"]) <= MAX_CHAT and msg["text"].startswith("hi [2J there")
    assert "\x1b" not in msg["name"]
    table.close()


async def test_a_bot_decides_from_the_same_plain_data_a_remote_client_receives():
    seats = [Seat("Ann", "human"), Seat("Bob", "bot")]
    table = Table(make_rules("hp2010", match_mode="single"), seats, seed=4, pacing=Pacing(bot_delay=30))
    table.start()
    ann = LocalChannel(table, 0)
    msg = await watch_until(ann, lambda m: m["type"] == "snapshot")
    wire = msgpack.unpackb(msgpack.packb(msg))
    for level in ("easy", "normal", "hard"):
        bot = make_bot(level, 1)
        bot.observe(wire["view"], [])
        action = bot.decide(wire["view"])
        if wire["view"]["decider"] == 0:
            assert action in wire["view"]["legal"] or dict(action, uno=False) in wire["view"]["legal"]
    table.close()
