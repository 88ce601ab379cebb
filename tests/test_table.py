"""The table: bot matches for every edition, a human seat over the in-memory channel,
sequence numbers, privacy of every update, the UNO window, bots taking over."""
import asyncio

import msgpack
import pytest

from tests.helpers.privacy import assert_private
from tests.helpers.table import TIMEOUT, bot_seats, match_over, watch_until
from uno_tui.client import ClientModel
from uno_tui.engine import PRESETS, make_rules, rigged_deck
from uno_tui.table import LocalChannel, Pacing, Seat, Table


@pytest.mark.parametrize("preset", PRESETS)
async def test_four_bots_play_a_whole_match(preset):
    rules = make_rules(preset, match_mode="first_to", match_target=200) if preset != "hp2021" else make_rules(preset)
    table = Table(rules, [Seat("E", "bot", "easy"), Seat("N", "bot", "normal"), Seat("H", "bot", "hard"),
                          Seat("N2", "bot", "normal")], seed=7, pacing=Pacing.instant())
    table.start()
    watcher = LocalChannel(table, None)
    msg = await watch_until(watcher, match_over)
    table.close()
    winners = msg["view"]["table"]["match"]["winners"]
    assert winners and max(msg["view"]["table"]["scores"]) >= (200 if preset != "hp2021" else 0)
    assert msg["view"]["hand"] == []          # a spectator holds nothing


async def test_a_whole_seeded_hand_with_a_human_seat_through_the_channel():
    """The whole hand the UI tests once played through Pilot: the human's seat takes every
    message into a client model (as the game screen does) and decides from it, to the end."""
    seats = [Seat("You", "human")] + bot_seats(3, "easy")
    table = Table(make_rules("classic", match_mode="single"), seats, seed=3, pacing=Pacing.instant())
    table.start()
    me, model = LocalChannel(table, 0), ClientModel()
    last_seq, decisions = 0, []
    while not (model.view and model.view["over"]):
        msg = await asyncio.wait_for(me.recv(), TIMEOUT)
        assert msg["seq"] > last_seq
        last_seq = msg["seq"]
        assert msg["type"] != "error", msg
        msgpack.packb(msg)                       # plain data, ready for the wire
        assert model.apply(msg) != "gap"
        assert len(model.view["hand"]) == model.view["counts"][0]
        if model.my_decision() and model.legal:
            plays = [a for a in model.legal if a["kind"] not in ("draw", "keep")]
            action = (plays or model.legal)[0]
            await me.send(model.command("action", action=action))
            decisions.append(action["kind"])
    table.close()
    assert table.game.over and 0 in model.view["counts"]
    assert model.last_hands is not None                    # the hand-over event showed every hand
    assert {"play", "draw"} <= set(decisions)


async def test_updates_carry_only_the_table_keys_that_changed_and_merge_to_the_whole_view():
    table = Table(make_rules("classic", match_mode="first_to", match_target=100), bot_seats(3), seed=4,
                  pacing=Pacing.instant())
    sent = []                                    # each message, with the whole table part as it was then
    table.connect(None, lambda msg: sent.append((msg, table._table_info())))
    table.start()
    while not table.match.over:
        await asyncio.sleep(0.01)
    table.close()
    model, deltas = ClientModel(), []
    for msg, whole in sent:
        if msg["type"] == "update" and "table" in msg["view"]:
            deltas.append(set(msg["view"]["table"]))
        model.apply(msg)
        assert model.view["table"] == whole
    assert "rules" in deltas[0]                  # the first update carries it whole, then only changes
    assert len(deltas) > 1 and all("rules" not in keys and "deck" not in keys for keys in deltas[1:])
    assert any("scores" in keys for keys in deltas)


async def test_no_update_ever_holds_another_seats_hidden_cards():
    seats = [Seat(f"H{i}", "human") for i in range(2)] + bot_seats(2, "hard")
    table = Table(make_rules("hp2000", match_mode="single"), seats, seed=11, pacing=Pacing.instant())
    table.start()
    channels = [LocalChannel(table, i) for i in range(2)]
    for i in range(2):
        table.take_over(i, "easy")       # bots play both human seats; the people only watch their updates
    for _ in range(20000):
        if table.game.over:
            break
        await asyncio.sleep(0)
    assert table.game.over
    for seat, ch in enumerate(channels):
        while not ch.queue.empty():
            msg = ch.queue.get_nowait()
            if "view" not in msg:
                continue
            assert_private(msg, seat)
    table.close()


async def test_a_resent_command_applies_once_and_a_bad_one_is_refused_with_a_reason():
    seats = [Seat("You", "human"), Seat("Bot", "bot")]
    deck = rigged_deck([["R1", "R2", "G4"], ["G1", "G2", "G3"]], "R5", ["B1"] * 6, dealer=1)
    table = Table(make_rules("classic", match_mode="single"), seats, seed=1, pacing=Pacing.instant(), dealer=1)
    table.start(deck=deck, hand_size=3)
    me = LocalChannel(table, 0)
    await me.send({"type": "action", "id": 1, "action": {"kind": "play", "card": "G4"}})
    err = await watch_until(me, lambda m: m["type"] == "error")
    assert err["type"] == "error" and "does not match" in err["reason"] and err["id"] == 1
    await me.send({"type": "action", "id": 2, "action": {"kind": "play", "card": "R1"}})
    await me.send({"type": "action", "id": 2, "action": {"kind": "play", "card": "R1"}})
    assert len(table.game.hands[0]) == 2
    await me.send({"type": "bogus", "id": 3})
    msg = await watch_until(me, lambda m: m["type"] == "error")
    assert "unknown command" in msg["reason"]
    table.close()
