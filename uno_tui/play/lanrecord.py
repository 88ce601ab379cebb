"""A table's record as heard on the LAN (discovery.py advertises and listens): what a heard record
is worth (FoundGame: anything odd leaves it out) and how far to trust it against the pins (judged)."""
import re
import unicodedata
from dataclasses import dataclass, replace

from zeroconf import IPVersion
from zeroconf.asyncio import AsyncServiceInfo

from uno_tui.protocol.commands import clean_text
from uno_tui.protocol.limits import MAX_NAME, MAX_PLAYERS

from .address import format_address

SERVICE = "_uno-tui._tcp.local."


@dataclass(frozen=True)
class FoundGame:
    """One table heard on the LAN."""
    instance: str
    host: str
    port: int
    name: str
    edition: str
    seats: int
    free: int
    password: bool
    playing: bool
    fingerprint: str | None = None       # the host's key (hex), if the record gave a well-formed one
    trust: str = "new"                   # against the pins (Finder): "pinned", "new" or "suspect"
    why: str | None = None               # a suspect's reason, for the player

    @property
    def address(self) -> str:
        return format_address(self.host, self.port)

    @classmethod
    def from_info(cls, info: AsyncServiceInfo) -> "FoundGame | None":
        """From a record anyone on the LAN may have sent: anything odd leaves the game out."""
        addresses = info.parsed_addresses(IPVersion.V4Only)
        text = {key.decode("utf-8", "replace"): (value or b"").decode("utf-8", "replace")
                for key, value in (info.properties or {}).items()}
        try:
            seats, free = int(text.get("seats", "")), int(text.get("free", ""))
        except ValueError:
            return None
        name = clean_text(text.get("name", ""), MAX_NAME)
        if not addresses or not info.port or not name or not 0 <= free <= seats <= MAX_PLAYERS:
            return None
        key = text.get("key", "").lower()
        fingerprint = key if len(key) == 64 and all(c in "0123456789abcdef" for c in key) else None
        return cls(info.name.removesuffix(f".{SERVICE}"), addresses[0], info.port, name, clean_text(text.get("edition", ""), 20), seats, free,
                   text.get("password") == "yes", text.get("state") == "playing", fingerprint)


def judged(game: FoundGame, pin: str | None, known_names: dict[str, set[str]]) -> FoundGame:
    """``game`` with its trust: its key against ``pin`` (the one pinned for its address), and its
    name against the names of pinned tables (``known_names``: their keys). A pinned table heard
    at another port (its host started again) has its own key: it is known, not suspect."""
    keys = known_names.get(plain_name(game.instance))
    if game.fingerprint is not None and (game.fingerprint == pin or pin is None and game.fingerprint in (keys or ())):
        return replace(game, trust="pinned", why=None)
    if pin is not None:
        return replace(game, trust="suspect", why=f"its key is not the one you trusted at {game.address}")
    if keys:
        return replace(game, trust="suspect", why="it has the name of a table you trust, and another key")
    return replace(game, trust="new", why=None)


def is_pinned(game: FoundGame | None, trusted: dict[str, str]) -> bool:
    """Whether ``game``'s key is the one pinned for its address (``trusted``: the pins)."""
    return game is not None and game.fingerprint is not None and trusted.get(game.address) == game.fingerprint


def plain_name(instance: str) -> str:
    """A table's name as a person reads it: case, and the " (2)" zeroconf adds to a taken name, aside."""
    return re.sub(r" \(\d+\)$", "", instance).casefold()


def fair_name(name: str) -> bool:
    """Is this a record of ours with a name a person can be shown (no control characters)?"""
    return (name.lower().endswith(f".{SERVICE}") and len(name) < 256
            and not any(unicodedata.category(c) == "Cc" for c in name))
