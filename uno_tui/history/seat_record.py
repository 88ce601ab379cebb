"""A joined player's record: what the host sent this seat, message by message, as it came.

The host's record (record.py) holds the seed and so every card; a joiner's may hold only what its
seat was sent, so it is written from the channel's messages and never from anything else. It
replays as it was seen (history/viewer.py's SeatReplayChannel), not through the engine: it has
no seed to deal from.
"""
import json
import secrets
import time
from dataclasses import dataclass
from pathlib import Path

from ..client import ClientModel
from .record import FORMAT, SUFFIX, Record, app_version, records_dir

KIND = "seat"
#: the messages that show the table; errors (a refused command) and the rest are the session's own
KEPT = ("update", "snapshot", "chat")


class SeatRecorder:
    """Writes one record file for a joined seat, from the first message on."""

    def __init__(self, host: str, name: str, directory: Path | None = None):
        self.host, self.name = host, name
        self.directory = directory or records_dir()
        self.path: Path | None = None
        self._file = None
        self._began = 0.0
        self._hand_no = 0

    def got(self, msg: dict) -> None:
        if msg.get("type") not in KEPT:
            return
        hand_no = msg.get("view", {}).get("table", {}).get("hand_no", self._hand_no)
        if hand_no < self._hand_no:         # the table began a new match: a record of its own
            self.close()
        self._hand_no = hand_no
        if self._file is None:
            self._open()
        self._file.write(json.dumps({"got": msg, "t": round(time.time() - self._began, 3)},
                                    separators=(",", ":")) + "\n")
        self._file.flush()                  # a crash of ours loses nothing already seen

    def _open(self) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        self.path = self.directory / f"{stamp}-{KIND}-{secrets.token_hex(3)}{SUFFIX}"
        self._began = time.time()
        self._file = self.path.open("x", encoding="utf-8")
        self._file.write(json.dumps({"format": FORMAT, "uno_tui": app_version(), "kind": KIND,
                                     "began": round(self._began, 3), "host": self.host, "name": self.name},
                                    separators=(",", ":")) + "\n")

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


class RecordingChannel:
    """A joined player's channel that records every message it hands on (the rest is the
    channel's own: sending, status, closing)."""

    def __init__(self, channel, recorder: SeatRecorder):
        self.channel, self.recorder = channel, recorder

    def __getattr__(self, name):
        return getattr(self.channel, name)

    async def send(self, msg: dict) -> None:
        await self.channel.send(msg)

    async def recv(self) -> dict:
        msg = await self.channel.recv()
        self.recorder.got(msg)
        return msg

    def close(self) -> None:
        self.channel.close()
        self.recorder.close()


@dataclass
class Seen:
    """A joined seat's match as its record tells it: the last view, and the events and hand results
    the seat was sent along the way (the history's figures count these)."""
    view: dict
    events: list[dict]
    results: list[dict]
    updates: int
    seconds: float


def seen(record: Record) -> Seen | None:
    """What the seat was shown, folded (None: it was shown nothing)."""
    model, events, results, updates, seconds = ClientModel(), [], {}, 0, 0.0
    for line in record.lines:
        msg = line.get("got")
        if not isinstance(msg, dict):
            continue
        model.apply({k: v for k, v in msg.items() if k != "seq"})
        if msg.get("type") == "update":
            updates += 1
            events.extend(msg.get("events", []))
        result = model.view and model.view["table"].get("result")
        if result:
            results[result["hand"]] = result            # told again in every view until the next hand
        seconds = line.get("t", seconds)
    if model.view is None:
        return None
    return Seen(model.view, events, [results[n] for n in sorted(results)], updates, seconds)
