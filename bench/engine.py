"""Engine speed: random-legal 4-player games per edition, against RLCard's UnoGame on the same terms.

    python bench/engine.py [--seconds S] [--rounds R]

What makes the comparison fair (the bench prints it too):
- one random policy for both, inline in the loop: uniform over the seat's
  legal list, never the declining option (draw, keep) while there is anything
  else, one ``rng.random()`` per decision (RLCard lists "draw" only when
  nothing else is legal, so it is the same rule);
- each game seeded once from one stream: ours by the seed given to ``Game``,
  RLCard by reseeding one numpy RandomState (building a new one costs ~90 us,
  a quarter of an RLCard game);
- each side's legal list obtained once per decision, the way its engine hands
  it over: ours from ``legal_actions()``, RLCard's from the state that
  ``init_game()``/``step()`` return (step builds it anyway);
- CPU time of this process; every row runs once per round, the order reversed
  every other round, and the median round is reported;
- RLCard at its fastest: it plays ~1.5x more games a second on numpy 1.26
  than on 2.4 (its many small numpy calls cost more there; measured in
  docs/decisions.md), so the baseline is run with ``numpy<2``; the bench
  prints the versions and warns otherwise.

Games differ in length: ours have UNO calls, catches, challenges, and a drawn
card played as a second action. So per-game figures are given for both, and
the "like RLCard" row plays our classic rules as close to RLCard's as they go
(strict Wild Draw Four so nobody challenges, UNO always said, nobody catches).
"""
import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from uno_tui.engine import PRESETS, Game, make_rules  # noqa: E402
from uno_tui.engine.legal import DRAW, KEEP  # noqa: E402  (the shared declining actions)

PLAYERS = 4
FAIRNESS = """\
timed: dealing and playing whole games, the policy's choice and the loop; both seeded once per game
  (ours: the seed given to Game; RLCard: one RandomState reseeded with .seed()), each legal list used
  once (ours: legal_actions(); RLCard: the one in the state step() returns)
not timed: the per-game figures, counted afterwards by replaying round 1's games with counters on;
  turns/s is games/s times the turns per game
turn: a player's go (a play, a draw or a pass); RLCard's every step is one. actions: every call that
  changes the game (ours also: UNO calls, catches, answers, colour of a wild turned up first, playing
  the card just drawn)"""


def like_rlcard(legal, random, held: int):
    """The policy, as close to RLCard as our rules go: nobody catches (catches are listed first),
    and a play from ``held`` = 2 cards says UNO (the said variant is as legal as the unsaid one)."""
    lo, hi = 0, len(legal)
    if hi > 1 and (legal[-1] is DRAW or legal[-1] is KEEP):
        hi -= 1
    if legal[0].kind == "catch" and hi > 1:
        lo = 1
    action = legal[lo + int(random() * (hi - lo))]
    if held == 2 and action.kind in ("play", "play_drawn"):
        return action._replace(uno=True)
    return action


def play_ours(rules, seed: int, dealer: int, rng, events: bool, like: bool, tally=None) -> None:
    """One game (``like``: with the like-RLCard policy). ``tally`` (a 4-list: turns, cards played,
    cards drawn, actions) is counted from the events, so only when replaying, never while timed."""
    game = Game(rules, PLAYERS, seed=seed, dealer=dealer, events=events or tally is not None)
    if tally is not None:
        _count_events(game.setup_events, tally)
    random = rng.random
    while not game.over:
        seat = game.decider
        legal = game.legal_actions(seat)
        if like:
            action = like_rlcard(legal, random, len(game.hands[seat]))
        else:       # inline, as RLCard's below: a call per decision was ~4% of a game
            n = len(legal)
            if n > 1 and (legal[-1] is DRAW or legal[-1] is KEEP):     # declining is listed last
                n -= 1
            action = legal[int(random() * n)]
        if tally is not None:
            tally[0] += game.phase == "turn" and action.kind in ("play", "draw", "pass")
            _count_events(game.apply(seat, action), tally)
            tally[3] += 1
        else:
            game.apply(seat, action)


def _count_events(events, tally) -> None:
    for e in events:
        if e["type"] in ("play", "shield", "discard"):
            tally[1] += 1
        elif e["type"] == "draw":
            tally[2] += e["count"]


def play_rlcard(game, seed: int, rng, tally=None) -> None:
    """One RLCard game on ``game`` (whose np_random is reseeded). The ``tally`` counts from hand
    sizes: a drawn card RLCard plays at once leaves the hand unchanged."""
    game.np_random.seed(seed)
    state, _ = game.init_game()
    players = game.players
    if tally is not None:
        tally[2] += sum(len(p.hand) for p in players) - 7 * PLAYERS    # a Draw Two turned up first
    random = rng.random
    while not game.is_over():
        legal = state["legal_actions"]
        action = legal[int(random() * len(legal))]
        if tally is not None:
            mover, held = players[game.round.current_player], sum(len(p.hand) for p in players)
            own = len(mover.hand)
            state, _ = game.step(action)
            played = action != "draw" or len(mover.hand) == own
            tally[0] += 1
            tally[1] += played
            tally[2] += sum(len(p.hand) for p in players) - held + played
            tally[3] += 1
        else:
            state, _ = game.step(action)


def runner(name: str):
    """A function (seed of the stream, seconds or a number of games, tally) -> (games, CPU s)
    for the row ``name``, or None if it cannot run (RLCard not installed)."""
    if name == RLCARD:
        try:
            import numpy as np
            from rlcard.games.uno.game import UnoGame
        except ImportError:
            return None
        game = UnoGame(num_players=PLAYERS)
        game.np_random = np.random.RandomState()

        def one(rng, g, tally):
            play_rlcard(game, rng.getrandbits(32), rng, tally)
    else:
        preset, events, like = ROWS[name]
        rules = make_rules(preset, strict_wild_draw_four=True) if like else make_rules(preset)

        def one(rng, g, tally):
            play_ours(rules, rng.getrandbits(32), g % PLAYERS, rng, events, like, tally)

    def run(seed: int, seconds: float = 0.0, games: int = 0, tally=None):
        rng = random.Random(seed)
        played = 0
        clock = time.process_time
        start = clock()
        while (played < games) if games else (clock() - start < seconds):
            one(rng, played, tally)
            played += 1
        return played, clock() - start
    return run


#: our rows: preset, events on, like RLCard
ROWS = {"classic": ("classic", True, False), "classic quiet": ("classic", False, False),
        "classic like RLCard": ("classic", True, True),
        **{preset: (preset, True, False) for preset in PRESETS if preset != "classic"}}
RLCARD = "rlcard UnoGame"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per row and round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; the order of rows reverses every other one")
    args = parser.parse_args()
    runners = {name: runner(name) for name in (*ROWS, RLCARD)}
    runners = {name: run for name, run in runners.items() if run is not None}
    results: dict[str, list] = {name: [] for name in runners}
    order = list(runners)
    for round_no in range(args.rounds):
        for name in (order if round_no % 2 == 0 else order[::-1]):
            results[name].append(runners[name](round_no, seconds=args.seconds))
    print(f"{PLAYERS} players, median of {args.rounds} rounds of {args.seconds:g} s CPU per row; "
          f"events on except 'quiet' (Game(events=False), as a bot simulates)")
    print(FAIRNESS)
    rates = {}
    for name, rounds in results.items():
        games, cpu = sorted(rounds, key=lambda r: r[0] / r[1])[len(rounds) // 2]
        tally = [0, 0, 0, 0]
        replayed = runners[name](0, games=rounds[0][0], tally=tally)[0]
        per_game = [t / replayed for t in tally]          # turns, played, drawn, actions
        rates[name] = games / cpu, games / cpu * per_game[0], per_game
    base = rates.get(RLCARD)
    if base:
        import numpy
        import rlcard
        print(f"baseline: RLCard {rlcard.__version__} on numpy {numpy.__version__}"
              + ("" if int(numpy.__version__.split(".")[0]) < 2 else
                 ": numpy 2 slows RLCard down (its many small numpy calls cost more); for the fair "
                 "figure, pip install rlcard 'numpy<2' (Python 3.12 or older)"))
    print(f"{'':<20}{'games/s':>9}{'turns/s':>10}{'x games':>9}{'x turns':>9}"
          f"{'turns/g':>9}{'played/g':>10}{'drawn/g':>9}{'actions/g':>11}")
    for name, (gps, tps, (turns, played, drawn, actions)) in rates.items():
        ratio = f"{gps / base[0]:>9.2f}{tps / base[1]:>9.2f}" if base else f"{'':>18}"
        print(f"{name:<20}{gps:>9.0f}{tps:>10.0f}{ratio}{turns:>9.1f}{played:>10.1f}{drawn:>9.1f}{actions:>11.1f}")
    if base is None:
        print("RLCard is not installed (pip install rlcard): no baseline in this run")


if __name__ == "__main__":
    main()
