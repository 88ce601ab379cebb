"""A person's reaction window (issue 33, item 1) and the turn clock (item 2), at the table: bots
hold their reflexes and the next move waits while a person could still catch, jump in or call UNO;
a press after the window is told who was first; a turn nobody takes is played for its seat."""
import asyncio
import time

from tests.helpers.table import TIMEOUT, bot_seats, match_over, watch_until
from uno_tui.bots.normal import NormalBot
from uno_tui.engine import make_rules, rigged_deck
from uno_tui.table import LocalChannel, Pacing, Seat, Table

#: a person's reaction time in these tests: long enough that a press at 80% of it is not a race
REACTION = 1.0


class Forgetful(NormalBot):
    """A normal bot that never says UNO (so there is a bot to catch)."""
    says_uno = 0.0


def quick(**kw) -> Pacing:
    """Bots that would move and catch at once, but for a person's reaction time."""
    return Pacing(**{"bot_delay": 0, "catch_delay": {"easy": 0, "normal": 0, "hard": 0, "expert": 0},
                     "grace": 10_000, "hand_pause": 10_000, "spectator_pace": 0, "reaction": REACTION, **kw})


def table_of(seats, hands, top, pacing=None, dealer=0, **house) -> Table:
    """Seat 1 to move first (``dealer`` 0), dealt ``hands`` on ``top``."""
    table = Table(make_rules("classic", match_mode="single", **house), seats, seed=1, pacing=pacing or quick(),
                  dealer=dealer)
    table.start(deck=rigged_deck(hands, top, ["B1", "G2", "Y3", "B4", "G6", "Y7", "B8", "G9"] * 3, dealer),
                hand_size=len(hands[0]))
    return table


async def until(check, timeout: float = 5) -> None:
    async with asyncio.timeout(timeout):
        while not check():
            await asyncio.sleep(0.005)


def logged(table, kind: str, seat: int | None = None) -> dict | None:
    return next((e for e, _ in table.log if e["type"] == kind and seat in (None, e.get("seat"))), None)


async def opened(table, kind: str, seat: int) -> float:
    """When ``seat``'s move of ``kind`` opened a person's window (by the table's own clock)."""
    await until(lambda: logged(table, kind, seat) and table.scheduler.window.until is not None)
    return table.scheduler.window.until - table.pacing.reaction


def action(cid: int, **a) -> dict:
    return {"type": "action", "id": cid, "action": a}


async def error_of(channel) -> str:
    async with asyncio.timeout(5):
        while True:
            msg = await channel.recv()
            if msg["type"] == "error":
                return msg["reason"]


async def test_a_person_still_catches_a_bot_after_80_percent_of_the_reaction_time():
    """Seat 1 goes down to one card and forgets UNO; seat 2, to move and quick to catch, holds both
    its catch and its move for the person's reaction time, so the person's catch at 80% lands."""
    table = table_of([Seat("You", "human"), Seat("Forgetful", "bot", bot=Forgetful(1)), Seat("Quick", "bot")],
                     [["G1", "G2"], ["R1", "G9"], ["B6", "B7"]], "R5")
    you = LocalChannel(table, 0)
    start = await opened(table, "play", 1)
    assert table.game.window == 1
    assert table.view(0)["table"]["window_in"] > 0                 # the views say the window runs
    await asyncio.sleep(start + 0.8 * REACTION - time.monotonic())
    assert table.game.window == 1 and logged(table, "play", 2) is None      # nothing closed it yet
    await you.send(action(1, kind="catch", target=1))
    table.close()
    assert logged(table, "catch", 0) == {"type": "catch", "seat": 0, "target": 1, "caught": True}
    assert logged(table, "catch", 2) is None and len(table.game.hands[1]) > 1     # the penalty is the bot's


async def test_a_person_still_jumps_in_after_80_percent_of_the_reaction_time():
    """Seat 1 plays a red 5 the person also holds: seat 2 holds one too, and is to move; it neither
    jumps in nor plays until the person's time is up, so the person's jump-in at 80% lands."""
    table = table_of([Seat("You", "human"), Seat("A", "bot"), Seat("B", "bot")],
                     [["R5", "G2", "G3"], ["R5", "B9", "B8"], ["R5", "Y1", "Y2"]], "R7", jump_in=True)
    you = LocalChannel(table, 0)
    start = await opened(table, "play", 1)
    await asyncio.sleep(start + 0.8 * REACTION - time.monotonic())
    assert logged(table, "jump_in") is None and logged(table, "play", 2) is None
    await you.send(action(1, kind="jump_in", card="R5"))
    table.close()
    assert logged(table, "jump_in") == {"type": "jump_in", "seat": 0, "card": "R5"}


async def test_a_jump_in_after_the_window_is_told_who_was_first():
    table = table_of([Seat("You", "human"), Seat("A", "bot"), Seat("Ben", "bot")],
                     [["R5", "G2", "G3"], ["R5", "B9", "B8"], ["R5", "Y1", "Y2"]], "R7", jump_in=True)
    you = LocalChannel(table, 0)
    await opened(table, "play", 1)
    await until(lambda: logged(table, "play", 2), REACTION + 2)       # Ben, to move, once the person's time is up
    await you.send(action(1, kind="jump_in", card="R5"))
    assert await error_of(you) == "Too late: Ben already played."
    table.close()


async def test_a_catch_after_the_window_is_told_who_was_first():
    table = table_of([Seat("You", "human"), Seat("Forgetful", "bot", bot=Forgetful(1)), Seat("Ben", "bot")],
                     [["G1", "G2"], ["R1", "G9"], ["B6", "B7"]], "R5")
    you = LocalChannel(table, 0)
    await opened(table, "play", 1)
    await until(lambda: logged(table, "catch"), REACTION + 2)
    await you.send(action(1, kind="catch", target=1))
    assert await error_of(you) == "Too late: Ben caught Forgetful first."
    table.close()


async def test_a_person_who_forgot_uno_can_still_call_it_after_80_percent_of_the_reaction_time():
    table = table_of([Seat("You", "human"), Seat("A", "bot"), Seat("B", "bot")],
                     [["R1", "G9"], ["B6", "B7"], ["Y6", "Y7"]], "R5", dealer=2)
    you = LocalChannel(table, 0)
    await you.send(action(1, kind="play", card="R1", uno=False))
    await asyncio.sleep(0.8 * REACTION)
    assert logged(table, "catch") is None
    await you.send(action(2, kind="say_uno"))
    table.close()
    assert table.game.uno_said[0] and logged(table, "catch") is None


async def test_a_bot_that_said_uno_opens_no_window():
    """Down to one card with UNO said, nobody has anything to catch: the next move is not held."""
    table = table_of([Seat("You", "human"), Seat("A", "bot"), Seat("B", "bot")],
                     [["G1", "G2"], ["R1", "G9"], ["B6", "B7"]], "R5")
    LocalChannel(table, 0)
    await until(lambda: logged(table, "play", 1))
    assert table.game.uno_said[1] and table.scheduler.window.until is None
    await until(lambda: logged(table, "draw", 2) or logged(table, "play", 2), 0.8 * REACTION)   # not held
    table.close()


async def test_a_table_of_bots_keeps_no_window():
    table = Table(make_rules("classic", jump_in=True, match_mode="single"), bot_seats(4), seed=3,
                  pacing=quick())
    table.start()
    await watch_until(LocalChannel(table, None), match_over, TIMEOUT)
    table.close()
    assert table.scheduler.window.until is None


async def test_the_turn_clock_plays_for_a_person_who_does_not_move_and_shows_them_away_after_three():
    table = table_of([Seat("You", "human"), Seat("A", "bot"), Seat("B", "bot")],
                     [["G1", "G2", "G3", "G4", "G5"], ["B6", "B7", "B8", "B9", "B1"], ["Y6", "Y7", "Y8", "Y9", "Y1"]],
                     "R5", pacing=quick(turn_timeout=0.3, reaction=0))
    you = LocalChannel(table, 0)
    await until(lambda: table.game.decider == 0)
    assert table.view(0)["table"]["clock_in"] == 1 and table.view(0)["table"]["turn_clock"] == 0.3
    await until(lambda: sum(e["type"] == "table" and e["text"] == "Time is up: a bot moves for You."
                            for e, _ in table.log) == 3)
    await until(lambda: table.seats[0].away)
    assert any(e.get("text") == "You is away." for e, _ in table.log)
    await you.send({"type": "snapshot", "id": 1})             # a key pressed on their screen: back at once
    assert not table.seats[0].away and table.seats[0].timeouts == 0
    assert any(e.get("text") == "You is back." for e, _ in table.log)
    table.close()
