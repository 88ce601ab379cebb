"""The game on a phone's screen (51 and 45 columns upright, and the narrowest, 40x30): the title
line keeps this seat's score, and each plate the whole name of its seat."""
import pytest
from textual.geometry import Region

from tests.helpers.ui import game_screen, rendered_lines, seeded_app, wait_for
from uno_tui.play.host.session import BOT_NAMES
from uno_tui.ui.widgets.status import TitleBar
from uno_tui.ui.widgets.table import TableView

PHONES = [(51, 40), (45, 40), (40, 30)]
LEVELS = ("easy", "normal", "hard") * 3


async def game_on(pilot, app):
    assert await wait_for(pilot, lambda: game_screen(app) is not None)
    await pilot.pause()
    return game_screen(app)


@pytest.mark.parametrize("size", PHONES)
@pytest.mark.parametrize("players", [4, 10])
async def test_the_title_keeps_my_score_on_a_phone(size, players):
    app = seeded_app(bots=LEVELS[:players - 1], seed=4, match_mode="first_to")
    async with app.run_test(size=size) as pilot:
        game = await game_on(pilot, app)
        bar = game.query_one(TitleBar)
        # the whole bar: rendered_lines reads a padded widget's content size, one cell short here
        [title] = [strip.text for strip in bar.render_lines(Region(0, 0, *bar.outer_size))]
        assert "you: 0 pts" in title and "500" in title, title


@pytest.mark.parametrize("size", PHONES)
@pytest.mark.parametrize("players", [4, 10])
async def test_each_plate_shows_its_whole_name_on_a_phone(size, players):
    # Ben deals, so Cleo (of the longest name) plays first: "▶ Cleo" on her plate
    app = seeded_app(bots=LEVELS[:players - 1], seed=4, dealer=2, match_mode="first_to")
    async with app.run_test(size=size) as pilot:
        game = await game_on(pilot, app)
        assert game.view.decider == 3
        shown = "\n".join(rendered_lines(game.query_one(TableView)))
        names = BOT_NAMES[:players - 1]
        assert [name for name in names if name not in shown] == [], shown
        assert "▶ Cleo" in shown and shown.count("bot") == len(names), shown      # and "bot" on each plate
