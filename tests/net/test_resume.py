"""The host process killed (SIGKILL) mid-hand and started again with --resume: the players
reconnect by themselves to the same seats and hands."""
import asyncio
import os
import re
import signal
import subprocess
import sys

from tests.helpers.network import LOOPBACK, TIMEOUT, eventually, free_port, join, playing_client, wait_listening
from uno_tui.storage import autosave
from uno_tui.table import merge_view


def host_process(port: int, *extra: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "uno_tui", "host", "--headless", "--bind", LOOPBACK,
                             "--port", str(port), "--seats", "3", "--players", "2", "--bot-delay", "0", *extra],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=dict(os.environ))


async def play_a_little(clients) -> None:
    """Both players play (bots' brains) until someone is down to four cards: well before anyone goes out."""
    async def play(client):
        while not any(c.view and min(c.view["counts"]) <= 4 for c in clients):
            await client.step()
    tasks = [asyncio.create_task(play(c)) for c in clients]
    await asyncio.wait_for(asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED), TIMEOUT)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def follow(client) -> None:
    """Take in every message without acting on any."""
    while True:
        msg = await client.channel.recv()
        client.frames.append(msg)
        if msg.get("type") in ("update", "snapshot"):
            client.view = merge_view(client.view, msg["view"])


def version(client) -> int | None:
    """The table's version as of the latest change this client heard of (every change is sent to all)."""
    return next((m["version"] for m in reversed(client.frames) if m.get("type") == "update"), None)


def waits_for_a_player(clients) -> bool:
    """Nothing more can happen at the table by itself: both players see the same latest change,
    it is one of theirs to decide (the bot only moves in its turn) and no catch is pending."""
    seats = {c.view["seat"] for c in clients if c.view}
    views = [c.view for c in clients]
    return (all(views) and version(clients[0]) is not None and len({version(c) for c in clients}) == 1
            and all(v["decider"] in seats and v["catchable"] is None and not v["over"] for v in views))


def saved_on_disk(version: int) -> bool:
    """Whether the host's save holds this version of the table, with the plays in its log (the
    log is written apart from the game, at most a second after it)."""
    def holds(state):
        plays = sum(1 for event, _ in state["table"]["log"] if event["type"] == "play")
        return state["table"]["version"] == version and plays >= 3
    try:
        return autosave.restore("hosted", holds)
    except autosave.SaveError:                   # not written yet
        return False


async def test_a_killed_host_resumes_and_players_get_their_hands_back():
    port = free_port()
    host = host_process(port)
    try:
        await wait_listening(port)
        clients = [playing_client(await join(port, name, give_up_after=30), seed=i)
                   for i, name in enumerate(("Ann", "Bob"))]
        await play_a_little(clients)
        followers = [asyncio.create_task(follow(c)) for c in clients]
        assert await eventually(lambda: waits_for_a_player(clients), within=TIMEOUT)
        # the host saves a moment after each change: kill it once that change is on disk
        assert await eventually(lambda: saved_on_disk(version(clients[0])), within=TIMEOUT)
        for task in followers:
            task.cancel()
        await asyncio.gather(*followers, return_exceptions=True)
        before = [(c.view["seat"], c.view["hand"], c.view["counts"], c.view["top"]) for c in clients]
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
            # the log came back too: the three plays saved_on_disk waited for ("You play" for one's own)
            assert sum(bool(re.search(r"\bplays? (Red|Yellow|Green|Blue|Wild)\b", line["text"])) for line in msg["log"]) >= 3
        assert after == before
        for client in clients:
            client.channel.close()
    finally:
        host.kill()
        host.wait(5)
