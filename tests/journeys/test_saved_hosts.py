"""A hosted game's save as a newcomer meets it: the real `uno-tui` in a pseudo-terminal.

A damaged save must be refused with a sentence, not a traceback, and stay where it is; a new
host must not silently overwrite an unfinished game."""
import re
import subprocess
import sys

from tests.helpers.terminal import console_script


def words(*parts: str) -> str:
    """A pattern for these words however the screen wraps them."""
    return r"(?:\s|[│┃▌▐▊▎▏])+".join(re.escape(p) for p in " ".join(parts).split())


def saves(data) -> list[str]:
    return sorted(p.name for p in data.glob("hosted-game*.msgpack") if not p.name.endswith("-log.msgpack"))


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


def test_a_host_keeps_a_game_for_later_carries_it_on_from_host_then_ends_it(newcomer, port, tmp_path):
    data = tmp_path / "me" / "data"
    host = newcomer("host", "--port", str(port), "--no-advertise")
    host.wait_for("Seat 2")
    host.press("ctrl+s")                             # bots take the open seats
    host.wait_for(r"Your turn|plays|Waiting for")
    host.press("escape")
    host.wait_for(words("End this game?"))
    host.wait_for(words("Keep for later (k)"))
    host.press("k")
    host.wait_for(words("The game is kept"))
    assert saves(data) == ["hosted-game.msgpack"]
    host.press("down", "down", "enter")              # from Play now (no solo game to resume): Host a LAN game
    host.wait_for(words("Games hosted here and kept"))
    host.wait_for(r"Carry on: saved .* · \w+'s table · hand 1")
    host.press("ctrl+q")                             # (carried on here, it would listen on every interface)
    host.close()
    host = newcomer("host", "--resume", "--bind", "127.0.0.1", "--port", str(port), "--no-advertise")
    host.wait_for(r"uno-tui · classic · hand 1")
    host.press("escape")
    host.wait_for(words("End this game?"))
    host.press("y")
    host.wait_for("Play now")
    assert saves(data) == [] and list(data.glob("hosted-game*-log.msgpack")) == []   # ended: its save with it


def test_host_resume_with_several_saved_says_which_it_carried_on(newcomer, port, tmp_path):
    data = tmp_path / "me" / "data"
    for bot in ("easy", "hard"):                     # two games kept, each by a headless host stopped mid-game
        env = {"PATH": "/usr/bin:/bin", "UNO_TUI_DATA_DIR": str(data), "UNO_TUI_CONFIG_DIR": str(tmp_path / "cfg"),
               "UNO_TUI_LAN_INTERFACE": "127.0.0.1"}
        script = ("import asyncio\nfrom uno_tui.play.host.session import HostSession\nfrom uno_tui.storage.settings import GameSettings\n"
                  "async def main():\n"
                  f"    s = HostSession(GameSettings(bots=['{bot}']), players=2, headless=True, seed=1)\n"
                  "    await s.serve('127.0.0.1', 0)\n    s.start()\n    await s.close()\nasyncio.run(main())\n")
        subprocess.run([sys.executable, "-c", script], env=env, check=True, timeout=60)
    listed = subprocess.run([console_script(), "host", "--list"], env=env, capture_output=True, text=True, timeout=30)
    assert listed.returncode == 0 and len(listed.stdout.splitlines()) == 2, listed
    assert "(hard bot)" in listed.stdout.splitlines()[0]
    host = newcomer("host", "--headless", "--resume", "2", "--bind", "127.0.0.1", "--port", str(port),
                    "--no-advertise")
    said = host.wait_for(r"(?s)Carried on the game saved(.*?)1 other is saved").group(1)
    assert "(easy bot)" in said and "(hard bot)" not in said       # the second of --list, as asked
    host.wait_for(r"(?s)saved: 1\. saved .*\(hard bot\).*saved: 2\. saved .*\(easy bot\)")
