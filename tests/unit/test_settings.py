"""The set-up is remembered between runs, and a bad file falls back to the default."""
import json

from uno_tui.storage.settings import GameSettings, config_dir, load_settings, save_settings


def test_the_last_setup_is_remembered():
    settings = GameSettings(edition="hp2010", name="Ann", bots=["hard", "easy"], house={"stack_draw_two": True},
                            match_mode="wins", match_target=3)
    save_settings(settings)
    assert load_settings() == settings
    assert settings.rules().stack_draw_two and settings.rules().match_target == 3


def test_an_unreadable_or_invalid_file_gives_the_default():
    config_dir().mkdir(parents=True, exist_ok=True)
    (config_dir() / "settings.json").write_text("{not json")
    assert load_settings() == GameSettings()
    (config_dir() / "settings.json").write_text('{"edition": "nope"}')
    assert load_settings() == GameSettings()


async def test_the_setup_screen_starts_the_game_it_describes():
    from uno_tui.ui.widgets.choice import Choice

    from tests.helpers.ui import game_screen, wait_for
    from uno_tui.ui.app import UnoApp
    app = UnoApp()
    async with app.run_test(size=(100, 40)) as pilot:
        app.menu_choice("setup")
        assert await wait_for(pilot, lambda: app.screen.query("#edition"))
        app.screen.query_one("#edition", Choice).value = "hp2000"
        app.screen.query_one("#players", Choice).value = 3
        await pilot.pause()
        await pilot.press("ctrl+s")
        assert await wait_for(pilot, lambda: game_screen(app))
        view = game_screen(app).model.view
        assert view.table.rules["preset"] == "hp2000" and view.players == 3
    assert load_settings().edition == "hp2000"


def test_the_tables_timing_is_remembered_and_times_its_tables():
    settings = GameSettings(pace="relaxed", reaction=3, turn_clock=120)
    save_settings(settings)
    assert load_settings() == settings
    hosted, solo = settings.pacing(hosted=True), settings.pacing()
    assert (hosted.bot_delay, hosted.reaction, hosted.turn_timeout) == (1.5, 3, 120)
    assert solo.turn_timeout is None and solo.reaction == 3          # a solo game waits for you
    default = GameSettings().pacing(hosted=True)
    assert (default.bot_delay, default.reaction, default.turn_timeout) == (0.9, 2, 60)
    assert GameSettings(reaction=0).pacing().reaction == 0
    for wrong in ({"pace": "glacial"}, {"reaction": 7}, {"turn_clock": 5}):
        (config_dir() / "settings.json").write_text(json.dumps(wrong))
        assert load_settings() == GameSettings(), wrong
