"""Helpers for network tests (and the network benchmarks): loopback ports, a host on
127.0.0.1, and joined players with a bot's brain."""
import asyncio
import socket

from uno_tui.botclient import BotClient
from uno_tui.bots import make_bot
from uno_tui.netplay import connect

LOOPBACK = "127.0.0.1"
TIMEOUT = 60


class RecordingClient(BotClient):
    """A joined player with a bot's brain that keeps every message it was sent, to check afterwards."""

    def __init__(self, channel, bot):
        super().__init__(channel, bot)
        self.frames: list[dict] = []

    async def step(self) -> dict:
        msg = await super().step()
        self.frames.append(msg)
        return msg


def playing_client(channel, level="normal", seed=1) -> RecordingClient:
    return RecordingClient(channel, make_bot(level, seed))


async def join(port, name, **kw):
    return await connect(LOOPBACK, port, name, **kw)


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return s.getsockname()[1]


async def wait_listening(port: int) -> None:
    """Until something accepts connections on the port (a host process starting up)."""
    for _ in range(200):
        try:
            _, writer = await asyncio.open_connection(LOOPBACK, port)
            writer.close()
            return
        except OSError:
            await asyncio.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port}")


async def eventually(cond, within: float = 10.0) -> bool:
    """Poll ``cond()`` until it holds or ``within`` seconds pass (a slow machine waits, not fails)."""
    for _ in range(int(within / 0.02)):
        if cond():
            return True
        await asyncio.sleep(0.02)
    return bool(cond())
