"""A hosted game as plain data and back: what `uno-tui host --resume` needs (the match, the
seats and their tokens, the password), and the checks a save must pass as it loads.

Part of HostSession (hosting.py).
"""
from dataclasses import asdict

from . import autosave
from .history.record import Recorder
from .settings import GameSettings
from .bots import LEVELS
from .table import Pacing, Table
from .table.shapes import Field, Shape, Type, list_of_shape, nullable, one_of
from .table.spec import ANY_MAP, INT, MAX_ID_LEN, STR


class HostedSaving:
    """HostSession's saving (uses its settings, seats, password, port, table and autosave)."""

    def _state(self) -> dict:
        """What `uno-tui host --resume` needs: the match, seats and tokens."""
        return {"settings": asdict(self.settings), "host_name": self.host_name, "password": self.password,
                "port": self.port,
                "seats": [{"name": s.name, "kind": s.kind, "level": s.level, "token": s.token} for s in self.seats],
                "table": self.table.to_state()}

    def notes(self) -> list[str]:
        """What the host should be told once it is listening: which password a resumed game takes,
        or that starting this game will set an unfinished one aside (and where it went, once it has)."""
        if self.password_note is not None:
            return [f"The saved game is back: joining it takes {self.password_note}."]
        if self.set_aside is not None:
            return [f"The unfinished game hosted before was kept as {self.set_aside}."]
        if autosave.game_path("hosted").exists():
            return ["An unfinished hosted game is saved (uno-tui host --resume carries it on): "
                    "starting this one keeps it under another name."]
        return []

    @classmethod
    def resume(cls, *, pacing: Pacing | None = None, password: str | None = None, **options):
        """The saved game, started again: seats keep their tokens, so players reconnect to their hands.
        A ``password`` replaces the saved one (None keeps it; ``password_note`` says which).
        Raises autosave.SaveError if the save cannot be carried on."""
        def build(state: dict):
            problems = SAVED_HOST.problems(state)
            if problems:
                raise ValueError(problems[0])
            seats, kept = state["seats"], state["password"]
            settings = GameSettings(**state["settings"])
            if not settings.valid():                 # as a new game's set-up is checked
                raise ValueError("its settings are not ones a new game could have")
            session = cls(settings, host_name=state["host_name"],
                          players=len(seats), headless=seats[0]["kind"] != "host",
                          password=kept if password is None else password, pacing=pacing, **options)
            session.password_note = ("the password given now" if password is not None else
                                     "the saved game's password" if kept is not None else "no password")
            session.autosave.game_id = state["game"]
            for seat, saved in zip(session.seats, seats):
                seat.name, seat.kind, seat.level, seat.token = (saved["name"], saved["kind"], saved["level"],
                                                                saved["token"])
            session.table = Table.from_state(state["table"], pacing or settings.pacing(hosted=True), Recorder("hosted"))
            if [TABLE_KIND[s["kind"]] for s in seats] != [s.kind for s in session.table.seats]:
                raise ValueError("its seats do not match its table")
            session.table.on_change = session.autosave.changed
            return session
        return autosave.restore("hosted", build)


#: what each seat of the lobby is at the table
TABLE_KIND = {"host": "human", "human": "human", "bot": "bot", "open": "bot"}
TOKEN = Type("a seat token", lambda v: type(v) is str and 0 < len(v) <= MAX_ID_LEN)
SAVED_HOST_SEAT = Shape("saved seat", (
    Field("name", STR), Field("kind", one_of(*TABLE_KIND)), Field("level", one_of(*LEVELS)),
    Field("token", nullable(TOKEN))))
SAVED_HOST = Shape("saved game", (
    Field("game", STR), Field("settings", ANY_MAP), Field("host_name", STR), Field("password", nullable(STR)),
    Field("port", nullable(INT)), Field("seats", list_of_shape(SAVED_HOST_SEAT)), Field("table", ANY_MAP)))
