"""The game screen's reader posts each update's new log lines, also once the client's scrollback
is full (its length then stays the same, so it cannot tell them)."""
import asyncio

from uno_tui.client.model import SCROLLBACK, ClientModel
from uno_tui.engine import make_rules
from uno_tui.table import Pacing, Seat, Table
from uno_tui.ui.messages import ViewChanged
from uno_tui.ui.reading import read_game


class Recorded:
    """A channel that gives back the messages a table sent, then ends."""

    def __init__(self, messages: list[dict]):
        self.messages = messages

    async def recv(self) -> dict:
        if not self.messages:
            raise EOFError("the recording ended")
        return self.messages.pop(0)

    async def send(self, msg: dict) -> None:
        raise AssertionError(f"nothing should be asked of the table: {msg}")


async def test_every_update_s_log_lines_are_posted_past_the_scrollback():
    seats = [Seat(f"Bot {i}", "bot", "normal") for i in range(4)]
    table = Table(make_rules("classic", match_mode="first_to"), seats, seed=5, pacing=Pacing.instant())
    sent: list[dict] = []
    table.start()
    table.connect(None, sent.append, name="Watcher")          # a snapshot first, then the updates
    for _ in range(200_000):                      # bounded: a match's hands take far fewer steps
        if sum(len(m.get("log", ())) for m in sent) > SCROLLBACK + 100:
            break
        await asyncio.sleep(0)
    table.close()
    lines = [line["text"] for m in sent for line in m.get("log", ())]
    assert len(lines) > SCROLLBACK + 100 and sent[0]["type"] == "snapshot"
    posted = []
    await read_game(Recorded(list(sent)), ClientModel(), posted.append)
    shown = [line.text for m in posted if isinstance(m, ViewChanged) for line in m.lines]
    assert shown == lines
