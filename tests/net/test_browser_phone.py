"""A friend joins from a phone: a real headless Chromium (Debian's) with a phone's viewport and
touch (Playwright's "Pixel 7"), on `uno-tui host --web`'s page. The page fits the screen (no
sideways scroll, text at least 12 CSS pixels tall, 40-50 columns upright), a tap on a card plays
it, the colour picker's buttons take taps; the tab reloaded mid-game comes back to its seat with
its hand within the grace time (no bot took it), turning the phone lays the table out again, and
another browser giving the same name only watches. Nothing is asked of any address but the host's.

The device's scale is 1 (the descriptor's CSS pixels, layout and touch as on the phone): headless
Chromium's emulated 2.6x scale has the terminal's canvas draw its glyphs at that scale into a
canvas of CSS size, so only the top left of the screen shows (docs/decisions.md)."""
import asyncio
import os
import re
from pathlib import Path

from tests.helpers.network import LOOPBACK
from tests.net.test_browser import (CHROMIUM, FLAGS, TIMEOUT, PageScreen, cell_point, host_with_page, only_the_host,
                                play_a_card)
from tests.net.test_browser import pytestmark  # noqa: F401  (skipped without a browser)

SHOTS = os.environ.get("UNO_TUI_PHONE_SHOTS")      # scripts/screenshots.py: the directory for the PNGs
PHONE = "Pixel 7"
LANDSCAPE = {"width": 863, "height": 360}          # Playwright's "Pixel 7 landscape"


def phone(playwright) -> dict:
    device = {k: v for k, v in playwright.devices[PHONE].items() if k != "default_browser_type"}
    return {**device, "device_scale_factor": 1}


async def fits(page, page_screen: PageScreen) -> dict:
    """The page's measures: no sideways scroll; the terminal's font and its cells' height in CSS px."""
    measures = await page.evaluate("""() => ({
        scroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        font: parseFloat(document.getElementById("terminal").dataset.fontSize),
        height: document.querySelector(".xterm-screen").getBoundingClientRect().height,
        bottom: document.querySelector(".xterm-screen").getBoundingClientRect().bottom,
        viewport: window.innerHeight})""")
    measures["cell"] = measures["height"] / page_screen.screen.lines
    assert measures["scroll"] <= 0, f"the page scrolls sideways by {measures['scroll']} px"
    assert measures["font"] >= 12 and measures["cell"] >= 12, f"text too small to read: {measures}"
    assert measures["bottom"] <= measures["viewport"] + 1, f"the terminal runs off the screen: {measures}"
    return measures


async def tap_until(page, page_screen: PageScreen, target: str, shows: str) -> None:
    """Tap ``target`` (text on the page's screen) until the screen ``shows`` something (a tap the
    app missed on a loaded machine, the screen still settling, is made again: 3 tries)."""
    for _ in range(3):
        await page_screen.settled()
        cell = page_screen.find(target)
        assert cell, f"no {target!r} on the page:\n{page_screen.text()}"
        await page.touchscreen.tap(*await cell_point(page, page_screen, *cell))
        for _ in range(int(TIMEOUT / 3 / 0.1)):
            if shows in page_screen.text():
                return
            await asyncio.sleep(0.1)
    raise AssertionError(f"{shows!r} not on the page after tapping {target!r}:\n{page_screen.text()}")


def hand_row(page_screen: PageScreen) -> str:
    """The hand's line of card names (under the frame's top edge, the lowest frame on the screen)."""
    _, y = page_screen.find("╭")
    return page_screen.screen.display[y + 1].strip()


async def test_a_phone_joins_by_taps_keeps_its_seat_through_a_reload_and_turns(tmp_path):
    from playwright.async_api import async_playwright
    # seed 3 deals Zoe a Wild Draw Four she can play at once: the colour picker comes up
    async with host_with_page(tmp_path, "--seats", "3", "--players", "1", "--bot-delay", "0.3",
                              "--grace", "60", "--seed", "3") as (_, web, watch):
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            context = await browser.new_context(**phone(playwright))
            page = await context.new_page()
            elsewhere = await only_the_host(page, web)
            page_screen = PageScreen()
            page.on("websocket", page_screen.watch)
            await page.goto(f"http://{LOOPBACK}:{web}/")
            await page_screen.until("Your name")
            assert 40 <= page_screen.screen.columns <= 52, f"{page_screen.screen.columns} columns upright"  # "about 40-50"
            await fits(page, page_screen)
            cookie = next(c for c in await context.cookies() if c["name"] == "uno-tui-browser")
            assert cookie["httpOnly"] and cookie["sameSite"] == "Strict" and "uno-tui-browser" not in page.url
            await page.keyboard.type("Zoe")
            await page.keyboard.press("Enter")
            await page_screen.until("Your turn")
            if SHOTS:
                await page_screen.settled()
                await page.screenshot(path=str(Path(SHOTS) / "phone-portrait.png"))

            # the Wild Draw Four, tapped: the colour picker, its Red tapped
            await tap_until(page, page_screen, "W+4", "Choose a colour")
            await page_screen.settled()
            await play_a_card(page, page_screen, watch, seat=0, tap=True, cell=lambda: page_screen.find("Red"))
            assert await watch.until(lambda: watch.said("red") or watch.said("Red"))
            # then a card of a colour, tapped, when it is Zoe's turn again
            await page_screen.until("Your turn")
            await play_a_card(page, page_screen, watch, seat=0, tap=True)

            # reloaded mid-game: the same seat, the same hand, and no bot took it meanwhile
            await page_screen.until("Your turn")
            await page_screen.settled()
            hand = hand_row(page_screen)
            reloaded = PageScreen()
            page.on("websocket", reloaded.watch)
            await page.reload()
            await reloaded.until("Your turn")
            await reloaded.settled()
            assert hand_row(reloaded) == hand, f"another hand after the reload:\n{reloaded.text()}"
            assert await watch.until(lambda: watch.said("Zoe is back"))
            assert watch.said("Zoe is away") and not watch.said("A bot plays for Zoe")
            await play_a_card(page, reloaded, watch, seat=0, tap=True)

            # turned on its side: laid out again for the wider, shorter terminal
            await page.set_viewport_size(LANDSCAPE)
            for _ in range(int(TIMEOUT / 0.1)):
                if reloaded.screen.columns > 80:
                    break
                await asyncio.sleep(0.1)
            assert reloaded.screen.columns > 80 and reloaded.screen.lines >= 16, \
                f"{reloaded.screen.columns}x{reloaded.screen.lines} on its side"
            await reloaded.settled()
            await fits(page, reloaded)
            assert re.search(r"▶ Zoe|Zoe", reloaded.text()) and "(no cards)" not in reloaded.text()
            if SHOTS:
                await page.screenshot(path=str(Path(SHOTS) / "phone-landscape.png"))

            # another browser (no cookie of this one) giving the same name: a spectator
            other = await browser.new_context(**phone(playwright))
            stranger = await other.new_page()
            elsewhere += await only_the_host(stranger, web)
            watching = PageScreen()
            stranger.on("websocket", watching.watch)
            await stranger.goto(f"http://{LOOPBACK}:{web}/")
            await watching.until("Your name")
            await stranger.keyboard.type("Zoe")
            await stranger.keyboard.press("Enter")
            await watching.until("You are watching")
            await browser.close()
        assert not elsewhere, f"the page asked for what is not the host's: {elsewhere}"
