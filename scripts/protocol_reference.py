"""Write the message reference in docs/protocol.md from the declarations in uno_tui/protocol/spec.py.

    python scripts/protocol_reference.py
"""
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from uno_tui.protocol.reference import updated

DOC = ROOT / "docs" / "protocol.md"

if __name__ == "__main__":
    DOC.write_text(updated(DOC.read_text()))
    print(f"wrote the reference in {DOC}")
