"""Updates packed once for many (table/packing.py): a network listener's frame, spliced from parts
packed apart, is byte for byte the message packed whole; other listeners get plain dicts."""
import random

import msgpack

from net.frames import decode, encode
from tests.helpers.privacy import assert_private
from uno_tui.engine import make_rules
from uno_tui.table import Pacing, Seat, Table


async def test_spliced_frames_are_the_messages_packed_whole():
    table = Table(make_rules("classic", seven_zero=True), [Seat(f"P{i}", "human") for i in range(4)], seed=3,
                  pacing=Pacing.instant())
    frames, plain = [], []
    listeners = [table.connect(i, lambda msg, i=i: frames.append((i, msg, encode(msg))), wire=True)
                 for i in range(4)]
    listeners.append(table.connect(None, lambda msg: frames.append((None, msg, encode(msg))), wire=True))
    table.connect(None, plain.append)            # in memory: gets plain dicts
    table.start()
    rng = random.Random(1)
    for n in range(300):
        game = table.game
        if game.over:
            break
        if n == 50:
            table.mark_away(2)                   # the table part changes: sent to each listener once
        seat = game.decider
        legal = game.legal_actions(seat)
        table.handle(listeners[seat], {"type": "action", "id": n, "action": rng.choice(legal).to_dict()})
    spliced = [(seat, msg, frame) for seat, msg, frame in frames if msg["type"] == "update"]
    assert len(spliced) > 200 and any("table" in msg["view"] for _, msg, _ in spliced[60:])
    for seat, msg, frame in spliced:
        assert frame[4:] == msgpack.packb(dict(msg), use_bin_type=True)
        assert_private(decode(frame[4:]), seat)
    assert plain and all(type(msg) is dict for msg in plain)
