"""Reading a table's channel in a screen's worker: each message taken in and posted to the
screen as the typed message of what it changed (workers never touch widgets)."""
from collections.abc import Callable, Iterable

from textual.message import Message

from uno_tui.client.model import ClientModel
from uno_tui.protocol.describe import chat_line
from uno_tui.protocol.sent import Snapshot
from uno_tui.protocol.views import LogLine, lobby_of
from uno_tui.table import Channel

from .messages import ChannelClosed, ChatLine, GameStarted, LobbyChanged, RecordSent, Refused, ViewChanged


async def read_game(channel: Channel, model: ClientModel, post: Callable[[Message], object],
                    pending: Iterable[dict] = ()) -> None:
    """Take each message into ``model`` (``pending`` first: read already, by the lobby) and post
    what it changed, until the channel ends; a gap in the sequence asks for a snapshot."""
    try:
        for msg in pending:
            await _take(channel, model, post, msg)
        while True:
            await _take(channel, model, post, await channel.recv())
    except (ConnectionError, EOFError) as e:
        post(ChannelClosed(str(e) or "the connection to the table was lost"))


async def _take(channel: Channel, model: ClientModel, post, msg: dict) -> None:
    change = model.apply(msg)
    if change == "gap":
        await channel.send(model.command(Snapshot()))
    elif change == "error":
        post(Refused(model.error))
    elif change == "record":
        post(RecordSent(msg))
    elif change == "view":
        fresh = msg["type"] == "snapshot"
        post(ViewChanged(model.view, list(model.log) if fresh else model.new_lines, fresh))
    elif change == "chat":
        post(ChatLine(model.log[-1]))


async def read_lobby(channel: Channel, post: Callable[[Message], object]) -> None:
    """Post the lobby's messages until the first game message (GameStarted: the game screen
    reads on from there) or the channel's end."""
    try:
        while True:
            msg = await channel.recv()
            kind = msg.get("type")
            if kind in ("update", "snapshot"):
                post(GameStarted(msg))
                return
            if kind == "lobby":
                post(LobbyChanged(lobby_of(msg)))
            elif kind == "chat":
                post(ChatLine(LogLine(**chat_line(msg))))
            elif kind == "error":
                post(Refused(msg.get("reason", "refused")))
    except (ConnectionError, EOFError) as e:
        post(ChannelClosed(str(e) or "the connection to the host was lost"))
