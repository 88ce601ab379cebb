"""Updates built once per change (table/packing.py): a network listener's frame, spliced from parts
packed apart, is byte for byte the update an in-memory listener gets, packed whole."""
import random

import msgpack

from net.frames import encode
from tests.helpers.privacy import assert_private
from uno_tui.engine import make_rules
from uno_tui.table import Pacing, Seat, Table


def play(wire: bool) -> list:
    """A seeded hand of four players and a spectator; what each listener got, in order."""
    table = Table(make_rules("classic", seven_zero=True), [Seat(f"P{i}", "human") for i in range(4)], seed=3,
                  pacing=Pacing.instant())
    got = []
    listeners = [table.connect(seat, lambda msg, seat=seat: got.append((seat, msg)), wire=wire)
                 for seat in (0, 1, 2, 3, None)]
    table.start()
    rng = random.Random(1)
    for n in range(300):
        game = table.game
        if game.over:
            break
        if n in (40, 41):                        # the table part changes, for everyone at once
            table.take_over(2) if n == 40 else table.hand_back(2)
        seat = game.decider
        table.handle(listeners[seat], {"type": "action", "id": n, "action": rng.choice(game.legal_actions(seat)).to_dict()})
    table.close()
    return got


async def test_a_connection_gets_the_update_an_in_memory_listener_gets_byte_for_byte():
    packed, plain = play(wire=True), play(wire=False)
    assert len(packed) == len(plain) > 200
    assert sum("table" in msg["view"] for _, msg in plain if msg["type"] == "update") > 10
    for (seat, frame), (same_seat, msg) in zip(packed, plain):
        assert seat == same_seat and type(msg) is dict
        assert encode(frame)[4:] == msgpack.packb(msg, use_bin_type=True)
        assert_private(msg, seat)


async def test_a_table_with_no_connection_packs_nothing(monkeypatch):
    """Solo play: the listeners are on this machine, so no change is packed for a network."""
    from uno_tui.table import packing

    def refuse(obj):
        raise AssertionError(f"packed {obj!r} with no connection at the table")
    monkeypatch.setattr(packing, "_PACK", refuse)
    assert len(play(wire=False)) > 200
