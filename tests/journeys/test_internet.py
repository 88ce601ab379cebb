"""Playing over the internet as people do it: `uno-tui host --internet` asks the router (a real
UPnP device, tests/helpers/router.py) by the standard multicast search, shows the code with the
router's internet address, and a friend's `uno-tui join CODE` takes a seat there and plays; the
host leaving removes the mapping. All of it in a network namespace with only ``lo``, where the
router's "internet" address 203.0.113.7 is also on ``lo``: nothing leaves the machine."""
import re
import sys
import time
from pathlib import Path

import pytest

from tests.helpers.journey import act
from tests.helpers.netns import INTERNET, Namespace, wait_for_line

ROOT = Path(__file__).resolve().parents[2]
PORT = 7531            # the namespace is the test's own: the default port is free there


@pytest.fixture
def namespace():
    space = Namespace()
    yield space
    space.close()


def test_host_internet_shows_the_code_a_friend_joins_by_it_plays_and_the_mapping_goes_with_the_host(
        newcomer, namespace, tmp_path):
    log = tmp_path / "router.log"
    router = namespace.start(sys.executable, "-m", "tests.helpers.router", "--multicast", "--http-port", "5000",
                             "--external", INTERNET, cwd=ROOT, stdout=log.open("w"), stderr=log.open("a"))
    try:
        wait_for_line(log, "router ready")
        host = newcomer("host", "--internet", "--seats", "2", "--name", "Hana", who="host", within=namespace.within)
        code = host.wait_for(rf"From the internet \(uno-tui join CODE.*\n\s*(uno://{re.escape(INTERNET)}:{PORT}"
                             r"/#k=[A-Za-z0-9_-]{43})").group(1)
        host.wait_for("No password: anyone with the code can sit down")
        mapped = wait_for_line(log, "AddPortMapping")
        assert f"external_port={PORT} " in mapped and f"internal_port={PORT} " in mapped
        assert "internal_client=127.0.0.1 " in mapped and "protocol=TCP" in mapped and "lease=3600" in mapped

        friend = newcomer("join", code, "--name", "Zoe", who="zoe", within=namespace.within)
        friend.wait_for(r"Zoe  \(you\)")
        host.wait_for(r"Zoe  \(joined\)")
        host.press("ctrl+s")
        players = {"host": host, "zoe": friend}
        for terminal in players.values():
            terminal.wait_for("hand 1")
        moves = {name: 0 for name in players}
        deadline = time.monotonic() + 60
        while moves["zoe"] < 1:                    # the friend plays (the host too, when it is its turn)
            assert time.monotonic() < deadline, "Zoe could not move:\n" + friend.text() + "\n" + host.text()
            for name, terminal in players.items():
                moves[name] += act(terminal)
            time.sleep(0.05)

        host.press("escape")
        host.wait_for("End this game")
        host.press("y")
        friend.wait_for("The host ended the game.")
        assert f"external_port={PORT} " in wait_for_line(log, "DeletePortMapping")
    finally:
        router.kill()
        router.wait()
