"""One connection's read deadline, on 127.0.0.1: a whole frame must arrive within the idle
timeout, however it trickles in; a peer that keeps sending whole frames is never cut off."""
import asyncio

import pytest

from net.connection import Connection
from net.frames import encode
from tests.helpers.network import LOOPBACK


async def connected_pair(idle_timeout: float):
    """(our Connection, the peer's writer) over a real loopback socket."""
    accepted = asyncio.get_running_loop().create_future()
    server = await asyncio.start_server(lambda r, w: accepted.set_result((r, w)), LOOPBACK, 0)
    _, peer = await asyncio.open_connection(LOOPBACK, server.sockets[0].getsockname()[1])
    reader, writer = await asyncio.wait_for(accepted, 5)
    server.close()
    return Connection(reader, writer, idle_timeout=idle_timeout), peer


async def test_a_frame_that_trickles_in_past_the_timeout_is_cut_off():
    conn, peer = await connected_pair(idle_timeout=0.3)

    async def trickle():
        peer.write(b"\x00\x00\x00\x64")              # 100 bytes announced, one sent every 0.1 s
        for _ in range(100):
            peer.write(b"x")
            await asyncio.sleep(0.1)

    task = asyncio.create_task(trickle())
    with pytest.raises(asyncio.TimeoutError):
        await conn.read_frame()
    assert not task.done()                           # cut off mid-frame, long before it could finish
    task.cancel()
    conn.close("test over")
    peer.close()


async def test_whole_frames_keep_coming_for_longer_than_the_timeout_and_all_arrive():
    conn, peer = await connected_pair(idle_timeout=0.2)

    async def steady():
        for i in range(12):                          # 0.6 s of frames, 0.05 s apart
            peer.write(encode({"n": i}))
            await asyncio.sleep(0.05)

    task = asyncio.create_task(steady())
    got = [await conn.read() for _ in range(12)]
    assert got == [{"n": i} for i in range(12)]
    await task
    conn.close("test over")
    peer.close()


async def test_a_burst_shows_as_more_buffered_until_its_last_frame_is_read():
    """The server's read loop lets the other connections go first only while a burst is in."""
    conn, peer = await connected_pair(idle_timeout=5)
    peer.write(b"".join(encode({"n": i}) for i in range(3)))        # one write: one segment on loopback
    assert await conn.read() == {"n": 0}
    assert conn.more_buffered()
    assert [await conn.read(), await conn.read()] == [{"n": 1}, {"n": 2}]
    assert not conn.more_buffered()
    conn.close("test over")
    peer.close()
