"""The hard bot's search: flat Monte Carlo over guesses at the hidden cards, played out with the real
engine, so every edition and house rule is played as the table plays it.

Each round deals one guess (guesses.py: consistent with all the seat saw) and builds the whole game
from it (engine/guess.py); every candidate move still in the running is made on its own copy of
that game, which is then played to the end of the hand by the normal bot's policy for every seat
(rollout.py). The same guess for every move: luck weighs on all alike (but for the rare reshuffle).
The budget (seconds, or a number of play-outs) is spent in parts: after each, the worse half of
the moves is dropped (sequential halving), so the close ones get the most play-outs. The move the
normal bot's rules pick always stays, and the best move replaces it only when it won clearly
more often on the same guesses of the last part (guesses that did not pick it): a few lucky
play-outs must not pick a worse move.
"""
import math
import random
import time

from ..engine import Action, Rules, make_rules
from ..engine.guess import guessed_game
from .guesses import Guesses
from .rollout import play_out

#: how many standard errors a move must win by to replace the preferred one (tuned with bench/bots.py)
CLEAR = 1.0


def rules_of(view: dict) -> Rules | None:
    """The table's rules, as its view carries them (None when it does not: a guess played out under
    other rules than the table's would meet moves it does not know)."""
    table = view.get("table") or {}
    if not table.get("rules"):
        return None
    return Rules.from_dict({**table["rules"], "deck": table.get("deck") or make_rules("classic").deck})


def most_won(view: dict, memory, moves: list[dict], preferred: int, rng: random.Random, *,
             seconds: float, playouts: int | None = None) -> int | None:
    """The index of the move in ``moves`` (the seat's legal actions, as dicts) that wins most hands
    played out, ``preferred`` on a tie; None when the view carries no rules or no guess fits what
    the seat saw. The search stops after ``playouts`` play-outs if given, else after ``seconds``."""
    rules = rules_of(view)
    if rules is None:
        return None
    guesses = Guesses(view, memory, rules.deck)
    if not guesses.ok:
        return None
    me, actions = view["seat"], [Action.from_dict(m) for m in moves]
    results: list[list[bool]] = [[] for _ in moves]      # per move, its play-outs' wins, guess by guess
    alive = list(range(len(moves)))
    parts = max(1, math.ceil(math.log2(len(moves))))
    start, done = time.perf_counter(), 0

    def spent() -> float:
        return done / playouts if playouts is not None else (time.perf_counter() - start) / seconds

    def rate(i: int) -> float:
        return sum(results[i]) / len(results[i])

    for part in range(1, parts + 1):
        fresh = len(results[preferred])   # (the first guess of this part)
        while spent() < part / parts or len(results[preferred]) == fresh:
            guessed = guessed_game(rules, view, *guesses.deal(rng), rng=rng)
            for i in alive:
                game = guessed.copy()
                game.apply(me, actions[i])
                won = play_out(game)       # (teams: a partner's win is ours)
                results[i].append(won >= 0 and game.side(won) == game.side(me))
            done += len(alive)
        if part < parts:                  # the preferred move stays, and the best half of the others
            others = sorted((i for i in alive if i != preferred), key=rate, reverse=True)
            alive = [preferred] + others[:max(1, len(alive) // 2 - 1)]
    best = max(alive, key=rate)
    # judged on the last part's guesses alone: the earlier ones picked the survivors, so on them
    # the best of several moves looks better than it is
    return best if clearly_better(results[best][fresh:], results[preferred][fresh:]) else preferred


def clearly_better(won: list[bool], other: list[bool]) -> bool:
    """Did ``won`` beat ``other`` on the same guesses (``other`` may have been played on more) by
    more than CLEAR standard errors of the difference? Noise must not outvote the preferred move."""
    z = CLEAR
    diffs = [a - b for a, b in zip(won, other)]
    n = len(diffs)
    if n < 2:
        return False
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > 0 and (var == 0 or mean > z * math.sqrt(var / n))
