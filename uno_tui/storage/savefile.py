"""A file that always holds the newest state given to it, written off the game's thread.

The host saves after every action. Writing and renaming a file takes about a
millisecond on an ordinary disk; done on the event loop, every player would
wait for it. Here the loop only hands over the bytes: a thread writes them
(atomically, by rename), and if the disk falls behind, states in between are
skipped. The file on disk is always one whole, recent state.
"""
import logging
import os
import threading
from pathlib import Path

logger = logging.getLogger(__name__)


def private_dir(path: Path) -> Path:
    """``path`` as a directory only its owner can enter (saved games hold seat tokens, the
    password and the deck's order)."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    if path.stat().st_mode & 0o077:
        path.chmod(0o700)
    return path


def atomic_write(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` whole: readers see the old file or the new one, never a part,
    and after a crash (even of the machine) the one on disk is whole. Only its owner may read it."""
    private_dir(path.parent)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")     # two processes may write it at once (web tabs)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.fchmod(fd, 0o600)                    # a .tmp left by an older version may have other bits
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, path)


class SaveFile:
    def __init__(self, path: Path):
        self.path = path
        self._pending: bytes | None = None
        self._busy = False
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None

    def put(self, data: bytes) -> None:
        """Write ``data`` as soon as the thread can (replacing any state not yet written)."""
        with self._cond:
            self._pending = data
            self._cond.notify_all()
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="save-file", daemon=True)
                self._thread.start()

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until everything given has been written; False if the disk did not keep up."""
        with self._cond:
            return self._cond.wait_for(lambda: self._pending is None and not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending is not None)
                data, self._pending, self._busy = self._pending, None, True
            try:
                atomic_write(self.path, data)
            except OSError as e:                 # a full disk must not end the game; the last good file stays
                logger.error("could not save the game to %s: %s", self.path, e)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
