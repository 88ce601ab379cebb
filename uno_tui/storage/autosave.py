"""Saving a game as it goes, so a quit or a crash never loses it: hosted and solo games alike.

The game file holds what the owner needs to carry on (the table's state plus
the owner's own: settings, seats, tokens); the log, only words for the
players and most of the bytes, goes to a second file tied to the first by the
game's id, written less often. Writes happen a moment after a change (a burst
of bot moves costs one save) and off the event loop (SaveFile's thread).
"""
import asyncio
import secrets
import time
from pathlib import Path

import msgpack

from .places import game_path, log_of, log_path
from .savefile import SaveFile

SAVE_DELAY = 0.25           # the game is saved this long after a change: a crash loses at most this
LOG_SAVE_DELAY = 1.0        # the log at most this often


class Autosave:
    def __init__(self, kind: str, state, log, game_id: str | None = None, path: Path | None = None):
        """``state()`` and ``log()`` return what to write (plain data), when it is time to; ``path``:
        where (the kind's own file unless given: a hosted game resumed from one set aside)."""
        self.state, self.log = state, log
        self.game_id = game_id or secrets.token_hex(8)
        self.path = path or game_path(kind)
        self._files = {self._write_game: SaveFile(self.path), self._write_log: SaveFile(log_of(self.path))}
        self._timers: dict = {}                    # write method -> its pending timer

    def changed(self) -> None:
        """Something changed: save it soon."""
        loop = asyncio.get_running_loop()
        for write, delay in ((self._write_game, SAVE_DELAY), (self._write_log, LOG_SAVE_DELAY)):
            if write not in self._timers:
                self._timers[write] = loop.call_later(delay, self._due, write)

    def _due(self, write) -> None:
        del self._timers[write]
        write()

    def _write_game(self) -> None:
        self._files[self._write_game].put(msgpack.packb({"game": self.game_id, **self.state()}))

    def _write_log(self) -> None:
        self._files[self._write_log].put(msgpack.packb({"game": self.game_id, **self.log()}))

    def write_now(self) -> None:
        """Hand what is pending to the writer now (on the loop: it reads the table)."""
        for write, timer in list(self._timers.items()):
            timer.cancel()
            del self._timers[write]
            write()

    def wait(self) -> None:
        """Until the disk has it all (blocks: from a thread, or when nothing else must run)."""
        for file in self._files.values():
            file.flush()

    def flush(self) -> None:
        """Write what is pending and wait for the disk (at quit: nothing may be lost)."""
        self.write_now()
        self.wait()

    def discard(self) -> None:
        """The game is over (or its host ended it): nothing to carry on, so no saved game is left behind."""
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        for file in self._files.values():
            file.flush()
            file.path.unlink(missing_ok=True)


def delete(path: Path) -> None:
    """A saved game deleted, with its log (its owner chose to: nobody can carry it on after)."""
    for file in (path, log_of(path)):
        file.unlink(missing_ok=True)


class SaveError(ValueError):
    """A saved game that cannot be carried on; the message is one sentence naming the file, ``path``
    the file and ``why`` the reason alone (a screen lays them out as it fits)."""

    def __init__(self, message: str, path: Path | None = None, why: str = ""):
        super().__init__(message)
        self.path, self.why = path, why or message


def restore(kind: str, build, path: Path | None = None):
    """``build(state)`` from the saved game (the kind's own file, or ``path``) with its log (an
    empty log if the log is missing, unreadable or another game's). ``build`` checks what it takes (raising ValueError, or
    stumbling on a missing key or wrong type); whatever is wrong, this raises SaveError, and
    the file stays where it is."""
    path = path or game_path(kind)
    try:
        try:
            state = msgpack.unpackb(path.read_bytes(), strict_map_key=False)
        except (ValueError, msgpack.UnpackException):
            state = None
        if not isinstance(state, dict) or not isinstance(state.get("table"), dict):
            raise ValueError("it is damaged or not a saved game")
        log = _saved_log(log_of(path))
        if log.get("game") == state.get("game"):
            state["table"] = {**state["table"], "log": log.get("log", []), "log_names": log.get("log_names", [])}
        return build(state)
    except FileNotFoundError:
        raise SaveError(f"There is no saved game to carry on ({path} does not exist).", path,
                        "it does not exist") from None
    except OSError as e:
        raise SaveError(f"The saved game {path} cannot be read: {e.strerror}.", path,
                        f"it cannot be read: {e.strerror}") from None
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as e:
        why = str(e) if isinstance(e, ValueError) and str(e) else f"it is damaged ({type(e).__name__})"
        raise SaveError(f"The saved game {path} cannot be carried on: {why}. It is left as it is.", path,
                        why) from None


def _saved_log(path: Path) -> dict:
    try:
        log = msgpack.unpackb(path.read_bytes(), strict_map_key=False)
    except (OSError, ValueError, msgpack.UnpackException):
        return {}
    return log if isinstance(log, dict) else {}          # its entries are judged with the game (table.saving)


def set_aside(kind: str) -> Path | None:
    """A new game is about to be saved where an unfinished one is: keep that one (with its log)
    under a name with the time, so starting afresh never throws a game away. Returns its new path."""
    path = game_path(kind)
    if not path.exists():
        return None
    stamp = time.strftime("%Y-%m-%d-%H%M%S")
    kept = path.with_name(f"{kind}-game-{stamp}.msgpack")
    for old, new in ((path, kept), (log_path(kind), log_of(kept))):
        if old.exists():
            old.chmod(0o600)                  # one an older version saved may be readable by others
            old.replace(new)
    return kept
