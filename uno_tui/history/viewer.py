"""A record on the screen: a channel, as a live game's, to a real table of the record's rules and
seats that is moved one recorded move at a time. The game screen shows it with the widgets of a
live game (cards fly, the log tells each move), and nothing of the live game is copied here.

Stepping on moves the table; stepping back (or looking from another seat) builds it again from
the record up to that move, so every position is the engine's own.

A joined seat's record (seat_record.py) has no seed to deal from: SeatReplayChannel shows it again
as it was seen, the messages the host sent that seat, one at a time.
"""
import asyncio
from dataclasses import asdict

from uno_tui.client.model import ClientModel

from ..engine import seat_view
from ..table import Pacing, Seat, Table
from .record import Record, RecordError
from .replay import Replay
from .seat_record import unsequenced

REFUSED = "This is a replay: . steps on, , steps back, n jumps to the next hand."


class ReplayChannel:
    status = "connected"
    give_up_after = None

    def __init__(self, played: Replay, seat: int = 0):
        self.played, self.seat = played, seat
        #: every position the record passes through: (hand, moves made in it)
        self.stops = [(h, j) for h, hand in enumerate(played.hands) for j in range(len(hand.moves) + 1)]
        self.at = 0
        self.queue: asyncio.Queue = asyncio.Queue()
        self.table: Table | None = None

    # ------------------------------------------------------------ the channel
    async def send(self, msg: dict) -> None:
        if msg.get("type") == "ready":               # "Next hand" on the scores between hands
            self.next_hand()
        elif msg.get("type") == "snapshot":
            self._build(self.at)
        else:
            self.queue.put_nowait({"type": "error", "id": msg.get("id"), "reason": REFUSED})

    async def recv(self) -> dict:
        if self.table is None:
            self._build(0)
        return await self.queue.get()

    def close(self) -> None:
        if self.table is not None:
            self.table.close()

    # ------------------------------------------------------------ moving through the record
    @property
    def position(self) -> tuple[int, int]:
        """(hand number from 1, moves made in it)."""
        hand, moves = self.stops[self.at]
        return hand + 1, moves

    @property
    def at_end(self) -> bool:
        return self.at == len(self.stops) - 1

    def step(self) -> bool:
        """One move on (or the next hand dealt); False at the record's end."""
        if self.at_end:
            return False
        hand, moves = self.stops[self.at]
        self.at += 1
        if self.stops[self.at][0] == hand:
            move = self.played.hands[hand].moves[moves]
            self.table.apply(move.seat, move.action)
        else:
            self.table.next_hand()
        return True

    def back(self) -> None:
        if self.at:
            self._build(self.at - 1)

    def next_hand(self) -> None:
        hand = self.stops[self.at][0]
        later = [i for i, (h, _) in enumerate(self.stops) if h == hand + 1]
        if later:
            self._build(later[0])
        else:
            self.end()

    def end(self) -> None:
        """The record's last move made."""
        self._build(len(self.stops) - 1)

    def previous_hand(self) -> None:
        hand, moves = self.stops[self.at]
        back_to = hand - 1 if moves == 0 and hand else hand
        self._build(self.stops.index((back_to, 0)))

    # ------------------------------------------------------------ what the replay screen shows and offers
    def where(self) -> str:
        hand, moves = self.position
        total = len(self.played.hands[hand - 1].moves)
        return (f"hand {hand} of {len(self.played.hands)} · "
                + ("the end of the record" if self.at_end else f"move {moves} of {total}"))

    @property
    def watcher(self) -> str:
        return self.played.names[self.seat]

    can_look = True

    @property
    def can_face_up(self) -> bool:
        """Once the match is over: the record holds the seed, so it knew every card all along."""
        return self.played.over

    def look_next(self) -> None:
        self.seat = (self.seat + 1) % len(self.played.names)
        self._build(self.at)

    def faced_up(self) -> list[tuple[str, list[str]]]:
        """Every seat's name and hand at this point."""
        return [(name, seat_view(self.table.game, seat)["hand"]) for seat, name in enumerate(self.played.names)]

    def _build(self, at: int) -> None:
        """The table at stop ``at``: dealt from the record's seed, its moves made again, then shown
        (a snapshot) to the seat looked from."""
        if self.table is not None:
            self.table.close()
        header = self.played.record.header
        seats = [Seat(seat["name"], "human") for seat in header["seats"]]   # nobody moves but the record
        self.table = Table(self.played.rules, seats, pacing=Pacing(), dealer=header.get("dealer"))
        self.table.start(header.get("deck"), header["hand_size"], seed=header["seed"])
        self.at = 0
        while self.at < at:
            self.step()
        self.table.connect(self.seat, lambda msg: self.queue.put_nowait(_watched(msg)))


def _watched(msg: dict) -> dict:
    """A message as a replay shows it: the seat looked from is offered no moves (it is watched,
    not played), so no key and no dialog asks for one."""
    view = msg.get("view")
    if isinstance(view, dict) and "legal" in view:
        return {**msg, "view": {**view, "legal": []}}
    return msg


class SeatReplayChannel:
    """A joined seat's record as it was seen: each step hands the screen the next message the host
    sent; a step back (or a jump) shows the screen the view the messages up to there make."""

    status = "connected"
    give_up_after = None
    can_look = can_face_up = False          # the seat saw only its own hand: nothing else to show

    def __init__(self, record: Record):
        self.record = record
        self.messages = [line["got"] for line in record.lines if isinstance(line.get("got"), dict)]
        first = next((i for i, msg in enumerate(self.messages) if "table" in msg.get("view", {})), None)
        if first is None:
            raise RecordError(f"{record.path.name} holds nothing its seat was shown")
        self.messages = self.messages[first:]
        self.hand_nos = [view["table"]["hand_no"] for view in self._views()]
        self.at = 0
        self.queue: asyncio.Queue = asyncio.Queue()
        self._shown = False

    # ------------------------------------------------------------ the channel
    async def send(self, msg: dict) -> None:
        if msg.get("type") == "snapshot":
            self._show(self.at)
        elif msg.get("type") == "ready":
            self.next_hand()
        else:
            self.queue.put_nowait({"type": "error", "id": msg.get("id"), "reason": REFUSED})

    async def recv(self) -> dict:
        if not self._shown:
            self._shown = True
            self._show(0)
        return await self.queue.get()

    def close(self) -> None:
        """Nothing is held open."""

    # ------------------------------------------------------------ moving through the record
    @property
    def at_end(self) -> bool:
        return self.at == len(self.messages) - 1

    def step(self) -> bool:
        if self.at_end:
            return False
        self.at += 1
        self.queue.put_nowait(_watched(unsequenced(self.messages[self.at])))
        return True

    def back(self) -> None:
        if self.at:
            self._show(self.at - 1)

    def next_hand(self) -> None:
        hand = self.hand_nos[self.at]
        self._show(next((i for i, h in enumerate(self.hand_nos) if h > hand), len(self.messages) - 1))

    def end(self) -> None:
        self._show(len(self.messages) - 1)

    def previous_hand(self) -> None:
        hand = self.hand_nos[self.at]
        start = self.hand_nos.index(hand)
        if start == self.at and hand > self.hand_nos[0]:
            start = self.hand_nos.index(max(h for h in self.hand_nos if h < hand))
        self._show(start)

    def where(self) -> str:
        place = "the end of the record" if self.at_end else f"message {self.at + 1} of {len(self.messages)}"
        return f"hand {self.hand_nos[self.at]} of {self.hand_nos[-1]} · {place}"

    @property
    def watcher(self) -> str:
        return self.record.header.get("name", "your")

    def _views(self):
        """The view after each message (the table part of an update holds only what changed)."""
        model = ClientModel()
        for msg in self.messages:
            model.apply(unsequenced(msg))
            yield model.wire

    def _show(self, at: int) -> None:
        """The screen shown the table as the messages up to ``at`` leave it (one snapshot)."""
        model = ClientModel()
        for msg in self.messages[:at + 1]:
            model.apply(unsequenced(msg))
        self.at = at
        self.queue.put_nowait(_watched({"type": "snapshot", "view": model.wire, "log": [asdict(line) for line in model.log]}))

