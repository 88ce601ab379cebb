"""Helpers for network tests: a host on 127.0.0.1 and joined players with a bot's brain."""
from uno_tui.botclient import BotClient
from uno_tui.bots import make_bot
from uno_tui.netplay import connect

LOOPBACK = "127.0.0.1"
TIMEOUT = 60


def playing_client(channel, level="normal", seed=1) -> BotClient:
    return BotClient(channel, make_bot(level, seed))


async def join(port, name, **kw):
    return await connect(LOOPBACK, port, name, **kw)
