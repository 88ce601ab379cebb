"""A match record made the same every time, without a table: bots chosen by seed play two hands
through the engine alone, and the clock is fixed (the history and replay screens' snapshots)."""
import json
from pathlib import Path

from uno_tui.bots import make_bot
from uno_tui.engine import Action, Match, make_rules, seat_view
from uno_tui.history.record import Recorder, records_dir

NAMES = ("You", "Ada", "Ben", "Cleo")
BEGAN = 1796212800.0                 # 2026-12-02 12:00 UTC
MOVE_SECONDS = 2.5


def fixed_record(seed: int = 7, hands: int = 2, directory: Path | None = None) -> Path:
    """A record of ``hands`` hands of a first-to-500 match (you and three easy bots), named
    match.unorec, as the table would have written it."""
    rules = make_rules("classic", match_target=500)
    recorder = Recorder("solo", directory or records_dir())
    seats = [{"name": NAMES[0], "kind": "human", "level": None}] + [
        {"name": name, "kind": "bot", "level": "easy"} for name in NAMES[1:]]
    recorder.match_started(rules=rules.to_dict(), seats=seats, seed=seed, dealer=0, deck=None, hand_size=7)
    match = Match(rules, len(seats), seed=seed, dealer=0)
    bots = [make_bot("easy", seed=seed + i) for i in range(len(seats))]
    for number in range(1, hands + 1):
        game = match.start_hand()
        recorder.hand_started(number)
        while not game.over:
            seat = game.decider
            action = bots[seat].decide(seat_view(game, seat))
            game.apply(seat, Action.from_dict(action))
            recorder.moved(seat, action)
        recorder.hand_scored(match.record_hand())
    recorder.close()
    return _fix_clock(recorder.path)


def _fix_clock(path: Path) -> Path:
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    lines[0]["began"] = BEGAN
    moves = (line for line in lines if "action" in line)
    for i, line in enumerate(moves, start=1):
        line["t"] = i * MOVE_SECONDS
    fixed = path.with_name("match.unorec")
    fixed.write_text("".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines))
    path.unlink()
    return fixed
