"""Hosting and joining: the host's lobby (addresses, seats, start) and the join form."""
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from ..bots import LEVELS
from ..hosting import DEFAULT_PORT, HostSession, local_addresses

SEAT_CHOICES = [("open (a friend joins)", "")] + [(f"bot: {level}", level) for level in LEVELS]


class LobbyChanged(Message):
    """Someone joined or left the lobby."""


class HostScreen(Screen):
    """The host's lobby: where friends connect, who has, which seats bots take; then start."""

    BINDINGS = [Binding("ctrl+s", "start", "Start the game"), Binding("escape", "leave", "Menu")]

    def __init__(self, session: HostSession, bind: str = "0.0.0.0", port: int = DEFAULT_PORT):
        super().__init__()
        self.session, self.bind, self.port = session, bind, port
        session.on_change = lambda: self.post_message(LobbyChanged())

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="setup"):
            yield Label("Host a LAN game", id="setup-title")
            yield Static("Starting the server…", id="addresses")
            yield Vertical(id="seats")
            with Horizontal(classes="row"):
                yield Button("Start the game", id="start", variant="primary")
                yield Button("Back", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self.open_server()

    @work(exclusive=True, group="server", exit_on_error=False)
    async def open_server(self) -> None:
        try:
            port = await self.session.serve(self.bind, self.port)
        except OSError as e:
            self.query_one("#addresses", Static).update(Text(f"Cannot listen on port {self.port}: {e.strerror}",
                                                             style="bold red"))
            return
        where = "  ·  ".join(f"{address}:{port}" for address in local_addresses())
        text = Text("Friends join with:  ", style="bold")
        text.append(f"uno-tui join {local_addresses()[0]}:{port}\n")
        text.append(f"Addresses of this machine: {where}", style="dim")
        self.query_one("#addresses", Static).update(text)
        self.post_message(LobbyChanged())
        if self.session.table is not None:          # a resumed game: straight back to the table
            from .game import GameScreen
            self.app.switch_screen(GameScreen(self.session.local, title=f"uno-tui · hosting on port {port}"))

    @on(LobbyChanged)
    async def show_seats(self) -> None:
        box = self.query_one("#seats", Vertical)
        await box.remove_children()
        rows = []
        for i, seat in enumerate(self.session.seats):
            label = Label(Text(f"Seat {i + 1}: {seat.name or '(open)'}"
                               + ({"host": "  (you)", "human": "  (joined)"}.get(seat.kind, ""))), classes="field")
            row = [label]
            if seat.kind in ("open", "bot"):
                row.append(Select(SEAT_CHOICES, value=seat.level if seat.kind == "bot" else "",
                                  allow_blank=False, id=f"seat-{i}"))
            rows.append(Horizontal(*row, classes="row"))
        await box.mount_all(rows)

    @on(Select.Changed)
    def seat_changed(self, event: Select.Changed) -> None:
        if event.select.id and event.select.id.startswith("seat-"):
            self.session.set_bot(int(event.select.id.removeprefix("seat-")), event.value or None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_leave()

    def action_start(self) -> None:
        if self.session.port is None:
            return
        from .game import GameScreen
        if self.session.table is not None:
            return
        channel = self.session.start()
        self.app.switch_screen(GameScreen(channel, title=f"uno-tui · hosting on port {self.session.port}"))

    def action_leave(self) -> None:
        self.run_worker(self.session.close(), exit_on_error=False)
        self.app.pop_screen()


class JoinScreen(Screen):
    """Join a friend's game: their address and your name."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, address: str = "", name: str = "You"):
        super().__init__()
        self.address, self.player_name = address, name

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="setup"):
            yield Label("Join a LAN game", id="setup-title")
            with Horizontal(classes="row"):
                yield Label("Host address", classes="field")
                yield Input(self.address, placeholder=f"192.168.1.20:{DEFAULT_PORT}", id="address")
            with Horizontal(classes="row"):
                yield Label("Your name", classes="field")
                yield Input(self.player_name, id="name", max_length=24)
            yield Static("", id="join-error")
            with Horizontal(classes="row"):
                yield Button("Join", id="join", variant="primary")
                yield Button("Back", id="back")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "join":
            self.join()
        else:
            self.app.pop_screen()

    @on(Input.Submitted)
    def submitted(self) -> None:
        self.join()

    def join(self) -> None:
        from ..cli import parse_address
        try:
            host, port = parse_address(self.query_one("#address", Input).value.strip())
        except ValueError as e:
            self.query_one("#join-error", Static).update(Text(str(e), style="bold red"))
            return
        name = self.query_one("#name", Input).value.strip() or "Player"
        self.query_one("#join-error", Static).update(f"Connecting to {host}:{port}…")
        self.app.join_game(host, port, name, on_error=self.failed)

    def failed(self, reason: str) -> None:
        self.query_one("#join-error", Static).update(Text(reason, style="bold red"))
