"""A match replayed: the game screen over a replay's channel (history/viewer.py), with keys to
step a move on or back, jump a hand, play on by itself at a chosen speed, look from another
seat, and, once the record's match is over, see every hand face up."""
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from uno_tui.engine import card_name
from uno_tui.history.record import Record, RecordError, read_record
from uno_tui.history.replay import replay
from uno_tui.history.seat_record import KIND as SEAT_KIND
from uno_tui.history.viewer import ReplayChannel, SeatReplayChannel
from uno_tui.storage.settings import GameSettings
from uno_tui.ui.widgets.footer import Footer

from .game import GameScreen
from .palette import GameCommands

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)               # moves a second, playing on by itself
#: the replay's own commands: action -> (palette title, help)
COMMANDS = {
    "step": ("Next move", "One move on (.)"), "back": ("Previous move", "One move back (,)"),
    "next_hand": ("Next hand", "Jump to the next hand's deal (n)"),
    "previous_hand": ("Previous hand", "Back to this hand's deal, or the one before (N)"),
    "play": ("Play or pause", "Play the moves on by themselves (p)"),
    "faster": ("Faster", "Play on faster (+)"), "slower": ("Slower", "Play on slower (-)"),
    "look": ("Look from the next seat", "See the table from another player's seat (v)"),
    "face_up": ("Every hand face up", "Once the match is over: every hand at this point (f)"),
    "leave": ("Leave the replay", "Back where you came from (Esc)"),
}


def open_replay(app, path: Path) -> bool:
    """Show the record in ``path`` (False, and a notice saying why, if it is not one that replays)."""
    try:
        channel = replay_channel(read_record(path))
    except RecordError as e:
        app.notify(str(e), title="Cannot replay", severity="error", timeout=10)
        return False
    app.push_screen(ReplayScreen(channel, f"replay · {path.name}"))
    return True


def replay_channel(record: Record) -> ReplayChannel | SeatReplayChannel:
    """The channel that shows a record: a joined seat's as it was seen, a whole match's through a
    table (from the first human's seat); RecordError if it does not replay."""
    if record.header.get("kind") == SEAT_KIND:
        return SeatReplayChannel(record)
    played = replay(record)
    seat = next((i for i, s in enumerate(record.header["seats"]) if s.get("kind") != "bot"), 0)
    return ReplayChannel(played, seat)


class ReplayScreen(GameScreen):
    BINDINGS = [
        Binding("full_stop", "step", "Next"), Binding("comma", "back", "Back"),
        Binding("n", "next_hand", "Next hand"), Binding("N", "previous_hand", "Hand back", show=False),
        Binding("p", "play", "Play/pause"), Binding("plus", "faster", "Faster", show=False),
        Binding("minus", "slower", "Slower", show=False), Binding("v", "look", "Seat"),
        Binding("f", "face_up", "Face up"), Binding("escape", "leave", "Leave"),
    ]

    def __init__(self, channel: ReplayChannel, title: str):
        super().__init__(channel, title, kind="replay")
        self.speed = 1
        self._playing = None

    # ------------------------------------------------------------ what the game screen does otherwise
    def offer_decision(self) -> None:
        """Nothing is asked: the record made every decision (the scores are in the log)."""

    def _show_status(self) -> None:
        if self.view is None:
            return
        pace = f" · playing at {SPEEDS[self.speed]:g}/s" if self._playing else ""
        who = self.channel.watcher
        seat = "your seat" if who == GameSettings.name else f"{who}'s seat"     # a solo player is "You"
        self.status = (f"Replay · {self.channel.where()} · from {seat}{pace}", False)

    def check_action(self, action: str, parameters) -> bool | None:
        if action in COMMANDS:
            return {"face_up": self.channel.can_face_up, "look": self.channel.can_look}.get(action, True)
        return action == "help"

    def palette_commands(self):
        for action, (title, help_text) in COMMANDS.items():
            if self.check_action(action, ()):
                yield SystemCommand(title, help_text, getattr(self, f"action_{action}"))

    def action_leave(self) -> None:
        """Nothing to lose: straight back."""
        self._stop()
        self.channel.close()
        self.app.pop_screen()

    # ------------------------------------------------------------ moving through the record
    def action_step(self) -> None:
        if not self.channel.step():
            self._stop()
        self._show_status()

    def action_back(self) -> None:
        self._stop()
        self.channel.back()

    def action_next_hand(self) -> None:
        self.channel.next_hand()

    def action_previous_hand(self) -> None:
        self.channel.previous_hand()

    def action_look(self) -> None:
        self.channel.look_next()

    def action_play(self) -> None:
        if self._playing:
            self._stop()
        else:
            self._playing = self.set_interval(1 / SPEEDS[self.speed], self.action_step)
        self._show_status()

    def action_faster(self) -> None:
        self._pace(min(self.speed + 1, len(SPEEDS) - 1))

    def action_slower(self) -> None:
        self._pace(max(self.speed - 1, 0))

    def _pace(self, speed: int) -> None:
        self.speed = speed
        if self._playing:
            self._stop()
            self.action_play()
        self._show_status()

    def _stop(self) -> None:
        if self._playing is not None:
            self._playing.stop()
            self._playing = None

    def action_face_up(self) -> None:
        self.app.push_screen(HandsFaceUp(self.channel.faced_up()))


class HandsFaceUp(ModalScreen):
    """Every seat's hand at this point of a finished match's record."""

    COMMANDS = {GameCommands}

    BINDINGS = [Binding("escape,f,enter", "dismiss", "Close")]

    def __init__(self, hands: list[tuple[str, list[str]]]):
        super().__init__()
        self.hands = hands

    def compose(self) -> ComposeResult:
        lines = Text()
        for name, hand in self.hands:
            lines.append(f"{name}: ", style="bold")
            lines.append(", ".join(card_name(code) for code in hand) or "no cards")
            lines.append("\n")
        with Vertical(id="dialog", classes="wide"):
            yield Label("Every hand, face up", id="dialog-title")
            yield Static(lines, id="scoring")
        yield Footer()
