"""What a seat has seen this hand, read from the events it was sent: the cards on the discard pile,
the cards it knows are in other hands, and what each hand seems to lack. The hard bot's guesses
at the hidden cards (guesses.py) must agree with all of it."""
from collections import Counter

from .cards import color_of, rank_of


class Memory:
    """One seat's memory of the hand being played."""

    def __init__(self):
        self.forget()
        self.bluffs: dict[int, list] = {}  # per seat: [times challenged, times found guilty] (kept across hands)
        self.wd4_before = None            # the active colour when the last Wild Draw Four was played

    def forget(self) -> None:
        self.seat = None
        self.under: list[str] = []        # the discard pile as seen, top card last
        self.known: dict[int, Counter] = {}   # per seat: cards it is known to hold (shown, or handed to it)
        self.lacks: dict[int, set] = {}   # per seat: colours, "rank:X" and "wild" it seems to lack
        self.hand: Counter = Counter()    # our own hand as of the last view
        self.color = self.rank = None     # the colour and rank on top before the events being read

    @property
    def caught(self) -> set[int]:
        """Seats found guilty of a bluffed Wild Draw Four."""
        return {seat for seat, (_, guilty) in self.bluffs.items() if guilty}

    def observe(self, view: dict, events: list[dict]) -> None:
        me = self.seat = view.get("seat")
        for ev in events:
            kind, seat, card = ev.get("type"), ev.get("seat"), ev.get("card")
            if kind == "deal":
                self.forget()
                self.seat = me
            elif kind == "reshuffle":
                self.under = self.under[-1:]
            elif kind == "returned" and self.under:
                self.under.pop()
            elif kind == "draw" and seat != me:
                if ev.get("reason") == "draw" and self.color:
                    # drew rather than played: most likely held nothing that matched, and no wild
                    self.lacks.setdefault(seat, set()).update((self.color, "rank:" + self.rank, "wild"))
                elif ev.get("count", 0) >= 2:
                    self.lacks.pop(seat, None)
            elif kind == "challenge":
                record = self.bluffs.setdefault(ev["target"], [0, 0])
                record[0] += 1
                record[1] += bool(ev.get("guilty"))
                if ev.get("hand") is not None and ev["target"] != me:
                    self.known[ev["target"]] = Counter(ev["hand"])
            elif kind == "reveal" and seat != me:
                self.known[seat] = Counter(ev["cards"])
            elif kind == "swap":
                self._rehand({seat: ev["target"], ev["target"]: seat}, view["players"])
            elif kind == "pass_hands":
                n = view["players"]
                self._rehand({s: (s + ev["direction"]) % n for s in range(n)}, n)
            elif kind == "color":
                self.color = ev["color"]
            elif card and kind in ("play", "discard", "shield", "first_card"):
                self._played(seat, card, ev.get("color"))
        self.hand = Counter(view.get("hand") or ())
        self.color = view.get("color")
        self.rank = rank_of(view["top"]) if view.get("top") else None

    def _played(self, seat, card: str, named: str | None) -> None:
        self.under.append(card)
        if seat is not None:
            if seat == self.seat:
                self.hand[card] -= 1
            else:
                if self.known.get(seat, {}).get(card):
                    self.known[seat][card] -= 1
                # it held what it played: it lacks that no longer
                self.lacks.get(seat, set()).difference_update(("wild",) if card[0] == "W" else (
                    color_of(card), "rank:" + rank_of(card)))
            if card == "W+4":
                self.wd4_before = self.color
            if card == "W+4" and seat != self.seat and seat not in self.caught and self.color:
                # a player who has never been caught bluffing played it legally: none of the old colour
                self.lacks.setdefault(seat, set()).add(self.color)
        self.color = named or color_of(card) or self.color
        self.rank = rank_of(card)

    def _rehand(self, moves: dict[int, int], n: int) -> None:
        """Hands changed owners (seven_zero): what was known of each, and what it lacked, goes with
        it; the hand we gave away is known to its new owner."""
        known, lacks = self.known, self.lacks
        self.known = {moves.get(s, s): c for s, c in known.items()}
        self.lacks = {moves.get(s, s): c for s, c in lacks.items()}
        if self.seat in moves:
            self.known[moves[self.seat]] = +self.hand
            self.lacks.pop(moves[self.seat], None)
        self.known.pop(self.seat, None)
        self.lacks.pop(self.seat, None)
