"""A game's set-up (edition, seats, house rules, match), remembered between runs."""
import getpass
import json
import os
from dataclasses import asdict, dataclass, field

from uno_tui.bots import LEVELS
from uno_tui.engine import HOUSE, MATCH_MODES, PRESETS, Rules, make_rules
from uno_tui.engine.house import RENAMED
from uno_tui.protocol.limits import MAX_NAME, MAX_PLAYERS, MIN_PLAYERS
from uno_tui.protocol.timing import PACES, REACTIONS, TURN_CLOCKS, Pacing

from .places import config_dir


@dataclass
class GameSettings:
    edition: str = "classic"
    name: str = "You"
    bots: list[str] = field(default_factory=lambda: ["normal"] * 3)   # levels of the other seats
    house: dict = field(default_factory=dict)        # house rules that differ from the edition
    match_mode: str | None = None                    # None: the edition's default
    match_target: int | None = None
    #: the table's timing (table/scheduler.py): its pace, a person's reaction time for out-of-turn
    #: chances (0: off), and the turn clock of hosted games (0: off; solo games always wait for you)
    pace: str = "normal"
    reaction: int = 2
    turn_clock: int = 60
    #: the name you last joined another's table with: a seat's token is kept under its name, so
    #: joining again by that name (the Join screen's default) takes the seat back
    joined_as: str = ""

    def __post_init__(self):
        """A set-up saved by an older version may name a house rule by its old name."""
        self.house = {RENAMED.get(k, k): v for k, v in self.house.items()}

    def rules(self, players: int | None = None) -> Rules:
        """The rules these settings make (``players`` given: checked against them too, as teams need an
        even table)."""
        extra = {k: v for k, v in self.house.items() if k in HOUSE}
        if self.match_mode:
            extra["match_mode"] = self.match_mode
        if self.match_target:
            extra["match_target"] = self.match_target
        elif self.match_mode == "wins":
            extra["match_target"] = 5
        return make_rules(self.edition, players=players, **extra)

    def valid(self) -> bool:
        try:
            self.rules()
        except ValueError:
            return False
        return (self.edition in PRESETS and MIN_PLAYERS - 1 <= len(self.bots) <= MAX_PLAYERS - 1 and all(b in LEVELS for b in self.bots)
                and (self.match_mode is None or self.match_mode in MATCH_MODES)
                and self.pace in PACES and self.reaction in REACTIONS and self.turn_clock in TURN_CLOCKS
                and isinstance(self.joined_as, str) and len(self.joined_as) <= MAX_NAME)

    def pacing(self, hosted: bool = False) -> Pacing:
        """How the table these settings make is timed: a hosted one runs the turn clock."""
        return Pacing.chosen(self.pace, self.reaction, self.turn_clock if hosted else 0)


def lan_name(settings: GameSettings) -> str:
    """Your name at a LAN table: the one you last joined with, else the one you set, else your login
    name (on a shared table "You" would name somebody else on every other screen)."""
    if settings.joined_as:
        return settings.joined_as
    if settings.name != GameSettings.name:
        return settings.name
    try:
        return getpass.getuser().title() or settings.name
    except (OSError, KeyError):
        return settings.name


def load_settings() -> GameSettings:
    """The last set-up, or the default one when there is none (or it cannot be read)."""
    try:
        return saved_settings(json.loads((config_dir() / "settings.json").read_text()))
    except (OSError, ValueError):
        return GameSettings()


def saved_settings(data) -> GameSettings:
    """Settings as saved (by this version or another: fields it does not know are left out), or the
    default ones if they are not settings a game could have."""
    try:
        settings = GameSettings(**{k: v for k, v in data.items() if k in GameSettings.__dataclass_fields__})
        return settings if settings.valid() else GameSettings()
    except (AttributeError, TypeError, ValueError):
        return GameSettings()


def save_settings(settings: GameSettings) -> None:
    from .savefile import atomic_write
    atomic_write(config_dir() / "settings.json", json.dumps(asdict(settings), indent=2).encode())


def remember_joined_as(name: str) -> None:
    """Keep the name a table was joined with, for the next join's default."""
    settings = load_settings()
    if settings.joined_as != name:
        settings.joined_as = name
        save_settings(settings)


def motion_on() -> bool:
    """Whether cards move across the table: off when UNO_TUI_MOTION is "off" (the tests and the
    benchmarks) or when the player turned it off (preferences.json, kept apart from the set-up)."""
    if os.environ.get("UNO_TUI_MOTION", "").lower() in ("off", "0", "no"):
        return False
    try:
        return bool(json.loads((config_dir() / "preferences.json").read_text()).get("motion", True))
    except (OSError, ValueError, AttributeError):
        return True


def save_motion(on: bool) -> None:
    from .savefile import atomic_write
    atomic_write(config_dir() / "preferences.json", json.dumps({"motion": on}).encode())
