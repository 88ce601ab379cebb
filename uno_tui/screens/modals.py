"""The decisions that need an answer before anything else: colour, a card played at you,
the end of a hand. Each returns its result through the push_screen callback."""
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from ..engine import card_info
from ..widgets.cardart import COLOR_LETTER, color_style, token

COLORS = ("red", "yellow", "green", "blue")


class ColorPicker(ModalScreen[str | None]):
    """Choose a colour: r, y, g, b, a click, or Escape to think again."""

    BINDINGS = [Binding("r", "pick('red')", "Red"), Binding("y", "pick('yellow')", "Yellow"),
                Binding("g", "pick('green')", "Green"), Binding("b", "pick('blue')", "Blue"),
                Binding("escape", "pick(None)", "Cancel")]

    def __init__(self, title: str = "Choose a colour", cancel: bool = True):
        super().__init__()
        self.title_text, self.cancel = title, cancel

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(self.title_text, id="dialog-title")
            with Grid(id="colors"):
                for color in COLORS:
                    button = Button(f"{COLOR_LETTER[color]}  {color.title()}", id=f"color-{color}")
                    button.styles.background = color_style(color).bgcolor.name
                    button.styles.color = color_style(color).color.name
                    yield button

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id.removeprefix("color-"))

    def action_pick(self, color: str | None) -> None:
        if color is not None or self.cancel:
            self.dismiss(color)


class RespondModal(ModalScreen[str | None]):
    """A card was played at you: accept it, challenge a Wild Draw Four, shield, or stack."""

    BINDINGS = [Binding("a", "answer('accept')", "Accept"), Binding("x", "answer('challenge')", "Challenge"),
                Binding("s", "answer('shield')", "Shield"), Binding("escape", "answer('hand')", "Stack from hand")]

    def __init__(self, view: dict):
        super().__init__()
        self.view = view
        self.kinds = {a["kind"] for a in view["legal"]}

    def compose(self) -> ComposeResult:
        attack = self.view["attack"]
        by = self.view["table"]["seats"][attack["by"]]["name"]
        card = card_info(attack["card"])["name"]
        text = Text(f"{by} played a {card} at you" + (f": draw {attack['draw']}." if attack["draw"] else "."))
        with Vertical(id="dialog"):
            yield Label(text, id="dialog-title")
            if "challenge" in self.kinds:
                yield Static("Challenge if you think they held a card of the colour before it: "
                             "if they did, they draw 4 and you play; if not, you draw 6.", classes="hint")
            with Grid(id="answers"):
                yield Button("Accept (a)", id="accept", variant="primary")
                if "challenge" in self.kinds:
                    yield Button("Challenge (x)", id="challenge", variant="warning")
                if "shield" in self.kinds:
                    yield Button("Shield: Invisibility (s)", id="shield", variant="success")
                if "play" in self.kinds:
                    yield Button("Stack from my hand (Esc)", id="hand")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)

    def action_answer(self, answer: str) -> None:
        if answer == "accept" or answer in self.kinds or (answer == "hand" and "play" in self.kinds):
            self.dismiss(answer)

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "answer" and parameters:
            answer = parameters[0]
            return answer == "accept" or answer in self.kinds or (answer == "hand" and "play" in self.kinds)
        return True


class HandOverScreen(ModalScreen[str]):
    """The end of a hand (or of the match): every hand's cards and points, then go on."""

    BINDINGS = [Binding("enter", "go('ready')", "Next hand"), Binding("m", "go('menu')", "Menu")]

    def __init__(self, view: dict, hands: list[list[str]] | None):
        super().__init__()
        self.view, self.hands = view, hands

    def compose(self) -> ComposeResult:
        table = self.view["table"]
        seats, result, match = table["seats"], table["result"] or {}, table["match"]
        winner = result.get("winner", self.view["winner"])
        me = self.view["seat"]
        who = "You" if winner == me else seats[winner]["name"]
        blocked = " (blocked: fewest points in hand)" if result.get("blocked") else ""
        title = Text(f"{who} won the hand{blocked} and {'score' if winner == me else 'scores'} "
                     f"{result.get('points', 0)} points.")
        with Vertical(id="dialog", classes="wide"):
            yield Label(title, id="dialog-title")
            yield Static(self._scoring(seats, result), id="scoring")
            if match["over"]:
                winners = match["winners"]
                names = " and ".join("you" if w == me else seats[w]["name"] for w in winners)
                verb = "win" if len(winners) > 1 or winners == [me] else "wins"
                yield Label(Text(f"{names[0].upper()}{names[1:]} {verb} the match!", style="bold"),
                            id="match-over")
            with Grid(id="answers"):
                yield Button("Play again (Enter)" if match["over"] else "Next hand (Enter)", id="ready",
                             variant="primary")
                yield Button("Menu (m)", id="menu")

    def _scoring(self, seats, result) -> Text:
        out = Text()
        caught = result.get("caught") or [0] * len(seats)
        for seat, info in enumerate(seats):
            out.append(f"{info['name'][:16]:<17}", style="bold")
            cards = (self.hands or [[]] * len(seats))[seat]
            for code in cards:
                out.append(token(code))
                out.append(f"{card_info(code)['points']:>3} ")
            if not cards:
                out.append("out", style="bold green")
            out.append(f"  = {caught[seat]}", style="bold")
            if self.view["table"]["match"]["mode"] != "single":
                out.append(f"   total {result.get('scores', [0] * len(seats))[seat]}", style="dim")
            out.append("\n")
        return out

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)

    def action_go(self, where: str) -> None:
        self.dismiss(where)
