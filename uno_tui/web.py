"""Play from a browser: textual-serve runs one uno-tui process per browser tab and shows it
in the page (same screens, same keys, plus clicks and touch).

`uno-tui host --web` serves a page on the LAN where each tab joins this table as a client like
any other (the host's rules on seats, password, spectators and reconnects apply); `uno-tui web`
serves the whole app to this machine only. Sessions are capped, and a closed tab ends its
process (textual-serve tells the app to quit when the page's websocket closes).
"""
import shlex
import sys

from aiohttp import web
from textual_serve.server import Server

MAX_SESSIONS = 8
MAX_COLUMNS, MAX_ROWS = 500, 200                 # a tab asks for its terminal's size: within reason
FULL_PAGE = ("<!DOCTYPE html><html><body style='font-family: sans-serif'><h2>This table is full</h2>"
             "<p>{count} players are already playing from a browser. Try again when one leaves.</p></body></html>")


def app_command(*args: str) -> str:
    """The shell command textual-serve starts for each tab: this Python's uno-tui."""
    return shlex.join([sys.executable, "-m", "uno_tui.cli", *args])


class WebServer(Server):
    """textual-serve inside our own event loop (the host's), quiet, with a cap on sessions.

    Server.serve() would run a loop of its own and print a banner into the host's screen, so
    the aiohttp application it builds is run here on the current loop instead."""

    def __init__(self, command: str, bind: str, port: int, *, title: str, sessions: int = MAX_SESSIONS):
        super().__init__(command, host=bind, port=port, title=title)
        self.max_sessions, self.sessions = sessions, 0
        self.runner: web.AppRunner | None = None

    async def start(self) -> int:
        """Listen; returns the port (the one asked for, or the one given for 0)."""
        self.runner = web.AppRunner(await self._make_app(), access_log=None, shutdown_timeout=2.0)
        await self.runner.setup()
        site = web.TCPSite(self.runner, self.host, self.port)
        await site.start()
        self.port = self.runner.addresses[0][1]
        return self.port

    async def close(self) -> None:
        """Stop listening and end every tab's process."""
        if self.runner is not None:
            await self.runner.cleanup()

    async def on_startup(self, app: web.Application) -> None:
        """No banner: the host's screen is on this terminal."""

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page, pointing its websocket at the address the browser used (a phone on the LAN
        reaches us as 192.168.x.y, not as the 0.0.0.0 we listen on); a full table says so."""
        if self.sessions >= self.max_sessions:
            return web.Response(text=FULL_PAGE.format(count=self.sessions), content_type="text/html", status=503)
        self.public_url = f"{request.scheme}://{request.host}"
        return await super().handle_index(request)

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        """A tab's process, if there is room; only for our own page (any web page the player visits
        could open a websocket here otherwise), at a terminal size a screen could have."""
        origin = request.headers.get("Origin")
        if origin is not None and origin.partition("://")[2] != request.host:
            return web.Response(text="only this game's own page may connect", status=403)
        if not all(request.query.get(key, "1").isdigit() and int(request.query.get(key, "1")) <= cap
                   for key, cap in (("width", MAX_COLUMNS), ("height", MAX_ROWS))):
            return web.Response(text="that terminal is too big", status=400)
        if self.sessions >= self.max_sessions:
            return web.Response(text="this table is full", status=503)
        self.sessions += 1
        try:
            return await super().handle_websocket(request)
        finally:
            self.sessions -= 1
