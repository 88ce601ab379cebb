"""A match record: the match's settings, its seed and every move, one JSON line each, written
as it is played (a crash loses no move already made). The engine is deterministic for a seed,
so this is the whole match, and a small one; docs/records.md gives the format.

The host's record holds the seed, so it tells every card: it stays on the host's disk and
is never sent to anyone while the match is on.
"""
import json
import secrets
import time
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from uno_tui.storage.places import data_dir

from ..table.recording import NoRecord

FORMAT = 1
SUFFIX = ".unorec"
#: a record is small (a first-to-500 match is tens of kilobytes): one far bigger is not one
MAX_BYTES = 8 * 1024 * 1024


class RecordError(ValueError):
    """A record that cannot be read or replayed, with a sentence saying why."""


def records_dir() -> Path:
    return data_dir() / "records"


def app_version() -> str:
    try:
        return version("uno-tui")
    except PackageNotFoundError:         # run from a source tree that was never installed
        return "unknown"


@dataclass
class Record:
    """A record as read: its header and its lines after it (hand starts, moves, results)."""
    path: Path
    header: dict
    lines: list[dict]


class Recorder(NoRecord):
    """Writes one record file per match a table plays; ``kind`` ("solo" or "hosted") names them."""

    def __init__(self, kind: str, directory: Path | None = None):
        self.kind = kind
        self.directory = directory or records_dir()
        self.path: Path | None = None
        self.lines = 0                  # lines after the header (a save keeps this count)
        self._file = None
        self._began = 0.0

    def match_started(self, *, rules: dict, seats: list[dict], seed: int, dealer: int | None,
                      deck: list[str] | None, hand_size: int) -> None:
        """A new match: a new file, its header first."""
        self.close()
        self.directory.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        self.path = self.directory / f"{stamp}-{self.kind}-{secrets.token_hex(3)}{SUFFIX}"
        self._began, self.lines = time.time(), 0
        self._file = self.path.open("x", encoding="utf-8")
        self._write({"format": FORMAT, "uno_tui": app_version(), "kind": self.kind, "began": round(self._began, 3),
                     "rules": rules, "seats": seats, "seed": seed, "dealer": dealer, "deck": deck,
                     "hand_size": hand_size}, count=False)

    def hand_started(self, number: int) -> None:
        self._write({"hand": number})

    def moved(self, seat: int, action: dict) -> None:
        self._write({"seat": seat, "action": action, "t": round(time.time() - self._began, 3)})

    def hand_scored(self, result: dict) -> None:
        self._write({"result": {k: result[k] for k in ("hand", "winner", "points", "scores", "winners")}})

    def text(self) -> str | None:
        return None if self.path is None else self.path.read_text(encoding="utf-8")

    def state(self) -> dict | None:
        """What a save keeps to carry the record on after a resume."""
        return None if self.path is None else {"file": self.path.name, "lines": self.lines}

    def resume(self, state: dict | None) -> None:
        """Carry on the record a save names, cut back to the moves the save had: moves made after
        the last save were lost with the crash, and the game goes on from before them."""
        if not state or not isinstance(state.get("file"), str) or not isinstance(state.get("lines"), int):
            return
        path = self.directory / Path(state["file"]).name
        try:
            kept = path.read_text(encoding="utf-8").splitlines(keepends=True)[:1 + state["lines"]]
            self._began = json.loads(kept[0])["began"]
        except (OSError, ValueError, IndexError, KeyError, TypeError):
            return                      # no record to carry on: the match goes unrecorded from here
        path.write_text("".join(kept), encoding="utf-8")
        self.path, self.lines = path, len(kept) - 1
        self._file = path.open("a", encoding="utf-8")

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def _write(self, line: dict, count: bool = True) -> None:
        if self._file is None:
            return
        self._file.write(json.dumps(line, separators=(",", ":")) + "\n")
        self._file.flush()              # in the system's hands at once: a crash of ours loses nothing
        self.lines += count


def read_record(path: Path) -> Record:
    """The record in ``path``; RecordError (a sentence) if it is not one. A last line cut off
    half-written (a crash) is left out."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise RecordError(f"{path.name} is too big to be a match record")
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise RecordError(f"{path.name} cannot be read ({e.__class__.__name__})") from e
    rows = text.splitlines()
    if rows and not text.endswith("\n"):
        rows.pop()
    try:
        parsed = [json.loads(row) for row in rows]
    except ValueError as e:
        raise RecordError(f"{path.name} is not a match record: a line is not JSON") from e
    if not parsed or not isinstance(parsed[0], dict) or "format" not in parsed[0]:
        raise RecordError(f"{path.name} is not a match record")
    if parsed[0]["format"] != FORMAT:
        raise RecordError(f"{path.name} is a record of format {parsed[0]['format']!r}; this uno-tui reads {FORMAT}")
    if not all(isinstance(line, dict) for line in parsed):
        raise RecordError(f"{path.name} is not a match record: a line is not an entry")
    return Record(path, parsed[0], parsed[1:])
