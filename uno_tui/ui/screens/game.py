"""The game screen: your hand, the table, the log; every decision one key or one click. It renders
the client model of the seat's view and sends commands through the channel, never touching the
engine or a socket: solo, host and join all look the same from here."""
import gc
import math
import time
from collections.abc import Iterable

from textual import on
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal
from textual.reactive import var
from textual.screen import Screen

from uno_tui.client.model import ClientModel
from uno_tui.protocol.sent import AskRecord, Snapshot
from uno_tui.protocol.views import View
from uno_tui.storage.settings import motion_on, save_motion
from uno_tui.table import Channel
from uno_tui.ui.messages import ChannelClosed, ChatLine, LeaveTable, LinkChanged, RecordSent, Refused, ViewChanged
from uno_tui.ui.joining import keep_hosts_record
from uno_tui.ui.prompts import counting, heading, prompt
from uno_tui.ui.reading import read_game
from uno_tui.ui.widgets.footer import Footer
from uno_tui.ui.widgets.hand import HandView
from uno_tui.ui.widgets.log import LogView
from uno_tui.ui.widgets.status import StatusLine, TitleBar
from uno_tui.ui.widgets.table import TableView

from .decisions import Ask, Decisions
from .moves import Moves
from .palette import PALETTE, GameCommands, every_command

#: the collector's first threshold while a game is on screen (Python's is 700): an update makes
#: ~1,600 containers, so it ran twice an update, and more often walked the older generations
YOUNG_THRESHOLD = 10_000
#: seconds a "Too late: ..." sentence holds the status line
LATE_SHOWN = 3.0

PHONE_BELOW = 66        # columns: a screen narrower has the phone's layout (the table's 40 and the log's 26 need 66)
SHORT_BELOW = 30        # lines: a phone's screen shorter has no log under the table
TINY_BELOW = 22         # lines: a screen shorter has no title line and no frame round the hand


class GameScreen(Screen):
    COMMANDS = {GameCommands}
    BINDINGS = [
        Binding("d", "draw", "Draw"), Binding("p", "play_drawn", "Play drawn"), Binding("k", "keep", "Keep"),
        Binding("u", "uno", "UNO!"), Binding("c", "catch", "Catch!"), Binding("j", "jump_in", "Jump in!"),
        Binding("a", "respond", "Answer"), Binding("n", "stop", "No more"), Binding("n", "pass_turn", "Pass"),
        Binding("t", "chat", "Chat"), Binding("m", "motion", "Motion", show=False),
        Binding("h", "host_record", "Host's record", show=False), Binding("question_mark", "help", "Rules"),
        Binding("escape", "leave", "Leave"),
    ]
    #: the layout's classes by the screen's width (uno.tcss sizes the log from them; -phone, a
    #: phone upright or a narrow terminal, has the log under the table)
    HORIZONTAL_BREAKPOINTS = [(0, "-phone"), (PHONE_BELOW, "-narrow"), (110, "-medium"), (150, "-wide")]
    #: by its height: a short phone screen has no room for the log under the table; a tiny one
    #: (a phone on its side) none for the title and the hand's frame
    VERTICAL_BREAKPOINTS = [(0, "-tiny"), (TINY_BELOW, "-short"), (SHORT_BELOW, "-tall")]

    #: the seat's latest view: the widgets below are bound to it or to what is made from it (vars:
    #: a change repaints the widgets bound to it, not the whole screen)
    view: var[View | None] = var(None, always_update=True)
    heading: var[tuple[str, ...]] = var(("uno-tui",))       # the title line, longest first (prompts.heading)
    status: var[tuple[str, bool]] = var(("", False))
    hand: var[tuple[tuple[str, ...], frozenset]] = var(((), frozenset()))
    since = var(0.0)                            # seconds since the view came (countdowns run from it)
    uno_armed = var(False)
    motion = var(True)                          # cards move across the table
    #: whether each of PALETTE's commands is possible now (what the footers offer)
    offered: var[tuple[bool, ...]] = var(())

    def __init__(self, channel: Channel, title: str = "uno-tui", kind: str = "solo", pending: tuple = ()):
        """``kind``: "solo", "host" or "join" (what leaving does). ``pending``: messages
        already read from the channel (by the lobby) to take in first."""
        super().__init__()
        self.channel, self.kind, self.pending = channel, kind, pending
        self.set_reactive(GameScreen.heading, (title,))
        self.set_reactive(GameScreen.motion, motion_on())
        self.model = ClientModel()
        self.moves = Moves(self)
        self.decisions = Decisions(self, self.moves)
        self._view_at = 0.0                     # when the latest view came
        self.link_lost = False                  # no host to send a move to (until the link is restored)
        self._lost_at = 0.0                     # when the link to the host was seen lost
        self._late: tuple[str, float] = ("", 0.0)   # a late press's sentence, and until when it shows

    def compose(self) -> ComposeResult:
        yield TitleBar(id="title").data_bind(GameScreen.heading)
        with Horizontal(id="top"):
            yield TableView(id="table").data_bind(GameScreen.view, GameScreen.since, GameScreen.motion)
            yield LogView(id="log")
        yield StatusLine(id="status").data_bind(GameScreen.status)
        yield HandView(id="hand").data_bind(GameScreen.hand)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(HandView).focus()
        self.run_worker(read_game(self.channel, self.model, self.post_message, self.pending), group="table",
                        exclusive=True, exit_on_error=False)
        if self.channel.give_up_after is not None:      # a network channel: its link can be lost, and restored
            self.channel.watch_status(lambda status: self.post_message(LinkChanged(status)))
            self.post_message(LinkChanged(self.channel.status))
        self.set_interval(1.0, self._tick)
        self.set_interval(0.1, self._tick_window)
        self._threshold = gc.get_threshold()
        gc.freeze()                 # the app, the table and this screen live through the game: left out of collections
        gc.set_threshold(YOUNG_THRESHOLD, *self._threshold[1:])

    def on_unmount(self) -> None:
        gc.unfreeze()               # (what was frozen may be garbage now: collected as usual again)
        gc.set_threshold(*self._threshold)

    def _tick(self) -> None:
        """Once a second: the countdowns (the lost link's, and the table's)."""
        if self.link_lost:
            self._show_status()
        if self.view and counting(self.view):
            self.since = time.monotonic() - self._view_at

    def _tick_window(self) -> None:
        """Ten times a second while a reaction window runs: its bar shrinks."""
        view = self.view
        if view and view.table.window_in is not None and self.since <= view.table.window_in:
            self.since = time.monotonic() - self._view_at

    # ------------------------------------------------------------ incoming
    @on(LinkChanged)
    def link_changed(self, message: LinkChanged) -> None:
        """The link to the host lost (nothing is playable with no host to play to), or back."""
        if message.status == "reconnecting" and not self.link_lost:
            self.link_lost, self._lost_at = True, time.monotonic()
            self.hand = (self.hand[0], frozenset())
            self._offer_moves()
            self._show_status()
        elif message.status == "connected" and self.link_lost:
            self.link_lost = False
            self._offer_moves()
            self._show_status()                  # the link's line gives way to what the game waits for

    @on(ViewChanged)
    def view_changed(self, message: ViewChanged) -> None:
        log = self.query_one(LogView)
        if message.fresh:
            log.clear()
        log.add_lines(message.lines, self.model.seat)
        self._view_at = time.monotonic()
        self.since = 0.0
        self.view = message.view

    @on(ChatLine)
    def chat_line(self, message: ChatLine) -> None:
        """Logged in order with the game, and said (unless it is this seat's own)."""
        self.query_one(LogView).add_lines([message.line], self.model.seat)
        if message.line.seat != self.model.seat:
            self.notify(message.line.text, title="Chat", timeout=8)

    @on(Refused)
    def refused(self, message: Refused) -> None:
        if message.reason.startswith("Too late"):     # the table saw the chance go first
            self._say_late(message.reason)
        else:
            self.notify(message.reason, title="Not allowed", severity="warning")

    def action_host_record(self) -> None:
        """Ask the host for its record of the match just over (it comes back as RecordSent)."""
        self.send(self.model.command(AskRecord()))

    @on(RecordSent)
    def keep_hosts_record(self, message: RecordSent) -> None:
        keep_hosts_record(self, message.record, self.channel)

    @on(ChannelClosed)
    def channel_closed(self, message: ChannelClosed) -> None:
        """The host ended the game or could not be reached again: back to the start, saying why."""
        self.app.post_message(LeaveTable(self.channel, message.reason))

    def watch_view(self, old: View | None, view: View | None) -> None:
        """What the widgets show, made from the new view; then the decision it asks for."""
        if view is None:
            return
        self.heading = heading(view)
        self._show_status()
        self.hand = (tuple(view.hand), self.moves.playable())
        if view.phase == "drawn" and view.drawn is not None and (old is None or old.phase != "drawn"):
            # the card you just drew (told to you only) is the one Enter may play: the cursor goes to it
            # (once); read off this view, not the model's, which may have moved on since it was posted
            self.query_one(HandView).cursor = view.hand.index(view.drawn)
        self._offer_moves()
        self.offer_decision()

    def _offer_moves(self) -> None:
        """What is possible now: the footer (and a decision's, which watches it) re-renders when it changes."""
        self.offered = tuple(bool(self.check_action(name, ())) for name in PALETTE)

    def watch_offered(self) -> None:
        self.refresh_bindings()

    def _show_status(self) -> None:
        if self.link_lost:
            left = max(0, math.ceil(self.channel.give_up_after - (time.monotonic() - self._lost_at)))
            self.status = (f"Lost the host; trying again for {left} s…", False)
            return
        if self.view is None:
            return
        text = prompt(self.view, self.since)
        if self._late[0] and time.monotonic() < self._late[1]:
            text = self._late[0]
        if self.uno_armed:
            text += "  [UNO: said as you play]"          # short: the status fits one line at 80x24
        self.status = (text, self.model.my_decision())

    def watch_since(self) -> None:
        self._show_status()

    def watch_uno_armed(self) -> None:
        self._show_status()

    def on_key(self, event) -> None:
        """Any key lands the cards in flight at once: motion never holds up a move. A chance's key
        pressed once the chance has gone says who took it first."""
        self.query_one(TableView).land()
        view = self.model.view
        if view is not None and view.seat is not None and view.table.seats[view.seat].away:
            self.send(self.model.command(Snapshot()))       # any key: here again (the table hands the seat back)
        late = self.moves.too_late(event.key)
        if late:
            self._say_late(late)

    def _say_late(self, text: str) -> None:
        self._late = (text, time.monotonic() + LATE_SHOWN)
        self._show_status()

    def on_click(self) -> None:
        self.query_one(TableView).land()

    # ------------------------------------------------------------ outgoing
    def offer_decision(self) -> None:
        """The dialog a decision the table asks for needs, opened (or one no longer needed, closed)."""
        self.decisions.ask()

    def on_hand_view_chosen(self, message: HandView.Chosen) -> None:
        self.moves.chosen(message.code)

    def action_draw(self) -> None:
        self.moves.draw()

    def action_keep(self) -> None:
        self.moves.keep()

    def action_pass_turn(self) -> None:
        self.moves.pass_turn()

    def action_stop(self) -> None:
        self.moves.stop()

    def action_catch(self) -> None:
        self.moves.catch()

    def action_jump_in(self) -> None:
        self.moves.jump_in()

    def action_play_drawn(self) -> None:
        self.moves.play_drawn()

    def action_uno(self) -> None:
        self.moves.uno()

    def action_respond(self) -> None:
        """The card played at you, answered again (its dialog put aside to stack a card from the hand)."""
        self.decisions.ask_again(Ask.RESPOND)

    def send(self, command: dict) -> None:
        self.run_worker(self.channel.send(command), group="send", exit_on_error=False)

    # ------------------------------------------------------------ dialogs and settings
    def action_chat(self) -> None:
        self.decisions.chat()

    def action_help(self) -> None:
        self.decisions.rules()

    def action_leave(self) -> None:
        """Esc (or Menu after a hand): ask, then leave the table for the start screen."""
        self.decisions.leave()

    def action_motion(self) -> None:
        """Cards moving across the table, on or off (remembered)."""
        self.motion = not self.motion
        self.query_one(TableView).land()
        save_motion(self.motion)
        self.notify("Motion on." if self.motion else "Motion off.")

    def check_action(self, action: str, parameters) -> bool | None:
        return self.moves.possible(action)

    def palette_commands(self) -> Iterable[SystemCommand]:
        return every_command(self)
