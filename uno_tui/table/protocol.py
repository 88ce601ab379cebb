"""The table's messages: commands a client sends, and their validation.

Plain data only (dict, list, str, int, bool, None), the same in memory and
on the wire. docs/protocol.md describes every message.
"""
from ..bots import LEVELS

PROTOCOL_VERSION = 1
MAX_CHAT = 200
MAX_NAME = 24
MAX_ID_LEN = 64
COMMANDS = {
    "action": ("action",),      # a game action (see docs/engine.md)
    "chat": ("text",),
    "snapshot": (),             # send me everything again
    "ready": (),                # ready for the next hand (or a new match)
}
#: before the start; "seat" and "start" are the host's own (refused from anyone else)
LOBBY_COMMANDS = {
    "chat": ("text",),
    "seat": ("seat", "level"),  # make an empty seat a bot of this level (None: open it again)
    "start": (),
}


def merge_view(previous: dict | None, view: dict) -> dict:
    """An update's view made whole: its ``table`` part holds only the keys that changed since
    the last one (and is left out when none did). Returns ``view``, completed in place."""
    if previous is not None:
        view["table"] = {**previous["table"], **view["table"]} if "table" in view else previous["table"]
    return view


class ProtocolError(ValueError):
    """A message that is not one of ours, or not well formed; ``reason`` is for people."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def _check_id(cid) -> None:
    if isinstance(cid, bool) or not (
            (isinstance(cid, int) and 0 <= cid < 2 ** 53) or (isinstance(cid, str) and 0 < len(cid) <= MAX_ID_LEN)):
        raise ProtocolError("a command needs an id: a whole number or a short string")


def parse_lobby_command(msg) -> dict:
    """A command sent before the game starts (see parse_command)."""
    msg = parse_command(msg, LOBBY_COMMANDS)
    if msg["type"] == "seat":
        if isinstance(msg.get("seat"), bool) or not isinstance(msg.get("seat"), int) \
                or msg.get("level") not in (None, *LEVELS):
            raise ProtocolError("a seat command needs a seat number and a bot level (or null)")
    return msg


def parse_command(msg, commands: dict = COMMANDS) -> dict:
    """Check a command's shape; return it (chat text cleaned). Raises ProtocolError."""
    if not isinstance(msg, dict) or not all(isinstance(k, str) for k in msg):
        raise ProtocolError("a command must be a map with string keys")
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in commands:
        if isinstance(kind, str) and kind in COMMANDS:
            raise ProtocolError("the game has not started yet")
        raise ProtocolError(f"unknown command {str(kind)[:40]!r}")
    _check_id(msg.get("id"))
    extra = set(msg) - {"type", "id", *commands[kind]}
    if extra:
        raise ProtocolError(f"unexpected field {sorted(extra)[0][:40]!r} in {kind}")
    if kind == "action" and not isinstance(msg.get("action"), dict):
        raise ProtocolError("an action command carries an action map")
    if kind == "chat":
        text = msg.get("text")
        if not isinstance(text, str):
            raise ProtocolError("chat text must be a string")
        text = clean_text(text, MAX_CHAT)
        if not text:
            raise ProtocolError("empty chat line")
        return {**msg, "text": text}
    return msg


def clean_text(text: str, limit: int) -> str:
    """Printable text only: control characters (terminal escapes among them) become spaces."""
    cleaned = "".join(ch if ch.isprintable() else " " for ch in text[:limit])
    return " ".join(cleaned.split())
