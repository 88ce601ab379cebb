"""The set-up's and lobby's menus (Choice) as a player uses them: keys and clicks open the list under
the field with the value chosen highlighted, and the field redraws what was picked."""
import pytest
from textual.app import App
from textual.widgets import OptionList

from tests.helpers.ui import rendered_lines, where_drawn
from uno_tui.ui.widgets.choice import Choice, ChoiceList

LEVELS = [("easy", "easy"), ("normal", "normal"), ("hard", "hard"), ("expert", "expert")]


class Form(App):
    CSS = "Choice { width: 20; margin-top: 3; }"

    def __init__(self, options=LEVELS, value="normal", steps=True):
        super().__init__()
        self.changes, self.choice = [], Choice(options, value, steps=steps, id="level")

    def compose(self):
        yield self.choice

    def on_choice_changed(self, event: Choice.Changed) -> None:
        self.changes.append(event.value)


async def opened(pilot, app) -> tuple[Choice, OptionList]:
    """Focus the form's menu and open its list by Enter: (the menu, its list)."""
    choice = app.query_one(Choice)
    choice.focus()
    await pilot.press("enter")
    await pilot.pause()
    return choice, app.screen.query_one(OptionList)


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
        assert not isinstance(app.screen, ChoiceList) and choice.value == "easy" and app.focused is choice


async def test_the_list_opens_above_a_field_with_no_room_below():
    app = Form()
    app.CSS = "Choice { width: 20; dock: bottom; }"
    async with app.run_test(size=(40, 20)) as pilot:
        choice, options = await opened(pilot, app)
        assert options.region.bottom == choice.region.y and options.region.height == len(LEVELS) + 2


async def test_a_menu_that_does_not_step_takes_no_left_or_right_and_prevent_holds_its_message():
    app = Form(steps=False)
    async with app.run_test(size=(40, 20)) as pilot:
        choice = app.query_one(Choice)
        choice.focus()
        await pilot.press("right", "left", "right")
        await pilot.pause()
        assert choice.value == "normal" and app.changes == []
        with app.prevent(Choice.Changed):
            choice.value = "hard"
        await pilot.pause()
        assert app.changes == [] and rendered_lines(choice)[0].split() == ["hard", "▼"]


async def test_long_labels_keep_one_line_each_on_a_narrow_screen_and_a_resize_closes_the_list():
    editions = [(f"UNO Harry Potter ({year}) — Howler, Invisibility, Sorting Hat", year)
                for year in (2000, 2010, 2018, 2021)]
    app = Form(editions, 2018)
    app.CSS = "Choice { width: 1fr; margin-top: 3; }"
    async with app.run_test(size=(40, 20)) as pilot:
        choice, options = await opened(pilot, app)
        assert options.virtual_size.height == 4 and options.max_scroll_y == 0     # a line an option, all shown
        shown = [line for line in rendered_lines(options) if "UNO Harry Potter" in line]
        assert shown and all(line.rstrip(" ▎").endswith("…") for line in shown), shown
        await pilot.resize_terminal(30, 20)
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceList) and app.focused is choice and choice.value == 2018


async def test_with_no_room_above_or_below_the_list_takes_the_larger_gap_and_scrolls():
    numbers = [(str(n), n) for n in range(2, 11)]                        # nine: eleven lines with the border
    app = Form(numbers, 4)
    app.CSS = "Choice { width: 20; margin-top: 3; }"
    async with app.run_test(size=(40, 10)) as pilot:
        choice, options = await opened(pilot, app)
        assert options.region.y == choice.region.bottom and options.region.bottom == 10   # below: 6 lines, above: 3
        assert not options.region.overlaps(choice.region)
        await pilot.press("end", "enter")
        assert choice.value == 10


def test_a_value_that_is_not_a_choice_is_refused():
    with pytest.raises(ValueError, match="'godlike' is not one of the choices"):
        Choice(LEVELS, "godlike")
    choice = Choice(LEVELS, "normal")
    with pytest.raises(ValueError, match="'godlike' is not one of the choices"):
        choice.value = "godlike"
    assert choice.value == "normal"
