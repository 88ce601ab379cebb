"""The game screen: your hand, the table, the log; every decision one key or one click.

It renders the client model of the seat's view and sends commands through
the channel. It never touches the engine or a socket: solo, host and join
all look the same from here.
"""
import time

from textual import on, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..client import ClientModel
from ..engine import card_info
from ..messages import ChannelClosed, TableMessage
from ..prompts import prompt
from ..table import Channel
from ..widgets.hand import HandView
from ..widgets.table_view import LogView, OpponentList, PileView, StatusLine
from .help import HelpScreen
from .decisions import Decisions
from .modals import ChatPrompt, ConfirmLeave, HandOverScreen

#: what leaving does, said before the player confirms it
LEAVING = {
    "solo": "Your game is saved: Resume it from the start screen.",
    "host": "This ends the game for everyone at your table.",
    "join": "A bot plays for you after a short wait; run the same join again to take your seat back.",
}

#: action name -> (palette title, help)
PALETTE = {
    "draw": ("Draw a card", "Draw instead of playing"),
    "play_drawn": ("Play the drawn card", "Play the card you just drew"),
    "keep": ("Keep the drawn card", "Keep it and end your turn"),
    "uno": ("Say UNO", "Say UNO now, or with your next play"),
    "catch": ("Catch!", "Catch a player who did not say UNO"),
    "jump_in": ("Jump in", "Play your card identical to the top one, out of turn"),
    "respond": ("Answer the card played at you", "Accept, challenge or shield"),
    "pass_turn": ("Pass", "Nothing to play and nothing to draw"),
    "chat": ("Chat", "Say something to the table"),
    "help": ("Rules", "The rules of this edition"),
    "leave": ("Leave the game", "Back to the start screen (asks first)"),
}


class GameScreen(Decisions, Screen):
    BINDINGS = [
        Binding("d", "draw", "Draw"),
        Binding("p", "play_drawn", "Play drawn"),
        Binding("k", "keep", "Keep"),
        Binding("u", "uno", "UNO!"),
        Binding("c", "catch", "Catch!"),
        Binding("j", "jump_in", "Jump in!"),
        Binding("a", "respond", "Answer"),
        Binding("n", "pass_turn", "Pass"),
        Binding("t", "chat", "Chat"),
        Binding("question_mark", "help", "Rules"),
        Binding("escape", "leave", "Leave"),
    ]

    def __init__(self, channel: Channel, title: str = "uno-tui", kind: str = "solo", pending: tuple = ()):
        """``kind``: "solo", "host" or "join" (what leaving does). ``pending``: messages
        already read from the channel (by the lobby) to take in first."""
        super().__init__()
        self.channel, self.kind, self.pending, self.title_text = channel, kind, pending, title
        self.model, self.uno_armed = ClientModel(), False
        self._modal, self._modal_screen = None, None   # the decision dialog on screen now: its key, itself
        self._answered: set[str] = set()        # decisions already answered (so none is asked twice)
        self._enabled: tuple = ()
        self._view_at = 0.0                     # when the latest view came (countdowns run from it)
        self._link_lost = False

    def compose(self) -> ComposeResult:
        yield Static(self.title_text, id="title")
        with Horizontal(id="top"):
            with Vertical(id="left"):
                yield OpponentList(id="opponents")
                yield PileView(id="pile")
            yield LogView(id="log")
        yield StatusLine(id="status")
        yield HandView(id="hand")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(HandView).focus()
        for msg in self.pending:
            self.post_message(TableMessage(msg))
        self.listen()
        self.set_interval(1.0, self._tick)

    def _tick(self) -> None:
        """Once a second: the link to the host (a joined game), and the away players' countdowns."""
        status = self.channel.status
        if status == "reconnecting":
            self._link_lost = True
            self.query_one(StatusLine).show(
                f"Lost the host; trying again for {self.channel.give_up_after:.0f} s…", False)
        elif self._link_lost and status == "connected" and self.model.view is not None:
            self._link_lost = False
            self.refresh_view()
        view = self.model.view
        if view and any(s.get("bot_in") is not None for s in view["table"]["seats"]):
            self.query_one(OpponentList).show(view, time.monotonic() - self._view_at)
        if view and view["over"] and view["table"].get("next_hand_in") is not None and not self._link_lost:
            self.query_one(StatusLine).show(prompt(view, time.monotonic() - self._view_at), False)

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
        elif change in ("view", "chat"):         # the model's log holds chat too, in order
            if msg["type"] == "snapshot":
                log.clear()
                log.add_lines(self.model.log, self.model.seat)
            else:
                log.add_lines(self.model.log[before:], self.model.seat)
            if change == "view":
                self.refresh_view()

    @on(ChannelClosed)
    def on_channel_closed(self, message: ChannelClosed) -> None:
        """The host ended the game or could not be reached again: back to the start, saying why."""
        self.app.leave_game(self.channel, message.reason)

    def refresh_view(self) -> None:
        view = self.model.view
        self._view_at = time.monotonic()
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
            if self.app.screen is not self:      # a dialog's footer offers some of them too
                self.app.screen.refresh_bindings()
        if isinstance(self._modal_screen, HandOverScreen):
            self._modal_screen.show_wait(view)
        self._ask()

    # ------------------------------------------------------------ outgoing
    def send(self, command: dict) -> None:
        self.run_worker(self.channel.send(command), group="send", exit_on_error=False)

    def act(self, action: dict) -> None:
        if action.get("uno"):
            self.uno_armed = False
        self.send(self.model.command("action", action=action))

    @on(HandView.Chosen)
    def on_card_chosen(self, message: HandView.Chosen) -> None:
        model, code = self.model, message.code
        if not model.my_decision():
            jumps = [a for a in model.legal if a["kind"] == "jump_in" and a["card"] == code]
            if jumps:
                self._choose_ways(jumps)
            else:
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

    def action_jump_in(self) -> None:
        self._choose_ways([a for a in self.model.legal if a["kind"] == "jump_in"])

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
        def said(text: str | None) -> None:
            if text:
                self.send(self.model.command("chat", text=text))
            self._ask()
        self.app.push_screen(ChatPrompt(), said)

    def action_help(self) -> None:
        rules = self.model.view["table"]["rules"] if self.model.view else None
        self.app.push_screen(HelpScreen(rules), lambda _: self._ask())

    def action_leave(self) -> None:
        """Esc (or Menu after a hand): ask, then leave the table for the start screen."""
        def answered(leave: bool) -> None:
            if leave:
                self.app.leave_game(self.channel)
            else:
                self._ask()
        self.app.push_screen(ConfirmLeave(LEAVING[self.kind]), answered)

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
            "jump_in": lambda: model.can("jump_in"),
            "uno": lambda: model.can("say_uno") or any(a.get("uno") for a in model.legal),
            "respond": lambda: model.my_decision() and model.view["phase"] == "respond",
            "chat": lambda: model.seat is None or sum(s["kind"] == "human" for s in model.view["table"]["seats"]) > 1,
        }
        check = checks.get(action)
        return True if check is None else bool(check())

    def palette_commands(self):
        """Every command, always: those that do nothing now are marked so (and say so if chosen)."""
        for action, (title, help_text) in PALETTE.items():
            if self.check_action(action, ()):
                yield SystemCommand(title, help_text, getattr(self, f"action_{action}"))
            else:
                yield SystemCommand(f"{title} (unavailable now)", help_text,
                                    lambda title=title: self.notify(f"{title}: not possible now.", severity="warning"))
