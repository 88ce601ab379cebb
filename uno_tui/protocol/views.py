"""The view a seat receives, its events and log lines, and the lobby before the game, as typed
objects: decoded where a message arrives (client/model.py, ui/reading.py), so the UI reads
``view.table.seats[0].name`` where it read string keys.

Each class is made from its declaration in spec.py (its fields, in order; an optional field
defaults to None), so a field is named once. The wire, the host and the bots keep plain maps;
lists stay lists (a view's parts are not copied), and a legal action is the engine's Action,
sent back with ``to_dict()``.
"""
from uno_tui.engine import Action

from . import spec

TableSeat = spec.TABLE_SEAT.record("TableSeat", __name__)
Match = spec.MATCH.record("Match", __name__)
Result = spec.RESULT.record("Result", __name__)
Table = spec.TABLE.record("Table", __name__)
Attack = spec.ATTACK.record("Attack", __name__)
Shown = spec.SHOWN.record("Shown", __name__)
View = spec.VIEW.record("View", __name__)
LogLine = spec.LOG_LINE.record("LogLine", __name__)
LobbySeatView = spec.LOBBY_SEAT.record("LobbySeatView", __name__)
LobbyView = spec.TO_CLIENT["lobby"].record("LobbyView", __name__, leave_out=("type",))
#: a class for each type of event (PlayEvent, SayUnoEvent, ...), by its ``type``
EVENTS = {kind: shape.record("".join(w.title() for w in kind.split("_")) + "Event", __name__)
          for kind, shape in spec.EVENTS.items()}


def events_of(events: list[dict]) -> list:
    """An update's events (each keeps its ``type``; only the fields its type declares)."""
    return [EVENTS[e["type"]](**e) for e in events]


def lines_of(lines: list[dict]) -> list[LogLine]:
    """Log lines (a snapshot's, an update's, a chat line told as one)."""
    return [LogLine(**line) for line in lines]


def table_of(table: dict) -> Table:
    """A view's ``table`` part (whole: an update's is merged into the last one first)."""
    result = table["result"]
    return Table(**{**table, "seats": [TableSeat(**s) for s in table["seats"]], "match": Match(**table["match"]),
                    "result": None if result is None else Result(**result)})


def view_of(view: dict, table: Table | None = None) -> View:
    """A seat's view; ``table``: its table part decoded already (an update that left it out
    keeps the last one), else decoded from ``view``."""
    attack = view["attack"]
    return View(**{**view, "table": table if table is not None else table_of(view["table"]),
                   "attack": None if attack is None else Attack(**attack),
                   "shown": [Shown(**s) for s in view["shown"]], "legal": [Action(**a) for a in view["legal"]]})


def lobby_of(msg: dict) -> LobbyView:
    """A lobby message: who sits where before the game starts."""
    fields = {k: v for k, v in msg.items() if k != "type"}
    return LobbyView(**{**fields, "seats": [LobbySeatView(**s) for s in msg["seats"]]})
