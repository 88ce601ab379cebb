"""Discovery under attack (issue 37 items 3 and 4): how a record is judged against the pins, and
the attacks of tests/net/lan_attacks.py (a forged twin of a trusted table, a flood, names with control
characters), run by real zeroconf in a network namespace with only ``lo``: nothing they multicast
reaches another process's finder, and no other process's table is heard."""
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from tests.helpers.network import LOOPBACK
from uno_tui.play.discovery import FoundGame, judged

ROOT = Path(__file__).resolve().parents[2]


def test_a_record_is_judged_by_the_key_pinned_for_its_address_and_by_the_names_of_pinned_tables():
    game = FoundGame("Ann's table on box", LOOPBACK, 7531, "Ann", "classic", 4, 3, False, False, "ab" * 32)
    assert judged(game, "ab" * 32, {}).trust == "pinned"
    other = judged(game, "cd" * 32, {})
    assert other.trust == "suspect" and "not the one you trusted at 127.0.0.1:7531" in other.why
    assert judged(game, None, {}).trust == "new"
    known = {"ann's table on box": {"ef" * 32}}
    assert judged(game, None, known).trust == "suspect"
    twin = FoundGame("ANN's table on box (2)", "10.0.0.9", 7531, "Ann", "classic", 4, 3, False, False, "cd" * 32)
    assert judged(twin, None, known).trust == "suspect"          # zeroconf's " (2)" is no excuse
    assert judged(replace(twin, fingerprint=None), None, known).trust == "suspect"
    moved = replace(game, port=7532, fingerprint="ef" * 32)      # the trusted host, started again on another port
    assert judged(moved, None, known).trust == "pinned"



def test_forged_flooding_and_badly_named_tables_in_a_namespace_of_their_own():
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(["unshare", "--net", "sh", "-c", 'ip link set lo up && exec "$0" "$@"', sys.executable,
                           "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "tests/net/lan_attacks.py"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert "3 passed" in done.stdout, done.stdout[-2000:]
