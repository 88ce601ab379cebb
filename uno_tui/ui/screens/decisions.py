"""The game screen's decision dialogs: which one the table's view asks for (the first wild's
colour, a card played at you, whose hand a 7 takes, the end of a hand), opened once, closed when
the table moves on, and never over a chat line, the rules or "Leave?" (asked again once they
close). Each is one worker that waits for the dialog's answer (push_screen_wait) and acts on it."""
from dataclasses import dataclass
from enum import Enum

from textual.screen import Screen

from uno_tui.engine import Action
from uno_tui.protocol.sent import Chat, Ready
from uno_tui.ui.messages import LeaveTable
from uno_tui.ui.widgets.hand import HandView

from .handover import HandOverScreen
from .help import HelpScreen
from .modals import ChatPrompt, ColorPicker, ConfirmLeave, RespondModal, SeatPicker
from .moves import Moves

#: what leaving does, said before the player confirms it
LEAVING = {
    "solo": "Your game is saved: Resume it from the start screen.",
    "host": ("End the game: it ends for everyone at your table, and its save is deleted.\n"
             "Keep for later: everyone leaves now; Host on the start screen (or uno-tui host --resume) "
             "carries it on, and players take their seats back."),
    "join": "A bot plays for you after a short wait; {back} to take your seat back.",
}
#: how a player who joined comes back: a terminal's join command, a browser tab's page, ssh
COMING_BACK = {"terminal": "run the same join again", "browser": "join again from this page",
               "ssh": "connect again with the same ssh command"}
MATCH_OVER = "The match is over: nothing is kept to resume."


class Ask(Enum):
    """What a decision's dialog asks."""
    COLOR = "color"                 # the first card is a wild: its colour
    RESPOND = "respond"             # a card played at you
    SWAP = "swap"                   # your 7: whose hand
    OVER = "over"                   # the hand (or the match) is over: go on, or leave


@dataclass(frozen=True)
class Decision:
    """One decision the table asks for: ``at`` tells it from the next of its kind (the view's
    sequence number; for the end of a hand, the hand and whether the match is over with it)."""
    ask: Ask
    at: tuple


class Decisions:
    """The dialogs of the game screen that owns it: the decisions the table asks for (answered
    through ``moves``), and those the player opens (a chat line, the rules, leaving)."""

    def __init__(self, screen: Screen, moves: Moves):
        self.screen, self.moves = screen, moves
        self.asked: Decision | None = None      # the decision whose dialog is on screen now
        self.dialog: Screen | None = None       # that dialog
        self.answered: set[Decision] = set()    # (so none is asked twice)

    def needed(self) -> Decision | None:
        """The decision the latest view asks for, unless answered already."""
        model = self.screen.model
        view = model.view
        needed = None
        if view is None:                         # (the rules or a chat line closed before the first view)
            return None
        if view.over:
            needed = Decision(Ask.OVER, (view.table.hand_no, view.table.match.over))
        elif model.my_decision() and view.phase in ("color", "respond", "swap"):
            needed = Decision(Ask(view.phase), (model.last_seq,))
        return None if needed in self.answered else needed

    def ask(self) -> None:
        """Open the dialog a pending decision needs (once), or close one no longer needed."""
        needed, on_top = self.needed(), self.screen.app.screen
        if on_top not in (self.screen, self.dialog):
            return                               # "Leave?", a chat line or the rules open: asked when closed
        if self.asked and (needed is None or self.asked.ask != needed.ask):
            self._close()
        if not needed or self.asked or self.screen.app.screen is not self.screen:
            return                               # (one already asked, or the closed one not yet off screen)
        self.asked = needed
        self.screen.run_worker(self._decide(needed), group="decision", exclusive=True, exit_on_error=False)

    def ask_again(self, ask: Ask) -> None:
        """The player asks for the dialog of the pending decision again (one put aside to stack a card)."""
        self.answered.discard(Decision(ask, (self.screen.model.last_seq,)))
        self.ask()

    def chat(self) -> None:
        """A line to the table (t)."""
        self.screen.run_worker(self._chat(), group="chat", exclusive=True, exit_on_error=False)

    async def _chat(self) -> None:
        text = await self.screen.app.push_screen_wait(ChatPrompt())
        if text:
            self.screen.send(self.screen.model.command(Chat(text=text)))
        self.screen.offer_decision()

    def rules(self) -> None:
        """The rules of this edition (?)."""
        self.screen.run_worker(self._rules(), group="help", exclusive=True, exit_on_error=False)

    async def _rules(self) -> None:
        view = self.screen.view
        await self.screen.app.push_screen_wait(HelpScreen(view.table.rules if view else None))
        self.screen.offer_decision()

    def leave(self) -> None:
        """Esc (or Menu after a hand): ask, then leave the table for the start screen."""
        self.screen.run_worker(self._leave(), group="leave", exclusive=True, exit_on_error=False)

    async def _leave(self) -> None:
        screen = self.screen
        over = screen.view is not None and screen.view.table.match.over
        if screen.kind == "host" and not over:     # a host's game ends, or is kept to carry on later
            answer = await screen.app.push_screen_wait(ConfirmLeave(LEAVING["host"], "End this game?",
                                                                    yes="End game", keep="Keep for later"))
        else:
            app = screen.app
            back = COMING_BACK["ssh" if app.ssh else "browser" if app.browser else "terminal"]
            consequence = MATCH_OVER if over and screen.kind != "join" else LEAVING[screen.kind].format(back=back)
            answer = await screen.app.push_screen_wait(ConfirmLeave(consequence))
        if answer:
            screen.app.post_message(LeaveTable(screen.channel, keep=answer == "keep"))
        else:
            screen.offer_decision()

    async def _decide(self, decision: Decision) -> None:
        screen, moves = self.screen, self.moves
        view = screen.model.view
        if decision.ask is Ask.COLOR:
            color = await self._wait(ColorPicker("The first card is a wild: choose its colour", cancel=False,
                                                 game=screen))
            self._answer(decision, Action("color", color=color))
        elif decision.ask is Ask.SWAP:
            self._answer(decision, Action("swap", target=await self._wait(SeatPicker(view, game=screen))))
        elif decision.ask is Ask.RESPOND:
            answer = await self._wait(RespondModal(view, game=screen))
            self._answer(decision, Action(answer) if answer in ("accept", "challenge") else None)
            if answer == "shield":
                await moves.play([a for a in screen.model.legal if a.kind == "shield"])
            elif answer not in ("accept", "challenge"):
                screen.query_one(HandView).focus()     # stacking: choose the card from the hand
        else:
            answer = await self._wait(HandOverScreen(view, game=screen))
            if answer == "menu":                 # asked first; staying shows the scores again
                self.asked, self.dialog = None, None
                screen.action_leave()
                return
            self._answer(decision, None)
            if answer is not None:
                screen.send(screen.model.command(Ready()))
                screen.status = ("Waiting for the next hand…", False)

    async def _wait(self, dialog: Screen):
        self.dialog = dialog
        return await self.screen.app.push_screen_wait(dialog)

    def _close(self) -> None:
        """The decision is gone (the table moved on): stop waiting for it, close its dialog (on
        top: ask() waits for whatever the player opened over it to close first)."""
        dialog, self.asked, self.dialog = self.dialog, None, None
        self.screen.workers.cancel_group(self.screen, "decision")
        if self.screen.app.screen is dialog:
            self.screen.app.pop_screen()

    def _answer(self, decision: Decision, action: Action | None) -> None:
        self.asked, self.dialog = None, None
        self.answered.add(decision)
        if action is not None:
            self.moves.act(action)
