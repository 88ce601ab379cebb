"""The game log in plain sentences: card names, one line per event (what happens together told
together), "you" wherever the viewer is in the sentence; the same words live and after a snapshot."""
import pytest

from tests.helpers.table import watch_until
from uno_tui.engine import card_name, make_rules, rigged_deck
from uno_tui.protocol.describe import narrate
from uno_tui.table import LocalChannel, Pacing, Seat, Table

NAMES = ["Ann", "Ben", "Cleo"]          # the viewer is Ann (seat 0)


def play(seat, card, color=None, uno=False):
    return {"type": "play", "seat": seat, "card": card, "color": color, "uno": uno}


def draw(seat, count, reason, cards=None):
    return {"type": "draw", "seat": seat, "count": count, "reason": reason, **({"cards": cards} if cards else {})}


CASES = [
    ([{"type": "deal", "seat": 2, "count": 7}, {"type": "first_card", "card": "YR"}],
     ["Cleo deals 7 cards each.", "The first card is Yellow Reverse."]),
    ([{"type": "returned", "card": "W+4"}], ["The Wild Draw Four goes back into the deck."]),
    ([play(2, "YR"), {"type": "reverse", "seat": 2, "direction": -1}],
     ["Cleo plays Yellow Reverse and turns play counter-clockwise."]),
    ([play(1, "R1", uno=True), {"type": "say_uno", "seat": 1}], ["Ben plays Red 1 and says UNO."]),
    ([play(0, "W", "green", uno=True), {"type": "say_uno", "seat": 0}], ["You play Wild, name green and say UNO."]),
    ([play(1, "G+2"), draw(2, 2, "penalty")], ["Ben plays Green Draw Two.", "Cleo draws 2 and loses the turn."]),
    ([play(1, "G+2"), draw(0, 2, "penalty", ["R1", "B2"])],
     ["Ben plays Green Draw Two.", "You draw 2 (Red 1, Blue 2) and lose the turn."]),
    ([play(1, "G+2"), draw(2, 2, "penalty"), {"type": "hand_over", "seat": 1, "points": 31, "blocked": False}],
     ["Ben plays Green Draw Two.", "Cleo draws 2.", "Ben wins the hand and scores 31 points."]),
    ([play(1, "BS"), {"type": "skip", "seat": 0}], ["Ben plays Blue Skip.", "You lose the turn."]),
    ([{"type": "accept", "seat": 2}, draw(2, 4, "penalty")], ["Cleo accepts, draws 4 and loses the turn."]),
    ([play(0, "WH", "red"), {"type": "reveal", "seat": 1, "cards": ["R1", "G2"]}, {"type": "skip", "seat": 1}],
     ["You play Wild Howler and name red.", "Ben loses the turn and shows their hand: Red 1, Green 2."]),
    ([play(1, "WSH", "blue"), draw(0, 1, "sorting_hat", ["R9"]), draw(0, 1, "sorting_hat", ["G3"])],
     ["Ben plays Wild Sorting Hat and names blue.", "You draw 2 (Red 9, Green 3) for the Sorting Hat."]),
    ([{"type": "catch", "seat": 1, "target": 0, "caught": True}, draw(0, 2, "uno", ["R1", "B2"])],
     ["Ben catches you without UNO; you draw 2 (Red 1, Blue 2)."]),
    ([{"type": "catch", "seat": 0, "target": 2, "caught": False}, draw(0, 2, "false_catch", ["R1", "B2"])],
     ["You try to catch Cleo, who had said UNO; you draw 2 (Red 1, Blue 2)."]),
    ([{"type": "challenge", "seat": 1, "target": 2, "guilty": True}, draw(2, 4, "challenge")],
     ["Ben challenges Cleo: guilty; Cleo draws 4."]),
    ([{"type": "challenge", "seat": 0, "target": 1, "guilty": False, "hand": ["Y2"]}, draw(0, 6, "challenge")],
     ["You challenge Ben: innocent (Ben's hand: Yellow 2); you draw 6 and lose the turn."]),
    ([{"type": "shield", "seat": 2, "card": "WI", "color": "blue", "uno": False}],
     ["Cleo shields with Invisibility and names blue."]),
    ([{"type": "jump_in", "seat": 2, "card": "R5"}, play(2, "R5")], ["Cleo jumps in with Red 5."]),
    ([play(1, "R7"), {"type": "swap", "seat": 1, "target": 0}], ["Ben plays Red 7.", "Ben swaps hands with you."]),
    ([{"type": "pass_hands", "seat": 1, "direction": 1}], ["Every hand passes one seat to the left."]),
    ([draw(1, 1, "draw"), {"type": "keep", "seat": 1}], ["Ben draws a card.", "Ben keeps the card."]),
    ([{"type": "pass", "seat": 0}], ["You pass: nothing to play or draw."]),
    ([{"type": "color", "seat": 1, "color": "red"}], ["Ben names red for the first card."]),
    ([{"type": "say_uno", "seat": 0}], ["You say UNO!"]),
    ([{"type": "reshuffle", "count": 40}], ["The discard pile is shuffled into a new draw pile (40 cards)."]),
    ([{"type": "hand_over", "seat": 0, "points": 12, "blocked": True}],
     ["The hand is blocked: you win the hand and score 12 points."]),
    ([{"type": "deal", "seat": 0, "count": 1}], ["You deal 1 card each."]),
    ([{"type": "dealer_draw", "cards": ["R9", "B2", "W"]}],
     ["Cards drawn for the deal: Red 9 for you, Blue 2 for Ben, Wild for Cleo; the highest deals."]),
    ([{"type": "match_over", "winners": [0]}], ["You win the match!"]),
    ([{"type": "match_over", "winners": [2]}], ["Cleo wins the match!"]),
    ([{"type": "match_over", "winners": [0, 1]}], ["You and Ben win the match!"]),
]


@pytest.mark.parametrize("events,lines", CASES, ids=[c[0][0]["type"] + str(i) for i, c in enumerate(CASES)])
def test_each_event_in_plain_words(events, lines):
    assert [line["text"] for line in narrate(events, 0, NAMES)] == lines


async def test_a_voldemort_is_two_lines_live_and_after_a_snapshot():
    hands = [["WV", "R2", "B6", "G9", "Y1"], ["Y3", "Y4", "G1", "B1", "Y7"]]
    table = Table(make_rules("hp2010", match_mode="first_to"), [Seat("Ann", "human"), Seat("Ben", "human")],
                  seed=1, pacing=Pacing.instant(), dealer=1)
    table.start(deck=rigged_deck(hands, "R5", ["B3"] * 10, dealer=1), hand_size=5)
    ann = LocalChannel(table, 0)
    await watch_until(ann, lambda m: m["type"] == "snapshot")
    ids = iter(range(1, 100))
    await ann.send({"type": "action", "id": next(ids), "action": {"kind": "play", "card": "WV", "uno": True}})
    for card in ("G9", "R2", "B6"):                   # in the order Ann chooses; Green 9 ... Blue 6 last
        await watch_until(ann, lambda m: m["type"] == "update" and m["ack"] is not None)
        await ann.send({"type": "action", "id": next(ids), "action": {"kind": "discard", "card": card}})
    await watch_until(ann, lambda m: m["type"] == "update" and m["view"]["phase"] == "turn")
    told = [line.text for line in ann.model.log]
    assert told[-2:] == ["You play Wild Voldemort.", "You discard Green 9, Red 2, Blue 6 for Voldemort and say UNO."]
    await ann.send({"type": "snapshot", "id": next(ids)})
    snapshot = await watch_until(ann, lambda m: m["type"] == "snapshot")
    assert [line["text"] for line in snapshot["log"]][-2:] == told[-2:]


async def test_the_draw_for_the_deal_is_told_live_and_in_a_snapshot_with_you_for_your_card():
    table = Table(make_rules("classic"), [Seat("You", "human"), Seat("Ben", "bot", "normal")], seed=3,
                  pacing=Pacing.instant())
    live = []
    table.connect(None, live.append)
    table.start()
    you, ben = table.match.dealer_draw[0]
    told = f"Cards drawn for the deal: {card_name(you)} for You, {card_name(ben)} for Ben; the highest deals."
    assert live[0]["log"][0]["text"] == told                 # a watcher, as the first change is sent
    snapshot = await watch_until(LocalChannel(table, 0), lambda m: m["type"] == "snapshot")
    assert snapshot["log"][0]["text"] == told.replace(" for You,", " for you,")    # the player named You


async def test_a_chat_line_between_voldemorts_discards_loses_none_of_them():
    hands = [["WV", "R2", "B6", "G9", "Y1"], ["Y3", "Y4", "G1", "B1", "Y7"]]
    table = Table(make_rules("hp2010", match_mode="first_to"), [Seat("Ann", "human"), Seat("Ben", "human")],
                  seed=1, pacing=Pacing.instant(), dealer=1)
    table.start(deck=rigged_deck(hands, "R5", ["B3"] * 10, dealer=1), hand_size=5)
    ann, ben = LocalChannel(table, 0), LocalChannel(table, 1)
    await watch_until(ann, lambda m: m["type"] == "snapshot")
    ids = iter(range(1, 100))
    await ann.send({"type": "action", "id": next(ids), "action": {"kind": "play", "card": "WV", "uno": True}})
    for card in ("G9", "R2", "B6"):
        await watch_until(ann, lambda m: m["type"] == "update" and m["ack"] is not None)
        if card == "B6":                                 # Ben says something between two discards
            await ben.send({"type": "chat", "id": 50, "text": "hurry up"})
            await watch_until(ann, lambda m: m["type"] == "chat")
        await ann.send({"type": "action", "id": next(ids), "action": {"kind": "discard", "card": card}})
    await watch_until(ann, lambda m: m["type"] == "update" and m["view"]["phase"] == "turn")
    told = [line.text for line in ann.model.log]
    assert "You discard Green 9, Red 2, Blue 6 for Voldemort and say UNO." in told, told
    await ann.send({"type": "snapshot", "id": next(ids)})
    snapshot = await watch_until(ann, lambda m: m["type"] == "snapshot")
    discarded = " ".join(line["text"] for line in snapshot["log"] if line["text"].startswith("You discard"))
    assert all(card in discarded for card in ("Green 9", "Red 2", "Blue 6")), snapshot["log"]   # told as said
