"""Joining over ssh as a friend does it: the real OpenSSH client (Debian's openssh-client) in a
pseudo-terminal against `uno-tui host --headless --ssh` on loopback, its host key checked
against a known_hosts file written from the key the host made (and the fingerprint its log
shows). The friend plays by keys, resizes the window, loses the connection and comes back to
the seat; a wrong password is refused; a command, port forwards, SFTP and agent forwarding are
refused."""
import os
import re
import shutil
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest

from tests.helpers.journey import act, first_key_acts
from tests.helpers.network import LOOPBACK, free_port

SSH, SFTP = shutil.which("ssh"), shutil.which("sftp")
pytestmark = pytest.mark.skipif(SSH is None or SFTP is None, reason="needs the OpenSSH client: apt-get install "
                                "openssh-client (Debian's package; .ci/run installs it)")
WIDE = (200, 30)                  # the host's log lines whole


class Table:
    """A headless host with an ssh port, and ssh clients that trust its key (and only it)."""

    def __init__(self, newcomer, tmp_path: Path, *options: str):
        self.newcomer, self.port, self.ssh_port = newcomer, free_port(), free_port()
        self.host = newcomer("host", "--headless", "--bind", LOOPBACK, "--port", str(self.port), "--ssh",
                             str(self.ssh_port), "--no-advertise", "--seats", "2", "--bot-delay", "0",
                             "--grace", "60", "--seed", "3", *options, who="host", size=WIDE)
        self.host.wait_for(rf"Or with ssh:  ssh -p {self.ssh_port} YOURNAME@127\.0\.0\.1")
        logged = self.host.wait_for(r"ssh key: (SHA256:[A-Za-z0-9+/]{43})")
        key = tmp_path / "host" / "data" / "ssh-host-key"
        assert oct(key.stat().st_mode & 0o777) == "0o600"
        printed = subprocess.run(["ssh-keygen", "-lf", str(key)], capture_output=True, text=True, check=True)
        assert logged.group(1) == printed.stdout.split()[1], "the log's fingerprint is not OpenSSH's"
        public = subprocess.run(["ssh-keygen", "-y", "-f", str(key)], capture_output=True, text=True, check=True)
        self.known_hosts = tmp_path / "known_hosts"
        self.known_hosts.write_text(f"[{LOOPBACK}]:{self.ssh_port} {public.stdout}")

    def options(self, port_flag: str = "-p") -> list[str]:
        return ["-F", "/dev/null", port_flag, str(self.ssh_port), "-o", f"UserKnownHostsFile={self.known_hosts}",
                "-o", "GlobalKnownHostsFile=/dev/null", "-o", "StrictHostKeyChecking=yes", "-o", "LogLevel=ERROR"]

    def ssh(self, name: str, *args: str, who: str | None = None, size=(80, 24), options=()):
        """`ssh -p PORT NAME@127.0.0.1 ARGS` on ``who``'s machine (named for the player by default);
        ``options`` come first, so they win (ssh keeps the first value it is given)."""
        return self.newcomer(*options, *self.options(), f"{name}@{LOOPBACK}", *args, who=who or name, program=SSH,
                             size=size)

    def join_code(self) -> str:
        return self.host.wait_for(r"uno://\S+/#k=[A-Za-z0-9_-]{43}").group(0)


def test_a_friend_joins_over_ssh_plays_resizes_drops_and_comes_back_to_the_seat(newcomer, tmp_path):
    table = Table(newcomer, tmp_path)
    ann = table.ssh("ann", options=("-o", "BatchMode=yes"))       # no password: nothing asked
    ann.wait_for(r"Seat 1: ann +\(you\)")
    bob = newcomer("join", table.join_code(), "--name", "Bob", who="bob")
    for player in (ann, bob):
        player.wait_for("hand 1")
    # each plays by keys until Ann has played a card (Bob's log says so)
    deadline = time.monotonic() + 60
    while not bob.shows(r"ann plays "):
        assert time.monotonic() < deadline, f"Ann never played:\n{ann.text()}\n{bob.text()}"
        act(ann) or act(bob)
        time.sleep(0.05)

    # the friend's window grows to 120x40: the game is laid out again for it (the footer on row 40)
    ann.resize(120, 40)
    deadline = time.monotonic() + 15
    while "palette" not in ann.text().splitlines()[39]:
        assert time.monotonic() < deadline, "the game did not follow the resize:\n" + ann.text()
        time.sleep(0.05)
    assert re.search(r"palette\s*$", ann.text().splitlines()[39])

    # the connection drops (the client killed): Ann is away; the same ssh takes her seat back
    ann.kill()
    bob.wait_for(r"ann is away")
    ann = table.ssh("ann", options=("-o", "BatchMode=yes"))
    ann.wait_for("hand 1")
    bob.wait_for(r"ann is back")
    assert not ann.shows(r"[Ww]atching|spectat"), ann.text()
    deadline = time.monotonic() + 60
    while not first_key_acts(ann) and not ann.shows("won the hand"):
        assert time.monotonic() < deadline, "Ann never had a move at her seat again:\n" + ann.text()
        act(bob)
        time.sleep(0.05)
    # leaving, she is told how she comes back: by ssh, not by a join command she never ran
    ann.press("escape")
    ann.wait_for(r"Leave this game")
    assert ann.shows(r"connect again") and ann.shows(r"the same ssh command"), ann.text()
    assert "Traceback" not in table.host.text(), table.host.text()


def test_the_table_password_is_the_ssh_password_and_a_wrong_one_is_refused(newcomer, tmp_path):
    table = Table(newcomer, tmp_path, "--password", "hunter2")
    asked = ("-o", "NumberOfPasswordPrompts=1", "-o", "PreferredAuthentications=password")
    wrong = table.ssh("ann", options=asked)
    wrong.wait_for(r"password:")
    wrong.press("guess\r")
    wrong.wait_for(r"Permission denied")
    assert wrong.exit_code() == 255
    right = table.ssh("ann", options=asked, who="ann2")
    right.wait_for(r"password:")
    right.press("hunter2\r")
    right.wait_for(r"Seat 1: ann +\(you\)")             # and the join client proved it to the game port
    assert table.host.wait_for(r"refused: a wrong password")


def test_a_command_a_subsystem_forwards_and_agent_forwarding_are_refused(newcomer, tmp_path):
    table = Table(newcomer, tmp_path)
    batch = ("-o", "BatchMode=yes")

    # a command is never run: the friend is told how to join instead
    marker = tmp_path / "ran"
    command = table.ssh("ann", "touch", str(marker), options=batch)
    command.wait_for(r"runs the game only: no commands, no shell")
    assert command.exit_code() == 1 and not marker.exists()
    shell = table.ssh("ann", "/bin/sh", "-c", f"touch {marker}", options=("-t", *batch), who="ann2")
    shell.wait_for(r"runs the game only")
    assert shell.exit_code() == 1 and not marker.exists()
    # and a session without a terminal gets the way to ask for one, not a shell
    plain = table.ssh("ann", options=("-T", *batch), who="ann3")
    plain.wait_for(r"uno-tui needs a terminal")
    assert plain.exit_code() == 1

    # a port forward (-L) reaches nothing: the target, a listener on loopback, is never connected to
    target, reached = listener()
    local = free_port()
    forward = table.ssh("ann", "-N", options=("-L", f"{local}:{LOOPBACK}:{target.getsockname()[1]}", "-o",
                                                              "LogLevel=INFO", *batch),
                        who="fw")
    got = through(local)
    assert got == b"" and not reached, (got, reached)
    forward.wait_for(r"open failed: administratively prohibited")
    # a remote forward (-R) is refused, and the client says so
    remote = table.ssh("ann", "-N", options=("-R", f"0:{LOOPBACK}:{target.getsockname()[1]}", "-o",
                                            "ExitOnForwardFailure=yes", *batch), who="rfw")
    remote.wait_for(r"remote port forwarding failed")
    assert remote.exit_code() == 255
    target.close()

    # SFTP: the subsystem is refused
    sftp = table.newcomer(*table.options("-P"), "-b", "/dev/null", "-o", "BatchMode=yes", f"ann@{LOOPBACK}",
                          who="sftp", program=SFTP)
    sftp.wait_for(r"subsystem request failed|Connection closed")
    assert sftp.exit_code() != 0

    # agent forwarding (-A with an agent running): the session is the game's, and the host opens
    # no agent socket for it (a forwarded agent would be a listening socket the host could use)
    agent_dir = tmp_path / "agent"
    agent_dir.mkdir()
    agent_sock = agent_dir / "sock"
    agent = subprocess.Popen(["ssh-agent", "-D", "-a", str(agent_sock)], stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while not agent_sock.exists():
            assert time.monotonic() < deadline, "ssh-agent did not start"
            time.sleep(0.05)
        host = table.host.pid
        before = listening_unix_sockets(host)
        os.environ["SSH_AUTH_SOCK"] = str(agent_sock)           # what the newcomer's ssh is started with
        try:
            forwarded = table.ssh("ann", options=("-A", "-v", "-E", str(agent_dir / "log"), *batch), who="agent")
        finally:
            del os.environ["SSH_AUTH_SOCK"]
        forwarded.wait_for(r"Seat 1: ann +\(you\)")
        assert "Requesting authentication agent forwarding" in (agent_dir / "log").read_text()
        assert listening_unix_sockets(host) - before == set()
    finally:
        agent.send_signal(signal.SIGTERM)
        agent.wait(10)


def listener() -> tuple[socket.socket, list]:
    """A loopback listener that records every connection it is given."""
    server = socket.create_server((LOOPBACK, 0))
    reached = []

    def accept():
        try:
            while True:
                reached.append(server.accept())
        except OSError:
            return
    threading.Thread(target=accept, daemon=True).start()
    return server, reached


def through(port: int, timeout: float = 15.0) -> bytes:
    """What a connection to the client's forwarded port gets before it is closed."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with socket.create_connection((LOOPBACK, port), timeout=timeout) as s:
                return s.recv(100)
        except ConnectionRefusedError:             # the client is not listening yet
            assert time.monotonic() < deadline, "the client never listened on its forwarded port"
            time.sleep(0.1)


def listening_unix_sockets(pid: int) -> set[str]:
    """The paths of the listening unix sockets the process holds open (a forwarded agent would be
    one the host's ssh server listens on)."""
    held = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            held.add(os.readlink(fd))
        except OSError:
            pass
    lines = [line.split() for line in Path("/proc/net/unix").read_text().splitlines()[1:]]
    return {f[7] for f in lines if len(f) >= 8 and f[3] == "00010000" and f"socket:[{f[6]}]" in held}
