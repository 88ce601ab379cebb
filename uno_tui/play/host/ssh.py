"""Join over ssh: `uno-tui host --ssh` serves the table to any OpenSSH client (asyncssh).

`ssh -p 7533 NAME@HOST` runs, for that connection, the same join client a browser tab runs
(`uno-tui join CODE`, a process of its own under the guests' caps, guests.py) in a
pseudo-terminal of the client's size and terminal type, as NAME, with the table's password: so
an ssh player is a joining client like any other (seats, spectators, grace, reconnects). The
ssh password is the table's (none asked when the table has none). A dropped connection ends
its process, so the host sees the player away; the same NAME from the same address comes back
with the seat token its earlier session kept in the files the host keeps for that identity.

Only a terminal session is served: a command, a subsystem (sftp), port forwarding (-L, -R),
agent and X11 forwarding are refused.
"""
import asyncio
import collections
import errno
import fcntl
import hashlib
import hmac
import logging
import os
import re
import shutil
import signal
import struct
import termios
import time

import asyncssh

from uno_tui.protocol.commands import clean_text
from uno_tui.protocol.limits import MAX_NAME
from uno_tui.storage.places import data_dir

from .guests import IDLE_TIMEOUT, MAX_COLUMNS, MAX_ROWS, MAX_SESSIONS, Full, Idle, Slots, lower_priority
from .sshkey import load_ssh_key, ssh_fingerprint

logger = logging.getLogger(__name__)
MAX_CONNECTIONS = 32             # ssh connections at once, logged in or not
PER_ADDRESS = 8
LOGIN_TIMEOUT = 30.0
KEEPALIVE, KEEPALIVE_MISSES = 5.0, 3      # a vanished client is seen gone within ~15 s
WRONG_PASSWORD_DELAY = 1.0
MAX_PENDING = 64 * 1024          # typed keys not yet read by the app; past this they are dropped
EXIT_WAIT = 3.0
KEEP_GUEST_DAYS = 7              # an ssh identity's files unused this long are deleted at start
PASSWORD_ENV = "UNO_TUI_PASSWORD"
TERM_TYPE = re.compile(r"[A-Za-z0-9._+-]{1,64}")
COMMAND_REFUSED = ("uno-tui over ssh runs the game only: no commands, no shell.\r\n"
                   "Join with:  ssh -p {port} YOURNAME@{host}\r\n")
NO_TERMINAL = "uno-tui needs a terminal: join with  ssh -t -p {port} YOURNAME@{host}\r\n"
NO_NAME = "Give your name as the ssh user:  ssh -p {port} YOURNAME@{host}\r\n"
FULL = "Cannot join: {words}. Try again when a player leaves.\r\n"
IDLE_NOTE = ("\r\n\x1b[0m\x1b[2J\x1b[H  Nobody typed in this session for {minutes:g} minutes: it is closed, "
             "to make room for others.\r\n  ssh again to play.\r\n")


def guest_home(address: str, name: str) -> str:
    """The files of one ssh identity (NAME from an address): its join client's settings and the
    seat token it was given, so the same ssh again takes the seat back."""
    digest = hashlib.sha256(f"{address}\0{name}".encode()).hexdigest()[:24]
    return str(data_dir() / "ssh-guests" / digest)


def forget_old_guests(now: float | None = None) -> None:
    """Delete the files of identities that have not joined for KEEP_GUEST_DAYS."""
    root = data_dir() / "ssh-guests"
    cutoff = (now or time.time()) - KEEP_GUEST_DAYS * 86400
    for home in root.glob("*") if root.is_dir() else ():
        try:
            if home.stat().st_mtime < cutoff:
                shutil.rmtree(home, ignore_errors=True)
        except OSError:
            pass


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """A client's terminal within the caps (a huge one is drawn at the caps, not refused)."""
    return max(1, min(width or 80, MAX_COLUMNS)), max(1, min(height or 24, MAX_ROWS))


def set_size(fd: int, width: int, height: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


class SshServer:
    """The ssh port of one hosted table. ``command(name)``: the join client's argv for a player;
    ``password()``: the table's password (None: none); ``sessions``: the cap, or the Slots shared
    with the host's browser tabs (guests.py)."""

    def __init__(self, command, bind: str, port: int, *, password, public_host: str = "127.0.0.1",
                 sessions: int | Slots = MAX_SESSIONS, idle: float = IDLE_TIMEOUT):
        self.command, self.bind, self.port, self.password = command, bind, port, password
        self.public_host, self.idle = public_host, idle
        self.slots = sessions if isinstance(sessions, Slots) else Slots(sessions)
        self.key = load_ssh_key()
        self.fingerprint = ssh_fingerprint(self.key)
        self.open: collections.Counter = collections.Counter()     # address -> ssh connections
        self.refusals: collections.Counter = collections.Counter()
        self.sessions: set[GameSession] = set()
        self._acceptor: asyncssh.SSHAcceptor | None = None

    async def start(self) -> int:
        """Listen; returns the port (the one asked for, or the one given for 0)."""
        forget_old_guests()
        logging.getLogger("asyncssh").setLevel(logging.WARNING)     # not a line for each connection's steps
        self._acceptor = await asyncssh.create_server(
            lambda: _Gate(self), self.bind, self.port, server_host_keys=[self.key], session_factory=None,
            encoding=None, line_editor=False, agent_forwarding=False, x11_forwarding=False, allow_scp=False,
            login_timeout=LOGIN_TIMEOUT, keepalive_interval=KEEPALIVE, keepalive_count_max=KEEPALIVE_MISSES,
            rdns_lookup=False, reuse_address=True)
        self.port = self._acceptor.sockets[0].getsockname()[1]
        return self.port

    def refuse(self, reason: str) -> None:
        self.refusals[reason] += 1
        logger.info("ssh: refused: %s", reason)

    def where(self, text: str) -> str:
        return text.format(port=self.port, host=self.public_host)

    async def close(self) -> None:
        """Stop listening, end every session (each ends its process)."""
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
        await asyncio.gather(*(session.end() for session in list(self.sessions)), return_exceptions=True)


class _Gate(asyncssh.SSHServer):
    """One ssh connection: counted against the caps, authenticated with the table's password (or
    none), and allowed nothing but a terminal session."""

    def __init__(self, server: SshServer):
        self.server = server
        self.address = ""
        self.conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = peer[0] if peer else ""
        server = self.server
        if sum(server.open.values()) >= MAX_CONNECTIONS or server.open[self.address] >= PER_ADDRESS:
            server.refuse("too many ssh connections")
            self.address = None
            conn.abort()
            return
        server.open[self.address] += 1

    def connection_lost(self, exc) -> None:
        if self.address is not None:
            self.server.open[self.address] -= 1
            if not self.server.open[self.address]:
                del self.server.open[self.address]
            self.address = None

    def begin_auth(self, username: str) -> bool:
        return self.server.password() is not None          # no password: no authentication asked

    def password_auth_supported(self) -> bool:
        return self.server.password() is not None

    async def validate_password(self, username: str, password: str) -> bool:
        if hmac.compare_digest(password.encode(), self.server.password().encode()):
            return True
        self.server.refuse("a wrong password")
        await asyncio.sleep(WRONG_PASSWORD_DELAY)        # each guess costs the guesser a second
        return False

    def session_requested(self):
        return GameSession(self.server, self.address, self.conn.get_extra_info("username") or "")

    # everything but a terminal session is refused (asyncssh refuses what is not asked for; said
    # here so that it stays so)
    def connection_requested(self, dest_host, dest_port, orig_host, orig_port) -> bool:
        self.server.refuse("a port forward (-L)")
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, "no port forwarding here")

    def server_requested(self, listen_host, listen_port) -> bool:
        self.server.refuse("a remote port forward (-R)")
        return False

    def unix_connection_requested(self, dest_path) -> bool:
        self.server.refuse("a socket forward")
        return False

    def unix_server_requested(self, listen_path) -> bool:
        self.server.refuse("a remote socket forward")
        return False


class GameSession(asyncssh.SSHServerSession):
    """One ssh session: the join client in a pseudo-terminal, its screen to the channel and the
    channel's keys to it, until either ends."""

    def __init__(self, server: SshServer, address: str, name: str):
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
        home = guest_home(self.address, self.name)
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
