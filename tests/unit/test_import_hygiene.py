"""The engine stays pure: importing it pulls in no UI, event loop or wire format."""
import subprocess
import sys


def test_importing_the_engine_pulls_in_no_textual_asyncio_or_msgpack():
    code = ("import sys, uno_tui.engine; "
            "print(' '.join(m for m in ('textual', 'asyncio', 'msgpack') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
