"""A browser tab's process, from its websocket opening until the process has exited (web.py).

In place of textual-serve's own handler, so that what a tab can make the host spend is
bounded by the guests' caps (guests.py, shared with ssh sessions: a slot held until the
process has exited, ended if it does not; starts paced; a lower CPU priority), every message is
checked (a terminal size within the caps, a known shape; a malformed one closes that tab, never
the host), and a tab nobody has typed or clicked in for ``idle`` seconds is closed with a word
on its screen. A guest's tab (``host --web``) gets settings and data directories of its own,
so nothing a guest does (pressing ``m`` writes preferences) changes the host user's files: its
browser's (the page's cookie names it), kept while the server runs, so a reloaded or reopened
tab finds its seat token there and takes its seat back; a tab from a browser without the cookie
gets directories deleted after it.
"""
import asyncio
import collections
import hashlib
import json
import os
import re
import shutil
import tempfile

from aiohttp import WSMsgType, web

from uno_tui.storage.places import TAB_SEAT_ENV

from . import guests
from .guests import IDLE_TIMEOUT, Full, Idle, Slots, terminal_size
from .tabprocess import TabProcess
from .webguard import Refusals

MAX_MESSAGE = 64 * 1024                          # a key, a click, a paste: far below this
EXIT_WAIT = 3.0                                  # a process told to quit has this long before it is ended
COOKIE = "uno-tui-browser"                       # the page's cookie naming the browser (web.py sets it)
COOKIE_RE = re.compile(r"[A-Za-z0-9_-]{43}")     # secrets.token_urlsafe(32)
MAX_BROWSERS = 64                                # browsers whose files are kept; past that the oldest idle go
IDLE_NOTE = ("\r\n\x1b[0m\x1b[2J\x1b[H  Nobody used this tab for {minutes:g} minutes: it is closed, to make "
             "room for others.\r\n  Reload the page to play again.\r\n")


def browser_key(cookie: str | None) -> str | None:
    """The name of a browser's files, from its cookie (None without a well-formed one): a hash,
    so the cookie itself is nowhere on disk."""
    if cookie is None or not COOKIE_RE.fullmatch(cookie):
        return None
    return hashlib.sha256(cookie.encode()).hexdigest()[:32]


def query_size(query) -> tuple[int, int]:
    """The size a tab's page asks for in its websocket's address (80x24 if it says none)."""
    def number(key: str, default: int):
        text = query.get(key)
        return default if text is None else int(text) if text.isdigit() and len(text) < 6 else -1
    return terminal_size(number("width", 80), number("height", 24))


class Tabs:
    """The tab processes of one page server: at most ``cap`` at once."""

    def __init__(self, command: str, *, cap: int | Slots, guest: bool, refusals: Refusals, idle: float = IDLE_TIMEOUT):
        """A guest's tabs (``host --web``) have files of their own, and an address has its share
        of the cap only (guests.py). ``cap``: a number, or Slots shared with the host's ssh sessions."""
        self.command, self.guest, self.idle = command, guest, idle
        self.slots = cap if isinstance(cap, Slots) else Slots(cap, share=guests.GUEST_SHARE if guest else 1.0)
        self.refusals = refusals
        self.processes: set = set()
        self._browsers: collections.OrderedDict[str, str] = collections.OrderedDict()   # key -> its home, oldest first
        self._open: collections.Counter = collections.Counter()       # browser key -> its tabs open
        self._root: str | None = None            # where browsers' homes are (made with the first)

    def _home(self, key: str | None) -> tuple[str | None, bool]:
        """A tab's home directory, and whether it is its browser's (kept) rather than its own."""
        if not self.guest:
            return None, False
        if key is None:
            return tempfile.mkdtemp(prefix="uno-tui-tab-"), False
        if key not in self._browsers:
            if self._root is None:
                self._root = tempfile.mkdtemp(prefix="uno-tui-browsers-")
            idle = [k for k in self._browsers if not self._open[k]]
            for old in idle[:max(0, len(self._browsers) + 1 - MAX_BROWSERS)]:
                shutil.rmtree(self._browsers.pop(old), ignore_errors=True)
            self._browsers[key] = os.path.join(self._root, key)
        self._browsers.move_to_end(key)
        return self._browsers[key], True

    @property
    def held(self) -> int:
        """Slots taken: processes starting, running or ending."""
        return self.slots.held

    @property
    def full(self) -> bool:
        return self.slots.full

    async def serve(self, request: web.Request) -> web.StreamResponse:
        """One tab, from its websocket's request to its process's exit."""
        try:
            width, height = query_size(request.query)
        except ValueError as e:
            self.refusals.add(str(e))
            return web.Response(text="that terminal is too big", status=400)
        ws = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        if not ws.can_prepare(request).ok:
            self.refusals.add("a websocket request that is not one")
            return web.Response(text="not a websocket request", status=400)
        address = request.remote or ""
        try:
            self.slots.take(address)              # before any await: a burst of tabs sees it
        except Full as e:
            self.refusals.add(e.reason)
            return web.Response(text=e.words, status=503)
        key = browser_key(request.cookies.get(COOKIE))
        home, kept = self._home(key)
        self._open[key] += 1
        try:
            await self.slots.turn()               # a burst of tabs starts one by one
            await ws.prepare(request)
            env = {"UNO_TUI_CONFIG_DIR": os.path.join(home, "config"), "UNO_TUI_DATA_DIR": os.path.join(home, "data"),
                   TAB_SEAT_ENV: "kept" if kept else ""} if home else {}
            service = TabProcess(self.command, env, write_bytes=ws.send_bytes, write_str=ws.send_str, close=ws.close)
            try:
                await service.start(width, height)
                self.processes.add(service.process)
                await self._relay(ws, service)
            finally:
                await asyncio.shield(self._end(service))
            return ws
        finally:
            self.slots.give_back(address)
            self._open[key] -= 1
            if home and not kept:
                shutil.rmtree(home, ignore_errors=True)

    async def _relay(self, ws: web.WebSocketResponse, service: TabProcess) -> None:
        """The page's messages to the process, until the page goes, sends something malformed,
        or nobody has typed or clicked for ``idle`` seconds."""
        idle = Idle(self.idle)
        watchdog = asyncio.get_running_loop().create_task(self._watch_idle(ws, idle))
        try:
            async for message in ws:
                if message.type != WSMsgType.TEXT:
                    continue
                try:
                    kind, data = _envelope(message.data)
                    if kind == "stdin":
                        idle.used()
                        await service.send_bytes(data.encode("utf-8"))
                    elif kind == "resize":
                        await service.set_terminal_size(*terminal_size(data.get("width"), data.get("height")))
                    elif kind == "ping":
                        await ws.send_json(["pong", data])
                    elif kind in ("blur", "focus"):
                        await (service.blur() if kind == "blur" else service.focus())
                except ValueError as e:
                    self.refusals.add(f"a tab that sent {e}")
                    await ws.close(code=1008, message=b"malformed message")
                    return
        finally:
            watchdog.cancel()

    async def _watch_idle(self, ws: web.WebSocketResponse, idle: Idle) -> None:
        await idle.wait()
        self.refusals.add("tabs nobody used (closed)")
        await ws.send_bytes(IDLE_NOTE.format(minutes=idle.minutes).encode())
        await ws.close(code=1000, message=b"idle")

    async def _end(self, service: TabProcess) -> None:
        """Tell the process to quit and wait for it to exit; end it if it does not in time."""
        process = service.process
        if process is None:
            return
        try:
            await asyncio.wait_for(service.stop(), EXIT_WAIT)
            await asyncio.wait_for(process.wait(), EXIT_WAIT)
        except (asyncio.TimeoutError, OSError, RuntimeError):
            pass
        if process.returncode is None:
            process.kill()
            await process.wait()
        self.processes.discard(process)

    async def close(self) -> None:
        """End every tab's process (the server is closing)."""
        for process in list(self.processes):
            if process.returncode is None:
                process.kill()
        await asyncio.gather(*(p.wait() for p in list(self.processes)), return_exceptions=True)
        if self._root is not None:
            shutil.rmtree(self._root, ignore_errors=True)


def _envelope(text: str) -> tuple[str, object]:
    """A page's message as [kind, data]; ValueError for anything else."""
    try:
        envelope = json.loads(text)
    except ValueError:
        raise ValueError("a message that is not JSON") from None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        raise ValueError("a message of an unknown shape")
    kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind == "stdin" and not isinstance(data, str) or kind == "resize" and not isinstance(data, dict):
        raise ValueError(f"a {kind} message of an unknown shape")
    return kind, data
