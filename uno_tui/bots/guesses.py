"""Guesses at the cards a seat cannot see, consistent with everything it saw (memory.py): every other
hand its size, holding the cards the seat knows are there, and (as far as the cards left allow)
none of what it seems to lack; the discard pile's seen cards where they are; the rest in the draw
pile; every card of the deck exactly once."""
import random
from collections import Counter


class Guesses:
    """Deals guesses for one decision (``ok`` is False when the view and memory cannot be reconciled
    with the deck: then there is nothing to guess from)."""

    def __init__(self, view: dict, memory, deck: dict[str, int]):
        self.view, self.deck = view, deck
        seen = memory.under[:-1] if memory.under[-1:] == [view["top"]] else []
        known = {s: +c for s, c in memory.known.items() if s != view["seat"]}
        self.ok = self._reckon(seen, known) or self._reckon([], {})   # what we remember, or only the view
        self.groups = {}          # per seat: what the cards of its hand we do not know seem not to be
        if self.ok:
            cards = set(self.pool)
            self.groups = {s: g for s, n in self.slots.items() if (g := memory.groups(s, cards, n))}

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
        me = self.view["seat"]
        hands = [list(self.view["hand"] if s == me else self.known.get(s, ())) for s in range(self.view["players"])]
        for seat, groups in self.groups.items():
            taken, rest = deal_groups(groups, rest, draw)
            hands[seat] += taken
        for seat, need in self.slots.items():
            free = need + len(self.known.get(seat, ())) - len(hands[seat])
            hands[seat] += rest[:free]
            rest = rest[free:]
        return hands, rest[self.under_slots:], self.seen + rest[:self.under_slots]


def deal_groups(groups: list[tuple[set, int]], cards: list[str], draw) -> tuple[list[str], list[str]]:
    """Cards for each group (memory.groups) from ``cards`` in a random order: none it lacks unless
    nothing else is left; and the cards left, in a random order still (those a group passed over go
    back in at random, not first in line for the next)."""
    hand = []
    for excluded, need in groups:
        take, passed, i, end = [], [], 0, len(cards)
        while len(take) < need and i < end:
            card = cards[i]
            i += 1
            (passed if card in excluded else take).append(card)
        short = need - len(take)
        hand += take + passed[:short]
        cards = cards[i:]
        for card in passed[short:]:       # each at a random place: the order stays a uniform shuffle
            cards.insert(int(draw() * (len(cards) + 1)), card)
    return hand, cards
