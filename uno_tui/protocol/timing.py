"""A table's timing, as its settings choose it and both ends need it: the pace of its bots, the
reaction window its people get, its turn clock, and how long a missed chance is still "too late"."""
from dataclasses import dataclass, field

from ..bots import BOTS

#: seconds after a chance went that a press for it is still told "Too late: ..." (not merely refused)
LATE = 5.0


#: a table's pace: the seconds a bot's turn takes, whatever its level
PACES = {"quick": 0.5, "normal": 0.9, "relaxed": 1.5}
#: the reaction times a table may give its people, in seconds (0: off)
REACTIONS = (0, 1, 2, 3)
#: the turn clocks a table may run, in seconds (0: off)
TURN_CLOCKS = (0, 30, 60, 120)


@dataclass
class Pacing:
    """Delays in seconds (all zero in tests and benchmarks)."""
    bot_delay: float = 0.9           # a bot's turn, whatever its level (a searching bot thinks inside it)
    #: how fast each bot level reacts to a missed UNO
    catch_delay: dict = field(default_factory=lambda: {"easy": 2.0, "normal": 1.2, "hard": 0.7, "expert": 0.7})
    turn_timeout: float | None = None  # after this a bot plays for a human who has not moved
    #: seconds a person at the table has for an out-of-turn chance (a catch, a jump-in, calling UNO
    #: before being caught): bots hold their reflexes and the next move waits that long (0: off)
    reaction: float = 0.0
    #: timed-out turns in a row after which a seat is shown as away (a bot then plays it, after the grace)
    timeouts_away: int = 3
    grace: float = 20.0              # a dropped player's seat waits this long before a bot plays it
    hand_pause: float = 4.0          # with no human at the table, the next hand starts after this
    ready_wait: float = 30.0         # once a player is ready for the next hand, the others have this long
    #: a spectator gets at most one update this often (what happened meanwhile merged into it):
    #: watchers then cost the host little however fast the table plays
    spectator_pace: float = 0.1
    #: a searching bot's play-outs a decision, in place of its seconds (search_budget): the same
    #: moves however loaded the machine, as tests need
    search_playouts: int | None = None

    def search_budget(self, level: str = "hard") -> float:
        """The seconds a searching bot may think over a decision: its pause, which it thinks through
        (hard, expert: so no level makes the table slower). At most the level's own default, at least
        10 ms (a fast table gets quick bots, not mindless ones)."""
        return min(BOTS[level].default_budget, max(0.01, self.bot_delay))

    @classmethod
    def chosen(cls, pace: str = "normal", reaction: float = 2, turn_clock: float = 0) -> "Pacing":
        """A table's pacing from its settings: its pace, its people's reaction time, its turn clock."""
        return cls(bot_delay=PACES.get(pace, PACES["normal"]), reaction=reaction, turn_timeout=turn_clock or None)

    @classmethod
    def instant(cls) -> "Pacing":
        return cls(bot_delay=0, catch_delay={"easy": 0, "normal": 0, "hard": 0, "expert": 0}, grace=0, hand_pause=0,
                   spectator_pace=0, search_playouts=20)
