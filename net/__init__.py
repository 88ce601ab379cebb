"""Transport only: msgpack frames over asyncio TCP, connections with limits, a server and a
reconnecting client. It carries the table's messages and knows nothing of UNO."""
from .frames import MAX_FRAME, FrameError, decode, encode
from .connection import Connection, RateLimit
from .tokens import new_token, tokens_equal

__all__ = ["MAX_FRAME", "FrameError", "decode", "encode", "Connection", "RateLimit", "new_token", "tokens_equal"]
