"""The house-rule registry: every rule a table can change before a game, described once.

``Rules`` (rules.py) gets one field per entry; ``make_rules`` checks values
against it; the set-up screen, the rules help and the bots' endgame search
read it. Adding a house rule is one entry here plus its effect in the engine.
"""
from dataclasses import dataclass

from .legal import MAX_PLAYERS

EDITIONS = ("classic", "hp2021", "hp2018", "hp2010", "hp2000")
MATCH_MODES = ("single", "first_to", "lowest", "wins")
#: mercy: a hand of this many cards is out
MERCY = 25
#: teams: what the two teams are called wherever they are shown (seats 0, 2, ... are the first)
TEAM_NAMES = ("Team A", "Team B")


@dataclass(frozen=True)
class HouseRule:
    name: str
    #: the values it may take: (False, True) for a switch, a tuple of choices, or a range
    values: tuple | range
    default: object
    label: str                     # a few words, for the set-up screen and the help
    description: str               # one line, for docs and the help
    editions: tuple = EDITIONS     # where it means something
    #: the bots' endgame search (bots/search.py) plays it as the engine does: a rule that is not
    #: modelled turns the search off when it differs from its default
    searched: bool = False

    @property
    def switch(self) -> bool:
        return self.values == (False, True)

    def check(self, value) -> str | None:
        """Why ``value`` is not allowed (None: it is)."""
        if type(value) is not type(self.default) or value not in self.values:
            words = [str(v) for v in self.values] if not isinstance(self.values, range) else []
            shown = (f"{self.values.start} or more" if isinstance(self.values, range)
                     else ", ".join(words[:-1]) + " or " + words[-1])
            return f"{self.name} must be {shown}"
        return None


_SWITCH = (False, True)

HOUSE_RULES = (
    HouseRule("stack_draw_two", _SWITCH, False, "Draw Twos stack",
              "the target of a Draw Two may pass it on with a Draw Two of its own; the draws add up"),
    HouseRule("stack_draw_four", _SWITCH, False, "Wild Draw Fours stack",
              "the target of a Wild Draw Four may pass it on with another; only the last can be challenged"),
    HouseRule("stack_mixed", _SWITCH, False, "a Wild Draw Four stacks on a Draw Two",
              "the target of a Draw Two may pass it on with a Wild Draw Four (not the other way round)"),
    HouseRule("draw_to_match", _SWITCH, False, "draw until you can play",
              "drawing goes on until a card you may play comes (or the piles run out)", searched=False),
    HouseRule("force_play", _SWITCH, False, "a playable drawn card must be played",
              "a drawn card that can be played must be played at once", searched=True),
    HouseRule("strict_wild_draw_four", _SWITCH, False, "no illegal Wild Draw Four",
              "an illegal Wild Draw Four is refused; there are no challenges"),
    HouseRule("no_action_finish", _SWITCH, False, "no going out on an action card",
              "you may not play your last card if it is an action or wild card: draw instead"),
    HouseRule("seven_zero", _SWITCH, False, "7 swaps, 0 passes hands",
              "a 7 swaps hands with a player you choose; a 0 passes every hand on in the direction of play"),
    HouseRule("jump_in", _SWITCH, False, "jump in with an identical card",
              "anyone holding a card identical to the top card may play it out of turn; play goes on from them"),
    HouseRule("false_catch_penalty", _SWITCH, False, "a wrong catch costs 2",
              "catching a player who said UNO makes the catcher draw 2", searched=True),
    HouseRule("sorting_hat_skips", _SWITCH, False, "the Sorting Hat also skips",
              "the Sorting Hat's victim also loses their turn", editions=("hp2021", "hp2018"), searched=True),
    HouseRule("teams", _SWITCH, False, "2 teams, partners opposite",
              "seats alternate between two teams; a team wins when either partner goes out and scores the "
              f"other team's cards (4 to {MAX_PLAYERS} players, an even number)"),
    HouseRule("multi_play", _SWITCH, False, "play several of a number",
              "on your turn, after a number card you may play every other card of that number you choose to, "
              "any colours; the last sets the colour"),
    HouseRule("deflect", _SWITCH, False, "deflect a Draw Two",
              "a Draw Two's target may pass it on with a Skip of its colour, or send it back with a Reverse "
              "of its colour (never a Wild Draw Four)"),
    HouseRule("mercy", _SWITCH, False, f"mercy: out at {MERCY} cards",
              f"a player who holds {MERCY} cards or more is out of the hand; the last player left wins it"),
    HouseRule("uno_penalty", (0, 2, 4), 4, "UNO penalty",
              "cards drawn for being caught without UNO (0: nobody needs to say UNO)", searched=True),
    HouseRule("match_mode", MATCH_MODES, "first_to", "Match", "how hands add up to a match", searched=True),
    HouseRule("match_target", range(1, 1_000_000), 500, "Target", "the points (or hands won) that end a match",
              searched=True),
)
HOUSE = {rule.name: rule for rule in HOUSE_RULES}
#: the rules that are on or off (uno_penalty and the match take values of their own)
SWITCHES = tuple(rule for rule in HOUSE_RULES if rule.switch)
#: house-rule presets players recognise: a name and the switches it turns on (every other one off)
HOUSE_PRESETS = {
    "Official": (),
    "Party": ("stack_draw_two", "stack_draw_four", "seven_zero", "jump_in"),
    "No mercy": ("stack_draw_two", "stack_draw_four", "mercy", "draw_to_match"),
}
#: names a saved set-up or game may still use, and the rule each is now
RENAMED = {"draw_until_playable": "draw_to_match"}
