"""The app's side of joining a table: connect (a host joined for the first time by its address
alone is asked about), keep a browser tab's name, and record what the seat sees."""
from functools import partial

from textual.app import App

from uno_tui.play.address import format_address

from .messages import Join


async def connect_to(app: App, join: Join, *, browser: bool):
    """The channel to the table ``join`` names (JoinError if it cannot be had). ``browser``: a
    tab of host --web, whose files go with it: its seat token kept only in its browser's files."""
    from uno_tui.play.join import connect
    from uno_tui.storage.places import tab_keeps_seat
    keep = not browser or tab_keeps_seat()
    channel = await connect(join.host, join.port, join.name, password=join.password, spectate=join.spectate,
                            keep_token=keep, fingerprint=join.fingerprint, ask=partial(trust, app))
    if browser and keep:
        tab_name(browser, join.name)
    if not browser:                      # a browser tab's files go with it: nothing to keep
        from uno_tui.history.seat_record import RecordingChannel, SeatRecorder
        from uno_tui.storage.settings import remember_joined_as
        if not join.spectate:
            remember_joined_as(join.name)
        channel = RecordingChannel(channel, SeatRecorder(format_address(join.host, join.port), join.name))
    return channel


def keep_hosts_record(screen, record: dict, channel) -> None:
    """The host's record of a match, asked for once it was over: kept beside the seat's own
    (History replays it), the screen saying where, or why not."""
    from uno_tui.history.record import RecordError
    from uno_tui.history.seat_record import RecordingChannel
    from uno_tui.history.seat_record import keep_hosts_record as keep
    try:
        path = keep(record, channel.recorder if isinstance(channel, RecordingChannel) else None)
    except (RecordError, OSError) as e:
        screen.notify(f"The host's record was not kept: {e}", title="Record", severity="error", timeout=10)
        return
    screen.notify(f"Kept as {path.name}: History replays it, every hand face up (f).",
                  title="The host's record", timeout=10)


def tab_name(browser: bool, name: str | None = None) -> str:
    """A browser tab whose files are its browser's: the name it last sat down with (``name``:
    remember this one; "": forget it). "" for any other tab, or none kept."""
    from uno_tui.protocol.limits import MAX_NAME
    from uno_tui.storage.places import tab_keeps_seat, tab_name_path
    if not (browser and tab_keeps_seat()):
        return ""
    path = tab_name_path()
    try:
        if name is None:
            return path.read_text(encoding="utf-8").strip()[:MAX_NAME]
        if name:
            from uno_tui.storage.savefile import atomic_write
            atomic_write(path, name.encode())
        else:
            path.unlink(missing_ok=True)
    except (OSError, UnicodeDecodeError):
        pass
    return name or ""


async def trust(app: App, address: str, fingerprint: str) -> bool:
    """A host joined for the first time by its address alone: show its key, and ask once."""
    from uno_tui.play.joincode import spaced

    from .screens.modals import ConfirmLeave
    return await app.push_screen_wait(ConfirmLeave(
        f"This computer has not joined {address} before. The key it presents is\n\n  {spaced(fingerprint)}\n\n"
        "The host's lobby shows its key: compare the two (the first groups will do). If they match, "
        "trust it: later joins check it by themselves.", question="A host you have not joined before",
        yes="Trust and join", no="Cancel"))


def where(host: str, port: int, pin: list) -> str:
    """What the join form shows for an address given on the command line: a join code if it came
    with a key."""
    from uno_tui.play.joincode import join_code
    return join_code(host, port, pin[0]) if pin and pin[0] else format_address(host, port)
