"""Discovery under attack (issue 37 items 3 and 4), real zeroconf bound to 127.0.0.1 (conftest),
run by tests/net/test_discovery_attacks.py in a network namespace of its own with only ``lo`` (so no
other process's tables are heard, and no other finder hears these): records forged by hand and
multicast on loopback, as anyone on a LAN may send them. A forged
table with a trusted table's name is listed as suspect and never followed (it receives nothing,
and the joiner is told why); a flood of tables leaves the list within seconds of stopping while
a pinned table stays listed throughout; a name with control characters is dropped."""
import asyncio

from textual.widgets import OptionList

from tests.helpers.lan import Forger
from tests.helpers.network import LOOPBACK, eventually
from tests.helpers.ui import wait_for
from tests.net.test_discovery import HEARD, until
from tests.net.test_tls import Recorder, another_identity
from uno_tui.play import discovery, pins
from uno_tui.play.discovery import MAX_GAMES, Finder, FoundGame
from uno_tui.play.host.session import HostSession
from uno_tui.play.join import connect
from uno_tui.storage.settings import GameSettings
from uno_tui.ui.app import UnoApp
from uno_tui.ui.screens.join import JoinScreen


def uncaught(loop) -> list:
    """Whatever the loop would report as an exception nobody caught, from now on."""
    seen = []
    loop.set_exception_handler(lambda _, context: seen.append(context))
    return seen


async def advertised_host(name="Ann"):
    session = HostSession(GameSettings(), host_name=name, players=3, headless=True, password="sesame")
    return session, await session.serve(LOOPBACK, 0, advertise=True)


async def test_a_forged_twin_of_a_trusted_table_is_shown_as_suspect_receives_nothing_and_the_joiner_sees_why(
        tmp_path, monkeypatch):
    session, port = await advertised_host()
    forged = Recorder(another_identity(tmp_path, monkeypatch)[0])
    fake_port = await forged.start()
    _, fake_key = another_identity(tmp_path, monkeypatch)
    forger = Forger()
    found: list[list[FoundGame]] = []
    finder = Finder(found.append, interface=LOOPBACK)
    await finder.start()
    imitating = None
    try:
        games = await until(found, lambda games: any(g.port == port for g in games), "the host was not found")
        real = next(g for g in games if g.port == port)
        player = await connect(real.host, real.port, "Bob", password="sesame", fingerprint=real.fingerprint)
        token = player.welcome["token"]
        player.close()                                   # Bob has sat at this table: its key is pinned
        assert pins.known(real.address) == session.fingerprint

        async def imitate():                             # as long as the test goes on
            while True:
                forger.announce(f"{real.instance} (2)", fake_port, key=fake_key)
                await asyncio.sleep(0.5)
        imitating = asyncio.create_task(imitate())
        games = await until(found, lambda games: any(g.port == fake_port for g in games)
                            and any(g.port == port and g.trust == "pinned" for g in games),
                            "the forged table was not heard, or the real one not known")
        twin = next(g for g in games if g.port == fake_port)
        assert twin.trust == "suspect" and "name of a table you trust" in twin.why
        assert games[-1] is twin                          # suspects are listed last

        app = UnoApp(join=(None, None, "Bob", "sesame", False))
        async with app.run_test(size=(100, 30)) as pilot:
            assert await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen) and app.screen.finder)
            await app.screen.stop_finding()
            app.screen.show_games(games)
            await pilot.pause()
            listed = app.screen.query_one("#found", OptionList)
            assert "SUSPECT" in str(listed.get_option_at_index(len(games) - 1).prompt)
            listed.focus()
            listed.highlighted = len(games) - 1
            await pilot.press("enter")
            error = app.screen.query_one("#join-error")
            assert await wait_for(pilot, lambda: "looks like an imitation" in str(error.render()))
            assert "Nothing was sent to it" in str(error.render())
            await pilot.pause(0.5)
            assert isinstance(app.screen, JoinScreen)     # still choosing: nothing was joined
        assert forged.heard == []                         # no hello: no password's proof, no seat token
        assert token not in repr(forged.heard)
    finally:
        if imitating is not None:
            imitating.cancel()
        await forger.close()
        await finder.close()
        await forged.close()
        await session.close()


async def test_a_flood_of_tables_ages_out_within_seconds_and_a_pinned_table_stays_listed(monkeypatch):
    """60 fake tables (more than the list holds) again and again with a 4,500 s TTL: the list stays
    within its bound, the pinned table stays in it, and seconds after the flood the list is the
    real tables again, the one never joined (crowded out meanwhile, maybe) too."""
    monkeypatch.setattr(discovery, "REFRESH", 0.5)
    monkeypatch.setattr(discovery, "LIVE", 3.0)
    session, port = await advertised_host()
    other, other_port = await advertised_host("Bea")
    forger = Forger()
    found: list[list[FoundGame]] = []
    finder = Finder(found.append, interface=LOOPBACK)
    await finder.start()
    loop = asyncio.get_running_loop()
    try:
        games = await until(found, lambda games: {port, other_port} <= {g.port for g in games}, "a host was not found")
        real = next(g for g in games if g.port == port)
        pins.remember(real.address, real.fingerprint)                # a table this player has sat at
        await asyncio.sleep(discovery.PINS_KEPT)                     # (before the flood, as a pin would be)
        largest, real_missing = 0, 0
        end = loop.time() + 4.0
        while loop.time() < end:
            for i in range(60):
                forger.announce(f"Table {i}", 20000 + i)
            await asyncio.sleep(0.25)
            listed = found[-1]
            largest = max(largest, len(listed))
            real_missing += not any(g.port == port and g.trust == "pinned" for g in listed)
        assert largest == MAX_GAMES and len(finder.heard) <= MAX_GAMES  # the flood filled the list, no more
        assert real_missing == 0
        stopped = loop.time()
        assert await eventually(lambda: sorted(g.port for g in found[-1]) == sorted([port, other_port]), HEARD), \
            found[-1]
        assert loop.time() - stopped < 3.0 + 2 * 0.5 + 1.0           # LIVE, two refreshes, and a margin
    finally:
        await forger.close()
        await finder.close()
        await other.close()
        await session.close()


async def test_a_name_with_control_characters_is_dropped_and_the_others_are_listed():
    seen = uncaught(asyncio.get_running_loop())
    forger = Forger()
    found: list[list[FoundGame]] = []
    finder = Finder(found.append, interface=LOOPBACK)
    await finder.start()
    try:
        for _ in range(3):
            forger.announce("Ann\x1b[2J\x07's table", 20001)
            forger.announce("Bea\nis here", 20002)
            forger.announce("Cy's table", 20003)
            await asyncio.sleep(0.3)
        await until(found, lambda games: any(g.port == 20003 for g in games), "the fair record was not listed")
        await asyncio.sleep(0.5)
        assert [g.instance for g in found[-1]] == ["Cy's table"]
        assert finder.dropped >= 2 and all(name.startswith("Cy") for name in finder.heard)
        assert seen == []
    finally:
        await forger.close()
        await finder.close()
