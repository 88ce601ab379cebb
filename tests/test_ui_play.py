"""Pilot tests: a player at the keyboard and mouse plays whole hands and every decision."""
from textual.widgets import Button

from tests.ui_helpers import game_screen, rigged_app, seeded_app, wait_for
from uno_tui.screens.game import GameScreen
from uno_tui.screens.modals import ColorPicker, HandOverScreen, RespondModal
from uno_tui.table import Pacing
from uno_tui.widgets.hand import HandView

FAST = Pacing.instant()
STEPS = 600


async def my_turn(pilot, app) -> GameScreen:
    """The game screen, once the first view is in and it is my decision."""
    assert await wait_for(pilot, lambda: game_screen(app) and game_screen(app).model.my_decision())
    return game_screen(app)


def logged(app, text: str) -> bool:
    return any(text in line["text"] for line in game_screen(app).model.log)


async def play_by_keys(pilot, app, use_mouse=False) -> int:
    """Play my turns until the hand is over, with keys (or clicks on cards). Returns moves made."""
    moves = 0
    for _ in range(STEPS):
        await pilot.pause(0.005)
        screen, game = app.screen, game_screen(app)
        if game is None:                         # the first view is not in yet
            continue
        view = game.model.view
        if isinstance(screen, HandOverScreen):
            return moves
        if isinstance(screen, ColorPicker):
            await pilot.press("r")
            continue
        if isinstance(screen, RespondModal):
            await pilot.press("a")
            continue
        if not game.model.my_decision():
            continue
        kinds = {a["kind"] for a in view["legal"]}
        if view["phase"] == "drawn":
            if any(a.get("uno") for a in view["legal"]) and not game.uno_armed:
                await pilot.press("u")
            await pilot.press("p")
        elif "say_uno" in kinds:
            await pilot.press("u")
        elif view["phase"] in ("turn", "discard") and game.model.playable_cards():
            if any(a.get("uno") for a in view["legal"]) and not game.uno_armed:
                await pilot.press("u")                 # say UNO with the play that leaves one card
            hand = game.query_one(HandView)
            target = next(i for i, c in enumerate(hand.cards) if c in game.model.playable_cards())
            if use_mouse:
                top, _, left, _ = hand._boxes[target]
                await pilot.click(HandView, offset=(left + 2 + 1, top + 1 + 1))
            else:
                hand.focus()
                await pilot.press("tab", "enter")      # tab: the next card that can be played
        elif "draw" in kinds:
            await pilot.press("d")
        elif "pass" in kinds:
            await pilot.press("n")
        moves += 1
    raise AssertionError("the hand did not end")


#: a short hand with a bit of everything: a wild's colour, a Draw Two, UNO, drawing
SHORT = ([["R1", "W", "G7", "R+2"], ["G1", "G2", "Y3", "B4"], ["Y1", "B2", "G3", "R9"]], "R5",
         ["B5", "Y6", "G8", "R3", "B9"] * 6)


async def test_a_short_hand_played_to_its_end_with_the_keyboard():
    app = rigged_app(*SHORT, levels=["easy", "easy"])
    async with app.run_test(size=(100, 30)) as pilot:
        moves = await play_by_keys(pilot, app)
        assert moves >= 3
        assert game_screen(app).model.view["over"]


async def test_a_whole_seeded_hand_played_with_the_mouse():
    app = seeded_app(bots=("easy", "easy"), pacing=FAST, match_mode="single", seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        await play_by_keys(pilot, app, use_mouse=True)
        assert game_screen(app).model.view["over"]


async def test_start_screen_play_now_is_one_key_away():
    from uno_tui.app import UnoApp
    app = UnoApp(pacing=FAST)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "play")  # on screen
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: game_screen(app))
        view = game_screen(app).model.view
        assert view["players"] == 4 and view["table"]["rules"]["preset"] == "classic"
        assert [s["level"] for s in view["table"]["seats"][1:]] == ["normal"] * 3


async def test_the_colour_picker_names_the_colour_of_a_wild():
    app = rigged_app([["W", "G1"], ["Y1", "Y2"]], "R5", ["B1"] * 5)
    async with app.run_test(size=(80, 24)) as pilot:
        hand = (await my_turn(pilot, app)).query_one(HandView)
        await pilot.press("home", *(["right"] * hand.cards.index("W")), "enter")
        assert isinstance(app.screen, ColorPicker)
        await pilot.click("#color-green")
        assert await wait_for(pilot, lambda: logged(app, "You played Wild, naming green."))


async def test_a_challenge_from_the_modal():
    # the bot's only play is a Wild Draw Four, so it bluffs nothing: the challenge fails
    app = rigged_app([["R1", "G1"], ["W+4", "Y2"]], "B5", ["B1"] * 12, dealer=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, RespondModal))
        assert app.screen.query_one("#challenge", Button)
        await pilot.press("x")
        game = game_screen(app)
        assert await wait_for(pilot, lambda: len(game.model.view["hand"]) == 2 + 6)
        assert any("challenged" in line["text"] and "innocent" in line["text"] for line in game.model.log)


async def test_shielding_with_invisibility_from_the_modal():
    app = rigged_app([["WI", "G1", "G2"], ["RS", "Y2", "Y3"]], "R5", ["B1"] * 12, preset="hp2000", dealer=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, RespondModal))
        await pilot.press("s")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ColorPicker))
        await pilot.press("g")
        assert await wait_for(pilot, lambda: logged(app, "shielded with Invisibility"))
        assert "WI" not in game_screen(app).model.view["hand"]


async def test_voldemort_discards_in_the_order_chosen_on_the_hand():
    app = rigged_app([["WV", "R2", "G6", "Y7"], ["B1", "B3", "B4", "B8"]], "R5", ["Y1"] * 8, preset="hp2010")
    async with app.run_test(size=(80, 24)) as pilot:
        game = await my_turn(pilot, app)
        hand = game.query_one(HandView)
        await pilot.press("u", "home", *(["right"] * hand.cards.index("WV")), "enter")   # UNO, with it
        assert await wait_for(pilot, lambda: game.model.view["phase"] == "discard")
        await pilot.press("home", *(["right"] * hand.cards.index("R2")), "enter")
        assert await wait_for(pilot, lambda: "R2" not in game.model.view["hand"])
        await pilot.press("home", "enter")       # G6, the only one left
        assert await wait_for(pilot, lambda: game_screen(app).model.view["hand"] == ["Y7"])
        assert game_screen(app).model.view["top"] == "G6"


async def test_uno_said_with_a_play_then_a_bot_catch_fails():
    app = rigged_app([["R1", "R2"], ["Y1", "Y2"]], "R5", ["B1"] * 12)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await my_turn(pilot, app)
        await pilot.press("u", "home", "enter")
        assert await wait_for(pilot, lambda: any(line["text"].startswith("You played Red 1") and "UNO" in line["text"]
                                                 for line in game.model.log))
        await pilot.pause(0.2)                   # time for a bot to try a catch
        assert not logged(app, "caught You")


async def test_forgetting_uno_gets_you_caught():
    app = rigged_app([["R1", "R2"], ["Y1", "Y2"]], "R5", ["B1"] * 12)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_turn(pilot, app)
        await pilot.press("home", "enter")
        assert await wait_for(pilot, lambda: logged(app, "caught You"))


async def test_catching_a_bot_that_forgot_uno():
    slow = Pacing(bot_delay=0.3, catch_delay={"easy": 10, "normal": 10, "hard": 10}, grace=10, hand_pause=10)
    # the easy bot goes down to one card; it forgets UNO now and then, so try seeds until it does
    app = rigged_app([["G1", "G2", "G3"], ["R1", "R2", "B3"]], "R5", ["B1"] * 12, dealer=0, pacing=slow,
                     levels=["easy"])
    async with app.run_test(size=(80, 24)) as pilot:
        game = None
        assert await wait_for(pilot, lambda: game_screen(app).model.view["counts"][1] == 2, steps=300)
        game = game_screen(app)
        # it is now our turn; the bot holds two cards; play on so it reaches one
        await pilot.press("d")
        await wait_for(pilot, lambda: game.model.view["counts"][1] == 1 or game.model.view["over"], steps=300)
        if game.model.view["catchable"] == 1:
            await pilot.press("c")
            assert await wait_for(pilot, lambda: logged(app, "You caught Bot1"))
        else:
            assert game.check_action("catch", ()) is False


async def test_drawing_then_keeping_the_card():
    app = rigged_app([["G1", "G2"], ["Y1", "Y2"]], "R5", ["R9", "B1", "B2"])
    async with app.run_test(size=(80, 24)) as pilot:
        await my_turn(pilot, app)
        await pilot.press("d")
        assert await wait_for(pilot, lambda: game_screen(app).model.view["phase"] == "drawn")
        await pilot.press("k")
        assert await wait_for(pilot, lambda: logged(app, "You kept the card."))


async def test_end_of_hand_shows_the_scoring_and_play_again_starts_a_new_match():
    app = rigged_app([["R1"], ["G9"]], "R5", ["B1"] * 30)
    async with app.run_test(size=(100, 30)) as pilot:
        await my_turn(pilot, app)
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        text = str(app.screen.query_one("#scoring").render())
        assert "G9" in text and "9" in text
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: not game_screen(app).model.view["over"])
        assert len(game_screen(app).model.view["hand"]) == 7


async def test_bindings_are_offered_only_when_possible():
    app = rigged_app([["G1", "G2"], ["Y1", "Y2"]], "R5", ["R9", "B1"])
    async with app.run_test(size=(80, 24)) as pilot:
        game = await my_turn(pilot, app)
        assert game.check_action("draw", ()) and not game.check_action("keep", ())
        assert not game.check_action("catch", ()) and not game.check_action("pass_turn", ())
        await pilot.press("d")
        assert await wait_for(pilot, lambda: game.model.view["phase"] == "drawn")
        assert game.check_action("keep", ()) and game.check_action("play_drawn", ())
        assert not game.check_action("draw", ())
