"""The docs hold true: the worked example in docs/engine.md runs as written, and the message
reference in docs/protocol.md is the one the declarations give."""
import pathlib
import re


def test_the_engine_guide_example_runs():
    text = (pathlib.Path(__file__).parents[2] / "docs" / "engine.md").read_text()
    code = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    exec(compile(code, "docs/engine.md", "exec"), {})


def test_the_protocol_reference_is_up_to_date():
    from uno_tui.protocol.reference import render
    text = (pathlib.Path(__file__).parents[2] / "docs" / "protocol.md").read_text()
    assert render() in text, "docs/protocol.md is out of date: run python scripts/protocol_reference.py"
