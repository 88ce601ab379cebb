"""The game screen's moves: a card chosen on the hand, and each key that plays (draw, keep,
UNO, catch, jump in, pass), and which of them are possible now. Each sends the legal action the
view offers, or says why not."""
from textual.screen import Screen

from uno_tui.engine import Action, card_info
from uno_tui.protocol.sent import Play

from .modals import ColorPicker

#: keys of out-of-turn chances -> the action each takes (a late press is told who was first)
CHANCE_KEYS = {"c": ("catch", "catch"), "j": ("jump_in", "jump_in"), "u": ("uno", "say_uno")}

class Moves:
    """What the player's keys and clicks play, for the game screen that owns it (whose model,
    channel, dialogs and UNO switch it uses)."""

    def __init__(self, screen: Screen):
        self.screen = screen
        self.choosing = False                   # a play is waiting for its colour

    @property
    def model(self):
        return self.screen.model

    def possible(self, action: str) -> bool:
        """Whether the screen's ``action`` can do something now (the footer offers only those)."""
        model = self.model
        if model.view is None or self.screen.link_lost:    # no view yet, or no host to send a move to
            return action in ("help", "leave", "motion")
        checks = {
            "draw": lambda: model.can("draw"),
            "keep": lambda: model.can("keep"),
            "play_drawn": lambda: model.can("play_drawn"),
            "pass_turn": lambda: model.can("pass"),
            "stop": lambda: model.can("stop"),
            "catch": lambda: model.can("catch") and model.view.catchable is not None,
            "jump_in": lambda: model.can("jump_in"),
            "uno": lambda: model.can("say_uno") or any(a.uno for a in model.legal),
            "respond": lambda: model.my_decision() and model.view.phase == "respond",
            "chat": lambda: model.seat is None or sum(s.kind == "human" for s in model.view.table.seats) > 1,
            "host_record": lambda: self.screen.kind == "join" and model.view.table.match.over,
        }
        check = checks.get(action)
        return True if check is None else bool(check())

    def playable(self) -> frozenset[str]:
        """The cards of the hand that can be played now (once a card is drawn: only that one)."""
        model = self.model
        if not model.my_decision():
            return frozenset()
        return frozenset({model.view.drawn} if model.view.phase == "drawn" else model.playable_cards())

    def too_late(self, key: str) -> str | None:
        """A chance's key pressed once the chance has gone: who took it first (None: not so)."""
        action, kind = CHANCE_KEYS.get(key, (None, None))
        if action and self.model.view is not None and not self.possible(action):
            return self.model.too_late(kind)
        return None

    def act(self, action: Action) -> None:
        screen = self.screen
        if screen.link_lost:
            screen.notify("No host to play to: wait for the link to come back.", severity="warning")
            return
        if action.uno:
            screen.uno_armed = False
        screen.send(self.model.command(Play(action=action)))

    def chosen(self, code: str) -> None:
        """A card chosen on the hand (Enter or a click): play it, or say why not."""
        model, notify = self.model, self.screen.notify
        if not model.my_decision():
            jumps = [a for a in model.legal if a.kind == "jump_in" and a.card == code]
            if jumps:
                self.choose(jumps)
            else:
                notify("It is not your turn.", severity="warning")
            return
        if model.view.phase == "drawn":
            if code == model.view.drawn:
                self.play_drawn()
            else:
                notify("You may play only the card you drew (p), or keep it (k).", severity="warning")
            return
        ways = model.plays_of(code)
        if not ways:
            top = card_info(model.view.top)["name"]
            notify(f"{card_info(code)['name']} cannot be played on {top} now.", severity="warning")
            return
        if ways[0].kind == "discard":
            self.act(ways[0])
        else:
            self.choose(ways)

    def _simple(self, kind: str) -> None:
        action = next((a for a in self.model.legal if a.kind == kind), None)
        if action is not None:
            self.act(action)

    def draw(self) -> None:
        self._simple("draw")

    def keep(self) -> None:
        self._simple("keep")

    def pass_turn(self) -> None:
        """Pass: nothing to play and nothing to draw."""
        self._simple("pass")

    def stop(self) -> None:
        """End a multi-play: no more cards of the number (the same key as pass, never offered with it)."""
        self._simple("stop")

    def catch(self) -> None:
        """Catch a player who has not said UNO (a 7 or a 0 can open several catches: c takes each in turn)."""
        said = self.model.view.uno_said
        catches = [a for a in self.model.legal if a.kind == "catch"]
        action = next((a for a in catches if not said[a.target]), None)
        if action is not None:
            self.act(action)

    def jump_in(self) -> None:
        self.choose([a for a in self.model.legal if a.kind == "jump_in"])

    def play_drawn(self) -> None:
        self.choose([a for a in self.model.legal if a.kind == "play_drawn"])

    def uno(self) -> None:
        if self.model.can("say_uno"):
            self._simple("say_uno")
        elif any(a.uno for a in self.model.legal):
            self.screen.uno_armed = not self.screen.uno_armed

    def choose(self, ways: list[Action]) -> None:
        """Play one of these, one play at a time: a second Enter on a wild while its colour is
        being asked does nothing (it opened a second colour picker)."""
        if not self.choosing:
            self.choosing = True
            self.screen.run_worker(self._choose(ways), group="play", exit_on_error=False)

    async def _choose(self, ways: list[Action]) -> None:
        try:
            await self.play(ways)
        finally:
            self.choosing = False

    async def play(self, ways: list[Action]) -> None:
        """Play one of these (a card's variants): ask the colour if it is a wild; add UNO if armed.
        (Run in a worker: the colour is waited for.)"""
        if not ways:
            return
        color = None
        if any(w.color for w in ways):
            color = await self.screen.app.push_screen_wait(ColorPicker(game=self.screen))
            if color is None:
                return                            # the colour picker was cancelled
        options = [w for w in ways if w.color == color]
        said = [w for w in options if w.uno]
        plain = [w for w in options if not w.uno]
        self.act(said[0] if said and self.screen.uno_armed else plain[0])
