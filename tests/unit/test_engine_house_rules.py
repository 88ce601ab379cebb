"""The house rules beyond the rule sheets, each tried against its definition in docs/rules.md."""
import pytest

from tests.helpers.engine import act, play, rig, snapshot, two_down
from uno_tui.engine import Action, IllegalAction, make_rules, seat_view
from uno_tui.engine.cards import CARD_OF
from uno_tui.engine.match import Match
from uno_tui.engine.state import check_match_state, match_state, restore_match
from uno_tui.storage.settings import GameSettings

DRAW = ["B7", "Y8", "G9", "B1", "B2", "B3"]


def codes(game, seat):
    return sorted(game.hands[seat])


def cards(*names):
    return sorted(CARD_OF[c] for c in names)


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
