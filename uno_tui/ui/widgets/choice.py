"""A field that holds one of a few values, drawn on one line: the set-up's and the lobby's menus.

Textual's compact Select looks the same, but it builds five widgets, its open list and a search
timer up front: the set-up's seventeen cost 0.35 s of CPU before the screen showed (a player waits
that long for it), against 0.04 s for seventeen one-line widgets. A Choice is one widget; its list
is built when it is opened. Enter, Space, Up or Down (or a click) open the list, as a Select's do;
Left and Right step through the values without opening it, on a menu whose every change is cheap to
undo (not the lobby's, where each one seats or unseats a player at once)."""
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import OptionList

#: the open list's most lines (with its border), as a Select's: longer lists scroll
LIST_HEIGHT = 12


class Choice(Widget, can_focus=True):
    """``options`` are (label, value) pairs; ``value`` is always one of theirs. ``steps``: Left and
    Right step through them."""

    BINDINGS = [Binding("enter,space,up,down", "open", "Show menu", show=False),
                Binding("left", "step(-1)", show=False), Binding("right", "step(1)", show=False)]

    DEFAULT_CSS = """
    Choice {
        height: 1;
        width: 1fr;
        padding: 0 1 0 0;
        background: $surface;
        color: $foreground;
        pointer: pointer;
        &:focus { background-tint: $foreground 5%; }
        & > .choice--arrow { color: $foreground 50%; }
    }
    """
    COMPONENT_CLASSES = {"choice--arrow"}

    value: reactive[Any] = reactive(None, init=False)

    class Changed(Message):
        """The value was changed, by the player or by the program (as a Select's; unlike a Select's,
        not when the field is mounted: its screen reads the values it starts with)."""

        def __init__(self, choice: "Choice", value: Any) -> None:
            super().__init__()
            self.choice, self.value = choice, value

        @property
        def control(self) -> "Choice":
            return self.choice

    def __init__(self, options: list[tuple[str, Any]], value: Any, *, steps: bool = True, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.options, self.steps = list(options), steps
        self.set_reactive(Choice.value, self.validate_value(value))

    def validate_value(self, value: Any) -> Any:
        if all(v != value for _, v in self.options):
            raise ValueError(f"{value!r} is not one of the choices")
        return value

    @property
    def index(self) -> int:
        """Where the value chosen is among the options."""
        return [v for _, v in self.options].index(self.value)

    def watch_value(self) -> None:
        self.post_message(self.Changed(self, self.value))

    @property
    def label(self) -> str:
        """The label of the value chosen."""
        return self.options[self.index][0]

    def render(self) -> Content:
        """The label, then the arrow at the right edge (the label cut short first)."""
        label = Content(self.label).truncate(max(self.content_size.width - 2, 0), ellipsis=True, pad=True)
        return Content.assemble(label, " ", ("▼", self.get_visual_style("choice--arrow")))

    def check_action(self, action: str, parameters) -> bool:
        return action != "step" or self.steps

    def action_step(self, by: int) -> None:
        self.value = self.options[(self.index + by) % len(self.options)][1]

    def action_open(self) -> None:
        def chosen(index: int | None) -> None:
            if index is not None and self.options[index][1] != self.value:
                self.value = self.options[index][1]
        self.app.push_screen(ChoiceList(self), chosen)

    def on_click(self, event: events.Click) -> None:
        self.action_open()


class ChoiceList(ModalScreen[int | None]):
    """A Choice's list, laid over the screen under the field (above it if there is no room below; in
    the larger gap, scrolling, if neither has room), the value chosen highlighted; Enter or a click
    takes one (its index), Esc, a click elsewhere or a resize (the field moves) none."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Back", show=False)]
    DEFAULT_CSS = """
    ChoiceList > OptionList {
        position: absolute;
        border: tall $border;
        background: $surface;
        padding: 0;
        text-wrap: nowrap;           /* a label longer than the field: cut, one line an option */
        text-overflow: ellipsis;
        & > .option-list--option { padding: 0 1; }
    }
    """

    def __init__(self, choice: Choice) -> None:
        super().__init__()
        self.choice = choice

    def compose(self) -> ComposeResult:
        at, screen = self.choice.region, self.choice.screen.size
        self.opened_on = screen
        below, above = screen.height - at.bottom, at.y
        height = min(len(self.choice.options) + 2, LIST_HEIGHT)
        if height > below and height > above:
            height = max(below, above)
        top = at.bottom if height <= below else at.y - height
        options = OptionList(*(label for label, _ in self.choice.options))
        options.styles.offset = (at.x, top)
        options.styles.width, options.styles.height = at.width, height
        yield options

    def on_mount(self) -> None:
        self.query_one(OptionList).highlighted = self.choice.index

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_index)

    def on_click(self, event: events.Click) -> None:
        if not self.query_one(OptionList).region.contains(event.screen_x, event.screen_y):
            self.dismiss(None)

    def on_resize(self, event: events.Resize) -> None:
        if self.is_current and event.size != self.opened_on:
            self.dismiss(None)

