"""Every limit host and clients share, defined once: the engine's seat limits, and the lengths and
counts the protocol holds to (spec.py states them in the message reference)."""
from uno_tui.engine.legal import MAX_PLAYERS, MIN_PLAYERS

MAX_NAME = 24               # a player's name, cut there
MAX_CHAT = 200              # a chat line, cut there
MAX_PASSWORD = 256          # so a hello always fits a client's frame (net.frames.PEER_FRAME)
MAX_ID_LEN = 64             # a command id that is a string, a seat token
MAX_ID = 2 ** 53            # ids are whole numbers below this (exact in a double) or short strings
#: the command ids remembered per seat (across reconnects and in a save): a resend among them applies once
RECENT_IDS = 256
#: the host's log: the lines it keeps, so the most a snapshot carries (chat lines among them)
LOG_KEEP = 300
#: the host's chat: the lines it keeps and sends in a snapshot
CHAT_KEEP = 100

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "MAX_NAME", "MAX_CHAT", "MAX_PASSWORD", "MAX_ID_LEN", "MAX_ID",
           "RECENT_IDS", "LOG_KEEP", "CHAT_KEEP"]
