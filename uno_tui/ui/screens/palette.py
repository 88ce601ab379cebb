"""Ctrl+P's providers: each screen lists in its COMMANDS the one that offers what it does (the
start screen its menu, a game or a replay its moves, a dialog over a game the game's)."""
from collections.abc import Iterable

from textual.app import SystemCommand
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.screen import ModalScreen

#: the game's commands: action name -> (palette title, help)
PALETTE = {
    "draw": ("Draw a card", "Draw instead of playing"),
    "play_drawn": ("Play the drawn card", "Play the card you just drew"),
    "keep": ("Keep the drawn card", "Keep it and end your turn"),
    "uno": ("Say UNO", "Say UNO now, or with your next play"),
    "catch": ("Catch!", "Catch a player who did not say UNO"),
    "jump_in": ("Jump in", "Play your card identical to the top one, out of turn"),
    "respond": ("Answer the card played at you", "Accept, challenge or shield"),
    "pass_turn": ("Pass", "Nothing to play and nothing to draw"),
    "stop": ("No more", "After a multi-play: play no more cards of your number"),
    "chat": ("Chat", "Say something to the table"),
    "help": ("Rules", "The rules of this edition"),
    "motion": ("Motion on or off", "Cards moving across the table (m)"),
    "host_record": ("Keep the host's record", "Once the match is over: the whole match, every hand, to replay (h)"),
    "leave": ("Leave the game", "Back to the start screen (asks first)"),
}


def every_command(game) -> Iterable[SystemCommand]:
    """Every command of the game screen, always: those that do nothing now are marked so (and say
    so if chosen)."""
    for action, (title, help_text) in PALETTE.items():
        if game.check_action(action, ()):
            yield SystemCommand(title, help_text, getattr(game, f"action_{action}"))
        else:
            yield SystemCommand(f"{title} (unavailable now)", help_text,
                                lambda title=title: game.notify(f"{title}: not possible now.", severity="warning"))


class Commands(Provider):
    """Commands found by name; every one of them listed while nothing is typed yet."""

    def commands(self) -> Iterable[SystemCommand]:
        raise NotImplementedError

    async def discover(self) -> Hits:
        for title, help_text, callback, discover in self.commands():
            if discover:
                yield DiscoveryHit(title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, callback, _ in self.commands():
            if (match := matcher.match(title)) > 0:
                yield Hit(match, matcher.highlight(title), callback, help=help_text)


class GameCommands(Commands):
    """A game's (or a replay's) commands, from its screen or from a dialog opened over it (the
    rules, a chat line, a decision): a screen listing this provider has ``palette_commands()``."""

    def commands(self) -> Iterable[SystemCommand]:
        stack = self.app.screen_stack
        under = next(s for s in reversed(stack[:stack.index(self.screen) + 1]) if not isinstance(s, ModalScreen))
        return under.palette_commands() if GameCommands in under.COMMANDS else ()
