"""Fixtures every test gets: private settings and data dirs, and ``fresh`` (a rigged engine game).

LAN discovery (zeroconf) is bound to 127.0.0.1 for the whole run, subprocesses included: no
test sends a packet through any other interface."""
import gc
import os
import sys

import pytest

from uno_tui.play.address import INTERFACE_ENV

os.environ[INTERFACE_ENV] = "127.0.0.1"
# the run keeps its bytecode (the gitignored __pycache__ folders) even under PYTHONDONTWRITEBYTECODE,
# which this machine sets: with it each of the four workers rewrote the asserts of every test module
# and compiled them again, ~3 s of CPU a worker before the first test (collection 5.3 -> 2.4 s)
sys.dont_write_bytecode = False

from tests.helpers.engine import rig


@pytest.fixture
def fresh():
    return rig


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    """No test reads or writes the real settings or saved games; no card moves (motion off)."""
    monkeypatch.setenv("UNO_TUI_MOTION", "off")
    monkeypatch.setenv("UNO_TUI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("UNO_TUI_DATA_DIR", str(tmp_path / "data"))


#: tests that run whole apps in their own processes: they take seconds each, mostly waiting on
#: those processes, so they start first, two to a worker (pyproject's --maxschedchunk), and the
#: short ones fill the gaps (no long one starts last)
LONG = ("tests/journeys/", "tests/net/test_browser.py", "tests/net/test_browser_phone.py",
        "tests/net/test_discovery_attacks.py", "tests/net/test_webtab.py", "tests/net/test_net_ui.py",
        "tests/net/test_resume.py", "tests/net/test_example_client.py")


def pytest_collection_modifyitems(items):
    items.sort(key=lambda item: not item.nodeid.startswith(LONG))


# The garbage collector would walk again and again what lives through the run (pytest, Textual, the
# modules, what the tests before kept): frozen after collection and after each test, it walks only
# what the test running made. A worker's garbage collections took 2.0-3.1 s of CPU over a run, 0.9-1.5 s
# so (timed by gc.callbacks). What a test leaves in cycles (whole apps) is never collected: workers
# end at 200-410 MB, with 21-27 files open (so no socket is kept open that way); a full collection
# every 25 tests instead took 0.2-0.55 s each and gave the saving back.
@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session):
    gc.freeze()


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item, nextitem):
    gc.freeze()
