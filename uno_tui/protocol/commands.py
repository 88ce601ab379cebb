"""The table's commands, checked against their declarations in spec.py.

Plain data only (dict, list, str, int, bool, None), the same in memory and
on the wire. docs/protocol.md describes every message.
"""
from uno_tui.bots import LEVELS

from .spec import COMMANDS as _COMMANDS
from .limits import MAX_CHAT, MAX_NAME
from .spec import ID
from .spec import LOBBY_COMMANDS as _LOBBY_COMMANDS

PROTOCOL_VERSION = 2


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


def command_id(msg):
    """The id of a command, if it has a valid one (a refusal names it), else None."""
    cid = msg.get("id") if isinstance(msg, dict) else None
    return None if ID.problems(cid, "") else cid


def parse_lobby_command(msg) -> dict:
    """A command sent before the game starts (see parse_command)."""
    msg = parse_command(msg, _LOBBY_COMMANDS)
    if msg["type"] == "seat" and msg["level"] not in (None, *LEVELS):
        raise ProtocolError(f"a seat command needs a bot level ({', '.join(LEVELS)}) or null")
    return msg


def parse_command(msg, commands: dict = _COMMANDS) -> dict:
    """Check a command against its declaration (spec.py); return it (chat text cleaned).
    Raises ProtocolError with the first thing wrong."""
    if not isinstance(msg, dict) or not all(isinstance(k, str) for k in msg):
        raise ProtocolError("a command must be a map with string keys")
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in commands:
        if isinstance(kind, str) and kind in _COMMANDS:
            raise ProtocolError("the game has not started yet")
        raise ProtocolError(f"unknown command {str(kind)[:40]!r}")
    problems = commands[kind].problems(msg)
    if problems:
        raise ProtocolError(problems[0])
    if kind == "chat":
        text = clean_text(msg["text"], MAX_CHAT)
        if not text:
            raise ProtocolError("empty chat line")
        return {**msg, "text": text}
    return msg


def clean_text(text: str, limit: int) -> str:
    """Printable text only: control characters (terminal escapes among them) become spaces."""
    cleaned = "".join(ch if ch.isprintable() else " " for ch in text[:limit])
    return " ".join(cleaned.split())


def unique_name(name: str, taken: set[str]) -> str:
    """Two players called Sam at one table are Sam and Sam 2, so every screen can tell them apart."""
    base, n = name, 1
    while name in taken:
        n += 1
        name = f"{base[:MAX_NAME - 3]} {n}"
    return name
