"""Table tests' helpers: bot seats, reading a channel until something is seen (bounded), letting the loop run."""
import asyncio

from uno_tui.client.model import ClientModel
from uno_tui.table import Seat

TIMEOUT = 60


def bot_seats(n=4, level="normal"):
    return [Seat(f"Bot {i}", "bot", level) for i in range(n)]


async def watch_until(channel, done, limit=TIMEOUT):
    """Read messages until ``done(msg)``, bounded by a timeout. Views are whole: the table part
    an update leaves out (unchanged) is filled in from the last one, as a client model does."""
    model = channel.__dict__.setdefault("model", ClientModel())

    async def loop():
        while True:
            msg = await channel.recv()
            model.apply(msg)
            if msg["type"] in ("update", "snapshot"):
                msg = {**msg, "view": model.wire}
            if done(msg):
                return msg
    return await asyncio.wait_for(loop(), limit)


def match_over(msg):
    return msg["type"] in ("update", "snapshot") and msg["view"]["table"]["match"]["over"]


async def settle(table, rounds=200):
    for _ in range(rounds):
        await asyncio.sleep(0)
