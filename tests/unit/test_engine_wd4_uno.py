"""Rules 6-8: Wild Draw Four and its challenge, saying UNO, going out."""
import pytest

from tests.helpers.engine import act, play, rig, snapshot
from uno_tui.engine import Action, IllegalAction, seat_view

DRAW = ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8"]


def wd4_game(preset="classic", bluff=True, **house):
    # seat 0 holds a red card (the active colour) when bluffing, or only a wild otherwise
    hand = ["W+4", "R1" if bluff else "G1", "W" if not bluff else "G2"]
    return rig(preset, hands=[hand, ["Y1", "Y2", "Y3"], ["G5", "G6", "G7"]], top="R5", draw=DRAW, **house)


def test_a_wild_draw_four_may_be_played_as_a_bluff():
    g = wd4_game(bluff=True)
    play(g, 0, "W+4", color="blue")
    assert g.phase == "respond" and g.decider == 1
    assert {a.kind for a in g.legal_actions(1)} == {"accept", "challenge"}


def test_accepting_a_wild_draw_four_draws_four_and_loses_the_turn():
    g = wd4_game()
    play(g, 0, "W+4", color="blue")
    act(g, 1, "accept")
    assert len(g.hands[1]) == 7 and g.turn == 2 and g.color == 3


def test_guilty_challenge_the_player_draws_four_and_the_target_plays():
    g = wd4_game(bluff=True)
    play(g, 0, "W+4", color="blue")
    act(g, 1, "challenge")
    assert len(g.hands[0]) == 6 and len(g.hands[1]) == 3
    assert g.turn == 1 and g.color == 3      # the chosen colour stands


def test_innocent_challenge_the_target_draws_six_and_loses_the_turn():
    g = wd4_game(bluff=False, preset="classic")   # classic: a held plain Wild does not make it illegal
    play(g, 0, "W+4", color="yellow")
    act(g, 1, "challenge")
    assert len(g.hands[1]) == 9 and g.turn == 2 and g.color == 1


def test_classic_a_held_wild_does_not_make_it_illegal_but_in_harry_potter_it_does():
    for preset, guilty in (("classic", False), ("hp2021", True), ("hp2010", True)):
        g = rig(preset, hands=[["W+4", "W", "G2"], ["Y1", "Y2", "Y3"], ["G5", "G6", "G7"]], top="R5",
                draw=DRAW)
        play(g, 0, "W+4", color="blue")
        act(g, 1, "challenge")
        assert (len(g.hands[0]) == 6) is guilty, preset


def test_the_challenge_shows_the_hand_to_the_challenger_alone():
    g = wd4_game()
    play(g, 0, "W+4", color="blue")
    events = act(g, 1, "challenge")
    shown_to_1 = seat_view(g, 1)["shown"]
    assert shown_to_1 and shown_to_1[0]["seat"] == 0
    assert seat_view(g, 2)["shown"] == []
    from uno_tui.engine import redact
    ev = next(e for e in events if e["type"] == "challenge")
    assert "hand" in redact(ev, 1) and "hand" not in redact(ev, 2)


def test_only_the_target_may_challenge():
    g = wd4_game()
    play(g, 0, "W+4", color="blue")
    before = snapshot(g)
    with pytest.raises(IllegalAction):
        act(g, 2, "challenge")
    assert snapshot(g) == before


def test_strict_wild_draw_four_refuses_an_illegal_one_and_has_no_challenge():
    g = wd4_game(bluff=True, strict_wild_draw_four=True)
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="Wild Draw Four is illegal"):
        play(g, 0, "W+4", color="blue")
    assert snapshot(g) == before
    g = wd4_game(bluff=False, strict_wild_draw_four=True, preset="classic")
    play(g, 0, "W+4", color="blue")
    assert len(g.hands[1]) == 7 and g.turn == 2       # no challenge offered: drawn at once


def test_stack_draw_four_only_the_last_can_be_challenged():
    g = rig(hands=[["W+4", "R1", "R2"], ["W+4", "Y2", "Y3"], ["G5", "G6", "G7"]], top="R5",
            draw=DRAW + DRAW, stack_draw_four=True)
    play(g, 0, "W+4", color="yellow")   # a bluff: seat 0 holds red
    play(g, 1, "W+4", color="green")    # also a bluff (yellow held), and waives the first challenge
    assert g.pending_draw == 8 and g.decider == 2
    act(g, 2, "challenge")
    assert len(g.hands[1]) == 2 + 8 and len(g.hands[0]) == 2    # the last player takes the stack
    assert g.turn == 2


# ---------------------------------------------------------------- saying UNO
def uno_game(preset="classic", **house):
    return rig(preset, hands=[["R1", "R2"], ["G1", "G2"], ["R3", "Y4"]], top="R5", draw=DRAW, **house)


def test_say_uno_with_the_play_makes_you_safe():
    g = uno_game()
    play(g, 0, "R1", uno=True)
    assert g.uno_said[0]
    act(g, 1, "catch", target=0)
    assert len(g.hands[0]) == 1


def test_caught_before_the_next_player_begins_draws_the_edition_penalty():
    for preset, penalty in (("classic", 4), ("hp2021", 2), ("hp2000", 2)):
        g = uno_game(preset)
        play(g, 0, "R1")
        assert seat_view(g, 2)["catchable"] == 0
        act(g, 2, "catch", target=0)
        assert len(g.hands[0]) == 1 + penalty, preset


def test_house_uno_penalty_changes_it():
    g = uno_game(uno_penalty=2)
    play(g, 0, "R1")
    act(g, 1, "catch", target=0)
    assert len(g.hands[0]) == 3


def test_saying_uno_late_but_before_a_catch_is_safe():
    g = uno_game()
    play(g, 0, "R1")
    act(g, 0, "say_uno")
    act(g, 2, "catch", target=0)
    assert len(g.hands[0]) == 1


def test_no_catch_once_the_next_player_began_their_turn():
    g = uno_game()
    play(g, 0, "R1")
    act(g, 1, "draw")
    assert Action("catch", target=0) not in g.legal_actions(2)
    with pytest.raises(IllegalAction, match="nobody can be caught"):
        act(g, 2, "catch", target=0)


def test_no_catch_before_the_card_is_on_the_pile():
    g = uno_game()
    assert all(a.kind != "catch" for a in g.legal_actions(1))


def test_catching_a_safe_player_does_nothing_or_costs_the_catcher_two():
    g = uno_game()
    play(g, 0, "R1", uno=True)
    act(g, 1, "catch", target=0)
    assert len(g.hands[1]) == 2
    g = uno_game(false_catch_penalty=True)
    play(g, 0, "R1", uno=True)
    act(g, 1, "catch", target=0)
    assert len(g.hands[1]) == 4 and len(g.hands[0]) == 1


def test_a_wild_names_its_colour_and_the_uno_window_opens_with_it():
    g = rig(hands=[["W", "R2"], ["G1", "G2"], ["R3", "Y4"]], top="R5", draw=DRAW)
    assert Action("play", "W") not in g.legal_actions(0)
    play(g, 0, "W", color="yellow")
    act(g, 2, "catch", target=0)
    assert len(g.hands[0]) == 5 and g.color == 1


# ---------------------------------------------------------------- going out
def test_the_hand_ends_when_the_last_card_is_played():
    g = rig(hands=[["R1"], ["G1"], ["G2"]], top="R5", draw=DRAW)
    play(g, 0, "R1")
    assert g.over and g.winner == 0 and g.points() == 3
    assert g.legal_actions(1) == []


def test_a_last_draw_two_makes_the_next_player_draw_for_scoring():
    g = rig(hands=[["R+2"], ["G1"], ["G2"]], top="R5", draw=DRAW)
    play(g, 0, "R+2")
    assert g.over and len(g.hands[1]) == 3 and g.points() == 1 + 1 + 2 + 2


def test_a_last_wild_draw_four_draws_four_and_cannot_be_challenged():
    g = rig(hands=[["W+4"], ["G1"], ["G2"]], top="R5", draw=DRAW)
    play(g, 0, "W+4", color="blue")
    assert g.over and len(g.hands[1]) == 5 and g.legal_actions(1) == []
