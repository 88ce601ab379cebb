"""Updates packed once for many listeners: the msgpack of what listeners share (the public view,
the table part, events and log lines nobody reads differently) is made once per change and
spliced into each listener's frame; only a seat's own items are packed per seat.

msgpack maps and arrays are a header (their length) followed by their items, so items packed
apart can be joined under a header written here. A connection sends an :class:`Update` by its
``msgpack_body()`` (net/frames.py asks any message that has one); everything else reads it as
the plain dict it also is.
"""
from itertools import islice

import msgpack

_PACK = msgpack.Packer(use_bin_type=True).pack     # one, reused (the table runs on one thread)


def pack(obj) -> bytes:
    return _PACK(obj)


def map_header(n: int) -> bytes:
    return bytes((0x80 | n,)) if n < 16 else b"\xde" + n.to_bytes(2, "big")


def array_header(n: int) -> bytes:
    return bytes((0x90 | n,)) if n < 16 else b"\xdc" + n.to_bytes(2, "big")


def items(d: dict) -> bytes:
    """A map's items packed, without the map's header (to be joined with other items)."""
    body = _PACK(d)
    return body[1:] if len(d) < 16 else body[3:]


def array(packed: list[bytes]) -> bytes:
    """An array of items packed already."""
    return array_header(len(packed)) + b"".join(packed)


class Update(dict):
    """A message whose first ``count`` items are packed already (``packed``: their bytes, without
    the map's header); items set afterwards (a listener's sequence number) are packed when sent.
    The first items must not be changed after: a changed copy is a plain dict."""
    __slots__ = ("packed", "count")

    def msgpack_body(self) -> bytes:
        rest = [_PACK(k) + _PACK(v) for k, v in islice(self.items(), self.count, None)]
        return map_header(len(self)) + self.packed + b"".join(rest)
