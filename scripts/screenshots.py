"""Regenerate the SVGs in screenshots/ (the README shows them): the same seeded, fixed-size
screens the snapshot tests check; and the browser page's PNGs (a desktop's, a phone's upright
and on its side), from the browser tests.

    python scripts/screenshots.py
"""
import asyncio
import os
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.helpers.ui import SCREENS  # noqa: E402


async def shoot(name, factory, size, keys) -> None:
    # a data dir of its own, as each snapshot test has: a game saved by the screen before must
    # not put "Start a new game?" over this one
    os.environ["UNO_TUI_DATA_DIR"] = tempfile.mkdtemp()
    app = factory()
    async with app.run_test(size=size) as pilot:
        await pilot.pause(0.3)
        if keys:
            await pilot.press(*keys)
        await pilot.pause(0.3)
        app.save_screenshot(filename=f"{name}.svg", path=str(ROOT / "screenshots"))


def main() -> None:
    os.environ["UNO_TUI_CONFIG_DIR"] = tempfile.mkdtemp()
    os.environ["UNO_TUI_MOTION"] = "off"                 # as the snapshot tests: every card where it lands
    (ROOT / "screenshots").mkdir(exist_ok=True)
    for name, factory, size, keys in SCREENS:
        asyncio.run(shoot(name, factory, size, keys))
        print(f"screenshots/{name}.svg")
    # the page of host --web, as the browser test sees it in a real Chromium (skipped without one)
    shot = ROOT / "screenshots" / "browser-join.png"
    subprocess.run([sys.executable, "-m", "pytest", "-n", "0", "-q", "tests/net/test_browser.py"], cwd=ROOT, check=True,
                   env={**os.environ, "UNO_TUI_BROWSER_SHOT": str(shot)})
    print(f"screenshots/{shot.name}")
    # a phone's page, upright and on its side, as the phone test sees it
    subprocess.run([sys.executable, "-m", "pytest", "-n", "0", "-q", "tests/net/test_browser_phone.py"], cwd=ROOT,
                   check=True, env={**os.environ, "UNO_TUI_PHONE_SHOTS": str(ROOT / "screenshots")})
    print("screenshots/phone-portrait.png\nscreenshots/phone-landscape.png")


if __name__ == "__main__":
    main()
