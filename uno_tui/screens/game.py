"""The game screen: your hand, the table, the log; every decision one key or one click.

It renders the client model of the seat's view and sends commands through
the channel. It never touches the engine or a socket: solo, host and join
all look the same from here.
"""
from textual import on, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from ..client import ClientModel
from ..engine import card_info
from ..messages import ChannelClosed, TableMessage
from ..prompts import prompt
from ..widgets.hand import HandView
from ..widgets.table_view import LogView, OpponentList, PileView, StatusLine
from .help import HelpScreen
from .modals import ColorPicker, HandOverScreen, RespondModal

#: action name -> (palette title, help)
PALETTE = {
    "draw": ("Draw a card", "Draw instead of playing"),
    "play_drawn": ("Play the drawn card", "Play the card you just drew"),
    "keep": ("Keep the drawn card", "Keep it and end your turn"),
    "uno": ("Say UNO", "Say UNO now, or with your next play"),
    "catch": ("Catch!", "Catch a player who did not say UNO"),
    "respond": ("Answer the card played at you", "Accept, challenge or shield"),
    "pass_turn": ("Pass", "Nothing to play and nothing to draw"),
    "chat": ("Chat", "Say something to the table"),
    "help": ("Rules", "The rules of this edition"),
}


class GameScreen(Screen):
    BINDINGS = [
        Binding("d", "draw", "Draw"),
        Binding("p", "play_drawn", "Play drawn"),
        Binding("k", "keep", "Keep"),
        Binding("u", "uno", "UNO!"),
        Binding("c", "catch", "Catch!"),
        Binding("a", "respond", "Answer"),
        Binding("n", "pass_turn", "Pass"),
        Binding("t", "chat", "Chat"),
        Binding("question_mark", "help", "Rules"),
        Binding("escape", "leave", "Menu"),
    ]

    def __init__(self, channel, title: str = "uno-tui"):
        super().__init__()
        self.channel = channel
        self.title_text = title
        self.model = ClientModel()
        self.uno_armed = False
        self._modal: str | None = None          # the decision modal on screen now
        self._answered: set[str] = set()        # decisions already answered (so none is asked twice)
        self._enabled: tuple = ()

    def compose(self) -> ComposeResult:
        yield Static(self.title_text, id="title")
        with Horizontal(id="top"):
            with Vertical(id="left"):
                yield OpponentList(id="opponents")
                yield PileView(id="pile")
            yield LogView(id="log")
        yield StatusLine(id="status")
        yield HandView(id="hand")
        yield Input(id="chat", placeholder="Say something (Enter to send, Esc to cancel)", max_length=200)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#chat").display = False
        self.query_one(HandView).focus()
        self.listen()
        if hasattr(self.channel, "status"):
            self.set_interval(1.0, self._check_link)

    def _check_link(self) -> None:
        """A joined game: say so while the connection to the host is being restored."""
        if self.channel.status == "reconnecting":
            self.query_one(StatusLine).show("Connection to the host lost: reconnecting…", False)
        elif self.model.view is not None and self.channel.status == "connected":
            self.query_one(StatusLine).show(prompt(self.model.view), self.model.my_decision())

    @work(exclusive=True, group="table", exit_on_error=False)
    async def listen(self) -> None:
        """Read the channel; post each message to the screen (workers never touch widgets)."""
        try:
            while True:
                self.post_message(TableMessage(await self.channel.recv()))
        except (ConnectionError, EOFError) as e:
            self.post_message(ChannelClosed(str(e) or "the connection to the table was lost"))

    # ------------------------------------------------------------ incoming
    @on(TableMessage)
    def on_table_message(self, message: TableMessage) -> None:
        msg = message.msg
        before = len(self.model.log)
        change = self.model.apply(msg)
        log = self.query_one(LogView)
        if change == "gap":
            self.send(self.model.command("snapshot"))
        elif change == "error":
            self.notify(self.model.error, title="Not allowed", severity="warning")
        elif change == "chat":
            log.add_chat(msg)
        elif change == "lobby" and self.model.view is None:
            self.query_one(PileView).show_lobby(msg)
            self.query_one(StatusLine).show(f"In the lobby: waiting for {msg['host']} to start the game…", False)
        elif change == "view":
            if msg["type"] == "snapshot":
                log.clear()
                log.add_lines(self.model.log, self.model.seat)
                for line in self.model.chat:
                    log.add_chat(line)
            else:
                log.add_lines(self.model.log[before:], self.model.seat)
            self.refresh_view()

    @on(ChannelClosed)
    def on_channel_closed(self, message: ChannelClosed) -> None:
        self.query_one(StatusLine).show(f"Disconnected: {message.reason}", False)
        self.notify(message.reason, title="Disconnected", severity="error", timeout=10)

    def refresh_view(self) -> None:
        view = self.model.view
        table = view["table"]
        title = f"uno-tui · {table['rules']['preset']} · hand {table['hand_no']}"
        if table["match"]["mode"] != "single":
            title += f" · {table['match']['mode'].replace('_', ' ')} {table['match']['target']}"
            if view["seat"] is not None:
                title += f" · you: {table['scores'][view['seat']]} pts"
        title_widget = self.query_one("#title", Static)
        if str(title_widget.content) != title:
            title_widget.update(title)
        self.query_one(OpponentList).show(view)
        self.query_one(PileView).show(view)
        mine = self.model.my_decision()
        status = prompt(view)
        if self.uno_armed:
            status += "  [UNO will be said with your next play]"
        self.query_one(StatusLine).show(status, mine)
        playable = self.model.playable_cards() if mine else set()
        if mine and view["phase"] == "drawn":
            playable = {view["drawn"]}
        self.query_one(HandView).set_hand(view["hand"], playable)
        enabled = tuple(bool(self.check_action(name, ())) for name in PALETTE)
        if enabled != self._enabled:            # the footer re-renders only when the choices change
            self._enabled = enabled
            self.refresh_bindings()
        self._ask()

    def _ask(self) -> None:
        """Open the modal a pending decision needs (once), or close one no longer needed."""
        view, model = self.model.view, self.model
        needed = None
        if view["over"]:
            needed = f"over:{view['table']['hand_no']}:{view['table']['match']['over']}"
        elif model.my_decision() and view["phase"] in ("color", "respond"):
            needed = f"{view['phase']}:{self.model.last_seq}"
        if needed and needed in self._answered:
            needed = None
        if self._modal and self._modal.split(":")[0] != (needed or "").split(":")[0]:
            self.app.pop_screen()
            self._modal = None
        if not needed or self._modal:
            return
        self._modal = needed
        kind = needed.split(":")[0]
        if kind == "color":
            self.app.push_screen(ColorPicker("The first card is a wild: choose its colour", cancel=False),
                                 lambda c: self._answer(needed, {"kind": "color", "color": c}))
        elif kind == "respond":
            self.app.push_screen(RespondModal(view), lambda a: self._respond(needed, a))
        else:
            self.app.push_screen(HandOverScreen(view, model.last_hands), lambda a: self._hand_over(needed, a))

    def _answer(self, key: str, action: dict | None) -> None:
        self._modal = None
        self._answered.add(key)
        if action is not None:
            self.act(action)

    def _respond(self, key: str, answer: str | None) -> None:
        if answer in ("accept", "challenge"):
            self._answer(key, {"kind": answer})
        elif answer == "shield":
            self._answer(key, None)
            self._choose_ways([a for a in self.model.legal if a["kind"] == "shield"])
        else:
            self._answer(key, None)              # stacking: choose the card from the hand
            self.query_one(HandView).focus()

    def _hand_over(self, key: str, answer: str) -> None:
        self._answer(key, None)
        if answer == "menu":
            self.action_leave()
        else:
            self.send(self.model.command("ready"))
            self.query_one(StatusLine).show("Waiting for the next hand…", False)

    # ------------------------------------------------------------ outgoing
    def send(self, command: dict) -> None:
        self.run_worker(self.channel.send(command), group="send", exit_on_error=False)

    def act(self, action: dict) -> None:
        if action.get("uno"):
            self.uno_armed = False
        self.send(self.model.command("action", action=action))

    def _choose_ways(self, ways: list[dict]) -> None:
        """Play one of these (a card's variants): ask the colour if it is a wild; add UNO if armed."""
        if not ways:
            return

        def pick(color: str | None) -> None:
            if color is None and any(w.get("color") for w in ways):
                return                            # the colour picker was cancelled
            options = [w for w in ways if w.get("color") == color]
            said = [w for w in options if w.get("uno")]
            plain = [w for w in options if not w.get("uno")]
            self.act(said[0] if said and self.uno_armed else plain[0])

        if any(w.get("color") for w in ways):
            self.app.push_screen(ColorPicker(), pick)
        else:
            pick(None)

    @on(HandView.Chosen)
    def on_card_chosen(self, message: HandView.Chosen) -> None:
        model, code = self.model, message.code
        if not model.my_decision():
            self.notify("It is not your turn.", severity="warning")
            return
        if model.view["phase"] == "drawn":
            if code == model.view["drawn"]:
                self.action_play_drawn()
            else:
                self.notify("You may play only the card you drew (p), or keep it (k).", severity="warning")
            return
        ways = model.plays_of(code)
        if not ways:
            top = card_info(model.view["top"])["name"]
            self.notify(f"{card_info(code)['name']} cannot be played on {top} now.", severity="warning")
            return
        if ways[0]["kind"] == "discard":
            self.act(ways[0])
        else:
            self._choose_ways(ways)

    @on(Input.Submitted, "#chat")
    def on_chat(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.send(self.model.command("chat", text=event.value))
        self._close_chat()

    def _close_chat(self) -> None:
        chat = self.query_one("#chat", Input)
        chat.value, chat.display = "", False
        self.query_one(HandView).focus()

    # ------------------------------------------------------------ actions
    def _simple(self, kind: str) -> None:
        action = next((a for a in self.model.legal if a["kind"] == kind), None)
        if action is not None:
            self.act(action)

    def action_draw(self) -> None:
        self._simple("draw")

    def action_keep(self) -> None:
        self._simple("keep")

    def action_pass_turn(self) -> None:
        self._simple("pass")

    def action_catch(self) -> None:
        self._simple("catch")

    def action_play_drawn(self) -> None:
        self._choose_ways([a for a in self.model.legal if a["kind"] == "play_drawn"])

    def action_uno(self) -> None:
        if self.model.can("say_uno"):
            self._simple("say_uno")
        elif any(a.get("uno") for a in self.model.legal):
            self.uno_armed = not self.uno_armed
            self.refresh_view()

    def action_respond(self) -> None:
        self._answered.discard(f"respond:{self.model.last_seq}")
        self._ask()

    def action_chat(self) -> None:
        chat = self.query_one("#chat", Input)
        chat.display = True
        chat.focus()

    def action_help(self) -> None:
        rules = self.model.view["table"]["rules"] if self.model.view else None
        self.app.push_screen(HelpScreen(rules))

    def action_leave(self) -> None:
        """Esc: close the chat line if it is open, else leave the table for the menu."""
        if self.query_one("#chat").display:
            self._close_chat()
            return
        close = getattr(self.channel, "close", None)
        if close:
            close()
        self.app.pop_screen()

    def check_action(self, action: str, parameters) -> bool | None:
        model = self.model
        if model.view is None:
            return action in ("help", "leave")
        checks = {
            "draw": lambda: model.can("draw"),
            "keep": lambda: model.can("keep"),
            "play_drawn": lambda: model.can("play_drawn"),
            "pass_turn": lambda: model.can("pass"),
            "catch": lambda: model.can("catch") and model.view["catchable"] is not None,
            "uno": lambda: model.can("say_uno") or any(a.get("uno") for a in model.legal),
            "respond": lambda: model.my_decision() and model.view["phase"] == "respond",
            "chat": lambda: sum(s["kind"] == "human" for s in model.view["table"]["seats"]) > 1,
        }
        check = checks.get(action)
        return True if check is None else bool(check())

    def palette_commands(self):
        for action, (title, help_text) in PALETTE.items():
            if self.check_action(action, ()):
                yield SystemCommand(title, help_text, getattr(self, f"action_{action}"))
