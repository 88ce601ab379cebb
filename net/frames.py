"""Frames: a 4-byte big-endian length, then one msgpack object.

The length is checked against the reader's limit before the body is read; the
body is decoded with explicit limits (no bin, no ext, string keys only,
bounded sizes and nesting), and anything wrong raises FrameError.

The two directions have their own limits. What the host sends (views,
snapshots) may be large; what a peer sends the host is a short command, so
its frames are capped at PEER_FRAME. That cap is also the decoding budget: a
msgpack object takes at least one byte, so a peer's frame can never make the
host build more than PEER_FRAME objects (about 0.1 MB), however it is shaped.
"""
import struct
from dataclasses import dataclass

import msgpack

MAX_FRAME = 256 * 1024
#: the largest frame a peer may send a host: the largest real command is a 200-character chat
#: line of 4-byte characters with a 64-character id, 888 bytes; a hello is at most ~480
PEER_FRAME = 2048
MAX_DEPTH = 16
HEADER = struct.Struct(">I")


@dataclass(frozen=True)
class Limits:
    """What one side accepts: the frame size, and the sizes msgpack may allocate while decoding
    (it sizes a container from its header, before its items arrive)."""
    max_frame: int
    max_array: int
    max_map: int

    def unpack_options(self) -> dict:
        return dict(max_str_len=self.max_frame, max_bin_len=0, max_ext_len=0,
                    max_array_len=self.max_array, max_map_len=self.max_map)


FROM_HOST = Limits(MAX_FRAME, 10_000, 1_000)
FROM_PEER = Limits(PEER_FRAME, 16, 16)        # a command has a handful of fields and no lists


class FrameError(ValueError):
    """A frame that is too big, malformed, or not plain data of the allowed shape."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


_PACKER = msgpack.Packer(use_bin_type=True)     # one, reused: packb would build (and free) a new one per message


def encode(obj) -> bytes:
    """A whole frame for ``obj`` (from the event loop's thread: the packer is shared). A message
    with a ``msgpack_body()`` packs itself: one that many receivers share parts of, packed once."""
    packs_itself = getattr(obj, "msgpack_body", None)
    body = _PACKER.pack(obj) if packs_itself is None else packs_itself()
    if len(body) > MAX_FRAME:
        raise FrameError(f"message of {len(body)} bytes is over the {MAX_FRAME} limit")
    return HEADER.pack(len(body)) + body


def frame_length(header: bytes, limit: int = MAX_FRAME) -> int:
    (length,) = HEADER.unpack(header)
    if length > limit:
        raise FrameError(f"frame of {length} bytes announced; the limit is {limit}")
    return length


def decode(body: bytes, limits: Limits = FROM_HOST):
    """One object from a frame body; only maps with str keys, lists, str, int, float, bool, None."""
    try:
        obj = msgpack.unpackb(body, raw=False, strict_map_key=True, use_list=True, **limits.unpack_options())
    except msgpack.ExtraData:
        raise FrameError("trailing bytes after the message") from None
    except (ValueError, TypeError, msgpack.UnpackException, RecursionError) as e:
        raise FrameError(f"not a valid message ({type(e).__name__})") from None
    kind = type(obj)
    if kind is dict or kind is list:
        _check(obj, 0)
    elif kind not in _PLAIN:
        raise FrameError(f"a {kind.__name__} is not allowed in a message")
    return obj


_PLAIN = frozenset((str, int, float, bool, type(None)))


def _check(obj, depth: int) -> None:
    """Every key a str, every value plain data, nothing nested deeper than MAX_DEPTH. Runs on
    every message a peer receives, so it looks at types exactly and recurses only into containers."""
    if depth > MAX_DEPTH or (depth == MAX_DEPTH and obj):
        raise FrameError("message nested too deeply")
    if type(obj) is dict:
        for key in obj:
            if type(key) is not str:
                raise FrameError("map keys must be strings")
        obj = obj.values()
    for value in obj:
        kind = type(value)
        if kind is dict or kind is list:
            _check(value, depth + 1)
        elif kind not in _PLAIN:
            raise FrameError(f"a {kind.__name__} is not allowed in a message")
