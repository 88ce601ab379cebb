"""The Textual app: the start screen, set-up, and the game screen over a table channel.

Only the start screen is imported up front; the game, the set-up and the rules
load when first used, so `uno-tui` is on screen about as fast as Textual allows.
"""
from pathlib import Path

from textual.app import App, SystemCommand
from textual.binding import Binding

from .screens.start import StartScreen


class UnoApp(App):
    CSS_PATH = Path(__file__).parent / "uno.tcss"
    TITLE = "uno-tui"
    BINDINGS = [Binding("f2", "toggle_theme", "Light/dark", show=False)]
    THEMES = ("textual-dark", "textual-light")

    def __init__(self, *, seed=None, pacing=None, dealer: int | None = None, autostart=None,
                 host: dict | None = None, join: tuple | None = None):
        """``autostart``: go straight into a game, from GameSettings or from a callable
        that returns a channel to a table (tests rig tables this way). ``host``: open the
        host's lobby with these HostSession options (plus bind, port). ``join``: connect to
        (host, port, name, password, spectate)."""
        super().__init__()
        self.seed, self.pacing, self.dealer = seed, pacing, dealer
        self.autostart, self.host_options, self.join_options = autostart, host, join

    def on_mount(self) -> None:
        self.theme = "textual-dark"
        self.push_screen(StartScreen())
        if self.host_options is not None:
            self.host_game(**self.host_options)
        elif self.join_options is not None:
            from .screens.lobby import JoinScreen
            host, port, name, password, spectate = self.join_options
            self.push_screen(JoinScreen(f"{host}:{port}", name))
            self.join_game(host, port, name, password=password, spectate=spectate,
                           on_error=lambda reason: self.screen.failed(reason))
        if self.autostart is None:
            return
        if callable(self.autostart):
            from .screens.game import GameScreen
            self.push_screen(GameScreen(self.autostart()))
        else:
            self.play(self.autostart)

    def action_toggle_theme(self) -> None:
        """Switch between the dark and the light theme (more in the command palette)."""
        self.theme = self.THEMES[1] if self.theme == self.THEMES[0] else self.THEMES[0]

    def play(self, settings) -> None:
        """Start a solo game with these GameSettings."""
        from .screens.game import GameScreen
        from .solo import start_solo
        channel = start_solo(settings, seed=self.seed, pacing=self.pacing, dealer=self.dealer)
        self.push_screen(GameScreen(channel))

    def menu_choice(self, choice: str) -> None:
        from .settings import GameSettings, load_settings
        if choice == "play":
            self.play(GameSettings(name=load_settings().name))
        elif choice == "setup":
            from .screens.setup import SetupScreen
            self.push_screen(SetupScreen(load_settings()), self._set_up)
        elif choice == "rules":
            from .screens.help import HelpScreen
            self.push_screen(HelpScreen())
        elif choice == "quit":
            self.exit()
        elif choice == "host":
            settings = load_settings()
            self.host_game(settings=settings, host_name=settings.name, players=len(settings.bots) + 1)
        elif choice == "join":
            from .screens.lobby import JoinScreen
            self.push_screen(JoinScreen(name=load_settings().name))

    def host_game(self, settings, bind: str = "0.0.0.0", port: int = 7531, resume: bool = False,
                  **options) -> None:
        from .hosting import HostSession
        from .screens.lobby import HostScreen
        if resume:
            session = HostSession.resume(pacing=self.pacing, rate=options.get("rate", 30),
                                         burst=options.get("burst", 60))
        else:
            session = HostSession(settings, pacing=self.pacing, seed=self.seed, **options)
        self.push_screen(HostScreen(session, bind, port))

    def join_game(self, host: str, port: int, name: str, *, password=None, spectate=False, on_error) -> None:
        """Connect to a host (in a worker); on success the game screen takes the channel."""
        from .netplay import connect

        async def run() -> None:
            try:
                channel = await connect(host, port, name, password=password, spectate=spectate)
            except (OSError, ConnectionError) as e:
                on_error(getattr(e, "reason", None) or f"Cannot join {host}:{port}: {e}")
                return
            from .screens.game import GameScreen
            self.push_screen(GameScreen(channel, title=f"uno-tui · playing at {host}:{port}"))

        self.run_worker(run(), group="join", exclusive=True, exit_on_error=False)

    def _set_up(self, settings) -> None:
        if settings is not None:
            from .settings import save_settings
            save_settings(settings)
            self.play(settings)

    def get_system_commands(self, screen):
        yield from super().get_system_commands(screen)
        yield SystemCommand("Light or dark", "Switch between the light and the dark theme (F2)",
                            self.action_toggle_theme)
        palette = getattr(screen, "palette_commands", None)
        if palette is not None:
            yield from palette()
        else:
            yield SystemCommand("Play now", "A game against three computer players", lambda: self.menu_choice("play"))
            yield SystemCommand("New game", "Set up a game", lambda: self.menu_choice("setup"))
