"""The rules of the edition being played."""
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from uno_tui.ui.rules_help import help_markdown
from uno_tui.ui.widgets.footer import Footer

from .palette import GameCommands


class HelpScreen(ModalScreen):
    COMMANDS = {GameCommands}
    BINDINGS = [Binding("escape,q,question_mark", "dismiss", "Close")]

    def __init__(self, rules: dict | None = None):
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Markdown(help_markdown(self.rules))
        yield Footer()
