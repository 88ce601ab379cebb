"""The hard bot's guesses at the hidden cards (bots/memory.py, bots/guesses.py, engine/guess.py) agree
with everything its seat saw, over short random hands in every edition, with any house rules."""
import random
from collections import Counter

from hypothesis import HealthCheck, example, given, settings, strategies as st

from uno_tui.bots.cards import color_of, lacked
from uno_tui.bots.guesses import Guesses
from uno_tui.bots.memory import Memory
from uno_tui.engine import HOUSE_RULES, PRESETS, Game, make_rules, redact, seat_view
from uno_tui.engine.cards import CODES
from uno_tui.engine.actions import Action
from uno_tui.engine.guess import guessed_game
from uno_tui.bots.players import make_bot
from tests.helpers.engine import seated

SWITCHES = [rule.name for rule in HOUSE_RULES if rule.switch]

hands = st.fixed_dictionaries({
    "preset": st.sampled_from(PRESETS),
    "players": st.integers(2, 6),
    "seed": st.integers(0, 2**32),
    "moves": st.integers(0, 80),
    "house": st.fixed_dictionaries({}, optional={name: st.booleans() for name in SWITCHES}),
}).map(seated)


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


def fits(cards: list[str], entries: list[frozenset]) -> bool:
    """Can each card be given its own entry, none that lacks it? (a bipartite matching)"""
    owner: dict[int, int] = {}

    def place(i: int, tried: set) -> bool:
        for j, lacks in enumerate(entries):
            if j not in tried and not lacked(cards[i], lacks):
                tried.add(j)
                if j not in owner or place(owner[j], tried):
                    owner[j] = i
                    return True
        return False
    return len(cards) == len(entries) and all(place(i, set()) for i in range(len(cards)))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands)
# (teams, a partner next once mercy put a seat out) a red 5 played over a Draw Two it would not strike its partner
# with was read as its highest red
@example({"preset": "hp2021", "players": 4, "seed": 21, "moves": 0,
          "house": {"draw_to_match": True, "teams": True, "strict_wild_draw_four": True, "seven_zero": True,
                    "mercy": True}})
# a Wild Draw Four stacked on a deflected Draw Two was read as chosen freely (so as lacking red)
@example({"preset": "classic", "players": 4, "seed": 309815846,
          "house": {"stack_draw_two": True, "deflect": True, "stack_mixed": True, "teams": True}})
def test_against_normal_bots_what_each_card_seems_not_to_be_is_true(spec):
    """The memory's model of a player is the normal bot: against normal bots, in every edition and
    under any house rules, the real cards of each hand fit the lacks it keeps for them (one card to
    each entry), but while a player decides on the card it just drew."""
    rules = make_rules(spec["preset"], **spec["house"])
    table = {"rules": {k: v for k, v in rules.to_dict().items() if k != "deck"}, "deck": rules.deck}
    game = Game(rules, spec["players"], seed=spec["seed"], dealer=spec["seed"] % spec["players"])
    bots = [make_bot("normal", spec["seed"] + s) for s in range(game.n)]
    memory, events = Memory(), game.setup_events
    for _ in range(300):
        views = [{**seat_view(game, s), "table": table} for s in range(game.n)]
        memory.observe(views[0], [redact(e, 0) for e in events])
        for s in range(1, game.n):
            unknown = Counter(CODES[c] for c in game.hands[s]) - memory.known.get(s, Counter())
            assert fits(list(unknown.elements()), memory.cards[s]) or (game.phase == "drawn" and game.decider == s), (
                s, sorted(unknown.elements()), memory.cards[s])
        if game.over:
            break
        acting = [(s, a) for s in range(game.n) if (a := bots[s].decide(views[s])) is not None]
        seat, action = next((s, a) for s, a in acting if s != game.decider) if len(acting) > 1 else acting[0]
        events = game.apply(seat, Action.from_dict(action))


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
    assert memory.lacks(1) == {"red", "rank:5", "wild"}
    memory.observe({"seat": 0, "players": 3, "hand": ["Y9"], "color": "red", "top": "R7"},
                   [{"type": "swap", "seat": 0, "target": 1}])
    assert memory.known[1] == Counter({"B1": 1, "G2": 1}) and not memory.lacks(1)
    assert not memory.lacks(0) and 0 not in memory.known


def test_a_seat_that_lacks_a_colour_leaves_the_next_seat_a_fair_share_of_it():
    """The cards a seat passed over (those it lacks) go back at random, not first in line for the
    next seat: with seat 1 lacking red, seat 2's reds are what a fair deal from the rest gives."""
    rules = make_rules("classic")
    game = Game(rules, 3, seed=4, dealer=2)
    view = {**seat_view(game, 0), "table": {"deck": rules.deck}}
    memory = Memory()
    memory.observe(view, [redact(e, 0) for e in game.setup_events])
    memory.cards[1] = [frozenset({"red"})] * view["counts"][1]
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


def seen(*steps):
    """A memory of seat 0 at a 3-seat table after each step's events (red 5 on top, then the top each
    play leaves), the view after them giving seats 1 and 2 the step's hand sizes."""
    memory, color, top = Memory(), "red", "R5"
    memory.observe({"seat": 0, "players": 3, "hand": ["B1", "G2"], "color": color, "top": top, "counts": [2, 5, 5]},
                   [{"type": "deal"}])
    for events, counts in steps:
        for ev in events:
            if ev["type"] == "play":
                top = ev["card"]
                color = ev.get("color") or color_of(top)
        memory.observe({"seat": 0, "players": 3, "hand": ["B1", "G2"], "color": color, "top": top,
                        "counts": [2, *counts]}, events)
    return memory


def draw(seat, count=1, reason="draw"):
    return {"type": "draw", "seat": seat, "count": count, "reason": reason}


def play(seat, card, color=None):
    return {"type": "play", "seat": seat, "card": card, "color": color}


def test_a_card_drawn_after_a_hand_showed_a_lack_may_be_anything_and_the_lack_stays_with_the_rest():
    # seat 1 draws on red 5 and plays the card drawn at once: its five still lack red, and the red 7
    # shows nothing of them (it was not chosen from the hand)
    steps = [([draw(1)], (6, 5)), ([play(1, "R7")], (5, 5))]
    memory = seen(*steps)
    assert memory.cards[1] == [frozenset({"red", "rank:5", "wild"})] * 5
    # two cards more as a penalty: they may be anything, so the hand no longer lacks red as a whole,
    # but the five it held still do
    memory = seen(*steps, ([draw(1, 2, "draw_two")], (7, 5)))
    assert memory.lacks(1) == set()
    assert sorted(memory.cards[1], key=len) == [frozenset()] * 2 + [frozenset({"red", "rank:5", "wild"})] * 5
    # ... also when another player says UNO in between
    memory = seen(([draw(1)], (6, 5)), ([{"type": "say_uno", "seat": 2}, play(1, "R7")], (5, 5)))
    assert memory.cards[1] == [frozenset({"red", "rank:5", "wild"})] * 5
    # a card drawn and kept could have been played: it lacks nothing
    memory = seen(([draw(1)], (6, 5)), ([{"type": "keep", "seat": 1}], (6, 5)))
    assert memory.cards[1][-1] == frozenset() and memory.lacks(1) == set()
    # the card played at once is the one drawn, whatever the others seem to lack
    memory = seen(([play(1, "R3")], (4, 5)), ([play(2, "B3")], (4, 4)), ([draw(1)], (5, 4)), ([play(1, "B7")], (4, 4)))
    assert memory.cards[1] == [frozenset({("red", 3), "blue", "rank:3", "wild"})] * 4


def test_a_wild_shows_the_rest_of_the_hand_lacked_the_colour_and_the_number_a_followed_colour_its_higher_cards():
    memory = seen(([play(1, "W", "blue")], (4, 5)))
    assert memory.lacks(1) == {"red", "rank:5"}
    assert seen(([play(1, "W+4", "blue")], (4, 5))).lacks(1) == {"red", "rank:5"}
    # a Wild Draw Four stacked on a Draw Two (a house rule) answers the attack: it shows no colour
    assert seen(([play(1, "R+2")], (4, 5)), ([play(2, "W+4", "blue")], (4, 4))).lacks(2) == set()
    memory = seen(([play(2, "R3")], (5, 4)))
    lacks = memory.cards[2][0]
    assert lacked("R4", lacks) and lacked("RS", lacks) and not lacked("R2", lacks) and not lacked("B9", lacks)
    # a jump-in is out of turn: it shows nothing
    memory = seen(([{"type": "jump_in", "seat": 2, "card": "R5"}, play(2, "R5")], (5, 4)))
    assert memory.cards[2] == [frozenset()] * 4


def test_the_card_played_is_taken_from_those_that_may_be_it():
    # seat 1 drew on red 5 a card it could not play (all six lack red and 5s), then took a penalty
    # card (may be anything): its blue 5 can only be the penalty card, so all six that lack 5s stay
    memory = seen(([draw(1)], (6, 5)), ([draw(1, 1, "catch")], (7, 5)), ([play(1, "B5")], (6, 5)))
    assert sorted(len(e) for e in memory.cards[1]) == [3] * 6


def test_a_card_played_beside_a_partner_shows_nothing_unless_it_strikes():
    """teams: the normal bot never strikes a partner when another play will do, so with seat 3 out
    seat 2 (next to its partner, seat 0) may hold a red Draw Two over the red 5 it played; seat 1 (between
    opponents) may not."""
    memory = Memory()
    view = {"seat": 0, "players": 4, "hand": ["B1"], "color": "red", "top": "R1", "counts": [1, 4, 4, 0],
            "teams": [0, 1, 0, 1], "out": [False, False, False, True]}
    memory.observe(view, [{"type": "deal"}])
    memory.observe({**view, "top": "R5", "counts": [1, 3, 3, 0]}, [play(1, "R5"), play(2, "R5")])
    assert memory.cards[1] == [frozenset({("red", 5)})] * 3 and memory.cards[2] == [frozenset()] * 3
    # a card that strikes the partner was the only play that would do: the rest shows as before
    memory.observe({**view, "top": "R+2", "counts": [1, 3, 2, 0]}, [play(2, "R+2")])
    assert memory.cards[2] == [frozenset({("red", 20)})] * 2
