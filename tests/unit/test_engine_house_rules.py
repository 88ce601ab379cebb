"""The house rules beyond the rule sheets, each tried against its definition in docs/rules.md."""
import pytest

from tests.helpers.engine import DRAW, act, cards, codes, play, rig, snapshot
from uno_tui.engine import Action, IllegalAction, make_rules, seat_view
from uno_tui.engine.cards import CARD_OF
from uno_tui.storage.settings import GameSettings


# ---------------------------------------------------------------- stack_mixed
def test_a_wild_draw_four_stacks_on_a_draw_two_and_the_draws_add_up():
    """'a Wild Draw Four may be stacked on a Draw Two'"""
    g = rig(hands=[["R+2", "G1"], ["W+4", "Y2"], ["B4", "B5"]], draw=DRAW * 2, stack_mixed=True)
    play(g, 0, "R+2")
    assert g.phase == "respond" and g.decider == 1
    assert Action("play", "W+4", "blue") in g.legal_actions(1)
    play(g, 1, "W+4", color="blue")
    assert g.attack[0] == CARD_OF["W+4"] and g.pending_draw == 6 and g.decider == 2
    act(g, 2, "accept")
    assert len(g.hands[2]) == 2 + 6 and g.turn == 0


def test_the_last_of_a_mixed_stack_may_still_be_challenged():
    g = rig(hands=[["R+2", "G1"], ["W+4", "R2"], ["B4", "B5"]], draw=DRAW * 2, stack_mixed=True)
    play(g, 0, "R+2")
    play(g, 1, "W+4", color="blue")                 # seat 1 held a red card: guilty
    act(g, 2, "challenge")
    assert len(g.hands[1]) == 1 + 6 and g.turn == 2


def test_a_draw_two_never_stacks_on_a_wild_draw_four():
    g = rig(hands=[["W+4", "G1", "G2"], ["B+2", "Y2", "Y3"], ["B4", "B5", "B6"]], draw=DRAW * 2, stack_mixed=True,
            stack_draw_two=True)
    play(g, 0, "W+4", color="blue")
    assert [a.kind for a in g.legal_actions(1)] == ["accept", "challenge"]


def test_without_stack_mixed_a_draw_two_waits_for_nobody():
    g = rig(hands=[["R+2", "G1"], ["W+4", "Y2"], ["B4", "B5"]], draw=DRAW)
    play(g, 0, "R+2")
    assert len(g.hands[1]) == 4 and g.turn == 2


# ---------------------------------------------------------------- draw_to_match, force_play
def test_draw_to_match_is_the_old_draw_until_playable_and_old_set_ups_still_load():
    assert make_rules("classic", draw_until_playable=True).draw_to_match is True
    settings = GameSettings(house={"draw_until_playable": True})
    assert settings.house == {"draw_to_match": True} and settings.rules().draw_to_match


def test_force_play_a_playable_drawn_card_must_be_played():
    """'a playable drawn card must be played'"""
    g = rig(hands=[["G1", "B2"], ["Y1", "Y2"]], top="R5", draw=["R8"], force_play=True)
    act(g, 0, "draw")
    assert g.phase == "drawn" and g.legal_actions(0) == [Action("play_drawn")]
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="must be played"):
        act(g, 0, "keep")
    assert snapshot(g) == before
    act(g, 0, "play_drawn")
    assert g.top == CARD_OF["R8"] and g.turn == 1


def test_force_play_an_unplayable_drawn_card_ends_the_turn():
    g = rig(hands=[["G1", "B2"], ["Y1", "Y2"]], top="R5", draw=["Y8"], force_play=True)
    act(g, 0, "draw")
    assert g.phase == "turn" and g.turn == 1


def test_force_play_with_draw_to_match_plays_the_card_drawn_at_last():
    g = rig(hands=[["G1", "B2"], ["Y1", "Y2"]], top="R5", draw=["Y9", "B8", "R7"], force_play=True,
            draw_to_match=True)
    act(g, 0, "draw")
    assert g.legal_actions(0) == [Action("play_drawn")]


# ---------------------------------------------------------------- no_action_finish
def test_no_going_out_on_an_action_or_wild_card():
    """'you may not go out on an action or wild card; a hand whose last card is one must draw'"""
    for last in ("RS", "R+2", "RR", "W", "W+4"):
        g = rig(hands=[[last], ["Y1"]], top="R5", draw=DRAW, no_action_finish=True)
        assert [a.kind for a in g.legal_actions(0)] == ["say_uno", "draw"], last
        with pytest.raises(IllegalAction, match="may not go out on an action"):
            play(g, 0, last, color="red" if last[0] == "W" else None)


def test_a_number_may_still_be_the_last_card():
    g = rig(hands=[["R3"], ["Y1"]], top="R5", draw=DRAW, no_action_finish=True)
    play(g, 0, "R3")
    assert g.over and g.winner == 0


def test_an_action_card_that_is_not_the_last_may_be_played():
    g = rig(hands=[["RS", "G1"], ["Y1", "Y2"]], top="R5", draw=DRAW, no_action_finish=True)
    assert Action("play", "RS") in g.legal_actions(0)


def test_with_nothing_to_draw_a_last_action_card_passes():
    g = rig(hands=[["RS"], ["Y1"]], top="R5", draw=[], no_action_finish=True)
    assert [a.kind for a in g.legal_actions(0)] == ["say_uno", "pass"]


# ---------------------------------------------------------------- the registry
def test_a_bad_house_rule_value_is_refused_by_the_registry():
    from uno_tui.engine import RulesError
    with pytest.raises(RulesError, match="seven_zero must be False or True"):
        make_rules("classic", seven_zero=1)
    with pytest.raises(RulesError, match="uno_penalty must be 0, 2 or 4"):
        make_rules("classic", uno_penalty=3)


def test_a_view_offers_the_new_decisions_as_plain_data():
    g = rig(hands=[["R7", "G1"], ["Y1", "Y2"]], draw=DRAW, seven_zero=True)
    play(g, 0, "R7")
    assert seat_view(g, 0)["legal"] == [{"kind": "say_uno"}, {"kind": "swap", "target": 1}]


def test_the_same_few_cards_going_round_for_a_round_of_rebuilds_block_the_hand():
    """force_play can trap a hand: nobody can play from their hand, and every card drawn must be
    played, so the last two cards outside the hands go round forever. A round of draw-pile
    rebuilds that find the same hands (whoever holds them) blocks the hand, as rule 4 does."""
    g = rig(hands=[["G1", "G2"], ["G3", "G4"]], top="R5", draw=["R6"], force_play=True)
    for _ in range(20):
        if g.over:
            break
        act(g, g.decider, "draw" if g.phase == "turn" else "play_drawn")
    assert g.over and g.blocked and g.winner == 0            # fewest points in hand: 3 against 7
    assert g.refills == 2 and len(g.discard) == 2 and [len(h) for h in g.hands] == [2, 2]


def test_a_rebuild_after_a_hand_changed_starts_the_count_again():
    g = rig(hands=[["G1", "G2"], ["G3", "G4"]], top="R5", draw=["R6", "R7"])
    act(g, 0, "draw")
    act(g, 0, "play_drawn")
    act(g, 1, "draw")
    act(g, 1, "play_drawn")
    act(g, 0, "draw")                                     # the first rebuild
    act(g, 0, "keep")                                     # a hand changes
    act(g, 1, "draw")
    act(g, 1, "play_drawn")
    act(g, 0, "draw")                                     # the second rebuild finds other hands
    assert g.refills == 0 and g.stall is not None and not g.over


# ---------------------------------------------------------------- issue 33: two rule defects
def test_draw_to_match_stops_at_a_wild_draw_four_that_strict_rules_allow():
    """The other side of the next test: a Wild Draw Four that may be played ends the drawing."""
    g = rig(hands=[["B1", "G2"], ["Y1", "Y2"]], top="R5", draw=["G9", "W+4", "R8"],
            draw_to_match=True, strict_wild_draw_four=True)
    # seat 0 holds no red: the W+4 is legal for it, so the drawing stops there
    act(g, 0, "draw")
    assert g.phase == "drawn" and g.drawn == CARD_OF["W+4"]


def test_draw_to_match_keeps_drawing_when_the_wild_draw_four_is_illegal():
    """'A card you may not play does not stop the drawing: under strict_wild_draw_four, a Wild Draw
    Four drawn while you hold a card of the active colour goes into your hand and you draw on.'"""
    g = rig(hands=[["R1", "G2"], ["Y1", "Y2"]], top="R5", draw=["G9", "W+4", "R8"],
            draw_to_match=True, strict_wild_draw_four=True)
    # R1 is playable, but seat 0 declines it and draws: G9 and the W+4 (illegal with R1 held) go on
    act(g, 0, "draw")
    assert codes(g, 0) == cards("R1", "G2", "G9", "W+4", "R8")
    assert g.phase == "drawn" and g.drawn == CARD_OF["R8"]
    assert [a.kind for a in g.legal_actions(0)] == ["play_drawn", "keep"]


def test_draw_to_match_stops_with_the_piles_even_on_an_illegal_wild_draw_four():
    g = rig(hands=[["R1", "G2"], ["Y1", "Y2"]], top="R5", draw=["G9", "W+4"],
            draw_to_match=True, strict_wild_draw_four=True)
    act(g, 0, "draw")
    assert codes(g, 0) == cards("R1", "G2", "G9", "W+4")
    assert g.phase == "turn" and g.turn == 1


