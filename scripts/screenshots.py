"""Regenerate the SVGs in screenshots/ (the README shows them): the same seeded, fixed-size
screens the snapshot tests check.

    python scripts/screenshots.py
"""
import asyncio
import os
import pathlib
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.helpers.ui import SCREENS  # noqa: E402


async def shoot(name, factory, size, keys) -> None:
    app = factory()
    async with app.run_test(size=size) as pilot:
        await pilot.pause(0.3)
        if keys:
            await pilot.press(*keys)
        await pilot.pause(0.3)
        app.save_screenshot(filename=f"{name}.svg", path=str(ROOT / "screenshots"))


def main() -> None:
    os.environ["UNO_TUI_CONFIG_DIR"] = tempfile.mkdtemp()
    (ROOT / "screenshots").mkdir(exist_ok=True)
    for name, factory, size, keys in SCREENS:
        asyncio.run(shoot(name, factory, size, keys))
        print(f"screenshots/{name}.svg")


if __name__ == "__main__":
    main()
