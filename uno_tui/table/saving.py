"""A table as plain data and back, for saves that survive a crash; and the checks a save must
pass before anyone plays on from it (a damaged or edited file is refused, whole, as it loads).
"""
import collections
import random
from typing import Protocol

from uno_tui.protocol.shapes import Field, Shape, Type, list_of, list_of_shape, nullable, one_of
from uno_tui.protocol.limits import MAX_NAME
from uno_tui.protocol.spec import ANY_MAP, CHAT_LINE, COUNT, ID, RESULT, SEAT

from ..bots import LEVELS
from ..engine import Match, Rules, saved_rules
from ..engine.state import check_match_state, match_state, restore_match, restore_rng, rng_state
from .listener import RECENT_IDS
from .recording import NoRecord
from .seat import Seat

SAVED_SEAT = Shape("saved seat", (Field("name", Type(f"a name of up to {MAX_NAME} characters",
                                                      lambda v: type(v) is str and len(v) <= MAX_NAME)),
                                  Field("kind", one_of("human", "bot")), Field("level", one_of(*LEVELS)),
                                  Field("recent", list_of(ID), optional=True)))
ANYTHING = Type("anything", lambda v: True)
RNG = Type("a generator's state", lambda v: type(v) is list and len(v) == 3 and type(v[1]) is str)
SAVED_TABLE = Shape("saved table", (
    Field("rules", ANY_MAP), Field("dealer", nullable(SEAT)), Field("version", COUNT),
    Field("seats", list_of_shape(SAVED_SEAT)), Field("rng", RNG), Field("match", ANY_MAP),
    Field("result", nullable(RESULT)), Field("ready", list_of(SEAT)), Field("chat", list_of_shape(CHAT_LINE)),
    # the log is words for the players: one that is not whole is dropped (_log), never refused
    Field("log", ANYTHING, optional=True), Field("log_names", ANYTHING, optional=True),
    Field("record", ANYTHING, optional=True)))      # where the match's record goes on (Recorder.resume)


class Saved(Protocol):
    """What a table's saving reads, and on a restore writes, of its table."""

    rules: Rules
    dealer: int | None
    version: int
    seats: list[Seat]
    rng: random.Random
    match: Match | None
    result: dict | None
    ready: set[int]
    chat: collections.deque
    log: collections.deque          # (event, the names at the table then)
    recorder: NoRecord


class TableSaving:
    """A table as plain data (a save), and a new table given back what a save holds."""

    def __init__(self, table: Saved):
        self.table = table

    def state(self) -> dict:
        """Everything needed to carry on after a crash, as plain data (see restore), but the
        log: only words for the players, and most of the bytes, it is saved apart (log_state).
        Each seat's recent command ids go along, so a command resent after a resume applies once."""
        t = self.table
        return {"rules": t.rules.to_dict(), "dealer": t.dealer, "version": t.version,
                "seats": [{"name": s.name, "kind": s.kind, "level": s.level, "recent": list(s.recent)}
                          for s in t.seats],
                "rng": rng_state(t.rng), "match": match_state(t.match), "result": t.result,
                "ready": sorted(t.ready), "chat": list(t.chat), "record": t.recorder.state()}

    def log_state(self) -> dict:
        """The log as plain data, each list of names stored once (restore takes it along)."""
        tables: dict[tuple, int] = {}
        log = [[e, tables.setdefault(tuple(n), len(tables))] for e, n in self.table.log]
        return {"log": log, "log_names": [list(n) for n in tables]}

    def restore(self, state: dict) -> None:
        """Give the table, made of checked()'s rules and seats, the rest of a checked ``state``."""
        t = self.table
        for seat, saved in zip(t.seats, state["seats"]):
            seat.recent.extend(saved.get("recent", ())[-RECENT_IDS:])
        restore_rng(state["rng"], t.rng)
        t.match = restore_match(t.rules, state["match"])
        t.version, t.result, t.ready = state["version"], state["result"], set(state["ready"])
        t.chat.extend(state["chat"])
        t.log.extend(_log(state))


def checked(state: dict) -> tuple[Rules, list[Seat]]:
    """The rules and seats of a saved table, once its state is one to play on; else ValueError
    (a sentence saying what is wrong)."""
    if not isinstance(state, dict) or not isinstance(state.get("rules"), dict):
        raise ValueError("the table is incomplete")
    try:
        rules = saved_rules(state["rules"])
    except (KeyError, TypeError) as e:
        raise ValueError("the rules are not ones this version knows") from e
    problems = SAVED_TABLE.problems(state)
    if problems:
        raise ValueError(problems[0])
    check_match_state(rules, state["match"])
    seats = state["seats"]
    if len(seats) != state["match"]["n"]:
        raise ValueError("the seats do not match the players")
    return rules, [Seat(s["name"], s["kind"], s["level"]) for s in seats]


def _log(state: dict) -> list:
    """The saved log, or none at all if it is not whole (trial() also drops one it cannot tell)."""
    log, names = state.get("log", ()), state.get("log_names", ())
    try:
        entries = [(event, names[n]) for event, n in log]
        if all(isinstance(e, dict) and isinstance(n, list) for e, n in entries):
            return entries
    except (TypeError, ValueError, IndexError, KeyError):
        pass
    return []
