"""Pings to a host while its hard bots search: tests/unit/test_bot_thinking.py checks that they are
answered during a search, bench/pings.py prints how fast."""
import asyncio
import threading
import time

from net import Connection
from tests.helpers.network import LOOPBACK, tls_open
from uno_tui.engine import rigged_deck
from uno_tui.play.host.session import HostSession
from uno_tui.storage.settings import GameSettings
from uno_tui.table import PROTOCOL_VERSION, Pacing


async def pings_while_searching(count: int = 30, tries: int = 5000) -> list[float]:
    """Two hard bots play each other heads-up, hand after hand (every decision with a choice is a
    search, 10 ms at this table with no pause); a spectator pings the host meanwhile. The round
    trips (seconds) of up to ``count`` pings sent and answered while a bot searched, of ``tries``
    sent; each answer waited for 5 s at most. A search run on the event loop would leave none:
    the loop could not answer while it searched."""
    session = HostSession(GameSettings(bots=["hard", "hard"], match_mode="first_to", match_target=10_000),
                          players=2, headless=True, seed=4, dealer=1,
                          rate=1000, burst=1000,                 # the pings here are not a flood
                          pacing=Pacing(bot_delay=0, catch_delay={"hard": 0}, grace=60, hand_pause=0))
    port = await session.serve(LOOPBACK, 0)
    session.start(deck=rigged_deck([["R1", "G2", "B3"], ["R2", "G3", "Y4"]], "R5", ["Y1", "B2", "G4"] * 10,
                                   dealer=1), hand_size=3)
    searching = threading.Event()
    for seat in session.table.seats:
        seat.bot.decide = flagged(seat.bot.decide, searching)
    reader, writer = await tls_open(port)
    watcher = Connection(reader, writer)
    watcher.send({"type": "hello", "version": PROTOCOL_VERSION, "nonce": "0" * 32, "name": "Eve", "spectate": True})
    during = []
    try:
        for _ in range(tries):
            if len(during) >= count:
                break
            was_searching = searching.is_set()
            sent = time.perf_counter()
            watcher.send({"type": "ping"})
            while (await asyncio.wait_for(watcher.read(), 5))["type"] != "pong":
                pass
            if was_searching and searching.is_set():
                during.append(time.perf_counter() - sent)
            await asyncio.sleep(0.002)
    finally:
        watcher.close("done")
        await session.close()
    return during


def flagged(decide, flag: threading.Event):
    """``decide`` that holds ``flag`` up while it runs (on whatever thread it runs)."""
    def wrapped(view):
        flag.set()
        try:
            return decide(view)
        finally:
            flag.clear()
    return wrapped
