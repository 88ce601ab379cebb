"""The game screen's moves: a card chosen on the hand, and each key that plays (draw, keep,
UNO, catch, jump in, pass, answer). Each sends the legal action the view offers, or says why not."""
from uno_tui.engine import card_info
from uno_tui.ui.widgets.hand import HandView


class Moves:
    """Part of GameScreen (uses its model, send, uno_armed, _ask and _choose_ways)."""

    def act(self, action: dict) -> None:
        if self._link_lost:
            self.notify("No host to play to: wait for the link to come back.", severity="warning")
            return
        if action.get("uno"):
            self.uno_armed = False
        self.send(self.model.command("action", action=action))

    def on_hand_view_chosen(self, message: HandView.Chosen) -> None:
        """A card chosen on the hand (Enter or a click): play it, or say why not."""
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

    def _simple(self, kind: str) -> None:
        action = next((a for a in self.model.legal if a["kind"] == kind), None)
        if action is not None:
            self.act(action)

    def action_draw(self) -> None:
        self._simple("draw")

    def action_keep(self) -> None:
        self._simple("keep")

    def action_pass_turn(self) -> None:
        """Pass (nothing to play or draw), or end a multi-play (``stop``): the same key."""
        self._simple("stop" if self.model.can("stop") else "pass")

    def action_catch(self) -> None:
        """Catch a player who has not said UNO (a 7 or a 0 can open several catches: c takes each in turn)."""
        said = self.model.view["uno_said"]
        catches = [a for a in self.model.legal if a["kind"] == "catch"]
        action = next((a for a in catches if not said[a["target"]]), None)
        if action is not None:
            self.act(action)

    def action_jump_in(self) -> None:
        self._choose_ways([a for a in self.model.legal if a["kind"] == "jump_in"])

    def action_play_drawn(self) -> None:
        self._choose_ways([a for a in self.model.legal if a["kind"] == "play_drawn"])

    def action_uno(self) -> None:
        if self.model.can("say_uno"):
            self._simple("say_uno")
        elif any(a.get("uno") for a in self.model.legal):
            self.uno_armed = not self.uno_armed

    def action_respond(self) -> None:
        self._answered.discard(f"respond:{self.model.last_seq}")
        self._ask()
