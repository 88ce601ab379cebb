"""The same seed gives the same game: a digest of 2,000 seeded games, pinned, so that work on the
engine's speed cannot change what it does.

    python bench/replay.py [--games N]

Every edition, 2-10 players, house rules switched at random, actions in and out of turn. The
digest covers each action taken, every event (keys in order) and how each hand ended; the same
games played with events off must end alike. Exits 1 when the 2,000-game digest is not the pinned
one: change ``PINNED`` only with a change of the rules. A script, not a test: it takes ~5 s.
"""
import argparse
import hashlib
import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from uno_tui.engine import PRESETS, Game, make_rules  # noqa: E402

PINNED = "64e1f82442d32efb3daae54b9477b1bff4b25476d51550b456100eab5cad8573"
#: the switches the pinned games were played with (a new house rule gets games of its own)
SWITCHES = ("stack_draw_two", "stack_draw_four", "draw_to_match", "strict_wild_draw_four", "false_catch_penalty",
            "sorting_hat_skips")


def play(rules, players: int, seed: int, events: bool, out=None) -> Game:
    """One game, mostly the decider acting, a fifth of the time any seat that may (catches, UNO)."""
    game = Game(rules, players, seed=seed, dealer=seed % players, events=events)
    rng = random.Random(seed)
    if out is not None:
        out.update(json.dumps(game.setup_events).encode())
    while not game.over:
        seat = game.decider
        if rng.random() < 0.2:
            seat = rng.choice([s for s in range(players) if game.legal_actions(s)])
        legal = game.legal_actions(seat)
        action = rng.choice([a for a in legal if a.kind not in ("draw", "keep")] or legal)
        events_out = game.apply(seat, action)
        if out is not None:
            out.update(json.dumps((seat, action, events_out)).encode())
    return game


def digest(games: int) -> str:
    out = hashlib.sha256()
    for i in range(games):
        rng = random.Random(i)
        rules = make_rules(PRESETS[i % len(PRESETS)], uno_penalty=rng.choice((2, 4)),
                           **{r: True for r in SWITCHES if rng.random() < 0.25})
        players = 2 + i % 9
        game = play(rules, players, i, True, out)
        quiet = play(rules, players, i, False)
        if (quiet.winner, quiet.hands, quiet.points()) != (game.winner, game.hands, game.points()):
            sys.exit(f"game {i} ends differently with events off")
        out.update(json.dumps([game.winner, game.hands, game.points()]).encode())
    return out.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    found = digest(args.games)
    print(f"{args.games} games: {found}")
    if args.games == 2000 and found != PINNED:
        sys.exit(f"CHANGED: pinned {PINNED}")


if __name__ == "__main__":
    main()
