"""The start screen: play now (or resume) in one key, or set up, host, join, read the rules."""
from collections.abc import Iterable

from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from uno_tui.ui.messages import MenuChosen
from uno_tui.ui.widgets.footer import Footer

from .palette import Commands

LOGO = r"""
 _   _ _   _  ___
| | | | \ | |/ _ \
| |_| |  \| | (_) |
 \___/|_|\__|\___/
"""


#: the menu: (title, the app's menu choice, what it does: the palette's help)
MENU = (("Resume", "resume", "Carry on the saved solo game"),
        ("Play now", "play", "A game against three computer players"),
        ("New game…", "setup", "Set up the edition, seats, house rules and match"),
        ("Host a LAN game", "host", "Others on your network join your table"),
        ("Join a LAN game", "join", "Sit at a table someone hosts"),
        ("History", "history", "Past matches, players' figures and replays"),
        ("Rules", "rules", "The rules, as your set-up plays them"), ("Quit", "quit", "Leave uno-tui"))
VARIANTS = {"resume": "success", "play": "primary"}


class MenuCommands(Commands):
    """The start screen's menu for Ctrl+P (Resume while a game is saved)."""

    def commands(self) -> Iterable[SystemCommand]:
        return self.screen.palette_menu()


class StartScreen(Screen):
    COMMANDS = {MenuCommands}
    BINDINGS = [Binding("up", "app.focus_previous", show=False), Binding("down", "app.focus_next", show=False),
                Binding("q", "app.quit", "Quit")]

    def compose(self) -> ComposeResult:
        with Center():
            with Vertical(id="menu"):
                yield Static(LOGO, id="logo")
                yield Static("UNO in your terminal", id="tagline")
                for title, choice, _ in MENU:
                    yield Button(title, id=choice, variant=VARIANTS.get(choice, "default"))
            yield Static("", id="notice")        # below the menu, as wide as the screen: a file's path fits
        yield Footer()

    notice: str | None = None
    #: Resume (or Play now) takes the focus when this screen next shows: first, and back from a
    #: game; not back from a question it asked ("Start a new game?" Back stays on Play now)
    home_focus = True

    def on_screen_resume(self) -> None:
        """Each time this screen comes back (first shown, or returned to)."""
        self._show()
        self.home_focus = False

    def refresh_menu(self, notice: str | None = None) -> None:
        """Say why we came back here (if we were sent), and offer Resume while a solo game is
        saved. Shown when this screen is back on top (focus set earlier would be lost)."""
        self.notice = notice
        self.home_focus = True
        if self.is_current and self.is_mounted:
            self._show()

    def _show(self) -> None:
        from uno_tui.storage.places import has_saved_game
        saved, notice = has_saved_game(), self.notice
        if saved:                                       # Resume only for a game that loads
            from uno_tui.play.solo import damaged_notice, saved_game_problem
            problem = saved_game_problem()
            if problem is not None:
                saved, notice = False, notice or damaged_notice(problem)
        self.query_one("#resume").display = saved       # hidden until we know (tcss)
        if self.home_focus or self.focused is None or not self.focused.display:
            self.query_one("#resume" if saved else "#play", Button).focus()
        self.query_one("#menu").set_class(saved or bool(notice), "-compact")   # all fits in 24 rows
        label = self.query_one("#notice", Static)
        label.display = bool(notice)
        label.update(Text(notice or "", style="bold", justify="center"))

    def palette_menu(self) -> Iterable[SystemCommand]:
        shown = self.query_one("#resume").display
        for title, choice, help_text in MENU:
            if choice != "quit" and (choice != "resume" or shown):     # Textual's palette has Quit
                yield SystemCommand(title, help_text, lambda choice=choice: self.app.post_message(MenuChosen(choice)))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.app.post_message(MenuChosen(event.button.id))
