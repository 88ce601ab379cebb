"""Typed view parts for tests that draw one piece of the screen from a made-up seat."""
from uno_tui.protocol.views import TableSeat


def seat_info(name: str, kind: str = "human", *, level: str = "normal", away: bool = False,
              bot_playing: bool = False, bot_in: float | None = None) -> TableSeat:
    """A table seat as a view gives it (by default a person at the table)."""
    return TableSeat(name=name, kind=kind, level=level, away=away, bot_playing=bot_playing, bot_in=bot_in)
