"""examples/bot_client.py, written from docs/protocol.md alone, plays a hand to its end against
the real `uno-tui host --headless`: the proof the document is enough to write a client."""
import os
import subprocess
import sys
from pathlib import Path

from tests.helpers.network import LOOPBACK, free_port
from tests.helpers.terminal import console_script

EXAMPLE = Path(__file__).parent.parent / "examples" / "bot_client.py"


def test_the_example_client_plays_a_hand_against_a_headless_host(tmp_path):
    port = free_port()
    env = {**os.environ, "UNO_TUI_DATA_DIR": str(tmp_path / "data"), "UNO_TUI_CONFIG_DIR": str(tmp_path / "config")}
    host = subprocess.Popen([console_script(), "host", "--headless", "--bind", LOOPBACK, "--port", str(port),
                             "--seats", "2", "--players", "1", "--bot-delay", "0"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):                 # until the host listens
            done = subprocess.run([sys.executable, str(EXAMPLE), f"{LOOPBACK}:{port}"], capture_output=True,
                                  text=True, timeout=60)
            if "Connection refused" not in done.stderr:
                break
        assert done.returncode == 0, done.stderr
        assert "hand over: seat" in done.stdout and "refused" not in done.stdout
    finally:
        host.kill()
        host.wait(10)
