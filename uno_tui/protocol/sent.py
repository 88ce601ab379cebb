"""The commands a client sends, as typed objects: one class per command declared in spec.py, with
its fields but not ``type`` and ``id``, which ClientModel.command adds as it sends one
(``model.command(Chat(text="hi"))``); ``to_wire`` makes the plain map the host parses."""
from dataclasses import fields

from uno_tui.engine import Action

from .spec import COMMANDS, LOBBY_COMMANDS


def _command(name: str, kind: str, shape) -> type:
    cls = shape.record(name, __name__, leave_out=("type", "id"))
    cls.TYPE = kind                  # the command's ``type`` on the wire
    return cls


Play = _command("Play", "action", COMMANDS["action"])          # ``action``: one of the view's legal actions
Chat = _command("Chat", "chat", COMMANDS["chat"])
Snapshot = _command("Snapshot", "snapshot", COMMANDS["snapshot"])
Ready = _command("Ready", "ready", COMMANDS["ready"])
AskRecord = _command("AskRecord", "record", COMMANDS["record"])
TakeSeat = _command("TakeSeat", "seat", LOBBY_COMMANDS["seat"])   # the host's: a bot at a seat, or open it
Start = _command("Start", "start", LOBBY_COMMANDS["start"])


def to_wire(command, cid) -> dict:
    """The command as the host receives it, with the id ``cid`` (an action as its plain map)."""
    values = {f.name: getattr(command, f.name) for f in fields(command)}
    return {"type": command.TYPE, "id": cid,
            **{k: v.to_dict() if isinstance(v, Action) else v for k, v in values.items()}}
