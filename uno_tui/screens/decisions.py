"""The game screen's decision dialogs: which one the table's view asks for (the first wild's
colour, a card played at you, whose hand a 7 takes, the end of a hand), opened once, closed when
the table moves on, and never over a chat line, the rules or "Leave?" (asked again once they
close); and the colour of a wild you play."""
from ..widgets.hand import HandView
from ..widgets.table_view import StatusLine
from .modals import ColorPicker, HandOverScreen, RespondModal, SeatPicker


class Decisions:
    """Part of GameScreen (uses its model, act, send, uno_armed and action_leave)."""

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
        if self._modal and self._modal.split(":")[0] != (needed or "").split(":")[0]:
            self._close_modal()
        if not needed or self._modal or self.app.screen is not self:
            return                               # (a chat line, the rules or "Leave?" open: asked when closed)
        self._modal = needed
        kind = needed.split(":")[0]
        if kind == "color":
            self._open(ColorPicker("The first card is a wild: choose its colour", cancel=False, game=self),
                       lambda c: self._answer(needed, {"kind": "color", "color": c}))
        elif kind == "respond":
            self._open(RespondModal(view, game=self), lambda a: self._respond(needed, a))
        elif kind == "swap":
            self._open(SeatPicker(view, game=self), lambda s: self._answer(needed, {"kind": "swap", "target": s}))
        else:
            self._open(HandOverScreen(view, model.last_hands, game=self), lambda a: self._hand_over(needed, a))

    def _open(self, screen, callback) -> None:
        self._modal_screen = screen
        self.app.push_screen(screen, callback)

    def _close_modal(self) -> None:
        """The decision is gone (the table moved on): close its dialog, and whatever is over it."""
        screen, self._modal, self._modal_screen = self._modal_screen, None, None
        if screen in self.app.screen_stack:
            while self.app.screen is not screen:
                self.app.pop_screen()
            self.app.pop_screen()

    def _answer(self, key: str, action: dict | None) -> None:
        self._modal, self._modal_screen = None, None
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
        if answer == "menu":                     # asked first; staying shows the scores again
            self._modal, self._modal_screen = None, None
            self.action_leave()
            return
        self._answer(key, None)
        if answer is not None:
            self.send(self.model.command("ready"))
            self.query_one(StatusLine).show("Waiting for the next hand…", False)

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
            self.app.push_screen(ColorPicker(game=self), pick)
        else:
            pick(None)
