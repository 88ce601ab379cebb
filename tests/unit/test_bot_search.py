"""The hard bot's search (uno_tui/bots/search.py): it finds the move that wins in positions where the
normal bot's rules of thumb lose, at four seats and in a Harry Potter edition, and plays legally in
every edition with every house rule on."""

import random

import pytest

from tests.helpers.bots import position, rigged, view_of
from uno_tui.bots import make_bot
from uno_tui.bots.memory import Memory
from uno_tui.bots.search import most_won
from uno_tui.engine import Action, Game, make_rules, redact, seat_view

REDS = ["R1", "R2", "R4", "R7", "R8", "R9"] * 2


def four_seats(card: str, preset: str) -> dict:
    """Seat 0 holds ``card`` (a wild that stops the next player), a Blue 5 and a Red 6 on a Red 3. Seat 1
    is down to one card, and every card we have not seen is red but two blues: a red card played now lets
    seat 1 out; ``card`` naming blue stops them, and our Blue 5 follows it."""
    return position([card, "B5", "R6"], [["R1"], REDS[1:6], REDS[6:11]], "R3", REDS[11:] + ["B1", "B2"],
                    preset=preset)


@pytest.mark.parametrize("card, preset", [("W+4", "classic"), ("WH", "hp2000")])
def test_the_hard_bot_stops_the_next_player_going_out(card, preset):
    view = four_seats(card, preset)
    assert make_bot("normal", 1).decide(view)["card"] == "R6"        # the rule of thumb: follow the colour
    action = make_bot("hard", 1, playouts=300).decide(view)
    assert action["card"] == card and action["color"] != "red"


def test_the_hard_bot_takes_the_card_the_opponent_cannot_follow_heads_up():
    # the other hand is one card, and every card we have not seen is green: a green top lets it out
    greens = ["G1", "G2", "G5", "G6", "G9"] * 2
    view = position(["G3", "R7", "R8"], [["G4"]], "R3", greens)
    action = make_bot("hard", 5, playouts=200).decide(view)
    assert action["kind"] == "play" and action["card"] in ("R7", "R8")


def test_the_hard_bot_keeps_a_drawn_card_that_would_hand_over_the_game():
    # we draw a Green 3: it fits the Red 3 on top, but a green top lets the other's last card out
    game, table = rigged(["B7", "R7"], [["G4"]], "R3", ["G3", "G1", "G2", "G5", "G6", "G9"] * 2)
    game.apply(0, Action("draw"))
    view = view_of(game, table)
    assert view["phase"] == "drawn" and make_bot("normal", 6).decide(view)["kind"] == "play_drawn"
    assert make_bot("hard", 6, playouts=200).decide(view) == {"kind": "keep"}


def play_hand(preset: str, seed: int, players: int = 3) -> int:
    """A hand at a table of a hard bot (seat 0, a small budget) and normal bots, with every house rule
    that is a switch on: every move the hard bot makes must be legal (the engine refuses any other)."""
    rules = make_rules(preset, **{k: True for k in ("stack_draw_two", "stack_draw_four", "stack_mixed",
                                                     "force_play", "no_action_finish", "seven_zero", "jump_in",
                                                     "false_catch_penalty", "draw_to_match")})
    table = {"rules": {k: v for k, v in rules.to_dict().items() if k != "deck"}, "deck": rules.deck}
    bots = [make_bot("hard", seed, playouts=8)] + [make_bot("normal", seed + s) for s in range(1, players)]
    game = Game(rules, players, seed=seed, dealer=seed % players)
    events, moves = game.setup_events, 0
    while not game.over:
        views = [{**seat_view(game, s), "table": table} for s in range(players)]
        for s in range(players):
            bots[s].observe(views[s], [redact(e, s) for e in events])
        order = sorted(range(players), key=lambda s: s == game.decider)      # out of turn first
        seat, action = next((s, a) for s in order if (a := bots[s].decide(views[s])) is not None)
        assert action in views[seat]["legal"], (seat, action)
        events = game.apply(seat, Action.from_dict(action))
        moves += seat == 0
    return moves


@pytest.mark.parametrize("preset", ["classic", "hp2021", "hp2018", "hp2010", "hp2000"])
def test_the_hard_bot_plays_only_legal_moves_in_every_edition_with_every_house_rule(preset):
    assert sum(play_hand(preset, seed) for seed in range(2)) > 0


def test_strict_wild_draw_four_is_played_by_the_rules_too():
    rules_view = position(["W+4", "R6"], [["R1"], ["R2"]], "R3", REDS, strict_wild_draw_four=True)
    assert all(a.get("card") != "W+4" for a in rules_view["legal"])
    action = make_bot("hard", 2, playouts=50).decide(rules_view)
    assert action in rules_view["legal"] or dict(action, uno=False) in rules_view["legal"]


def test_a_view_without_the_tables_rules_is_not_searched_and_the_bot_still_answers():
    """A guess played out under rules other than the table's would meet moves it does not know
    (here a Draw Two stacked on): with no rules in the view, hard keeps its rules of thumb' move."""
    rules = make_rules("classic", stack_draw_two=True)
    for seed in range(40):
        game = Game(rules, 3, seed=seed, dealer=0)
        while not game.over and game.phase != "respond":
            game.apply(game.decider, game.legal_actions(game.decider)[0])
        if game.phase == "respond" and len(game.legal_actions(game.decider)) > 1:
            break
    else:
        raise AssertionError("no seeded hand reached a Draw Two with a choice")
    view = seat_view(game, game.decider)                    # no "table": the rules are unknown
    moves = [a.to_dict() for a in game.legal_actions(game.decider)]
    assert most_won(view, Memory(), moves, 0, random.Random(1), seconds=1, playouts=50) is None
    action = make_bot("hard", 1, playouts=50).decide(view)
    game.apply(game.decider, Action.from_dict(action))      # legal
