"""The worked example in docs/engine.md runs as written."""
import pathlib
import re


def test_the_engine_guide_example_runs():
    text = (pathlib.Path(__file__).parent.parent / "docs" / "engine.md").read_text()
    code = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    exec(compile(code, "docs/engine.md", "exec"), {})
