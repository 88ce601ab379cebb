"""Channels: what a client (a screen, a bot) holds to talk to a table, wherever the table is;
and the in-memory one, for a client in the table's own process."""
import asyncio
from typing import Protocol

from .session import Table


class Channel(Protocol):
    """Solo (LocalChannel), the host's own screens (host_channel.HostChannel) and a joined player
    (net.client.NetChannel) all look like this: one code path for every kind of game."""

    #: "connected"; a network channel is "reconnecting" while it restores a lost link, then
    #: "connected" again or "closed" (recv then raises ConnectionError with a sentence)
    status: str
    #: how long a lost link is tried again (None: a channel in memory is never lost; else it has
    #: ``watch_status(callback)``, called with each new status)
    give_up_after: float | None

    async def send(self, msg: dict) -> None:
        """A command to the table."""

    async def recv(self) -> dict:
        """The next message from the table, in order (raises ConnectionError once it is gone)."""

    def close(self) -> None:
        """Leave the table."""


class LocalChannel:
    """A client's end of a table seat (or a spectator's, with seat None).

    ``send`` takes a command; ``recv`` returns the next update, snapshot,
    chat line or error, in order. The same two calls work over the network.
    """

    status = "connected"
    give_up_after = None

    def __init__(self, table: Table, seat: int | None):
        self.table = table
        self.queue: asyncio.Queue = asyncio.Queue()
        self.listener = table.connect(seat, self.queue.put_nowait)

    async def send(self, msg: dict) -> None:
        self.table.handle(self.listener, msg)

    async def recv(self) -> dict:
        return await self.queue.get()

    def close(self) -> None:
        self.table.disconnect(self.listener)
