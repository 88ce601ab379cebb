"""A solo game: a table in this process with you at seat 0 and bots around it, saved as it
goes (the host's mechanism), so a quit or a crash can be resumed from the start screen."""
from dataclasses import asdict
from pathlib import Path

from uno_tui.history.record import Recorder
from uno_tui.storage import autosave
from uno_tui.storage.settings import GameSettings, saved_settings
from uno_tui.table import LocalChannel, Pacing, Seat, Table

BOT_NAMES = ["Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo"]


def solo_table(settings: GameSettings, *, seed=None, pacing: Pacing | None = None,
               dealer: int | None = None, recorder: Recorder | None = None) -> Table:
    seats = [Seat(settings.name, "human")]
    seats += [Seat(f"{BOT_NAMES[i]}", "bot", level) for i, level in enumerate(settings.bots)]
    return Table(settings.rules(), seats, seed=seed, pacing=pacing or settings.pacing(), dealer=dealer,
                 recorder=recorder)


class SoloChannel(LocalChannel):
    """Seat 0 of a table nobody else joins: leaving it ends the table (and keeps its save,
    unless the match is over)."""

    def __init__(self, table: Table, saver: autosave.Autosave):
        table.on_change = saver.changed
        super().__init__(table, 0)
        self.saver = saver

    def close(self) -> None:
        super().close()
        self.table.close()
        if self.table.match.over:
            self.saver.discard()
        else:
            self.saver.flush()


def _saver(table: Table, settings: dict, game_id: str | None = None) -> autosave.Autosave:
    return autosave.Autosave("solo", lambda: {"settings": settings, "table": table.to_state()}, table.log_state,
                             game_id)


def start_solo(settings: GameSettings, **kwargs) -> SoloChannel:
    """Start the table (inside the running loop) and take seat 0."""
    table = solo_table(settings, recorder=Recorder("solo"), **kwargs)
    saver = _saver(table, asdict(settings))
    table.start()
    saver.changed()
    return SoloChannel(table, saver)


def saved_game_problem() -> autosave.SaveError | None:
    """Why the saved solo game cannot be carried on (None: it can, or none is saved), found as
    Resume would load it, so the start screen offers Resume only for a game that loads."""
    if not autosave.game_path("solo").exists():
        return None
    try:
        autosave.restore("solo", lambda state: Table.from_state(state["table"]).close())
    except autosave.SaveError as e:
        return e
    return None


def damaged_notice(error: autosave.SaveError) -> str:
    """What the start screen says of a save that cannot be carried on: the file on a line of its
    own (~ for the home folder), so no line breaks it mid-word."""
    where = str(error.path)
    home = str(Path.home())
    if where.startswith(home + "/"):
        where = "~" + where[len(home):]
    return f"The saved game cannot be resumed:\n{error.why}.\nIt is kept, untouched, as\n{where}"


def resume_solo(pacing: Pacing | None = None) -> SoloChannel:
    """The saved solo game, carried on where it was. Raises autosave.SaveError if it cannot be."""
    def build(state: dict) -> SoloChannel:
        table = Table.from_state(state["table"], pacing or saved_settings(state["settings"]).pacing(),
                                 Recorder("solo"))
        channel = SoloChannel(table, _saver(table, state["settings"], state["game"]))
        table.resume()
        return channel
    return autosave.restore("solo", build)
