"""Rule 1 (dealer) and rule 9 (scoring and match modes)."""
import random

import pytest

from tests.helpers.engine import play
from uno_tui.engine import GameError, Match, draw_for_dealer, make_rules, rigged_deck

HANDS = [["R1"], ["G9"], ["Y+2"]]          # the winner scores 9 + 20 = 29 for the others' cards


def finish_hand(match):
    """Deal a rigged hand where seat 0 goes out at once."""
    dealer = match.dealer if match.game is None else (match.dealer + 1) % 3   # the deal passes left
    first = (dealer + 1) % 3       # the player left of the dealer holds R1 and plays it
    hands = [HANDS[(seat - first) % 3] for seat in range(3)]
    game = match.start_hand(deck=rigged_deck(hands, "R5", ["B1"] * 4, dealer), hand_size=1)
    assert match.dealer == dealer
    play(game, first, "R1")
    return match.record_hand(), first


def test_the_card_points_table():
    g_points = make_rules()
    from uno_tui.engine.cards import CARD_OF, POINTS
    assert [POINTS[CARD_OF[c]] for c in ("R0", "G7", "BS", "YR", "R+2", "W", "W+4")] == [0, 7, 20, 20, 20, 50, 50]
    assert g_points.match_target == 500


def test_single_mode_one_hand_decides():
    m = Match(make_rules("hp2021"), 3, seed=1, dealer=2)
    result, first = finish_hand(m)
    assert m.over and m.winners == [first] and result["points"] == 29


def test_first_to_mode_the_winner_collects_until_the_target_and_the_deal_passes_left():
    m = Match(make_rules("classic", match_target=50), 3, seed=1, dealer=2)
    _, first = finish_hand(m)
    assert m.scores[first] == 29 and not m.over
    assert m.dealer == 2
    _, first2 = finish_hand(m)
    assert m.dealer == 0 and first2 == 1      # the deal passed left
    assert m.over == (m.scores[first2] >= 50)


def test_lowest_mode_everyone_adds_what_they_were_caught_with_and_the_lowest_wins():
    m = Match(make_rules("classic", match_mode="lowest", match_target=25), 3, seed=1, dealer=2)
    result, first = finish_hand(m)
    assert result["caught"] == [0, 9, 20] and m.scores == [0, 9, 20] and not m.over
    finish_hand(m)       # dealer 0 now: seat 1 goes out, seat 2 holds G9, seat 0 holds Y+2
    assert m.scores == [20, 9, 29] and m.over and m.winners == [1]


def test_lowest_mode_ties_share_the_win():
    m = Match(make_rules("classic", match_mode="lowest", match_target=5), 3, seed=1, dealer=2)
    m.start_hand(deck=rigged_deck([["R1"], ["R0"], ["G9"]], "R5", ["B1"], 2), hand_size=1)
    play(m.game, 0, "R1")
    m.record_hand()
    assert m.over and m.winners == [0, 1]


def test_wins_mode_counts_hands_won():
    m = Match(make_rules("classic", match_mode="wins", match_target=2), 3, seed=1, dealer=2)
    finish_hand(m)
    assert m.scores[0] == 1 and not m.over


def test_a_hand_cannot_be_scored_twice_nor_a_new_one_dealt_mid_hand():
    m = Match(make_rules("classic"), 3, seed=1, dealer=2)
    finish_hand(m)
    with pytest.raises(GameError):
        m.record_hand()
    m.start_hand()
    with pytest.raises(GameError):
        m.start_hand()


def test_the_dealer_is_found_by_a_draw_highest_deals_ties_turn_again():
    for seed in range(40):
        dealer, rounds = draw_for_dealer(4, random.Random(seed), make_rules())
        values = [[int(c[1]) if c[1:].isdigit() else 0 for c in r] for r in rounds]
        last = values[-1]
        assert last.count(max(last)) == 1
        for r in values[:-1]:
            assert r.count(max(r)) > 1          # an earlier round ended in a tie
    m = Match(make_rules(), 4, seed=3)
    assert m.dealer_draw and 0 <= m.dealer < 4
