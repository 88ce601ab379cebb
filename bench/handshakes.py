"""Issue 37's game-port attack: a few addresses hold every place for a handshake; does anyone get in?

    python bench/handshakes.py ADDRESSES        (4 or 16; run from the checkout to measure)

One host in this process (2 seats, a bot's and Ann's, who joined and left: her seat waits for her
token). 16 connections that never say anything, from ADDRESSES addresses (127.0.0.2 and up, all
loopback), each back the moment the host drops it. Then a newcomer from 127.0.0.250 (an address
nobody plays at) joins as a watcher 10 times, and Ann reconnects with her token from 127.0.0.1
10 times, a second apart; each has 10 s to be welcomed. Printed: how many were let in, the median
and worst time to the welcome. Copied into a checkout of 9ec7182^ (before the fix, and before
TLS: there it speaks protocol 1 in plain TCP) and run there, it shows the attack as it was.
"""
import asyncio
import os
import struct
import sys
import tempfile
import time

os.environ.update(UNO_TUI_DATA_DIR=tempfile.mkdtemp(), UNO_TUI_CONFIG_DIR=tempfile.mkdtemp())
sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import msgpack  # noqa: E402

from uno_tui.play.host.session import HostSession
from uno_tui.play.join import connect
from uno_tui.storage.settings import GameSettings
from uno_tui.table import Pacing  # noqa: E402

if os.path.exists(os.path.join(os.path.dirname(__file__), "..", "net", "tls.py")):
    from net.tls import client_context
    TLS, VERSION = client_context(), 2
else:                                       # a checkout from before TLS (9ec7182^)
    TLS, VERSION = None, 1



def frame(obj) -> bytes:
    body = msgpack.packb(obj)
    return struct.pack(">I", len(body)) + body



async def attempt(port: int, hello: dict, source: str) -> float | None:
    """Seconds from the connect to the welcome (None: not let in within 10 s)."""
    t = time.perf_counter()
    try:
        async with asyncio.timeout(10):
            r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0), ssl=TLS,
                                                 server_hostname="" if TLS else None)
            w.write(frame({**hello, "version": VERSION, "nonce": "0" * 32}))
            n = struct.unpack(">I", await r.readexactly(4))[0]
            ok = msgpack.unpackb(await r.readexactly(n)).get("type") == "welcome"
            w.transport.abort()
            return time.perf_counter() - t if ok else None
    except (OSError, TimeoutError, asyncio.IncompleteReadError):
        return None



async def main(addresses: int) -> None:
    session = HostSession(GameSettings(bots=["normal"]), players=2, headless=True, seed=1,
                          pacing=Pacing(bot_delay=60, grace=60))
    port = await session.serve("127.0.0.1", 0)
    player = await connect("127.0.0.1", port, "Ann", **({"fingerprint": session.fingerprint} if TLS else {}))
    token = player.welcome["token"]
    player.close()
    stop = asyncio.Event()

    async def hold(source):
        while not stop.is_set():
            try:
                r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
                await r.read()
                w.close()
            except OSError:
                await asyncio.sleep(0.05)
    holders = [asyncio.create_task(hold(f"127.0.0.{2 + a}")) for a in range(addresses)
               for _ in range(16 // addresses)]
    await asyncio.sleep(1.0)
    joins = [await attempt(port, {"type": "hello", "name": "New", "spectate": True}, "127.0.0.250") for _ in range(10)]
    backs = []
    for _ in range(10):
        backs.append(await attempt(port, {"type": "hello", "name": "Ann", "token": token}, "127.0.0.1"))
        await asyncio.sleep(1.0)
    stop.set()
    for holder in holders:
        holder.cancel()
    await asyncio.gather(*holders, return_exceptions=True)
    await session.close()
    print(f"{'TLS' if TLS else 'plain TCP (a checkout from before TLS)'}: 16 silent connections held from "
          f"{addresses} addresses, each back at once when dropped")
    for what, times in (("a newcomer's joins (127.0.0.250)", joins), ("a seat token's reconnections (127.0.0.1)", backs)):
        ok = sorted(t for t in times if t is not None)
        print(f"  {what}: {len(ok)} of {len(times)} let in"
              + (f", median {ok[len(ok) // 2] * 1e3:.0f} ms, worst {ok[-1] * 1e3:.0f} ms" if ok else ""))


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 4))
