"""Host keys this machine trusts, as ssh's known_hosts: HOST:PORT -> the fingerprint of the
certificate it presented when it was first trusted (data directory, known-hosts.json).

``check`` decides every connection, before anything but the TLS handshake is sent: a fingerprint
that came with the address (a join code, a LAN record) must match; a known host must present the
key it presented before; an unknown one is trusted only if the player says so (``ask``), once.
"""
import json

from net.client import Untrusted
from uno_tui.storage.places import data_dir
from uno_tui.storage.savefile import atomic_write

from .joincode import short


def _path():
    return data_dir() / "known-hosts.json"


def _load() -> dict:
    try:
        pins = json.loads(_path().read_text())
        return pins if isinstance(pins, dict) else {}
    except (OSError, ValueError):
        return {}


def known(address: str) -> str | None:
    return trusted().get(address)


def trusted() -> dict[str, str]:
    """Every pin: HOST:PORT -> fingerprint (read once, for a list of many hosts)."""
    return {address: pin for address, pin in _load().items() if isinstance(pin, str)}


def remember(address: str, fingerprint: str) -> None:
    pins = _load()
    pins[address] = fingerprint
    atomic_write(_path(), json.dumps(pins, indent=1).encode())


def forget(address: str) -> bool:
    """Forget the key trusted for HOST:PORT; False if none was."""
    pins = _load()
    if pins.pop(address, None) is None:
        return False
    atomic_write(_path(), json.dumps(pins, indent=1).encode())
    return True


def changed(address: str, old: str, new: str) -> str:
    return (f"The host at {address} has a different key from the one you trusted before "
            f"({short(old)}… now {short(new)}…). It may have been reinstalled, or someone may be imitating it. "
            f"If its host confirms the new key, forget the old one with:  uno-tui forget {address}")


async def check(address: str, fingerprint: str, *, given: str | None = None, ask=None) -> None:
    """Raise Untrusted unless this host's key may be trusted; remember it once it is.
    ``given``: the fingerprint that came with the address; ``ask(address, fingerprint)``: an
    awaitable that says whether the player trusts a host seen for the first time."""
    if given is not None and fingerprint != given:
        raise Untrusted(f"The computer answering at {address} is not the table you chose: its key is "
                        f"{short(fingerprint)}…, the join code or LAN listing says {short(given)}…. Someone may be "
                        "imitating the table, or the code is old: ask the host for a fresh one. Nothing was sent to it.")
    old = known(address)
    if old is not None and old != fingerprint:
        raise Untrusted(changed(address, old, fingerprint))
    if old is None:
        if given is None and (ask is None or not await ask(address, fingerprint)):
            raise Untrusted(f"Not joined: the key of {address} was not trusted.")
        remember(address, fingerprint)
