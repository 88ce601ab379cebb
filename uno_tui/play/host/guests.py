"""What guests' sessions may make the host spend: each browser tab of ``host --web`` (webtab.py)
and each ssh session of ``host --ssh`` (ssh.py) is a join client in a process of its own,
and both kinds go through these caps.

A slot is taken before the process starts and given back only once it has exited; one address
has at most GUEST_SHARE of the slots (one device could take every seat's session otherwise); new
processes start at most STARTS a second (a burst waits its turn: the host's CPU is the game's), at
a lower CPU priority than the host's; a session nobody typed in for IDLE_TIMEOUT is closed.
"""
import asyncio
import collections
import contextlib
import os
import sys
import time

from net.connection import RateLimit

#: guest processes at once, tabs and ssh sessions together: each costs the host ~46-52 MB and
#: ~1-1.5 s of CPU to start, 0.2% of a core idle, 4% (a tab) to 10% (ssh) watching a game at ~6
#: updates a second (bench/sessions.py): 8 hold ~400 MB and under one core of a two-core host,
#: and their starts (paced below) take at most one core from the game
MAX_SESSIONS = 8
IDLE_TIMEOUT = 15 * 60.0
STARTS, BURST = 1.0, 2                           # new session processes a second, and at once
NICE = 10
GUEST_SHARE = 0.5                                # of the slots, at most this share from one address
MAX_COLUMNS, MAX_ROWS = 500, 200                 # a session asks for its terminal's size: within reason


def app_argv(*args: str) -> list[str]:
    """What a guest's process runs: this Python's uno-tui."""
    return [sys.executable, "-m", "uno_tui", *args]


class Full(Exception):
    """No slot for this session; ``reason`` for the refusals' log, ``words`` for the guest."""

    def __init__(self, reason: str, words: str):
        super().__init__(reason)
        self.reason, self.words = reason, words


class TooBig(ValueError):
    pass


def terminal_size(width, height) -> tuple[int, int]:
    """A terminal size a screen could have; ValueError (TooBig if only too big) otherwise."""
    if type(width) is not int or type(height) is not int or width < 1 or height < 1:
        raise ValueError("a terminal size that is not one")
    if width > MAX_COLUMNS or height > MAX_ROWS:
        raise TooBig("a terminal too big")
    return width, height


def lower_priority() -> None:
    """In a session's process before it runs the app (a preexec_fn)."""
    os.nice(NICE)


class Slots:
    """At most ``cap`` guest processes at once, and ``share`` of them from one address. A host
    that serves both a page and ssh gives both the same Slots: one cap on what guests cost it."""

    def __init__(self, cap: int, *, share: float = GUEST_SHARE):
        self.cap = cap
        self.per_address = max(1, int(cap * share))
        self.held = 0                             # slots taken: processes starting, running or ending
        self.by_address: collections.Counter = collections.Counter()
        self._starts: RateLimit | None = None

    @property
    def full(self) -> bool:
        return self.held >= self.cap

    def take(self, address: str) -> None:
        """Take a slot for a session from ``address`` (at once: a burst of sessions sees it), or
        raise Full."""
        if self.full:
            raise Full("a session when the table is full", "this table is full")
        if self.by_address[address] >= self.per_address:
            raise Full("more sessions from one address than its share", "too many sessions from your address")
        self.held += 1
        self.by_address[address] += 1

    def give_back(self, address: str) -> None:
        self.held -= 1
        self.by_address[address] -= 1
        if not self.by_address[address]:
            del self.by_address[address]

    @contextlib.asynccontextmanager
    async def slot(self, address: str):
        """A slot held for the ``async with`` (Full if none), once this session's turn to start
        its process has come."""
        self.take(address)
        try:
            await self.turn()
            yield
        finally:
            self.give_back(address)

    async def turn(self) -> None:
        """Until a new process may start (STARTS a second, BURST at once)."""
        if self._starts is None:                  # made on first use: the tests set STARTS first
            self._starts = RateLimit(STARTS, BURST)
        while not self._starts.allow():
            await asyncio.sleep(1 / STARTS)


class Idle:
    """When a session was last typed in; ``wait()`` returns once nobody has for ``seconds``."""

    def __init__(self, seconds: float = IDLE_TIMEOUT):
        self.seconds = seconds
        self.last = time.monotonic()

    def used(self) -> None:
        self.last = time.monotonic()

    @property
    def minutes(self) -> float:
        return round(self.seconds / 60, 1)

    async def wait(self) -> None:
        while (left := self.last + self.seconds - time.monotonic()) > 0:
            await asyncio.sleep(left)
