"""A stand-in for a browser tab's app, speaking what textual's web driver speaks to textual-serve
(packets of a type byte, a 4-byte length and a payload), light enough to start dozens of.

    python -m tests.helpers.tab_process [LINGER]

It writes the player's preferences as the game screen's `m` does (settings.save_motion, into
whatever UNO_TUI_CONFIG_DIR it was given), sends one frame ("ready" and where its settings are), echoes every packet the page's
messages become back as a frame, and on "quit" waits LINGER seconds before it exits."""
import json
import sys
import time

from uno_tui.storage.places import config_dir
from uno_tui.storage.settings import save_motion


def packet(kind: bytes, payload: bytes) -> None:
    sys.stdout.buffer.write(kind + len(payload).to_bytes(4, "big") + payload)
    sys.stdout.buffer.flush()


def main() -> None:
    linger = float(sys.argv[1]) if len(sys.argv) > 1 else 0.0
    save_motion(False)
    sys.stdout.buffer.write(b"__GANGLION__\n")
    packet(b"D", b"ready " + config_dir().as_posix().encode())
    stdin = sys.stdin.buffer
    while kind := stdin.read(1):
        body = stdin.read(int.from_bytes(stdin.read(4), "big"))
        if kind == b"M" and json.loads(body).get("type") == "quit":
            time.sleep(linger)
            return
        packet(b"D", body)


if __name__ == "__main__":
    main()
