"""Join over ssh: `uno-tui host --ssh` serves the table to any OpenSSH client (asyncssh).

`ssh -p 7533 NAME@HOST` runs, for that connection, the same join client a browser tab runs
(`uno-tui join CODE`, a process of its own under the guests' caps, guests.py) in a
pseudo-terminal of the client's size and terminal type, as NAME, with the table's password
(sshsession.py): so an ssh player is a joining client like any other (seats, spectators, grace,
reconnects). The
ssh password is the table's (none asked when the table has none). A dropped connection ends
its process, so the host sees the player away; the same NAME from the same address comes back
with the seat token its earlier session kept in the files the host keeps for that identity.

Only a terminal session is served: a command, a subsystem (sftp), port forwarding (-L, -R),
agent and X11 forwarding are refused.
"""
import asyncio
import collections
import hashlib
import hmac
import logging
import shutil
import time

import asyncssh

from .guests import IDLE_TIMEOUT, MAX_SESSIONS, Slots
from .sshkey import load_ssh_key, ssh_fingerprint
from uno_tui.storage.places import data_dir

from .sshsession import GameSession

logger = logging.getLogger(__name__)
MAX_CONNECTIONS = 32             # ssh connections at once, logged in or not
PER_ADDRESS = 8
LOGIN_TIMEOUT = 30.0
KEEPALIVE, KEEPALIVE_MISSES = 5.0, 3      # a vanished client is seen gone within ~15 s
WRONG_PASSWORD_DELAY = 1.0
KEEP_GUEST_DAYS = 7              # an ssh identity's files unused this long are deleted at start


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
        self.forget_old_guests()
        logging.getLogger("asyncssh").setLevel(logging.WARNING)     # not a line for each connection's steps
        self._acceptor = await asyncssh.create_server(
            lambda: _Gate(self), self.bind, self.port, server_host_keys=[self.key], session_factory=None,
            encoding=None, line_editor=False, agent_forwarding=False, x11_forwarding=False, allow_scp=False,
            login_timeout=LOGIN_TIMEOUT, keepalive_interval=KEEPALIVE, keepalive_count_max=KEEPALIVE_MISSES,
            rdns_lookup=False, reuse_address=True)
        self.port = self._acceptor.sockets[0].getsockname()[1]
        return self.port

    @staticmethod
    def home(address: str, name: str) -> str:
        """The files of one ssh identity (NAME from an address): its join client's settings and the
        seat token it was given, so the same ssh again takes the seat back."""
        digest = hashlib.sha256(f"{address}\0{name}".encode()).hexdigest()[:24]
        return str(data_dir() / "ssh-guests" / digest)

    @staticmethod
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
