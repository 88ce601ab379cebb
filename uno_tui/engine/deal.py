"""Dealing and the first card turned up, as each edition's row of the card table says. Functions
of the game, and the edition's deck."""
from .cards import CODES, COLOR_OF, KIND, build_deck
from .attacks import ATTACKS, strike
from .rules import Rules
from .steps import begin, event, set_color, shuffle


class GameError(ValueError):
    """A game that cannot be set up as asked (players, deck)."""


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


def deal_hands(game, hand_size: int):
    """One card at a time around the table from the dealer's left (done by slicing)."""
    pile, n = game.draw_pile, game.n
    dealt = n * hand_size
    for i in range(1, n + 1):
        game.hands[(game.dealer + i) % n] = pile[-i:-i - dealt:-n]
    del pile[len(pile) - dealt:]
    event(game, "deal", game.dealer, count=hand_size)


def turn_up(game):
    """Turn the first card and do what the card table says it does first in this edition."""
    preset = game.rules.preset
    while True:
        if not game.draw_pile:
            raise GameError("the deck ran out while turning up the first card")
        card = game.draw_pile.pop()
        game.discard.append(card)
        event(game, "first_card", card=CODES[card])
        first = KIND[card].first_up(preset)
        if first == "pass":
            continue
        if first == "back":
            game.discard.pop()
            game.draw_pile.append(card)
            shuffle(game.rng, game.draw_pile)
            event(game, "returned", card=CODES[card])
            continue
        break
    if card >= 52:
        game.phase, game.decider, game.first_wild = "color", game.turn, card
        return
    set_color(game, COLOR_OF[card])
    if KIND[card].reverse:
        game.direction = -1
        event(game, "reverse", direction=-1)
        begin(game, game.dealer)
    elif card in ATTACKS:
        strike(game, card, game.turn, KIND[card].draw)


def first_effect(game):
    """A wild turned up first: its first player named the colour; now its action on them (a card
    nobody played: no challenge, no shield), unless the edition gives it only the colour."""
    card, game.first_wild = game.first_wild, -1
    if card in ATTACKS and KIND[card].first_up(game.rules.preset) == "apply":
        strike(game, card, game.turn, KIND[card].draw)
    else:
        begin(game, game.turn)
