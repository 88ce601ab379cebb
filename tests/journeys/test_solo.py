"""Solo play as a newcomer meets it: `uno-tui`, Enter, play; leaving asks first; Resume (after
leaving, and after a crash) brings the same hand back."""
import time

from tests.helpers.journey import TURN, act, my_turn


def hand_rows(terminal) -> list[str]:
    """The three rows of card faces under the status line, once two reads agree (a frame
    can be half written when read)."""
    lines = terminal.settled()
    status = next(i for i, line in enumerate(lines) if "Your turn" in line)
    return lines[status + 2:status + 5]


def same_hand(terminal, before: list[str]) -> bool:
    """The screen shows this hand (polled: a frame may be half drawn when read)."""
    deadline = time.monotonic() + 5
    while hand_rows(terminal) != before and time.monotonic() < deadline:
        time.sleep(0.1)
    if hand_rows(terminal) != before:
        raise AssertionError("\n".join(["another hand:", *before, "now:", terminal.text()]))
    return True


def test_play_leave_resume_and_resume_after_a_crash(newcomer):
    game = newcomer()
    game.wait_for("Play now")
    assert not game.shows("Resume")                 # nothing saved yet on a fresh machine
    game.press("enter")
    game.wait_for("hand 1")
    my_turn(game)
    act(game)                                       # play (or draw): the game has moved on
    my_turn(game)
    before = hand_rows(game)

    game.press("escape")                            # one stray key never ends a game
    game.wait_for("Leave this game?")
    game.press("n")
    game.wait_for(TURN)
    assert same_hand(game, before)

    game.press("escape")
    game.wait_for("Leave this game?")
    game.press("y")
    game.wait_for("New game…")                     # the start screen (the dialog also says "Resume")
    game.wait_for("Resume")
    game.press("enter")                             # Resume has the focus
    game.wait_for(TURN)
    assert same_hand(game, before)

    game.kill()                                     # a crash: the game was saved as it went
    game = newcomer()
    game.wait_for("New game…")
    game.wait_for("Resume")
    game.press("enter")
    game.wait_for(TURN)
    assert same_hand(game, before)
