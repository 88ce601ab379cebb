"""A seat at the table: who plays it (a channel, a bot, or a bot standing in for a human who is away)."""
import collections
from dataclasses import dataclass, field

from ..bots import Bot
from .listener import RECENT_IDS, Listener


@dataclass
class Seat:
    name: str
    kind: str = "bot"                # "human" or "bot"
    level: str = "normal"            # the bot's level (and a stand-in's, for a human seat)
    bot: Bot | None = None           # plays the seat: a bot seat's own, or a stand-in for an away human
    listener: Listener | None = None
    away: bool = False
    timeouts: int = 0                # the seat's turns in a row the turn clock played for it
    #: ids of the seat's recent commands, kept across reconnects so a resent command applies once
    recent: collections.deque = field(default_factory=lambda: collections.deque(maxlen=RECENT_IDS))
