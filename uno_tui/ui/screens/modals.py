"""The decisions that need an answer before anything else: colour, a card played at you,
leaving; and the chat line (the end of a hand: handover.py). Each returns its result through the
push_screen callback, and each has its own footer showing the keys that work in it."""
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from uno_tui.engine import card_info
from uno_tui.engine.cards import COLORS, LETTER_OF, rank_of
from uno_tui.protocol.limits import MAX_CHAT, MAX_PLAYERS
from uno_tui.protocol.views import View
from uno_tui.ui.rules_help import wd4_illegal_while
from uno_tui.ui.widgets.cardart import CARD_BG, CARD_FG
from uno_tui.ui.widgets.fields import TextField
from uno_tui.ui.widgets.footer import Footer

from .palette import GameCommands


class DecisionModal(ModalScreen):
    """A decision over the game screen. What the game offers at the same moment (catch a
    player, chat, the rules) works here too, forwarded to the game screen (``game``)."""

    #: the game's keys that work here too, listed after each dialog's own (Esc asks to leave,
    #: as on the table, unless the dialog takes it back: a colour you may still change)
    FORWARDED = [Binding("c", "game('catch')", "Catch!"), Binding("t", "game('chat')", "Chat"),
                 Binding("question_mark", "game('help')", "Rules"), Binding("escape", "game('leave')", "Leave")]

    COMMANDS = {GameCommands}

    def __init__(self, game=None):
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        yield from self.dialog()
        yield Footer()

    def on_mount(self) -> None:
        if self.game is not None:                   # the game's keys offered here change with the game's
            self.watch(self.game, "offered", self.refresh_bindings, init=False)

    def dialog(self) -> ComposeResult:
        raise NotImplementedError

    def action_game(self, action: str) -> None:
        if self.game is not None and self.game.check_action(action, ()):
            getattr(self.game, f"action_{action}")()

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "game":
            return self.game is not None and bool(self.game.check_action(parameters[0], ()))
        return True


class ColorPicker(DecisionModal):
    """Choose a colour: r, y, g, b, a click, or Escape to think again (where the wild may be taken
    back; the first card's colour must be named, and there Esc asks to leave)."""

    BINDINGS = [Binding("r", "pick('red')", "Red"), Binding("y", "pick('yellow')", "Yellow"),
                Binding("g", "pick('green')", "Green"), Binding("b", "pick('blue')", "Blue"),
                Binding("escape", "pick(None)", "Cancel"), *DecisionModal.FORWARDED]
    #: each button in its cards' colours, from the table the cards are drawn with (app-wide CSS,
    #: loaded when first shown: the start screen does not wait for the card art)
    CSS = "\n".join(f"#color-{color} {{ background: {CARD_BG[LETTER_OF[color]]}; "
                    f"color: {CARD_FG[LETTER_OF[color]]}; }}" for color in COLORS)

    def __init__(self, title: str = "Choose a colour", cancel: bool = True, game=None):
        super().__init__(game)
        self.title_text, self.cancel = title, cancel

    def dialog(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(self.title_text, id="dialog-title")
            with Grid(id="colors"):
                for color in COLORS:
                    yield Button(f"{LETTER_OF[color]}  {color.title()}", id=f"color-{color}")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id.removeprefix("color-"))

    def action_pick(self, color: str | None) -> None:
        if color is not None or self.cancel:
            self.dismiss(color)

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "pick" and parameters == (None,):
            return self.cancel
        return super().check_action(action, parameters)


class RespondModal(DecisionModal):
    """A card was played at you: accept it, challenge a Wild Draw Four, shield, stack or deflect."""

    BINDINGS = [Binding("a", "answer('accept')", "Accept"), Binding("x", "answer('challenge')", "Challenge"),
                Binding("s", "answer('shield')", "Shield"), Binding("h", "answer('hand')", "Play from hand"),
                *DecisionModal.FORWARDED]

    def __init__(self, view: View, game=None):
        super().__init__(game)
        self.view = view
        self.kinds = {a.kind for a in view.legal}

    def dialog(self) -> ComposeResult:
        attack = self.view.attack
        by = self.view.table.seats[attack.by].name
        card = card_info(attack.card)["name"]
        # a deflected draw comes with the Skip or Reverse that passed it on, not its Draw Two, on top
        verb = "played a {} at you" if self.view.top == attack.card else "passed a {} on to you"
        text = Text(f"{by} {verb.format(card)}" + (f": draw {attack.draw}." if attack.draw else "."))
        with Vertical(id="dialog"):
            yield Label(text, id="dialog-title")
            if "challenge" in self.kinds:
                yield Static(challenge_hint(self.view), classes="hint")
            with Grid(id="answers"):
                yield Button("Accept (a)", id="accept", variant="primary")
                if "challenge" in self.kinds:
                    yield Button("Challenge (x)", id="challenge", variant="warning")
                if "shield" in self.kinds:
                    yield Button("Shield: Invisibility (s)", id="shield", variant="success")
                if "play" in self.kinds:
                    yield Button(f"{hand_answer(self.view)} (h)", id="hand")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)

    def action_answer(self, answer: str) -> None:
        if answer == "accept" or answer in self.kinds or (answer == "hand" and "play" in self.kinds):
            self.dismiss(answer)

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "answer" and parameters:
            answer = parameters[0]
            return answer == "accept" or answer in self.kinds or (answer == "hand" and "play" in self.kinds)
        return super().check_action(action, parameters)


def hand_answer(view: View) -> str:
    """What playing from the hand does here: stack a draw card on the attack, deflect it with a Skip
    or Reverse (deflect), or either."""
    ranks = {rank_of(a.card) for a in view.legal if a.kind == "play"}
    stack, deflect = bool(ranks - {"S", "R"}), bool(ranks & {"S", "R"})
    return "Stack or deflect" if stack and deflect else "Deflect with a card" if deflect else "Stack a card"


def challenge_hint(view: View) -> str:
    """What a challenge decides, in this edition's terms, naming the colour that was on the pile."""
    attack = view.attack
    held = wd4_illegal_while(view.table.rules, attack.before)
    return (f"Challenge if you think they held {held} when they played it: if they did, they draw "
            f"{attack.draw} and you play; if not, you draw {attack.draw + 2}.")


class SeatPicker(DecisionModal):
    """A 7 with seven_zero: choose whose hand to swap yours with (1-9, a click)."""

    BINDINGS = [*(Binding(str(k), f"pick({k})", show=False) for k in range(1, MAX_PLAYERS)), *DecisionModal.FORWARDED]

    def __init__(self, view: View, game=None):
        super().__init__(game)
        self.targets = [a.target for a in view.legal if a.kind == "swap"]
        self.view = view

    def dialog(self) -> ComposeResult:
        seats, counts = self.view.table.seats, self.view.counts
        with Vertical(id="dialog"):
            yield Label("Your 7: swap hands with whom?", id="dialog-title")
            with Grid(id="answers"):
                for i, seat in enumerate(self.targets, 1):
                    yield Button(f"{i}  {seats[seat].name} ({counts[seat]} cards)", id=f"seat-{seat}")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(int(event.button.id.removeprefix("seat-")))

    def action_pick(self, number: int) -> None:
        if number <= len(self.targets):
            self.dismiss(self.targets[number - 1])


class ConfirmLeave(ModalScreen[bool | str]):
    """Leaving (or replacing a saved game) is never one stray key: say what it does, and ask.
    ``keep``: a third answer, "keep" (a host's game kept to carry on later)."""

    COMMANDS = {GameCommands}

    #: not in the footer: the buttons name the keys with their own words ("Leave (y)", "Back (n)")
    BINDINGS = [Binding("y", "answer(True)", "Yes", show=False), Binding("n,escape", "answer(False)", "No", show=False),
                Binding("k", "answer('keep')", "Keep", show=False)]

    def __init__(self, consequence: str, question: str = "Leave this game?", yes: str = "Leave", no: str = "Stay",
                 keep: str | None = None):
        super().__init__()
        self.consequence, self.question, self.yes, self.no, self.keep = consequence, question, yes, no, keep

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="wide" if self.keep else None):
            yield Label(self.question, id="dialog-title")
            yield Static(self.consequence, classes="hint")
            with Grid(id="answers", classes="three" if self.keep else None):
                yield Button(f"{self.yes} (y)", id="leave", variant="error")
                if self.keep:
                    yield Button(f"{self.keep} (k)", id="keep", variant="warning")
                yield Button(f"{self.no} (n)", id="stay", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#stay", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss({"leave": True, "keep": "keep"}.get(event.button.id, False))

    def action_answer(self, leave: bool | str) -> None:
        self.dismiss(leave)

    def check_action(self, action: str, parameters) -> bool | None:
        return self.keep is not None or parameters != ("keep",)


class LinePrompt(ModalScreen[str | None]):
    """One line typed: Enter gives it (stripped; "" if empty), Esc drops it (None)."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, title: str, placeholder: str, *, field: str, max_length: int = MAX_CHAT, secret: bool = False):
        super().__init__()
        self.title_text, self.placeholder, self.field = title, placeholder, field
        self.max_length, self.secret = max_length, secret

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(self.title_text, id="dialog-title")
            yield TextField(id=self.field, placeholder=self.placeholder, max_length=self.max_length,
                            password=self.secret)
        yield Footer()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip())


class ChatPrompt(LinePrompt):
    """One line to the table: Enter sends it, Esc drops it."""

    COMMANDS = {GameCommands}

    def __init__(self):
        super().__init__("Say something to the table", "Enter to send, Esc to cancel", field="chat-line")
