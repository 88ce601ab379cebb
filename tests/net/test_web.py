"""The page of host --web (textual-serve in the host's loop): its websocket address is the one the
browser used, and a full table says so instead of starting one more process."""
import aiohttp

from tests.helpers.network import LOOPBACK
from uno_tui.play.host.web import WebServer, app_command


async def fetch(sessions: int, path: str = "/", **headers) -> tuple[int, str]:
    """What the server answers to a GET (a websocket's too: its upgrade refused or not)."""
    status, _, text = await answer(sessions, path, **headers)
    return status, text


async def answer(sessions: int, path: str = "/", **headers) -> tuple[int, dict, str]:
    server = WebServer(app_command("join", "127.0.0.1:7531", "--browser"), LOOPBACK, 0, title="Ann's <table>",
                       sessions=sessions, seats=lambda: "3 of 4 seats free")
    port = await server.start()
    try:
        async with aiohttp.ClientSession() as client:
            async with client.get(f"http://{LOOPBACK}:{port}{path}", headers=headers, allow_redirects=False) as response:
                return response.status, response.headers, await response.text()
    finally:
        await server.close()


async def test_the_page_says_whose_table_and_its_seats_and_may_load_only_the_hosts_files():
    status, headers, html = await answer(8)
    assert status == 200 and "Ann&#39;s &lt;table&gt;" in html and "3 of 4 seats free" in html   # a name is data
    assert "googleapis" not in html and "https://" not in html
    assert "default-src 'self'" in headers["Content-Security-Policy"]


async def test_the_seats_are_told_again_to_a_page_left_open():
    status, headers, text = await answer(8, "/seats")
    assert (status, text, headers["Cache-Control"]) == (200, "3 of 4 seats free", "no-store")


async def test_a_page_address_with_a_ping_or_a_delay_is_sent_to_the_plain_page():
    # textual.js would fetch a ?ping= address first: a link could send a player's browser elsewhere
    for query in ("?ping=http://evil.example/", "?delay=1"):
        status, headers, _ = await answer(8, "/" + query)
        assert status == 302 and headers["Location"] == "/"


async def test_the_page_points_its_websocket_at_the_address_the_browser_used():
    # a phone reaches the host as 192.168.x.y, not as the address the server listens on
    status, html = await fetch(8, Host="192.168.1.20:7532")
    assert status == 200 and "ws://192.168.1.20:7532/ws" in html


async def test_a_full_table_says_so():
    status, html = await fetch(0)
    assert status == 503 and "This table is full" in html


async def test_only_the_games_own_page_may_open_a_tab_and_at_a_sane_size():
    upgrade = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
               "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}
    assert (await fetch(8, "/ws", Origin="http://evil.example", **upgrade))[0] == 403
    assert (await fetch(8, "/ws?width=100000&height=24", **upgrade))[0] == 400


async def test_a_browser_tab_asks_a_name_keeps_no_token_and_leaving_comes_back_to_the_form():
    from textual.widgets import Input

    from tests.helpers.ui import wait_for
    from uno_tui.play.host.session import HostSession
    from uno_tui.play.join import saved_token
    from uno_tui.storage.settings import GameSettings
    from uno_tui.ui.app import UnoApp
    from uno_tui.ui.screens.join import JoinScreen
    from uno_tui.ui.screens.lobby import LobbyScreen
    from uno_tui.ui.screens.start import StartScreen
    session = HostSession(GameSettings(), players=2, headless=True)
    port = await session.serve(LOOPBACK, 0)
    app = UnoApp(join=(LOOPBACK, port, "", None, False, session.fingerprint), browser=True)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            form = app.screen
            assert isinstance(form, JoinScreen) and not form.query_one("#address").parent.display
            assert app.focused is form.query_one("#name", Input)
            await pilot.press("enter")                           # no name yet: asked for one
            assert "Type your name" in str(form.query_one("#join-error").render())
            await pilot.press(*"Zoe", "enter")
            assert await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            assert session.seats[0].name == "Zoe" and saved_token(f"{LOOPBACK}:{port}/Zoe", session.fingerprint) is None
            await pilot.press("escape")
            assert await wait_for(pilot, lambda: app.screen is form)
            assert "You left the table" in str(form.query_one("#join-error").render())
            assert await wait_for(pilot, lambda: session.seats[0].kind == "open")   # nobody can come back to it
            assert not any(isinstance(s, StartScreen) for s in app.screen_stack)
            await pilot.press("escape")                          # Back ends the tab's session
            assert await wait_for(pilot, lambda: not app.is_running)
    finally:
        await session.close()
