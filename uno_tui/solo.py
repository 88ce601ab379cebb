"""A solo game: a table in this process with you at seat 0 and bots around it."""
from .settings import GameSettings
from .table import LocalChannel, Pacing, Seat, Table

BOT_NAMES = ["Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo"]


def solo_table(settings: GameSettings, *, seed=None, pacing: Pacing | None = None,
               dealer: int | None = None) -> Table:
    seats = [Seat(settings.name, "human")]
    seats += [Seat(f"{BOT_NAMES[i]}", "bot", level) for i, level in enumerate(settings.bots)]
    return Table(settings.rules(), seats, seed=seed, pacing=pacing, dealer=dealer)


class SoloChannel(LocalChannel):
    """Seat 0 of a table nobody else joins: leaving it ends the table."""

    def close(self) -> None:
        super().close()
        self.table.close()


def start_solo(settings: GameSettings, **kwargs) -> SoloChannel:
    """Start the table (inside the running loop) and take seat 0."""
    table = solo_table(settings, **kwargs)
    table.start()
    return SoloChannel(table, 0)
