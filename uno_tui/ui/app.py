"""The Textual app: the start screen, set-up, the lobby and the game screen over a table channel.

Only the start screen is imported up front; the game, the set-up and the rules
load when first used, so `uno-tui` is on screen about as fast as Textual allows.
The app owns what it opened: a hosted session (closing it ends the game for
everyone and frees the port) and the channel of the game on screen.
"""
import gc
from pathlib import Path

from textual import on
from textual.app import App, SystemCommand
from textual.binding import Binding

from uno_tui.play.address import format_address

from . import hosting, joining, playing
from .hosting import KEPT
from .messages import InternetSwitched, Join, JoinFailed, LeaveTable, MenuChosen, PasswordSet
from .screens.start import StartScreen


def _collect_again() -> None:
    """The first screen is up: what start-up made lives on (frozen out of later collections), and
    the collector, off while the app started (cli.main: it would walk all that to find little), runs."""
    gc.freeze()
    gc.enable()


class UnoApp(App):
    CSS_PATH = Path(__file__).parent / "uno.tcss"
    TITLE = "uno-tui"
    BINDINGS = [Binding("f2", "toggle_theme", "Light/dark", show=False)]
    THEMES = ("textual-dark", "textual-light")

    def __init__(self, *, seed=None, pacing=None, dealer: int | None = None, autostart=None,
                 host: dict | None = None, join: tuple | None = None, browser: bool = False, ssh: bool = False,
                 then=None):
        """``autostart``: go straight into a game, from GameSettings or from a callable
        that returns a channel to a table (tests rig tables this way). ``host``: open the
        host's lobby with these HostSession options (plus bind, port). ``join``: connect to
        (host, port, name, password, spectate[, fingerprint]); host None: show the games found on
        the LAN; a fingerprint (a join code's) pins the host's key.
        ``browser``: a tab of host --web: only the join form for that table, which is also where
        leaving the table comes back to (the host's machine is not the player's to use).
        ``ssh``: a session of host --ssh: as a browser tab, but joined at once with the name given
        (the ssh login), and the seat token kept (in the files the host keeps for that ssh
        identity). ``then``: called with the app once the start screen is up (`uno-tui history`, `uno-tui replay`)."""
        super().__init__()
        self.seed, self.pacing, self.dealer = seed, pacing, dealer
        self.autostart, self.host_options, self.join_options, self.browser = autostart, host, join, browser
        self.ssh = ssh
        self.locked = browser or ssh             # only the join form of one table: the host's machine
        self.then = then
        self.session = None                      # the HostSession of the game run here (solo or hosted), if any
        self.channel = None                      # the channel of the game (or lobby) on screen

    def on_mount(self) -> None:
        self.theme = "textual-dark"
        if not gc.isenabled():
            self.call_after_refresh(_collect_again)
        if self.locked:
            from .screens.join import JoinScreen
            host, port, name, password, _, *pin = self.join_options
            back = joining.tab_name(self.browser)
            form = JoinScreen(joining.where(host, port, pin), back or name, password=password, locked=True)
            self.push_screen(form)
            if self.ssh or back:                 # (a browser that sat here: straight back to its seat, its token kept)
                self.call_after_refresh(form.join)
            return
        self.push_screen(StartScreen())
        if self.then is not None:
            self.then(self)
        if self.host_options is not None:
            self.host_game(**self.host_options)
        elif self.join_options is not None:
            from .screens.join import JoinScreen
            host, port, name, password, spectate, *pin = self.join_options
            if host is None:                     # `uno-tui join`: the games found on the LAN
                self.push_screen(JoinScreen(name=name, password=password, spectate=spectate))
                return
            self.push_screen(JoinScreen(joining.where(host, port, pin), name, connect=True))
            self.join_table(Join(host, port, name, password, spectate, (pin or [None])[0]))
        if self.autostart is None:
            return
        if callable(self.autostart):
            self.open_game(self.autostart())
        else:
            self.play(self.autostart)

    def action_toggle_theme(self) -> None:
        """Switch between the dark and the light theme (more in the command palette)."""
        self.theme = self.THEMES[1] if self.theme == self.THEMES[0] else self.THEMES[0]

    def open_game(self, channel, title: str = "uno-tui", kind: str = "solo") -> None:
        """The game screen on a seat's channel (solo, hosted or joined: one screen for all three)."""
        from .screens.game import GameScreen
        self.channel = channel
        self.push_screen(GameScreen(channel, title, kind))

    def play(self, settings) -> None:
        """Start a solo game with these GameSettings (asking first if one is saved)."""
        playing.new_game(self, settings)

    def resume(self) -> None:
        """Carry on the saved solo game."""
        playing.saved_game(self)

    def open_session(self, session) -> None:
        """The game screen on a solo session's seat 0; the app closes the session when it is left."""
        self.open_game(session.local)
        self.session = session

    @on(MenuChosen)
    def menu_chosen(self, message: MenuChosen) -> None:
        self.menu_choice(message.choice)

    def menu_choice(self, choice: str) -> None:
        from uno_tui.storage.settings import GameSettings, lan_name, load_settings
        if choice == "resume":
            self.resume()
        elif choice == "play":
            self.play(GameSettings(name=load_settings().name))
        elif choice == "setup":
            self.set_up(load_settings())
        elif choice == "history":
            from .screens.history import HistoryScreen
            self.push_screen(HistoryScreen())
        elif choice == "rules":                  # the rules the set-up's next game is played by
            from uno_tui.engine import RulesError

            from .screens.help import HelpScreen
            try:
                rules = load_settings().rules().to_dict()
            except RulesError:                   # (a set-up saved by hand that no game could have)
                rules = None
            self.push_screen(HelpScreen(rules))
        elif choice == "quit":
            self.exit()
        elif choice == "host":                   # the games hosted here and kept, if any: carry one on, or a new one
            from uno_tui.storage.places import saved_hosted
            settings = load_settings()

            def host(chosen: Path | bool | None) -> None:
                if chosen is not None:
                    self.host_game(settings=settings, host_name=lan_name(settings), players=len(settings.bots) + 1,
                                   resume=chosen or None)
            if saved_hosted():
                from .screens.hosted import SavedHostsScreen
                self.push_screen(SavedHostsScreen(), host)
            else:
                host(False)
        elif choice == "join":
            from .screens.join import JoinScreen
            self.push_screen(JoinScreen(name=lan_name(load_settings())))

    def host_game(self, settings, bind: str = "0.0.0.0", port: int | None = None, resume: Path | None = None,
                  advertise: bool = True, web: int | None = None, ssh: int | None = None, internet: bool = False,
                  **options) -> None:
        """Open the server (in a worker) and show the lobby, as one of the players at this table;
        ``resume``: carry on the game saved there instead; ``advertise``: tell the LAN about it
        (discovery.py); ``web``: serve the page friends join from in a browser on this port (web.py);
        ``ssh``: serve the table to ssh clients on this port;
        ``internet``: ask the router to forward the port as soon as the lobby shows (as its switch does)."""
        try:
            session, port = hosting.session_for(settings, pacing=self.pacing, seed=self.seed, resume=resume, port=port,
                                                options=options)
        except hosting.CannotHost as e:
            self.back_to_start(str(e))
            return

        async def serve() -> None:
            from .screens.lobby import LobbyScreen
            try:
                port_open = await session.serve(bind, port, advertise=advertise, web=web, ssh=ssh)
            except OSError as e:
                self.back_to_start(session.cannot_serve(e, port, web, ssh))
                await session.close()
                return
            self.session, self.channel = session, session.local
            for note in session.notes():
                self.notify(note, timeout=10)
            self.push_screen(LobbyScreen(session.local, "host", f"uno-tui · hosting on port {port_open}",
                                         hosting.invitation(session, asking=internet), internet=internet))
            if internet:
                self.set_internet(True)

        self.run_worker(serve(), group="host", exclusive=True, exit_on_error=False)

    @on(InternetSwitched)
    def internet_switched(self, message: InternetSwitched) -> None:
        self.set_internet(message.on)

    def set_internet(self, on: bool) -> None:
        """The host's lobby switch: ask the router to forward the table's port (or to stop)."""
        self._for_host_lobby(hosting.switch_internet, on, "internet")

    @on(PasswordSet)
    def password_set(self, message: PasswordSet) -> None:
        self._for_host_lobby(hosting.set_password, message.password, "password")

    def _for_host_lobby(self, task, value, group: str) -> None:
        """``task(app, session, lobby, value)`` in a worker, while the hosted session's lobby is on the stack."""
        from .screens.lobby import LobbyScreen
        lobby = next((s for s in self.screen_stack if isinstance(s, LobbyScreen) and s.kind == "host"), None)
        if self.session is not None and lobby is not None:
            self.run_worker(task(self, self.session, lobby, value), group=group, exclusive=True, exit_on_error=False)

    @on(Join)
    def join_table(self, message: Join) -> None:
        """Connect to a host (in a worker); on success the lobby (or the game) takes the channel;
        else the screen on top (the join form) is told why."""
        from uno_tui.play.join import JoinError

        async def run() -> None:
            try:
                channel = await joining.connect_to(self, message, browser=self.browser)
            except JoinError as e:
                self.screen.post_message(JoinFailed(e.reason))
                return
            from .screens.lobby import LobbyScreen
            self.channel = channel
            where = format_address(message.host, message.port)
            self.push_screen(LobbyScreen(channel, "join", f"uno-tui · playing at {where}"))

        self.run_worker(run(), group="join", exclusive=True, exit_on_error=False)

    @on(LeaveTable)
    async def leave_table(self, message: LeaveTable) -> None:
        """The player left (after confirming), or the host went away (``notice`` says so): close
        the channel, end the session (a hosted one's save deleted, unless to ``keep`` it for
        later), and go back to the start screen. A channel already left (its screen still
        reporting its end) changes nothing."""
        if message.channel is not self.channel:
            return
        notice = message.notice
        if self.browser and notice is None:      # left on purpose: the next tab asks the name again
            joining.tab_name(self.browser, "")
        session = self._close()
        if session is not None and session.solo:     # nobody to tell: on disk in a moment, so the
            await hosting.close_session(session, message.keep)     # start screen offers what it saved
        elif session is not None:                # a hosted one says goodbye over the network meanwhile
            self.run_worker(hosting.close_session(session, message.keep), group="leave", exit_on_error=False)
            if message.keep and session.table is not None:
                notice = notice or KEPT
        self.back_to_start(notice)

    def _close(self):
        """Close the game's channel; returns the session to close (solo or hosted), if any."""
        channel, self.channel = self.channel, None
        session, self.session = self.session, None
        if channel is not None:
            channel.close()
        return session

    def back_to_start(self, notice: str | None = None) -> None:
        """Every screen off the stack down to the start screen (a browser tab's: the join form),
        which says ``notice`` if given."""
        from .screens.join import JoinScreen
        home = JoinScreen if self.locked else StartScreen
        while len(self.screen_stack) > 1 and not isinstance(self.screen, home):
            self.pop_screen()
        self.screen.refresh_menu(notice)

    async def action_quit(self) -> None:
        """Quitting ends a hosted game properly (every player told) and saves it, or a solo one."""
        session = self._close()
        if session is not None:
            await hosting.close_session(session, keep=True)      # as a closed terminal: kept to carry on
        self.exit()

    def set_up(self, settings) -> None:
        """The set-up screen on these settings; the game it describes starts when it is done
        (Back from "Start a new game?" returns to it, as it was left)."""
        from .screens.setup import SetupScreen

        def done(chosen) -> None:
            if chosen is not None:
                from uno_tui.storage.settings import save_settings
                save_settings(chosen)
                playing.new_game(self, chosen, back=lambda: self.set_up(chosen))
        self.push_screen(SetupScreen(settings), done)

    def get_system_commands(self, screen):
        yield from super().get_system_commands(screen)
        yield SystemCommand("Light or dark", "Switch between the light and the dark theme (F2)",
                            self.action_toggle_theme)
