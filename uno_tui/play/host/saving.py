"""A game run here as plain data and back: what Resume (a solo game) and `uno-tui host --resume`
(a hosted one) need (the match, the seats and their tokens, the password), and the checks a save
must pass as it loads; what the host is told of the games saved.
"""
import time
from dataclasses import asdict
from pathlib import Path
from typing import Protocol

import msgpack

from uno_tui.bots import LEVELS
from uno_tui.history.record import Recorder
from uno_tui.protocol.shapes import Field, Shape, Type, list_of_shape, nullable, one_of
from uno_tui.protocol.limits import MAX_ID_LEN
from uno_tui.protocol.spec import ANY_MAP, INT, STR
from uno_tui.storage import autosave
from uno_tui.storage.places import game_path, saved_hosted
from uno_tui.storage.settings import GameSettings
from uno_tui.table import Pacing, Table

from .lobby import LobbySeat


class Hosted(Protocol):
    """What a hosted game's save holds, and what the host is told of saves, read off its session."""

    settings: GameSettings
    kind: str                     # "solo" or "hosted": which saved game it is
    host_name: str
    password: str | None
    port: int | None
    seats: list[LobbySeat]
    table: Table | None
    autosave: autosave.Autosave
    password_note: str | None     # a resumed game: which password it takes now
    set_aside: Path | None        # where the unfinished game this one replaces was kept


def saver(session: Hosted, game_id: str | None = None, path: Path | None = None) -> autosave.Autosave:
    """What saves this game as it goes (a new one to its kind's own file): what Resume or
    `uno-tui host --resume` needs, the match, seats and tokens; and the table's log apart."""
    def state() -> dict:
        return {"settings": asdict(session.settings), "host_name": session.host_name, "password": session.password,
                "port": session.port,
                "seats": [{"name": s.name, "kind": s.kind, "level": s.level, "token": s.token} for s in session.seats],
                "table": session.table.to_state()}
    return autosave.Autosave(session.kind, state, lambda: session.table.log_state(), game_id, path)


def notes(session: Hosted) -> list[str]:
    """What the host should be told once it is listening: which password a resumed game takes,
    or that starting this game will set an unfinished one aside (and where it went, once it has)."""
    if session.password_note is not None:
        notes = [f"The saved game is back: joining it takes {session.password_note}."]
        others = [p for p in saved_hosted() if p != session.autosave.path]
        if others:
            notes.append(f"Carried on the game {describe(session.autosave.path)}. {len(others)} other"
                         f"{'s are' if len(others) > 1 else ' is'} saved: Host on the start screen lists "
                         "them (or uno-tui host --resume N, N as uno-tui host --list numbers them).")
        return notes
    if session.set_aside is not None:
        return [f"The unfinished game hosted before was kept as {session.set_aside}."]
    saved = len(saved_hosted())
    if saved == 1:
        return ["An unfinished hosted game is saved (uno-tui host --resume carries it on): "
                "starting this one keeps it under another name."]
    if saved:
        return [f"{saved} unfinished hosted games are saved: Host on the start screen lists them, "
                "to carry one on or delete it. Starting this one keeps them."]
    return []


def resume(cls, *, solo: bool = False, pacing: Pacing | None = None, password: str | None = None,
           path: Path | None = None, record: bool = True, **options):
    """A saved game (the solo game; else ``path``, else the newest hosted one), started again as a
    ``cls`` (a HostSession), saving where it came from: seats keep their tokens, so players
    reconnect to their hands. A ``password`` replaces the saved one (None keeps it;
    ``password_note`` says which; ``record`` False: loaded only to check it, so its match's record
    is not carried on). Raises autosave.SaveError if the save cannot be carried on."""
    path = game_path("solo") if solo else path or next(iter(saved_hosted()), game_path("hosted"))
    def build(state: dict):
        if solo and "seats" not in state:
            state = solo_v1(state)
        problems = SAVED_HOST.problems(state)
        if problems:
            raise ValueError(problems[0])
        seats, kept = state["seats"], state["password"]
        hosts = [i for i, seat in enumerate(seats) if seat["kind"] == "host"]
        if hosts != [0] and (solo or hosts):     # the host's own seat is the first, if any; solo, it is
            raise ValueError("the host's own seat is not the first one")
        settings = GameSettings(**state["settings"])
        if not settings.valid():                 # as a new game's set-up is checked
            raise ValueError("its settings are not ones a new game could have")
        session = cls(settings, solo=solo, host_name=state["host_name"],
                      players=len(seats), headless=seats[0]["kind"] != "host",
                      password=kept if password is None else password, pacing=pacing, **options)
        session.password_note = ("the password given now" if password is not None else
                                 "the saved game's password" if kept is not None else "no password")
        session.autosave = saver(session, state["game"], path)
        session.kept_port = state["port"]       # (the port it listened on: its players' keys are pinned there)
        for seat, saved in zip(session.seats, seats):
            seat.name, seat.kind, seat.level, seat.token = (saved["name"], saved["kind"], saved["level"],
                                                            saved["token"])
        session.table = Table.from_state(state["table"], pacing or settings.pacing(hosted=not solo),
                                         Recorder(session.kind) if record else None)
        if [TABLE_KIND[s["kind"]] for s in seats] != [s.kind for s in session.table.seats]:
            raise ValueError("its seats do not match its table")
        session.table.on_change = session.autosave.changed
        return session
    return autosave.restore("solo" if solo else "hosted", build, path)


def solo_v1(state: dict) -> dict:
    """A solo game as versions before solo ran on the host's session saved it (its settings and
    table only), as one saved now: the table's seats, its player at seat 0 as the host."""
    seats = state["table"]["seats"]
    return {**state, "host_name": seats[0]["name"], "password": None, "port": None,
            "seats": [{"name": s["name"], "kind": "host" if i == 0 else "bot", "level": s["level"], "token": None}
                      for i, s in enumerate(seats)]}


def numbered() -> list[str]:
    """The saved hosted games, newest first, numbered as ``uno-tui host --resume N`` takes them."""
    return [f"{n}. {describe(path)}" for n, path in enumerate(saved_hosted(), 1)]


def describe(path: Path) -> str:
    """One line for a saved hosted game in a list: when it was saved, whose table, its seats, the
    hand; or that it cannot be read (a damaged one can still be deleted)."""
    when = time.strftime("%d %b %H:%M", time.localtime(path.stat().st_mtime))
    try:
        state = msgpack.unpackb(path.read_bytes(), strict_map_key=False)
        seats = ", ".join(s["name"] + (f" ({s['level']} bot)" if s["kind"] in ("bot", "open") else "")
                          for s in state["seats"])
        hand = len(state["table"]["match"]["history"]) + 1
        return f"saved {when} · {state['host_name']}'s table · hand {hand} · {seats}"
    except (OSError, ValueError, msgpack.UnpackException, KeyError, TypeError, AttributeError):
        return f"saved {when} · damaged: it cannot be carried on"


#: what each seat of the lobby is at the table
TABLE_KIND = {"host": "human", "human": "human", "bot": "bot", "open": "bot"}
TOKEN = Type("a seat token", lambda v: type(v) is str and 0 < len(v) <= MAX_ID_LEN)
SAVED_HOST_SEAT = Shape("saved seat", (
    Field("name", STR), Field("kind", one_of(*TABLE_KIND)), Field("level", one_of(*LEVELS)),
    Field("token", nullable(TOKEN))))
SAVED_HOST = Shape("saved game", (
    Field("game", STR), Field("settings", ANY_MAP), Field("host_name", STR), Field("password", nullable(STR)),
    Field("port", nullable(INT)), Field("seats", list_of_shape(SAVED_HOST_SEAT)), Field("table", ANY_MAP)))
