"""A record taken out of uno-tui's data: the record file itself (`uno-tui replay` opens it on any
machine), or the match in words (text.py) for a bug report."""
import shutil
from pathlib import Path

from .record import SUFFIX, RecordError, read_record
from .replay import replay
from .seat_record import KIND as SEAT_KIND, seen
from .text import as_text, seat_text


def export(record: Path, to: Path, *, text: bool = False) -> Path:
    """Write ``record`` (or its text) to ``to``: a file, or a folder to put it in under the record's
    name. Returns the file written; RecordError if the record is not one, OSError if it cannot be
    written."""
    read = read_record(record)
    if read.header.get("kind") == SEAT_KIND:       # a record that does not replay is not passed on
        if seen(read) is None:
            raise RecordError(f"{record.name} holds nothing its seat was shown")
        words = seat_text(read)
    else:
        words = as_text(replay(read))
    if to.is_dir():
        to = to / (record.stem + (".txt" if text else SUFFIX))
    if text:
        to.write_text(words, encoding="utf-8")
    else:
        shutil.copyfile(record, to)
    return to
