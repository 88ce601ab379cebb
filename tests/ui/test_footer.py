"""The footer (widgets/footer.py) is one widget drawing Textual's footer line: a click on a key
presses it, the palette key at the right opens the palette, keys come and go with the turn."""
from textual.command import CommandPalette

from tests.helpers.ui import my_turn, seeded_app, wait_for
from uno_tui.ui.app import UnoApp
from uno_tui.ui.widgets.footer import Footer


async def test_a_click_on_a_key_presses_it_and_the_palette_key_opens_the_palette():
    app = UnoApp()
    async with app.run_test(size=(80, 24)) as pilot:
        footer = app.screen.query_one(Footer)
        assert await wait_for(pilot, lambda: footer.keys)
        await pilot.hover(Footer, offset=(1, 0))           # hovered keys are drawn lit, nothing else
        await pilot.click(Footer, offset=(footer.size.width - 3, 0))
        assert await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press("escape")
        assert await wait_for(pilot, lambda: not isinstance(app.screen, CommandPalette))
        await pilot.click(Footer, offset=(1, 0))            # " q Quit "
        assert await wait_for(pilot, lambda: not app.is_running)


async def test_the_keys_of_your_turn_come_and_go_with_it():
    app = seeded_app()
    async with app.run_test(size=(120, 40)) as pilot:
        game = await my_turn(pilot, app)
        listed = lambda: [description for _, _, description, _ in game.query_one(Footer).keys]
        assert await wait_for(pilot, lambda: "Draw" in listed())
        await pilot.press("d")
        assert await wait_for(pilot, lambda: "Draw" not in listed())
