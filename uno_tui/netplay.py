"""Joining: the hello a uno-tui client sends, and the seat tokens it keeps per host."""
import asyncio
import json
import socket

from net.client import NetChannel, Rejected

from .savefile import atomic_write
from .places import data_dir
from .table import PROTOCOL_VERSION


#: seconds a host's name may take to resolve before its seat token is looked up under the name as typed
RESOLVE_TIMEOUT = 5.0


def _tokens_file():
    return data_dir() / "tokens.json"


def saved_token(address: str) -> str | None:
    """The token kept for "HOST:PORT/NAME"."""
    try:
        token = json.loads(_tokens_file().read_text()).get(address)
        return token if isinstance(token, str) else None
    except (OSError, ValueError, AttributeError):
        return None


def save_token(address: str, token: str | None) -> None:
    """Remember the seat token for this host, so a new `join` gets the same seat back."""
    path = _tokens_file()
    try:
        tokens = json.loads(path.read_text())
        if not isinstance(tokens, dict):
            tokens = {}
    except (OSError, ValueError):
        tokens = {}
    tokens[address] = token
    atomic_write(path, json.dumps(tokens).encode())


class JoinError(ConnectionError):
    """Joining failed; ``reason`` is a sentence for the player."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def join_error(host: str, port: int, error: Exception) -> JoinError:
    """Why a join failed, as a person would say it."""
    where = f"{host}:{port}"
    if isinstance(error, Rejected):
        reason = f"The host at {where} said no: {error.reason}."
    elif isinstance(error, ConnectionRefusedError):
        reason = f"Nobody is hosting at {where} (connection refused)."
    elif isinstance(error, (TimeoutError, asyncio.TimeoutError)):
        reason = f"No answer from {where}: check the address, and that the host is on this network."
    elif isinstance(error, socket.gaierror):
        reason = f"Cannot find the computer {host!r}: check the address."
    elif isinstance(error, OSError) and error.strerror:
        reason = f"Cannot reach {where} ({error.strerror.lower()})."
    else:
        reason = f"{where} did not answer as a uno-tui host."
    return JoinError(reason)


async def connect(host: str, port: int, name: str, **options) -> NetChannel:
    """Join a host; raises JoinError with a sentence for the player."""
    try:
        return await _connect(host, port, name, **options)
    except OSError as e:                     # ConnectionError, Rejected and timeouts among them
        raise join_error(host, port, e) from e


async def _where(host: str, port: int) -> str:
    """HOST:PORT as a seat token is kept under: the address the host's name resolves to first, so
    a seat joined as "mybox.local" is the same seat joined again by its IP, as the list of games
    heard on the LAN joins (the name as typed if it does not resolve: connecting says why)."""
    try:
        infos = await asyncio.wait_for(asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM),
                                       RESOLVE_TIMEOUT)
        host = infos[0][4][0]
    except (OSError, IndexError, asyncio.TimeoutError):
        pass
    return f"{host}:{port}"


async def _connect(host: str, port: int, name: str, *, password=None, spectate=False, keep_token=True,
                   **options) -> NetChannel:
    """``keep_token``: use and keep this machine's seat token (not for a browser tab of host --web:
    the host's machine is everyone's there, and a name typed in must not take another's seat)."""
    address = f"{await _where(host, port)}/{name}"          # one token per host and player name
    hello = {"type": "hello", "version": PROTOCOL_VERSION, "name": name, "spectate": spectate}
    if not keep_token:
        hello["keep"] = False
    token = saved_token(address) if keep_token and not spectate else None   # watching must not take the seat
    if token:
        hello["token"] = token
    if password is not None:
        hello["password"] = password
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
        save_token(address, welcome["token"])
    return channel
