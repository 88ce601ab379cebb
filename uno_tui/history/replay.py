"""A record played again through the engine alone: every move re-applied from the seed, and
every hand's result checked against the one recorded. A record that does not reproduce its
own results (edited, or from an engine that plays differently) is refused with a sentence.
"""
from dataclasses import dataclass, field

from ..engine import Action, IllegalAction, Match, Rules, RulesError
from ..engine.rules import saved_rules
from ..engine.game import GameError
from .record import Record, RecordError

CHECKED = ("winner", "points", "scores", "winners")


@dataclass
class Move:
    seat: int
    action: Action
    events: list[dict]
    t: float


@dataclass
class Hand:
    """One hand as replayed: how it was dealt (its events), its moves, its result (None: cut off)."""
    number: int
    setup: list[dict]
    moves: list[Move] = field(default_factory=list)
    result: dict | None = None


@dataclass
class Replay:
    record: Record
    rules: Rules
    hands: list[Hand]
    match: Match

    @property
    def names(self) -> list[str]:
        return [seat["name"] for seat in self.record.header["seats"]]

    @property
    def over(self) -> bool:
        return self.match.over


def rules_of(header: dict) -> Rules:
    """The record's rules, held to a new game's checks (a deck of ten million Wilds is no
    edition's), or RecordError."""
    try:
        return saved_rules(header["rules"])
    except RulesError as e:
        raise RecordError(f"the record is refused: {e}") from e
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise RecordError("the record's rules are not ones this version knows") from e


def start(record: Record) -> tuple[Rules, Match]:
    """The match a record's header describes, before its first hand."""
    header = record.header
    seats = header.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, dict) and isinstance(s.get("name"), str) for s in seats):
        raise RecordError("the record's seats are not a list of players")
    if not isinstance(header.get("seed"), int):
        raise RecordError("the record has no seed to deal from")
    if not isinstance(header.get("hand_size"), int):
        raise RecordError("the record does not say how many cards its first hand dealt")
    rules = rules_of(header)
    try:
        return rules, Match(rules, len(seats), seed=header["seed"], dealer=header.get("dealer"))
    except (GameError, TypeError, IndexError) as e:
        raise RecordError(f"the record's match cannot be set up: {e}") from e


def replay(record: Record) -> Replay:
    """Every line of the record applied in order; RecordError at the first that does not fit."""
    rules, match = start(record)
    header, hands = record.header, []
    for i, line in enumerate(record.lines, start=2):
        if "hand" in line:
            if line["hand"] != len(hands) + 1:
                raise RecordError(f"line {i}: hand {line['hand']!r} comes out of order")
            try:
                first = not hands        # a rigged deck and hand size are the first hand's alone
                game = match.start_hand(header.get("deck") if first else None, header["hand_size"] if first else 7)
            except (GameError, ValueError, KeyError) as e:
                raise RecordError(f"line {i}: hand {line['hand']} cannot be dealt: {e}") from e
            hands.append(Hand(line["hand"], list(game.setup_events)))
        elif "action" in line:
            if not hands or hands[-1].result is not None:
                raise RecordError(f"line {i}: a move outside a hand")
            hands[-1].moves.append(_apply(match, line, i, len(hands)))
        elif "result" in line:
            hands[-1].result = _score(match, line["result"], i, hands)
        else:
            raise RecordError(f"line {i}: not an entry this version knows")
    return Replay(record, rules, hands, match)


def _apply(match: Match, line: dict, i: int, hand: int) -> Move:
    seat = line.get("seat")
    try:
        if not isinstance(seat, int) or not 0 <= seat < match.n:
            raise IllegalAction("no such seat")
        action = Action.from_dict(line["action"])
        events = match.game.apply(seat, action)
    except IllegalAction as e:
        raise RecordError(f"line {i}: the record does not replay: in hand {hand}, "
                          f"seat {seat!r}'s move was refused ({e.reason})") from e
    return Move(seat, action, events, float(line.get("t", 0.0)))


def _score(match: Match, recorded, i: int, hands: list[Hand]) -> dict:
    if not hands or hands[-1].result is not None or not match.game.over:
        raise RecordError(f"line {i}: a result for a hand that is not over")
    result = match.record_hand()
    if not isinstance(recorded, dict) or any(recorded.get(k) != result[k] for k in CHECKED):
        raise RecordError(f"line {i}: the record does not replay: hand {len(hands)} was recorded as "
                          f"{_told(recorded)}, but its moves give {_told(result)}")
    return result


def _told(result) -> str:
    if not isinstance(result, dict):
        return "no result"
    return f"won by seat {result.get('winner')!r} for {result.get('points')!r} points (scores {result.get('scores')!r})"
