"""The typed view (protocol/views.py) is the wire's view, field for field: every message of whole
hands decodes, nothing declared as a map of fields is left a dict, a legal action goes back on
the wire exactly as it came, and the events and the log's lines are typed too; and each command a client sends,
typed (protocol/sent.py), is one the host accepts."""
import asyncio
import dataclasses

from uno_tui.client.model import ClientModel
from uno_tui.engine import Action, make_rules
from uno_tui.protocol import sent, spec
from uno_tui.protocol.commands import parse_command, parse_lobby_command
from uno_tui.protocol.views import LobbySeatView, LogLine, View, events_of, lobby_of, view_of
from uno_tui.table import Pacing, Seat, Table

#: the fields declared as any map (they stay plain data: the rules, the deck's counts)
PLAIN = {f.name for shape in (spec.TABLE, spec.VIEW) for f in shape.fields if f.type is spec.ANY_MAP}


def undecoded(value, path: str) -> list[str]:
    """Where a dict is left inside a typed value (a declared part that was not decoded)."""
    if isinstance(value, dict):
        return [path]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in undecoded(v, f"{path}[{i}]")]
    if dataclasses.is_dataclass(value):
        return [p for f in dataclasses.fields(value) if f.name not in PLAIN
                for p in undecoded(getattr(value, f.name), f"{path}.{f.name}")]
    return []


async def test_every_view_of_whole_hands_decodes_with_every_part_typed():
    seats = [Seat("Ann", "human")] + [Seat(f"Bot {i}", "bot", "normal") for i in (1, 2, 3)]
    for seed, house in enumerate([{}, dict(seven_zero=True, jump_in=True),
                                  dict(multi_play=True, deflect=True, teams=True, stack_draw_two=True, mercy=True)]):
        table = Table(make_rules("hp2010" if seed == 0 else "classic", match_mode="single", **house), seats,
                      seed=seed, pacing=Pacing.instant())
        models = [ClientModel(), ClientModel()]
        table.connect(0, models[0].apply)
        events: list[dict] = []
        table.connect(None, lambda msg: (models[1].apply(msg), events.extend(msg.get("events", []))), name="Watcher")
        table.take_over(0, "easy")                   # a bot plays Ann's seat; her client only watches
        table.start()
        parts, seen = set(), 0
        while not table.game.over:
            await asyncio.sleep(0)
            for model in models:
                if model.view is not None:
                    seen += 1
                    assert isinstance(model.view, View) and undecoded(model.view, "view") == []
                    assert model.view == view_of(model.wire)        # the table part kept is the one sent
                    assert [a.to_dict() for a in model.legal] == model.wire["legal"]
                    parts |= {name for name in ("attack", "shown", "legal") if getattr(model.view, name)}
                    assert all(isinstance(a, Action) for a in model.legal)
                    assert model.log and all(isinstance(line, LogLine) for line in model.log)
        table.close()
        assert seen and models[0].view.table.result is not None and "legal" in parts
        for event, typed in zip(events, events_of(events), strict=True):       # every field, by name
            assert all(getattr(typed, k) == v for k, v in event.items()) and undecoded(typed, "event") == []


def test_each_command_a_client_sends_typed_is_one_the_host_accepts():
    model = ClientModel()
    game = [sent.Play(action=Action("play", "R1")), sent.Play(action=Action("draw")), sent.Chat(text="hi"),
            sent.Snapshot(), sent.Ready(), sent.AskRecord()]
    lobby = [sent.TakeSeat(seat=1, level="easy"), sent.TakeSeat(seat=2, level=None), sent.Start(), sent.Chat(text="hi")]
    for commands, parse in ((game, parse_command), (lobby, parse_lobby_command)):
        for command in commands:
            assert parse(model.command(command))["type"] == command.TYPE
    assert {c.TYPE for c in game + lobby} == set(spec.COMMANDS) | set(spec.LOBBY_COMMANDS)   # one class each


def test_a_lobby_message_decodes_whole():
    msg = {"type": "lobby", "host": "Ann", "port": 7531, "edition": "classic", "you": 1, "teams": None,
           "seats": [{"name": "Ann", "kind": "host", "level": "", "connected": True},
                     {"name": "", "kind": "open", "level": "", "connected": False}]}
    assert spec.TO_CLIENT["lobby"].problems(msg) == []
    lobby = lobby_of(msg)
    assert (lobby.host, lobby.you, lobby.teams) == ("Ann", 1, None) and undecoded(lobby, "lobby") == []
    assert lobby.seats[1] == LobbySeatView(name="", kind="open", level="", connected=False)
    assert lobby_of({k: v for k, v in msg.items() if k != "teams"}).teams is None     # (optional)
