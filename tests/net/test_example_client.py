"""examples/bot_client.py, written from docs/protocol.md alone, plays a hand to its end against
the real `uno-tui host --headless`, over TLS with the key of the join code pinned and the
password proven: the proof the document is enough to write a client."""
import os
import re
import subprocess
import sys
import time
from pathlib import Path

from tests.helpers.network import LOOPBACK, free_port
from tests.helpers.terminal import console_script

EXAMPLE = Path(__file__).parents[2] / "examples" / "bot_client.py"


def test_the_example_client_plays_a_hand_against_a_headless_host_with_a_password(tmp_path):
    port = free_port()
    env = {**os.environ, "UNO_TUI_DATA_DIR": str(tmp_path / "data"), "UNO_TUI_CONFIG_DIR": str(tmp_path / "config"),
           "UNO_TUI_PASSWORD": "sesame"}
    log = tmp_path / "host.log"
    with open(log, "w") as out:
        host = subprocess.Popen([console_script(), "host", "--headless", "--bind", LOOPBACK, "--port", str(port),
                                 "--seats", "2", "--players", "1", "--bot-delay", "0", "--no-advertise"], env=env,
                                stdout=out, stderr=subprocess.STDOUT)
    try:
        code = None
        for _ in range(300):                 # until the host listens and logs its join code
            found = re.search(r"On this network \(uno-tui join CODE\): (uno://\S+)", log.read_text())
            if found:
                code = found.group(1)
                break
            time.sleep(0.05)
        assert code is not None, log.read_text()
        forged = code[:-8] + ("A" if code[-8] != "A" else "B") + code[-7:]      # another key, the same address
        done = subprocess.run([sys.executable, str(EXAMPLE), forged, "Ex", "sesame"], capture_output=True,
                              text=True, timeout=60)
        assert done.returncode != 0 and "not the one in the join code" in done.stderr
        done = subprocess.run([sys.executable, str(EXAMPLE), code, "Ex", "wrong"], capture_output=True,
                              text=True, timeout=60)
        assert done.returncode != 0 and "could not prove it knows the password" in done.stderr
        done = subprocess.run([sys.executable, str(EXAMPLE), code, "Ex", "sesame"], capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert "hand over: seat" in done.stdout and "refused" not in done.stdout
    finally:
        host.kill()
        host.wait(10)
