"""A match written as plain data comes back exactly: the same game from there on."""
import json
import random

from uno_tui.engine import Match, make_rules
from uno_tui.engine.state import match_state, restore_match


def test_a_saved_match_plays_on_exactly_as_the_original():
    for preset in ("classic", "hp2000", "hp2010", "hp2021"):
        rules = make_rules(preset, stack_draw_two=True)
        match = Match(rules, 4, seed=7)
        game = match.start_hand()
        rng = random.Random(1)
        for _ in range(40):
            if game.over:
                break
            seat = game.decider
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        saved = json.loads(json.dumps(match_state(match)))       # through JSON, as on disk
        copy = restore_match(rules, saved)
        a, b = match.game, copy.game
        rng_a, rng_b = random.Random(2), random.Random(2)
        for _ in range(20000):
            if a.over:
                break
            seat = a.decider
            legal = a.legal_actions(seat)
            assert legal == b.legal_actions(seat)
            eager = [x for x in legal if x.kind not in ("draw", "keep")] or legal
            choice = rng_a.choice(eager)
            assert rng_b.choice(eager) == choice
            assert a.apply(seat, choice) == b.apply(seat, choice)
        assert a.over and b.over and a.winner == b.winner and a.hands == b.hands
        assert match.record_hand() == copy.record_hand()


def test_rules_saved_by_an_older_version_load_and_unknown_ones_are_refused():
    import pytest
    from uno_tui.engine import Rules
    old = {**{k: v for k, v in make_rules("hp2000").to_dict().items() if k != "draw_to_match"},
           "first_card": "apply", "first_card_back": ["W+4", "WH", "WI"], "draw_until_playable": True}
    rules = Rules.from_dict(old)
    assert rules.preset == "hp2000" and rules.draw_to_match and rules.deck == make_rules("hp2000").deck
    assert Rules.from_dict(make_rules("classic", jump_in=True).to_dict()) == make_rules("classic", jump_in=True)
    with pytest.raises(TypeError, match="no_such_rule"):
        Rules.from_dict({**make_rules("classic").to_dict(), "no_such_rule": True})


def test_a_copy_plays_on_as_the_original_and_leaves_it_untouched():
    """A search makes each move on its own copy of a game: the copy must play exactly as the original
    would, and playing it must change nothing in the original (but its random generator, shared)."""
    from uno_tui.engine import Game
    from uno_tui.engine.state import game_state
    for preset in ("classic", "hp2021"):
        rules = make_rules(preset, seven_zero=True, stack_draw_two=True)
        game = Game(rules, 4, seed=3)
        rng = random.Random(5)
        for _ in range(15):
            game.apply(game.decider, rng.choice(game.legal_actions(game.decider)))
        before = json.dumps(game_state(game))
        copy, twin = game.copy(), Game(rules, 4, seed=3)      # the twin replays the same moves
        rng = random.Random(5)
        for _ in range(15):
            twin.apply(twin.decider, rng.choice(twin.legal_actions(twin.decider)))
        moves = random.Random(9)
        while not copy.over:
            seat = copy.decider
            legal = copy.legal_actions(seat)
            assert legal == twin.legal_actions(seat)
            choice = moves.choice([x for x in legal if x.kind not in ("draw", "keep")] or legal)
            copy.apply(seat, choice)
            twin.apply(seat, choice)
        assert twin.over and copy.winner == twin.winner and copy.hands == twin.hands
        assert json.dumps({k: v for k, v in game_state(game).items() if k != "rng"}) == json.dumps(
            {k: v for k, v in json.loads(before).items() if k != "rng"})
