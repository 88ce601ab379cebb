"""Pilot tests (real time) of a person's reaction window and the turn clock on the game screen: the
prompt stays with a shrinking bar, c and j still land at 80% of the reaction time, a late press says
who was first in the status line, and a turn nobody takes shows its countdown, then is played."""
import asyncio
import time

from tests.helpers.ui import game_screen, logged, wait_for
from tests.unit.test_reaction_windows import Forgetful, quick, table_of
from uno_tui.table import LocalChannel, Seat
from uno_tui.ui.app import UnoApp

#: the set-up's default reaction time: the screen must keep up with presses near its end on a loaded machine
REACTION = 2.0


class Gated(Forgetful):
    """Seat 1's bot: it makes no move until the test opens the gate (once the screen is up: a loaded
    machine can take longer to start the app than a reaction window lasts), then never says UNO."""
    open = False

    def decide(self, view):
        return super().decide(view) if self.open else None


async def open_gate(pilot, app, tables) -> None:
    assert await wait_for(pilot, lambda: game_screen(app) is not None)
    tables[0].seats[1].bot.open = True
    tables[0].resume()                      # every bot plans again: seat 1 moves now


def app_at(table_holder: list, seats, hands, top, pacing=None, **kw) -> UnoApp:
    kw["pacing"] = pacing or quick(reaction=REACTION)

    def start():
        table_holder.append(table_of(seats, hands, top, **kw))
        return LocalChannel(table_holder[0], 0)
    return UnoApp(autostart=start)


def status(app) -> str:
    return game_screen(app).status[0]


def played(table, kind: str, seat: int) -> bool:
    return first(table, kind, seat) is not None


def first(table, kind: str, seat: int) -> int | None:
    """Where in the table's log ``seat``'s first move of ``kind`` is."""
    return next((i for i, (e, _) in enumerate(table.log) if e["type"] == kind and e.get("seat") == seat), None)


async def until_played(pilot, table, kind: str, seat: int) -> None:
    assert await wait_for(pilot, lambda: played(table, kind, seat))


async def window_opened(pilot, table, kind: str, seat: int) -> float:
    """When the table opened the window ``seat``'s move of ``kind`` made (its own clock: the app may
    still be starting when the bots' first moves are made)."""
    assert await wait_for(pilot, lambda: played(table, kind, seat) and table.scheduler.window.until is not None)
    return table.scheduler.window.until - REACTION


async def test_c_catches_a_bot_at_80_percent_of_the_reaction_time_with_the_bar_shown():
    tables = []
    app = app_at(tables, [Seat("You", "human"), Seat("Forgetful", "bot", bot=Gated(1)), Seat("Quick", "bot")],
                 [["G1", "G2"], ["R1", "G9"], ["B6", "B7"]], "R5")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_gate(pilot, app, tables)
        start = await window_opened(pilot, tables[0], "play", 1)
        assert await wait_for(pilot, lambda: game_screen(app) and "Catch Forgetful" in status(app))
        shown = status(app)
        await asyncio.sleep(start + 0.8 * REACTION - time.monotonic())
        await pilot.pause()
        later = status(app)
        assert "█" in shown and later.count("█") < shown.count("█")     # the bar shrinks
        await pilot.press("c")
        assert await wait_for(pilot, lambda: logged(app, "You catch Forgetful"))
        assert not played(tables[0], "catch", 2) or first(tables[0], "catch", 2) > first(tables[0], "catch", 0)


async def test_j_jumps_in_at_80_percent_of_the_reaction_time():
    tables = []
    app = app_at(tables, [Seat("You", "human"), Seat("A", "bot", bot=Gated(1)), Seat("Ben", "bot")],
                 [["R5", "G2", "G3"], ["R5", "B9", "B8"], ["R5", "Y1", "Y2"]], "R7", jump_in=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_gate(pilot, app, tables)
        start = await window_opened(pilot, tables[0], "play", 1)
        assert await wait_for(pilot, lambda: game_screen(app) and "Jump in with your identical card (j)!" in status(app))
        await asyncio.sleep(start + 0.8 * REACTION - time.monotonic())
        await pilot.press("j")
        assert await wait_for(pilot, lambda: played(tables[0], "jump_in", 0))
        assert not played(tables[0], "play", 2) or first(tables[0], "play", 2) > first(tables[0], "jump_in", 0)


async def test_a_late_j_says_who_played_first_in_the_status_line():
    tables = []
    app = app_at(tables, [Seat("You", "human"), Seat("A", "bot"), Seat("Ben", "bot")],
                 [["R5", "G2", "G3"], ["R5", "B9", "B8"], ["R5", "Y1", "Y2"]], "R7", jump_in=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_played(pilot, tables[0], "play", 2)
        assert await wait_for(pilot, lambda: "Jump in" not in status(app))
        await pilot.press("j")
        assert await wait_for(pilot, lambda: status(app) == "Too late: Ben already played.")


async def test_a_turn_nobody_takes_counts_down_then_is_played_for_the_player():
    tables = []
    app = app_at(tables, [Seat("You", "human"), Seat("A", "bot"), Seat("B", "bot")],
                 [["G1", "G2", "G3"], ["B6", "B7", "B8"], ["Y6", "Y7", "Y8"]], "G5", dealer=2,
                 pacing=quick(turn_timeout=2.5, reaction=0))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: game_screen(app) and "s left, then a bot plays for you." in status(app))
        seen = {status(app)}
        assert await wait_for(pilot, lambda: seen.add(status(app)) or logged(app, "Time is up: a bot moves for You."),
                              steps=600)
        counted = {line for line in seen if line.endswith(" s left, then a bot plays for you.")}
        assert len(counted) >= 2, seen                 # it counts down (a loaded machine may skip a second)
        assert played(tables[0], "play", 0) or played(tables[0], "draw", 0)
