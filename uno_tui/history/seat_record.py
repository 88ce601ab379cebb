"""A joined player's record: what the host sent this seat, message by message, as it came.

The host's record (record.py) holds the seed and so every card; a joiner's may hold only what its
seat was sent, so it is written from the channel's messages and never from anything else. It
replays as it was seen (history/viewer.py's SeatReplayChannel), not through the engine: it has
no seed to deal from.
"""
import copy
import json
import secrets
import time
from dataclasses import dataclass
from pathlib import Path

from uno_tui.client.model import ClientModel

from .record import FORMAT, SUFFIX, Record, RecordError, app_version, read_record, records_dir
from .replay import replay

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
        self._replaced = False              # by the host's record of this match: nothing more to write

    def got(self, msg: dict) -> None:
        if msg.get("type") not in KEPT:
            return
        hand_no = msg.get("view", {}).get("table", {}).get("hand_no", self._hand_no)
        if hand_no < self._hand_no:         # the table began a new match: a record of its own
            self.close()
            self._replaced = False
        self._hand_no = hand_no
        if self._replaced:
            return
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


    def replaced(self) -> None:
        """The host's whole record of this match is kept: this seat's own record of it goes."""
        self.close()
        if self.path is not None:
            self.path.unlink(missing_ok=True)
        self._replaced = True


def keep_hosts_record(msg: dict, recorder: SeatRecorder | None = None) -> Path:
    """The host's record of a match just over (sent when asked), kept beside one's own records,
    where it takes the place of the seat's own record of the match (it tells all that one does,
    and every hand). One that does not replay to a finished match is not kept: RecordError."""
    directory = recorder.directory if recorder is not None else records_dir()
    name = Path(str(msg.get("name", ""))).name
    if not name.endswith(SUFFIX) or name.startswith("."):
        name = f"hosted-{secrets.token_hex(3)}{SUFFIX}"
    path = directory / name
    if path.exists():
        path = directory / f"{path.stem}-{secrets.token_hex(2)}{SUFFIX}"
    directory.mkdir(parents=True, exist_ok=True)
    path.write_text(str(msg.get("text", "")), encoding="utf-8")
    try:
        record = read_record(path)
        if record.header.get("kind") == KIND or not replay(record).over:
            raise RecordError("it is not the record of a finished match")
    except RecordError:
        path.unlink()
        raise
    if recorder is not None:
        recorder.replaced()
    return path


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


def unsequenced(msg: dict) -> dict:
    """A recorded message as it is shown again: a copy (a client model completes a view in place),
    without the sequence number the live channel had (a replay jumps, which is no gap)."""
    msg = copy.deepcopy(msg)
    msg.pop("seq", None)
    return msg


def seen(record: Record) -> Seen | None:
    """What the seat was shown, folded (None: it was shown nothing)."""
    model, events, results, updates, seconds = ClientModel(), [], {}, 0, 0.0
    for line in record.lines:
        msg = line.get("got")
        if not isinstance(msg, dict):
            continue
        model.apply(unsequenced(msg))
        if msg.get("type") == "update":
            updates += 1
            events.extend(msg.get("events", []))
        result = model.wire and model.wire["table"].get("result")
        if result:
            results[result["hand"]] = result            # told again in every view until the next hand
        seconds = line.get("t", seconds)
    if model.wire is None:
        return None
    return Seen(model.wire, events, [results[n] for n in sorted(results)], updates, seconds)
