"""A table as plain data and back, for saves that survive a crash; and the checks a save must
pass before anyone plays on from it (a damaged or edited file is refused, whole, as it loads).

Part of Table (session.py).
"""
from uno_tui.protocol.shapes import Field, Shape, Type, list_of, list_of_shape, nullable, one_of
from uno_tui.protocol.spec import ANY_MAP, CHAT_LINE, COUNT, ID, MAX_NAME, RESULT, SEAT

from ..bots import LEVELS
from ..engine import saved_rules
from ..engine.state import check_match_state, match_state, restore_match, restore_rng, rng_state
from .fanout import RECENT_IDS
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


class TableSaving:
    """Table's saving (uses the table's rules, seats, match, log, chat and counters)."""

    def to_state(self) -> dict:
        """Everything needed to carry on after a crash, as plain data (see from_state), but the
        log: only words for the players, and most of the bytes, it is saved apart (log_state).
        Each seat's recent command ids go along, so a command resent after a resume applies once."""
        return {"rules": self.rules.to_dict(), "dealer": self.dealer, "version": self.version,
                "seats": [{"name": s.name, "kind": s.kind, "level": s.level, "recent": list(s.recent)}
                          for s in self.seats],
                "rng": rng_state(self.rng), "match": match_state(self.match), "result": self.result,
                "ready": sorted(self.ready), "chat": list(self.chat), "record": self.recorder.state()}

    def log_state(self) -> dict:
        """The log as plain data, each list of names stored once (from_state takes it along)."""
        tables: dict[tuple, int] = {}
        log = [[e, tables.setdefault(tuple(n), len(tables))] for e, n in self.log]
        return {"log": log, "log_names": [list(n) for n in tables]}

    @classmethod
    def from_state(cls, state: dict, pacing=None, recorder=None):
        """The table as saved, already started: players reconnect and get snapshots. Raises
        ValueError (a sentence saying what is wrong) for a state that is not one to play on."""
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
        table = cls(rules, [Seat(s["name"], s["kind"], s["level"]) for s in seats], pacing=pacing,
                    dealer=state["dealer"], recorder=recorder)
        for seat, saved in zip(table.seats, seats):
            seat.recent.extend(saved.get("recent", ())[-RECENT_IDS:])
        restore_rng(state["rng"], table.rng)
        table.match = restore_match(rules, state["match"])
        table.version, table.result, table.ready = state["version"], state["result"], set(state["ready"])
        table.chat.extend(state["chat"])
        table.log.extend(_log(state))
        table.trial()
        table.recorder.resume(state.get("record"))
        return table

    def resume(self) -> None:
        """Once a restored table's seats are attached (players away, or back): every bot plans
        again, so the one to move, moves."""
        if self.game is not None:
            self._schedule()

    def trial(self) -> None:
        """What every seat will be shown and offered, and the log in every seat's words, worked
        out once: a state the engine cannot show is refused now, not when its players reconnect
        (a log that cannot be told is only dropped: it is words, no reason to refuse a game)."""
        seats = (*range(len(self.seats)), None)
        if self.game is not None:
            for seat in seats:
                self._view(seat)
        try:
            for seat in seats:
                self._log_lines(seat)        # kept: each seat's first snapshot sends these lines
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            self.log.clear()
            self._told_logs.clear()


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
