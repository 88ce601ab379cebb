"""The start screen: play now in one key, or set up, host, join, read the rules."""
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
                yield Button("Play now", id="play", variant="primary")
                yield Button("New game…", id="setup")
                yield Button("Host a LAN game", id="host")
                yield Button("Join a LAN game", id="join")
                yield Button("Rules", id="rules")
                yield Button("Quit", id="quit")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#play", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.app.menu_choice(event.button.id)
