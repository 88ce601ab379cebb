"""Guesses at the cards a seat cannot see, consistent with everything it saw (memory.py): every other
hand its size, holding the cards the seat knows are there, and (as far as the cards left allow)
none of what it seems to lack; the discard pile's seen cards where they are; the rest in the draw
pile; every card of the deck exactly once."""
import random
from collections import Counter

from .cards import lacked


class Guesses:
    """Deals guesses for one decision (``ok`` is False when the view and memory cannot be reconciled
    with the deck: then there is nothing to guess from)."""

    def __init__(self, view: dict, memory, deck: dict[str, int]):
        self.view, self.deck = view, deck
        seen = memory.under[:-1] if memory.under[-1:] == [view["top"]] else []
        known = {s: +c for s, c in memory.known.items() if s != view["seat"]}
        self.ok = self._reckon(seen, known) or self._reckon([], {})   # what we remember, or only the view
        self.lacks = {s: lacks for s, lacks in memory.lacks.items() if lacks and self.ok and self.slots.get(s)}

    def _reckon(self, seen: list[str], known: dict[int, Counter]) -> bool:
        view, me = self.view, self.view["seat"]
        counts = view["counts"]
        if len(seen) > view["discard_pile"] - 1 or any(sum(c.values()) > counts[s] for s, c in known.items()):
            return False
        pool = Counter(self.deck)
        pool.subtract(view["hand"])
        pool.subtract(seen)
        pool[view["top"]] -= 1
        for cards in known.values():
            pool.subtract(cards)
        if min(pool.values(), default=0) < 0:
            return False
        self.seen, self.known = seen, {s: list(c.elements()) for s, c in known.items()}
        self.slots = {s: counts[s] - len(self.known.get(s, ())) for s in range(view["players"]) if s != me}
        self.under_slots = view["discard_pile"] - 1 - len(seen)
        self.pool = sorted(pool.elements())
        return len(self.pool) == sum(self.slots.values()) + self.under_slots + view["draw_pile"]

    def deal(self, rng: random.Random) -> tuple[list[list[str]], list[str], list[str]]:
        """One guess: every seat's hand (ours as it is), the draw pile (the card drawn first first) and
        the discard pile under the top card."""
        draw = rng.random
        rest = sorted(self.pool, key=lambda _: draw())      # a shuffle (faster than random.shuffle)
        hands = [list(self.view["hand"]) if s == self.view["seat"] else None for s in range(self.view["players"])]
        for seat, lacks in self.lacks.items():
            need, take, left = self.slots[seat], [], []
            for card in rest:
                (take if len(take) < need and not lacked(card, lacks) else left).append(card)
            short = need - len(take)
            # what this seat passed over goes back in at random, not first in line for the next seat
            hands[seat] = self.known.get(seat, []) + take + left[:short]
            rest = sorted(left[short:], key=lambda _: draw())
        for seat, need in self.slots.items():
            if hands[seat] is None:
                hands[seat], rest = self.known.get(seat, []) + rest[:need], rest[need:]
        return hands, rest[self.under_slots:], self.seen + rest[:self.under_slots]

