"""A solo game: the host's session with you at seat 0, bots in the other seats and no server,
saved as it goes, so a quit or a crash can be resumed from the start screen."""
from pathlib import Path

from uno_tui.storage import autosave
from uno_tui.storage.settings import GameSettings
from uno_tui.table import Pacing

from .host.session import HostSession


def start_solo(settings: GameSettings, *, seed=None, pacing: Pacing | None = None,
               dealer: int | None = None) -> HostSession:
    """A new solo game, dealt (inside the running loop); its ``local`` channel is seat 0."""
    session = HostSession(settings, solo=True, host_name=settings.name, seed=seed, pacing=pacing, dealer=dealer)
    session.start()
    return session


def resume_solo(pacing: Pacing | None = None) -> HostSession:
    """The saved solo game, carried on where it was. Raises autosave.SaveError if it cannot be."""
    session = HostSession.resume(solo=True, pacing=pacing)
    session.carry_on()
    return session


def saved_game_problem() -> autosave.SaveError | None:
    """Why the saved solo game cannot be carried on (None: it can, or none is saved), found as
    Resume would load it, so the start screen offers Resume only for a game that loads."""
    if not autosave.game_path("solo").exists():
        return None
    try:
        HostSession.resume(solo=True, record=False).table.close()
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
