"""First cards per edition, and the Harry Potter special cards."""
from tests.helpers.engine import act, play, rig
from uno_tui.engine import Action, seat_view

DRAW = ["B7", "Y8", "G9", "R0", "B6", "Y5", "B1", "B2", "B3"]
HANDS3 = [["R1", "R2", "G3"], ["G1", "G2", "Y3"], ["Y1", "Y2", "B3"]]


# ---------------------------------------------------------------- the first card
def test_classic_first_card_action_applies():
    g = rig(hands=HANDS3, top="RS", draw=DRAW)
    assert g.turn == 1                                  # seat 0 (left of the dealer) is skipped
    g = rig(hands=HANDS3, top="RR", draw=DRAW)
    assert g.turn == 2 and g.direction == -1            # the dealer starts, play goes right
    g = rig(hands=HANDS3, top="R+2", draw=DRAW)
    assert len(g.hands[0]) == 5 and g.turn == 1
    g = rig(hands=HANDS3, top="W", draw=DRAW)
    assert g.phase == "color" and g.decider == 0
    act(g, 0, "color", color="green")
    assert g.turn == 0 and g.phase == "turn"


def test_classic_first_wild_draw_four_goes_back_and_another_is_turned():
    g = rig(hands=HANDS3, top="W+4", draw=DRAW)
    assert g.discard[-1] != 53 and 53 in g.draw_pile + g.discard[:-1]
    assert sum(map(len, g.hands)) + len(g.draw_pile) + len(g.discard) == 9 + 1 + len(DRAW)


def test_hp2021_first_card_turns_until_a_number_shows():
    g = rig("hp2021", hands=HANDS3, top="RS", draw=["W", "WSH", "B+2", "G7", "Y1"])
    assert [c for c in g.discard] == [10, 52, 54, 51, 33]
    assert g.turn == 0 and g.color == 2


def test_hp2018_first_sorting_hat_only_lets_the_first_player_choose_the_colour():
    g = rig("hp2018", hands=HANDS3, top="WSH", draw=["B7", "Y8", "R3", "G9"])
    assert g.phase == "color" and g.decider == 0
    events = act(g, 0, "color", color="yellow")
    assert [e["type"] for e in events] == ["color"]    # the sheet: the colour is chosen, nobody draws
    assert [len(h) for h in g.hands] == [3, 3, 3] and g.turn == 0 and g.color == 1


def test_a_sorting_hat_played_still_makes_its_target_draw_in_hp2018():
    g = rig("hp2018", hands=[["WSH", "R2", "R3"], HANDS3[1], HANDS3[2]], top="R5", draw=["B7", "Y2", "G9"])
    play(g, 0, "WSH", color="blue")
    assert len(g.hands[1]) == 5 and g.turn == 1


def test_hp2010_first_voldemort_counts_as_a_wild():
    g = rig("hp2010", hands=HANDS3, top="WV", draw=DRAW)
    assert g.phase == "color" and g.decider == 0
    act(g, 0, "color", color="red")
    assert g.turn == 0 and len(g.hands[0]) == 3


def test_hp2000_first_howler_invisibility_and_wild_draw_four_go_back():
    for card in ("WH", "WI", "W+4"):
        g = rig("hp2000", hands=HANDS3, top=card, draw=DRAW)
        assert g.discard[-1] < 52 or g.discard[-1] == 52, card


# ---------------------------------------------------------------- Sorting Hat
def test_sorting_hat_draws_until_a_one_to_four_and_keeps_the_turn():
    g = rig("hp2021", hands=[["WSH", "R2", "R3"], HANDS3[1], HANDS3[2]], top="R5",
            draw=["B7", "W", "G9", "Y4", "R1"])
    play(g, 0, "WSH", color="blue")
    assert len(g.hands[1]) == 3 + 4 and g.turn == 1


def test_sorting_hat_skips_house_rule():
    g = rig("hp2021", hands=[["WSH", "R2", "R3"], HANDS3[1], HANDS3[2]], top="R5",
            draw=["Y4"], sorting_hat_skips=True)
    play(g, 0, "WSH", color="blue")
    assert len(g.hands[1]) == 4 and g.turn == 2


def test_sorting_hat_stops_when_the_piles_run_out():
    g = rig("hp2021", hands=[["WSH", "R2", "R3"], HANDS3[1], HANDS3[2]], top="R5", draw=["B7", "G9"])
    play(g, 0, "WSH", color="blue")
    # B7, G9, then the discard pile's R5 is reshuffled and drawn; nothing is left
    assert len(g.hands[1]) == 6 and not g.draw_pile and g.turn == 1


# ---------------------------------------------------------------- Howler
def test_howler_shows_the_next_hand_to_everyone_else_and_skips_it():
    g = rig("hp2000", hands=[["WH", "R2", "R3"], HANDS3[1], HANDS3[2]], top="R5", draw=DRAW)
    play(g, 0, "WH", color="green")
    assert g.decider == 1 and {a.kind for a in g.legal_actions(1)} == {"accept"}
    act(g, 1, "accept")
    assert g.turn == 2
    assert seat_view(g, 2)["shown"] == [{"seat": 1, "cards": ["G1", "G2", "Y3"]}]
    assert seat_view(g, 0)["shown"][0]["seat"] == 1
    assert seat_view(g, 1)["shown"] == []


# ---------------------------------------------------------------- Invisibility
def shield_game(attack, extra=()):
    return rig("hp2000", hands=[[attack, "R2", "R3"], ["WI", "G2", "Y3"], ["Y1", "Y2", "B3"]], top="R5",
               draw=DRAW, **dict(extra))


def test_invisibility_in_turn_is_a_plain_wild():
    g = rig("hp2000", hands=[["WI", "G1", "G2"], HANDS3[1], HANDS3[2]], top="R5", draw=DRAW)
    play(g, 0, "WI", color="blue")
    assert g.turn == 1 and g.color == 3


def test_invisibility_shields_from_every_card_that_would_hit_you():
    for attack in ("RS", "R+2", "W+4", "WH"):
        g = shield_game(attack)
        play(g, 0, attack, color="red" if attack.startswith("W") else None)
        assert Action("shield", color="blue") in g.legal_actions(1), attack
        act(g, 1, "shield", color="yellow")
        assert len(g.hands[1]) == 2 and g.turn == 2 and g.color == 1, attack
        assert g.shown == [] and g.discard[-1] == 57


def test_invisibility_shields_from_the_sorting_hat():
    from uno_tui.engine.rules import HP2000_DECK
    g = rig("hp2000", hands=[["WSH", "R2", "R3"], ["WI", "G2", "Y3"], HANDS3[2]], top="R5", draw=DRAW,
            deck={**HP2000_DECK, "WSH": 2})
    play(g, 0, "WSH", color="red")
    act(g, 1, "shield", color="green")
    assert len(g.hands[1]) == 2 and g.turn == 2


def test_without_invisibility_in_the_edition_nobody_is_asked_to_shield():
    g = rig("hp2021", hands=[["WSH", "R2", "R3"], ["G1", "G2", "Y3"], HANDS3[2]], top="R5", draw=DRAW)
    play(g, 0, "WSH", color="red")
    assert g.phase == "turn" and g.turn == 1


# ---------------------------------------------------------------- Voldemort
def test_voldemort_discards_every_2_6_9_in_the_chosen_order_the_last_sets_colour_and_number():
    g = rig("hp2010", hands=[["WV", "R2", "G6", "B9", "Y7"], ["G1"] * 5, ["Y1"] * 5], top="R5", draw=DRAW)
    play(g, 0, "WV")
    assert g.phase == "discard"
    assert {a.card for a in g.legal_actions(0)} == {"R2", "G6", "B9"}
    act(g, 0, "discard", card="B9")
    act(g, 0, "discard", card="R2")
    act(g, 0, "discard", card="G6")
    assert g.color == 2 and g.discard[-1] == 2 * 13 + 6 and g.hands[0] == [1 * 13 + 7]
    assert g.turn == 1 and g.window == 0     # one card left and UNO not said: catchable


def test_voldemort_with_no_harry_potter_cards_is_a_wild():
    g = rig("hp2010", hands=[["WV", "R1", "Y7"], HANDS3[1], HANDS3[2]], top="R5", draw=DRAW)
    assert Action("play", "WV") not in g.legal_actions(0)
    play(g, 0, "WV", color="blue")
    assert g.color == 3 and g.turn == 1


def test_voldemort_can_go_out_and_uno_can_be_said_with_it():
    g = rig("hp2010", hands=[["WV", "R2", "G6"], HANDS3[1], HANDS3[2]], top="R5", draw=DRAW)
    play(g, 0, "WV")
    act(g, 0, "discard", card="R2")
    act(g, 0, "discard", card="G6")
    assert g.over and g.winner == 0
    g = rig("hp2010", hands=[["WV", "R2", "Y7"], HANDS3[1], HANDS3[2]], top="R5", draw=DRAW)
    assert Action("play", "WV", uno=True) in g.legal_actions(0)
    play(g, 0, "WV", uno=True)
    act(g, 0, "discard", card="R2")
    assert g.uno_said[0] and g.window == 0
