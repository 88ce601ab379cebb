"""A hosted game's save as a newcomer meets it: the real `uno-tui` in a pseudo-terminal.

A damaged save must be refused with a sentence, not a traceback, and stay where it is; a new
host must not silently overwrite an unfinished game."""
import re
import subprocess

from tests.helpers.terminal import console_script


def words(*parts: str) -> str:
    """A pattern for these words however the screen wraps them."""
    return r"(?:\s|[│┃▌▐▊▎▏])+".join(re.escape(p) for p in " ".join(parts).split())


def test_a_damaged_save_is_refused_on_screen_then_kept_aside_by_a_new_host(newcomer, port, tmp_path):
    data = tmp_path / "me" / "data"
    data.mkdir(parents=True)
    save = data / "hosted-game.msgpack"
    save.write_bytes(b"\x00 not a game")
    host = newcomer("host", "--resume", "--port", str(port))
    host.wait_for(words("damaged or not a saved game. It is left as it is."))
    assert save.read_bytes() == b"\x00 not a game"
    host.press("ctrl+q")
    host.close()
    host = newcomer("host", "--port", str(port))
    host.wait_for(words("An unfinished hosted game is saved"))
    host.press("ctrl+s")                             # the new game starts: the old save is set aside
    host.wait_for(r"Your turn|Waiting for")
    (kept,) = data.glob("hosted-game-2*[0-9].msgpack")
    assert kept.read_bytes() == b"\x00 not a game"


def test_a_headless_resume_of_a_damaged_save_exits_with_the_sentence(tmp_path, port):
    data = tmp_path / "data"
    data.mkdir()
    (data / "hosted-game.msgpack").write_bytes(b"\x93\x01")
    done = subprocess.run([console_script(), "host", "--headless", "--resume", "--bind", "127.0.0.1",
                           "--port", str(port)], capture_output=True, text=True, timeout=30,
                          env={"PATH": "/usr/bin:/bin", "UNO_TUI_DATA_DIR": str(data),
                               "UNO_TUI_CONFIG_DIR": str(tmp_path / "config")})
    assert done.returncode == 1
    assert done.stderr.startswith("uno-tui: The saved game ") and "Traceback" not in done.stderr
