"""Before the game: the lobby (the same screen for the host and for joiners, with the host's
controls on the host's)."""
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Label, Static

from uno_tui.bots import LEVELS
from uno_tui.client.model import ClientModel
from uno_tui.protocol.sent import Chat, Start, TakeSeat
from uno_tui.protocol.views import LobbySeatView, LobbyView
from uno_tui.engine.house import TEAM_NAMES
from uno_tui.protocol.limits import MAX_PASSWORD
from uno_tui.table import Channel
from uno_tui.ui.messages import (ChannelClosed, ChatLine, GameStarted, InternetSwitched, Invitation, LeaveTable,
                                 LobbyChanged, PasswordSet, Refused)
from uno_tui.ui.reading import read_lobby
from uno_tui.ui.widgets.choice import Choice
from uno_tui.ui.widgets.fields import TickBox
from uno_tui.ui.widgets.footer import Footer

from .modals import ChatPrompt, ConfirmLeave, LinePrompt

SEAT_CHOICES = [("open: a friend, or a bot at the start", "")] + [(f"bot: {level}", level) for level in LEVELS]
KINDS = {"host": "host", "human": "joined", "bot": "bot", "open": ""}


INTERNET = "Open to the internet (asks your router, UPnP)"
INTERNET_HELP = ("Asks your router to pass this table's port to this machine while the table is open, so "
                 "friends on other networks join with the code above; it stops when you leave. The code "
                 "carries the table's key: nobody on the way can read the game or pose as your table.")
STYLES = {"label": "bold", "code": "", "note": "", "warning": "bold italic", "quiet": "dim"}


def _lines(where: list) -> Text:
    """The host's invitation (invite.py), one line each, styled by kind."""
    text = Text()
    for i, line in enumerate(where):
        text.append(("\n" if i else "") + line.text, style=STYLES[line.kind])
    return text


def _menu_value(seat: LobbySeatView) -> str:
    """What a seat's menu shows: its bot's level, or "" (open)."""
    return seat.level if seat.kind == "bot" else ""


class LobbyScreen(Screen):
    """Who sits where, and chat, until the host starts; then the game screen takes the channel.

    Rows are built once, from the first lobby message, and updated in place: a change
    made here comes back as a lobby message, which must not rebuild what sent it."""

    BINDINGS = [Binding("ctrl+s", "start", "Start the game"), Binding("t", "chat", "Chat"),
                Binding("p", "password", "Password"), Binding("escape", "leave", "Leave")]

    def __init__(self, channel: Channel, kind: str, title: str, where: list | None = None, internet: bool = False):
        """``kind``: "host" or "join"; ``where``: what friends join with (the host's screen: invite.Line
        list); ``internet``: the host's switch is on (the router is asked to forward the port)."""
        super().__init__()
        self.channel, self.kind, self.title_text, self.where = channel, kind, title, where
        self.internet, self.asking = internet, False
        self.model = ClientModel()
        self.lobby: LobbyView | None = None
        self.chat: list[str] = []

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="setup", can_focus=False):
            yield Label("Host a game" if self.kind == "host" else "Joined: waiting for the host",
                        id="setup-title")
            yield Static(_lines(self.where) if self.where else "Connecting…", id="addresses")
            if self.kind == "host":
                yield TickBox(INTERNET, self.internet, id="internet", disabled=self.asking, compact=True,
                              tooltip=INTERNET_HELP)
            yield Vertical(id="seats")
            yield Static("", id="lobby-chat")
            with Horizontal(classes="row"):
                yield Button("Start the game", id="start", variant="primary")
                yield Button("Leave", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#start").display = self.kind == "host"
        self.run_worker(read_lobby(self.channel, self.post_message), group="lobby", exclusive=True,
                        exit_on_error=False)

    @on(GameStarted)
    def game_started(self, message: GameStarted) -> None:
        """The game screen takes the channel, and the message that started the game."""
        from .game import GameScreen
        while self.app.screen is not self:       # a chat line or a question left open: gone
            self.app.pop_screen()
        self.app.switch_screen(GameScreen(self.channel, self.title_text, self.kind, pending=(message.first,)))

    @on(LobbyChanged)
    async def lobby_changed(self, message: LobbyChanged) -> None:
        await self.show(message.lobby)

    @on(ChatLine)
    def chat_line(self, message: ChatLine) -> None:
        self.chat = [*self.chat[-4:], message.line.text]
        self.query_one("#lobby-chat", Static).update(Text("\n".join(self.chat)))

    @on(Refused)
    def refused(self, message: Refused) -> None:
        self.notify(message.reason, title="Not allowed", severity="warning")

    @on(Invitation)
    def show_invitation(self, message: Invitation) -> None:
        """What friends join with now (the app asked the router); the switch waits while it is asked."""
        self.where = message.where
        self.asking = self.asking if message.asking is None else message.asking
        self.internet = self.internet if message.internet is None else message.internet
        self.query_one("#addresses", Static).update(_lines(self.where))
        switch = self.query_one("#internet", Checkbox)
        switch.disabled = self.asking
        if switch.value != self.internet:
            with self.prevent(Checkbox.Changed):
                switch.value = self.internet

    @on(Checkbox.Changed, "#internet")
    def internet_switched(self, event: Checkbox.Changed) -> None:
        self.app.post_message(InternetSwitched(event.value))

    @on(ChannelClosed)
    def channel_closed(self, message: ChannelClosed) -> None:
        self.app.post_message(LeaveTable(self.channel, message.reason))

    @property
    def hosting(self) -> bool:
        return self.lobby is not None and self._hosts(self.lobby)

    @staticmethod
    def _hosts(lobby: LobbyView) -> bool:
        return lobby.you == 0 and lobby.seats[0].kind == "host"

    async def show(self, lobby: LobbyView) -> None:
        """Rows are mounted once, then filled in place; ``self.lobby`` is set once they show it."""
        box = self.query_one("#seats", Vertical)
        hosting = self._hosts(lobby)
        if self.lobby is None:
            await box.mount_all(self._row(i, seat) for i, seat in enumerate(lobby.seats))
            if self.kind == "join":
                self.query_one("#addresses", Static).update(
                    Text(f"{lobby.host}'s table · {lobby.edition} · the host starts the game"))
        for i, seat in enumerate(lobby.seats):
            who = seat.name or ("a bot" if seat.kind == "bot" else "(open)")
            kind = f"{seat.level}" if seat.kind == "bot" else KINDS[seat.kind]
            if seat.kind in ("human", "host") and not seat.connected:
                kind = "away"
            if i == lobby.you:
                kind = "you"
            team = f" · {TEAM_NAMES[lobby.teams[i]]}" if lobby.teams else ""
            self.query_one(f"#who-{i}", Label).update(
                Text(f"Seat {i + 1}{team}: {who}" + (f"  ({kind})" if kind else "")))
            menu = self.query_one(f"#seat-{i}", Choice)
            menu.display = hosting and (seat.kind in ("open", "bot") or seat.kind == "human" and not seat.connected)
            value = _menu_value(seat)
            if menu.value != value:
                with self.prevent(Choice.Changed):
                    menu.value = value
        self.lobby = lobby
        self.refresh_bindings()

    @staticmethod
    def _row(i: int, seat: LobbySeatView) -> Horizontal:
        """A seat's row: who sits there, and the host's menu for it (hidden until show())."""
        menu = Choice(SEAT_CHOICES, id=f"seat-{i}", value=_menu_value(seat), steps=False)   # each change seats at once
        menu.display = False
        return Horizontal(Label(classes="field", id=f"who-{i}"), menu, classes="seat-row")

    @on(Choice.Changed)
    def seat_changed(self, event: Choice.Changed) -> None:
        """The host seats a bot (or opens the seat); the lobby message that follows shows it."""
        if not self.hosting or not event.choice.display:
            return                                   # a joiner's (hidden) menus send nothing
        index = int(event.choice.id.removeprefix("seat-"))
        seat = self.lobby.seats[index]
        if (event.value or "") != _menu_value(seat):
            self.send(TakeSeat(seat=index, level=event.value or None))

    def send(self, command) -> None:
        self.run_worker(self.channel.send(self.model.command(command)), group="send", exit_on_error=False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_leave()

    def check_action(self, action: str, parameters) -> bool | None:
        if action in ("start", "password"):
            return self.hosting
        return True

    def action_start(self) -> None:
        if self.hosting:
            self.send(Start())

    def action_chat(self) -> None:
        def said(text: str | None) -> None:
            if text:
                self.send(Chat(text=text))
        self.app.push_screen(ChatPrompt(), said)

    def action_password(self) -> None:
        """The host sets the table's password (or clears it) for those who join from now on."""
        def given(password: str | None) -> None:
            if password is not None:
                self.app.post_message(PasswordSet(password or None))
        self.app.push_screen(LinePrompt("A password for this table", "Enter sets it (empty: none), Esc cancels",
                                        field="table-password", max_length=MAX_PASSWORD, secret=True), given)

    def action_leave(self) -> None:
        def leave(sure: bool = True) -> None:
            if sure:
                self.app.post_message(LeaveTable(self.channel))
        if self.kind != "host":
            leave()
            return
        self.app.push_screen(ConfirmLeave("Everyone who joined is sent away, and the server stops."), leave)
