"""Pilot tests of what sits between moves: leaving asks first, every key a dialog's footer offers
works in it, and a lost host is said in a sentence."""
from dataclasses import replace

from tests.helpers.network import LOOPBACK, eventually
from tests.helpers.ui import game_screen, go_out, logged, my_turn, rigged_app, seeded_app, wait_for
from uno_tui.engine import make_rules, rigged_deck
from uno_tui.play.host.session import HostSession
from uno_tui.storage.settings import GameSettings
from uno_tui.table import LocalChannel, Pacing, Seat, Table
from uno_tui.ui.app import UnoApp
from uno_tui.ui.screens.game import GameScreen
from uno_tui.ui.screens.handover import HandOverScreen
from uno_tui.ui.screens.modals import ChatPrompt, ConfirmLeave, RespondModal
from uno_tui.ui.screens.start import StartScreen

SLOW = Pacing(bot_delay=10, catch_delay={"normal": 10}, grace=10, hand_pause=10)


def shown(screen) -> dict:
    """The bindings the screen's footer shows as usable, by key."""
    return {key: active.binding for key, active in screen.active_bindings.items()
            if active.enabled and active.binding.show}


def offered(screen) -> set[str]:
    """The keys the screen's footer shows as usable."""
    return set(shown(screen))


def footer_text(screen) -> str:
    """What the footer says about the keys it shows (their descriptions)."""
    return " ".join(binding.description for binding in shown(screen).values())


async def test_esc_asks_before_leaving_and_staying_changes_nothing():
    app = seeded_app()
    async with app.run_test(size=(80, 24)) as pilot:
        game = await my_turn(pilot, app)
        hand = list(game.model.view.hand)
        await pilot.press("escape")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmLeave))
        assert footer_text(app.screen) == ""            # "Leave (y)" and "Stay (n)" say it, not "Yes"/"No"
        await pilot.press("n")
        assert await wait_for(pilot, lambda: app.screen is game)
        assert game.model.view.hand == hand
        await pilot.press("escape")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmLeave))
        await pilot.press("y")
        assert await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert app.screen.query_one("#resume").display            # the game was saved


async def test_menu_at_the_end_of_a_hand_asks_and_staying_shows_the_scores_again():
    app = rigged_app([["R1"], ["G9"]], "R5", ["B1"] * 30)
    async with app.run_test(size=(100, 30)) as pilot:
        await go_out(pilot, app)
        assert "Play again" in footer_text(app.screen) and "Next hand" not in footer_text(app.screen)
        await pilot.press("m")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmLeave))
        assert app.screen.consequence == "The match is over: nothing is kept to resume."   # no Resume after
        await pilot.press("n")
        assert await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))


def caught_in_the_act(pacing=SLOW):
    """Bob (a human the test plays) throws a Wild Draw Four at you and keeps one card without
    saying UNO: you must answer it, and you may catch him."""
    table = Table(make_rules("classic", match_mode="single"), [Seat("You", "human"), Seat("Bob", "human")],
                  seed=1, pacing=pacing, dealer=0)
    table.start(deck=rigged_deck([["G1", "G2"], ["W+4", "R2"]], "B5", ["B1"] * 20, dealer=0), hand_size=2)
    bob = LocalChannel(table, 1)
    table.handle(bob.listener, {"type": "action", "id": 1,
                                "action": {"kind": "play", "card": "W+4", "color": "red"}})
    return LocalChannel(table, 0)


async def test_catch_works_while_answering_and_the_dialog_footer_offers_it():
    app = UnoApp(autostart=caught_in_the_act)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, RespondModal))
        assert {"c", "a", "x"} <= offered(app.screen)
        assert "d" not in offered(app.screen)                 # the game's own keys are not offered here
        await pilot.press("c")
        assert await wait_for(pilot, lambda: logged(app, "You catch Bob"))
        assert await wait_for(pilot, lambda: "c" not in offered(app.screen))
        await pilot.press("t")                                 # chat works from the dialog too
        assert await wait_for(pilot, lambda: isinstance(app.screen, ChatPrompt))


async def test_esc_in_a_dialog_asks_to_leave_and_staying_keeps_the_dialog():
    app = UnoApp(autostart=caught_in_the_act)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, RespondModal))
        dialog = app.screen
        assert "escape" in offered(dialog)
        await pilot.press("escape")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmLeave))
        await pilot.press("n")
        assert await wait_for(pilot, lambda: app.screen is dialog)     # the question is still there


async def test_the_leave_question_stays_when_the_table_moves_on_under_it():
    # a bot answers for you after a second and a half (long enough for the dialog to show on a busy machine)
    app = UnoApp(autostart=lambda: caught_in_the_act(replace(SLOW, turn_timeout=1.5)))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, RespondModal))
        await pilot.press("escape")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmLeave))
        assert await wait_for(pilot, lambda: logged(app, "Time is up: a bot moves for You."))
        assert await wait_for(pilot, lambda: logged(app, "You accept"))       # the card is answered
        await pilot.pause()
        assert isinstance(app.screen, ConfirmLeave)                 # the question was not taken away
        await pilot.press("n")
        assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))    # nor the stale dialog left


async def test_a_lost_host_is_said_in_words_while_the_client_tries_again():
    session = HostSession(GameSettings(bots=["normal"], match_mode="single"), players=2, headless=True,
                          pacing=SLOW, seed=2)
    port = await session.serve(LOOPBACK, 0)
    app = UnoApp(join=(LOOPBACK, port, "Jo", None, False, session.fingerprint))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: session.joined() == 1)
        session.start()
        assert await wait_for(pilot, lambda: game_screen(app) is not None)
        await session.server.close()                          # no goodbye: as a crashed host
        status = game_screen(app).query_one("#status")
        assert await wait_for(pilot, lambda: "Lost the host; trying again for 30 s" in status.status[0])
        assert isinstance(app.screen, GameScreen)
    await session.close()


async def test_a_player_who_drops_in_the_lobby_keeps_the_seat():
    from tests.helpers.network import join
    session = HostSession(GameSettings(bots=["normal"] * 3), players=4, headless=True, pacing=SLOW)
    port = await session.serve(LOOPBACK, 0)
    ann = await join(port, "Ann")
    seat, token = ann.welcome["seat"], ann.welcome["token"]
    ann.close()
    assert await eventually(lambda: session.seats[seat].conn is None)
    assert session.seats[seat].name == "Ann"
    bob = await join(port, "Bob")
    assert bob.welcome["seat"] != seat                        # Ann's seat waits for her
    back = await join(port, "Ann")
    assert (back.welcome["seat"], back.welcome["token"]) == (seat, token)
    for channel in (bob, back):
        channel.close()
    await session.close()


async def test_hosting_on_a_port_in_use_says_so_on_the_start_screen():
    import socket
    with socket.socket() as taken:
        taken.bind((LOOPBACK, 0))
        taken.listen()
        port = taken.getsockname()[1]
        app = UnoApp(host=dict(settings=GameSettings(), host_name="Hana", players=4, bind=LOOPBACK, port=port))
        async with app.run_test(size=(80, 24)) as pilot:
            notice = lambda: str(app.screen.query_one("#notice").content)   # noqa: E731
            assert await wait_for(pilot, lambda: isinstance(app.screen, StartScreen)
                                  and f"Port {port} is already in use" in notice())


async def test_the_join_form_takes_the_address_as_soon_as_it_opens():
    app = UnoApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.menu_choice("join")
        await pilot.pause()
        await pilot.press(*"10.0.0.9")
        assert app.screen.query_one("#address").value == "10.0.0.9"


async def test_play_now_over_a_saved_game_asks_first_and_back_keeps_it():
    app = seeded_app()
    async with app.run_test(size=(80, 24)) as pilot:
        game = await my_turn(pilot, app)
        hand = list(game.model.view.hand)
        await pilot.press("escape", "y")                       # leave: the game is saved
        assert await wait_for(pilot, lambda: isinstance(app.screen, StartScreen) and app.focused.id == "resume")
        await pilot.press("down", "enter")                     # Play now
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmLeave))
        await pilot.press("n")
        assert await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await pilot.pause()
        assert app.focused.id == "play"                        # Back leaves you where you were
        app.menu_choice("resume")
        assert (await my_turn(pilot, app)).model.view.hand == hand     # the same game, not a new deal
