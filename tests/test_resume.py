"""The host process killed (SIGKILL) mid-hand and started again with --resume: the players
reconnect by themselves to the same seats and hands."""
import asyncio
import os
import signal
import subprocess
import sys

from tests.net_helpers import LOOPBACK, TIMEOUT, free_port, join, playing_client, wait_listening
from uno_tui.table import merge_view


def host_process(port: int, *extra: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "uno_tui.cli", "host", "--headless", "--bind", LOOPBACK,
                             "--port", str(port), "--seats", "3", "--players", "2", *extra],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=dict(os.environ))


async def drain(client, quiet: float = 2.5) -> None:
    """Take in messages until none has come for ``quiet`` seconds (without acting)."""
    while True:
        try:
            msg = await asyncio.wait_for(client.channel.recv(), quiet)
        except asyncio.TimeoutError:
            return
        if msg.get("type") in ("update", "snapshot"):
            client.view = merge_view(client.view, msg["view"])


async def test_a_killed_host_resumes_and_players_get_their_hands_back():
    port = free_port()
    host = host_process(port)
    try:
        await wait_listening(port)
        clients = [playing_client(await join(port, name, give_up_after=30), seed=i)
                   for i, name in enumerate(("Ann", "Bob"))]
        for _ in range(30):              # play a little of the hand, stopping well before anyone goes out
            if any(c.view and min(c.view["counts"]) <= 4 for c in clients):
                break
            for client in clients:
                try:
                    await asyncio.wait_for(client.step(), 0.5)
                except asyncio.TimeoutError:
                    pass
        for client in clients:
            await drain(client)
        before = [(c.view["seat"], c.view["hand"], c.view["counts"], c.view["top"]) for c in clients]
        assert not clients[0].view["over"]
        host.send_signal(signal.SIGKILL)
        host.wait(5)
        host = host_process(port, "--resume")
        await wait_listening(port)
        after = []
        for client in clients:
            msg = await asyncio.wait_for(client.channel.recv(), TIMEOUT)
            while msg.get("type") != "snapshot":
                msg = await asyncio.wait_for(client.channel.recv(), TIMEOUT)
            view = msg["view"]
            after.append((view["seat"], view["hand"], view["counts"], view["top"]))
            assert sum(" played " in line["text"] for line in msg["log"]) >= 3   # the log came back too
        assert after == before
        for client in clients:
            client.channel.close()
    finally:
        host.kill()
        host.wait(5)
