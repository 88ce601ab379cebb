"""Joining: the games heard on the LAN, live, or an address or join code typed in; a name and a
password."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from uno_tui.play.address import DEFAULT_PORT, format_address, lan_interface, parse_address
from uno_tui.play.joincode import is_join_code, join_code, parse_join_code
from uno_tui.protocol.limits import MAX_NAME, MAX_PASSWORD
from uno_tui.ui.messages import Join, JoinFailed
from uno_tui.ui.widgets.fields import TextField
from uno_tui.ui.widgets.footer import Footer

if TYPE_CHECKING:
    from uno_tui.play.discovery import Finder, FoundGame


class JoinScreen(Screen):
    """Join a friend's game: one of the games heard on the LAN (Enter), or an address typed in."""

    #: seconds of hearing no game before the list says so (a host is heard within 1-2 s)
    QUIET_AFTER = 5.0

    BINDINGS = [Binding("escape", "back", "Back"), Binding("down", "to_list", "Games found", show=False, priority=True)]

    def __init__(self, address: str = "", name: str = "You", *, password: str | None = None,
                 spectate: bool = False, connect: bool = False, locked: bool = False):
        """``connect``: the address was given on the command line and the app is joining it already;
        ``locked``: only this address (a browser tab of host --web), and Back ends the session."""
        super().__init__()
        self.address, self.player_name, self.password, self.spectate = address, name, password, spectate
        self.connecting, self.locked = connect, locked
        self.games: list[FoundGame] = []
        self.finder: Finder | None = None
        self.quiet = False                   # nothing heard for QUIET_AFTER seconds of looking

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="setup", can_focus=False):
            yield Label("Join a LAN game", id="setup-title")
            yield Label("Games on this network (↓ to choose, Enter joins):", classes="found")
            yield OptionList(self._none_heard(), id="found", classes="found")
            with Horizontal(classes="row found"):
                yield Label("Or an address", classes="field")
                yield TextField(self.address, placeholder=f"192.168.1.20:{DEFAULT_PORT} or a join code uno://…",
                                id="address")
            with Horizontal(classes="row"):
                yield Label("Your name", classes="field")
                yield TextField(self.player_name, id="name", max_length=MAX_NAME)
            with Horizontal(classes="row"):
                yield Label("Password", classes="field")
                yield TextField(self.password or "", password=True, placeholder="if the host set one", id="password",
                                max_length=MAX_PASSWORD)
            yield Static("", id="join-error")
            with Horizontal(classes="row"):
                yield Button("Join", id="join", variant="primary")
                yield Button("Back", id="back")
        yield Footer()

    def on_mount(self) -> None:
        for part in self.query(".found"):
            part.display = not self.locked
        self.query_one("#name" if self.address else "#address").focus()

    def action_back(self) -> None:
        if self.locked:
            self.app.exit()
        else:
            self.app.pop_screen()

    def refresh_menu(self, notice: str | None) -> None:
        """Back here from a table (a browser tab's home): say why."""
        self.query_one("#join-error", Static).update(Text(notice or "You left the table.", style="bold"))

    def listen_for_games(self) -> None:
        """Tables heard on the LAN, live, until this screen closes. The finder is this screen's from
        now (one at a time); zeroconf loads only here (a browser tab's locked form never looks)."""
        from uno_tui.play.discovery import Finder
        self.finder = Finder(self.show_games, interface=lan_interface())
        self._start_finding(self.finder)
        self.set_timer(self.QUIET_AFTER, self._heard_nothing)

    def _heard_nothing(self) -> None:
        self.quiet = True
        if not self.games:
            self._found([self._none_heard()])

    def _none_heard(self) -> Option:
        return Option("No game heard yet (still looking): type the host's address below." if self.quiet
                      else "Looking for games…", disabled=True)

    @work(group="finder", exit_on_error=False)
    async def _start_finding(self, finder) -> None:
        try:
            await finder.start()
        except Exception as e:               # no multicast here: say so, typing an address works
            self._found([Option(f"Cannot look for games here ({e}): type the host's address.", disabled=True)])

    async def on_screen_suspend(self) -> None:
        """Under the lobby or the game: stop listening (a new finder starts on the way back)."""
        await self.stop_finding()

    def on_screen_resume(self) -> None:
        """First shown, or back from a table: look for games (unless joining an address given)."""
        if self.finder is None and not (self.connecting or self.locked):
            self.listen_for_games()

    async def on_unmount(self) -> None:
        await self.stop_finding()

    async def stop_finding(self) -> None:
        """Stop listening for tables (tests too: other tests' hosts on loopback must not be heard)."""
        finder, self.finder = self.finder, None
        if finder is not None:
            await finder.close()

    def action_to_list(self) -> None:
        """Down from the form's fields reaches the games found (heard games never take the focus:
        the keys a player is typing stay where they were going)."""
        found = self.query_one("#found", OptionList)
        if self.focused is found:                  # the form's scrolling would take Down otherwise
            found.action_cursor_down()
        elif self.games and not self.locked:
            found.focus()

    def show_games(self, games: list[FoundGame]) -> None:
        """The list, live."""
        self.games = games
        self._found([Option(self._describe(game), id=game.instance) for game in games] or [self._none_heard()])

    def _found(self, options: list[Option]) -> None:
        found = self.query_one("#found", OptionList)
        chosen = found.highlighted_option.id if found.highlighted_option is not None else None
        found.set_options(options)
        ids = [option.id for option in options if not option.disabled]
        if ids:                                  # Enter joins what is highlighted: the same game, or the first
            found.highlighted = ids.index(chosen) if chosen in ids else 0

    @staticmethod
    def _describe(game: FoundGame) -> Text:
        # a game under way takes newcomers as watchers, and gives a player who left their seat back
        seats = "under way: watch, or rejoin your seat" if game.playing else f"{game.free} of {game.seats} seats free"
        if game.trust == "suspect":                       # shown, so the player knows, and never followed
            line = Text(f"SUSPECT {game.instance}", style="bold red")
            line.append(f"  {game.why}: not joined from this list  {game.address}", style="red")
            return line
        line = Text(game.instance, style="bold")          # "Ann's table on ann-laptop": the machine too
        line.append(f"  {game.edition} · {seats}" + (" · password" if game.password else ""))
        line.append(f"  {game.address}" + ("  key known" if game.trust == "pinned" else ""), style="dim")
        return line

    @on(OptionList.OptionSelected, "#found")
    def chose(self, event: OptionList.OptionSelected) -> None:
        game = next((g for g in self.games if g.instance == event.option.id), None)
        if game is None:
            return
        if game.trust == "suspect":
            self.query_one("#join-error", Static).update(Text(suspect_reason(game), style="bold red"))
            return
        # a record's key is pinned as a join code's is (and a record without one is asked about)
        self.query_one("#address", Input).value = (join_code(game.host, game.port, game.fingerprint)
                                                   if game.fingerprint else game.address)
        if game.password and not self.query_one("#password", Input).value:
            self.query_one("#join-error", Static).update(Text("This table needs a password.", style="bold"))
            self.query_one("#password", Input).focus()
            return
        self.join()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "join":
            self.join()
        else:
            self.action_back()

    @on(Input.Submitted)
    def submitted(self) -> None:
        self.join()

    def join(self) -> None:
        text, fingerprint = self.query_one("#address", Input).value.strip(), None
        try:
            if is_join_code(text):
                host, port, fingerprint = parse_join_code(text)
            else:
                host, port = parse_address(text)
        except ValueError as e:
            self.query_one("#join-error", Static).update(Text(str(e), style="bold red"))
            return
        name = self.query_one("#name", Input).value.strip()
        if not name:
            self.query_one("#join-error", Static).update(Text("Type your name first.", style="bold red"))
            self.query_one("#name", Input).focus()
            return
        password = self.query_one("#password", Input).value or None
        self.query_one("#join-error", Static).update(f"Connecting to {format_address(host, port)}…")
        self.app.post_message(Join(host, port, name, password=password, spectate=self.spectate,
                                   fingerprint=fingerprint))

    @on(JoinFailed)
    def failed(self, message: JoinFailed) -> None:
        self.query_one("#join-error", Static).update(Text(message.reason, style="bold red"))
        if self.connecting and not self.locked:    # the address given failed: now list the games heard
            self.connecting = False
            self.listen_for_games()


def suspect_reason(game: FoundGame) -> str:
    """Why a table heard on the LAN is not joined from the list, and what the player can do."""
    return (f"Not joined: \"{game.instance}\" at {game.address} looks like an imitation: {game.why}. Nothing was "
            "sent to it. If its host says the table's key changed, ask for the join code it shows and type that in.")
