"""The game screen's decision dialogs: which one the table's view asks for (the first wild's
colour, a card played at you, whose hand a 7 takes, the end of a hand), opened once, closed when
the table moves on, and never over a chat line, the rules or "Leave?" (asked again once they
close); and the colour of a wild you play. Each is one worker that waits for the dialog's answer
(push_screen_wait) and acts on it."""
from textual import work

from uno_tui.ui.widgets.hand import HandView

from .modals import ColorPicker, HandOverScreen, RespondModal, SeatPicker


class Decisions:
    """Part of GameScreen (uses its model, act, send, status, uno_armed and action_leave)."""

    _choosing = False                             # a play is waiting for its colour

    def _ask(self) -> None:
        """Open the modal a pending decision needs (once), or close one no longer needed."""
        view, model = self.model.view, self.model
        needed = None
        if view["over"]:
            needed = f"over:{view['table']['hand_no']}:{view['table']['match']['over']}"
        elif model.my_decision() and view["phase"] in ("color", "respond", "swap"):
            needed = f"{view['phase']}:{self.model.last_seq}"
        if needed and needed in self._answered:
            needed = None
        if self.app.screen not in (self, self._modal_screen):
            return                               # "Leave?", a chat line or the rules open: asked when closed
        if self._modal and self._modal.split(":")[0] != (needed or "").split(":")[0]:
            self._close_modal()
        if not needed or self._modal or self.app.screen is not self:
            return                               # (one already asked, or the closed one not yet off screen)
        self._modal = needed
        self._decide(needed)

    @work(group="decision", exclusive=True, exit_on_error=False)
    async def _decide(self, key: str) -> None:
        view, kind = self.model.view, key.split(":")[0]
        if kind == "color":
            color = await self._wait(ColorPicker("The first card is a wild: choose its colour", cancel=False, game=self))
            self._answer(key, {"kind": "color", "color": color})
        elif kind == "swap":
            self._answer(key, {"kind": "swap", "target": await self._wait(SeatPicker(view, game=self))})
        elif kind == "respond":
            answer = await self._wait(RespondModal(view, game=self))
            self._answer(key, {"kind": answer} if answer in ("accept", "challenge") else None)
            if answer == "shield":
                await self._play([a for a in self.model.legal if a["kind"] == "shield"])
            elif answer not in ("accept", "challenge"):
                self.query_one(HandView).focus()     # stacking: choose the card from the hand
        else:
            answer = await self._wait(HandOverScreen(view, game=self))
            if answer == "menu":                 # asked first; staying shows the scores again
                self._modal, self._modal_screen = None, None
                self.action_leave()
                return
            self._answer(key, None)
            if answer is not None:
                self.send(self.model.command("ready"))
                self.status = ("Waiting for the next hand…", False)

    async def _wait(self, screen):
        self._modal_screen = screen
        return await self.app.push_screen_wait(screen)

    def _close_modal(self) -> None:
        """The decision is gone (the table moved on): stop waiting for it, close its dialog (on
        top: _ask waits for whatever the player opened over it to close first)."""
        screen, self._modal, self._modal_screen = self._modal_screen, None, None
        self.workers.cancel_group(self, "decision")
        if self.app.screen is screen:
            self.app.pop_screen()

    def _answer(self, key: str, action: dict | None) -> None:
        self._modal, self._modal_screen = None, None
        self._answered.add(key)
        if action is not None:
            self.act(action)

    def _choose_ways(self, ways: list[dict]) -> None:
        """Play one of these, one play at a time: a second Enter on a wild while its colour is
        being asked does nothing (it opened a second colour picker)."""
        if not self._choosing:
            self._choosing = True
            self._choose(ways)

    @work(group="play", exit_on_error=False)
    async def _choose(self, ways: list[dict]) -> None:
        try:
            await self._play(ways)
        finally:
            self._choosing = False

    async def _play(self, ways: list[dict]) -> None:
        """Play one of these (a card's variants): ask the colour if it is a wild; add UNO if armed."""
        if not ways:
            return
        color = None
        if any(w.get("color") for w in ways):
            color = await self.app.push_screen_wait(ColorPicker(game=self))
            if color is None:
                return                            # the colour picker was cancelled
        options = [w for w in ways if w.get("color") == color]
        said = [w for w in options if w.get("uno")]
        plain = [w for w in options if not w.get("uno")]
        self.act(said[0] if said and self.uno_armed else plain[0])
