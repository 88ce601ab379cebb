"""A hard bot's search (up to 0.3 s, a third of its pause at a fast table) runs off the event loop:
the host answers a ping while the bot thinks."""
import asyncio
import time
from collections import Counter

import pytest

from tests.helpers.searching import pings_while_searching
from uno_tui.engine import make_rules, rigged_deck
from uno_tui.table import LocalChannel, Pacing, Seat, Table


async def test_the_host_answers_pings_while_a_hard_bot_searches():
    """A spectator's pings are answered while a bot's search is going on (how fast: bench/pings.py)."""
    during = await pings_while_searching(30)
    assert len(during) >= 30, "no ping was answered while a bot searched"


def test_a_table_gives_its_searching_bots_their_pause_to_think_in():
    assert Pacing().search_budget() == 0.3                  # a 0.9 s pause: the bot's own default
    assert Pacing(bot_delay=0.15).search_budget() == pytest.approx(0.15)     # hard thinks inside the pause
    assert Pacing(bot_delay=0.15).search_budget("expert") == pytest.approx(0.15)
    assert Pacing(bot_delay=0.5).search_budget("expert") == pytest.approx(0.5)
    assert Pacing.instant().search_budget() == 0.01         # a table with no pause: quick, not mindless
    table = Table(make_rules("classic"), [Seat("H", "bot", "hard"), Seat("N", "bot", "normal")],
                  pacing=Pacing(bot_delay=0.15))
    assert table.seats[0].bot.budget == pytest.approx(0.15)
    assert table.seats[0].bot.playouts is None              # a person's table: seconds, as the machine allows
    tested = Table(make_rules("classic"), [Seat("H", "bot", "hard"), Seat("N", "bot", "normal")],
                   pacing=Pacing.instant())
    assert tested.seats[0].bot.playouts == 20               # tests: the same moves however loaded the machine


async def test_an_expert_thinks_through_its_pause_and_plays_when_it_is_over():
    """An expert starts thinking when its turn comes, with the whole pause as its budget, and its
    move lands when the pause is over: the table waits for it no longer than for hard."""
    pause = 0.8                 # long enough that a loaded machine's delays stay well short of it
    table = Table(make_rules("classic"), [Seat("X", "bot", "expert"), Seat("N", "bot", "normal")], seed=3,
                  pacing=Pacing(bot_delay=pause, catch_delay={"expert": 0, "normal": 0}, grace=0, hand_pause=0,
                                spectator_pace=0))                # (the watcher below is told at once)
    expert = table.seats[0].bot
    assert expert.budget == pytest.approx(pause) and expert.playouts is None
    started: list[float] = []
    expert.decide = stamped(expert.decide, started)
    updates: list[tuple[float, int, set]] = []      # (when, whose decision it became, who moved)
    table.connect(None, lambda msg: updates.append((time.monotonic(), msg["view"]["decider"],
                                                    {e.get("seat") for e in msg.get("events", ())}))
                  if "view" in msg else None)

    def decisions() -> list[tuple[float, float]]:
        """Each decision of the expert: from the update that asked it to the update its move made."""
        return [(t, t2) for (t, decider, _), (t2, _, movers) in zip(updates, updates[1:]) if decider == 0 and 0 in movers]

    table.start()
    await until(lambda: len(decisions()) >= 2, 10 * pause)
    table.close()
    for start, end in decisions():
        assert end - start >= pause - 0.02                                  # the pause is kept
        assert end - start < 1.6 * pause           # the search is inside it (after it: two pauses), with room for load
        # it began thinking well before its pause was over (hard begins when it is)
        assert any(start <= s < start + 0.75 * pause for s in started), (start, started)


def stamped(decide, times: list):
    def wrapped(view):
        times.append(time.monotonic())
        return decide(view)
    return wrapped


def expert_between(pause: float, hands: list[list[str]]) -> Table:
    """Seats 0 and 2 humans, seat 1 an expert thinking through its pause (catching at once); with
    jump-ins; seat 0 to move on R9 with ``hands``, the rest of the deck to draw from (so the
    expert's guesses add up and it searches)."""
    seats = [Seat("H0", "human"), Seat("X", "bot", "expert"), Seat("H2", "human")]
    rules = make_rules("classic", jump_in=True, match_mode="single")
    table = Table(rules, seats, seed=1,
                  pacing=Pacing(bot_delay=pause, catch_delay={"expert": 0}, grace=0, hand_pause=0, spectator_pace=0))
    rest = Counter(rules.deck)
    rest.subtract([card for hand in hands for card in hand] + ["R9"])
    table.start(deck=rigged_deck(hands, "R9", sorted(rest.elements()), dealer=2), hand_size=len(hands[0]))
    return table


def asked(bot) -> list[tuple[int, float]]:
    """What the bot is asked to decide, as it starts deciding: (whose decision it is, its budget)."""
    calls, decide = [], bot.decide
    bot.decide = lambda view: calls.append((view["decider"], bot.budget)) or decide(view)
    return calls


async def until(check, timeout: float = 5) -> None:
    async with asyncio.timeout(timeout):
        while not check():
            await asyncio.sleep(0.005)


async def moved(table: Table, seat: int, kinds: tuple[str, ...], timeout: float) -> dict:
    """The first event of ``kinds`` made by ``seat``, once it is in the table's log."""
    def first() -> dict | None:
        return next((e for e, _ in table.log if e.get("seat") == seat and e["type"] in kinds), None)
    await until(lambda: first() is not None, timeout)
    return first()


def play(cid: int, card: str, kind: str = "play", uno: bool = False) -> dict:
    return {"type": "action", "id": cid, "action": {"kind": kind, "card": card, "uno": uno}}


async def test_an_expert_whose_turn_was_taken_while_it_thought_looks_at_once_for_what_it_may_do():
    """Seat 2 jumps in while the expert thinks over its turn: once its thought is back, the expert
    (no longer the one to move, and seat 0 a human who has not moved) looks at once for what it
    may do out of turn (a catch, a jump-in), rather than waiting for a move that may never come."""
    pause = 0.4
    table = expert_between(pause, [["R5", "G1", "G2"], ["R1", "R2", "Y1"], ["R5", "B6", "B7"]])
    calls = asked(table.seats[1].bot)
    first, third = LocalChannel(table, 0), LocalChannel(table, 2)
    await first.send(play(1, "R5"))
    await until(lambda: calls)                          # it is thinking (on its thread)
    await third.send(play(1, "R5", "jump_in"))
    assert table.game.decider == 0 and 1 in table.scheduler.thinking and len(calls) == 1
    await until(lambda: len(calls) == 2, pause + 2)
    table.close()
    assert [decider for decider, _ in calls] == [1, 0] and table.game.decider == 0   # asked out of turn; nothing moved


async def test_an_expert_that_thinks_again_after_a_change_keeps_to_its_pause():
    """Seat 0 jumps in on its own card while the expert thinks over its turn: the table changed, so
    the expert thinks again, with only what is left of its pause, and its move lands about when the
    pause is over, not a whole second pause later."""
    pause = 0.8
    table = expert_between(pause, [["R5", "R5", "G1"], ["R1", "R2", "Y1"], ["B5", "B6", "Y3"]])
    calls, first = asked(table.seats[1].bot), LocalChannel(table, 0)
    start = time.monotonic()
    await first.send(play(1, "R5"))
    await until(lambda: calls)                          # it is thinking (on its thread)
    await first.send(play(2, "R5", "jump_in", uno=True))          # (down to one card: nothing to catch)
    assert table.game.decider == 1 and 1 in table.scheduler.thinking
    await moved(table, 1, ("play", "draw"), 4 * pause)
    took = time.monotonic() - start
    table.close()
    (first_decider, first_budget), (again, budget) = calls[:2]      # (then it is asked out of turn)
    assert first_decider == again == 1 and first_budget > 0.4 and budget < 0.05, calls   # what was left of the pause
    assert pause - 0.05 < took < 1.6 * pause, took         # not a second whole pause (with room for load)
