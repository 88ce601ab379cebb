"""Floods forgiven over time, and never the host closed: a player over the burst now and then,
a sender that keeps going over, a seat reconnecting over and over, a spectator's merged updates.
Real sockets on 127.0.0.1; the clock is faked where time itself is what is tested."""
import net.connection
import net.server
from net.connection import Throttle
from tests.helpers.network import LOOPBACK, TIMEOUT, Clock, eventually, first_answer, join
from uno_tui.engine import make_rules
from uno_tui.play.host import admission
from uno_tui.play.host.session import HostSession
from uno_tui.storage.settings import GameSettings
from uno_tui.table import Listener, Pacing, Seat, Table

HELLO = {"type": "hello", "version": 2, "nonce": "0" * 32, "name": "Watcher", "spectate": True}


# ---------------------------------------------------------------------------- floods
def test_a_player_now_and_then_over_the_burst_is_never_closed(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(net.connection, "time", clock)
    throttle = Throttle(rate=10, burst=5)
    verdicts = []
    for _ in range(60):                      # a burst one message too many, every 2 seconds, for 2 minutes
        verdicts += [throttle.verdict() for _ in range(6)]
        clock.now += 2
    assert "close" not in verdicts
    assert verdicts.count("warn") == 60      # each time, told once to slow down


def test_a_sender_that_keeps_going_over_is_closed(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(net.connection, "time", clock)
    throttle = Throttle(rate=10, burst=5)
    verdicts = []
    for _ in range(100):                     # 20 a second, twice the rate
        verdicts.append(throttle.verdict())
        clock.now += 0.05
    assert "close" in verdicts[:40]


async def test_a_seat_reconnecting_over_and_over_is_told_to_wait_and_its_client_keeps_trying():
    session = HostSession(GameSettings(bots=["normal"]), players=2, headless=True, seed=1, pacing=Pacing.instant())
    port = await session.serve(LOOPBACK, 0)
    try:
        player = await join(port, "Ann")
        token = player.welcome["token"]
        hello = {"type": "hello", "version": 2, "nonce": "0" * 32, "name": "Ann", "token": token}
        answers = [(await first_answer(port, hello))[0] for _ in range(8)]
        assert [a["type"] for a in answers].count("welcome") == 5        # a burst of 5, then one a second
        assert answers[-1] == {"type": "reject", "reason": admission.TOO_OFTEN}
        player.conn.close("dropped")                                     # its own client, meanwhile,
        seat = session.seats[player.welcome["seat"]]
        assert await eventually(lambda: player.status == "connected" and not player.conn.closed
                                and seat.conn is not None and seat.conn.peer == _local(player), TIMEOUT)
        player.close()
    finally:
        await session.close()


def _local(channel) -> str:
    """How the host names this client's connection (its address and port)."""
    host, port = channel.conn.writer.get_extra_info("sockname")[:2]
    return f"{host}:{port}"


async def test_a_spectator_gets_merged_updates_at_its_pace_and_misses_nothing():
    """Watchers cost the host one send per pace, however fast the table plays; what happened
    in between arrives in order, merged into one update (compared with an unpaced listener)."""
    pacing = Pacing.instant()
    pacing.spectator_pace = 0.2
    seats = [Seat(f"Bot {i}", "bot", "easy") for i in range(3)]
    table = Table(make_rules("classic"), seats, seed=4, pacing=pacing)
    watched, every = [], []
    table.start()
    table.connect(None, watched.append, name="Watcher")
    table.listeners.append(Listener(None, every.append))
    assert await eventually(lambda: table.moves >= 30, TIMEOUT)
    table.close()
    for listener in table.listeners:
        listener.flush()
    updates = [m for m in watched if m["type"] == "update"]
    assert 0 < len(updates) < len(every) / 3                 # far fewer sends than updates
    assert [m["seq"] for m in watched] == list(range(1, len(watched) + 1))
    merged_events = [e for m in updates for e in m["events"]]
    all_events = [e for m in every for e in m["events"]]
    assert merged_events == all_events[:len(merged_events)] and len(merged_events) >= 30
    assert updates[-1]["view"]["counts"] == every[-1]["view"]["counts"]
