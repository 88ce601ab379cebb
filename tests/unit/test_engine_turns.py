"""Rules 2-5: matching, drawing, empty piles, Skip, Reverse, Draw Two."""
import pytest

from tests.helpers.engine import act, play, rig, snapshot
from uno_tui.engine import Action, IllegalAction


def test_a_card_matches_by_colour_number_or_symbol_and_wilds_always():
    g = rig(hands=[["R1", "G5", "BS", "Y7", "W"], ["G1"] * 5], top="R5")
    legal = {a.card for a in g.legal_actions(0) if a.kind == "play"}
    assert legal == {"R1", "G5", "W"}
    g = rig(hands=[["GS", "Y7", "B1"], ["G1"] * 3, ["G2"] * 3], top="BS", dealer=1)  # seat 2 is skipped
    assert {a.card for a in g.legal_actions(0) if a.kind == "play"} == {"GS", "B1"}


def test_an_illegal_card_is_refused_with_a_reason_and_changes_nothing():
    g = rig(hands=[["G1", "B2"], ["Y1", "Y2"]], top="R5", draw=["Y3"])
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="does not match"):
        play(g, 0, "G1")
    with pytest.raises(IllegalAction, match="do not hold"):
        play(g, 0, "R7")
    with pytest.raises(IllegalAction, match="not your decision"):
        act(g, 1, "draw")
    assert snapshot(g) == before


def test_after_a_wild_the_chosen_colour_is_active():
    g = rig(hands=[["W", "R2", "R3"], ["G1", "G2", "Y3"]], top="R5")
    play(g, 0, "W", color="green")
    assert g.color == 2 and g.turn == 1
    assert {a.card for a in g.legal_actions(1) if a.kind == "play"} == {"G1", "G2"}


def test_a_drawn_playable_card_may_be_played_or_kept_and_nothing_else():
    g = rig(hands=[["G1", "R2"], ["Y1", "Y2"]], top="R5", draw=["R9", "Y3"])
    act(g, 0, "draw")
    assert g.phase == "drawn"
    kinds = {a.kind for a in g.legal_actions(0)}
    assert kinds == {"play_drawn", "keep"}
    with pytest.raises(IllegalAction):
        play(g, 0, "R2")          # a card held before the draw may not be played now
    act(g, 0, "play_drawn")
    assert g.discard[-1] == 9 and g.turn == 1


def test_keeping_the_drawn_card_ends_the_turn():
    g = rig(hands=[["G1", "R2"], ["Y1", "Y2"]], top="R5", draw=["R9"])
    act(g, 0, "draw")
    act(g, 0, "keep")
    assert g.turn == 1 and len(g.hands[0]) == 3


def test_an_unplayable_drawn_card_ends_the_turn_at_once():
    g = rig(hands=[["G1", "B2"], ["Y1", "Y2"]], top="R5", draw=["Y9"])
    act(g, 0, "draw")
    assert g.turn == 1 and g.phase == "turn"


def test_a_player_may_decline_a_legal_card_and_draw():
    g = rig(hands=[["R1", "R2"], ["Y1", "Y2"]], top="R5", draw=["G9"])
    assert Action("draw") in g.legal_actions(0)
    act(g, 0, "draw")
    assert g.turn == 1


def test_draw_to_match_keeps_drawing():
    g = rig(hands=[["G1", "B2"], ["Y1", "Y2"]], top="R5", draw=["Y9", "B8", "R7", "G3"],
            draw_to_match=True)
    act(g, 0, "draw")
    assert g.phase == "drawn" and len(g.hands[0]) == 5 and g.drawn == 7


def test_an_empty_draw_pile_is_refilled_from_the_discard_pile_but_its_top():
    g = rig(hands=[["R1", "R2"], ["R3", "G4"]], top="R5", draw=[])
    play(g, 0, "R1")
    play(g, 1, "R3")
    assert not g.draw_pile
    act(g, 0, "draw")     # R5 and R1 were under the top card: one is drawn, one is left
    assert g.discard == [3] and len(g.draw_pile) + len(g.hands[0]) == 3


def test_with_both_piles_spent_a_player_who_can_play_must_and_one_who_cannot_passes():
    g = rig(hands=[["R1", "B2"], ["G3", "G4"]], top="R5", draw=[])
    assert {a.kind for a in g.legal_actions(0)} == {"play"}
    g = rig(hands=[["G3", "G4"], ["R1", "B2"]], top="R5", draw=[])
    assert g.legal_actions(0) == [Action("pass")]
    act(g, 0, "pass")
    assert g.turn == 1 and g.passes == 1


def test_a_blocked_hand_goes_to_the_fewest_points_in_hand():
    g = rig(hands=[["G9", "B9"], ["G1", "B2"], ["G3", "B1"]], top="R5", draw=[])
    for seat in (0, 1, 2):
        act(g, seat, "pass")
    assert g.over and g.blocked
    assert g.winner == 1          # 3 points against 4 and 18
    assert g.points() == 18 + 4


def test_a_blocked_tie_goes_to_the_tied_player_who_would_play_next():
    g = rig(hands=[["G1", "B2"], ["G9", "B9"], ["G2", "B1"]], top="R5", draw=[])
    for seat in (0, 1, 2):
        act(g, seat, "pass")
    assert g.winner == 0          # seats 0 and 2 tie on 3; seat 0 would play next


def test_skip_makes_the_next_player_lose_their_turn():
    g = rig(hands=[["RS", "R1"], ["G1", "G2"], ["Y1", "Y2"]], top="R5")
    play(g, 0, "RS")
    assert g.turn == 2


def test_reverse_flips_direction():
    g = rig(hands=[["RR", "R1"], ["G1", "G2"], ["Y1", "Y2"]], top="R5")
    play(g, 0, "RR")
    assert g.direction == -1 and g.turn == 2


def test_reverse_with_two_players_acts_as_a_skip():
    g = rig(hands=[["RR", "R1"], ["G1", "G2"]], top="R5")
    play(g, 0, "RR")
    assert g.turn == 0


def test_draw_two_makes_the_next_draw_two_and_lose_their_turn_with_no_stacking():
    g = rig(hands=[["R+2", "R1"], ["G+2", "G2"], ["Y1", "Y2"]], top="R5", draw=["B1", "B2", "B3"])
    play(g, 0, "R+2")
    assert len(g.hands[1]) == 4 and g.turn == 2       # no chance to answer with G+2


def test_skip_cannot_be_answered_with_a_skip():
    g = rig(hands=[["RS", "R1", "R2"], ["GS", "G2", "G3"], ["Y1", "Y2", "Y3"]], top="R5")
    play(g, 0, "RS")
    assert g.turn == 2 and g.legal_actions(1) == []


def test_stack_draw_two_passes_the_sum_on():
    g = rig(hands=[["R+2", "R1"], ["G+2", "G2"], ["Y1", "Y2"]], top="R5", draw=["B1"] * 6,
            stack_draw_two=True)
    play(g, 0, "R+2")
    assert g.phase == "respond" and g.decider == 1
    play(g, 1, "G+2")
    assert g.decider == 2 and g.pending_draw == 4
    act(g, 2, "accept")
    assert len(g.hands[2]) == 6 and g.turn == 0


def test_a_seat_that_is_not_at_the_table_can_do_nothing_even_right_after_a_move():
    g = rig(hands=[["R1", "R2", "R3"], ["G1", "G2", "G3"]], top="R5")
    play(g, 0, "R1")
    assert g.legal_actions(-1) == [] and g.legal_actions(2) == []
    before = snapshot(g)
    with pytest.raises(IllegalAction):
        g.apply(-1, Action("play", "G1"))
    assert snapshot(g) == before
