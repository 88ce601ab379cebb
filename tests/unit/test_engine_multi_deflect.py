"""multi_play and deflect, each against its definition in ../docs/rules.md, and with stacking,
jump-in, seven_zero and the Harry Potter editions."""
import pytest

from tests.helpers.engine import act, play, rig, snapshot
from uno_tui.engine import Action, IllegalAction, seat_view
from uno_tui.engine.cards import CARD_OF

DRAW = ["B1", "B2", "B3", "B4", "Y5", "Y6", "Y7", "Y8"]


def kinds(events):
    return [e["type"] for e in events]


# ---------------------------------------------------------------- multi_play
def test_a_number_is_followed_by_the_other_cards_of_that_number_in_any_colour_and_the_last_sets_the_colour():
    g = rig(hands=[["R7", "B7", "G7", "Y2"], ["Y1", "Y3", "Y4", "Y6"], ["G1", "G2", "G3", "G4"]], top="R3",
            draw=DRAW, multi_play=True)
    play(g, 0, "R7")
    assert g.phase == "more" and g.decider == 0
    assert set(g.legal_actions(0)) == {Action("play", "B7"), Action("play", "G7"), Action("stop")}
    assert g.legal_actions(0)[-1] == Action("stop")      # the declining option last, as ever
    play(g, 0, "G7")
    events = play(g, 0, "B7")          # no 7 left: the multi-play ends on its own
    assert {"type": "multi_play", "seat": 0, "cards": ["R7", "G7", "B7"]} in events
    assert g.phase == "turn" and g.turn == 1 and g.top == CARD_OF["B7"] and g.color == 3   # blue
    assert [CARD_OF[c] for c in ("R7", "G7", "B7")] == g.discard[-3:]


def test_a_multi_play_may_stop_early_and_only_numbers_of_the_same_number_follow():
    g = rig(hands=[["R7", "B7", "G7", "RS"], ["Y1", "Y3", "Y4", "Y6"], ["G1", "G2", "G3", "G4"]], top="R3",
            draw=DRAW, multi_play=True)
    play(g, 0, "R7")
    with pytest.raises(IllegalAction, match="play more of your number, or stop"):
        play(g, 0, "RS")
    events = act(g, 0, "stop")
    assert events == [{"type": "multi_play", "seat": 0, "cards": ["R7"]}]
    assert g.turn == 1 and g.color == 0 and sorted(g.hands[0]) == sorted(CARD_OF[c] for c in ("B7", "G7", "RS"))


def test_action_cards_are_never_multi_played():
    g = rig(hands=[["RS", "BS", "G1"], ["Y1", "Y3", "Y4"], ["G5", "G2", "G3"]], top="R3", draw=DRAW,
            multi_play=True)
    play(g, 0, "RS")
    assert g.phase == "turn" and g.turn == 2


def test_a_multi_play_ending_in_a_draw_two_colour_lets_the_next_player_draw_two_on_it_and_stack():
    g = rig(hands=[["R5", "Y5", "G1"], ["Y+2", "B8", "B9"], ["G+2", "G2", "G3"]], top="R9", draw=DRAW,
            multi_play=True, stack_draw_two=True)
    play(g, 0, "R5")
    play(g, 0, "Y5")
    assert g.color == 1 and g.turn == 1            # yellow, from the last 5
    play(g, 1, "Y+2")
    assert g.phase == "respond" and g.decider == 2
    play(g, 2, "G+2")                               # stacked: the next player answers 4
    assert g.pending_draw == 4 and g.decider == 0


def test_going_out_on_a_multi_play_tells_the_whole_play_before_the_hand_is_over():
    g = rig(hands=[["R5", "B5"], ["Y1", "Y3"], ["G1", "G2"]], top="R9", draw=DRAW, multi_play=True)
    assert Action("play", "R5", uno=True) in g.legal_actions(0)
    play(g, 0, "R5", uno=True)
    assert g.phase == "more" and g.uno_said[0]
    events = play(g, 0, "B5")
    assert kinds(events)[-2:] == ["multi_play", "hand_over"] and g.winner == 0


def test_a_jump_in_plays_its_card_alone():
    g = rig(hands=[["R5", "G1", "G2"], ["Y1", "Y3", "Y4"], ["R5", "B5", "G6"]], top="R9", draw=DRAW,
            multi_play=True, jump_in=True)
    play(g, 0, "R5")
    act(g, 2, "jump_in", card="R5")
    assert g.phase == "turn" and g.turn == 0       # play went on from seat 2; its B5 stays in hand
    assert CARD_OF["B5"] in g.hands[2]


def test_a_drawn_card_is_played_alone():
    g = rig(hands=[["B5", "G1", "G2"], ["Y1", "Y3", "Y4"], ["G5", "G7", "G6"]], top="R9", draw=["R5"],
            multi_play=True)
    act(g, 0, "draw")
    act(g, 0, "play_drawn")
    assert g.phase == "turn" and g.turn == 1 and CARD_OF["B5"] in g.hands[0]


def test_under_seven_zero_the_last_seven_of_a_multi_play_swaps_once():
    g = rig(hands=[["R7", "B7", "G1"], ["Y1", "Y3", "Y4"], ["G5", "G2", "G3"]], top="R9", draw=DRAW,
            multi_play=True, seven_zero=True)
    play(g, 0, "R7")
    play(g, 0, "B7")
    assert g.phase == "swap" and g.decider == 0
    act(g, 0, "swap", target=2)
    assert sorted(g.hands[0]) == sorted(CARD_OF[c] for c in ("G5", "G2", "G3")) and g.turn == 1


def test_a_refused_card_in_a_multi_play_changes_nothing():
    g = rig(hands=[["R7", "B7", "G2"], ["Y1", "Y3", "Y4"], ["G5", "G6", "G3"]], top="R9", draw=DRAW,
            multi_play=True)
    play(g, 0, "R7")
    before = snapshot(g)
    with pytest.raises(IllegalAction):
        play(g, 0, "G2")
    assert snapshot(g) == before


# ---------------------------------------------------------------- deflect
def test_a_skip_of_the_draw_twos_colour_passes_the_draw_on_to_the_next_player():
    g = rig(hands=[["R+2", "G1", "G2"], ["RS", "BS", "Y4"], ["G5", "G6", "G3"], ["B5", "B6", "B3"]], top="R9",
            draw=DRAW, deflect=True)
    play(g, 0, "R+2")
    assert g.phase == "respond" and g.decider == 1
    assert Action("play", "RS") in g.legal_actions(1) and Action("play", "BS") not in g.legal_actions(1)
    events = play(g, 1, "RS")
    assert {"type": "deflect", "seat": 1, "card": "RS", "target": 2, "draw": 2} in events
    assert g.phase == "respond" and g.decider == 2 and g.attack == (CARD_OF["R+2"], 1, 2)
    act(g, 2, "accept")
    assert len(g.hands[2]) == 5 and g.turn == 3


def test_a_deflected_stacked_draw_two_keeps_what_was_stacked_and_goes_by_the_last_draw_twos_colour():
    g = rig(hands=[["R+2", "G1", "G2"], ["B+2", "Y3", "Y4"], ["BS", "RS", "G3"], ["B5", "B6", "B3"]], top="R9",
            draw=DRAW, deflect=True, stack_draw_two=True)
    play(g, 0, "R+2")
    play(g, 1, "B+2")
    assert g.pending_draw == 4 and g.decider == 2
    assert Action("play", "RS") not in g.legal_actions(2)       # the blue Draw Two is on top: blue only
    play(g, 2, "BS")
    assert g.decider == 3 and g.pending_draw == 4
    act(g, 3, "accept")
    assert len(g.hands[3]) == 7 and g.turn == 0


def test_a_reverse_deflect_heads_up_sends_the_draw_back_to_its_player():
    g = rig(hands=[["G+2", "R1", "R2"], ["GR", "Y3", "Y4"]], top="G9", draw=DRAW, deflect=True)
    play(g, 0, "G+2")
    events = play(g, 1, "GR")
    assert {"type": "deflect", "seat": 1, "card": "GR", "target": 0, "draw": 2} in events
    assert g.decider == 0 and g.direction == -1
    act(g, 0, "accept")
    assert len(g.hands[0]) == 4 and g.turn == 1


def test_a_reverse_deflect_at_four_reverses_play():
    g = rig(hands=[["R+2", "G1", "G2"], ["RR", "Y3", "Y4"], ["G5", "G6", "G3"], ["B5", "B6", "B3"]], top="R9",
            draw=DRAW, deflect=True)
    play(g, 0, "R+2")
    play(g, 1, "RR")
    assert g.decider == 0 and g.direction == -1
    act(g, 0, "accept")
    assert len(g.hands[0]) == 4 and g.turn == 3        # on to the right of seat 0


def test_a_reverse_after_a_skip_deflect_sends_the_draw_back_to_whoever_sent_it():
    g = rig(hands=[["R+2", "G1", "G2"], ["RS", "Y3", "Y4"], ["RR", "G6", "G3"], ["B5", "B6", "B3"]], top="R9",
            draw=DRAW, deflect=True)
    play(g, 0, "R+2")
    play(g, 1, "RS")
    play(g, 2, "RR")
    assert g.decider == 1 and g.direction == -1


def test_nothing_deflects_a_wild_draw_four():
    g = rig(hands=[["W+4", "G1", "G2"], ["RS", "RR", "Y4"], ["G5", "G6", "G3"]], top="G9", draw=DRAW,
            deflect=True, strict_wild_draw_four=False)
    game_play = g.apply(0, Action("play", "W+4", "red"))
    assert game_play and {a.kind for a in g.legal_actions(1)} == {"accept", "challenge"}


def test_going_out_on_a_deflect_makes_its_new_target_draw_for_scoring():
    g = rig(hands=[["Y+2", "G1"], ["Y3", "YS"], ["Y5", "G6"]], top="Y9", draw=DRAW, dealer=0, deflect=True)
    play(g, 1, "Y3", uno=True)
    play(g, 2, "Y5")
    play(g, 0, "Y+2")
    events = play(g, 1, "YS")
    assert g.over and g.winner == 1 and len(g.hands[2]) == 3 and kinds(events)[-1] == "hand_over"


def test_a_deflected_draw_can_be_shielded_by_an_invisibility():
    g = rig("hp2000", hands=[["R+2", "G1", "G2"], ["RS", "Y3", "Y4"], ["WI", "G6", "G3"]], top="R9",
            draw=DRAW, deflect=True)
    play(g, 0, "R+2")
    play(g, 1, "RS")
    assert any(a.kind == "shield" for a in g.legal_actions(2))
    g.apply(2, Action("shield", color="green"))
    assert g.turn == 0 and len(g.hands[2]) == 2


def test_a_draw_two_waits_for_its_answer_whatever_the_target_holds():
    """So that nobody learns from the pause whether the target holds a Skip or Reverse."""
    g = rig(hands=[["R+2", "G1", "G2"], ["Y1", "Y3", "Y4"], ["G5", "G6", "G3"]], top="R9", draw=DRAW,
            deflect=True)
    play(g, 0, "R+2")
    assert g.phase == "respond" and g.legal_actions(1) == [Action("accept")]
    assert seat_view(g, 2)["attack"]["draw"] == 2
