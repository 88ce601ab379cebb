"""What a table tells its match's recorder (uno_tui/history/record.py writes it to disk): the
match's start, each hand's, every move applied, each hand's result. A table given none keeps
no record (tests, benches, a replay's own table). And the record a table sends whoever asks.
"""
from ..engine import IllegalAction, Match

#: the biggest record sent to a player who asks (a first-to-500 match's is about 30 KB; a frame
#: from the host is at most 256 KiB)
RECORD_SENT = 200 * 1024


class NoRecord:
    """The recorder of a table that keeps no record: every call does nothing."""

    path = None

    def match_started(self, *, rules: dict, seats: list[dict], seed: int, dealer: int | None,
                      deck: list[str] | None, hand_size: int) -> None:
        """A match begins: its rules, seats and the seed its deals come from."""

    def hand_started(self, number: int) -> None:
        """Hand ``number`` (from 1) was dealt."""

    def moved(self, seat: int, action: dict) -> None:
        """The engine applied ``action`` for ``seat``."""

    def hand_scored(self, result: dict) -> None:
        """The hand is over and scored."""

    def text(self) -> str | None:
        """The record so far (None: none kept)."""
        return None

    def state(self) -> dict | None:
        """What a save keeps to carry the record on (None: nothing)."""
        return None

    def resume(self, state: dict | None) -> None:
        """Carry on the record a save named."""

    def close(self) -> None:
        """No more of this match will be told."""


def offered(recorder: NoRecord, match: Match | None, cid: int) -> dict:
    """The match's whole record, to whoever asks once the match is over (while it is on, it
    would tell every hand and the deck)."""
    if match is None or not match.over:
        raise IllegalAction("the host's record is sent once the match is over: until then it would tell the deck")
    text = recorder.text()
    if text is None:
        raise IllegalAction("this table keeps no record")
    if len(text.encode()) > RECORD_SENT:
        raise IllegalAction("the record is too big to send: the host can export it (uno-tui export)")
    return {"type": "record", "id": cid, "name": recorder.path.name, "text": text}
