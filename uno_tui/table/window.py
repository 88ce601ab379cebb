"""The time a person at the table has: the reaction window, one mechanism for every chance out
of turn (catch a player who has not said UNO, jump in, call UNO before being caught), during
which no bot takes such a chance first; and the turn clock, after which a stand-in decides.

Both belong to the table's scheduler (scheduler.py), which reads them when it plans the bots.
"""
import asyncio
import contextlib
import math
import time
from typing import Protocol

from uno_tui.protocol.describe import too_late
from uno_tui.protocol.timing import LATE, Pacing

from ..engine import Action, Game
from .seat import Seat


class Seated(Protocol):
    """What the windows read of their table: its seats and the hand being played."""

    seats: list[Seat]

    @property
    def game(self) -> Game | None: ...


class ReactionWindow:
    """A chance a person did not have before opens the window anew: for ``reaction`` seconds no
    bot takes a chance first, and no bot's move closes one."""

    def __init__(self, table: Seated, pacing: Pacing):
        self.table, self.pacing = table, pacing
        self.until: float | None = None          # when a person's out-of-turn chances stop holding bots back
        self.chances: frozenset = frozenset()    # those chances: (seat, kind, target, card)
        self._mover: tuple[int, Action] | None = None   # the move being applied (who took a chance first)
        self._missed: dict = {}                  # chance -> (when it went, the seat that took it, its move)

    def _open_chances(self) -> frozenset:
        """What the people at the table may do out of turn now: the seats a person plays (no bot
        standing in)."""
        game = self.table.game
        if game is None or game.over:
            return frozenset()
        found = set()
        for i, s in enumerate(self.table.seats):
            if s.kind != "human" or s.bot is not None or s.listener is None:
                continue
            for action in game.legal_actions(i):
                if ((action.kind == "catch" and not game.uno_said[action.target]) or action.kind == "jump_in"
                        or (action.kind == "say_uno" and i != game.decider)):
                    found.add((i, action.kind, action.target, action.card))
        return frozenset(found)

    def open(self) -> None:
        """The state changed: the window from here (a chance that went is kept a while, with who took it)."""
        chances, now = self._open_chances(), asyncio.get_running_loop().time()
        self._missed = {c: gone for c, gone in self._missed.items() if gone[0] > now - LATE}
        if self._mover is not None:              # who took each chance that went: a late press is told
            for chance in self.chances - chances:
                self._missed[chance] = (now, *self._mover)
        if not chances or not self.pacing.reaction:
            self.until = None
        elif chances - self.chances:
            self.until = now + self.pacing.reaction
        self.chances = chances

    @contextlib.contextmanager
    def moving(self, seat: int, action: Action):
        """While ``seat``'s move is applied: a chance it takes is told, to a late press, as taken by it."""
        self._mover = (seat, action)
        try:
            yield
        finally:
            self._mover = None

    def too_late(self, seat: int, action: Action) -> str | None:
        """The sentence for a person's out-of-turn press that came after the chance went (None: it
        was not one they had just missed)."""
        missed = self._missed.get((seat, action.kind, action.target, action.card))
        if missed is None:
            return None
        _, by, move = missed
        seats = self.table.seats
        you = seats[move.target].name if move.target is not None and move.target != seat else "you"
        return too_late(action.kind, seats[by].name, move.kind, you)

    def held(self, closing: bool = False) -> float:
        """Seconds left of the window: what a bot's reflex waits (``closing``: what the next move waits,
        only while a person could catch or jump in, as that move closes both)."""
        if self.until is None:
            return 0.0
        if closing and not any(kind in ("catch", "jump_in") for _, kind, _, _ in self.chances):
            return 0.0
        return max(0.0, self.until - asyncio.get_running_loop().time())

    def left(self) -> float | None:
        """What the views say of the window: seconds left (to a tenth), None when none runs."""
        left = self.held()
        return round(left, 1) if left > 0 else None


class TurnClock:
    """A person's decision has ``turn_timeout`` seconds, counted from when it came to them (moves
    others make meanwhile, a catch or an UNO call, do not reset it); then their stand-in plays."""

    def __init__(self, table: Seated, pacing: Pacing):
        self.table, self.pacing = table, pacing
        self.running: tuple[int, float] | None = None    # (the person deciding, when time is up)

    def start(self) -> None:
        """The state changed: the decider's clock runs on, or starts if the decision is new to them."""
        game = self.table.game
        decider = game.decider
        s = self.table.seats[decider] if not game.over and decider >= 0 else None
        if s is None or s.kind != "human" or s.bot is not None or self.pacing.turn_timeout is None:
            self.running = None
        elif self.running is None or self.running[0] != decider:
            self.running = (decider, asyncio.get_running_loop().time() + self.pacing.turn_timeout)

    def stop(self, seat: int) -> None:
        """``seat`` moved (or its stand-in did): its next decision has the whole clock."""
        if self.running is not None and self.running[0] == seat:
            self.running = None

    def left(self) -> int | None:
        """Whole seconds left of the decider's turn clock (None: none runs)."""
        if self.running is None:
            return None
        return max(0, math.ceil(self.running[1] - time.monotonic()))     # the loop's clock is monotonic()
