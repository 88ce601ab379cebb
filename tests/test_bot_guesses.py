"""The hard bot's guesses at the hidden cards (bots/memory.py, bots/guesses.py, engine/guess.py) agree
with everything its seat saw, over short random hands in every edition, with any house rules."""
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings, strategies as st

from uno_tui.bots.guesses import Guesses
from uno_tui.bots.memory import Memory
from uno_tui.engine import HOUSE_RULES, PRESETS, Game, make_rules, redact, seat_view
from uno_tui.engine.cards import CODES
from uno_tui.engine.guess import guessed_game

SWITCHES = [rule.name for rule in HOUSE_RULES if rule.switch]

hands = st.fixed_dictionaries({
    "preset": st.sampled_from(PRESETS),
    "players": st.integers(2, 6),
    "seed": st.integers(0, 2**32),
    "moves": st.integers(0, 80),
    "house": st.fixed_dictionaries({}, optional={name: st.booleans() for name in SWITCHES}),
})


def watched(spec):
    """A hand played at random (every seat's legal moves, plays first) for some moves; seat 0's memory
    of it; and its view at the end."""
    rules = make_rules(spec["preset"], **spec["house"])
    game = Game(rules, spec["players"], seed=spec["seed"], dealer=spec["seed"] % spec["players"])
    rng, memory, events = random.Random(spec["seed"]), Memory(), game.setup_events
    for _ in range(spec["moves"]):
        memory.observe(seat_view(game, 0), [redact(e, 0) for e in events])
        options = [(s, a) for s in range(game.n) for a in game.legal_actions(s)]
        if game.over:
            break
        eager = [o for o in options if o[1].kind not in ("draw", "keep")]
        events = game.apply(*rng.choice(eager if eager and rng.random() < 0.9 else options))
    view = seat_view(game, 0)
    memory.observe(view, [redact(e, 0) for e in events])
    return rules, game, memory, {**view, "table": {"deck": rules.deck}}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands)
def test_guesses_fit_what_the_seat_saw(spec):
    rules, game, memory, view = watched(spec)
    if game.over:
        return
    guesses = Guesses(view, memory, rules.deck)
    assert guesses.ok
    # the memory of the discard pile is the discard pile
    assert Counter(memory.under) == Counter(CODES[c] for c in game.discard)
    for seed in range(3):
        hands, draw, under = guesses.deal(random.Random(seed))
        assert [len(h) for h in hands] == view["counts"] and hands[0] == view["hand"]
        assert len(draw) == view["draw_pile"] and len(under) + 1 == view["discard_pile"]
        # every card of the deck once: none the seat saw (its hand, the discard pile) is given to another
        assert Counter([c for h in hands for c in h] + draw + under + [view["top"]]) == Counter(rules.deck)
        assert Counter(under) == Counter(memory.under[:-1])
        for s, known in memory.known.items():       # cards known to be in a hand (shown, handed over) are
            assert not Counter(known) - Counter(hands[s])
        # the game built from the guess is the game the seat sees
        guessed = seat_view(guessed_game(rules, view, hands, draw, under), 0)
        assert same(guessed) == same(view)


def same(view: dict) -> dict:
    """A view's parts that a game built from a guess must give again (legal moves in any order)."""
    return {**{k: v for k, v in view.items() if k not in ("shown", "table")},
            "legal": sorted(view["legal"], key=repr)}


def test_a_hand_shown_in_a_challenge_stays_known_until_its_cards_are_played():
    memory = Memory()
    view = {"seat": 0, "players": 3, "hand": ["R1"], "color": "red", "top": "R5"}
    memory.observe(view, [{"type": "deal"}, {"type": "challenge", "seat": 0, "target": 2, "guilty": True,
                                             "hand": ["B1", "G2"]}])
    assert memory.known[2] == Counter({"B1": 1, "G2": 1}) and 2 in memory.caught
    memory.observe(view, [{"type": "play", "seat": 2, "card": "G2", "color": None}])
    assert +memory.known[2] == Counter({"B1": 1})


def test_a_seven_hands_our_hand_to_the_other_player_and_what_they_lacked_goes_with_theirs():
    memory = Memory()
    view = {"seat": 0, "players": 3, "hand": ["B1", "G2"], "color": "red", "top": "R5"}
    memory.observe(view, [{"type": "deal"}])
    memory.observe(view, [{"type": "draw", "seat": 1, "count": 1, "reason": "draw"}])
    assert memory.lacks[1] == {"red", "rank:5", "wild"}
    memory.observe({"seat": 0, "players": 3, "hand": ["Y9"], "color": "red", "top": "R7"},
                   [{"type": "swap", "seat": 0, "target": 1}])
    assert memory.known[1] == Counter({"B1": 1, "G2": 1}) and 1 not in memory.lacks
    assert 0 not in memory.lacks and 0 not in memory.known


def test_a_seat_that_lacks_a_colour_leaves_the_next_seat_a_fair_share_of_it():
    """The cards a seat passed over (those it lacks) go back at random, not first in line for the
    next seat: with seat 1 lacking red, seat 2's reds are what a fair deal from the rest gives."""
    rules = make_rules("classic")
    game = Game(rules, 3, seed=4, dealer=2)
    view = {**seat_view(game, 0), "table": {"deck": rules.deck}}
    memory = Memory()
    memory.observe(view, [redact(e, 0) for e in game.setup_events])
    memory.lacks[1] = {"red"}
    guesses = Guesses(view, memory, rules.deck)
    rng, reds, deals = random.Random(0), 0, 2000
    for _ in range(deals):
        hands, _, _ = guesses.deal(rng)
        assert not any(c.startswith("R") for c in hands[1])
        reds += sum(c.startswith("R") for c in hands[2])
    pool = Counter(guesses.pool)
    left = len(guesses.pool) - view["counts"][1]           # the cards seat 1 left, all the reds among them
    fair = view["counts"][2] * sum(n for c, n in pool.items() if c.startswith("R")) / left
    assert abs(reds / deals - fair) < 0.15, (reds / deals, fair)
