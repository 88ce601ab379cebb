"""The host player's own end of a hosted game: an in-memory channel carrying the messages a
joiner gets over TCP, so the host's lobby and game screens are one more client."""
import asyncio

HOST_ENDED = "The host ended the game."
HOST_PAUSED = "The host stopped the game to carry it on later: join again then to take your seat back."


class LocalPeer:
    """The host's own screens, as the session sees them: a receiver like a connection."""

    peer = "the host's own screen"

    def __init__(self):
        self.queue: asyncio.Queue = asyncio.Queue()
        self.closed = False

    def send(self, msg: dict) -> None:
        if not self.closed:
            self.queue.put_nowait(msg)

    def close(self, reason: str, farewell: dict | None = None) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(ConnectionError(reason))


class HostChannel:
    """The host player's channel: the lobby's messages, then the table's, as a joiner gets them."""

    status = "connected"
    give_up_after = None

    def __init__(self, session):
        """``session``: the hosting.HostSession whose seat 0 this is."""
        self.session, self.peer = session, session.seats[0].conn

    async def send(self, msg: dict) -> None:
        if not self.peer.closed:
            self.session.handle(self.peer, 0, msg)

    async def recv(self) -> dict:
        msg = await self.peer.queue.get()
        if isinstance(msg, Exception):
            self.peer.queue.put_nowait(msg)
            raise msg
        return msg

    def close(self) -> None:
        """The host's screens stop listening; the app that owns the session closes it."""
        self.peer.close("the host left the table")
