"""The table: bot matches for every edition, a human seat over the in-memory channel,
sequence numbers, privacy of every update, the UNO window, bots taking over."""
import asyncio

import msgpack
import pytest

from tests.helpers.privacy import assert_private
from tests.helpers.table import TIMEOUT, bot_seats, match_over, settle, watch_until
from uno_tui.client.model import ClientModel
from uno_tui.engine import CODES, HOUSE_RULES, PRESETS, make_rules, rigged_deck
from uno_tui.protocol.sent import Play
from uno_tui.protocol.views import table_of
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


@pytest.mark.parametrize("preset", ["classic", "hp2000"])
async def test_bots_play_a_whole_match_with_every_house_rule_on(preset):
    """Swaps, passed hands, jump-ins and the rest, between every level: the match ends, and every
    bot move was one the engine took (a refused one would be logged and replaced)."""
    every = {rule.name: True for rule in HOUSE_RULES if rule.switch and rule.name != "teams"}   # 3 seats
    table = Table(make_rules(preset, match_mode="first_to", match_target=150, **every),
                  [Seat("E", "bot", "easy"), Seat("N", "bot", "normal"), Seat("H", "bot", "hard")], seed=5,
                  pacing=Pacing.instant())
    table.start()
    kinds = set()
    table.connect(None, lambda msg: kinds.update(e["type"] for e in msg.get("events", ())))
    await watch_until(LocalChannel(table, None), match_over)
    table.close()
    assert {"swap", "pass_hands"} <= kinds          # (jump-ins are rarer: the next test makes one)


async def test_a_bot_holding_the_top_card_jumps_in_before_the_player_to_move():
    seats = [Seat("N0", "bot", "normal"), Seat("N1", "bot", "normal"), Seat("N2", "bot", "normal")]
    table = Table(make_rules("classic", jump_in=True, match_mode="single"), seats, seed=1, pacing=Pacing.instant())
    table.start(deck=rigged_deck([["G1", "G2"], ["R5", "Y2"], ["B6", "B7"]], "R5", ["B1"] * 4, dealer=2),
                hand_size=2)
    await watch_until(LocalChannel(table, None), lambda m: any(e["type"] == "jump_in" for e in m.get("events", ())))
    table.close()
    jump = next(e for e, _ in table.log if e["type"] == "jump_in")
    assert jump == {"type": "jump_in", "seat": 1, "card": "R5"}


async def test_a_whole_seeded_hand_with_a_human_seat_through_the_channel():
    """The whole hand the UI tests once played through Pilot: the human's seat takes every
    message into a client model (as the game screen does) and decides from it, to the end."""
    seats = [Seat("You", "human")] + bot_seats(3, "easy")
    table = Table(make_rules("classic", match_mode="single"), seats, seed=3, pacing=Pacing.instant())
    table.start()
    me, model = LocalChannel(table, 0), ClientModel()
    last_seq, decisions = 0, []
    while not (model.view and model.view.over):
        msg = await asyncio.wait_for(me.recv(), TIMEOUT)
        assert msg["seq"] > last_seq
        last_seq = msg["seq"]
        assert msg["type"] != "error", msg
        msgpack.packb(msg)                       # plain data, ready for the wire
        assert model.apply(msg) != "gap"
        assert len(model.view.hand) == model.view.counts[0]
        if model.my_decision() and model.legal:
            plays = [a for a in model.legal if a.kind not in ("draw", "keep")]
            action = (plays or model.legal)[0]
            await me.send(model.command(Play(action=action)))
            decisions.append(action.kind)
    table.close()
    assert table.game.over and 0 in model.view.counts
    assert model.view.table.result.hands is not None      # every hand, shown for scoring
    assert {"play", "draw"} <= set(decisions)


async def test_updates_carry_only_the_table_keys_that_changed_and_merge_to_the_whole_view():
    table = Table(make_rules("classic", match_mode="first_to", match_target=100), bot_seats(3), seed=4,
                  pacing=Pacing.instant())
    sent = []                                    # each message, with the whole table part as it was then
    table.connect(None, lambda msg: sent.append((msg, table.fanout.table_info())))
    table.start()
    while not table.match.over:
        await asyncio.sleep(0.01)
    table.close()
    model, deltas = ClientModel(), []
    for msg, whole in sent:
        if msg["type"] == "update" and "table" in msg["view"]:
            deltas.append(set(msg["view"]["table"]))
        model.apply(msg)
        assert model.wire["table"] == whole
        assert model.view.table == table_of(whole)      # decoded again only when an update carries it
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
        await asyncio.sleep(0.001)          # (the hard bots think on a thread of their own)
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


async def test_a_jump_in_that_arrives_after_the_move_it_raced_is_refused_with_a_reason():
    """The host applies commands in the order they arrive: the player to move played first, so the
    jump-in sent for the old top card is refused (to its sender alone), and the game goes on."""
    seats = [Seat(f"P{i}", "human") for i in range(3)]
    table = Table(make_rules("classic", jump_in=True, match_mode="single"), seats, seed=1, pacing=Pacing.instant())
    table.start(deck=rigged_deck([["R5", "G1"], ["R1", "Y2"], ["R5", "B6"]], "R9", ["B1", "B2"], dealer=2),
                hand_size=2)
    channels = [LocalChannel(table, s) for s in range(3)]
    await channels[0].send({"type": "action", "id": 1, "action": {"kind": "play", "card": "R5"}})
    view = (await watch_until(channels[2], lambda m: m["type"] == "update" and m["view"]["top"] == "R5"))["view"]
    assert {"kind": "jump_in", "card": "R5", "uno": False} in view["legal"]
    await channels[1].send({"type": "action", "id": 1, "action": {"kind": "play", "card": "R1"}})
    await channels[2].send({"type": "action", "id": 1, "action": {"kind": "jump_in", "card": "R5"}})
    error = await watch_until(channels[2], lambda m: m["type"] == "error")
    table.close()
    assert error["reason"] == "Too late: P1 already played."
    assert sorted(table.game.hands[2]) == sorted([CODES.index("R5"), CODES.index("B6")]) and table.game.turn == 2


async def test_a_closed_table_plays_no_more_when_its_last_player_leaves():
    """Leaving marks the seat away and replans the bots: a closed table must plan nothing (its
    bots played on for ever at instant pace, as long as the loop ran)."""
    table = Table(make_rules("classic"), [Seat("Ann", "human"), *bot_seats(4)[1:]], seed=3, pacing=Pacing.instant())
    table.start()
    ann = LocalChannel(table, 0)
    await settle(table)
    table.close()
    moves = table.moves
    ann.close()
    await asyncio.sleep(0.2)
    assert table.moves == moves
