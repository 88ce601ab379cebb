"""A hosted game as plain data and back: what `uno-tui host --resume` needs (the match, the
seats and their tokens, the password), and the checks a save must pass as it loads.

Part of HostSession (hosting.py).
"""
from dataclasses import asdict

from . import autosave
from .settings import GameSettings
from .table import Pacing, Table

SEAT_KINDS = ("host", "human", "bot", "open")


class HostedSaving:
    """HostSession's saving (uses its settings, seats, password, port, table and autosave)."""

    def _state(self) -> dict:
        """What `uno-tui host --resume` needs: the match, seats and tokens."""
        return {"settings": asdict(self.settings), "host_name": self.host_name, "password": self.password,
                "port": self.port,
                "seats": [{"name": s.name, "kind": s.kind, "level": s.level, "token": s.token} for s in self.seats],
                "table": self.table.to_state()}

    @classmethod
    def resume(cls, *, pacing: Pacing | None = None, password: str | None = None, **options) -> "HostedSaving":
        """The saved game, started again: seats keep their tokens, so players reconnect to their hands.
        A ``password`` replaces the saved one (None keeps it; ``password_note`` says which).
        Raises autosave.SaveError if the save cannot be carried on."""
        def build(state: dict) -> "HostedSaving":
            seats = state["seats"]
            if not (isinstance(seats, list) and seats and all(map(_good_seat, seats))):
                raise ValueError("its seats are not well formed")
            kept = state["password"]
            if kept is not None and not isinstance(kept, str):
                raise ValueError("its password is not text")
            session = cls(GameSettings(**state["settings"]), host_name=state["host_name"],
                          players=len(seats), headless=seats[0]["kind"] != "host",
                          password=kept if password is None else password, pacing=pacing, **options)
            session.password_note = ("the password given now" if password is not None else
                                     "the saved game's password" if kept is not None else "no password")
            session.autosave.game_id = state["game"]
            for seat, saved in zip(session.seats, seats):
                seat.name, seat.kind, seat.level, seat.token = (saved["name"], saved["kind"], saved["level"],
                                                                saved["token"])
            session.table = Table.from_state(state["table"], pacing)
            if len(session.table.seats) != len(seats):
                raise ValueError("its seats do not match its table")
            session.table.on_change = session.autosave.changed
            return session
        return autosave.restore("hosted", build)


def _good_seat(seat) -> bool:
    token = seat.get("token") if isinstance(seat, dict) else None
    return (isinstance(seat, dict) and isinstance(seat.get("name"), str) and seat.get("kind") in SEAT_KINDS
            and isinstance(seat.get("level"), str) and (token is None or isinstance(token, str) and len(token) < 100))


def saved_game_path():
    return autosave.game_path("hosted")

