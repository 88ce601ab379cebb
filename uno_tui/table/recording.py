"""What a table tells its match's recorder (uno_tui/history/record.py writes it to disk): the
match's start, each hand's, every move applied, each hand's result. A table given none keeps
no record (tests, benches, a replay's own table)."""


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
