"""The new house rules at the keyboard, and the rules help per edition."""
from tests.helpers.ui import FROZEN, game_screen, rigged_app, wait_for
from uno_tui.engine import Action, make_rules
from uno_tui.ui.rules_help import help_markdown
from uno_tui.ui.screens.modals import RespondModal, SeatPicker

HANDS = [["R5", "R7", "G2"], ["Y1", "Y2", "Y3"], ["B4", "B5", "B6"]]


def logged(app, text: str) -> bool:
    return any(text in line.text for line in game_screen(app).model.log)


async def test_a_seven_asks_whose_hand_to_take_and_a_number_key_answers():
    app = rigged_app(HANDS, "R9", ["G1"] * 6, pacing=FROZEN, seven_zero=True)
    async with app.run_test(size=(100, 30)) as pilot:
        assert await wait_for(pilot, lambda: game_screen(app) and game_screen(app).model.my_decision())
        assert "j" not in app.screen.active_bindings          # no jump-in offered: the footer does not show it
        game_screen(app).moves.act(Action("play", "R7"))
        assert await wait_for(pilot, lambda: isinstance(app.screen, SeatPicker))
        await pilot.press("2")                   # the second seat offered: Bot2
        assert await wait_for(pilot, lambda: logged(app, "You swap hands with Bot2."))
        assert sorted(game_screen(app).model.view.hand) == ["B4", "B5", "B6"]


async def test_j_jumps_in_with_the_card_identical_to_the_top_one_and_the_footer_says_so():
    app = rigged_app(HANDS, "R5", ["G1"] * 6, pacing=FROZEN, dealer=0, jump_in=True)     # Bot1 is to play
    async with app.run_test(size=(100, 30)) as pilot:
        assert await wait_for(pilot, lambda: game_screen(app) and game_screen(app).check_action("jump_in", ()))
        assert app.screen.active_bindings["j"].binding.description == "Jump in!"     # in the footer now
        await pilot.press("j")
        assert await wait_for(pilot, lambda: logged(app, "You jump in with Red 5."))
        assert game_screen(app).model.view.turn == 1 and "R5" not in game_screen(app).model.view.hand


async def test_after_a_multi_play_s_first_card_n_is_no_more_in_the_footer_and_ends_it():
    app = rigged_app([["B7", "G7", "Y3"], ["Y1", "Y2", "Y4"], ["R4", "R5", "R6"]], "B5", ["G1"] * 6,
                     pacing=FROZEN, multi_play=True)
    async with app.run_test(size=(100, 30)) as pilot:
        assert await wait_for(pilot, lambda: game_screen(app) and game_screen(app).model.my_decision())
        game_screen(app).moves.act(Action("play", "B7"))
        assert await wait_for(pilot, lambda: game_screen(app).model.view.phase == "more")
        assert await wait_for(pilot, lambda: "n" in app.screen.active_bindings)
        assert app.screen.active_bindings["n"].binding.description == "No more"
        await pilot.press("n")
        assert await wait_for(pilot, lambda: game_screen(app).model.view.turn == 1)
        assert sorted(game_screen(app).model.view.hand) == ["G7", "Y3"]        # the other 7 kept


async def test_a_draw_two_at_you_is_deflected_by_h_and_one_passed_on_to_you_says_who_passed_it():
    """The dialog names the answer (deflect, not stack), and a draw another player passed on with a
    Skip is said to be passed on by them, not played by them."""
    app = rigged_app([["BS", "G1", "Y3"], ["B2", "B3", "Y8"], ["B+2", "Y2", "G6"]], "B5", ["G9"] * 12,
                     dealer=1, deflect=True)                                  # Bot2 plays the Draw Two at you
    async with app.run_test(size=(100, 30)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, RespondModal))
        assert str(app.screen.query_one("#dialog-title").render()) == "Bot2 played a Blue Draw Two at you: draw 2."
        assert str(app.screen.query_one("#hand").label) == "Deflect with a card (h)"
        await pilot.press("h", "enter")                                       # the cursor is on the Skip
        assert await wait_for(pilot, lambda: logged(app, "You deflect the draw of 2 to Bot1."))
    app = rigged_app([["G1", "Y3", "Y4"], ["B+2", "B3", "Y8"], ["BS", "Y2", "G6"]], "B5", ["G9"] * 12,
                     dealer=0, deflect=True)                                  # Bot1 at Bot2, who skips it on
    async with app.run_test(size=(100, 30)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, RespondModal))
        assert str(app.screen.query_one("#dialog-title").render()) == "Bot2 passed a Blue Draw Two on to you: draw 2."
        assert not app.screen.query("#hand")                                 # nothing to deflect it with


def test_the_help_describes_only_the_edition_s_special_cards_and_its_wild_draw_four_rule():
    hp2000 = help_markdown(make_rules("hp2000").to_dict())
    assert "Howler" in hp2000 and "Invisibility" in hp2000
    assert "Sorting Hat**" not in hp2000 and "Voldemort" not in hp2000
    assert "or any other wild" in hp2000
    classic = help_markdown(make_rules("classic").to_dict())
    assert "## Special cards" not in classic and "or any other wild" not in classic
    hp2018 = help_markdown(make_rules("hp2018", seven_zero=True).to_dict())
    assert "Sorting Hat**" in hp2018 and "nobody draws" in hp2018 and "7 swaps" in hp2018
