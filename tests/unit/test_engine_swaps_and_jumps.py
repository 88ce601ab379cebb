"""The house rules that move cards between players or out of turn: sevens and zeros swap and
pass hands, jumping in with an identical card, and the UNO windows they open."""
import pytest

from tests.helpers.engine import DRAW, act, cards, codes, play, rig, snapshot, two_down
from uno_tui.engine import Action, IllegalAction, seat_view
from uno_tui.engine.match import Match
from uno_tui.engine.state import check_match_state, match_state, restore_match


# ---------------------------------------------------------------- seven_zero
def test_a_seven_swaps_hands_with_the_player_its_player_chooses():
    """'playing a 7, you swap hands with a player you choose'"""
    g = rig(hands=[["R7", "G1", "G2"], ["Y1", "Y2", "Y3"], ["B4", "B5", "B6"]], draw=DRAW, seven_zero=True)
    play(g, 0, "R7")
    assert g.phase == "swap" and g.decider == 0 and g.turn == 0
    assert g.legal_actions(0) == [Action("swap", target=1), Action("swap", target=2)]
    events = act(g, 0, "swap", target=2)
    assert {"type": "swap", "seat": 0, "target": 2} in events
    assert codes(g, 0) == cards("B4", "B5", "B6") and codes(g, 2) == cards("G1", "G2")
    assert g.turn == 1 and g.phase == "turn"             # play goes on as after any number


def test_a_hand_saved_while_a_seven_waits_for_its_swap_loads_again():
    g = rig(hands=[["R7", "G1", "G2"], ["Y1", "Y2", "Y3"], ["B4", "B5", "B6"]], draw=DRAW, seven_zero=True)
    play(g, 0, "R7")
    match = Match(g.rules, 3, seed=1)
    match.game = g
    state = match_state(match)
    check_match_state(g.rules, state)               # refused it once: "a phase the game does not have"
    assert restore_match(g.rules, state).game.phase == "swap"


def test_a_seven_cannot_swap_with_its_own_player_and_the_refusal_changes_nothing():
    g = rig(hands=[["R7", "G1"], ["Y1", "Y2"]], draw=DRAW, seven_zero=True)
    play(g, 0, "R7")
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="another player"):
        act(g, 0, "swap", target=0)
    with pytest.raises(IllegalAction, match="choose whose hand"):
        act(g, 0, "draw")
    assert snapshot(g) == before


def test_whoever_ends_up_with_one_card_after_a_swap_must_say_uno():
    """'Whoever ends up with one card must say UNO as usual (the UNO window opens for them)'"""
    g = rig(hands=[["R7", "R1"], ["Y1", "Y2"], ["B4", "B5"]], draw=DRAW, seven_zero=True)
    play(g, 0, "R7", uno=True)                      # seat 0 said UNO with its last-but-one card ...
    act(g, 0, "swap", target=1)                     # ... and handed that one card to seat 1
    assert len(g.hands[1]) == 1 and g.uno_said[1] is False and g.window == 1
    assert Action("catch", target=1) in g.legal_actions(2)
    act(g, 2, "catch", target=1)
    assert len(g.hands[1]) == 1 + 4


def test_a_zero_passes_every_hand_on_in_the_direction_of_play():
    """'playing a 0, every player passes their hand to the next player in the direction of play'"""
    hands = [["R0", "G1", "G2"], ["Y1", "Y2", "Y3"], ["B4", "B5", "B6"]]
    g = rig(hands=hands, draw=DRAW, seven_zero=True)
    play(g, 0, "R0")
    assert codes(g, 1) == cards("G1", "G2") and codes(g, 2) == cards("Y1", "Y2", "Y3")
    assert codes(g, 0) == cards("B4", "B5", "B6") and g.turn == 1


def test_a_zero_against_the_clock_passes_hands_the_other_way():
    g = rig(hands=[["RR", "G1", "G2"], ["Y1", "Y2", "Y3"], ["R0", "B5", "B6"]], draw=DRAW, seven_zero=True)
    play(g, 0, "RR")
    play(g, 2, "R0")
    assert codes(g, 1) == cards("B5", "B6") and codes(g, 0) == cards("Y1", "Y2", "Y3")
    assert codes(g, 2) == cards("G1", "G2") and g.turn == 1


def test_going_out_on_a_seven_ends_the_hand_without_a_swap():
    g = rig(hands=[["R7"], ["Y1"]], draw=DRAW, seven_zero=True)
    play(g, 0, "R7")
    assert g.over and g.winner == 0 and codes(g, 1) == cards("Y1")


def test_without_the_rule_a_seven_and_a_zero_are_plain_numbers():
    g = rig(hands=[["R7", "R0", "G2"], ["Y1", "Y2", "Y3"]], draw=DRAW)
    play(g, 0, "R7")
    assert g.phase == "turn" and g.turn == 1 and codes(g, 0) == cards("R0", "G2")


# ---------------------------------------------------------------- jump_in
def test_an_identical_card_jumps_in_and_play_goes_on_from_its_player():
    """'a card identical (colour and face) to the top card may be played out of turn by anyone;
    play continues from that player'"""
    g = rig(hands=[["R5", "G1", "G2"], ["Y1", "Y2", "Y3"], ["G4", "R5", "B6"], ["B1", "B2", "B3"]],
            top="R9", draw=DRAW, jump_in=True)
    play(g, 0, "R5")
    assert g.legal_actions(2) == [Action("jump_in", "R5")]
    assert not any(a.kind == "jump_in" for s in (0, 1, 3) for a in g.legal_actions(s))
    events = act(g, 2, "jump_in", card="R5")
    assert [e["type"] for e in events][:2] == ["jump_in", "play"]
    assert g.turn == 3 and codes(g, 2) == cards("G4", "B6")        # seat 1 was jumped over


def test_a_skip_jumping_in_skips_the_player_after_the_jumper():
    g = rig(hands=[["RS", "G1"], ["Y1", "RS"], ["G4", "B6"]], top="R9", draw=DRAW, jump_in=True)
    play(g, 0, "RS")                                # seat 1 is skipped; seat 2 to play
    assert g.turn == 2
    act(g, 1, "jump_in", card="RS")
    assert g.turn == 0                              # seat 1 jumped in, so seat 2 is skipped


def test_no_jump_in_with_a_wild_another_colour_or_without_the_rule():
    g = rig(hands=[["W", "G1", "G2"], ["W", "B5", "G3"], ["Y3", "B6", "G4"]], top="R5", draw=DRAW, jump_in=True)
    assert g.legal_actions(1) == []                 # a Blue 5 is not identical to the Red 5
    play(g, 0, "W", color="red")
    assert g.legal_actions(2) == []                 # nor does a Wild jump in on a Wild
    g = rig(hands=[["R5", "G1"], ["R5", "B5"], ["Y3", "B6"]], top="R9", draw=DRAW)
    play(g, 0, "R5")
    with pytest.raises(IllegalAction, match="not a house rule"):
        act(g, 1, "jump_in", card="R5")


def test_the_second_of_two_racing_moves_is_refused_with_a_reason():
    """On the network the host applies the first that arrives: here the player to move plays
    first, and the jump-in that was sent for the old top card is refused."""
    g = rig(hands=[["R5", "G1"], ["G5", "R3"], ["R5", "B6"]], top="R9", draw=DRAW, jump_in=True)
    play(g, 0, "R5")
    play(g, 1, "G5")
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="too late to jump in: the top card is now Green 5"):
        act(g, 2, "jump_in", card="R5")
    assert snapshot(g) == before


def test_a_jump_in_is_offered_only_between_turns():
    g = rig(hands=[["R5", "G1"], ["Y2", "R3"], ["R5", "B6"]], top="R9", draw=["R8"], jump_in=True)
    play(g, 0, "R5")
    act(g, 1, "draw")                               # seat 1 drew a playable card and is deciding
    assert g.phase == "drawn" and g.legal_actions(2) == []
    with pytest.raises(IllegalAction, match="only between turns"):
        act(g, 2, "jump_in", card="R5")


# ---------------------------------------------------------------- issue 33: a zero that opens two UNO windows
def test_a_zero_that_leaves_two_players_one_card_each_lets_both_be_caught():
    """'When a 7 or a 0 leaves several players with one card, each of them must say UNO, and each
    who has not may be caught until the next player begins.'"""
    g = two_down(seven_zero=True)
    g.uno_said[1] = g.uno_said[2] = True       # they said it with the cards they held; now they pass them on
    play(g, 0, "R0")                            # seat 2 gets Y1, seat 3 gets B4: two players with one card
    assert len(g.hands[2]) == 1 and len(g.hands[3]) == 1 and g.turn == 1
    catches = [a for a in g.legal_actions(0) if a.kind == "catch"]
    assert sorted(a.target for a in catches) == [2, 3]
    act(g, 0, "catch", target=3)
    assert len(g.hands[3]) == 1 + 4
    assert Action("catch", target=2) in g.legal_actions(1)      # the other may still be caught ...
    act(g, 1, "catch", target=2)
    assert len(g.hands[2]) == 1 + 4
    assert not [a for a in g.legal_actions(0) if a.kind == "catch"]


def test_both_windows_of_a_zero_close_when_the_next_player_begins():
    g = two_down(seven_zero=True)
    play(g, 0, "R0")
    act(g, 2, "say_uno")                        # seat 2 says it: safe; seat 3 has not
    view = seat_view(g, 0)
    assert view["catchable"] == 3
    act(g, 1, "draw")                           # the next player begins: no more catching
    assert not [a for a in g.legal_actions(0) if a.kind == "catch"]
    assert seat_view(g, 0)["catchable"] is None


def test_a_game_with_two_windows_open_is_saved_and_restored_with_both():
    g = two_down(seven_zero=True)
    play(g, 0, "R0")
    match = Match(g.rules, 4, seed=1)
    match.game = g
    state = match_state(match)
    check_match_state(g.rules, state)
    back = restore_match(g.rules, state).game
    assert sorted(a.target for a in back.legal_actions(0) if a.kind == "catch") == [2, 3]
