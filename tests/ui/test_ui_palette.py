"""Ctrl+P finds every command by name at any time (those not possible now marked so, not hidden),
and no key that does something positive is Esc."""
from textual.command import CommandList, CommandPalette

from tests.helpers.ui import game_screen, my_turn, rigged_app, seeded_app, wait_for
from uno_tui.ui.app import UnoApp
from uno_tui.ui.screens.modals import ConfirmLeave, RespondModal
from uno_tui.ui.screens.start import StartScreen


def found(app) -> list[str]:
    """The palette's results as shown: each a title, a newline, its help."""
    lists = app.screen.query(CommandList)
    results = lists.first() if lists else None
    return [str(results.get_option_at_index(i).prompt) for i in range(results.option_count)] if results else []


async def search(pilot, app, text: str) -> list[str]:
    """Open the palette (closing one left open first) and type."""
    if isinstance(app.screen, CommandPalette):
        await pilot.press("escape")
        assert await wait_for(pilot, lambda: not isinstance(app.screen, CommandPalette))
    await pilot.press("ctrl+p")
    assert await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette))
    await pilot.press(*text)
    assert await wait_for(pilot, lambda: found(app))
    return found(app)


async def test_the_palette_finds_say_uno_and_shows_what_is_unavailable_now():
    app = seeded_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_turn(pilot, app)
        assert any(line.startswith("Say UNO (unavailable now)") for line in await search(pilot, app, "uno"))
        titles = [line.split("\n")[0] for line in await search(pilot, app, "draw")]
        assert "Draw a card" in titles                       # possible now: no mark


async def test_stacking_is_a_letter_and_esc_does_not_stack():
    app = rigged_app([["R+2", "G1", "Y3"], ["B2", "B3", "Y8"], ["B+2", "Y2", "G6"]], "B5", ["G9"] * 12,
                     dealer=1, stack_draw_two=True)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, RespondModal))
        assert "Stack a card (h)" in str(app.screen.query_one("#hand").label)
        assert "stack a card from your hand (h, then Enter)" in game_screen(app).query_one("#status").status[0]
        await pilot.press("escape")                   # Esc asks to leave, as everywhere: never stacks
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmLeave))
        await pilot.press("n")
        assert await wait_for(pilot, lambda: isinstance(app.screen, RespondModal))
        assert any(line.startswith("Catch! (unavailable now)") for line in await search(pilot, app, "catch"))
        await pilot.press("escape")
        assert await wait_for(pilot, lambda: isinstance(app.screen, RespondModal))
        await pilot.press("h")
        assert await wait_for(pilot, lambda: not isinstance(app.screen, RespondModal))
        assert app.screen.query_one("#hand").has_focus


async def test_the_start_screen_s_menu_is_in_the_palette():
    app = UnoApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        titles = [line.split("\n")[0] for line in await search(pilot, app, "lan")]
        assert {"Host a LAN game", "Join a LAN game"} <= set(titles) and "Resume" not in titles
        start = next(screen for screen in app.screen_stack if isinstance(screen, StartScreen))
        offered = [command.title for command in start.palette_menu()]
        assert "New game…" in offered and "Resume" not in offered         # no game saved


def test_esc_only_ever_cancels_declines_or_goes_back():
    import importlib
    import pkgutil

    from textual.screen import Screen

    import uno_tui.ui.screens
    backing_out = {"back", "leave", "game('leave')", "go('menu')", "pick(None)", "answer(False)", "dismiss(None)", "dismiss", "app.pop_screen"}
    screens = {cls for info in pkgutil.iter_modules(uno_tui.ui.screens.__path__)
               for cls in vars(importlib.import_module(f"uno_tui.ui.screens.{info.name}")).values()
               if isinstance(cls, type) and issubclass(cls, Screen)}
    escapes = {(cls.__name__, b.action) for cls in screens for b in cls.BINDINGS if "escape" in b.key.split(",")}
    assert escapes and {action for _, action in escapes} <= backing_out, escapes


async def test_a_dialog_over_the_game_offers_the_game_s_commands_and_one_over_the_start_screen_none():
    from uno_tui.ui.screens.help import HelpScreen
    app = seeded_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await my_turn(pilot, app)
        await pilot.press("question_mark")            # the rules, over the game
        assert await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert "Draw a card" in [line.split("\n")[0] for line in await search(pilot, app, "draw")]
    app = UnoApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(HelpScreen())                 # the rules, over the start screen
        assert await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        titles = [line.split("\n")[0] for line in await search(pilot, app, "a")]
        assert "Draw a card" not in titles and "Join a LAN game" not in titles and "Light or dark" in titles
