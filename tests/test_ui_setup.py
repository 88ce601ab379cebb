"""The set-up screen offers the house-rule registry's switches, those that mean something in the edition."""
from textual.app import App
from textual.widgets import Select, Switch

from uno_tui.engine import HOUSE_RULES
from uno_tui.screens.setup import SetupScreen
from uno_tui.settings import GameSettings


class Host(App):
    def __init__(self, settings):
        super().__init__()
        self.settings = settings

    def on_mount(self) -> None:
        self.push_screen(SetupScreen(self.settings))


async def test_the_set_up_shows_each_switch_of_the_registry_for_its_editions():
    app = Host(GameSettings(house={"draw_until_playable": True}))    # a set-up saved before the rename
    async with app.run_test(size=(100, 60)) as pilot:
        screen = app.screen
        switches = [rule for rule in HOUSE_RULES if rule.switch]
        assert {rule.name for rule in switches if screen.query_one(f"#house-row-{rule.name}").display} == {
            rule.name for rule in switches if "classic" in rule.editions}
        assert screen.query_one("#house-row-sorting_hat_skips").display is False
        assert screen.query_one("#house-draw_to_match", Switch).value is True
        screen.query_one("#edition", Select).value = "hp2021"
        await pilot.pause()
        assert screen.query_one("#house-row-sorting_hat_skips").display is True
        screen.query_one("#house-seven_zero", Switch).value = True
        settings = screen.gather()
        assert settings.edition == "hp2021" and settings.house == {"draw_to_match": True, "seven_zero": True}
        assert settings.rules().seven_zero and settings.rules().draw_to_match
