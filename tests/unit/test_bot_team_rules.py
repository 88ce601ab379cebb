"""The bots under issue 36's rules: every level legal under each; normal and hard play teams as a
team, multi-play and deflect when it helps, and play for survival under mercy."""

import pytest

from uno_tui.bots import make_bot
from uno_tui.engine import Action, Game, make_rules, redact, seat_view

LEVELS = ("easy", "normal", "hard")
NEW_RULES = [{"teams": True}, {"multi_play": True}, {"deflect": True, "stack_draw_two": True},
             {"mercy": True, "draw_to_match": True, "stack_draw_two": True}, {"uno_penalty": 0},
             {"teams": True, "multi_play": True, "deflect": True, "mercy": True, "seven_zero": True,
              "jump_in": True}]


@pytest.mark.parametrize("house", NEW_RULES, ids=lambda h: "+".join(h))
def test_every_level_plays_every_new_rule_legally_to_the_end_of_the_hand(house):
    rules = make_rules("classic", **house)
    table = {"rules": {k: v for k, v in rules.to_dict().items() if k != "deck"}, "deck": rules.deck}
    for seed in range(2):
        game = Game(rules, 4, seed=seed)
        bots = [make_bot(level, seed + s, playouts=8) if level == "hard" else make_bot(level, seed + s)
                for s, level in enumerate(("easy", "normal", "hard", "normal"))]
        events = list(game.setup_events)
        for _ in range(3000):
            if game.over:
                break
            views = [{**seat_view(game, s), "table": table} for s in range(4)]
            for s, bot in enumerate(bots):
                bot.observe(views[s], [redact(e, s) for e in events])
            chosen = [(s, bots[s].decide(views[s])) for s in range(4)]
            seat, action = next((s, a) for s, a in chosen if a is not None and s == game.decider)
            assert action in views[seat]["legal"], (seat, action)
            events = game.apply(seat, Action.from_dict(action))
        assert game.over


def team_view(**changes) -> dict:
    """Four players in two teams: seat 0 to play, seat 1 (next) its opponent, seat 2 its partner."""
    base = {"players": 4, "seat": 0, "counts": [3, 5, 4, 6], "hand": ["R+2", "R5", "G1"], "top": "R3",
            "color": "red", "direction": 1, "turn": 0, "decider": 0, "phase": "turn", "catchable": None,
            "attack": None, "drawn": None, "shown": [], "teams": [0, 1, 0, 1], "out": [False] * 4,
            "uno_said": [False] * 4, "dealer": 3, "draw_pile": 50, "discard_pile": 5,
            "table": {"rules": {"teams": True}}}
    base["legal"] = [{"kind": "play", "card": "R+2", "uno": False}, {"kind": "play", "card": "R5", "uno": False},
                     {"kind": "draw"}]
    return {**base, **changes}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_strikes_its_opponent_but_never_its_partner_when_another_play_will_do(level):
    assert make_bot(level, 1, playouts=0).decide(team_view())["card"] == "R+2"        # seat 1: an opponent
    backwards = team_view(direction=-1, counts=[3, 6, 4, 5])     # now seat 3 is next: still an opponent
    assert make_bot(level, 1, playouts=0).decide(backwards)["card"] == "R+2"
    partnered = team_view(teams=[0, 0, 1, 1], counts=[3, 4, 5, 6])   # seat 1 is the partner
    assert make_bot(level, 1, playouts=0).decide(partnered)["card"] == "R5"


def respond_view(hand, teams=(0, 1, 0, 1)) -> dict:
    """Seat 3 played a Red Draw Two at seat 0; seat 0 may deflect it."""
    legal = [{"kind": "accept"}] + [{"kind": "play", "card": c, "uno": False} for c in hand if c[1:] in ("S", "R")]
    return team_view(hand=hand, phase="respond", teams=list(teams), top="R+2",
                     attack={"card": "R+2", "by": 3, "target": 0, "draw": 2, "before": None}, legal=legal)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_deflect_passes_the_draw_away_from_the_partner(level):
    # a Skip passes it to seat 1 (an opponent): taken
    assert make_bot(level, 2, playouts=0).decide(respond_view(["RS", "G1", "G2"]))["card"] == "RS"
    # seat 1 as partner: the Skip would hit it, the Reverse sends it back to seat 3 (an opponent)
    both = respond_view(["RS", "RR", "G1"], teams=(0, 0, 1, 1))
    assert make_bot(level, 2, playouts=0).decide(both)["card"] == "RR"
    only_partner = respond_view(["RS", "G1", "G2"], teams=(0, 0, 1, 1))
    assert make_bot(level, 2, playouts=0).decide(only_partner) == {"kind": "accept"}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_multi_play_goes_on_and_ends_on_the_colour_held_most(level):
    more = team_view(hand=["B5", "G5", "B1", "B2"], top="R5", phase="more", teams=None,
                     legal=[{"kind": "play", "card": "G5", "uno": False}, {"kind": "play", "card": "B5", "uno": False},
                            {"kind": "stop"}])
    assert make_bot(level, 3, playouts=0).decide(more)["card"] == "G5"      # blue, held most, goes last


def test_near_the_mercy_limit_the_hard_bot_neither_keeps_a_drawn_wild_nor_challenges():
    hand = ["W"] + [f"G{n}" for n in range(1, 10)] * 2
    drawn = team_view(hand=hand, phase="drawn", drawn="W", teams=None, counts=[19, 5, 4, 6],
                      table={"rules": {"mercy": True}},
                      legal=[{"kind": "play_drawn", "color": c, "uno": False} for c in ("red", "yellow", "green", "blue")]
                      + [{"kind": "keep"}])
    assert make_bot("hard", 4, playouts=0).decide(drawn)["kind"] == "play_drawn"
    assert make_bot("hard", 4, playouts=0).decide({**drawn, "table": {"rules": {}}})["kind"] == "keep"
