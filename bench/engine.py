"""Engine speed: random-legal games with 4 players, per edition, against RLCard's UnoGame.

    python bench/engine.py [--seconds S] [--rounds R]

The random player picks uniformly among the engine's own legal actions for
the seat it waits on (UNO calls, catches, challenges and colour choices
included), preferring any play to drawing, as RLCard's legal list does.
Rounds alternate the engines and the medians are compared; times are CPU
time of this process (this machine's wall clock is noisy). "classic quiet"
is the same games with events off (Game(events=False)), as a bot's
simulations run them. RLCard's step also builds the next player's state.
"""
import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from uno_tui.engine import PRESETS, Game, make_rules  # noqa: E402


def pick(seq, rng):
    """A uniform choice, the same for both engines."""
    return seq[int(rng.random() * len(seq))]


def random_choice(legal, rng):
    """Uniform over the legal actions, never drawing or keeping when there is anything else.

    The engine lists a declining option (draw, keep) last, so it is left out by length.
    """
    n = len(legal)
    if n > 1 and legal[-1].kind in ("draw", "keep"):
        n -= 1
    return legal[int(rng.random() * n)]


def bench_preset(preset: str, seconds: float, seed: int = 1, events: bool = True) -> tuple[float, float]:
    rules = make_rules(preset)
    rng = random.Random(seed)
    games = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = Game(rules, 4, seed=rng.getrandbits(32), dealer=games % 4, events=events)
        while not game.over:
            seat = game.decider
            game.apply(seat, random_choice(game.legal_actions(seat), rng))
            actions += 1
        games += 1
    elapsed = time.process_time() - start
    return games / elapsed, actions / elapsed


def bench_rlcard(seconds: float, seed: int = 1) -> tuple[float, float] | None:
    try:
        import numpy as np
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None
    rng = random.Random(seed)
    game = UnoGame(num_players=4)
    games = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game.np_random = np.random.RandomState(rng.getrandbits(31))
        game.init_game()
        while not game.is_over():
            game.step(pick(game.get_legal_actions(), rng))
            actions += 1
        games += 1
    elapsed = time.process_time() - start
    return games / elapsed, actions / elapsed


QUIET = "classic quiet"


def median_of(runs):
    runs = sorted(runs)
    return runs[len(runs) // 2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds, alternating the engines")
    args = parser.parse_args()
    runs: dict[str, list] = {name: [] for name in (*PRESETS, QUIET, "rlcard UnoGame")}
    for round_no in range(args.rounds):
        for preset in PRESETS:
            runs[preset].append(bench_preset(preset, args.seconds, seed=round_no))
        runs[QUIET].append(bench_preset("classic", args.seconds, seed=round_no, events=False))
        rl = bench_rlcard(args.seconds, seed=round_no)
        if rl is not None:
            runs["rlcard UnoGame"].append(rl)
    print(f"median of {args.rounds} rounds of {args.seconds:g} s each")
    print(f"{'engine':<16}{'games/s':>10}{'actions/s':>12}{'actions/game':>14}")
    for name, results in runs.items():
        if results:
            gps, aps = median_of(results)
            print(f"{name:<16}{gps:>10.0f}{aps:>12.0f}{aps / gps:>14.1f}")
    if not runs["rlcard UnoGame"]:
        print("RLCard not installed (pip install rlcard): no baseline in this run")
        return
    rl = median_of(runs["rlcard UnoGame"])[0]
    print(f"classic / rlcard games per second: {median_of(runs['classic'])[0] / rl:.2f}x "
          f"(events on, as a table plays); {median_of(runs[QUIET])[0] / rl:.2f}x (events off, as a bot simulates)")


if __name__ == "__main__":
    main()
