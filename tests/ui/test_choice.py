"""The set-up's and lobby's menus (Choice) as a player uses them: keys and clicks open the list under
the field with the value chosen highlighted, and the field redraws what was picked."""
from textual.app import App
from textual.widgets import OptionList

from tests.helpers.ui import rendered_lines, where_drawn
from uno_tui.ui.widgets.choice import Choice, ChoiceList

LEVELS = [("easy", "easy"), ("normal", "normal"), ("hard", "hard"), ("expert", "expert")]


class Form(App):
    CSS = "Choice { width: 20; margin-top: 3; }"

    def __init__(self):
        super().__init__()
        self.changes = []

    def compose(self):
        yield Choice(LEVELS, "normal", id="level")

    def on_choice_changed(self, event: Choice.Changed) -> None:
        self.changes.append(event.value)


async def test_keys_open_the_list_under_the_field_pick_and_step_and_the_field_says_the_value():
    app = Form()
    async with app.run_test(size=(40, 20)) as pilot:
        choice = app.query_one(Choice)
        choice.focus()
        await pilot.pause()
        assert rendered_lines(choice)[0].split() == ["normal", "▼"]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceList)
        options = app.screen.query_one(OptionList)
        assert options.highlighted == 1                              # the value chosen
        assert options.region.y == choice.region.bottom and options.region.x == choice.region.x
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceList) and app.focused is choice
        assert choice.value == "expert" and rendered_lines(choice)[0].split() == ["expert", "▼"]
        await pilot.press("right")                                   # past the last: the first
        await pilot.pause()
        assert choice.value == "easy" and rendered_lines(choice)[0].split() == ["easy", "▼"]
        await pilot.press("left", "left")
        assert choice.value == "hard"
        await pilot.press("enter", "down", "escape")                 # Esc: nothing picked
        await pilot.pause()
        assert choice.value == "hard" and app.changes == ["expert", "easy", "expert", "hard"]


async def test_a_click_opens_the_list_a_click_on_an_option_picks_it_and_one_elsewhere_closes_it():
    app = Form()
    async with app.run_test(size=(40, 20)) as pilot:
        choice = app.query_one(Choice)
        await pilot.click(Choice)
        await pilot.pause()
        assert isinstance(app.screen, ChoiceList)
        options = app.screen.query_one(OptionList)
        x, y = where_drawn(options, "easy")
        await pilot.click(OptionList, offset=(x, y))
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceList) and choice.value == "easy"
        await pilot.click(Choice)
        await pilot.pause()
        await pilot.click(offset=(35, 18))                           # away from the list
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceList) and choice.value == "easy"


async def test_the_list_opens_above_a_field_with_no_room_below():
    app = Form()
    app.CSS = "Choice { width: 20; dock: bottom; }"
    async with app.run_test(size=(40, 20)) as pilot:
        choice = app.query_one(Choice)
        choice.focus()
        await pilot.press("enter")
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        assert options.region.bottom == choice.region.y and options.region.height == len(LEVELS) + 2


def test_a_value_that_is_not_a_choice_is_refused():
    choice = Choice(LEVELS, "normal")
    try:
        choice.value = "godlike"
    except ValueError as e:
        assert "'godlike' is not one of the choices" in str(e)
    else:
        raise AssertionError("a value outside the choices was taken")
