"""Host a LAN game, when games hosted here were kept (Keep for later, a crash, a closed
terminal): carry one on, delete one, or start a new one. They never pile up unseen."""
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from uno_tui.play.host.saving import describe
from uno_tui.storage import autosave
from uno_tui.storage.places import saved_hosted
from uno_tui.ui.widgets.footer import Footer

from .modals import ConfirmLeave

NEW = "new"


class SavedHostsScreen(Screen[Path | bool | None]):
    """Dismissed with the save to carry on, False for a new game, None for back."""

    BINDINGS = [Binding("enter", "choose", "Host it"), Binding("x,delete", "delete", "Delete"),
                Binding("escape", "back", "Back")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="setup", can_focus=False):
            yield Label("Host a LAN game", id="setup-title")
            yield Static("Games hosted here and kept: Enter carries one on (players take their seats back), "
                         "x deletes it.", id="saved-how")       # (a Static wraps at 80 columns)
            yield OptionList(id="saved")
            yield Static("", id="saved-said", classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        self._list()
        self.query_one("#saved", OptionList).focus()

    def _list(self) -> None:
        options = self.query_one("#saved", OptionList)
        options.clear_options()
        options.add_option(Option("New game: open a lobby", id=NEW))
        for path in saved_hosted():
            options.add_option(Option(f"Carry on: {describe(path)}", id=str(path)))
        options.highlighted = min(1, options.option_count - 1)     # the newest kept game, if any
        self.refresh_bindings()

    def _highlighted(self) -> str | None:
        options = self.query_one("#saved", OptionList)
        return None if options.highlighted is None else options.get_option_at_index(options.highlighted).id

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose()

    def on_option_list_option_highlighted(self) -> None:
        self.refresh_bindings()

    def action_choose(self) -> None:
        chosen = self._highlighted()
        if chosen is not None:
            self.dismiss(False if chosen == NEW else Path(chosen))

    def action_delete(self) -> None:
        chosen = self._highlighted()
        if chosen in (None, NEW):
            return

        def delete(yes: bool | str) -> None:
            if yes:
                autosave.delete(Path(chosen))
                self.query_one("#saved-said", Static).update("Deleted the game " + label.removeprefix("Carry on: "))
                self._list()
        label = str(self.query_one("#saved", OptionList).get_option(chosen).prompt)
        self.app.push_screen(ConfirmLeave(f"{label.removeprefix('Carry on: ')}\n\nNobody can carry it on after.",
                                          "Delete this saved game?", yes="Delete", no="Keep it"), delete)

    def action_back(self) -> None:
        self.dismiss(None)

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "delete":
            return self._highlighted() not in (None, NEW)
        return True
