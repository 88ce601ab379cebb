"""History and replays as a newcomer meets them: play a few moves, leave, find the match in
History, replay it move by move; export it and replay it on another machine."""
import subprocess

from tests.helpers.journey import PICKER, act, my_turn
from tests.helpers.terminal import console_script


def test_a_match_played_is_in_the_history_and_replays_here_and_elsewhere(newcomer, tmp_path):
    game = newcomer()
    game.wait_for("Play now")
    game.press("enter")
    my_turn(game)                                    # (a first wild's colour, a Wild Draw Four at me: answered)
    act(game)                                        # a move of mine, then the bots' on to my turn
    if game.shows(PICKER):                           # it was a wild
        game.press("r")
    game.wait_for(r"You (play|draw)", timeout=30)   # my move is in: the turn still shown was the last frame's
    my_turn(game)
    game.press("escape")
    game.wait_for("Leave this game?")
    game.press("y")
    game.wait_for("History")
    game.press("down", "down", "down", "down", "down")   # Resume, Play now, New game, Host, Join: History
    game.wait_for("History")
    game.press("enter")
    game.wait_for(r"classic\s+You, Ada, Ben, Cleo|classic\s+\w+, Ada, Ben, Cleo")
    game.wait_for("moves a hand")                    # the player's figures beside the list
    game.press("enter")
    game.wait_for(r"Replay · hand 1 of 1 · move 0 of \d+")
    game.press(".")
    game.wait_for(r"Replay · hand 1 of 1 · move 1 of \d+")
    game.press(",")
    game.wait_for(r"move 0 of")
    game.press("escape")
    game.wait_for("moves a hand")                    # back to the history
    game.kill()

    exported = subprocess.run([console_script(), "export", "1", "--to", str(tmp_path)], env=game.env,
                              capture_output=True, text=True, timeout=30)
    assert exported.returncode == 0, exported.stderr
    record = exported.stdout.strip()
    assert record.endswith(".unorec")
    elsewhere = newcomer("replay", record, who="friend")   # another machine: only the file
    elsewhere.wait_for(r"Replay · hand 1 of 1 · move 0 of \d+")
    elsewhere.press(".")
    elsewhere.wait_for(r"move 1 of")


def test_replay_of_a_file_that_is_no_record_says_why(newcomer, tmp_path):
    bad = tmp_path / "notes.unorec"
    bad.write_text("my shopping list\n")
    result = subprocess.run([console_script(), "replay", str(bad)], capture_output=True, text=True, timeout=30)
    assert result.returncode == 1
    assert result.stderr == "uno-tui: notes.unorec is not a match record: a line is not JSON\n"
