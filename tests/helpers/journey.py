"""Playing the real app in a terminal by keys, as a person would: what is on screen decides the key."""
import time

from .terminal import Terminal

TURN = r"Your turn: (play a card \(Enter\)|nothing you can play)"
PICKER = r"[Cc]hoose (a|its) colour"


def act(terminal: Terminal) -> bool:
    """If this player has something to do, do it by keys as a person would. Returns whether it did."""
    text = terminal.text()
    if "won the hand" in text:
        return False                                 # a key now would answer the end-of-hand screen
    if terminal.shows(PICKER):
        terminal.press("r")
    elif "at you" in text and "Accept (a)" in text:
        terminal.press("a")
    elif "Your turn: play the card you drew" in text:
        terminal.press("p")
    elif "pass (n)" in text:
        terminal.press("n")
    elif "nothing you can play: draw (d)" in text and still_my_turn(terminal):
        terminal.press("d")
    elif "Your turn: play a card" in text and not still_my_turn(terminal):
        return False
    elif "Your turn: play a card" in text:
        if "UNO!" in text.splitlines()[-1]:        # the footer offers it: say it with this play
            terminal.press("u")
        terminal.press("tab", "enter")
        deadline = time.monotonic() + 1.5
        while time.monotonic() < deadline and terminal.shows(TURN) and not terminal.shows(PICKER):
            time.sleep(0.05)
        if terminal.shows(TURN) and not terminal.shows(PICKER):
            terminal.press("d")                      # nothing to play: draw
    else:
        return False
    return True


def still_my_turn(terminal: Terminal) -> bool:
    """A second look at a turn just seen: a frame can lag behind the game (the last card played,
    the hand over), and Enter on the end-of-hand screen would say "ready" instead of playing."""
    time.sleep(0.05)
    return terminal.shows(TURN) and not terminal.shows(PICKER) and not terminal.shows("won the hand")


def first_key_acts(terminal: Terminal) -> bool:
    """If this player has a decision, make it with one key and check that it acted: while the
    table waits on this player nothing else moves, so a dropped key leaves the screen as it was.
    Returns whether there was a decision."""
    keys = [(PICKER, "r"), (r"at you", "a"), (r"Your turn: play the card you drew", "k"), (TURN, "d"),
            (r"pass \(n\)", "n")]
    key = next((key for pattern, key in keys if terminal.shows(pattern)), None)
    if key is None:
        return False
    before = settled_bottom(terminal)
    terminal.press(key)
    deadline = time.monotonic() + 5
    while settled_bottom(terminal) == before:
        assert time.monotonic() < deadline, f"the key {key!r} did nothing:\n{terminal.text()}"
    return True


def settled_bottom(terminal: Terminal) -> list[str]:
    """The status line, the hand and any dialog over them, once two reads 0.2 s apart agree
    (the log and the countdowns above do not count: they change without our key)."""
    return terminal.settled(slice(-9, -1))


def my_turn(terminal) -> None:
    """Play on (by keys) until it is this player's turn to play a card, and stays so (a move
    just made reaches the screen a moment after its key)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if terminal.shows(TURN) and not terminal.shows(PICKER):
            time.sleep(0.3)
            if terminal.shows(TURN) and not terminal.shows(PICKER):
                return
        elif not act(terminal):
            time.sleep(0.1)
    raise AssertionError("never my turn:\n" + terminal.text())
