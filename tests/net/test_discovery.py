"""Games found on the LAN, with real zeroconf bound to 127.0.0.1 (no mocks): a host advertises,
a finder hears it with the right fields, the record follows the seats, and goes with the host."""
import asyncio
from dataclasses import replace

from textual.widgets import OptionList
from zeroconf.asyncio import AsyncServiceInfo

from tests.helpers.network import LOOPBACK, free_port
from tests.helpers.ui import wait_for
from uno_tui.play.discovery import SERVICE, Finder, FoundGame
from uno_tui.play.host.session import HostSession
from uno_tui.protocol.limits import MAX_PLAYERS
from uno_tui.play.join import connect
from uno_tui.storage.settings import GameSettings
from uno_tui.ui.app import UnoApp
from uno_tui.ui.screens.join import JoinScreen

HEARD = 15.0        # seconds: registering probes the name for about 1.5 s first


async def until(found: list, check, what: str):
    """Wait for the finder's list to pass ``check``; fail with what it last showed."""
    try:
        async with asyncio.timeout(HEARD):
            while not check(found[-1] if found else []):
                await asyncio.sleep(0.05)
    except TimeoutError:
        raise AssertionError(f"{what}: the finder last listed {found[-1] if found else 'nothing'}") from None
    return found[-1]


async def test_a_host_is_found_with_its_fields_followed_as_seats_fill_and_gone_when_it_closes():
    session = HostSession(GameSettings(edition="hp2021"), host_name="Ann", players=3, headless=True,
                          password="sofa")
    found: list[list[FoundGame]] = []
    finder = Finder(found.append, interface=LOOPBACK)
    await finder.start()
    try:
        port = await session.serve(LOOPBACK, 0, advertise=True)        # (conftest: discovery on loopback)
        games = await until(found, lambda games: any(g.port == port for g in games), "the host was not found")
        game = next(g for g in games if g.port == port)
        assert (game.name, game.edition, game.seats, game.free, game.password, game.playing, game.host) == (
            "Ann", "hp2021", 3, 3, True, False, LOOPBACK)
        assert game.fingerprint == session.fingerprint      # the record's key, which a join from the list pins

        channel = await connect(game.host, game.port, "Bob", password="sofa", fingerprint=game.fingerprint)
        await until(found, lambda games: any(g.port == port and g.free == 2 for g in games),
                    "the record did not follow the seat Bob took")
        session.start()
        await until(found, lambda games: any(g.port == port and g.playing and g.free == 0 for g in games),
                    "the record did not say the game started")
        channel.close()
        await session.close()
        await until(found, lambda games: all(g.port != port for g in games),
                    "the game stayed listed after the host closed")
    finally:
        await session.close()
        await finder.close()


def record(**properties) -> AsyncServiceInfo:
    fields = {"name": "Ann", "edition": "classic", "seats": "4", "free": "2", "password": "no", "state": "lobby"}
    fields.update(properties)
    return AsyncServiceInfo(SERVICE, f"x.{SERVICE}", port=7531, addresses=[bytes([10, 0, 0, 2])],
                            server="x.local.", properties={k: v for k, v in fields.items() if v is not None})


def test_a_record_anyone_on_the_lan_could_send_is_read_with_care():
    game = FoundGame.from_info(record(name="Ann\x1b[2J\nmore"))
    assert (game.name, game.address, game.free, game.seats) == ("Ann [2J more", "10.0.0.2:7531", 2, 4)
    for odd in (dict(seats="many"), dict(free="5"), dict(seats=str(MAX_PLAYERS + 1), free="1"), dict(name=""), dict(free=None)):
        assert FoundGame.from_info(record(**odd)) is None, odd
    assert FoundGame.from_info(record(key="ab" * 32)).fingerprint == "ab" * 32
    for bad in ("ab" * 31, "zz" * 32, None):            # a malformed key is no key: the join asks about it
        assert FoundGame.from_info(record(key=bad)).fingerprint is None


async def test_the_join_form_says_what_joining_a_game_under_way_does():
    app = UnoApp(join=(None, None, "Bea", None, False))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen) and app.screen.finder)
        await app.screen.stop_finding()        # other tests' hosts on loopback must not redraw the list
        under_way = FoundGame.from_info(record(state="playing", free="0"))
        games = [under_way, replace(under_way, instance="Cy's table", playing=False, free=2)]
        app.screen.show_games(games)
        await pilot.pause()
        listed = [str(option.prompt) for option in app.screen.query_one("#found", OptionList).options]
        assert "under way: watch, or rejoin your seat" in listed[0]        # not "3 of 4 free"
        assert "2 of 4 seats free" in listed[1]


async def test_the_join_form_says_when_it_has_heard_no_game_for_a_while(monkeypatch):
    monkeypatch.setattr(JoinScreen, "QUIET_AFTER", 0.3)
    app = UnoApp(join=(None, None, "Bea", None, False))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen) and app.screen.finder)
        await app.screen.stop_finding()        # other tests' hosts on loopback must not be heard
        app.screen.show_games([])
        found = app.screen.query_one("#found", OptionList)
        assert await wait_for(pilot, lambda: "No game heard yet" in str(found.options[0].prompt))


async def test_a_join_to_an_address_nobody_hosts_then_lists_the_games_heard():
    app = UnoApp(join=(LOOPBACK, free_port(), "Bea", None, False))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen)
                              and "Nobody is hosting" in str(app.screen.query_one("#join-error").render()))
        assert await wait_for(pilot, lambda: app.screen.finder is not None)     # it looks for games now
        await app.screen.stop_finding()
