"""Messages between the app's parts: small dataclasses, posted, handled with @on."""
from dataclasses import dataclass

from textual.message import Message


@dataclass
class TableMessage(Message):
    """One message from the table's channel (posted by the listening worker)."""
    msg: dict


@dataclass
class ChannelClosed(Message):
    """The channel to the table ended (the host went away, or the game was left)."""
    reason: str
