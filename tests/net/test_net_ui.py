"""A hosting app and a joining app in one test, playing cards at each other over 127.0.0.1."""
import contextlib

from textual.widgets import Static

from tests.helpers.network import LOOPBACK
from tests.helpers.ui import game_screen, my_turn, rendered_lines, wait_for
from uno_tui.engine import rigged_deck
from uno_tui.play.host.session import HostSession
from uno_tui.play.joincode import spaced
from uno_tui.storage.settings import GameSettings
from uno_tui.table import Pacing
from uno_tui.ui.app import UnoApp
from uno_tui.ui.widgets.choice import Choice
from uno_tui.ui.screens.game import GameScreen
from uno_tui.ui.screens.handover import HandOverScreen
from uno_tui.ui.screens.lobby import LobbyScreen
from uno_tui.ui.screens.modals import ColorPicker, ConfirmLeave, RespondModal


async def act(pilot, app) -> bool:
    """If it is this player's move, make one (keys only). Returns whether it moved."""
    if isinstance(app.screen, ColorPicker):
        await pilot.press("b")
        return True
    if isinstance(app.screen, RespondModal):
        await pilot.press("a")
        return True
    screen = app.screen
    if not isinstance(screen, GameScreen) or not screen.model.my_decision():
        return False
    view = screen.model.view
    if view.phase == "drawn":
        await pilot.press("p")
    elif screen.model.playable_cards():
        if any(a.uno for a in view.legal) and not screen.uno_armed:
            await pilot.press("u")
        await pilot.press("tab", "enter")
    else:
        await pilot.press("d")
    return True

@contextlib.asynccontextmanager
async def hana_hosting():
    """Hana hosting from the app for herself and one more, in her lobby: (app, pilot, session)."""
    settings = GameSettings(bots=["normal"], match_mode="single")
    host_app = UnoApp(host=dict(settings=settings, host_name="Hana", players=2, bind="127.0.0.1", port=0),
                      pacing=Pacing.instant(), seed=3)
    async with host_app.run_test(size=(100, 30)) as host_pilot:
        assert await wait_for(host_pilot, lambda: isinstance(host_app.screen, LobbyScreen)
                              and host_app.screen.lobby is not None)
        yield host_app, host_pilot, host_app.session


async def test_the_host_seats_a_bot_from_a_seat_menu_by_keys_and_left_or_right_seat_nobody():
    """Each change of a lobby menu seats or unseats at once, so only a pick from its list does."""
    async with hana_hosting() as (host_app, host_pilot, session):
        menu = host_app.screen.query_one("#seat-1", Choice)
        menu.focus()
        await host_pilot.press("right", "left", "right")
        await host_pilot.pause(0.2)
        assert session.seats[1].kind == "open" and menu.value == ""
        assert "open: a friend, or a bot at the start" in rendered_lines(menu)[0]      # what an open seat comes to
        await host_pilot.press("enter", "down", "down", "enter")            # open, bot: easy, bot: normal
        assert await wait_for(host_pilot, lambda: session.seats[1].kind == "bot" and session.seats[1].level == "normal")
        assert await wait_for(host_pilot, lambda: "(normal)" in str(host_app.screen.query_one("#who-1").content))
        assert menu.value == "normal"


async def test_host_and_join_apps_play_cards_at_each_other():
    async with hana_hosting() as (host_app, host_pilot, session):
        assert host_app.screen.query_one("#seat-1", Choice).display
        join_app = UnoApp(join=("127.0.0.1", session.port, "Jo", None, False), pacing=Pacing.instant())
        async with join_app.run_test(size=(100, 30)) as join_pilot:
            # a typed address, never joined before: its key is shown, as the host's lobby shows it, and asked about
            assert await wait_for(join_pilot, lambda: isinstance(join_app.screen, ConfirmLeave))
            assert spaced(session.fingerprint) in str(join_app.screen.query_one(".hint", Static).content)
            assert spaced(session.fingerprint) in str(host_app.screen.query_one("#addresses", Static).content)
            await join_pilot.press("y")
            assert await wait_for(join_pilot, lambda: isinstance(join_app.screen, LobbyScreen))
            assert await wait_for(host_pilot, lambda: session.seats[1].name == "Jo")
            assert await wait_for(join_pilot, lambda: "Jo  (you)" in str(join_app.screen.query_one("#who-1").content))
            assert not join_app.screen.query_one("#seat-1", Choice).display     # the host's controls only
            await host_pilot.press("ctrl+s")
            assert await wait_for(host_pilot, lambda: isinstance(host_app.screen, GameScreen))
            assert await wait_for(join_pilot, lambda: game_screen(join_app).model.view is not None)
            plays = {"Hana": 0, "Jo": 0}
            for _ in range(400):
                view = game_screen(host_app).model.view
                if view and view.over or min(plays.values()) >= 3:
                    break
                for name, app, pilot in (("Hana", host_app, host_pilot), ("Jo", join_app, join_pilot)):
                    if await act(pilot, app):
                        plays[name] += 1
                await host_pilot.pause(0.02)
            assert min(plays.values()) >= 3 or view.over
            host_log = [line.text for line in game_screen(host_app).model.log]
            join_log = [line.text for line in game_screen(join_app).model.log]
            assert any(t.startswith(("Jo plays", "Jo draws")) for t in host_log)
            assert any(t.startswith(("Hana plays", "Hana draws")) for t in join_log)
            # both screens show the same table: the same top card and counts
            assert await wait_for(join_pilot, lambda: game_screen(join_app).model.view.counts
                                  == game_screen(host_app).model.view.counts)
        await session.close()

@contextlib.asynccontextmanager
async def jo_to_play(match_mode: str = "single", jo_hand=("G1", "G2"), other_hand=("G3", "G4")):
    """A headless host, and Jo joined from an app and dealt ``jo_hand`` to play first against a
    bot holding ``other_hand``: (session, app, pilot, screen)."""
    session = HostSession(GameSettings(bots=["normal"], match_mode=match_mode), players=2, headless=True,
                          pacing=Pacing(bot_delay=10, hand_pause=60, ready_wait=60))
    port = await session.serve(LOOPBACK, 0)
    join_app = UnoApp(join=(LOOPBACK, port, "Jo", None, False, session.fingerprint))
    try:
        async with join_app.run_test(size=(100, 30)) as pilot:
            assert await wait_for(pilot, lambda: session.joined() == 1)
            jo = next(i for i, s in enumerate(session.seats) if s.name == "Jo")
            hands = [list(jo_hand), list(other_hand)][::1 if jo == 0 else -1]
            session.dealer = 1 - jo
            session.start(deck=rigged_deck(hands, "R5", ["B1"] * 20, 1 - jo), hand_size=len(jo_hand))
            yield session, join_app, pilot, await my_turn(pilot, join_app)
    finally:
        await session.close()


async def test_a_joined_player_goes_out_sees_the_scoring_with_the_others_cards_and_readies_up():
    async with jo_to_play("first_to", ["R1"], ["G9"]) as (session, join_app, pilot, _):
        await pilot.press("tab", "enter")                     # Jo's one card, and the hand is over
        assert await wait_for(pilot, lambda: isinstance(join_app.screen, HandOverScreen))
        scoring = join_app.screen.query_one("#scoring")
        text = " ".join(rendered_lines(scoring))
        assert "G9    9" in text                              # the other hand, shown over the network
        await pilot.press("enter")                            # ready: the only person, so the next hand
        assert await wait_for(pilot, lambda: not session.table.game.over)
        assert await wait_for(pilot, lambda: not game_screen(join_app).model.view.over)


async def test_while_the_host_is_lost_the_wait_counts_down_and_no_move_is_offered():
    """Issue 33: 'Lost the host; trying again for 30 s…' never counted down, and the footer still
    offered d Draw. The host's connections drop without a word (as when it is killed)."""
    from uno_tui.ui.widgets.footer import Footer
    from uno_tui.ui.widgets.status import StatusLine
    async with jo_to_play() as (session, join_app, pilot, screen):
        footer = screen.query_one(Footer)
        assert await wait_for(pilot, lambda: "Draw" in " ".join(rendered_lines(footer)))
        for conn in list(session.connections()):              # the host is gone, saying nothing
            conn.close("killed")
        await session.server.close()
        status = screen.query_one(StatusLine)

        def left() -> int | None:
            text = " ".join(rendered_lines(status))
            if "Lost the host; trying again for" not in text:
                return None
            return int(text.split("trying again for ")[1].split(" s")[0])

        assert await wait_for(pilot, lambda: left() is not None, steps=500)
        first = left()
        assert await wait_for(pilot, lambda: (left() or first) < first, steps=400)   # it counts
        line = " ".join(rendered_lines(footer))
        assert "Draw" not in line and "Leave" in line
        await pilot.press("d")
        await pilot.pause(0.1)
        assert join_app.screen is screen and not screen.channel.unsent      # nothing was sent
        assert not screen.check_action("draw", ()) and screen.check_action("leave", ())


async def test_a_link_restored_gives_the_lost_line_way_and_offers_the_moves_again():
    """The channel says when its link is lost and when it is back (no poll): the connections drop,
    the server stays, and the client is let in again."""
    from uno_tui.ui.widgets.footer import Footer
    from uno_tui.ui.widgets.status import StatusLine
    async with jo_to_play() as (session, join_app, pilot, screen):
        footer, status = screen.query_one(Footer), screen.query_one(StatusLine)
        lost = []
        screen.watch(screen, "status", lambda line: lost.append("Lost the host" in line[0]), init=False)
        for conn in list(session.connections()):              # dropped; the client comes back by itself
            conn.close("dropped")
        assert await wait_for(pilot, lambda: any(lost) and not screen.link_lost, steps=500)
        assert await wait_for(pilot, lambda: "Your turn" in " ".join(rendered_lines(status)))
        assert await wait_for(pilot, lambda: "Draw" in " ".join(rendered_lines(footer)))


async def join_from_the_menu(pilot, app, address: str, name: str | None = None) -> None:
    """Start screen, Join a LAN game, the address typed; the name too when given (else the default)."""
    from uno_tui.ui.screens.join import JoinScreen
    await pilot.click("#join")
    assert await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen))
    await pilot.press(*address, "tab")
    if name is not None:
        await pilot.press("ctrl+a", *name)
    await pilot.press("enter")


async def test_a_friend_who_left_comes_back_from_the_join_screen_under_the_name_they_joined_with():
    """The Join screen's name is the one last joined with, not the login name: a seat's token is kept
    under its name, so coming back as somebody else would only watch."""
    async with hana_hosting() as (host_app, host_pilot, session):
        address = f"127.0.0.1:{session.port}"
        first = UnoApp(pacing=Pacing.instant())
        async with first.run_test(size=(100, 30)) as pilot:
            await join_from_the_menu(pilot, first, address, "Zoe")
            assert await wait_for(pilot, lambda: isinstance(first.screen, ConfirmLeave))   # the host's key
            await pilot.press("y")
            assert await wait_for(pilot, lambda: isinstance(first.screen, LobbyScreen))
            assert await wait_for(host_pilot, lambda: session.seats[1].name == "Zoe")
            await pilot.press("escape")                                                  # Zoe leaves
            assert await wait_for(host_pilot, lambda: session.seats[1].conn is None)     # her seat kept
        again = UnoApp(pacing=Pacing.instant())                                          # started anew
        async with again.run_test(size=(100, 30)) as pilot:
            await join_from_the_menu(pilot, again, address)
            assert await wait_for(pilot, lambda: isinstance(again.screen, LobbyScreen))
            assert await wait_for(pilot, lambda: "Zoe  (you)" in str(again.screen.query_one("#who-1").content))
        await session.close()


async def test_the_default_four_seats_fit_an_80x24_lobby_with_the_ssh_lines():
    """A seat a row: with the join code, the key, the ssh command and its key, the internet switch,
    every seat is on screen at 80x24, and nothing is left below to scroll to."""
    from tests.helpers.network import free_port
    app = UnoApp(host=dict(settings=GameSettings(), host_name="Hana", players=4, bind=LOOPBACK, port=0,
                           advertise=False, ssh=free_port()), pacing=Pacing.instant())
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.lobby is not None)
        assert "ssh -p" in str(app.screen.query_one("#addresses", Static).content)
        await pilot.pause()
        seats, whole = app.screen.query_one("#seats"), app.screen.region
        for part in ("#who-0", "#who-1", "#who-2", "#who-3"):          # each in its list, the list on screen
            row = app.screen.query_one(part).region
            assert row.area and seats.region.contains_region(row) and whole.contains_region(row), (part, row)
        assert app.screen.query_one("#setup").max_scroll_y == 0           # and nothing below to scroll to
        assert [str(app.screen.query_one(f"#who-{i}").content) for i in range(4)] == \
            ["Seat 1: Hana  (you)"] + [f"Seat {i}: (open)" for i in (2, 3, 4)]
        await app.session.close()
