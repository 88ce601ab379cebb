"""Engine speed: random-legal games with 4 players, per edition, against RLCard's UnoGame.

    python bench/engine.py [--seconds S]

The random player picks uniformly among the engine's own legal actions for
the seat it waits on (UNO calls, catches, challenges and colour choices
included), preferring any play to drawing, as RLCard's legal list does.
"""
import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from uno_tui.engine import PRESETS, Game, make_rules  # noqa: E402


def random_choice(legal, rng):
    eager = [a for a in legal if a.kind != "draw" and a.kind != "keep"]
    return rng.choice(eager or legal)


def bench_preset(preset: str, seconds: float, seed: int = 1) -> tuple[float, float]:
    rules = make_rules(preset)
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = Game(rules, 4, seed=rng.getrandbits(32), dealer=games % 4)
        while not game.over:
            seat = game.decider
            game.apply(seat, random_choice(game.legal_actions(seat), rng))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
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
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game.np_random = np.random.RandomState(rng.getrandbits(31))
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    args = parser.parse_args()
    print(f"{'engine':<16}{'games/s':>10}{'actions/s':>12}{'actions/game':>14}")
    results = {}
    for preset in PRESETS:
        gps, aps = results[preset] = bench_preset(preset, args.seconds)
        print(f"{preset:<16}{gps:>10.0f}{aps:>12.0f}{aps / gps:>14.1f}")
    rl = bench_rlcard(args.seconds)
    if rl is None:
        print("RLCard not installed (pip install rlcard): no baseline in this run")
        return
    print(f"{'rlcard UnoGame':<16}{rl[0]:>10.0f}{rl[1]:>12.0f}{rl[1] / rl[0]:>14.1f}")
    print(f"classic / rlcard games per second: {results['classic'][0] / rl[0]:.2f}x")


if __name__ == "__main__":
    main()
