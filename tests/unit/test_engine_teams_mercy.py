"""teams, mercy and uno_penalty 0, each against its definition in ../docs/rules.md; and make_rules
refusing combinations that make no sense."""
import pytest

from tests.helpers.engine import act, play, rig
from uno_tui.engine import Action, Game, GameError, IllegalAction, Match, RulesError, make_rules, seat_view
from uno_tui.engine.cards import CARD_OF
from uno_tui.engine.legal import MAX_PLAYERS
from uno_tui.engine.state import check_match_state, match_state, restore_match

DRAW = ["B1", "B2", "B3", "B4", "Y5", "Y6", "Y7", "Y8"]
BIG = ["G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9", "B5", "B6", "B7", "B8", "B9", "Y1", "Y2", "Y3",
       "Y4", "Y9", "Y1", "Y2", "Y3", "Y4", "G1"]          # 24 cards, none red


# ---------------------------------------------------------------- make_rules
@pytest.mark.parametrize("players", [2, 3, 5, 7])
def test_teams_need_an_even_number_of_players_from_four(players):
    with pytest.raises(RulesError, match=f"teams need an even number of players from 4 to {MAX_PLAYERS}, not {players}"):
        make_rules("classic", players=players, teams=True)
    with pytest.raises(GameError, match="even number"):
        Game(make_rules("classic", teams=True), players, seed=1)
    with pytest.raises(GameError, match="even number"):
        Match(make_rules("classic", teams=True), players, seed=1)
    assert make_rules("classic", players=players + players % 2 + (2 if players == 2 else 0), teams=True).teams


def test_combinations_that_make_no_sense_are_refused_with_the_reason():
    with pytest.raises(RulesError, match="false_catch_penalty needs UNO calls"):
        make_rules("classic", uno_penalty=0, false_catch_penalty=True)
    with pytest.raises(RulesError, match="mercy does not go with the lowest-score match"):
        make_rules("classic", mercy=True, match_mode="lowest")
    assert make_rules("hp2021", uno_penalty=0, mercy=True, teams=True, deflect=True, multi_play=True).uno_penalty == 0


# ---------------------------------------------------------------- teams
def team_game(**house):
    return rig(hands=[["R1", "G1"], ["Y2", "Y3"], ["R4", "B9"], ["W", "W+4"]], top="R9",
               draw=["G7", "G8", "B7", "B8"], teams=True, **house)


def partner_goes_out(g) -> list[dict]:
    """Seat 2 goes out after seat 0, its partner, moved (and seats 1 and 3 of the other team)."""
    play(g, 0, "R1", uno=True)
    act(g, 1, "draw")                     # G7: nothing to play
    play(g, 2, "R4", uno=True)
    play(g, 3, "W", color="blue", uno=True)
    act(g, 0, "draw")                     # G8
    act(g, 1, "draw")                     # B7, playable, kept
    act(g, 1, "keep")
    return play(g, 2, "B9")


def test_seats_alternate_between_two_teams_and_every_view_says_which():
    g = team_game()
    assert [seat_view(g, s)["teams"] for s in (0, None)] == [[0, 1, 0, 1]] * 2
    assert seat_view(rig(hands=[["R1"], ["R2"]], top="R9", draw=DRAW), 0)["teams"] is None


def test_a_team_wins_by_the_partner_who_did_not_move_last_and_scores_only_the_other_teams_cards():
    over = partner_goes_out(team_game())[-1]
    assert over["type"] == "hand_over" and over["seat"] == 2 and over["team"] == 0 and over["why"] == "out"
    # the other team's cards only (seat 1: Y2 Y3 G7 B7 = 19; seat 3: W+4 = 50); seat 0's G1 G8 count nothing
    assert over["points"] == 69


def test_the_match_goes_by_team_both_partners_carry_its_score():
    rules = make_rules("classic", teams=True, match_target=50)
    match = Match(rules, 4, seed=3, dealer=3)
    match.game = g = team_game(match_target=50)
    partner_goes_out(g)
    result = match.record_hand()
    assert result["team"] == 0 and match.over and match.winners == [0, 2]
    assert match.scores == [69, 0, 69, 0] and match.hands_won == [1, 0, 1, 0]
    assert restore_match(rules, match_state(match)).scores == match.scores


# ---------------------------------------------------------------- mercy
def test_a_player_who_reaches_25_cards_is_out_and_play_goes_on_without_them():
    hands = [["R+2", *BIG[1:]], list(BIG), list(BIG)]
    g = rig(hands=hands, top="R9", draw=DRAW, mercy=True)
    events = play(g, 0, "R+2")
    gone = next(e for e in events if e["type"] == "eliminated")
    assert gone == {"type": "eliminated", "seat": 1, "count": 26}
    assert g.hands[1] == [] and g.out == [False, True, False] and g.turn == 2 and not g.over
    assert g.draw_pile[:26] and sum(map(len, g.hands)) + len(g.draw_pile) + len(g.discard) == g.total_cards
    assert g.legal_actions(1) == [] and seat_view(g, 0)["out"] == [False, True, False]
    with pytest.raises(IllegalAction, match="out of this hand"):
        g.apply(1, Action("draw"))
    # the cards went under the draw pile: the next draws are still the old pile's top
    events = act(g, 2, "draw")
    assert g.out == [False, True, True]
    assert g.over and g.winner == 0
    over = [e for e in events if e["type"] == "hand_over"][0]
    assert over["why"] == "mercy" and over["out"] == [1, 2]


def test_an_elimination_heads_up_leaves_one_player_who_wins_the_hand():
    g = rig(hands=[["R+2", *BIG[1:]], list(BIG)], top="R9", draw=DRAW, mercy=True)
    events = play(g, 0, "R+2")
    assert events[-1]["type"] == "hand_over" and g.winner == 0 and g.points() == 0


def test_out_of_turn_play_skips_the_seats_out_of_the_hand():
    hands = [["R+2", *BIG[1:]], list(BIG), ["R5", *BIG[1:]], ["R6", *BIG[1:]]]
    g = rig(hands=hands, top="R9", draw=DRAW * 4, mercy=True)
    play(g, 0, "R+2")                      # seat 1 out
    play(g, 2, "R5")
    play(g, 3, "R6")
    assert g.turn == 0                     # past seat 1
    g2 = rig(hands=[["RR", *BIG[1:]], list(BIG), ["R+2", *BIG[1:]], list(BIG)], top="R9", draw=DRAW * 4,
             dealer=1, mercy=True)
    play(g2, 2, "R+2")                      # seat 3 out: seats 0, 1, 2 left
    assert g2.turn == 0 and g2.out[3]


def test_mercy_with_draw_to_match_stops_the_drawing_at_the_limit():
    g = rig(hands=[list(BIG[:23]) + ["B5"], list(BIG[:24]), list(BIG[:24])], top="R9",
            draw=["G1", "G2", "G3", "R1"], mercy=True, draw_to_match=True)
    act(g, 0, "draw")
    assert g.out[0] and g.turn == 1 and CARD_OF["R1"] in g.draw_pile


def test_a_team_with_every_player_out_loses_to_the_other():
    hands = [["R+2", *BIG[1:]], list(BIG), ["R5", *BIG[1:]], list(BIG)]
    g = rig(hands=hands, top="R9", draw=DRAW * 4, mercy=True, teams=True)
    play(g, 0, "R+2")                      # seat 1 out; its partner seat 3 plays on
    play(g, 2, "R5")
    act(g, 3, "draw")                      # 25: seat 3 out, team 1 is gone
    assert g.over and g.winner % 2 == 0 and g.winner != 3


def test_a_saved_hand_with_a_player_out_loads_again():
    hands = [["R+2", *BIG[1:]], list(BIG), list(BIG)]
    rules = make_rules("classic", mercy=True)
    g = rig(hands=hands, top="R9", draw=DRAW, mercy=True)
    play(g, 0, "R+2")
    match = Match(rules, 3, seed=1)
    match.game = g
    state = match_state(match)
    check_match_state(rules, state)
    again = restore_match(rules, state).game
    assert again.out == g.out and again.gone == 1 and again.next_seat(0) == 2


# ---------------------------------------------------------------- uno_penalty 0
def test_nobody_needs_to_say_uno_under_penalty_zero():
    g = rig(hands=[["R1", "R2"], ["Y1", "Y3"], ["G5", "G6"]], top="R9", draw=DRAW, uno_penalty=0)
    assert all(not a.uno for a in g.legal_actions(0))
    play(g, 0, "R1")
    assert g.window == -1 and seat_view(g, 1)["catchable"] is None
    assert all(a.kind not in ("catch", "say_uno") for s in range(3) for a in g.legal_actions(s))
    with pytest.raises(IllegalAction, match="nobody needs to say UNO"):
        act(g, 0, "say_uno")
    with pytest.raises(IllegalAction, match="nobody needs to say UNO"):
        act(g, 2, "catch", target=0)
