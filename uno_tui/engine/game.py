"""One hand of UNO: the state machine that referees every game.

The game waits on one seat at a time (the *decider*) for a decision of the current *phase*; saying
UNO, catching and jumping in happen out of turn. Every change goes through :meth:`Game.apply`, which
either refuses the action (raising :class:`IllegalAction`, state untouched) or applies it and
returns the events. ``Game`` holds the state and dispatches; the rules are functions of it beside
this module, one job each: what is legal (legal.py), playing and what cards do (plays.py,
attacks.py), the other moves (moves.py), dealing and the first card (deal.py), the steps they are
made of (steps.py), and why an action is refused (reasons.py).
"""
import random

from . import attacks, moves, plays
from .actions import KINDS, Action, IllegalAction
from .cards import CARD_OF, POINTS
from .deal import GameError, deal_hands, deck_of, turn_up
from .legal import KEEP, MAX_PLAYERS, MIN_PLAYERS, actions, plain_turns, refusal
from .reasons import why_not
from .rules import Rules, seating_problem
from .steps import set_color, shuffle

HAND_SIZE = 7
#: actions by which a player "begins their turn" (closing the UNO catch window)
_TURN_KINDS = frozenset(("play", "draw", "pass", "play_drawn", "keep", "accept", "challenge", "shield",
                         "jump_in", "stop"))


class Game:
    """One hand. Start it from a ``seed`` or from an explicit ``deck`` (top card first).

    ``events=False`` skips building events (apply returns an empty list): for
    simulations, such as a bot playing games out, that only need the outcome.
    """

    __slots__ = ("rules", "n", "rng", "total_cards", "draw_pile", "discard", "hands", "dealer", "direction",
                 "color", "turn", "decider", "phase", "attack", "pending_draw", "wd4_guilty", "wd4_color", "first_wild",
                 "uno_intent", "drawn", "uno_said", "out", "gone", "chain", "window", "more_windows", "passes", "refills", "stall", "shown", "over", "winner", "blocked",
                 "can_shield", "setup_events", "record", "_matching", "_plain", "_refuses", "_jumps", "_sevens", "_stacking",
                 "_keep", "_multi", "_deflect", "_mercy", "_uno", "_legal", "_events")

    def __init__(self, rules: Rules, players: int, *, seed=None, deck: list[str] | None = None,
                 dealer: int = 0, hand_size: int = HAND_SIZE, events: bool = True):
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise GameError(f"UNO is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
        if not 0 <= dealer < players:
            raise GameError(f"dealer must be a seat from 0 to {players - 1}")
        wrong = seating_problem(rules, players)
        if wrong:
            raise GameError(wrong)
        self.rules = rules
        self.n = players
        self.rng = random.Random(seed)
        if deck is None:
            cards = deck_of(rules)
            shuffle(self.rng, cards)
        else:
            unknown = [c for c in deck if c not in CARD_OF]
            if unknown:
                raise GameError(f"unknown card code {unknown[0]!r}")
            cards = [CARD_OF[c] for c in deck]
        if len(cards) < players * hand_size + 1:
            raise GameError("the deck is too small to deal")
        self.total_cards = len(cards)
        cards.reverse()
        self.draw_pile = cards                # top card last, so drawing is pop()
        self.discard: list[int] = []          # top card last
        self.hands: list[list[int]] = [[]] * players     # dealt in deal_hands
        self.dealer = dealer
        self.direction = 1
        self.color = -1                       # active colour, -1 until chosen
        self._matching = frozenset()          # the cards that may go on the pile now (see steps.set_color)
        self.turn = self.decider = (dealer + 1) % players
        self.phase = "turn"
        self.attack: tuple | None = None      # (card, attacker, target) awaiting its target's response
        self.pending_draw = 0                 # cards the attack's target would draw (stacks add up)
        self.wd4_guilty = False
        self.wd4_color = -1                   # the active colour when the last Wild Draw Four was played
        self.first_wild = -1                  # a wild turned up first, waiting for its colour
        self.uno_intent = False               # UNO said with a Voldemort, applied after its discards
        self.drawn = -1
        self.uno_said = [False] * players
        self.out = [False] * players          # mercy: seats out of the hand
        self.gone = 0                         # how many are out
        self.chain: list[int] = []            # multi_play: the cards of the number being played, so far
        self.window = -1                      # seat that may be caught for not saying UNO
        self.more_windows: tuple = ()         # more such seats (a 7 or a 0 can leave several with one card)
        self.passes = 0
        self.refills, self.stall = 0, None    # draw-pile rebuilds in a row with the hands unchanged; the hands
        self.shown: list[tuple] = []          # (seat, cards, viewers or None for all but seat)
        self.over = False
        self.winner = -1
        self.blocked = False
        self.can_shield = rules.deck.get("WI", 0) > 0   # the edition's deck, so no hand is given away
        self._cache_rules()
        self._events: list[dict] = []
        self.record = events
        deal_hands(self, hand_size)
        turn_up(self)
        self.setup_events = self._events

    @classmethod
    def restored(cls, rules: Rules, fields: dict, rng: random.Random) -> "Game":
        """The hand whose state is ``fields`` (state.py reads them from a save), with what the hot
        paths keep beside the state worked out again; no events yet."""
        game = cls.__new__(cls)
        for name, value in fields.items():
            setattr(game, name, value)
        game.rules, game.rng, game.record = rules, rng, True
        game.setup_events, game._events, game._matching = [], [], frozenset()   # no colour: nothing matches
        game._cache_rules()
        if game.color >= 0:
            set_color(game, game.color)
        return game

    def _cache_rules(self) -> None:
        """What the hottest paths ask of the rules, as plain attributes (also after a restore)."""
        rules = self.rules
        self._plain = plain_turns(rules)
        self._refuses = rules.strict_wild_draw_four or rules.no_action_finish     # may refusal() say no?
        self._jumps, self._sevens = rules.jump_in, rules.seven_zero
        self._stacking = rules.stack_draw_two or rules.stack_draw_four or rules.stack_mixed
        self._keep = [] if rules.force_play else [KEEP]         # the last choice after a playable draw
        self._multi, self._deflect, self._mercy = rules.multi_play, rules.deflect, rules.mercy
        self._uno = rules.uno_penalty > 0       # uno_penalty 0: nobody says UNO, nobody is caught
        self._legal: list | None = None         # the decider's legal list, until the state changes

    def copy(self) -> "Game":
        """The same game, to be played on apart (a search makes each move on its own copy): every pile,
        hand and list of its own, no events yet; the random generator and the rules shared."""
        game = Game.__new__(type(self))
        for name in _STATE:
            setattr(game, name, getattr(self, name))
        game.draw_pile, game.discard = self.draw_pile[:], self.discard[:]
        game.hands, game.uno_said, game.shown = [h[:] for h in self.hands], self.uno_said[:], self.shown[:]
        game.out, game.chain = self.out[:], self.chain[:]
        game._events, game._legal = [], None
        return game

    # ------------------------------------------------------------------ queries
    def next_seat(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` on in the direction of play, passing over seats out of the hand (mercy)."""
        if not self.gone:
            return (seat + steps * self.direction) % self.n
        for _ in range(steps):
            seat = (seat + self.direction) % self.n
            while self.out[seat]:
                seat = (seat + self.direction) % self.n
        return seat

    @property
    def playing(self) -> int:
        """How many are still in the hand."""
        return self.n - self.gone

    def side(self, seat: int) -> int:
        """The seat's team (``teams``: seats alternate, 0 and 1); without teams every seat is its own."""
        return seat % 2 if self.rules.teams else seat

    @property
    def top(self) -> int:
        return self.discard[-1]

    def can_draw(self) -> bool:
        return bool(self.draw_pile) or len(self.discard) > 1

    def playable(self, card: int) -> bool:
        """Does ``card`` match the pile (colour, face, or a wild)?"""
        return card in self._matching

    def refusal(self, hand, card: int) -> str | None:
        """Why a matching ``card`` in ``hand`` may still not be played (None: it may)."""
        return refusal(self, hand, card)

    #: everything ``seat`` may do now: legal.actions itself as the method (a method calling it cost a
    #: Python call a decision, 1.9% more instructions in bench/engine.py's games)
    legal_actions = actions

    # ------------------------------------------------------------------ applying
    def apply(self, seat: int, action) -> list[dict]:
        """Apply ``action`` for ``seat``; return the events it caused.

        Raises :class:`IllegalAction` (with the reason) and changes nothing
        when the action is not among :meth:`legal_actions` for the seat.
        """
        if type(action) is not Action:
            action = Action.from_dict(action)
        legal = self._legal
        if legal is None or seat != self.decider:
            legal = actions(self, seat)
        if action not in legal:
            raise IllegalAction(why_not(self, seat, action))
        self._events = events = []
        self._legal = None
        handler, begins_turn = _HANDLERS[action.kind]
        if begins_turn:
            self.window = -1
            if self.more_windows:
                self.more_windows = ()
            if self.shown:
                self.shown = []
        handler(self, seat, action)
        return events

    # ------------------------------------------------------------------ scoring
    def hand_points(self, seat: int) -> int:
        return sum(map(POINTS.__getitem__, self.hands[seat]))

    def points(self) -> int:
        """What the hand's winner scores: every card left in the others' hands (with teams: in the
        other team's; a partner's cards count for nothing)."""
        side = self.side(self.winner)
        return sum(sum(map(POINTS.__getitem__, h)) for s, h in enumerate(self.hands) if self.side(s) != side)


#: what copy() carries over as it is (the lists it copies are set after, the events and legal cache anew)
_STATE = tuple(name for name in Game.__slots__ if name not in ("_events", "_legal"))
#: kind -> what applies it: a function of (game, seat, action)
_APPLY = {"play": plays.play, "play_drawn": plays.play_drawn, "jump_in": plays.jump_in, "stop": plays.stop,
          "swap": plays.swap, "discard": plays.discard, "accept": attacks.accept, "challenge": attacks.challenge,
          "shield": attacks.shield, "draw": moves.draw, "keep": moves.keep, "pass": moves.pass_turn,
          "color": moves.first_color, "say_uno": moves.say_uno, "catch": moves.catch}
#: kind -> (its function, whether it begins a turn: closes the UNO catch window, ends hands shown)
_HANDLERS = {kind: (_APPLY[kind], kind in _TURN_KINDS) for kind in KINDS}
