"""One ssh session: the join client (`uno-tui join CODE`, as the ssh user's NAME) in a
pseudo-terminal of the client's size and terminal type, its screen to the channel and the
channel's keys to it, until either ends (ssh.py serves the port and lets sessions in).

Each ssh identity (NAME from an address) has files of its own (SshServer.home), so the same ssh
again takes its seat back with the token its earlier session kept.
"""
import asyncio
import errno
import fcntl
import logging
import os
import re
import signal
import struct
import termios
from collections.abc import Callable
from typing import Protocol

import asyncssh

from uno_tui.play.address import PASSWORD_ENV
from uno_tui.protocol.commands import clean_text
from uno_tui.protocol.limits import MAX_NAME

from .guests import MAX_COLUMNS, MAX_ROWS, Full, Idle, Slots, lower_priority

logger = logging.getLogger(__name__)
MAX_PENDING = 64 * 1024          # typed keys not yet read by the app; past this they are dropped
EXIT_WAIT = 3.0
TERM_TYPE = re.compile(r"[A-Za-z0-9._+-]{1,64}")
COMMAND_REFUSED = ("uno-tui over ssh runs the game only: no commands, no shell.\r\n"
                   "Join with:  ssh -p {port} YOURNAME@{host}\r\n")
NO_TERMINAL = "uno-tui needs a terminal: join with  ssh -t -p {port} YOURNAME@{host}\r\n"
NO_NAME = "Give your name as the ssh user:  ssh -p {port} YOURNAME@{host}\r\n"
FULL = "Cannot join: {words}. Try again when a player leaves.\r\n"
IDLE_NOTE = ("\r\n\x1b[0m\x1b[2J\x1b[H  Nobody typed in this session for {minutes:g} minutes: it is closed, "
             "to make room for others.\r\n  ssh again to play.\r\n")


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """A client's terminal within the caps (a huge one is drawn at the caps, not refused)."""
    return max(1, min(width or 80, MAX_COLUMNS)), max(1, min(height or 24, MAX_ROWS))


def set_size(fd: int, width: int, height: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


class Serving(Protocol):
    """What a session reads of the server that let it in (ssh.py's SshServer)."""

    idle: float
    slots: Slots
    sessions: set
    command: Callable[[str], list[str]]
    password: Callable[[], str | None]

    def home(self, address: str, name: str) -> str: ...

    def refuse(self, reason: str) -> None: ...

    def where(self, text: str) -> str: ...


class GameSession(asyncssh.SSHServerSession):
    """One ssh session: the join client in a pseudo-terminal, its screen to the channel and the
    channel's keys to it, until either ends."""

    def __init__(self, server: Serving, address: str, name: str):
        self.server, self.address = server, address
        self.name = clean_text(name, MAX_NAME)
        self.chan = None
        self.term, self.size = None, (80, 24)
        self.refused: str | None = None          # what to say instead of starting the game
        self.process: asyncio.subprocess.Process | None = None
        self.master: int | None = None
        self.pending = bytearray()               # keys the app has not read yet
        self.reading = False
        self.idle = Idle(server.idle)
        self.task: asyncio.Task | None = None
        self.ended = False

    def connection_made(self, chan) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size, term_modes) -> bool:
        self.term = term_type if TERM_TYPE.fullmatch(term_type or "") else "xterm-256color"
        self.size = clamp_size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        """Accepted only to say why nothing is run (a refused request leaves a bare 'exec request
        failed' on the friend's screen)."""
        self.server.refuse("a command")
        self.refused = COMMAND_REFUSED
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        self.server.refuse(f"a subsystem ({subsystem[:20]})")
        return False

    def session_started(self) -> None:
        self.server.sessions.add(self)
        if self.refused is None and self.term is None:
            self.refused = NO_TERMINAL
        if self.refused is None and not self.name:
            self.refused = NO_NAME
        if self.refused is not None:
            self.chan.write_stderr(self.server.where(self.refused).encode())
            self.chan.exit(1)
            return
        logger.info("ssh: %s from %s", self.name, self.address)
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        try:
            async with self.server.slots.slot(self.address):      # held until the process has exited
                try:
                    await self._start()
                    await self._until_exit_or_idle()
                finally:
                    await asyncio.shield(self._stop())
        except Full as e:
            self.server.refuse(e.reason)
            self.chan.write_stderr(FULL.format(words=e.words).encode())
        except OSError as e:
            logger.warning("ssh: cannot start a session's process: %s", e)
            self.chan.write_stderr(b"Cannot start the game here now.\r\n")
        finally:
            self._close_master()
            code = self.process.returncode if self.process is not None else 1
            if not self.ended:
                self.chan.exit(code if code is not None and code >= 0 else 1)

    async def _until_exit_or_idle(self) -> None:
        loop = asyncio.get_running_loop()
        watchdog, exited = loop.create_task(self.idle.wait()), loop.create_task(self.process.wait())
        try:
            await asyncio.wait([watchdog, exited], return_when=asyncio.FIRST_COMPLETED)
            idle = not exited.done()
        finally:
            watchdog.cancel()
            exited.cancel()
        if idle:
            self.server.refuse("ssh sessions nobody used (closed)")
            self.chan.write(IDLE_NOTE.format(minutes=self.idle.minutes).encode())

    async def _start(self) -> None:
        home = self.server.home(self.address, self.name)
        os.makedirs(home, mode=0o700, exist_ok=True)
        os.utime(home)                                      # joined now: kept KEEP_GUEST_DAYS more
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("TEXTUAL", "SSH_")) and k not in ("COLUMNS", "LINES", PASSWORD_ENV)}
        env.update(TERM=self.term, UNO_TUI_CONFIG_DIR=os.path.join(home, "config"),
                   UNO_TUI_DATA_DIR=os.path.join(home, "data"))
        if self.server.password() is not None:
            env[PASSWORD_ENV] = self.server.password()     # the join client proves it to the game port
        master, slave = os.openpty()
        try:
            set_size(slave, *self.size)
            self.process = await asyncio.create_subprocess_exec(
                *self.server.command(self.name), stdin=slave, stdout=slave, stderr=slave, env=env,
                start_new_session=True, preexec_fn=_child_terminal)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        self.master = master
        self._read(True)

    def _read(self, on: bool) -> None:
        """Relay the app's screen to the channel (off while the channel's buffer is full)."""
        if self.master is None or on == self.reading:
            return
        loop = asyncio.get_running_loop()
        (loop.add_reader(self.master, self._readable) if on else loop.remove_reader(self.master))
        self.reading = on

    def _readable(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:                  # EIO: the app has exited and closed its terminal
            data = b""
        if not data:
            self._read(False)
        elif not self.ended:
            self.chan.write(data)

    def data_received(self, data: bytes, datatype) -> None:
        self.idle.used()
        if self.master is None:
            return
        if len(self.pending) + len(data) > MAX_PENDING:
            self.server.refuse("keys sent faster than the game reads them (dropped)")
            return
        had = bool(self.pending)
        self.pending += data
        if not had:
            self._writable()

    def _writable(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            written = os.write(self.master, self.pending)
            del self.pending[:written]
        except BlockingIOError:
            pass
        except OSError as e:
            if e.errno != errno.EIO:
                raise
            self.pending.clear()
        if self.pending:
            loop.add_writer(self.master, self._writable)
        else:
            loop.remove_writer(self.master)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        """The friend's window changed: the app's terminal follows (the kernel tells it, SIGWINCH)."""
        self.size = clamp_size(width, height)
        if self.master is not None:
            set_size(self.master, *self.size)

    def pause_writing(self) -> None:
        self._read(False)

    def resume_writing(self) -> None:
        self._read(True)

    def eof_received(self) -> bool:
        return True                      # half-closed input: the screen still goes out until the app ends

    def break_received(self, msec: int) -> bool:
        return False

    def connection_lost(self, exc) -> None:
        """The friend's connection dropped (or the session ended): the process goes, and with it
        its connection to the table, so the player is away and their seat waits."""
        self.ended = True
        self.server.sessions.discard(self)
        if self.task is not None and not self.task.done():
            self.task.cancel()

    async def end(self) -> None:
        """The server is closing."""
        self.ended = True
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)

    async def _stop(self) -> None:
        """The process told to go (a hang-up, as a closed terminal gives it), then ended if it lingers."""
        process = self.process
        if process is None or process.returncode is not None:
            return
        for sig in (signal.SIGHUP, signal.SIGKILL):
            try:
                os.killpg(process.pid, sig)
            except ProcessLookupError:
                break
            try:
                await asyncio.wait_for(asyncio.shield(process.wait()), EXIT_WAIT)
                break
            except asyncio.TimeoutError:
                pass

    def _close_master(self) -> None:
        if self.master is not None:
            self._read(False)
            asyncio.get_running_loop().remove_writer(self.master)
            os.close(self.master)
            self.master = None


def _child_terminal() -> None:
    """In the session's process, once it leads a session of its own: the pseudo-terminal becomes
    its controlling terminal (so a resize reaches it as SIGWINCH), at a lower priority."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    lower_priority()
