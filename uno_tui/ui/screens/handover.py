"""The end of a hand (or of the match): every hand's cards and points, who won and why, and the
table's countdown to the next hand; then go on, or back to the menu."""
import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.widgets import Button, Label, Static

from uno_tui.engine.house import TEAM_NAMES
from uno_tui.protocol.describe import narrate
from uno_tui.protocol.views import View
from uno_tui.ui.widgets.scoring import scoring

from .modals import DecisionModal


class HandOverScreen(DecisionModal):
    """The end of a hand (or of the match): every hand's cards and points, then go on.
    Once a player is ready, the others see how long the table waits for them."""

    BINDINGS = [Binding("enter", "go('ready')", "Next hand"), Binding("enter", "go('again')", "Play again"),
                Binding("m,escape", "go('menu')", "Menu"), Binding("h", "game('host_record')", "Host's record"),
                *DecisionModal.FORWARDED]

    def __init__(self, view: View, game=None):
        super().__init__(game)
        self.view = view
        self._deadline: float | None = None

    def on_mount(self) -> None:
        self.show_wait(self.view)
        if self.game is not None:                   # each view the game receives: its countdown, newer
            self.watch(self.game, "view", self.show_wait, init=False)
        self.set_interval(1.0, self._tick)

    def show_wait(self, view: View) -> None:
        """The table's countdown to the next hand, from this (newer) view."""
        seconds = view.table.next_hand_in
        self._deadline = None if seconds is None else time.monotonic() + seconds
        self._tick()

    def _tick(self) -> None:
        if self._deadline is None:
            return
        left = max(0, round(self._deadline - time.monotonic()))
        what = "A new match" if self.view.table.match.over else "The next hand"
        self.query_one("#countdown", Static).update(f"{what} starts in {left} s.")

    def dialog(self) -> ComposeResult:
        table = self.view.table
        seats, result, match = table.seats, table.result, table.match
        me = self.view.seat
        if result is None:
            why, points, winner = "out", 0, self.view.winner
        else:
            why, points, winner = result.why or ("blocked" if result.blocked else "out"), result.points, result.winner
        title = Text(won_line(why, points, winner, me, [s.name for s in seats], self.view.teams))
        with Vertical(id="dialog", classes="wide"):
            yield Label(title, id="dialog-title")
            yield Static(scoring(self.view), id="scoring")
            if match.over:
                said = narrate([{"type": "match_over", "winners": match.winners}], me, [s.name for s in seats])
                text = said[0]["text"]
                if self.view.teams and match.winners:
                    text = f"{TEAM_NAMES[self.view.teams[match.winners[0]]]} win the match: {text[:-1]}."
                yield Label(Text(text, style="bold"), id="match-over")     # as the log says it
            yield Static("", id="countdown", classes="hint")
            with Grid(id="answers"):
                # not focusable: Enter means "next hand" wherever the focus would be, as the footer says
                yield _unfocusable(Button("Play again (Enter)" if match.over else "Next hand (Enter)",
                                          id="ready", variant="primary"))
                yield _unfocusable(Button("Menu (m)", id="menu"))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)

    def action_go(self, where: str) -> None:
        self.dismiss("ready" if where == "again" else where)

    def check_action(self, action: str, parameters) -> bool | None:
        """Enter is "Play again" once the match is over, "Next hand" before (one of the two shown)."""
        if action == "go" and parameters and parameters[0] in ("ready", "again"):
            return (parameters[0] == "again") == self.view.table.match.over
        return super().check_action(action, parameters)


def won_line(why: str, points: int, winner: int, me: int | None, names: list[str], teams: list | None) -> str:
    """Who won the hand and ``why`` (``out``, ``blocked``: fewest points of a blocked hand, ``mercy``:
    last left) with its ``points``; with teams, which team, with its players."""
    who = "You" if winner == me else names[winner]
    reason = {"blocked": " (blocked: fewest points in hand)", "mercy": " (everyone else is out: mercy)"}.get(why, "")
    if not teams:
        return f"{who} won the hand{reason} and {'score' if winner == me else 'scores'} {points} points."
    team = teams[winner]
    players = " and ".join("you" if s == me else names[s] for s, t in enumerate(teams) if t == team)
    how = {"out": "went out", "blocked": "held the fewest points of a blocked hand",
           "mercy": "is left: everyone on the other team is out (mercy)"}[why]
    return f"{TEAM_NAMES[team]} ({players}) won the hand: {who} {how}. {TEAM_NAMES[team]} scores {points} points."


def _unfocusable(button: Button) -> Button:
    button.can_focus = False
    return button
