"""A match: hands in a row, the deal passing left, scored by the match mode."""
import random

from .cards import CODES, RANK_OF, build_deck
from .game import HAND_SIZE, Game, GameError, shuffle
from .legal import MAX_PLAYERS, MIN_PLAYERS
from .rules import Rules, seating_problem


def draw_for_dealer(players: int, rng: random.Random, rules: Rules) -> tuple[int, list[list[str]]]:
    """Rule 1: each player turns a card; the highest face value deals, ties turn again.

    Returns the dealer and, per round, the codes each contender turned.
    """
    deck = build_deck(rules.deck)
    shuffle(rng, deck)
    contenders = list(range(players))
    rounds = []
    while True:
        if len(deck) < len(contenders):
            deck = build_deck(rules.deck)
            shuffle(rng, deck)
        turned = [deck.pop() for _ in contenders]
        rounds.append([CODES[c] for c in turned])
        values = [RANK_OF[c] if RANK_OF[c] < 10 else 0 for c in turned]
        best = max(values)
        contenders = [s for s, v in zip(contenders, values) if v == best]
        if len(contenders) == 1:
            return contenders[0], rounds


class Match:
    """Hands until the match mode says it is over. ``scores`` are per seat."""

    def __init__(self, rules: Rules, players: int, *, seed=None, dealer: int | None = None):
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise GameError(f"UNO is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
        if seating_problem(rules, players):
            raise GameError(seating_problem(rules, players))
        self.rules = rules
        self.n = players
        self.rng = random.Random(seed)
        self.dealer_draw: list[list[str]] = []
        if dealer is None:
            dealer, self.dealer_draw = draw_for_dealer(players, self.rng, rules)
        self.dealer = dealer
        self.scores = [0] * players
        self.hands_won = [0] * players
        self.history: list[dict] = []
        self.game: Game | None = None
        self._scored: Game | None = None
        self.over = False
        self.winners: list[int] = []

    @classmethod
    def restored(cls, rules: Rules, fields: dict, rng: random.Random, game: Game | None, scored: bool) -> "Match":
        """The match whose state is ``fields`` (state.py reads them from a save), its hand in play
        ``game``, ``scored`` already or not."""
        match = cls.__new__(cls)
        for name, value in fields.items():
            setattr(match, name, value)
        match.rules, match.rng, match.game = rules, rng, game
        match._scored = game if scored else None
        return match

    @property
    def scored(self) -> bool:
        """Whether the hand in play is scored already."""
        return self.game is not None and self._scored is self.game

    def start_hand(self, deck: list[str] | None = None, hand_size: int = HAND_SIZE) -> Game:
        """Deal the next hand (from the match's random stream, or a given deck)."""
        if self.over:
            raise GameError("the match is over")
        if self.game is not None:
            if not self.game.over:
                raise GameError("the current hand is not over")
            self.dealer = (self.dealer + 1) % self.n
        self.game = Game(self.rules, self.n, seed=self.rng.getrandbits(64), deck=deck, dealer=self.dealer,
                         hand_size=hand_size)
        return self.game

    def record_hand(self) -> dict:
        """Score the finished hand; decide whether the match is over. Returns the hand's result."""
        game = self.game
        if game is None or not game.over:
            raise GameError("no finished hand to score")
        if self._scored is game:
            raise GameError("this hand is already scored")
        self._scored = game
        mode, target = self.rules.match_mode, self.rules.match_target
        caught = [game.hand_points(s) for s in range(self.n)]
        winner = game.winner
        # with teams every partner carries the team's score: the match goes by team
        team = [[p for p in range(self.n) if game.side(p) == game.side(s)] for s in range(self.n)]
        for s in team[winner]:
            self.hands_won[s] += 1
        if mode == "lowest":
            for s in range(self.n):
                self.scores[s] += sum(caught[p] for p in team[s])
        elif mode == "wins":
            for s in team[winner]:
                self.scores[s] += 1
        else:
            for s in team[winner]:
                self.scores[s] += game.points()
        if mode == "single":
            self.winners = team[winner]
        elif mode == "lowest":
            if max(self.scores) >= target:
                low = min(self.scores)
                self.winners = [s for s in range(self.n) if self.scores[s] == low]
        elif self.scores[winner] >= target:
            self.winners = team[winner]
        self.over = bool(self.winners)
        result = {"hand": len(self.history) + 1, "winner": winner, "points": game.points(),
                  "blocked": game.blocked, "team": game.side(winner) if self.rules.teams else None,
                  # went out, fewest points of a blocked hand, or the last left (mercy)
                  "why": "blocked" if game.blocked else "mercy" if game.hands[winner] else "out",
                  "out": [s for s in range(self.n) if game.out[s]], "caught": caught, "scores": list(self.scores),
                  "match_over": self.over, "winners": list(self.winners)}
        self.history.append(result)
        return result
