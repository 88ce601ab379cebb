"""A real terminal for journey tests: the console script in a pseudo-terminal, its screen read
by pyte (a terminal emulator), keys written as a keyboard would send them."""
import fcntl
import os
import pty
import re
import signal
import struct
import sys
import termios
import threading
import time

import pyte

KEYS = {"enter": b"\r", "escape": b"\x1b", "tab": b"\t", "ctrl+s": b"\x13", "ctrl+q": b"\x11",
        "up": b"\x1b[A", "down": b"\x1b[B", "right": b"\x1b[C", "left": b"\x1b[D"}


def console_script() -> str:
    """The installed `uno-tui` next to this Python (what a newcomer runs after pip install)."""
    return os.path.join(os.path.dirname(sys.executable), "uno-tui")


class Terminal:
    def __init__(self, *args: str, env: dict, size=(80, 24), program: str | None = None, within: list[str] = ()):
        """``program``: what runs in it (the console script unless given: /usr/bin/ssh, say);
        ``within``: a command prefix to run it under (a network namespace's nsenter)."""
        cols, rows = size
        argv = [*within, program or console_script(), *args]
        self.env = env                         # what it was started with (a second command on the same machine)
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.lock = threading.Lock()
        self.returncode: int | None = None    # once reaped
        self.pid, self.fd = pty.fork()
        if self.pid == 0:                      # the child: a terminal of this size, then the app
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
                # Ctrl+C and Ctrl+\\ as a shell leaves them for a command it runs: a test run started
                # in the background (where they are ignored, and exec keeps that) must not pass that on
                for sig in (signal.SIGINT, signal.SIGQUIT):
                    signal.signal(sig, signal.SIG_DFL)
                os.execve(argv[0], argv, {**env, "TERM": "xterm-256color"})
            finally:
                os._exit(127)                  # never a second copy of the test run
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                return
            if not data:
                return
            with self.lock:
                self.stream.feed(data)

    def text(self) -> str:
        with self.lock:
            return "\n".join(self.screen.display)

    def wait_for(self, pattern: str, timeout: float = 15.0) -> re.Match:
        """Until the screen shows ``pattern`` (a regular expression); fails with the screen."""
        deadline = time.monotonic() + timeout
        while True:
            found = re.search(pattern, self.text())
            if found:
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"{pattern!r} not on screen after {timeout} s:\n{self.text()}")
            time.sleep(0.05)

    def settled(self, rows: slice = slice(None), timeout: float = 10.0) -> list[str]:
        """The screen's ``rows`` once two reads 0.2 s apart agree (a frame can be half written when
        read); fails with the screen if they never hold still that long within ``timeout``."""
        deadline = time.monotonic() + timeout
        while True:
            lines = self.text().splitlines()[rows]
            time.sleep(0.2)
            if self.text().splitlines()[rows] == lines:
                return lines
            if time.monotonic() > deadline:
                raise AssertionError(f"the screen never held still for 0.2 s in {timeout} s:\n{self.text()}")

    def shows(self, pattern: str) -> bool:
        return re.search(pattern, self.text()) is not None

    def press(self, *keys: str) -> None:
        for key in keys:
            os.write(self.fd, KEYS.get(key, key.encode()))
            if key == "escape":
                time.sleep(0.1)                # an Esc alone must not merge with the next key into a sequence

    def resize(self, cols: int, rows: int) -> None:
        """As a window dragged to a new size: the program is told (SIGWINCH) and the screen redrawn."""
        with self.lock:
            self.screen.resize(rows, cols)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

    def exit_code(self, timeout: float = 10.0) -> int:
        """Once the program has ended by itself: its exit code (fails if it has not in time)."""
        deadline = time.monotonic() + timeout
        while True:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.returncode = os.waitstatus_to_exitcode(status)
                return self.returncode
            if time.monotonic() > deadline:
                raise AssertionError(f"still running after {timeout} s:\n{self.text()}")
            time.sleep(0.05)

    def alive(self) -> bool:
        return self.returncode is None and os.waitpid(self.pid, os.WNOHANG) == (0, 0)

    def kill(self) -> None:
        """As a crash or a closed laptop would: no chance to say goodbye."""
        try:
            if self.returncode is None:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        self._close_fd()

    def close(self, timeout: float = 5.0) -> None:
        """Wait for the process to end by itself (after a quit key), else kill it."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pid, _ = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self._close_fd()
                return
            time.sleep(0.05)
        self.kill()

    def _close_fd(self) -> None:
        """Once the reader has seen the end (the program is gone): a number closed under a reader
        still looping was reused by the next Terminal's pty, and this reader took its bytes."""
        if threading.current_thread() is not self.reader:
            self.reader.join(5.0)
        try:
            os.close(self.fd)
        except OSError:
            pass

    # ---------------------------------------------------------------- what /proc says
    def cpu_seconds(self) -> float:
        fields = open(f"/proc/{self.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_mb(self) -> float:
        for line in open(f"/proc/{self.pid}/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        raise RuntimeError("no VmRSS")
