"""The start screen: play now (or resume) in one key, or set up, host, join, read the rules."""
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

LOGO = r"""
 _   _ _   _  ___
| | | | \ | |/ _ \
| |_| |  \| | (_) |
 \___/|_|\__|\___/
"""


class StartScreen(Screen):
    BINDINGS = [Binding("up", "app.focus_previous", show=False), Binding("down", "app.focus_next", show=False),
                Binding("q", "app.quit", "Quit")]

    def compose(self) -> ComposeResult:
        with Center():
            with Vertical(id="menu"):
                yield Static(LOGO, id="logo")
                yield Static("UNO in your terminal", id="tagline")
                yield Static("", id="notice")
                yield Button("Resume", id="resume", variant="success")
                yield Button("Play now", id="play", variant="primary")
                yield Button("New game…", id="setup")
                yield Button("Host a LAN game", id="host")
                yield Button("Join a LAN game", id="join")
                yield Button("Rules", id="rules")
                yield Button("Quit", id="quit")
        yield Footer()

    notice: str | None = None

    def on_screen_resume(self) -> None:
        """Each time this screen comes back (first shown, or returned to)."""
        self._show()

    def refresh_menu(self, notice: str | None = None) -> None:
        """Say why we came back here (if we were sent), and offer Resume while a solo game is
        saved. Shown when this screen is back on top (focus set earlier would be lost)."""
        self.notice = notice
        if self.is_current and self.is_mounted:
            self._show()

    def _show(self) -> None:
        from ..solo import has_saved_game
        saved = has_saved_game()
        self.query_one("#resume").display = saved       # hidden until we know (tcss)
        self.query_one("#resume" if saved else "#play", Button).focus()
        self.query_one("#menu").set_class(saved or bool(self.notice), "-compact")   # all fits in 24 rows
        label = self.query_one("#notice", Static)
        label.display = bool(self.notice)
        label.update(Text(self.notice or "", style="bold"))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.app.menu_choice(event.button.id)
