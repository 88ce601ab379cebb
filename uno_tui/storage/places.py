"""Where uno-tui keeps things on disk: settings and saved games. Kept light (no game code): the
start screen asks whether a game is saved before any of a game is loaded."""
import os
from pathlib import Path

from platformdirs import user_config_dir, user_data_dir

APP = "uno-tui"
#: "kept": this browser tab's directories are its browser's, kept for its next tab (webtab.py)
TAB_SEAT_ENV = "UNO_TUI_TAB_SEAT"


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
    return log_of(game_path(kind))


def log_of(game: Path) -> Path:
    """The log saved beside a game file (hosted-game.msgpack: hosted-game-log.msgpack)."""
    return game.with_name(f"{game.stem}-log.msgpack")


def saved_hosted() -> list[Path]:
    """Every hosted game kept to carry on, newest first: the last one hosted, and those it set
    aside when a newer game started (hosted-game-<date>-<time>.msgpack)."""
    found = [p for p in data_dir().glob("hosted-game*.msgpack") if not p.name.endswith("-log.msgpack")]
    return sorted(found, key=lambda p: p.stat().st_mtime_ns, reverse=True)


def has_saved_game() -> bool:
    """Whether a solo game waits to be resumed."""
    return game_path("solo").exists()


def tab_keeps_seat() -> bool:
    """Whether this is a browser tab of host --web whose files outlive it (its browser's): its
    seat token, and the name it sat down with, are kept for a reloaded or reopened tab."""
    return os.environ.get(TAB_SEAT_ENV) == "kept"


def tab_name_path() -> Path:
    """The name a browser's last tab sat down with (present while it has a seat to come back to)."""
    return data_dir() / "tab-name"
