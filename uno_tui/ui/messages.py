"""Messages between the app's parts: small dataclasses, posted, handled with @on.

What the table sends is read by a screen's worker (reading.py) and posted as what it changed;
what a screen wants of the app (leave the table, join one, a menu choice) it posts to the app."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:   # (the types name the fields only: the start screen loads no protocol)
    from uno_tui.protocol.views import LobbyView, LogLine, View


# ------------------------------------------------------------ from the table's channel
@dataclass
class ViewChanged(Message):
    """The seat's view changed; ``lines``: the log lines that came with it (a snapshot, ``fresh``:
    the whole log, to show in place of what was shown)."""
    view: View
    lines: list[LogLine]
    fresh: bool = False


@dataclass
class ChatLine(Message):
    """Someone said something at the table: a log line of kind ``chat``."""
    line: LogLine


@dataclass
class Refused(Message):
    """The table refused a command (or it came too late: "Too late: …"), saying why."""
    reason: str


@dataclass
class RecordSent(Message):
    """The host's record of the match, asked for once it was over."""
    record: dict


@dataclass
class LobbyChanged(Message):
    """Who sits where before the game starts."""
    lobby: LobbyView


@dataclass
class GameStarted(Message):
    """The first game message came to the lobby: the game screen takes the channel from here."""
    first: dict


@dataclass
class LinkChanged(Message):
    """A network channel's link: "reconnecting" while it restores a lost one, "connected" again."""
    status: str


@dataclass
class ChannelClosed(Message):
    """The channel to the table ended (the host went away, or the game was left)."""
    reason: str


# ------------------------------------------------------------ from a screen to the app
@dataclass
class MenuChosen(Message):
    """A choice on the start screen's menu ("play", "resume", "setup", "host", "join", …)."""
    choice: str


@dataclass
class Join(Message):
    """Join the table at this address (``fingerprint``: the host's key, from a join code or a LAN
    record); the screen on top is sent JoinFailed if it does not happen."""
    host: str
    port: int
    name: str
    password: str | None = None
    spectate: bool = False
    fingerprint: str | None = None


@dataclass
class LeaveTable(Message):
    """Leave the table of ``channel``: the player chose to (``keep``: a host's game kept for
    later), or the table went away (``notice`` says why)."""
    channel: object
    notice: str | None = None
    keep: bool = False


@dataclass
class JoinFailed(Message):
    """Posted back to the joining form: the join did not happen, saying why."""
    reason: str


@dataclass
class InternetSwitched(Message):
    """The host's lobby switch: ask the router to forward the table's port (``on``), or to stop."""
    on: bool


@dataclass
class PasswordSet(Message):
    """The host's lobby: joining takes this password from now on (None: none)."""
    password: str | None


@dataclass
class Invitation(Message):
    """Posted back to the host's lobby: what friends join with now (invite.Line list); ``internet``:
    the switch's state; ``asking``: whether the router is being asked (None, either: as it is)."""
    where: list
    internet: bool | None = None
    asking: bool | None = None
