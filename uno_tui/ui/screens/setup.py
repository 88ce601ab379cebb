"""New game set-up: edition, seats and bot levels, your name, house rules, match."""
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Static

from uno_tui.bots import LEVELS
from uno_tui.engine import HOUSE, MATCH_MODES, PRESETS, SWITCHES, RulesError
from uno_tui.engine.house import HOUSE_PRESETS, TEAM_NAMES
from uno_tui.protocol.limits import MAX_NAME, MAX_PLAYERS, MIN_PLAYERS
from uno_tui.protocol.timing import PACES, REACTIONS, TURN_CLOCKS
from uno_tui.storage.settings import GameSettings
from uno_tui.ui.rules_help import EDITIONS, edition_label
from uno_tui.ui.widgets.choice import Choice
from uno_tui.ui.widgets.fields import TextField, TickBox
from uno_tui.ui.widgets.footer import Footer


def _row(label: str, control: Widget, id: str | None = None) -> Horizontal:
    """One line: the label, the control beside it."""
    return Horizontal(Label(label, classes="field"), control, classes="row", id=id)


#: columns: a screen narrower has the house rules under the seats (side by side, the seats' 34 and
#: the longest rule's 42 need 80 with the margins), and scrolls
COLUMNS_FROM = 80


class SetupScreen(Screen[GameSettings | None]):
    BINDINGS = [Binding("escape", "back", "Back"), Binding("ctrl+s", "start", "Start")]
    HORIZONTAL_BREAKPOINTS = [(0, "-stacked"), (COLUMNS_FROM, "-columns")]

    def __init__(self, settings: GameSettings, start_label: str = "Start"):
        super().__init__()
        self.settings = settings
        self.start_label = start_label

    def compose(self) -> ComposeResult:
        """One line a field, its label beside it; seats on the left, house rules on the right:
        a full table's seats and every house rule fit at 80x24."""
        s = self.settings
        with VerticalScroll(id="setup", can_focus=False):
            yield Label("New game", id="setup-title")
            yield _row("Edition", Choice([(edition_label(p), p) for p in PRESETS], value=s.edition, id="edition"))
            with Horizontal(id="setup-columns"):
                with Vertical(id="setup-seats"):
                    yield _row("Your name", TextField(s.name, id="name", max_length=MAX_NAME, compact=True), id="name-row")
                    yield _row("Players", Choice([(str(n), n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)], value=len(s.bots) + 1,
                                                 id="players"))
                    for i in range(MAX_PLAYERS - 1):
                        level = s.bots[i] if i < len(s.bots) else "normal"
                        yield _row(f"Computer {i + 1}", Choice([(lv, lv) for lv in LEVELS], value=level, id=f"bot-{i}"),
                                   id=f"bot-row-{i}")
                    yield _row("UNO penalty", Choice([("edition's", -1), ("none: no UNO", 0), ("2 cards", 2), ("4 cards", 4)],
                                                     value=s.house.get("uno_penalty", -1), id="uno_penalty"))
                    yield _row("Match", Choice([("edition's", "")] + [(m.replace("_", " "), m) for m in MATCH_MODES],
                                               value=s.match_mode or "", id="match_mode"))
                    # left empty, the edition's target: valid_empty keeps it from looking wrong
                    yield _row("Target", TextField(str(s.match_target or ""), id="match_target", type="integer",
                                                   valid_empty=True, compact=True, placeholder="edition's"))
                    yield _row("Pace", Choice([(p, p) for p in PACES], value=s.pace, id="pace"))
                    yield _row("Reactions", Choice([(f"{r} s" if r else "off", r) for r in REACTIONS], value=s.reaction,
                                                   id="reaction"))
                    yield _row("Turn clock", Choice([(f"{t} s" if t else "off", t) for t in TURN_CLOCKS],
                                                    value=s.turn_clock, id="turn_clock"))
                with Vertical(id="setup-house"):
                    yield Label("House rules", id="house-title")
                    yield Choice([(name, name) for name in HOUSE_PRESETS] + [("Custom", "")],
                                 value=_preset_of(s.house), id="preset")
                    for rule in SWITCHES:
                        yield TickBox(rule.label[0].upper() + rule.label[1:], bool(s.house.get(rule.name)),
                                      compact=True, id=f"house-{rule.name}", tooltip=rule.description)
            with Horizontal(id="setup-buttons"):
                yield Button(self.start_label, id="start", variant="primary", compact=True)
                yield Button("Back", id="back", compact=True)
        yield Static("", id="setup-hint", classes="hint")   # under the form, not in it: in view while it scrolls
        yield Footer()

    def on_mount(self) -> None:
        self._show_bot_rows()
        self._show_house_rows()
        self._show_teams()
        self.query_one("#edition", Choice).focus()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The focused field's label stands out (a compact field shows its focus faintly); below,
        what the edition or the house rule focused means."""
        for row in self.query(".row"):
            row.set_class(event.widget in row.children, "-current")
        self._hint(event.widget)

    def _hint(self, widget: Widget) -> None:
        """What the field focused means (a computer player's: its level's); the edition's otherwise
        (never a blank line)."""
        if isinstance(widget, Checkbox):
            text = f"{widget.label}: {widget.tooltip}."
        elif isinstance(widget, Choice) and widget.id == "preset":
            text = preset_hint(widget.value)
        elif isinstance(widget, Choice) and widget.id.startswith("bot-"):
            text = f"{widget.value}: {LEVEL_HINTS[widget.value]}"
        elif widget.id in FIELD_HINTS:
            text = FIELD_HINTS[widget.id]
        else:
            text = EDITIONS[self.query_one("#edition", Choice).value][1]
        self.query_one("#setup-hint", Static).update(text)

    def on_choice_changed(self, event: Choice.Changed) -> None:
        if event.choice.id == "players":
            self._show_bot_rows()
        elif event.choice.id == "edition":
            self._show_house_rows()
            self._hint(event.choice)
        elif event.choice.id.startswith("bot-"):
            self._hint(event.choice)
        elif event.choice.id == "preset":
            if event.value:                          # ("custom" leaves the ticks as they are)
                on = HOUSE_PRESETS[event.value]
                with self.prevent(Checkbox.Changed):
                    for rule in SWITCHES:
                        self.query_one(f"#house-{rule.name}", Checkbox).value = rule.name in on
            self._hint(event.choice)
        self._show_teams()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """A rule ticked by hand: the preset it now makes (or "custom"); teams relabel the seats."""
        house = {rule.name: True for rule in SWITCHES if self.query_one(f"#house-{rule.name}", Checkbox).value}
        preset = self.query_one("#preset", Choice)
        with self.prevent(Choice.Changed):
            preset.value = _preset_of(house)
        self._show_teams()

    def _show_teams(self) -> None:
        """teams: each seat's row says its team as the table does, by its letter ("B·Computer 1"; seats
        alternate: you and every other computer are Team A)."""
        teams = self.query_one("#house-teams", Checkbox).value
        for i in range(MAX_PLAYERS - 1):
            label = self.query_one(f"#bot-row-{i}").query_one(Label)
            label.update((f"{TEAM_NAMES[(i + 1) % 2][-1]}·" if teams else "") + f"Computer {i + 1}")
        self.query_one("#name-row").query_one(Label).update((f"{TEAM_NAMES[0][-1]}·" if teams else "") + "Your name")

    def _show_house_rows(self) -> None:
        """Only the house rules that mean something in the edition chosen."""
        edition = self.query_one("#edition", Choice).value
        for rule in SWITCHES:
            self.query_one(f"#house-{rule.name}").display = edition in rule.editions

    def _show_bot_rows(self) -> None:
        players = self.query_one("#players", Choice).value
        for i in range(MAX_PLAYERS - 1):
            self.query_one(f"#bot-row-{i}").display = i < players - 1

    def gather(self) -> GameSettings:
        players = self.query_one("#players", Choice).value
        edition = self.query_one("#edition", Choice).value
        house = {rule.name: True for rule in SWITCHES
                 if edition in rule.editions and self.query_one(f"#house-{rule.name}", Checkbox).value}
        penalty = self.query_one("#uno_penalty", Choice).value
        if penalty >= 0:
            house["uno_penalty"] = penalty
        target = self.query_one("#match_target", Input).value.strip()
        return GameSettings(
            edition=edition,
            name=self.query_one("#name", Input).value.strip() or "You",
            bots=[self.query_one(f"#bot-{i}", Choice).value for i in range(players - 1)],
            house=house, match_mode=self.query_one("#match_mode", Choice).value or None,
            match_target=int(target) if target.isdigit() and int(target) > 0 else None,
            pace=self.query_one("#pace", Choice).value, reaction=self.query_one("#reaction", Choice).value,
            turn_clock=self.query_one("#turn_clock", Choice).value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_back()

    def action_start(self) -> None:
        """Start, unless the rules do not go together or with this many players (said, and nothing lost)."""
        settings = self.gather()
        try:
            settings.rules(players=len(settings.bots) + 1)
        except RulesError as e:
            self.notify(f"{str(e)[0].upper()}{str(e)[1:]}.", severity="error")
            return
        self.dismiss(settings)

    def action_back(self) -> None:
        self.dismiss(None)


#: what a field means, shown while it is focused
FIELD_HINTS = {
    "name": "Your name, as the table shows it to everyone.",
    "players": "Players: you and the computer players, 2 to 10 (seats alternate between teams if teams are on).",
    "uno_penalty": "UNO penalty: the cards a player draws when caught not saying UNO (none: nobody needs to "
                   "say it; edition's: its rules' number).",
    "match_mode": "Match: single, one hand; first to, each hand's winner scores the cards the others hold, first "
                  "to the target wins; lowest, all score the cards they hold, and at the target the lowest wins; "
                  "wins, a hand won is a point.",
    "match_target": "Target: the points (or hands won) that end the match; left empty, the edition's.",
    "pace": "Pace: how long each computer player's turn takes (quick 0.5 s, normal 0.9 s, relaxed 1.5 s), "
            "whatever its level.",
    "reaction": "Reactions: how long you have to catch, jump in or call UNO before a computer player may, "
                "and before the next move closes the chance.",
    "turn_clock": "Turn clock (hosted games): a player who takes longer over a decision has a bot make it; "
                  "solo games always wait for you.",
}

#: what each computer player's level does, shown while its field is focused
LEVEL_HINTS = {
    "easy": "plays at random and forgets to say UNO.",
    "normal": "follows sound rules of thumb.",
    "hard": "remembers the cards and what each player lacks, and tries each choice by playing the hand out "
            "from guesses at the cards it cannot see (up to 0.3 s a move).",
    "expert": "a hard player thinking three times as long, through its whole pause.",
}


def _preset_of(house: dict) -> str:
    """The preset these house rules make ("" for none of them: "custom")."""
    on = {name for name, value in house.items() if value is True and name in HOUSE and HOUSE[name].switch}
    return next((name for name, rules in HOUSE_PRESETS.items() if on == set(rules)), "")


def preset_hint(name: str) -> str:
    """What a preset switches on, in the set-up screen's words."""
    if not name:
        return "Custom: the house rules as ticked."
    on = HOUSE_PRESETS[name]
    return f"{name}: " + (", ".join(HOUSE[r].label for r in on) if on else "no house rules, the printed rules") + "."
