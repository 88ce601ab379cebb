"""The set-up screen: compact (10 seats fit at 80x24), opens at the top on its first field, names each
edition's special cards, and offers the house-rule registry's switches that mean something in the edition."""
from textual.app import App
from textual.widgets import Button, Checkbox, Input, Label

from tests.helpers.ui import rendered_lines
from uno_tui.engine import HOUSE_RULES
from uno_tui.storage.settings import GameSettings
from uno_tui.ui.app import UnoApp
from uno_tui.ui.screens.setup import SetupScreen
from uno_tui.ui.widgets.choice import Choice
from uno_tui.ui.widgets.fields import TickBox


class Host(App):
    CSS_PATH = UnoApp.CSS_PATH                # laid out as the game lays it out

    def __init__(self, settings):
        super().__init__()
        self.settings, self.chosen = settings, None

    def on_mount(self) -> None:
        self.push_screen(SetupScreen(self.settings), lambda chosen: setattr(self, "chosen", chosen))


async def test_the_set_up_shows_each_switch_of_the_registry_for_its_editions():
    app = Host(GameSettings(house={"draw_until_playable": True}))    # a set-up saved before the rename
    async with app.run_test(size=(100, 60)) as pilot:
        screen = app.screen
        switches = [rule for rule in HOUSE_RULES if rule.switch]
        assert {rule.name for rule in switches if screen.query_one(f"#house-{rule.name}").display} == {
            rule.name for rule in switches if "classic" in rule.editions}
        assert screen.query_one("#house-sorting_hat_skips").display is False
        assert screen.query_one("#house-draw_to_match", Checkbox).value is True
        screen.query_one("#edition", Choice).value = "hp2021"
        await pilot.pause()
        assert screen.query_one("#house-sorting_hat_skips").display is True
        screen.query_one("#house-seven_zero", Checkbox).value = True
        settings = screen.gather()
        assert settings.edition == "hp2021" and settings.house == {"draw_to_match": True, "seven_zero": True}
        assert settings.rules().seven_zero and settings.rules().draw_to_match


async def test_the_set_up_fits_at_80x24_opens_on_its_first_field_and_keys_work():
    app = Host(GameSettings(edition="hp2000", bots=["easy", "normal", "hard"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert app.focused is screen.query_one("#edition", Choice)
        scroll = screen.query_one("#setup")
        assert scroll.scroll_y == 0 and scroll.max_scroll_y == 0           # nothing below the fold
        for widget in screen.query("Choice, Input, Checkbox, Button"):
            if widget.display and widget.parent.display:
                assert widget.region.bottom <= 23 and widget.region.height == 1, widget   # above the footer
        [shown] = rendered_lines(screen.query_one("#edition"))
        assert shown.rstrip(" ▼").rstrip() == "UNO Harry Potter (2000) — Howler, Invisibility" and shown.endswith("▼")
        edition_says = str(screen.query_one("#setup-hint").content)
        await pilot.press("tab", *"Kim")                                  # the name, one tab down
        assert screen.query_one("#name", Input).value == "Kim"
        assert str(screen.query_one("#setup-hint").content).startswith("Your name, as the table shows it")
        await pilot.press("tab", "tab")                                   # Players, then Computer 1: its level's
        assert str(screen.query_one("#setup-hint").content) == "easy: plays at random and forgets to say UNO."
        await pilot.press("right")
        assert str(screen.query_one("#setup-hint").content) == "normal: follows sound rules of thumb."
        await pilot.press("left")
        screen.query_one("#match_mode", Choice).focus()
        await pilot.pause()
        assert str(screen.query_one("#setup-hint").content).startswith("Match: single, one hand; first to, ")
        screen.query_one("#start", Button).focus()
        await pilot.pause()
        assert str(screen.query_one("#setup-hint").content) == edition_says   # elsewhere: the edition's, never blank
        target = screen.query_one("#match_target", Input)
        target.focus()
        await pilot.press("tab")                                          # left empty: nothing wrong with it
        assert not target.has_class("-invalid")
        hint = lambda: str(screen.query_one("#setup-hint").content)       # noqa: E731
        assert hint().startswith("Pace: how long each computer player's turn takes")     # the table's timing
        await pilot.press("tab")
        assert hint().startswith("Reactions: how long you have to catch, jump in or call UNO")
        await pilot.press("tab")
        assert hint().startswith("Turn clock (hosted games)")
        await pilot.press("tab")
        assert hint() == "Official: no house rules, the printed rules."   # the preset, and what it switches on
        await pilot.press("tab")
        assert hint().startswith("Draw Twos stack: ")                     # what the focused rule does
        screen.query_one("#players", Choice).value = 10
        screen.query_one("#edition", Choice).value = "hp2021"             # its description is the longest
        screen.query_one("#edition", Choice).focus()
        await pilot.pause()
        assert hint().startswith("100 coloured cards")
        assert scroll.max_scroll_y == 0                                   # ten seats fit too
        await pilot.press("ctrl+s")
        assert app.chosen.name == "Kim" and app.chosen.bots == ["easy", "normal", "hard"] + ["normal"] * 6


async def test_a_preset_ticks_its_house_rules_says_what_they_are_and_is_remembered():
    app = Host(GameSettings(bots=["normal"] * 3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        preset = screen.query_one("#preset", Choice)
        preset.value = "No mercy"
        preset.focus()
        await pilot.pause()
        ticked = {b.id.removeprefix("house-") for b in screen.query(Checkbox) if b.value}
        assert ticked == {"stack_draw_two", "stack_draw_four", "mercy", "draw_to_match"}
        assert str(screen.query_one("#setup-hint").content) == (
            "No mercy: Draw Twos stack, Wild Draw Fours stack, mercy: out at 25 cards, draw until you can play.")
        await pilot.press("right")                                           # on to "Custom": the ticks stay
        assert preset.value == "" and str(screen.query_one("#setup-hint").content) == "Custom: the house rules as ticked."
        assert {b.id.removeprefix("house-") for b in screen.query(Checkbox) if b.value} == ticked
        screen.query_one("#house-jump_in", Checkbox).value = True            # by hand: no preset any more
        await pilot.pause()
        assert preset.value == ""
        await pilot.press("ctrl+s")
    assert app.chosen.rules().mercy and app.chosen.rules().jump_in
    again = Host(app.chosen)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.screen.query_one("#house-mercy", Checkbox).value


async def test_teams_label_each_seat_and_an_odd_table_is_refused_with_the_reason():
    app = Host(GameSettings(bots=["normal"] * 2))             # three players
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#house-teams", Checkbox).value = True
        await pilot.pause()
        labels = [str(screen.query_one(f"#bot-row-{i}").query_one(Label).content) for i in range(3)]
        assert labels == ["B·Computer 1", "A·Computer 2", "B·Computer 3"]
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.chosen is None and isinstance(app.screen, SetupScreen)      # refused: nothing lost
        assert screen.query_one("#house-teams", Checkbox).value
        screen.query_one("#players", Choice).value = 4
        await pilot.pause()
        await pilot.press("ctrl+s")
    assert app.chosen.rules(players=4).teams and len(app.chosen.bots) == 3


async def test_the_tables_timing_is_chosen_on_the_set_up_screen():
    app = Host(GameSettings(pace="quick", reaction=1, turn_clock=30))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert [screen.query_one(f"#{name}", Choice).value for name in ("pace", "reaction", "turn_clock")] == [
            "quick", 1, 30]                                                   # as saved
        screen.query_one("#reaction", Choice).focus()
        await pilot.press("enter", "down", "down", "enter")                  # 1 s -> 3 s, by keys
        screen.query_one("#turn_clock", Choice).value = 0
        screen.query_one("#pace", Choice).value = "relaxed"
        await pilot.press("ctrl+s")
        assert (app.chosen.pace, app.chosen.reaction, app.chosen.turn_clock) == ("relaxed", 3, 0)


async def test_on_a_narrow_screen_the_house_rules_go_under_the_seats_whole_and_scroll_into_view():
    app = Host(GameSettings())
    async with app.run_test(size=(51, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        seats, house = screen.query_one("#setup-seats").region, screen.query_one("#setup-house").region
        assert house.y >= seats.bottom and house.right <= 51                  # under the seats, on screen
        for box in screen.query(TickBox):
            if box.display:
                assert box.label.plain in "".join(rendered_lines(box)), box.label.plain   # each rule whole
    app = Host(GameSettings())
    async with app.run_test(size=(40, 30)) as pilot:
        await pilot.pause()
        hint = app.screen.query_one("#setup-hint")
        app.screen.query_one("#name").focus()
        await pilot.pause()
        assert hint.region.bottom <= 29 and str(hint.content).startswith("Your name")     # in view, above the footer
        last = app.screen.query_one("#house-mercy", TickBox)
        last.focus()
        await pilot.pause(0.5)
        assert app.screen.query_one("#setup").scroll_y > 0 and last.region.bottom <= hint.region.y   # scrolled to it
        assert str(app.screen.query_one("#setup-hint").content).startswith("Mercy: out at 25 cards: ")
