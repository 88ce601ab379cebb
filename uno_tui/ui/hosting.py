"""The app's side of hosting: the session opened (or a kept one carried on), the host lobby's
switches (the internet, the password), each told back to the lobby as an Invitation; and a
hosted game closed."""
from pathlib import Path

from textual.app import App
from textual.screen import Screen

from .messages import Invitation

KEPT = "The game is kept: Host carries it on (or uno-tui host --resume), and players take their seats back."



class CannotHost(Exception):
    """A kept game that cannot be carried on here, saying why."""


def session_for(settings, *, pacing, seed, resume: Path | None, port: int | None, options: dict):
    """The session to host, and its port: a new one, or the game kept at ``resume`` carried on (on
    the port its players come back to, their keys pinned there, unless ``port`` is given)."""
    from uno_tui.play.address import DEFAULT_PORT
    from uno_tui.play.host.session import HostSession
    if not resume:
        return HostSession(settings, pacing=pacing, seed=seed, **options), DEFAULT_PORT if port is None else port
    from uno_tui.storage.autosave import SaveError
    try:
        session = HostSession.resume(pacing=pacing, password=options.get("password"), path=resume,
                                     **{k: options[k] for k in ("rate", "burst", "per_address") if k in options})
    except SaveError as e:
        raise CannotHost(str(e)) from e
    if session.local is None:
        raise CannotHost("That game was hosted without a screen: carry it on with uno-tui host --resume --headless.")
    if port is None:
        port = session.kept_port or DEFAULT_PORT
    return session, port


async def switch_internet(app: App, session, lobby: Screen, on: bool) -> None:
    """Ask the router to forward the table's port (or to stop), then show the lobby what friends
    join with now (unless the game was left meanwhile)."""
    lobby.post_message(Invitation(invitation(session, asking=on), internet=on, asking=True))    # shown as chosen
    await (session.reach_internet() if on else session.leave_internet())
    if session is app.session:
        lobby.post_message(Invitation(invitation(session), internet=session.internet is not None, asking=False))


async def set_password(app: App, session, lobby: Screen, password: str | None) -> None:
    """Joining takes this password from now on (None: none)."""
    await session.set_password(password)
    lobby.post_message(Invitation(invitation(session)))
    app.notify("Friends who join from now on type this password." if password else
               "The table has no password now: anyone with the code can sit down.", title="Password")


async def close_session(session, keep: bool) -> None:
    """Send everyone away: a game kept for later says so to them; else it ends, its save deleted."""
    from uno_tui.play.host.channel import HOST_ENDED, HOST_PAUSED
    await session.close(HOST_PAUSED if keep and session.table is not None else HOST_ENDED, keep=keep)


def invitation(session, asking: bool = False) -> list:
    """What the host's lobby shows friends join with (invite.py), with the lobby's way to set a password."""
    from uno_tui.play.host.invite import invitation as lines
    return lines(session, asking, set_one="Press p to set one.")
