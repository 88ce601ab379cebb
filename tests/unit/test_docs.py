"""The docs hold true: the worked example in docs/engine.md runs as written, the message
reference in docs/protocol.md is the one the declarations give, and the limits the guides
state are the code's."""
import pathlib
import re

from uno_tui.protocol.limits import (CHAT_KEEP, LOG_KEEP, MAX_CHAT, MAX_ID, MAX_ID_LEN, MAX_PLAYERS, MIN_PLAYERS,
                                     RECENT_IDS)

ROOT = pathlib.Path(__file__).parents[2]


def test_the_engine_guide_example_runs():
    text = (ROOT / "docs" / "engine.md").read_text()
    code = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    exec(compile(code, "docs/engine.md", "exec"), {})


def test_the_protocol_reference_is_up_to_date():
    from uno_tui.protocol.reference import render
    text = (ROOT / "docs" / "protocol.md").read_text()
    assert render() in text, "docs/protocol.md is out of date: run python scripts/protocol_reference.py"


def test_the_limits_the_guides_state_are_protocol_limits():
    """Prose cannot import a constant, so each limit a guide writes out is checked against it here."""
    stated = {"README.md": [f"{MIN_PLAYERS}-{MAX_PLAYERS} seats"],
              "docs/rules.md": [f"{MIN_PLAYERS} to {MAX_PLAYERS} players"],
              "docs/engine.md": [f"{MIN_PLAYERS}-{MAX_PLAYERS} players"],
              "docs/protocol.md": [f"seats <= {MAX_PLAYERS}", f"below 2^{MAX_ID.bit_length() - 1}",
                                   f"1 to {MAX_ID_LEN} characters", f"the last {RECENT_IDS} ids",
                                   f"cut to {MAX_CHAT} characters", f"the last {LOG_KEEP} lines",
                                   f"the last {CHAT_KEEP} lines"]}
    for path, phrases in stated.items():
        text = " ".join((ROOT / path).read_text().split())
        missing = [p for p in phrases if p not in text]
        assert not missing, f"{path} no longer says {missing}: update it with protocol/limits.py"
