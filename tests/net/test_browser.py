"""A friend joins from a browser: a real headless Chromium (Debian's `chromium` package, driven by
Playwright) opens `uno-tui host --web`'s page, types a name, and plays a card by clicking it; a
spectator at the host sees the play; closing the tab ends its process.

The page draws the terminal on a canvas, so the test reads the screen as the browser got it:
the bytes of the page's websocket fed to a terminal emulator (pyte), sized by the page's own
resize messages. A card is clicked at its cell, from the size of the page's terminal."""
import asyncio
import contextlib
import json
import os
import shutil
import subprocess
import time
from pathlib import Path

import pyte
import pytest

from tests.helpers.network import LOOPBACK, free_port, join, wait_listening
from tests.helpers.terminal import console_script
from uno_tui.play.host.tlskey import load_identity
from uno_tui.ui.widgets.cardart import CARD_BG

CHROMIUM = shutil.which("chromium")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="needs a browser: apt-get install chromium (Debian's "
                                "package; .ci/run installs it)")
#: as the machine's own probe starts it: no sandbox as root, no GPU, nothing fetched from outside
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
PLAYABLE = {CARD_BG[c].lstrip("#").lower() for c in "RYGB"}     # the hand's bright faces: cards that fit
SHOT = os.environ.get("UNO_TUI_BROWSER_SHOT")                   # scripts/screenshots.py: where the page goes
TIMEOUT = 30.0


class PageScreen:
    """The page's terminal as its websocket carried it."""

    def __init__(self):
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.last_frame = 0.0

    def watch(self, ws) -> None:
        ws.on("framereceived", self._received)
        ws.on("framesent", self._sent)

    def _received(self, data) -> None:
        if isinstance(data, bytes):
            self.stream.feed(data)
            self.last_frame = time.monotonic()

    def _sent(self, data) -> None:
        if isinstance(data, str) and data.startswith('["resize"'):
            size = json.loads(data)[1]
            self.screen.resize(size["height"], size["width"])

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def playable_cells(self) -> list[tuple[int, int]]:
        """One cell in each bright card of the lowest row that has any: the hand's playable cards."""
        rows = self.screen.buffer
        for y in range(self.screen.lines - 1, -1, -1):
            xs = [x for x in range(self.screen.columns) if rows[y][x].bg.lower() in PLAYABLE]
            runs = [x for i, x in enumerate(xs) if i == 0 or xs[i - 1] != x - 1]
            if runs:
                return [(x + 1, y) for x in runs]
        return []

    def find(self, text: str) -> tuple[int, int] | None:
        """The cell of ``text``'s first character, in the lowest line that has it."""
        for y in range(self.screen.lines - 1, -1, -1):
            x = self.screen.display[y].find(text)
            if x >= 0:
                return x, y
        return None

    async def until(self, text: str) -> None:
        await self._poll(lambda: text in self.text(), f"{text!r} not in the page")

    async def settled(self, quiet: float = 0.5) -> None:
        """Until no frame has come for ``quiet`` s: a loaded machine draws a turn in several frames."""
        await self._poll(lambda: time.monotonic() - self.last_frame >= quiet, "the page kept drawing")

    async def _poll(self, done, failure: str) -> None:
        for _ in range(int(TIMEOUT / 0.05)):
            if done():
                return
            await asyncio.sleep(0.05)
        raise AssertionError(f"{failure} after {TIMEOUT} s:\n{self.text()}")


async def only_the_host(page, port: int) -> list[str]:
    """Every request of the page to anywhere but the host (``port`` on loopback) is refused, and
    listed in what this returns (the test fails on any), as is what the page's policy refused."""
    elsewhere = []
    ours = (f"http://{LOOPBACK}:{port}/", f"ws://{LOOPBACK}:{port}/")

    async def check(route):
        if route.request.url.startswith(ours):
            await route.continue_()
        else:
            elsewhere.append(route.request.url)
            await route.abort()
    await page.route("**/*", check)
    page.on("request", lambda request: None if request.url.startswith(ours) else elsewhere.append(request.url))
    page.on("websocket", lambda ws: None if ws.url.startswith(ours) else elsewhere.append(ws.url))
    # what the page's Content-Security-Policy stopped before it was asked for (web.POLICY)
    page.on("console", lambda message: elsewhere.append(message.text) if "Refused to" in message.text else None)
    return elsewhere


class Watch:
    """What a spectator at the host hears, read all the while: each log line of the table."""

    def __init__(self, conn):
        self.conn, self.lines = conn, []
        self.task = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        while True:
            self.lines += (await self.conn.recv()).get("log", ())

    def plays(self, seat: int) -> int:
        return sum(line.get("kind") == "play" and line.get("seat") == seat for line in self.lines)

    def said(self, text: str) -> bool:
        return any(text in str(line.get("text", "")) for line in self.lines)

    async def until(self, done, timeout: float = TIMEOUT) -> bool:
        for _ in range(int(timeout / 0.05)):
            if done():
                return True
            await asyncio.sleep(0.05)
        return done()

    def close(self) -> None:
        self.task.cancel()
        self.conn.close()


async def cell_point(page, page_screen: PageScreen, x: int, y: int) -> tuple[float, float]:
    """Where the middle of the page terminal's cell (x, y) is on the page."""
    box = await page.locator(".xterm-screen").bounding_box()
    width, height = box["width"] / page_screen.screen.columns, box["height"] / page_screen.screen.lines
    return box["x"] + (x + 0.5) * width, box["y"] + (y + 0.5) * height


async def play_a_card(page, page_screen: PageScreen, watch: Watch, seat: int, tap: bool = False, cell=None) -> None:
    """Click (``tap``: touch) a playable card (or the cell ``cell()`` finds) until the host's table
    shows ``seat`` play: on a loaded machine the hand can move a row between two frames after the
    page looked settled, and a click on where it was is tried again, from the screen then (3 tries)."""
    before = watch.plays(seat)
    for _ in range(3):
        await page_screen.settled()
        cells = [cell()] if cell else page_screen.playable_cells()
        assert cells and cells[0], f"no card to play in the page:\n{page_screen.text()}"
        point = await cell_point(page, page_screen, *cells[0])
        await (page.touchscreen.tap(*point) if tap else page.mouse.click(*point))
        if await watch.until(lambda: watch.plays(seat) > before, TIMEOUT / 3):
            return
    raise AssertionError(f"no play at the host after {'tapping' if tap else 'clicking'} a card; the page then:\n"
                         f"{page_screen.text()}")


@contextlib.asynccontextmanager
async def host_with_page(tmp_path, *options: str):
    """`uno-tui host --headless --web` on loopback with these options, and Eve watching at it (her
    Watch): yields (the host's process, the page's port, the Watch)."""
    port, web = free_port(), free_port()
    env = {**os.environ, "UNO_TUI_CONFIG_DIR": str(tmp_path / "c"), "UNO_TUI_DATA_DIR": str(tmp_path / "d")}
    host = subprocess.Popen([console_script(), "host", "--headless", "--bind", LOOPBACK, "--port", str(port),
                             "--web", str(web), *options], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        await wait_listening(port)
        await wait_listening(web)
        watch = Watch(await join(port, "Eve", spectate=True,
                                 fingerprint=load_identity(tmp_path / "d")[1]))   # the host's key, in its data dir
        try:
            yield host, web, watch
        finally:
            watch.close()
    finally:
        host.terminate()
        host.wait(10)


def children(pid: int) -> list[int]:
    """The processes ``pid`` started, and theirs (the web tabs' uno-tui under a shell)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            found += [int(child), *children(int(child))]
    return found


async def test_a_browser_joins_the_host_plays_a_card_by_clicking_it_and_closing_the_tab_ends_its_process(tmp_path):
    from playwright.async_api import async_playwright, expect
    async with host_with_page(tmp_path, "--seats", "2", "--players", "1", "--bot-delay", "0",
                              "--seed", "3") as (host, web, watch):
        page_screen = PageScreen()
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            page = await browser.new_page(viewport={"width": 1000, "height": 640})
            elsewhere = await only_the_host(page, web)
            page.on("websocket", page_screen.watch)
            await page.goto(f"http://{LOOPBACK}:{web}/")
            await page_screen.until("Your name")
            assert "Host's table" in await page.title() and "2 of 2 seats free" in await page.inner_text("#where")
            await page.keyboard.type("Zoe")              # no click first: the name field has the keys on load
            await page.keyboard.press("Enter")
            await page_screen.until("Your turn")
            # the header, drawn when the page opened, follows the table: Zoe took the last seat, the game began
            await expect(page.locator("#seats")).to_contain_text("a game of 2 under way", timeout=TIMEOUT * 1000)
            await page_screen.settled()
            if SHOT:
                await page.screenshot(path=SHOT)
            await play_a_card(page, page_screen, watch, seat=0)
            tabs = children(host.pid)
            assert tabs, "no process behind the browser tab"
            await page.close()
            for _ in range(int(TIMEOUT / 0.1)):
                if not children(host.pid):
                    break
                await asyncio.sleep(0.1)
            assert not children(host.pid), "the closed tab's process is still running"
            await browser.close()
        assert not elsewhere, f"the page asked for what is not the host's: {elsewhere}"


async def test_join_again_on_a_tab_whose_game_ended_opens_the_form_anew(tmp_path):
    """Back on the tab's form ends its process: the page says the game has ended, and its button
    (a handler of page.js: the page's policy refuses inline scripts) loads the form again."""
    from playwright.async_api import async_playwright, expect
    async with host_with_page(tmp_path, "--seats", "2", "--players", "1") as (host, web, watch):
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            page = await browser.new_page(viewport={"width": 1000, "height": 640})
            refused = []
            page.on("console", lambda message: refused.append(message.text) if "Content Security" in message.text
                    else None)
            page_screen = PageScreen()
            page.on("websocket", page_screen.watch)
            await page.goto(f"http://{LOOPBACK}:{web}/")
            await page_screen.until("Your name")
            await page.keyboard.press("Escape")          # Back: this tab's uno-tui ends
            again = page.get_by_role("button", name="Join again")
            await expect(again).to_be_visible(timeout=TIMEOUT * 1000)
            page_screen = PageScreen()
            page.on("websocket", page_screen.watch)
            await again.click()
            await page_screen.until("Your name")
            await expect(again).to_be_hidden()
            assert not refused, refused
            await browser.close()
