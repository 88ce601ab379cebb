"""A host nobody can crash or cheat: bad frames, bad messages, silence, slowness, floods,
wrong tokens, other seats, and names that try to be markup. Real sockets on 127.0.0.1."""
import asyncio
import socket
import struct

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from net import FrameError, decode
from net.client import NetChannel, Rejected
from net.frames import MAX_FRAME, frame_length
from tests.helpers.network import LOOPBACK, TIMEOUT, eventually, join, playing_client, tls_never_reading, tls_open
from uno_tui.engine import CODES, COLORS, KINDS, Action, IllegalAction
from uno_tui.play.host.session import HostSession
from uno_tui.protocol.spec import COMMANDS
from uno_tui.storage.settings import GameSettings
from uno_tui.table import Pacing, ProtocolError, parse_command


def frame(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


def hello(name="Mallory", **extra) -> bytes:
    return frame(msgpack.packb({"type": "hello", "version": 2, "nonce": "0" * 32, "name": name, **extra}))


async def started_host(players=2, **kw):
    session = HostSession(GameSettings(bots=["normal"] * (players - 1), match_mode="single"), players=players,
                          headless=True, seed=1, pacing=kw.pop("pacing", Pacing(bot_delay=0.01)), **kw)
    port = await session.serve(LOOPBACK, 0)
    return session, port


async def raw(port):
    return await tls_open(port)


async def closed_by_host(reader, within=8.0) -> bool:
    """Read until the host hangs up (True), or give up after ``within`` seconds (False)."""
    try:
        async with asyncio.timeout(within):
            while await reader.read(65536):
                pass
        return True
    except (asyncio.TimeoutError, ConnectionError):
        return False


async def honest_game_goes_on(session, port):
    """After the attack, a real player can still join and the host still answers."""
    ch = await join(port, "Honest")
    assert ch.welcome["type"] == "welcome"
    ch.close()


BAD_BODIES = {
    "malformed msgpack": b"\xc1\xc1\xc1",
    "trailing bytes": msgpack.packb({"type": "hello"}) + b"\x00",
    "ext type": msgpack.packb(msgpack.ExtType(5, b"boom")),
    "non-string keys": msgpack.packb({1: "x", "type": "hello"}),
    "bad UTF-8": b"\xa3\xff\xfe\xfd",
    "nested array bomb": b"\x91" * 100_000 + b"\xc0",
    "bin": msgpack.packb(b"bytes", use_bin_type=True),
}


@pytest.mark.parametrize("name", list(BAD_BODIES))
async def test_a_bad_frame_closes_that_connection_only(name):
    session, port = await started_host()
    player = await join(port, "Ann")
    reader, writer = await raw(port)
    writer.write(frame(BAD_BODIES[name]))
    assert await closed_by_host(reader)
    session.start()
    msg = await asyncio.wait_for(player.recv(), TIMEOUT)       # the host is fine: the game goes on
    while msg["type"] == "lobby":
        msg = await asyncio.wait_for(player.recv(), TIMEOUT)
    assert msg["type"] in ("snapshot", "update")
    player.close()
    await session.close()


async def test_a_length_over_the_maximum_is_closed_without_reading_the_body():
    session, port = await started_host()
    reader, writer = await raw(port)
    writer.write(struct.pack(">I", MAX_FRAME + 1))             # and no body at all
    assert await closed_by_host(reader, within=2)
    await honest_game_goes_on(session, port)
    await session.close()


async def test_wrong_shapes_unknown_messages_and_old_versions_are_refused():
    session, port = await started_host()
    for bad in ({"type": "hello", "version": 0, "name": "X"}, {"type": "hello", "version": 2, "nonce": "0" * 32, "name": 5},
                {"type": "welcome"}, ["hello"], "hello"):
        reader, writer = await raw(port)
        writer.write(frame(msgpack.packb(bad)))
        data = await asyncio.wait_for(reader.read(65536), 5)
        reply = msgpack.unpackb(data[4:])
        assert reply["type"] == "reject" and reply["reason"]
        assert await closed_by_host(reader)
    await honest_game_goes_on(session, port)
    await session.close()


async def test_a_silent_client_a_trickling_client_and_one_that_never_says_hello_are_dropped(monkeypatch):
    monkeypatch.setattr("net.server.HELLO_TIMEOUT", 0.3)
    session, port = await started_host()
    silent_r, _ = await raw(port)
    assert await closed_by_host(silent_r, within=3)
    trickle_r, trickle_w = await raw(port)
    data = hello()
    for byte in data[:6]:                                        # one byte at a time, then stall
        trickle_w.write(bytes([byte]))
        await asyncio.sleep(0.05)
    assert await closed_by_host(trickle_r, within=3)
    await honest_game_goes_on(session, port)
    await session.close()


async def test_a_client_that_never_reads_is_dropped_and_the_others_play_on():
    # the kernel's buffers on both ends as small as they go, so what Sloth does not read piles up
    # in the host's own buffer within a few messages (not megabytes later)
    instant = Pacing.instant()
    instant.turn_timeout = 0                                     # Sloth's turns are played for it
    session, port = await started_host(players=3, pacing=instant)
    sloth_socket = await tls_never_reading(port, hello("Sloth"))
    assert await eventually(lambda: any(s.name == "Sloth" and s.conn for s in session.seats))
    sloth = next(s.conn for s in session.seats if s.name == "Sloth")
    sloth.writer.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 1024)
    sloth.max_buffer = 4096                                      # a small window, so the test is quick
    honest = playing_client(await join(port, "Ann"))
    session.start()
    await asyncio.wait_for(honest.play_until(lambda: honest.view is not None and honest.view["over"]), TIMEOUT)
    assert sloth.closed and sloth.close_reason == "too slow: it does not read what it is sent"
    sloth_socket.close()
    honest.channel.close()
    await session.close()


async def test_floods_of_chat_and_catches_are_rate_limited():
    session, port = await started_host(players=2, rate=10, burst=10)
    player = await join(port, "Flood")
    session.start()
    flooding = session.seats[0].conn
    for i in range(200):
        await player.send({"type": "chat", "id": i + 1, "text": "spam"})
    assert await eventually(lambda: flooding.closed)
    chat_lines = len(session.table.chat)
    assert chat_lines <= 15
    assert flooding.closed and flooding.close_reason == "flooding"   # kept flooding: closed
    await honest_game_goes_on(session, port)
    await session.close()


async def test_a_wrong_seat_token_is_refused_and_no_one_acts_for_another_seat():
    session, port = await started_host(players=3, pacing=Pacing(bot_delay=10_000))
    ann = await join(port, "Ann")
    bob = await join(port, "Bob")
    session.start()
    forged = NetChannel(LOOPBACK, port, {"type": "hello", "version": 2, "nonce": "0" * 32, "name": "Eve", "token": "guess" * 4})
    with pytest.raises(Rejected, match="unknown seat token"):
        await forged.open()
    # commands carry no seat: Bob's play is Bob's, whatever it says
    game = session.table.game
    other = 1 - ann.welcome["seat"] if game.decider == ann.welcome["seat"] else ann.welcome["seat"]
    await bob.send({"type": "action", "id": 1, "seat": other, "action": {"kind": "draw"}})
    async with asyncio.timeout(TIMEOUT):
        while (msg := await bob.recv())["type"] != "error":
            pass
    assert "unexpected field" in msg["reason"]
    ann.close()
    bob.close()
    await session.close()


async def test_an_unauthenticated_connection_receives_nothing():
    session, port = await started_host(players=2, password="sesame", pacing=Pacing.instant())
    player = await join(port, "Ann", password="sesame")
    reader, writer = await raw(port)                              # connected, but no hello yet
    session.start()
    msg = await asyncio.wait_for(player.recv(), TIMEOUT)
    while msg["type"] != "snapshot":                              # the game has been sent out
        msg = await asyncio.wait_for(player.recv(), TIMEOUT)
    writer.write(hello() + frame(msgpack.packb({"type": "proof", "proof": "0" * 64})))   # a guessed proof
    data = b""
    while chunk := await asyncio.wait_for(reader.read(65536), TIMEOUT):
        data += chunk                                             # all it got, up to the host's hang-up
    # in order on the wire: anything of the game sent to it would come before the refusal
    frames = []
    while data:
        length = struct.unpack(">I", data[:4])[0]
        frames.append(msgpack.unpackb(data[4:4 + length]))
        data = data[4 + length:]
    assert [f["type"] for f in frames] == ["challenge", "reject"]
    assert frames[1] == {"type": "reject", "reason": "wrong password"}
    player.close()
    await session.close()


async def test_names_and_chat_that_look_like_markup_or_escapes_stay_text():
    session, port = await started_host(players=2)
    ch = await join(port, "[b]Boss[/b]\x1b[2J\x07")
    session.start()
    name = session.table.seats[0].name
    assert "\x1b" not in name and "\x07" not in name and name.startswith("[b]Boss[/b]")
    from textual.app import App

    from uno_tui.protocol.views import view_of
    from uno_tui.ui.widgets.table import TableView

    class Table(App):
        def compose(self):
            yield TableView()

    msg = await asyncio.wait_for(ch.recv(), TIMEOUT)
    while "view" not in msg:
        msg = await asyncio.wait_for(ch.recv(), TIMEOUT)
    app = Table()
    async with app.run_test(size=(80, 20)) as pilot:
        table = app.query_one(TableView)
        table.view = view_of(msg["view"])
        await pilot.pause()
        shown = "".join(table.render_line(y).text for y in range(table.size.height))
    assert "[b]Boss[/b]" in shown                                  # shown as typed
    ch.close()
    await session.close()


# ---------------------------------------------------------------- fuzzing
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=512))
def test_fuzzed_frame_bodies_raise_only_our_error(body):
    try:
        decode(body)
    except FrameError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.binary(min_size=4, max_size=4))
def test_fuzzed_headers_are_checked_before_any_body(header):
    try:
        assert frame_length(header) <= MAX_FRAME
    except FrameError:
        pass


#: any plain data, nested a level or two (deeper, a value meets only the type checks it meets at one)
plain = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                     max_leaves=8)


def spoiled(wellformed, *keys: str):
    """Well-formed maps (of ``wellformed``) with up to two of ``keys`` (or another) set to any plain
    data and up to two taken away: they get past the check of their tag into what each declaration
    checks, which maps of random values rarely did."""
    keys = st.sampled_from([*keys, "x"])
    return st.builds(lambda msg, changed, dropped: {k: v for k, v in {**msg, **changed}.items() if k not in dropped},
                     wellformed, st.dictionaries(keys, plain, max_size=2), st.sets(keys, max_size=2))


FIELDS = {"card": st.sampled_from(CODES), "color": st.sampled_from(COLORS), "target": st.integers(0, 3),
          "uno": st.booleans()}
actions = spoiled(st.sampled_from(sorted(KINDS)).flatmap(
    lambda kind: st.fixed_dictionaries({"kind": st.just(kind), **{name: FIELDS[name] for name in KINDS[kind]}})),
    "kind", *FIELDS)
commands = spoiled(st.sampled_from([{"type": "chat", "id": 7, "text": "gg"}, *({"type": kind, "id": 7} for kind in
                                    ("snapshot", "ready", "record"))])
                   | actions.map(lambda action: {"type": "action", "id": 7, "action": action}),
                   "type", "id", "action", "text")


# 100 of each: every tag (5 commands, 15 kinds of action) comes up several times, spoiled in a
# different way each time (300 maps of random values a test, before, rarely got past "unknown command")
@settings(max_examples=100, deadline=None)
@given(commands)
def test_fuzzed_commands_are_accepted_or_refused_with_our_error(msg):
    try:
        parse_command(msg)
    except ProtocolError as e:
        assert e.reason


@settings(max_examples=100, deadline=None)
@given(actions)
def test_fuzzed_actions_are_accepted_or_refused_with_our_error(action):
    try:
        Action.from_dict(action)
    except IllegalAction as e:
        assert e.reason
