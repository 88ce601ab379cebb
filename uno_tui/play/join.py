"""Joining: the hello a uno-tui client sends, the host keys it pins (pins.py), and the seat
tokens it keeps per host, each sent only to the key it was given by."""
import asyncio
import json
import socket
import ssl

from net.client import NetChannel, Rejected, Unproven, peek
from uno_tui.storage.places import data_dir
from uno_tui.storage.savefile import atomic_write
from uno_tui.table import PROTOCOL_VERSION

from . import pins
from .address import format_address

#: seconds a host's name may take to resolve before its seat token is looked up under the name as typed
RESOLVE_TIMEOUT = 5.0


def _tokens_file():
    return data_dir() / "tokens.json"


def saved_token(address: str, fingerprint: str) -> str | None:
    """The token kept for "HOST:PORT/NAME", if it was given by the host with this key (a token is
    never sent to another: a forged table must not learn it)."""
    try:
        kept = json.loads(_tokens_file().read_text()).get(address)
        return kept["token"] if kept["key"] == fingerprint and isinstance(kept["token"], str) else None
    except (OSError, ValueError, AttributeError, KeyError, TypeError):
        return None


def save_token(addresses: list[str], token: str | None, fingerprint: str) -> None:
    """Remember the seat token for this host (under each of its addresses), with the key of the
    host that gave it, so a new `join` gets the same seat back."""
    path = _tokens_file()
    try:
        tokens = json.loads(path.read_text())
        if not isinstance(tokens, dict):
            tokens = {}
    except (OSError, ValueError):
        tokens = {}
    tokens.update(dict.fromkeys(addresses, {"token": token, "key": fingerprint}))
    atomic_write(path, json.dumps(tokens).encode())


class JoinError(ConnectionError):
    """Joining failed; ``reason`` is a sentence for the player."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def join_error(host: str, port: int, error: Exception) -> JoinError:
    """Why a join failed, as a person would say it."""
    where = format_address(host, port)
    if isinstance(error, pins.Untrusted):
        reason = error.reason
    elif isinstance(error, Unproven):
        reason = f"Not joined to {where}: {error.reason}."
    elif isinstance(error, Rejected):
        reason = f"The host at {where} said no: {error.reason}."
    elif isinstance(error, ConnectionRefusedError):
        reason = f"Nobody is hosting at {where} (connection refused)."
    elif isinstance(error, (TimeoutError, asyncio.TimeoutError)):
        reason = f"No answer from {where}: check the address, and that the host is on this network."
    elif isinstance(error, ssl.SSLError):
        reason = f"{where} does not speak uno-tui's encrypted protocol (an older uno-tui, or another program)."
    elif isinstance(error, socket.gaierror):
        reason = f"Cannot find the computer {host!r}: check the address."
    elif isinstance(error, OSError) and error.strerror:
        reason = f"Cannot reach {where} ({error.strerror.lower()})."
    else:
        reason = f"{where} did not answer as a uno-tui host."
    return JoinError(reason)


async def connect(host: str, port: int, name: str, **options) -> NetChannel:
    """Join a host; raises JoinError with a sentence for the player. ``fingerprint``: the key that
    came with the address (a join code, a LAN record); ``ask(address, fingerprint)``: awaited for
    a host seen for the first time with none, says whether the player trusts it (pins.check)."""
    try:
        return await _connect(host, port, name, **options)
    except OSError as e:                     # ConnectionError, Rejected and timeouts among them
        raise join_error(host, port, e) from e


async def _places(host: str, port: int) -> list[str]:
    """Every HOST:PORT a seat token for this host is kept under: each address its name resolves to
    (IPv4 first: the games heard on the LAN are joined by one), so a seat joined as "mybox.local" is
    the same seat joined again by any of its IPs; the name as typed if it does not resolve within
    RESOLVE_TIMEOUT (connecting then says why)."""
    try:
        infos = await asyncio.wait_for(asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM),
                                       RESOLVE_TIMEOUT)
    except (OSError, asyncio.TimeoutError):
        infos = []
    ips = sorted(dict.fromkeys(info[4][0] for info in infos), key=lambda ip: ":" in ip)
    return [format_address(ip, port) for ip in ips] or [format_address(host, port)]


async def trusted_key(host: str, port: int, fingerprint: str | None, ask) -> str:
    """The key this host must present: the one given, else the one trusted before, else (a host
    seen for the first time) the one it presents now, if the player trusts it."""
    where = format_address(host, port)
    expected = fingerprint or pins.known(where)
    if expected is None:
        expected = await peek(host, port)
        await pins.check(where, expected, ask=ask)
    return expected


async def _connect(host: str, port: int, name: str, *, password=None, spectate=False, keep_token=True,
                   fingerprint=None, ask=None, **options) -> NetChannel:
    """``keep_token``: use and keep this machine's seat token (not for a browser tab of host --web:
    the host's machine is everyone's there, and a name typed in must not take another's seat)."""
    key = await trusted_key(host, port, fingerprint, ask)
    where = format_address(host, port)
    # one token per host and player name
    addresses = [f"{place}/{name}" for place in await _places(host, port)] if keep_token else []
    hello = {"type": "hello", "version": PROTOCOL_VERSION, "name": name, "spectate": spectate}
    if not keep_token:
        hello["keep"] = False
    # watching must not take the seat
    token = None if spectate else next(filter(None, (saved_token(a, key) for a in addresses)), None)
    if token:
        hello["token"] = token
    options.update(password=password, verify=lambda seen: pins.check(where, seen, given=fingerprint))
    channel = NetChannel(host, port, hello, **options)
    try:
        welcome = await channel.open()
    except Rejected as e:
        if "token" not in hello or "unknown seat token" not in e.reason:
            raise
        del hello["token"]                       # a token from an older game here: join afresh
        channel = NetChannel(host, port, hello, **options)
        welcome = await channel.open()
    if welcome.get("token") and keep_token:
        save_token(addresses, welcome["token"], channel.fingerprint)
    return channel
