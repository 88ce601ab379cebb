"""The in-memory channel: how a client in the same process talks to a table."""
import asyncio

from .session import Table


class LocalChannel:
    """A client's end of a table seat (or a spectator's, with seat None).

    ``send`` takes a command; ``recv`` returns the next update, snapshot,
    chat line or error, in order. The same two calls work over the network.
    """

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
