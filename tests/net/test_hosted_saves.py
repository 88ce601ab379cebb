"""A host's saved games (issue 33 item 4): ending a game ends its save; Keep for later is its own
choice; the games kept are listed on the Host screen, to carry one on or delete it, and
`uno-tui host --resume` says which it carried on."""
import asyncio

from tests.helpers.network import LOOPBACK, join
from tests.helpers.ui import FROZEN, game_screen, rendered_lines, wait_for
from uno_tui import cli
from uno_tui.play.host.session import HostSession
from uno_tui.storage.places import game_path, log_path, saved_hosted
from uno_tui.storage.settings import GameSettings
from uno_tui.ui.app import KEPT, UnoApp
from uno_tui.ui.screens.hosted import SavedHostsScreen
from uno_tui.ui.screens.lobby import LobbyScreen
from uno_tui.ui.screens.modals import ConfirmLeave
from uno_tui.ui.screens.start import StartScreen


def hosting_app() -> UnoApp:
    return UnoApp(host=dict(settings=GameSettings(bots=["normal"]), host_name="Hana", players=3, bind=LOOPBACK,
                            port=0), pacing=FROZEN, seed=3)


async def started(pilot, app) -> HostSession:
    """The lobby up, a player joined over the network, the game started on the host's screen."""
    assert await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.session is not None)
    session = app.session
    session.joined_channel = await join(session.port, "Jo")
    assert await wait_for(pilot, lambda: session.seats[1].name == "Jo")
    await pilot.press("ctrl+s")
    assert await wait_for(pilot, lambda: game_screen(app) is not None)
    assert await wait_for(pilot, lambda: game_path("hosted").exists(), steps=300)
    return session


async def said_to_jo(session) -> str:
    try:
        for _ in range(100):
            await asyncio.wait_for(session.joined_channel.recv(), 5)
    except ConnectionError as e:
        return str(e)
    finally:
        session.joined_channel.close()
    return ""


async def test_a_host_that_ends_the_game_ends_its_save():
    app = hosting_app()
    async with app.run_test(size=(80, 24)) as pilot:
        session = await started(pilot, app)
        await pilot.press("escape")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmLeave))
        dialog = app.screen
        assert [str(b.label) for b in dialog.query("Button")] == ["End game (y)", "Keep for later (k)", "Stay (n)"]
        assert all(b.region.right <= 80 and b.region.height for b in dialog.query("Button"))    # all seen at 80x24
        assert "its save is deleted" in dialog.consequence
        await pilot.press("y")
        assert await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert await said_to_jo(session) == "The host ended the game."
        assert await wait_for(pilot, lambda: session.closed and not game_path("hosted").exists())
        assert not log_path("hosted").exists() and saved_hosted() == []


async def test_keep_for_later_keeps_it_and_the_host_screen_carries_it_on():
    app = hosting_app()
    async with app.run_test(size=(80, 24)) as pilot:
        session = await started(pilot, app)
        game_id = session.autosave.game_id
        await pilot.press("escape")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmLeave))
        await pilot.press("k")
        assert await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert "carry it on later" in await said_to_jo(session)
        assert await wait_for(pilot, lambda: session.closed)
        assert app.screen.notice == KEPT and saved_hosted() == [game_path("hosted")]
        hosting = app.host_game                          # (the menu's host listens on 127.0.0.1 only, any port)
        app.host_game = lambda **options: hosting(**{**options, "bind": LOOPBACK, "port": 0})
        app.menu_choice("host")                          # the start screen's Host: the kept game is listed
        assert await wait_for(pilot, lambda: isinstance(app.screen, SavedHostsScreen))
        await pilot.pause()
        prompts = [str(o.prompt) for o in app.screen.query_one("#saved").options]
        assert prompts[0] == "New game: open a lobby"
        assert prompts[1].startswith("Carry on: saved ") and "Hana's table · hand 1 · Hana, Jo, " in prompts[1]
        await pilot.press("enter")                       # the newest kept game is the one offered first
        assert await wait_for(pilot, lambda: game_screen(app) is not None and app.session is not None)
        assert app.session.autosave.game_id == game_id and app.session.table is not None
        assert app.session.kept_port == session.port     # where its players come back (unless a port is given)
        await app.action_quit()


async def test_the_host_screen_deletes_a_kept_game_when_asked_and_lists_the_rest():
    for _ in range(2):                                   # two games kept: the second sets the first aside
        session = HostSession(GameSettings(bots=["normal"]), players=2, headless=True, seed=4, pacing=FROZEN)
        await session.serve(LOOPBACK, 0)
        session.start()
        await session.close()
    older, newer = saved_hosted()[1], saved_hosted()[0]
    assert newer == game_path("hosted") and older.name.startswith("hosted-game-2")
    app = UnoApp()
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        app.menu_choice("host")
        assert await wait_for(pilot, lambda: isinstance(app.screen, SavedHostsScreen))
        await pilot.pause()
        assert len(app.screen.query_one("#saved").options) == 3
        how = " ".join(line.strip() for line in rendered_lines(app.screen.query_one("#saved-how")))
        assert how.endswith("x deletes it.")             # said whole at 80 columns
        await pilot.press("down", "x")                   # the older one
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmLeave))
        await pilot.press("n")                           # not deleted: asked first
        assert await wait_for(pilot, lambda: isinstance(app.screen, SavedHostsScreen))
        assert older.exists()
        await pilot.press("x")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ConfirmLeave))
        await pilot.press("y")
        assert await wait_for(pilot, lambda: not older.exists())
        assert saved_hosted() == [newer] and len(app.screen.query_one("#saved").options) == 2
        await pilot.press("up", "x")                     # "New game" is not deleted
        await pilot.pause()
        assert isinstance(app.screen, SavedHostsScreen)
        await pilot.press("escape")
        assert await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))


def test_host_list_numbers_the_saved_games_and_resume_n_takes_that_one(capsys):
    async def keep_two():
        for seed in (4, 5):
            session = HostSession(GameSettings(bots=["easy"] if seed == 4 else ["hard"]), players=2, headless=True,
                                  seed=seed, pacing=FROZEN)
            await session.serve(LOOPBACK, 0)
            session.start()
            await session.close()
    asyncio.run(keep_two())
    assert cli.main(["host", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and lines[0].startswith("1. saved ") and "(hard bot)" in lines[0]
    assert lines[1].startswith("2. saved ") and "(easy bot)" in lines[1]
    session = HostSession.resume(path=saved_hosted()[1])
    assert session.seats[0].level == "easy"
    assert "1 other is saved" in " ".join(session.notes())
