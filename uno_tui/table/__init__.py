"""The authoritative session: seats, pacing, the UNO window, chat, and its messages."""
from uno_tui.protocol.commands import PROTOCOL_VERSION, ProtocolError, merge_view, parse_command

from .channel import Channel, LocalChannel
from .listener import Listener
from .session import Pacing, Seat, Table

__all__ = ["Channel", "LocalChannel", "PROTOCOL_VERSION", "ProtocolError", "merge_view", "parse_command", "Listener", "Pacing",
           "Seat", "Table"]
