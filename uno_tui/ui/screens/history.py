"""Past matches: a list to filter by player and edition, a player's figures beside it, and a
match to replay (Enter) or export (e: the record, x: the match in words)."""
import time
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Input, Select, Static

from uno_tui.engine import PRESETS
from uno_tui.history.export import export
from uno_tui.history.index import History, PastMatch, PlayerStats
from uno_tui.ui.widgets.fields import TextField
from uno_tui.ui.widgets.footer import Footer

ALL = "all"


def figures(stats: PlayerStats) -> Text:
    """A player's figures, as the panel beside the list shows them."""
    text = Text(f"{stats.name}\n", style="bold")
    text.append(f"matches {stats.matches}, won {stats.matches_won}\n"
                f"hands {stats.hands}, won {stats.hands_won}\n"
                f"points won {stats.points}\n"
                f"moves a hand {stats.hand_length:.1f}\n"
                f"challenges won {stats.challenges_won}\n"
                f"UNO catches {stats.catches}\n")
    for level, (played, won) in stats.against.items():
        text.append(f"against {level} bots: {won} of {played}\n")
    return text


class HistoryScreen(Screen):
    BINDINGS = [Binding("enter", "replay", "Replay"), Binding("e", "export('record')", "Export"),
                Binding("x", "export('text')", "As text"), Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, player: str | None = None, edition: str | None = None):
        super().__init__()
        self.history = History()
        self.player, self.edition = player, edition
        self.shown: list[PastMatch] = []

    def compose(self) -> ComposeResult:
        with Horizontal(id="history-filters"):
            yield TextField(self.player or "", placeholder="player (all)", id="history-player")
            yield Select([(e, e) for e in PRESETS], prompt="edition (all)", value=self.edition or Select.NULL,
                         allow_blank=True, id="history-edition")
        with Horizontal(id="history-body"):
            yield DataTable(id="history-matches", cursor_type="row", zebra_stripes=True)
            with Vertical(id="history-side"):
                yield Static("", id="history-stats")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("when", "edition", "players", "winner", "scores", "hands", "length")
        self.history.refresh()
        self._fill()
        table.focus()

    def on_unmount(self) -> None:
        self.history.close()

    @on(Input.Changed, "#history-player")
    def _player_changed(self, event: Input.Changed) -> None:
        self.player = event.value.strip() or None
        self._fill()

    @on(Select.Changed, "#history-edition")
    def _edition_changed(self, event: Select.Changed) -> None:
        self.edition = None if event.value is Select.NULL else event.value
        self._fill()

    def _fill(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        self.shown = self.history.matches(self.player, self.edition)
        for match in self.shown:
            if match.problem:
                table.add_row(match.id[:15], "-", Text("damaged", style="red"), match.problem[:40], "", "", "")
                continue
            table.add_row(time.strftime("%Y-%m-%d %H:%M", time.localtime(match.began)), match.edition,
                          ", ".join(match.players), " and ".join(match.winners) or "(not over)",
                          " ".join(map(str, match.scores)), str(match.hands),
                          f"{int(match.seconds // 60)}:{int(match.seconds % 60):02d}")
        stats = self.query_one("#history-stats", Static)
        name = self.player or next(iter(self.history.players()), None)
        if not self.shown:
            stats.update("No match recorded yet: play one and it is here." if not self.player and not self.edition
                         else "No match fits.")
        elif name is not None:
            stats.update(figures(self.history.player(name)))

    def _selected(self) -> PastMatch | None:
        table = self.query_one(DataTable)
        if not self.shown or table.cursor_row is None or table.cursor_row >= len(self.shown):
            return None
        return self.shown[table.cursor_row]

    @on(DataTable.RowSelected)
    def _row_selected(self) -> None:
        self.action_replay()

    def action_replay(self) -> None:
        match = self._selected()
        if match is None:
            return
        if match.problem:
            self.notify(match.problem, title="Cannot replay", severity="error")
            return
        from .replay import open_replay
        open_replay(self.app, self.history.directory / match.id)

    def action_export(self, form: str) -> None:
        match = self._selected()
        if match is None or match.problem:
            return
        try:
            path = export(self.history.directory / match.id, Path.cwd(), text=form == "text")
        except (OSError, ValueError) as e:
            self.notify(str(e), title="Not exported", severity="error")
            return
        self.notify(f"Written to {path}", title="Exported")
