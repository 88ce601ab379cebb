"""Past matches and players' statistics, kept in SQLite (the standard library's sqlite3) beside
the records. The records are the truth: the index only saves replaying them all each time, so
a lost or damaged index is rebuilt from them, and a record is read again when its file changes.
"""
import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from uno_tui.storage.places import data_dir

from .record import SUFFIX, RecordError, read_record, records_dir
from .replay import Replay, replay
from .seat_record import KIND as SEAT_KIND
from .seat_record import seen

SCHEMA = 1                       # an index of another schema is rebuilt
TABLES = """
CREATE TABLE matches (id TEXT PRIMARY KEY, stamp TEXT, began REAL, kind TEXT, edition TEXT, players TEXT,
    winners TEXT, scores TEXT, hands INTEGER, moves INTEGER, seconds REAL, over INTEGER, problem TEXT);
CREATE TABLE seats (match TEXT, seat INTEGER, name TEXT, kind TEXT, level TEXT, won INTEGER, hands INTEGER,
    hands_won INTEGER, points INTEGER, challenges_won INTEGER, catches INTEGER);
CREATE INDEX seats_by_name ON seats (name);
"""


@dataclass(frozen=True)
class PastMatch:
    """One row of the history: a match as its record tells it (``problem``: why it does not replay)."""
    id: str
    began: float
    kind: str
    edition: str
    players: list[str]
    winners: list[str]
    scores: list[int]
    hands: int
    moves: int
    seconds: float
    over: bool
    problem: str | None


@dataclass(frozen=True)
class PlayerStats:
    name: str
    matches: int
    matches_won: int
    hands: int
    hands_won: int
    points: int
    hand_length: float           # moves a hand, on average, in the hands the player played
    challenges_won: int          # Wild Draw Four challenges won, as challenger or challenged
    catches: int                 # players caught not saying UNO
    #: bot level -> (matches with a bot of that level at the table, of them won)
    against: dict[str, tuple[int, int]]


def seat_figures(played: Replay) -> list[dict]:
    """Each seat's part of a replayed match, counted from its hands and their events."""
    return figures(len(played.names), (event for hand in played.hands for move in hand.moves for event in move.events),
                   [hand.result for hand in played.hands if hand.result is not None])


def figures(seats: int, events, results: list[dict]) -> list[dict]:
    """Each seat's part of a match, from its events (challenges, catches) and its hands' results."""
    counted = [{"hands": 0, "hands_won": 0, "points": 0, "challenges_won": 0, "catches": 0} for _ in range(seats)]
    for event in events:
        if event["type"] == "challenge":
            counted[event["seat"] if event["guilty"] else event["target"]]["challenges_won"] += 1
        elif event["type"] == "catch" and event["caught"]:
            counted[event["seat"]]["catches"] += 1
    for result in results:
        for seat in counted:
            seat["hands"] += 1
        counted[result["winner"]]["hands_won"] += 1
        counted[result["winner"]]["points"] += result["points"]
    return counted


class History:
    """The index of the records in ``directory``, in the SQLite file ``path``."""

    def __init__(self, directory: Path | None = None, path: Path | None = None):
        self.directory = directory or records_dir()
        self.path = path or data_dir() / "history.sqlite"
        self.db = self._open()

    def _open(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            db = sqlite3.connect(self.path)
            if db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA:
                return db
            db.close()
        except sqlite3.DatabaseError:
            pass
        self.path.unlink(missing_ok=True)           # damaged or of another schema: built again
        db = sqlite3.connect(self.path)
        db.executescript(TABLES)
        db.execute(f"PRAGMA user_version = {SCHEMA}")
        return db

    def close(self) -> None:
        self.db.close()

    def refresh(self) -> None:
        """Index the records new or changed since the last look; forget those deleted."""
        known = dict(self.db.execute("SELECT id, stamp FROM matches"))
        files = {p.name: p for p in self.directory.glob(f"*{SUFFIX}")} if self.directory.is_dir() else {}
        with self.db:
            for gone in set(known) - set(files):
                self._forget(gone)
            for name, path in sorted(files.items()):
                stamp = _stamp(path)
                if known.get(name) != stamp:
                    self._forget(name)
                    self._index(path, stamp)

    def _forget(self, name: str) -> None:
        self.db.execute("DELETE FROM matches WHERE id = ?", (name,))
        self.db.execute("DELETE FROM seats WHERE match = ?", (name,))

    def _index(self, path: Path, stamp: str) -> None:
        try:
            record = read_record(path)
            if record.header.get("kind") == SEAT_KIND:
                self._index_seen(path, stamp, record)
                return
            played = replay(record)
        except RecordError as e:
            self.db.execute("INSERT INTO matches (id, stamp, began, kind, edition, players, winners, scores, hands,"
                            " moves, seconds, over, problem) VALUES (?, ?, 0, '', '', '[]', '[]', '[]', 0, 0, 0, 0, ?)",
                            (path.name, stamp, str(e)))
            return
        header = record.header
        moves = [m for hand in played.hands for m in hand.moves]
        if not moves:
            return                   # a match dealt and left before anyone moved (a new one, say) is none
        self._add(path.name, stamp, header, played.rules.preset, header["seats"], played.match.winners,
                  played.match.scores, sum(h.result is not None for h in played.hands), len(moves), moves[-1].t,
                  played.over, seat_figures(played))

    def _index_seen(self, path: Path, stamp: str, record) -> None:
        """A joined seat's record: the match as that seat was shown it (its figures from the
        events and results it was sent; nobody's hidden cards are needed for them)."""
        match = seen(record)
        if match is None or not match.updates:
            return
        table = match.view["table"]
        self._add(path.name, stamp, record.header, table["rules"].get("preset", ""), table["seats"],
                  table["match"]["winners"], table["scores"], len(match.results), match.updates, match.seconds,
                  table["match"]["over"], figures(len(table["seats"]), match.events, match.results))

    def _add(self, name: str, stamp: str, header: dict, edition: str, seats: list[dict], winners: list[int],
             scores: list[int], hands: int, moves: int, seconds: float, over: bool, counted: list[dict]) -> None:
        """One match's row and its seats' rows (``seats``: name, kind and level each)."""
        names = [seat["name"] for seat in seats]
        self.db.execute("INSERT INTO matches VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)", (
            name, stamp, header.get("began", 0), header.get("kind", ""), edition, json.dumps(names),
            json.dumps([names[w] for w in winners]), json.dumps(scores), hands, moves, seconds, over))
        for i, (seat, part) in enumerate(zip(seats, counted)):
            self.db.execute("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (
                name, i, seat["name"], seat.get("kind", ""), seat.get("level") or "", i in winners,
                part["hands"], part["hands_won"], part["points"], part["challenges_won"],
                part["catches"]))

    def matches(self, player: str | None = None, edition: str | None = None) -> list[PastMatch]:
        """The matches, newest first; only those ``player`` sat in, of ``edition``, if given."""
        query, args = "SELECT * FROM matches WHERE 1", []
        if player:
            query += " AND id IN (SELECT match FROM seats WHERE name = ?)"
            args.append(player)
        if edition:
            query += " AND edition = ?"
            args.append(edition)
        rows = self.db.execute(query + " ORDER BY began DESC, id DESC", args)
        return [PastMatch(row[0], row[2], row[3], row[4], json.loads(row[5]), json.loads(row[6]), json.loads(row[7]),
                          row[8], row[9], row[10], bool(row[11]), row[12]) for row in rows]

    def player(self, name: str) -> PlayerStats:
        """A player's figures over every match they sat in (by name)."""
        (matches, won, hands, hands_won, points, challenges, catches), = self.db.execute(
            "SELECT count(*), coalesce(sum(won), 0), coalesce(sum(hands), 0), coalesce(sum(hands_won), 0), "
            "coalesce(sum(points), 0), coalesce(sum(challenges_won), 0), coalesce(sum(catches), 0) "
            "FROM seats WHERE name = ?", (name,))
        (moves, all_hands), = self.db.execute(
            "SELECT coalesce(sum(moves), 0), coalesce(sum(matches.hands), 0) FROM matches "
            "WHERE id IN (SELECT match FROM seats WHERE name = ?)", (name,))
        against = {level: (n, w) for level, n, w in self.db.execute(
            "SELECT b.level, count(DISTINCT p.match), count(DISTINCT CASE WHEN p.won THEN p.match END) FROM seats p "
            "JOIN seats b ON b.match = p.match AND b.kind = 'bot' AND b.seat != p.seat "
            "WHERE p.name = ? GROUP BY b.level ORDER BY b.level", (name,))}
        return PlayerStats(name, matches, won, hands, hands_won, points, moves / all_hands if all_hands else 0.0,
                           challenges, catches, against)

    def players(self) -> list[str]:
        """Everyone who sat at a recorded match, humans first, then by how often they played."""
        return [name for name, in self.db.execute(
            "SELECT name FROM seats GROUP BY name ORDER BY min(kind = 'bot'), count(*) DESC, name")]


def _stamp(path: Path) -> str:
    """What tells a changed file: its size and modification time."""
    stat = path.stat()
    return f"{stat.st_size}:{stat.st_mtime_ns}"
