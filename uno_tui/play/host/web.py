"""Play from a browser: textual-serve runs one uno-tui process per browser tab and shows it
in the page (same screens, same keys, plus clicks and touch).

`uno-tui host --web` serves a page on the LAN where each tab joins this table as a client like
any other (the host's rules on seats, password, spectators and reconnects apply); `uno-tui web`
serves the whole app to this machine only. What a browser can make the host spend is capped:
connections, time, sizes and Origin by webguard.py, the tabs' processes by webtab.py.
"""
import secrets
import shlex
import socket
from pathlib import Path

import aiohttp_jinja2
import jinja2
from aiohttp import web
from textual_serve.server import Server

from .guests import MAX_SESSIONS, Slots, app_argv
from .webguard import Guard
from .webtab import COOKIE, IDLE_TIMEOUT, Tabs, browser_key

COOKIE_AGE = 24 * 3600                        # a browser closed overnight is a new one (the host has moved on)
PAGE = Path(__file__).parent / "page"         # our page (index.html, its script and style)
#: what the page may load, and from where: the host alone (fonts and scripts are its own; the
#: styles textual.js writes into the page are inline)
POLICY = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self'; "
          "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
FULL_PAGE = ("<!DOCTYPE html><html><body style='font-family: sans-serif'><h2>This table is full</h2>"
             "<p>{count} players are already playing from a browser or over ssh. Try again when one leaves.</p>"
             "</body></html>")


def app_command(*args: str) -> str:
    """The shell command textual-serve starts for each tab: this Python's uno-tui."""
    return shlex.join(app_argv(*args))


class WebServer(Server):
    """textual-serve inside our own event loop (the host's), quiet, with a cap on sessions.

    Server.serve() would run a loop of its own and print a banner into the host's screen, and
    the one way to its aiohttp application without serve() is private (Server._make_app, with
    no public hook in textual-serve 1.1), so the application is built here (application()) from
    the server's public handlers and folders, and run on the current loop."""

    def __init__(self, command: str, bind: str, port: int, *, title: str, sessions: int | Slots = MAX_SESSIONS,
                 guest: bool = False, idle: float = IDLE_TIMEOUT, guard: Guard | None = None, seats=None):
        """``guest``: the tabs are other people's (host --web), each kept to files of its own.
        ``seats()``: what the page says of the table's seats now ("2 of 4 seats free").
        ``sessions``: the cap on tabs, or the Slots the host's guests share (guests.py)."""
        super().__init__(command, host=bind, port=port, title=title, templates_path=PAGE)
        self.seats = seats or (lambda: "")
        self.guard = guard or Guard()
        self.tabs = Tabs(command, cap=sessions, guest=guest, refusals=self.guard.refusals, idle=idle)
        self.runner: web.AppRunner | None = None

    @property
    def sessions(self) -> int:
        """Tabs with a process (starting, running or ending)."""
        return self.tabs.held

    async def start(self) -> int:
        """Listen; returns the port (the one asked for, or the one given for 0)."""
        self.runner = web.AppRunner(self.application(), access_log=None, shutdown_timeout=2.0,
                                    **self.guard.handler_options())
        await self.runner.setup()
        self.port = await self.guard.listen(self.runner.server, self.host, self.port)
        return self.port

    async def close(self) -> None:
        """Stop listening and end every tab's process."""
        await self.guard.close()
        if self.runner is not None:
            await self.runner.cleanup()
        await self.tabs.close()

    def application(self) -> web.Application:
        """textual-serve's routes (its page's templates and static files, the tabs' websocket; no
        downloads: a tab delivers no files, tabprocess.py) and our page's, behind the guard; no
        startup banner (the host's screen is on this terminal)."""
        app = web.Application(middlewares=[self.guard.middleware])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes([web.get("/", self.handle_index, name="index"),
                        web.get("/ws", self.handle_websocket, name="websocket"),
                        web.get("/seats", self.handle_seats),
                        web.static("/static", self.statics_path, show_index=True, name="static"),
                        web.static("/page", PAGE)])
        return app

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page (page/index.html), pointing its websocket at the address the browser used (a
        phone on the LAN reaches us as 192.168.x.y, not as the 0.0.0.0 we listen on), saying
        whose table this is and its seats; a full table says so. A browser without our cookie
        gets one. textual.js obeys a ``ping``
        (fetch that address first) and a ``delay`` in the page's address: we have no use for
        them, and a link with a ping would send the browser elsewhere, so they are dropped."""
        if self.tabs.full:
            return web.Response(text=FULL_PAGE.format(count=self.sessions), content_type="text/html", status=503)
        if request.query:
            raise web.HTTPFound("/")
        websocket = f"{'wss' if request.scheme == 'https' else 'ws'}://{request.host}/ws"
        response = aiohttp_jinja2.render_template("index.html", request, {
            "table": self.title, "machine": socket.gethostname(), "seats": self.seats(), "websocket": websocket})
        response.headers["Content-Security-Policy"] = POLICY
        response.headers["Cache-Control"] = "no-store"
        if browser_key(request.cookies.get(COOKIE)) is None:
            # names this browser to the tabs' server: its tabs share files, a seat token among them
            # (webtab.py); sent back by the browser only to this page's own requests, never to scripts
            response.set_cookie(COOKIE, secrets.token_urlsafe(32), max_age=COOKIE_AGE, path="/", httponly=True,
                                samesite="Strict")
        return response

    async def handle_seats(self, request: web.Request) -> web.StreamResponse:
        """The seats as the page's header says them, now: the page asks again every few seconds
        (page.js), so a tab left open shows the table filling."""
        return web.Response(text=self.seats(), headers={"Cache-Control": "no-store"})

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        """A tab's process, if there is room (webtab.py; our own page's only: webguard.py)."""
        return await self.tabs.serve(request)
