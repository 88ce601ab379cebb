"""Property tests over random editions, house rules, table sizes and legal play."""
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from tests.helpers.engine import accepted, seated, snapshot
from uno_tui.engine import (CODES, COLORS, HOUSE_RULES, PRESETS, Action, Game, IllegalAction, make_rules, redact,
                            seat_view)

ALL_ACTIONS = ([Action("play", c, color, uno=u) for c in CODES for color in (None, *COLORS) for u in (False, True)]
               + [Action(k, color=color, uno=u) for k in ("play_drawn", "shield") for color in COLORS
                  for u in (False, True)]
               + [Action("discard", c) for c in CODES] + [Action("color", color=c) for c in COLORS]
               + [Action(k, target=s) for k in ("catch", "swap") for s in range(10)]
               + [Action("jump_in", c, uno=u) for c in CODES for u in (False, True)]
               + [Action(k) for k in ("draw", "pass", "play_drawn", "keep", "accept", "challenge", "shield",
                                      "say_uno", "stop")])
#: every switch of the house-rule registry: hypothesis picks any mix of them, or all at once
SWITCHES = [rule for rule in HOUSE_RULES if rule.switch]
EVERY_RULE = {rule.name: True for rule in SWITCHES}
MAX_STEPS = 200_000      # random play ends far sooner (worst seen: ~4,300 actions)

games = st.fixed_dictionaries({
    "preset": st.sampled_from(PRESETS),
    "players": st.integers(2, 10),
    "seed": st.integers(0, 2**32),
    "house": st.one_of(
        st.fixed_dictionaries({}, optional={
            **{rule.name: st.booleans() for rule in SWITCHES}, "uno_penalty": st.sampled_from([0, 2, 4])}),
        st.just(EVERY_RULE)),
}).map(seated).filter(accepted)      # every combination make_rules accepts, teams at an even table


def choose(game, rng):
    """A random legal action of a random seat that has one; plays are preferred to draws."""
    options = [(s, a) for s in range(game.n) for a in game.legal_actions(s)]
    eager = [o for o in options if o[1].kind not in ("draw", "keep")]
    return rng.choice(eager if eager and rng.random() < 0.95 else options)


def visible_codes(view):
    return set(view["hand"]) | {view["top"]} | {c for s in view["shown"] for c in s["cards"]}


def play_out(spec, check):
    game = Game(make_rules(spec["preset"], **spec["house"]), spec["players"], seed=spec["seed"],
                dealer=spec["seed"] % spec["players"])
    rng = random.Random(spec["seed"])
    for step in range(MAX_STEPS):
        if game.over:
            return game, step
        seat, action = choose(game, rng)
        events = game.apply(seat, action)
        check(game, seat, action, events, rng)
    raise AssertionError("the hand did not end")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_cards_are_conserved_and_every_hand_ends(spec):
    def check(game, seat, action, events, rng):
        assert sum(map(len, game.hands)) + len(game.draw_pile) + len(game.discard) == game.total_cards

    game, _ = play_out(spec, check)
    assert game.over and 0 <= game.winner < game.n


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_an_action_not_in_the_legal_list_is_refused_and_changes_nothing(spec):
    def check(game, seat, action, events, rng):
        who = rng.randrange(game.n)
        legal = game.legal_actions(who)
        bad = rng.choice([a for a in ALL_ACTIONS if a not in legal])
        before = snapshot(game)
        try:
            game.apply(who, bad)
        except IllegalAction as e:
            assert e.reason
        else:
            raise AssertionError(f"{bad} was accepted for seat {who}")
        assert snapshot(game) == before

    play_out(spec, check)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_a_view_never_holds_a_card_its_seat_may_not_see(spec):
    def check(game, seat, action, events, rng):
        if game.over:
            return        # every hand is shown for scoring at the end
        for viewer in [*range(game.n), None]:
            view = seat_view(game, viewer)
            own = sorted(CODES[c] for c in game.hands[viewer]) if viewer is not None else []
            assert view["hand"] == own
            for shown in view["shown"]:
                assert shown["seat"] != viewer
                assert any(s == shown["seat"] and (v is None or viewer in v) for s, _, v in game.shown)
            for event in events:
                seen = redact(event, viewer)
                if "cards" in seen and event["type"] == "draw":
                    assert seen["seat"] == viewer
                if "hand" in seen:
                    assert viewer in event["to"]

    play_out(spec, check)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_the_same_seed_and_actions_give_the_same_game(spec):
    log = []
    game, _ = play_out(spec, lambda g, s, a, e, r: log.append((s, a, e)))
    replay = Game(make_rules(spec["preset"], **spec["house"]), spec["players"], seed=spec["seed"],
                  dealer=spec["seed"] % spec["players"])
    for seat, action, events in log:
        assert replay.apply(seat, action) == events
    assert [seat_view(replay, s) for s in range(game.n)] == [seat_view(game, s) for s in range(game.n)]


def test_every_house_rule_at_once_in_every_edition_keeps_the_cards_and_accepts_what_it_offers():
    """Hypothesis may or may not draw EVERY_RULE; this plays it for sure, on each edition."""
    def check(game, seat, action, events, rng):
        assert sum(map(len, game.hands)) + len(game.draw_pile) + len(game.discard) == game.total_cards

    kinds = set()
    for i, preset in enumerate(PRESETS * 4):
        spec = seated({"preset": preset, "players": 2 + i % 9, "seed": i, "house": EVERY_RULE})
        game, _ = play_out(spec, lambda g, s, a, e, r: (check(g, s, a, e, r), kinds.add(a.kind)))
        assert game.over
    assert {"swap", "jump_in", "stop"} <= kinds        # the new rules were exercised, not just switched on
