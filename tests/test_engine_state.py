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
