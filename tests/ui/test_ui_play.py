"""Pilot tests: every decision a player makes with a key or a click, each on a table rigged so
it comes up in a move or two (a whole hand is played through the table in test_table.py)."""
import re
from dataclasses import replace

import pytest
from textual.widgets import Button

from tests.helpers.ui import game_screen, go_out, logged, my_turn, rendered_lines, rigged_app, wait_for, where_drawn
from uno_tui.bots.easy import EasyBot
from uno_tui.engine import card_info, make_rules
from uno_tui.table import LocalChannel, Pacing, Seat, Table
from uno_tui.ui.app import UnoApp
from uno_tui.ui.screens.handover import HandOverScreen
from uno_tui.ui.screens.modals import ColorPicker, RespondModal
from uno_tui.ui.widgets.cardart import corner
from uno_tui.ui.widgets.hand import HandView
from uno_tui.ui.widgets.status import StatusLine

FAST = Pacing.instant()


async def test_a_click_on_a_card_plays_it():
    app = rigged_app([["G7", "R1", "B2"], ["Y1", "Y2", "Y3"]], "R5", ["B1"] * 5)
    async with app.run_test(size=(80, 24)) as pilot:
        hand = (await my_turn(pilot, app)).query_one(HandView)
        await pilot.click(HandView, offset=where_drawn(hand, corner("R1")))     # its corner, as a player finds it
        assert await wait_for(pilot, lambda: logged(app, "You play Red 1"))


async def test_a_refused_card_is_said_where_it_leaves_the_hand_in_sight():
    app = rigged_app([["G7", "R1", "B2"], ["Y1", "Y2", "Y3"]], "R5", ["B1"] * 5)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        hand = (await my_turn(pilot, app)).query_one(HandView)
        await pilot.click(HandView, offset=where_drawn(hand, corner("G7")))
        assert await wait_for(pilot, lambda: app.screen.query("Toast"))      # Textual's notification, by its type's name
        toast = app.screen.query_one("Toast")
        assert "Green 7 cannot be played" in str(toast.render())
        assert not toast.region.overlaps(hand.region)
        log = app.screen.query_one("#log")
        assert toast.region.x >= log.region.x                 # over the log, not the seats on the table


async def test_tab_goes_to_the_next_card_that_can_be_played_and_enter_plays_it():
    app = rigged_app([["G7", "B2", "R1", "Y3"], ["Y1", "Y2", "Y3", "Y4"]], "R5", ["B1"] * 5)
    async with app.run_test(size=(80, 24)) as pilot:
        hand = (await my_turn(pilot, app)).query_one(HandView)
        hand.focus()
        await pilot.press("home", "tab")
        assert hand.cards[hand.cursor] == "R1"
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: logged(app, "You play Red 1"))


async def test_start_screen_play_now_is_one_key_away():
    from uno_tui.ui.app import UnoApp
    app = UnoApp(pacing=FAST)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "play")  # on screen
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: game_screen(app))
        view = game_screen(app).model.view
        assert view.players == 4 and view.table.rules["preset"] == "classic"
        assert [s.level for s in view.table.seats[1:]] == ["normal"] * 3


async def test_the_colour_picker_names_the_colour_of_a_wild():
    app = rigged_app([["W", "G1"], ["Y1", "Y2"]], "R5", ["B1"] * 5)
    async with app.run_test(size=(80, 24)) as pilot:
        hand = (await my_turn(pilot, app)).query_one(HandView)
        await pilot.press("home", *(["right"] * hand.cards.index("W")), "enter")
        assert isinstance(app.screen, ColorPicker)
        await pilot.click("#color-green")
        assert await wait_for(pilot, lambda: logged(app, "You play Wild and name green."))


def wild_draw_four_at_you():
    """The bot starts, and its only play is a Wild Draw Four, played at you (so it bluffs nothing)."""
    return rigged_app([["R1", "G1"], ["W+4", "Y2"]], "B5", ["B1"] * 12, dealer=0)


async def test_a_challenge_from_the_modal():
    # no bluff: the challenge fails
    app = wild_draw_four_at_you()
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, RespondModal))
        assert app.screen.query_one("#challenge", Button)
        await pilot.press("x")
        game = game_screen(app)
        assert await wait_for(pilot, lambda: len(game.model.view.hand) == 2 + 6)
        assert any(line.text.startswith("You challenge Bot1: innocent (Bot1's hand: Yellow 2); you draw 6 (")
                   and line.text.endswith(") and lose the turn.") for line in game.model.log)


async def test_shielding_with_invisibility_from_the_modal():
    app = rigged_app([["WI", "G1", "G2"], ["RS", "Y2", "Y3"]], "R5", ["B1"] * 12, preset="hp2000", dealer=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, RespondModal))
        await pilot.press("s")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ColorPicker))
        await pilot.press("g")
        assert await wait_for(pilot, lambda: logged(app, "shield with Invisibility"))
        assert "WI" not in game_screen(app).model.view.hand


async def test_voldemort_discards_in_the_order_chosen_on_the_hand():
    app = rigged_app([["WV", "R2", "G6", "Y7"], ["B1", "B3", "B4", "B8"]], "R5", ["Y1"] * 8, preset="hp2010")
    async with app.run_test(size=(80, 24)) as pilot:
        game = await my_turn(pilot, app)
        hand = game.query_one(HandView)
        await pilot.press("u", "home", *(["right"] * hand.cards.index("WV")), "enter")   # UNO, with it
        assert await wait_for(pilot, lambda: game.model.view.phase == "discard")
        await pilot.press("home", *(["right"] * hand.cards.index("R2")), "enter")
        assert await wait_for(pilot, lambda: "R2" not in game.model.view.hand)
        await pilot.press("home", "enter")       # G6, the only one left
        assert await wait_for(pilot, lambda: game_screen(app).model.view.hand == ["Y7"])
        assert game_screen(app).model.view.top == "G6"


async def test_uno_said_with_a_play_then_a_bot_catch_fails():
    app = rigged_app([["R1", "R2"], ["Y1", "Y2"]], "R5", ["B1"] * 12)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await my_turn(pilot, app)
        await pilot.press("u", "home", "enter")
        assert await wait_for(pilot, lambda: any(line.text.startswith("You play Red 1") and "UNO" in line.text
                                                 for line in game.model.log))
        # a catch would come before the bot's own move: once it has moved, the window is shut
        assert await wait_for(pilot, lambda: logged(app, "Bot1 plays") or logged(app, "Bot1 draws"))
        assert not logged(app, "catches you")


async def test_forgetting_uno_gets_you_caught():
    app = rigged_app([["R1", "R2"], ["Y1", "Y2"]], "R5", ["B1"] * 12)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_turn(pilot, app)
        await pilot.press("home", "enter")
        assert await wait_for(pilot, lambda: logged(app, "Bot1 catches you without UNO; you draw 4 ("))


async def test_catching_a_bot_that_forgot_uno(monkeypatch):
    monkeypatch.setattr(EasyBot, "says_uno", 0.0)          # this bot always forgets
    # the bot starts with two red cards on a red 5: it plays one and holds one, without UNO
    app = rigged_app([["G1", "G2"], ["R1", "R2"]], "R5", ["B1"] * 12, dealer=0, levels=["easy"])
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: game_screen(app) and game_screen(app).model.view.catchable == 1)
        await pilot.press("c")
        assert await wait_for(pilot, lambda: logged(app, "You catch Bot1"))


async def test_accepting_a_card_played_at_you_from_the_modal():
    app = wild_draw_four_at_you()
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, RespondModal))
        await pilot.press("a")
        assert await wait_for(pilot, lambda: len(game_screen(app).model.view.hand) == 2 + 4)
        assert not any("challenge" in line.text for line in game_screen(app).model.log)


@pytest.mark.parametrize("key", ["p", "enter"])           # Enter: the cursor went to the card drawn
async def test_drawing_then_playing_the_card(key):
    app = rigged_app([["G1", "G2"], ["Y1", "Y2"]], "R5", ["R9", "B1", "B2"])
    async with app.run_test(size=(80, 24)) as pilot:
        await my_turn(pilot, app)
        await pilot.press("d")
        assert await wait_for(pilot, lambda: game_screen(app).model.view.phase == "drawn")
        await pilot.press(key)
        assert await wait_for(pilot, lambda: logged(app, "You play Red 9"))


async def test_with_nothing_to_play_the_status_says_draw_and_d_draws():
    app = rigged_app([["G1", "G2"], ["Y1", "Y2"]], "R5", ["B9", "B1", "B2"])
    async with app.run_test(size=(80, 24)) as pilot:
        game = await my_turn(pilot, app)
        status = game.query_one("#status")
        assert await wait_for(pilot, lambda: "Your turn: nothing you can play: draw (d)." in status.status[0])
        await pilot.press("d")
        assert await wait_for(pilot, lambda: logged(app, "You draw"))


async def test_drawing_then_keeping_the_card():
    app = rigged_app([["G1", "G2"], ["Y1", "Y2"]], "R5", ["R9", "B1", "B2"])
    async with app.run_test(size=(80, 24)) as pilot:
        await my_turn(pilot, app)
        await pilot.press("d")
        assert await wait_for(pilot, lambda: game_screen(app).model.view.phase == "drawn")
        await pilot.press("k")
        assert await wait_for(pilot, lambda: logged(app, "You keep the card."))


async def test_end_of_hand_shows_the_scoring_and_play_again_starts_a_new_match():
    app = rigged_app([["R1"], ["G9"]], "R5", ["B1"] * 30)
    async with app.run_test(size=(100, 30)) as pilot:
        await go_out(pilot, app)
        scoring = app.screen.query_one("#scoring")
        text = " ".join(rendered_lines(scoring))
        assert "G9    9" in text
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: not game_screen(app).model.view.over)
        assert len(game_screen(app).model.view.hand) == 7


async def test_the_scoring_shown_again_from_a_snapshot_still_lists_every_hand():
    app = rigged_app([["R1"], ["G9"]], "R5", ["B1"] * 30)
    async with app.run_test(size=(100, 30)) as pilot:
        await go_out(pilot, app)
        # a resumed or reconnected client has the view (its table's result) but never saw hand_over
        assert app.screen.view.table.result.hands == [[], ["G9"]]
        await app.push_screen(HandOverScreen(app.screen.view))
        await pilot.pause()
        scoring = app.screen.query_one("#scoring")
        text = " ".join(rendered_lines(scoring))
        assert "G9    9" in text and text.count("out") == 1


async def test_a_long_hand_in_the_scoring_wraps_between_cards_never_inside_one():
    held = ["G1", "G2", "G3", "G4", "Y5", "Y6", "Y7", "B8", "B9", "G+2", "Y+2", "BS", "GR", "W+4"]
    app = rigged_app([["R1"], ["G9"]], "R5", ["B1"] * 30)
    async with app.run_test(size=(80, 24)) as pilot:
        await go_out(pilot, app)
        # the same end of hand, as if Bot1 had been left holding 14 cards (a rigged deal cannot)
        view = app.screen.view
        result = replace(view.table.result, hands=[[], held])
        await app.push_screen(HandOverScreen(replace(view, table=replace(view.table, result=result))))
        await pilot.pause()
        scoring = app.screen.query_one("#scoring")
        lines = rendered_lines(scoring)
        bot = [line for line in lines if line.strip() and not line.startswith("You")]
        assert len(bot) > 1                                   # 14 cards do not fit on one line at 80x24
        # the cards start in one column on every line, after the name and the points
        indent = len(bot[1]) - len(bot[1].lstrip())
        assert bot[0].startswith("Bot1") and re.match(r"Bot1 +=", bot[0]) and indent > 17
        you = next(line for line in lines if line.startswith("You"))
        assert you.index("=") == bot[0].index("=")            # the points line up, row under row
        assert all(line[:indent].strip() == "" for line in bot[1:]) and bot[0][indent - 1] == " "
        entries = re.findall(r"(\S+) +(\d+)", " ".join(line[indent:] for line in bot))
        assert entries == [(corner(card), str(card_info(card)["points"])) for card in held], lines


async def test_bindings_are_offered_only_when_possible():
    app = rigged_app([["G1", "G2"], ["Y1", "Y2"]], "R5", ["R9", "B1"])
    async with app.run_test(size=(80, 24)) as pilot:
        game = await my_turn(pilot, app)
        assert game.check_action("draw", ()) and not game.check_action("keep", ())
        assert not game.check_action("catch", ()) and not game.check_action("pass_turn", ())
        await pilot.press("d")
        assert await wait_for(pilot, lambda: game.model.view.phase == "drawn")
        assert game.check_action("keep", ()) and game.check_action("play_drawn", ())
        assert not game.check_action("draw", ())


async def test_a_spectator_is_told_it_is_watching():
    """Someone who joins a game under way watches it: the status line says so, not "waiting"."""
    tables = []

    def start():
        tables.append(Table(make_rules("classic", match_mode="single"), [Seat("Ada", "human"), Seat("Ben", "human")],
                            seed=1, pacing=FAST))
        tables[0].start()
        return LocalChannel(tables[0], None)

    app = UnoApp(autostart=start)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: game_screen(app))
        status, to_move = app.screen.query_one(StatusLine), tables[0].seats[tables[0].game.decider].name
        assert await wait_for(pilot, lambda: f"You are watching this game: {to_move} to play." in status.status[0])
