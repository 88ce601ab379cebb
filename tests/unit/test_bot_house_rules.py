"""The bots under the house rules: a 7 takes the smallest hand, a jump-in is taken when it helps; the\nhard bot's play-outs play as the normal bot does."""
import pytest

from tests.helpers.engine import two_down

from uno_tui.bots import make_bot, rollout
from uno_tui.engine import HOUSE_RULES, PRESETS, Action, Game, make_rules, seat_view

LEVELS = ("easy", "normal", "hard")


def view(**changes) -> dict:
    """Four players; seat 0 holds a Red 7 and a Red 5; seat 2 has played a Red 5 (seat 3 to play)."""
    base = {"players": 4, "seat": 0, "counts": [2, 6, 3, 5], "hand": ["R5", "R7"], "top": "R5", "color": "red",
            "direction": 1, "turn": 3, "decider": 3, "phase": "turn", "catchable": None, "attack": None,
            "drawn": None, "shown": [], "table": {"rules": {"jump_in": True, "seven_zero": True}},
            "legal": [{"kind": "jump_in", "card": "R5", "uno": False}, {"kind": "jump_in", "card": "R5", "uno": True}]}
    return {**base, **changes}


def test_a_seven_swaps_with_the_smallest_hand():
    swap = view(turn=0, decider=0, phase="swap", counts=[1, 6, 3, 5],
                legal=[{"kind": "swap", "target": s} for s in (1, 2, 3)])
    assert make_bot("normal", 1).decide(swap) == {"kind": "swap", "target": 2}     # (hard plays it out)
    assert make_bot("easy", 1).decide(swap)["kind"] == "swap"


def test_a_seven_on_a_tie_takes_the_first_hand_in_the_order_of_play():
    swap = view(turn=0, decider=0, phase="swap", counts=[4, 3, 3, 3], direction=-1,
                legal=[{"kind": "swap", "target": s} for s in (1, 2, 3)])
    assert make_bot("normal", 1).decide(swap) == {"kind": "swap", "target": 3}


def test_with_nothing_to_play_and_nothing_to_draw_every_level_passes():
    stuck = view(turn=0, decider=0, hand=["B1", "G2"], legal=[{"kind": "pass"}])
    for level in LEVELS:
        assert make_bot(level, 1).decide(stuck) == {"kind": "pass"}, level


def test_a_jump_in_is_taken_saying_uno_with_it():
    for level in ("normal", "hard"):
        assert make_bot(level, 2).decide(view()) == {"kind": "jump_in", "card": "R5", "uno": True}, level


def test_a_jump_in_with_a_seven_that_would_bring_a_bigger_hand_is_not_taken():
    seven = view(hand=["R7", "G1", "G2"], top="R7", counts=[3, 6, 4, 5],
                 legal=[{"kind": "jump_in", "card": "R7", "uno": False}])
    assert make_bot("normal", 3).decide(seven) is None     # every other hand is bigger than the 2 it keeps
    smaller = dict(seven, counts=[3, 6, 1, 5])
    assert make_bot("normal", 3).decide(smaller) == {"kind": "jump_in", "card": "R7", "uno": False}


def test_a_jump_in_with_a_zero_is_taken_only_if_the_hand_passed_on_is_smaller():
    zero = view(hand=["R0", "G1", "G2"], top="R0", counts=[3, 6, 4, 1],
                legal=[{"kind": "jump_in", "card": "R0", "uno": False}])
    assert make_bot("hard", 4).decide(zero) == {"kind": "jump_in", "card": "R0", "uno": False}   # seat 3's 1 card
    assert make_bot("hard", 4).decide(dict(zero, counts=[3, 6, 4, 5])) is None


@pytest.mark.parametrize("preset", PRESETS)
def test_the_play_outs_policy_is_the_normal_bots(preset):
    """The hard bot's play-outs restate the normal bot's rules on the engine's state (bots/rollout.py):
    at every decision of a seeded hand, with every house rule on, both make the same move."""
    rules = make_rules(preset, **{rule.name: True for rule in HOUSE_RULES if rule.switch and rule.name not in (
        "strict_wild_draw_four", "draw_to_match")})
    for seed in range(3):
        game, bot, compared = Game(rules, 4, seed=seed), make_bot("normal", seed), 0
        while not game.over:
            seat = game.decider
            mine = bot.decide(seat_view(game, seat))
            if mine["kind"] not in ("catch", "say_uno"):
                assert rollout.choose(game, seat) == Action.from_dict(mine), (seat_view(game, seat), mine)
                compared += 1
            game.apply(seat, Action.from_dict(mine))
        assert compared > 10


def test_the_endgame_search_allow_list_agrees_with_the_engine():
    from uno_tui.bots import endgame
    assert endgame.SEARCHED == {rule.name for rule in HOUSE_RULES if rule.searched}


@pytest.mark.parametrize("level", LEVELS)
def test_after_a_zero_opens_two_catches_a_bot_catches_the_one_that_said_no_uno(level):
    """A 0 left seats 2 and 3 one card each; seat 2 has since said UNO: the catch that lands is on 3."""
    g = two_down(seven_zero=True)
    g.apply(0, Action("play", "R0"))
    g.apply(2, Action("say_uno"))
    bot = make_bot(level, 1)
    bot.catches = 1.0
    assert bot.decide(seat_view(g, 0)) == {"kind": "catch", "target": 3}
