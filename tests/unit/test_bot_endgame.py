"""The hard bot's heads-up endgame search (uno_tui/bots/endgame.py)."""
import random
from collections import Counter

from uno_tui.bots import endgame, make_bot

# Every card the opponent can hold is green; the top is a red 3.
GREEN_ONLY = {"G1": 2, "G2": 2, "G5": 2, "G6": 2, "G9": 2}
DECK = {**GREEN_ONLY, "G3": 1, "R7": 1, "R8": 1, "R3": 1}


def endgame_view(**changes) -> dict:
    """Heads-up, our turn with three cards; the opponent is down to one."""
    view = {"players": 2, "seat": 0, "counts": [3, 1], "hand": ["G3", "R7", "R8"], "top": "R3", "color": "red",
            "direction": 1, "turn": 0, "decider": 0, "phase": "turn", "catchable": None, "attack": None,
            "table": {"deck": DECK, "rules": {}},
            "legal": [{"kind": "play", "card": c, "uno": u} for c in ("G3", "R7", "R8") for u in (False, True)]
            + [{"kind": "draw"}]}
    view = {**view, **changes}
    left = sum(view["table"]["deck"].values()) - len(view["hand"]) - view["counts"][1] - 1   # (the top card)
    return {**view, "discard_pile": 1, "draw_pile": left}


def test_playing_out_finds_the_move_the_opponent_cannot_follow():
    won = endgame.wins([("G3", None), ("R7", None), ("R8", None)], ["G3", "R7", "R8"], GREEN_ONLY, 1, (),
                      random.Random(1), 50)
    assert won == [0, 50, 50]          # a green top lets the last green card out; a red one cannot be followed


def test_a_wild_is_tried_with_the_colour_it_names():
    won = endgame.wins([("W", "green"), ("W", "red")], ["W", "R8"], GREEN_ONLY, 1, (), random.Random(2), 40)
    assert won == [0, 40]


def test_the_hard_bot_takes_the_winning_move_in_the_endgame():
    bot = make_bot("hard", 5)
    action = bot.decide(endgame_view())
    assert action["kind"] == "play" and action["card"] in ("R7", "R8")


def test_guessed_hands_leave_out_what_the_opponent_showed_it_lacks():
    pool = {"G1": 3, "G2": 3, "B1": 3, "B2": 3}
    greens = {"G1", "G2"}
    for seed in range(30):
        hand, pile = endgame.guess_hand(pool, 4, [(greens, 3)], random.Random(seed))
        assert len(hand) == 4 and sum(c[0] == "G" for c in hand) <= 1     # three lack green, one may be anything
        assert sorted(hand + pile) == sorted(c for c, n in pool.items() for _ in range(n))
    hand, _ = endgame.guess_hand({"G1": 3, "B1": 1}, 3, [(greens, 3)], random.Random(0))
    assert sorted(hand) == ["B1", "G1", "G1"]       # not enough of anything else: the guess takes what is left


def test_search_is_only_for_the_game_it_simulates():
    assert endgame.applies(endgame_view())
    assert not endgame.applies(endgame_view(players=3))
    assert not endgame.applies(endgame_view(table={"deck": {**DECK, "WS": 1}, "rules": {}}))   # an edition's card
    assert not endgame.applies(endgame_view(table={"deck": DECK, "rules": {"stack_draw_two": True}}))


def test_the_search_runs_only_with_the_house_rules_it_models_an_allow_list():
    from uno_tui.engine import HOUSE_RULES
    for rule in HOUSE_RULES:
        other = next(v for v in ((not rule.default,) if rule.switch else rule.values) if v != rule.default)
        view = endgame_view(table={"deck": DECK, "rules": {rule.name: other}})
        assert endgame.applies(view) == rule.searched, rule.name
    assert not any(rule.searched for rule in HOUSE_RULES if rule.name in ("seven_zero", "jump_in", "stack_mixed",
                                                                          "no_action_finish", "draw_to_match"))


def drawn_view(drawn: str, hand: list[str], counts: list[int], top="R3", **changes) -> dict:
    """Our turn after drawing a card that fits: play it (naming each colour if wild) or keep it."""
    colours = ("red", "yellow", "green", "blue") if drawn[0] == "W" else (None,)
    plays = [{"kind": "play_drawn", "uno": False, **({"color": c} if c else {})} for c in colours]
    view = endgame_view(hand=hand, counts=counts, top=top, phase="drawn", drawn=drawn,
                        legal=plays + [{"kind": "keep"}])
    return {**view, **changes}


def test_keeping_is_played_out_as_the_other_player_moving_on_the_same_top():
    # Any green top lets the opponent's last (green) card out; the red 3 left on top does not.
    won = endgame.wins([("G3", None), None], ["G3", "R7"], GREEN_ONLY, 1, (), random.Random(3), 40, ("red", "R3"))
    assert won[0] == 0 and won[1] > 30


def test_the_hard_bot_keeps_a_drawn_card_that_would_hand_over_the_game():
    action = make_bot("hard", 6).decide(drawn_view("G3", ["G3", "R7"], [2, 1]))
    assert action == {"kind": "keep"}


def test_the_hard_bot_plays_a_drawn_card_that_wins():
    action = make_bot("hard", 7).decide(drawn_view("R7", ["R7"], [1, 1]))
    assert action["kind"] == "play_drawn"


def test_the_hard_bot_keeps_a_drawn_wild_while_hands_are_long():
    hand = ["W", "R1", "Y2", "G4", "B5", "B6", "Y8"]
    assert make_bot("hard", 8, playouts=0).decide(drawn_view("W", hand, [7, 6])) == {"kind": "keep"}
    assert make_bot("hard", 8, playouts=0).decide(drawn_view("R5", ["R5", *hand[1:]], [7, 6]))["kind"] == "play_drawn"


def test_a_card_a_challenge_showed_is_in_every_guess_at_the_other_hand():
    # they are known to hold a red 5: a red 7 lets it out, whatever else the pile holds
    won = endgame.wins([("R7", None), ("G3", None)], ["G3", "R7"], GREEN_ONLY, 0, (), random.Random(4), 30,
                       known=["R5"])
    assert won[0] == 0 and won[1] > 0


def test_the_hard_bot_plays_around_the_card_a_challenge_showed():
    deck = {"G3": 1, "R7": 1, "R3": 1, "R5": 1, "G1": 4}
    view = endgame_view(hand=["G3", "R7"], counts=[2, 1], table={"deck": deck, "rules": {}},
                        legal=[{"kind": "play", "card": c, "uno": u} for c in ("G3", "R7") for u in (False, True)]
                        + [{"kind": "draw"}])
    guessing, knowing = make_bot("hard", 9), make_bot("hard", 9)
    knowing.memory.known[1] = Counter({"R5": 1})
    assert guessing.decide(view)["card"] == "R7"       # most likely they hold a green 1
    assert knowing.decide(view)["card"] == "G3"
