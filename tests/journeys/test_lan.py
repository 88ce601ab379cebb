"""LAN play as people do it: the real `uno-tui` in pseudo-terminals, newcomer defaults, keys only.

Each check here failed against a defect a player met: a re-joined player's keys silently
dropped, a host's Esc leaving the server up (the default 4-seat lobby spinning at 100% CPU is
measured by bench/lobby.py)."""
import re
import socket
import subprocess
import time

from tests.helpers.journey import act, first_key_acts
from tests.helpers.terminal import Terminal, console_script


def lobby_lists(host: Terminal, joined: int) -> None:
    host.wait_for(r"(?s)" + r".*\(joined\)" * joined)


def test_the_default_host_lobby_shows_four_seats_and_the_code_it_advertises(newcomer, port):
    """(What the lobby costs while it waits, CPU and memory, and how soon it shows: bench/lobby.py.)"""
    host = newcomer("host", "--port", str(port))
    host.wait_for(r"(?s)Seat 1: .*Seat 2: .*Seat 3: .*Seat 4: ", timeout=10)
    host.wait_for(rf"uno://127\.0\.0\.1:{port}/#k=")    # the address it advertises (LAN set to loopback)


def test_host_two_joins_a_kill_and_rejoin_a_joiner_leaves_then_the_host_leaves_mid_hand(newcomer, port):
    # three seats, all people: the hand goes at the players' pace (a bot thinks 0.9 s a move);
    # bots at a hosted table, and whole hands over the network, are tested in test_net.py
    host = newcomer("host", "--port", str(port), "--seats", "3", who="host")
    host.wait_for("Seat 3")
    # Ann joins by the code the lobby shows (its key pinned); Bob by the address alone, so he is
    # shown the key, the one the host's lobby shows, and asked once
    ann = newcomer("join", join_code(host), "--name", "Ann", who="ann")
    bob = newcomer("join", f"127.0.0.1:{port}", who="bob")
    bob.wait_for("A host you have not joined before")
    key = host.wait_for(r"Table key: ((?:[0-9A-F]{4} ){7}[0-9A-F]{4})").group(1)
    bob.wait_for(re.escape(key))                 # the key in his question (drawn a moment after its title)
    bob.press("y")
    for joiner in (ann, bob):
        joiner.wait_for(r"\(you\)")
    lobby_lists(host, 2)
    host.press("ctrl+s")
    players = {"host": host, "ann": ann, "bob": bob}
    for terminal in players.values():
        terminal.wait_for("hand 1")

    # everyone moves twice by keys; then Bob's terminal dies mid-hand, as a crash would, and
    # the same command brings him back to his seat, where his first key acts
    moves = {name: 0 for name in players}
    deadline = time.monotonic() + 60
    while min(moves.values()) < 2:
        assert time.monotonic() < deadline, "the players could not move:\n" + "\n".join(
            f"{name} ({moves[name]} moves):\n{t.text()}" for name, t in players.items())
        for name, terminal in players.items():
            moves[name] += act(terminal)
        time.sleep(0.05)
    bob.kill()
    bob = players["bob"] = newcomer("join", f"127.0.0.1:{port}", who="bob")
    bob.wait_for("hand 1")                  # the key he trusted is checked silently: not asked again
    while not first_key_acts(bob) and not bob.shows("won the hand"):   # (the others may end the hand)
        assert time.monotonic() < deadline, "Bob never had a move after re-joining:\n" + bob.text()
        for name in ("host", "ann"):
            act(players[name])
        time.sleep(0.05)

    # Ann leaves with Esc (asked first, mid-hand or from the scores): she is back on her start
    # screen, and the table plays on without her
    ann.press("escape")
    ann.wait_for("Leave this game")
    ann.press("y")
    ann.wait_for("Play now")
    host.wait_for(r"Ann is away\.")
    # what Ann was shown is in her own history, as she saw it (the host's record stays on the host)
    listed = subprocess.run([console_script(), "history", "--list"], env=ann.env, capture_output=True, text=True,
                            timeout=30)
    assert [line for line in listed.stdout.splitlines() if "Ann" in line and "(not over)" in line], listed

    # the host ends the game mid-hand with Esc: asked first, then everyone is told and sent to the
    # start screen, and the server is gone (once, Esc left it listening)
    host.press("escape")
    host.wait_for("End this game")
    host.press("y")
    host.wait_for("Play now")
    bob.wait_for("The host ended the game.")
    bob.wait_for("Play now")
    assert ann.alive() and ann.shows("Play now")
    assert port_frees(port), f"port {port} still taken after the host left"
    assert host.alive()


def join_code(host: Terminal) -> str:
    """The join code the host's lobby shows."""
    return host.wait_for(r"uno://\S+/#k=[A-Za-z0-9_-]{43}").group(0)


def port_frees(port: int, within: float = 5.0) -> bool:
    """Whether a new host could listen on the port (as asyncio does) within ``within`` seconds:
    the app closes its server as it goes back to the start screen, a moment after the screen shows."""
    deadline = time.monotonic() + within
    while True:
        with socket.socket() as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                s.bind(("0.0.0.0", port))
                s.listen()
                return True
            except OSError:
                if time.monotonic() > deadline:
                    return False
        time.sleep(0.05)


def highlighted_game(terminal: Terminal) -> str | None:
    """The listed game the highlight is on: its text is on another colour than the list's edge."""
    with terminal.lock:
        for y, row in enumerate(terminal.screen.display):
            if "127.0.0.1:" in row:
                cells = terminal.screen.buffer[y]
                if cells[row.index("127.0.0.1:")].bg != cells[row.index("▊") + 1].bg:
                    return row
    return None


def test_join_with_no_address_finds_the_host_on_the_lan_and_enter_joins_it(newcomer, port):
    host = newcomer("host", "--port", str(port), "--name", "Ann", who="host")
    host.wait_for("Seat 4")
    cleo = newcomer("join", "--name", "Cleo", who="cleo")
    cleo.wait_for(rf"Ann's table on .*classic · 3 of 4 seats free  127\.0\.0\.1:{port}", timeout=15)
    cleo.press("down")             # from the address field to the list
    for _ in range(20):            # other tests' hosts are listed too: the highlight follows a game, not a row
        if f":{port}" in (highlighted_game(cleo) or ""):
            break
        cleo.press("down")
        time.sleep(0.1)
    cleo.press("enter")
    cleo.wait_for(r"Cleo  \(you\)")
    lobby_lists(host, 1)
