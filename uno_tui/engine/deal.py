"""Dealing and the first card turned up, as each edition's row of the card table says. Part of Game."""
import random
from functools import partial
from itertools import repeat, starmap

from .cards import CODES, COLOR_OF, KIND, build_deck
from .attacks import ATTACKS
from .rules import Rules


class GameError(ValueError):
    """A game that cannot be set up as asked (players, deck)."""


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """Shuffle in place: one random key per card (several times faster than random.shuffle). The keys
    are drawn first, in one C loop (starmap), then handed to the sort by a list iterator: no Python
    call per card, and cheaper than drawing each key during the sort from iter(rng.random, None)."""
    keys = list(starmap(rng.random, repeat((), len(cards))))
    cards.sort(key=partial(next, iter(keys)))


_DECKS: dict[int, tuple[Rules, list[int]]] = {}


def deck_of(rules: Rules) -> list[int]:
    """A fresh copy of the edition's deck, built once per rules object (kept with it, so its id
    cannot be reused while cached; a handful of rules objects exist at a time)."""
    cached = _DECKS.get(id(rules))
    if cached is None or cached[0] is not rules:
        if len(_DECKS) > 64:
            _DECKS.clear()
        cached = _DECKS[id(rules)] = (rules, build_deck(rules.deck))
    return list(cached[1])


class Dealing:
    __slots__ = ()

    def _deal(self, hand_size: int):
        """One card at a time around the table from the dealer's left (done by slicing)."""
        pile, n = self.draw_pile, self.n
        dealt = n * hand_size
        for i in range(1, n + 1):
            self.hands[(self.dealer + i) % n] = pile[-i:-i - dealt:-n]
        del pile[len(pile) - dealt:]
        self._event("deal", self.dealer, count=hand_size)

    def _turn_up(self):
        """Turn the first card and do what the card table says it does first in this edition."""
        preset = self.rules.preset
        while True:
            if not self.draw_pile:
                raise GameError("the deck ran out while turning up the first card")
            card = self.draw_pile.pop()
            self.discard.append(card)
            self._event("first_card", card=CODES[card])
            first = KIND[card].first_up(preset)
            if first == "pass":
                continue
            if first == "back":
                self.discard.pop()
                self.draw_pile.append(card)
                shuffle(self.rng, self.draw_pile)
                self._event("returned", card=CODES[card])
                continue
            break
        if card >= 52:
            self.phase, self.decider, self.first_wild = "color", self.turn, card
            return
        self._set_color(COLOR_OF[card])
        if KIND[card].reverse:
            self.direction = -1
            self._event("reverse", direction=-1)
            self._begin(self.dealer)
        elif card in ATTACKS:
            self._strike(card, self.turn, KIND[card].draw)

    def _first_effect(self):
        """A wild turned up first: its first player named the colour; now its action on them (a card
        nobody played: no challenge, no shield), unless the edition gives it only the colour."""
        card, self.first_wild = self.first_wild, -1
        if card in ATTACKS and KIND[card].first_up(self.rules.preset) == "apply":
            self._strike(card, self.turn, KIND[card].draw)
        else:
            self._begin(self.turn)
