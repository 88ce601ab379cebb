"""The hard bot's endgame look-ahead in a two-player classic game (endgame.py): play the hand out many times.

The other hand is hidden, so the bot deals it many ways, each from the cards it has
not seen and, where it can, without what the opponent showed it lacks. On every deal
it plays each candidate move and then the rest of the hand, both sides on a plain
policy (the colour held most, wilds last), and takes the move that wins most often.
Every move is tried on the same deals, so luck weighs on all of them alike.

Only heads-up classic rules are simulated: skip, reverse, draw two and wild draw
four give the mover another turn; a drawn card that fits is played; no stacking,
no challenges. Plain data only, like the rest of the bot.
"""
import random

from .cards import CLASSIC_DECK, COLOR_NAMES
from .guesses import deal_groups

LETTERS = {name: letter for letter, name in COLOR_NAMES.items()}
AGAIN = ("S", "R", "+2")                     # heads-up: the mover plays again
#: per card: its colour letter ("W" for a wild), its rank, and the plain policy's tie-break (high numbers first)
SPLIT = {code: (code[0], code[1:], int(code[1:]) / 100 if code[1:].isdigit() else 0.2) for code in CLASSIC_DECK}
#: the rules' fields that are the edition's, not house rules
EDITION_FIELDS = ("preset", "deck", "wd4_wilds_count")
#: an allow-list: the house rules the play-out models (the registry's ``searched``, engine/house.py; a
#: test checks they agree). Any other switch turned on in the view's rules turns the search off, so a
#: new rule is left out until someone models it.
SEARCHED = {"force_play", "false_catch_penalty", "sorting_hat_skips", "uno_penalty", "match_mode", "match_target"}


def applies(view: dict) -> bool:
    """Two players, the classic cards (in the deck the view names, or at least in sight when it names
    none), and no house rule the simulation leaves out."""
    table = view.get("table") or {}
    rules = table.get("rules") or {}
    deck = table.get("deck") or dict.fromkeys([*view["hand"], view["top"]])
    return view["players"] == 2 and deck.keys() <= CLASSIC_DECK.keys() and all(
        name in SEARCHED or not value for name, value in rules.items()
        if name not in EDITION_FIELDS)


def wins(moves: list[tuple[str, str | None] | None], hand: list[str], pool: dict[str, int], opponent_cards: int,
         groups, rng: random.Random, deals: int, top: tuple[str, str] | None = None, known=()) -> list[int]:
    """For each move, how many of ``deals`` it won. A move is a card and, for a wild, the colour
    named; or None: keep the hand as it is and let the other player move on ``top`` (the colour
    named on the table and the card on top). ``groups``: what the other hand's cards seem to lack
    (memory.groups); ``known``: the cards the other hand is known to hold (a challenge showed
    them), besides its ``opponent_cards`` others, and not in ``pool``."""
    won = [0] * len(moves)
    if top is not None:
        letter, rank, _ = SPLIT[top[1]]
        kept = (LETTERS.get(top[0]), "*" if letter == "W" else rank, 1)    # the table as it is; they move
    for _ in range(deals):
        other, pile = guess_hand(pool, opponent_cards, groups, rng)
        other += known
        for i, move in enumerate(moves):
            hands, left = [list(hand), list(other)], list(pile)
            if move is None:
                won[i] += _play_out(hands, left, *kept) == 0
                continue
            card, colour = move
            hands[0].remove(card)
            if not hands[0]:
                won[i] += 1
                continue
            won[i] += _play_out(hands, left, *_put_down(card, LETTERS.get(colour), hands, left, 0)) == 0
    return won


def guess_hand(pool: dict[str, int], count: int, groups, rng: random.Random) -> tuple[list[str], list[str]]:
    """One guess at the other hand (``count`` cards, what each seems to lack only if nothing else is
    left) and the pile. Public so its tests check the guesses alone, not only through wins()."""
    draw = rng.random
    cards = sorted((code for code, n in pool.items() for _ in range(n)), key=lambda _: draw())  # a shuffle, 10x faster
    hand, cards = deal_groups(groups, cards, draw)
    free = count - len(hand)
    return hand + cards[:free], cards[free:]


def _put_down(card: str, colour: str | None, hands: list[list[str]], pile: list[str], mover: int):
    """``mover`` plays ``card`` (naming ``colour`` if wild): the new colour and rank on top, and who moves."""
    letter, rank, _ = SPLIT[card]
    if letter == "W":
        if rank == "+4":
            _give(hands[1 - mover], pile, 4)
            return colour, "*", mover
        return colour, "*", 1 - mover
    if rank in AGAIN:
        if rank == "+2":
            _give(hands[1 - mover], pile, 2)
        return letter, rank, mover
    return letter, rank, 1 - mover


def _give(victim: list[str], pile: list[str], count: int) -> None:
    for _ in range(min(count, len(pile))):
        victim.append(pile.pop())


def _play_out(hands: list[list[str]], pile: list[str], colour: str, rank: str, mover: int) -> int:
    """Both sides on the plain policy to the end of the hand: the winner (if the pile runs
    dry first, the smaller hand)."""
    for _ in range(300):
        hand = hands[mover]
        card = _choose(hand, colour, rank)
        if card is None:
            if not pile:
                break
            card = pile.pop()
            hand.append(card)
            if card[0] != "W" and card[0] != colour and card[1:] != rank:
                mover = 1 - mover
                continue
        hand.remove(card)
        if not hand:
            return mover
        colour, rank, mover = _put_down(card, _most_held(hand) if card[0] == "W" else None, hands, pile, mover)
    return 0 if len(hands[0]) <= len(hands[1]) else 1


def _choose(hand: list[str], colour: str, rank: str) -> str | None:
    """The plain policy: a card of the colour held most (higher numbers first), a wild last."""
    best, best_score, counts = None, -100.0, None
    for card in hand:
        letter, card_rank, tie = SPLIT[card]
        if letter == "W":
            score = -10.0
        elif letter == colour or card_rank == rank:
            counts = counts or _counts(hand)
            score = counts[letter] + tie
        else:
            continue
        if score > best_score:
            best, best_score = card, score
    return best


def _counts(hand: list[str]) -> dict[str, int]:
    """Cards held per colour letter (and "W" for wilds)."""
    counts = {"R": 0, "Y": 0, "G": 0, "B": 0, "W": 0}
    for card in hand:
        counts[card[0]] += 1
    return counts


def _most_held(hand: list[str]) -> str:
    counts = _counts(hand)
    return max("RYGB", key=counts.__getitem__)
