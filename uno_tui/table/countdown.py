"""The table's countdowns, which the views count down with their players: the grace before a
bot takes over the seat of a player who is away, and the wait for readers before the next hand."""
import asyncio
import math
import time
from collections.abc import Callable

from uno_tui.protocol.timing import Pacing


class Countdowns:
    """``take_over(seat)`` is called when a seat's grace is over, ``next_hand()`` when the wait is."""

    def __init__(self, pacing: Pacing, take_over: Callable[[int], None], next_hand: Callable[[], None]):
        self.pacing, self._take_over, self._next_hand = pacing, take_over, next_hand
        self._graces: dict[int, asyncio.TimerHandle] = {}          # seat -> a bot takes it over when due
        self._wait: asyncio.TimerHandle | None = None              # the next hand starts when due

    def start_grace(self, seat: int) -> None:
        """The seat's player is away: after the grace a bot plays it (unless the grace already runs)."""
        if seat not in self._graces:
            self._graces[seat] = asyncio.get_running_loop().call_later(self.pacing.grace, self._take_over, seat)

    def end_grace(self, seat: int) -> None:
        """The seat's player is back: no bot is to take it over."""
        timer = self._graces.pop(seat, None)
        if timer:
            timer.cancel()

    def grace_over(self, seat: int) -> None:
        """A bot took the seat over: its grace no longer counts down."""
        self._graces.pop(seat, None)

    def bot_in(self, seat: int) -> int | None:
        """Whole seconds until a bot takes the seat over (None: none is due to)."""
        return due_in(self._graces.get(seat))

    def start_wait(self) -> None:
        """Someone is ready: the others have ``ready_wait`` to read the scores, then the hand starts."""
        if self._wait is None:
            self._wait = asyncio.get_running_loop().call_later(self.pacing.ready_wait, self._wait_over)

    def stop_wait(self) -> None:
        if self._wait is not None:
            self._wait.cancel()
            self._wait = None

    def next_hand_in(self) -> int | None:
        return due_in(self._wait)

    def _wait_over(self) -> None:
        """The wait for the slowest reader is over: the hand starts with whoever is ready."""
        self._wait = None
        self._next_hand()

    def cancel(self) -> None:
        for timer in [*self._graces.values(), self._wait]:
            if timer is not None:
                timer.cancel()
        self._graces.clear()


def due_in(timer: asyncio.TimerHandle | None) -> int | None:
    """Whole seconds until a timer fires (clients count down from there), None if none runs."""
    if timer is None or timer.cancelled():
        return None
    return max(0, math.ceil(timer.when() - time.monotonic()))     # the loop's clock is monotonic()
