"""A record on the screen: a channel, as a live game's, to a real table of the record's rules and
seats that is moved one recorded move at a time. The game screen shows it with the widgets of a
live game (cards fly, the log tells each move), and nothing of the live game is copied here.

Stepping on moves the table; stepping back (or looking from another seat) builds it again from
the record up to that move, so every position is the engine's own.
"""
import asyncio

from ..engine import seat_view
from ..table import Pacing, Seat, Table
from .replay import Replay

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

    def look_from(self, seat: int) -> None:
        self.seat = seat
        self._build(self.at)

    def hands(self) -> list[list[str]]:
        """Every seat's hand at this point, face up (what the record's owner may see of it once
        the match is over: the record holds the seed, so it knew every card all along)."""
        return [seat_view(self.table.game, seat)["hand"] for seat in range(len(self.played.names))]

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
