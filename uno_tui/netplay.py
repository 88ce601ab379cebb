"""Joining: the hello a uno-tui client sends, and the seat tokens it keeps per host."""
import json

from net.client import NetChannel, Rejected

from .settings import data_dir
from .table import PROTOCOL_VERSION


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
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(tokens))
    tmp.replace(path)


async def connect(host: str, port: int, name: str, *, password=None, spectate=False, **options) -> NetChannel:
    address = f"{host}:{port}/{name}"          # one token per host and player name
    hello = {"type": "hello", "version": PROTOCOL_VERSION, "name": name, "spectate": spectate}
    token = saved_token(address)
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
    if welcome.get("token"):
        save_token(address, welcome["token"])
    return channel
