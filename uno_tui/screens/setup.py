"""New game set-up: edition, seats and bot levels, your name, house rules, match."""
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Switch

from ..bots import LEVELS
from ..engine import HOUSE_RULES, MATCH_MODES, PRESETS
from ..rules_help import EDITIONS

#: the house rules the set-up offers as switches (the registry's; uno_penalty and the match have rows of their own)
SWITCHES = [rule for rule in HOUSE_RULES if rule.switch]
from ..settings import GameSettings


class SetupScreen(Screen[GameSettings | None]):
    BINDINGS = [Binding("escape", "back", "Back"), Binding("ctrl+s", "start", "Start")]

    def __init__(self, settings: GameSettings, start_label: str = "Start"):
        super().__init__()
        self.settings = settings
        self.start_label = start_label

    def compose(self) -> ComposeResult:
        s = self.settings
        with VerticalScroll(id="setup"):
            yield Label("New game", id="setup-title")
            with Horizontal(classes="row"):
                yield Label("Edition", classes="field")
                yield Select([(EDITIONS[p][0], p) for p in PRESETS], value=s.edition, allow_blank=False,
                             id="edition")
            with Horizontal(classes="row"):
                yield Label("Your name", classes="field")
                yield Input(s.name, id="name", max_length=24)
            with Horizontal(classes="row"):
                yield Label("Players", classes="field")
                yield Select([(str(n), n) for n in range(2, 11)], value=len(s.bots) + 1, allow_blank=False,
                             id="players")
            for i in range(9):
                level = s.bots[i] if i < len(s.bots) else "normal"
                with Horizontal(classes="row bot-row", id=f"bot-row-{i}"):
                    yield Label(f"Computer player {i + 1}", classes="field")
                    yield Select([(lv, lv) for lv in LEVELS], value=level, allow_blank=False, id=f"bot-{i}")
            for rule in SWITCHES:
                with Horizontal(classes="row", id=f"house-row-{rule.name}"):
                    yield Label(rule.label.capitalize(), classes="field")
                    yield Switch(bool(s.house.get(rule.name)), id=f"house-{rule.name}", tooltip=rule.description)
            with Horizontal(classes="row"):
                yield Label("UNO penalty", classes="field")
                yield Select([("edition's", 0), ("2 cards", 2), ("4 cards", 4)],
                             value=s.house.get("uno_penalty", 0), allow_blank=False, id="uno_penalty")
            with Horizontal(classes="row"):
                yield Label("Match", classes="field")
                yield Select([("edition's", "")] + [(m.replace("_", " "), m) for m in MATCH_MODES],
                             value=s.match_mode or "", allow_blank=False, id="match_mode")
            with Horizontal(classes="row"):
                yield Label("Target", classes="field")
                yield Input(str(s.match_target or ""), id="match_target", type="integer",
                            placeholder="500 (points) or 5 (wins)")
            with Horizontal(classes="row"):
                yield Button(self.start_label, id="start", variant="primary")
                yield Button("Back", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self._show_bot_rows()
        self._show_house_rows()
        self.query_one("#start", Button).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "players":
            self._show_bot_rows()
        elif event.select.id == "edition":
            self._show_house_rows()

    def _show_house_rows(self) -> None:
        """Only the house rules that mean something in the edition chosen."""
        edition = self.query_one("#edition", Select).value
        for rule in SWITCHES:
            self.query_one(f"#house-row-{rule.name}").display = edition in rule.editions

    def _show_bot_rows(self) -> None:
        players = self.query_one("#players", Select).value
        for i in range(9):
            self.query_one(f"#bot-row-{i}").display = i < players - 1

    def gather(self) -> GameSettings:
        players = self.query_one("#players", Select).value
        edition = self.query_one("#edition", Select).value
        house = {rule.name: True for rule in SWITCHES
                 if edition in rule.editions and self.query_one(f"#house-{rule.name}", Switch).value}
        penalty = self.query_one("#uno_penalty", Select).value
        if penalty:
            house["uno_penalty"] = penalty
        target = self.query_one("#match_target", Input).value.strip()
        return GameSettings(
            edition=edition,
            name=self.query_one("#name", Input).value.strip() or "You",
            bots=[self.query_one(f"#bot-{i}", Select).value for i in range(players - 1)],
            house=house, match_mode=self.query_one("#match_mode", Select).value or None,
            match_target=int(target) if target.isdigit() and int(target) > 0 else None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_back()

    def action_start(self) -> None:
        self.dismiss(self.gather())

    def action_back(self) -> None:
        self.dismiss(None)
