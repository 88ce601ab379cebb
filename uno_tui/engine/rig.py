"""Set up any position exactly: the deck order that deals given hands."""
from .game import Game
from .rules import Rules


def rigged_deck(hands: list[list[str]], top: str, draw=(), dealer: int = 0) -> list[str]:
    """The deck (top card first) that deals ``hands`` from ``dealer``, turns up ``top``,
    then leaves ``draw`` as the draw pile (its first card on top).

    Every hand must be the same size: cards are dealt one at a time around the table.
    """
    size = len(hands[0])
    if any(len(h) != size for h in hands):
        raise ValueError("every rigged hand must hold the same number of cards")
    n = len(hands)
    order = [hands[(dealer + i) % n][r] for r in range(size) for i in range(1, n + 1)]
    return order + [top, *draw]


def rigged_game(rules: Rules, hands: list[list[str]], top: str, draw=(), *, dealer: int | None = None,
                seed=0) -> Game:
    """A hand dealt exactly so. The dealer defaults to the last seat, so seat 0 starts."""
    n = len(hands)
    dealer = n - 1 if dealer is None else dealer
    return Game(rules, n, seed=seed, deck=rigged_deck(hands, top, draw, dealer), dealer=dealer,
                hand_size=len(hands[0]))
