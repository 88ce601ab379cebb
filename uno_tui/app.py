"""The Textual app: the start screen, set-up, and the game screen over a table channel."""
from textual.app import App, SystemCommand

from .settings import GameSettings, load_settings, save_settings
from .solo import start_solo
from .screens.game import GameScreen
from .screens.help import HelpScreen
from .screens.setup import SetupScreen
from .screens.start import StartScreen
from .table import Pacing


class UnoApp(App):
    CSS_PATH = "uno.tcss"
    TITLE = "uno-tui"

    def __init__(self, *, seed=None, pacing: Pacing | None = None, dealer: int | None = None,
                 autostart: GameSettings | None = None):
        super().__init__()
        self.seed, self.pacing, self.dealer = seed, pacing, dealer
        self.autostart = autostart

    def on_mount(self) -> None:
        self.theme = "textual-dark"
        self.push_screen(StartScreen())
        if self.autostart is not None:
            self.play(self.autostart)

    def play(self, settings: GameSettings) -> None:
        """Start a solo game with these settings."""
        channel = start_solo(settings, seed=self.seed, pacing=self.pacing, dealer=self.dealer)
        self.push_screen(GameScreen(channel))

    def menu_choice(self, choice: str) -> None:
        if choice == "play":
            self.play(GameSettings(name=load_settings().name))
        elif choice == "setup":
            self.push_screen(SetupScreen(load_settings()), self._set_up)
        elif choice == "rules":
            self.push_screen(HelpScreen())
        elif choice == "quit":
            self.exit()
        else:
            self.notify("LAN play comes with the network release.", severity="warning")

    def _set_up(self, settings: GameSettings | None) -> None:
        if settings is not None:
            save_settings(settings)
            self.play(settings)

    def get_system_commands(self, screen):
        yield from super().get_system_commands(screen)
        if isinstance(screen, GameScreen):
            yield from screen.palette_commands()
        else:
            yield SystemCommand("Play now", "A game against three computer players", lambda: self.menu_choice("play"))
            yield SystemCommand("New game", "Set up a game", lambda: self.menu_choice("setup"))
