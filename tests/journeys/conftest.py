import os

import pytest

from tests.helpers.network import LOOPBACK, free_port
from tests.helpers.terminal import Terminal
from uno_tui.play.address import INTERFACE_ENV


@pytest.fixture
def newcomer(tmp_path):
    """Start `uno-tui ARGS` as a newcomer on their own machine would: a fresh config and data
    dir each (``who`` names the machine), 80x24, LAN discovery bound to 127.0.0.1, motion off. Every
    terminal is killed at the end. ``program``: another program than uno-tui (ssh, say); ``within``:
    a command prefix (a network namespace's nsenter)."""
    terminals = []

    def start(*args: str, who: str = "me", program: str | None = None, size=(80, 24),
              within: list[str] = ()) -> Terminal:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("UNO_TUI_", "TEXTUAL"))}
        env["UNO_TUI_CONFIG_DIR"] = str(tmp_path / who / "config")
        env["UNO_TUI_DATA_DIR"] = str(tmp_path / who / "data")
        env[INTERFACE_ENV] = LOOPBACK            # a host advertises, and join looks, on loopback only
        env["UNO_TUI_MOTION"] = "off"            # the screen is read as soon as it settles
        if program is not None:                    # ssh's own files (~/.ssh) are this machine's too
            env["HOME"] = str(tmp_path / who)
        terminal = Terminal(*args, env=env, program=program, size=size, within=within)
        terminals.append(terminal)
        return terminal

    yield start
    for terminal in terminals:
        terminal.kill()


@pytest.fixture
def port():
    return free_port()
