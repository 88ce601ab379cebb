"""Where uno-tui keeps things on disk: settings and saved games. Kept light (no game code): the
start screen asks whether a game is saved before any of a game is loaded."""
import os
from pathlib import Path

from platformdirs import user_config_dir, user_data_dir

APP = "uno-tui"


def config_dir() -> Path:
    """Where settings live (UNO_TUI_CONFIG_DIR overrides it, e.g. in tests)."""
    return Path(os.environ.get("UNO_TUI_CONFIG_DIR") or user_config_dir(APP))


def data_dir() -> Path:
    """Where saved games live (UNO_TUI_DATA_DIR overrides it)."""
    return Path(os.environ.get("UNO_TUI_DATA_DIR") or user_data_dir(APP))


def game_path(kind: str) -> Path:
    """``kind`` is "hosted" or "solo": each has its own saved game."""
    return data_dir() / f"{kind}-game.msgpack"


def log_path(kind: str) -> Path:
    return data_dir() / f"{kind}-game-log.msgpack"


def has_saved_game() -> bool:
    """Whether a solo game waits to be resumed."""
    return game_path("solo").exists()
