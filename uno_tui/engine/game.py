"""One hand of UNO: the state machine that referees every game.

The game waits on one seat at a time (the *decider*) for a decision of the
current *phase*; saying UNO and catching happen out of turn. Every change goes
through :meth:`Game.apply`, which either refuses the action (raising
:class:`IllegalAction`, state untouched) or applies it and returns the events.
"""
import random
from functools import partial

from .actions import Action, IllegalAction
from .cards import (CARD_OF, CODES, COLOR_INDEX, COLOR_OF, COLORS, DRAW_TWO, HOWLER, INVISIBILITY, N_CARDS,
                    POINTS, RANK_OF, REVERSE, SKIP, SORTING_HAT, VOLDEMORT, VOLDEMORT_NUMBERS, WILD_DRAW_FOUR,
                    build_deck, card_name)
from .rules import Rules

HAND_SIZE = 7
MIN_PLAYERS, MAX_PLAYERS = 2, 10
#: what an Invisibility can shield against (ranks; a wild's rank is its own id)
SHIELDABLE = frozenset((SKIP, DRAW_TWO, WILD_DRAW_FOUR, HOWLER, SORTING_HAT))
#: the cards playable on each active colour and top card's rank, at [colour * 64 + rank]:
#: one list index and one set intersection per turn
_MATCHING = [frozenset(c for c in range(N_CARDS) if c >= 52 or COLOR_OF[c] == i // 64 or RANK_OF[c] == i % 64)
             for i in range(4 * 64)]
_VOLDEMORT_CARDS = frozenset(c * 13 + r for c in range(4) for r in VOLDEMORT_NUMBERS)
#: actions by which the next player "begins their turn" (closing the UNO catch window)
_TURN_KINDS = frozenset(("play", "draw", "pass", "play_drawn", "keep", "accept", "challenge", "shield"))



def _variants(kind: str, card: int, colored: bool, uno: bool) -> list[Action]:
    """Every way to play ``card``: one per colour for a wild, with or without UNO said."""
    code = CODES[card] if kind == "play" else None
    colors = COLORS if colored else (None,)
    return [Action(kind, code, color, None, said) for said in ((False, True) if uno else (False,))
            for color in colors]


# Actions are built once: legal-action lists hold these shared objects.
#: VARIANTS[kind, card, needs a colour, may say UNO]
VARIANTS = {(kind, card, colored, uno): _variants(kind, card, colored, uno)
            for kind in ("play", "play_drawn", "shield") for card in range(N_CARDS)
            for colored in (False, True) for uno in (False, True)}
PLAY = [VARIANTS["play", c, c >= 52, False] for c in range(N_CARDS)]
PLAY_SAYING = [VARIANTS["play", c, c >= 52, True] for c in range(N_CARDS)]
DISCARD = [Action("discard", code) for code in CODES]
CHOOSE = [Action("color", color=c) for c in COLORS]
CATCH = [Action("catch", target=s) for s in range(MAX_PLAYERS)]
DRAW, PASS, KEEP = Action("draw"), Action("pass"), Action("keep")
ACCEPT, CHALLENGE = Action("accept"), Action("challenge")
#: PLAY_OR_KEEP[card drawn, may say UNO]: the choices after drawing a playable card (not Voldemort)
PLAY_OR_KEEP = {(c, uno): VARIANTS["play_drawn", c, c >= 52, uno] + [KEEP]
                for c in range(N_CARDS) for uno in (False, True)}
SAY_UNO = Action("say_uno")


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """Shuffle in place: one random key per card (several times faster than random.shuffle), each the
    next of an endless stream of rng.random() (next(stream, card)): no Python call per card."""
    cards.sort(key=partial(next, iter(rng.random, None)))


_DECKS: dict[int, tuple[Rules, list[int]]] = {}


def _deck_of(rules: Rules) -> list[int]:
    """A fresh copy of the edition's deck, built once per rules object (kept with it, so its id
    cannot be reused while cached; a handful of rules objects exist at a time)."""
    cached = _DECKS.get(id(rules))
    if cached is None or cached[0] is not rules:
        if len(_DECKS) > 64:
            _DECKS.clear()
        cached = _DECKS[id(rules)] = (rules, build_deck(rules.deck))
    return list(cached[1])


def plain_turns(rules: Rules) -> bool:
    """Are a turn's plays always every variant of each playable card (no Wild Draw Four to check,
    no Voldemort to count for)? Kept by the game, as its hottest test."""
    return not rules.strict_wild_draw_four and not rules.deck.get("WV")


class GameError(ValueError):
    """A game that cannot be set up as asked (players, deck)."""


class Game:
    """One hand. Start it from a ``seed`` or from an explicit ``deck`` (top card first).

    ``events=False`` skips building events (apply returns an empty list): for
    simulations, such as a bot playing games out, that only need the outcome.
    """

    __slots__ = ("rules", "n", "rng", "total_cards", "draw_pile", "discard", "hands", "dealer", "direction",
                 "color", "turn", "decider", "phase", "attack", "pending_draw", "wd4_guilty", "first_wild",
                 "uno_intent", "drawn", "uno_said", "window", "passes", "shown", "over", "winner", "blocked",
                 "can_shield", "setup_events", "record", "_plain", "_legal", "_legal_seat", "_events")

    def __init__(self, rules: Rules, players: int, *, seed=None, deck: list[str] | None = None,
                 dealer: int = 0, hand_size: int = HAND_SIZE, events: bool = True):
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise GameError(f"UNO is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
        if not 0 <= dealer < players:
            raise GameError(f"dealer must be a seat from 0 to {players - 1}")
        self.rules = rules
        self.n = players
        self.rng = random.Random(seed)
        if deck is None:
            cards = _deck_of(rules)
            shuffle(self.rng, cards)
        else:
            unknown = [c for c in deck if c not in CARD_OF]
            if unknown:
                raise GameError(f"unknown card code {unknown[0]!r}")
            cards = [CARD_OF[c] for c in deck]
        if len(cards) < players * hand_size + 1:
            raise GameError("the deck is too small to deal")
        self.total_cards = len(cards)
        self.draw_pile = cards[::-1]          # top card last, so drawing is pop()
        self.discard: list[int] = []          # top card last
        self.hands: list[list[int]] = [[]] * players     # dealt in _deal
        self.dealer = dealer
        self.direction = 1
        self.color = -1                       # active colour, -1 until chosen
        self.turn = self.decider = (dealer + 1) % players
        self.phase = "turn"
        self.attack: tuple | None = None      # (card, attacker, target) awaiting its target's response
        self.pending_draw = 0                 # cards the attack's target would draw (stacks add up)
        self.wd4_guilty = False
        self.first_wild = -1                  # a wild turned up first, waiting for its colour
        self.uno_intent = False               # UNO said with a Voldemort, applied after its discards
        self.drawn = -1
        self.uno_said = [False] * players
        self.window = -1                      # seat that may be caught for not saying UNO
        self.passes = 0
        self.shown: list[tuple] = []          # (seat, cards, viewers or None for all but seat)
        self.over = False
        self.winner = -1
        self.blocked = False
        self.can_shield = rules.deck.get("WI", 0) > 0   # the edition's deck, so no hand is given away
        self._plain = plain_turns(rules)
        self._legal: list = []
        self._legal_seat = None                 # whose list _legal is (None: nobody's: the state changed)
        self._events: list[dict] = []
        self.record = events
        self._deal(hand_size)
        self._turn_up()
        self.setup_events = self._events

    # ------------------------------------------------------------------ queries
    def next_seat(self, seat: int, steps: int = 1) -> int:
        return (seat + steps * self.direction) % self.n

    @property
    def top(self) -> int:
        return self.discard[-1]

    def playable(self, card: int) -> bool:
        return card >= 52 or COLOR_OF[card] == self.color or RANK_OF[card] == RANK_OF[self.discard[-1]]

    def can_draw(self) -> bool:
        return bool(self.draw_pile) or len(self.discard) > 1

    def _wd4_illegal(self, hand, without: int = -1) -> bool:
        """Would a Wild Draw Four be illegal for this hand (the played card left out)?"""
        color, wilds = self.color, self.rules.wd4_wilds_count
        skipped = False
        for c in hand:
            if c == without and not skipped:
                skipped = True
                continue
            if COLOR_OF[c] == color or (wilds and c >= 52 and c != WILD_DRAW_FOUR):
                return True
        return False

    def legal_actions(self, seat: int) -> list[Action]:
        """Everything ``seat`` may do now, in turn or out of it.

        Out-of-turn actions come first; a declining option (draw, keep) is always last. The
        decider's list is kept until the state changes, so apply checks the very list its caller
        chose from; another seat's is at most a catch and an UNO call, built when asked.
        """
        if seat == self._legal_seat:
            return self._legal
        if seat != self.decider or seat < 0:     # the decider is -1 once the hand is over
            if self.over or not 0 <= seat < self.n:
                return []
            return self._out_of_turn(seat, [])
        hand = self.hands[seat]
        if self.phase == "turn":      # the hottest case, inline
            playable = _MATCHING[self.color * 64 + RANK_OF[self.discard[-1]]].intersection(hand)
            if self._plain:
                plays = PLAY_SAYING if len(hand) == 2 else PLAY     # a play from two cards may say UNO
                acts = []
                for c in playable:
                    acts += plays[c]
            else:
                acts = self._plays(playable, hand)
            if self.draw_pile or len(self.discard) > 1:
                acts.append(DRAW)
            elif not acts:
                acts.append(PASS)
        else:
            acts = self._decisions(hand)
        if self.window >= 0 or len(hand) == 1:
            self._out_of_turn(seat, acts)
        self._legal_seat, self._legal = seat, acts
        return acts

    def _out_of_turn(self, seat: int, acts: list[Action]) -> list[Action]:
        """Put first in ``acts`` what ``seat`` may do in or out of turn: catch, say UNO."""
        if len(self.hands[seat]) == 1 and not self.uno_said[seat]:
            acts.insert(0, SAY_UNO)
        if self.window >= 0 and self.window != seat:
            acts.insert(0, CATCH[self.window])
        return acts

    def _plays(self, playable, hand) -> list[Action]:
        """The plays of a turn where the Wild Draw Four may be illegal, UNO may be said or Voldemort
        may be played."""
        acts = []
        strict = self.rules.strict_wild_draw_four
        for c in playable:
            if c == WILD_DRAW_FOUR and strict and self._wd4_illegal(hand, c):
                continue
            acts += self._ways("play", c, hand)
        return acts

    def _decisions(self, hand) -> list[Action]:
        """The decider's options in every phase but a turn."""
        phase = self.phase
        if phase == "drawn":
            if self.drawn == VOLDEMORT:
                return self._ways("play_drawn", VOLDEMORT, hand) + [KEEP]
            return list(PLAY_OR_KEEP[self.drawn, len(hand) == 2])
        if phase == "color":
            return list(CHOOSE)
        if phase == "discard":
            return [DISCARD[c] for c in set(hand) if c in _VOLDEMORT_CARDS]
        # phase == "respond"
        card = self.attack[0]
        acts = [ACCEPT]
        if card == WILD_DRAW_FOUR and not self.rules.strict_wild_draw_four:
            acts.append(CHALLENGE)
        if self.can_shield and RANK_OF[card] in SHIELDABLE and INVISIBILITY in hand:
            acts += self._ways("shield", INVISIBILITY, hand)
        if (RANK_OF[card] == DRAW_TWO and self.rules.stack_draw_two) or (
                card == WILD_DRAW_FOUR and self.rules.stack_draw_four):
            for c in set(hand):
                if RANK_OF[c] == RANK_OF[card] and not (
                        c == WILD_DRAW_FOUR and self.rules.strict_wild_draw_four and self._wd4_illegal(hand, c)):
                    acts += self._ways("play", c, hand)
        return acts

    def _ways(self, kind: str, card: int, hand) -> list[Action]:
        if card == VOLDEMORT:
            left = sum(1 for c in hand if c not in _VOLDEMORT_CARDS) - 1
            return VARIANTS[kind, card, left == len(hand) - 1, left == 1]
        return VARIANTS[kind, card, card >= 52, len(hand) == 2]

    # ------------------------------------------------------------------ applying
    def apply(self, seat: int, action) -> list[dict]:
        """Apply ``action`` for ``seat``; return the events it caused.

        Raises :class:`IllegalAction` (with the reason) and changes nothing
        when the action is not among :meth:`legal_actions` for the seat.
        """
        if action.__class__ is not Action:
            action = Action.from_dict(action)
        if action not in (self._legal if seat == self._legal_seat else self.legal_actions(seat)):
            raise IllegalAction(self._why_not(seat, action))
        self._events = events = []
        self._legal_seat = None
        handler, begins_turn = _HANDLERS[action.kind]
        if begins_turn:
            self.window = -1
            if self.shown:
                self.shown = []
        handler(self, seat, action)
        return events

    def _do_play_drawn(self, seat, action):
        self._do_play(seat, action, self.drawn)

    def _do_draw(self, seat, action):
        self.passes = 0
        pile = self.draw_pile
        if pile and not self.rules.draw_until_playable:     # one card off the pile: _draw, inline
            last = pile.pop()
            self.hands[seat].append(last)
            self.uno_said[seat] = False
            if self.record:
                self._events.append({"type": "draw", "seat": seat, "count": 1, "reason": "draw",
                                     "secret": {"cards": [CODES[last]]}, "to": (seat,)})
        else:
            drawn = self._draw(seat, 1, "draw")
            while self.rules.draw_until_playable and drawn and not self.playable(drawn[-1]) and self.can_draw():
                drawn += self._draw(seat, 1, "draw")
            last = drawn[-1] if drawn else -1
        if last >= 0 and (last >= 52 or COLOR_OF[last] == self.color
                          or RANK_OF[last] == RANK_OF[self.discard[-1]]) and not (
                last == WILD_DRAW_FOUR and self.rules.strict_wild_draw_four
                and self._wd4_illegal(self.hands[seat], last)):
            self.phase, self.drawn = "drawn", last
        else:
            nxt = (seat + self.direction) % self.n
            self.phase, self.turn, self.decider, self.drawn = "turn", nxt, nxt, -1

    def _do_keep(self, seat, action):
        self._event("keep", seat)
        self._begin(self.next_seat(seat))

    def _do_pass(self, seat, action):
        self._event("pass", seat)
        self.passes += 1
        if self.passes >= self.n:
            self._blocked(self.next_seat(seat))
        else:
            self._begin(self.next_seat(seat))

    def _do_color(self, seat, action):
        """The colour of a wild turned up first (every other wild names it when played)."""
        self.color = COLORS.index(action.color)
        self._event("color", seat, color=action.color)
        self._first_effect()

    def _do_discard(self, seat, action):
        card = CARD_OF[action.card]
        hand = self.hands[seat]
        hand.remove(card)
        self.discard.append(card)
        self._event("discard", seat, card=action.card)
        if any(c in _VOLDEMORT_CARDS for c in hand):
            return
        self.color = COLOR_OF[card]
        self._after_shed(seat, self.uno_intent)
        if not hand:
            self._finish(seat)
        else:
            self._begin(self.next_seat(seat))

    def _do_accept(self, seat, action):
        self._event("accept", seat)
        self._resolve()

    def _resolve(self):
        """The attack's target takes its effect."""
        card, attacker, target = self.attack
        self.attack = None
        if RANK_OF[card] == DRAW_TWO or card == WILD_DRAW_FOUR:
            count, self.pending_draw = self.pending_draw, 0
            self._draw(target, count, "penalty")
            nxt = (target + self.direction) % self.n
            self.phase, self.turn, self.decider, self.drawn = "turn", nxt, nxt, -1
        elif card == SORTING_HAT:
            self._hat_draw(target)
            self._begin(self.next_seat(target) if self.rules.sorting_hat_skips else target)
        else:
            if card == HOWLER:
                cards = sorted(CODES[c] for c in self.hands[target])
                self.shown.append((target, cards, None))
                self._event("reveal", target, cards=cards)
            if self.record:
                self._events.append({"type": "skip", "seat": target})
            nxt = (target + self.direction) % self.n
            self.phase, self.turn, self.decider, self.drawn = "turn", nxt, nxt, -1

    def _do_challenge(self, seat, action):
        _, attacker, target = self.attack
        self.attack = None
        guilty = self.wd4_guilty
        cards = sorted(CODES[c] for c in self.hands[attacker])
        self.shown.append((attacker, cards, (seat,)))
        self._event("challenge", seat, target=attacker, guilty=guilty,
                    secret={"hand": cards}, to=(seat, attacker))
        if guilty:
            self._draw(attacker, self._take_pending(), "challenge")
            self._begin(target)
        else:
            self._draw(target, self._take_pending() + 2, "challenge")
            self._begin(self.next_seat(target))

    def _do_shield(self, seat, action):
        self.attack = None
        self.pending_draw = 0
        hand = self.hands[seat]
        hand.remove(INVISIBILITY)
        self.discard.append(INVISIBILITY)
        self._event("shield", seat, card=CODES[INVISIBILITY], color=action.color, uno=action.uno)
        self._after_shed(seat, action.uno)
        if not hand:
            self._finish(seat)
        else:
            self.color = COLORS.index(action.color)
            self._begin(self.next_seat(seat))

    def _do_say_uno(self, seat, action):
        self.uno_said[seat] = True
        self._event("say_uno", seat)

    def _do_catch(self, seat, action):
        target = action.target
        self.window = -1
        caught = not self.uno_said[target]
        self._event("catch", seat, target=target, caught=caught)
        if caught:
            self._draw(target, self.rules.uno_penalty, "uno")
        elif self.rules.false_catch_penalty:
            self._draw(seat, 2, "false_catch")

    # ------------------------------------------------------------------ mechanics
    def _event(self, kind: str, seat=None, **fields):
        if self.record:
            fields["type"] = kind
            if seat is not None:
                fields["seat"] = seat
            self._events.append(fields)

    def _begin(self, seat: int):
        self.phase, self.turn, self.decider, self.drawn = "turn", seat, seat, -1

    def _take_pending(self) -> int:
        n, self.pending_draw = self.pending_draw, 0
        return n

    def _do_play(self, seat: int, action: Action, card: int = -1):
        """A card from the hand, or (``card``) the one just drawn. The hottest path of all: a
        number card from a hand of two or more takes the fewest tests."""
        if card < 0:
            card = CARD_OF[action.card]
            if self.phase == "respond":      # stacking a draw card on the one played at you
                self.attack = None
        hand = self.hands[seat]
        if card == WILD_DRAW_FOUR:
            self.wd4_guilty = self._wd4_illegal(hand, card)
        hand.remove(card)
        self.discard.append(card)
        self.passes = 0
        if self.record:
            self._events.append({"type": "play", "seat": seat, "card": CODES[card], "color": action.color,
                                 "uno": action.uno})
        if len(hand) < 2 or card == VOLDEMORT:
            if card == VOLDEMORT and any(c in _VOLDEMORT_CARDS for c in hand):
                self.phase, self.decider, self.uno_intent = "discard", seat, action.uno
                return
            if not hand:
                self._go_out(seat, card)
                return
            self._after_shed(seat, action.uno)
        if card < 52:
            self.color = COLOR_OF[card]
            rank = RANK_OF[card]
            if rank >= 10:
                if rank != REVERSE:
                    self._attack(seat, card)
                    return
                direction = self.direction = -self.direction
                if self.record:
                    self._events.append({"direction": direction, "type": "reverse", "seat": seat})
                if self.n == 2:
                    self._event("skip", (seat + direction) % 2)
                    self._begin(seat)
                    return
        else:
            self.color = COLOR_INDEX[action.color]
            if card in (WILD_DRAW_FOUR, SORTING_HAT, HOWLER):
                self._attack(seat, card)
                return
        nxt = (seat + self.direction) % self.n       # a number, a Reverse, another wild: the next player
        self.phase, self.turn, self.decider, self.drawn = "turn", nxt, nxt, -1

    def _after_shed(self, seat: int, uno: bool):
        """A seat's hand just shrank: a last-but-one card opens the catch window."""
        if len(self.hands[seat]) == 1:
            self.uno_said[seat] = uno
            self.window = seat
            if uno:
                self._event("say_uno", seat)

    def _attack(self, attacker: int, card: int):
        target = (attacker + self.direction) % self.n
        self.attack = (card, attacker, target)
        rank = RANK_OF[card]
        if rank == DRAW_TWO:
            self.pending_draw += 2
        elif card == WILD_DRAW_FOUR:
            self.pending_draw += 4
        rules = self.rules
        if ((self.can_shield and rank in SHIELDABLE)
                or (rank == DRAW_TWO and rules.stack_draw_two)
                or (card == WILD_DRAW_FOUR and (rules.stack_draw_four or not rules.strict_wild_draw_four))):
            self.phase, self.decider = "respond", target
        else:
            self._resolve()

    def _go_out(self, seat: int, card: int):
        """The last card is down: draw cards it deals still count for scoring."""
        nxt = self.next_seat(seat)
        if RANK_OF[card] == DRAW_TWO:
            self._draw(nxt, self._take_pending() + 2, "penalty")
        elif card == WILD_DRAW_FOUR:
            self._draw(nxt, self._take_pending() + 4, "penalty")
        elif card == SORTING_HAT:
            self._hat_draw(nxt)
        self._finish(seat)

    def _refill(self) -> bool:
        """Shuffle the discard pile (but its top card) into a new draw pile."""
        if len(self.discard) < 2:
            return False
        pile = self.discard[:-1]
        del self.discard[:-1]
        shuffle(self.rng, pile)
        self.draw_pile = pile
        self._event("reshuffle", count=len(pile))
        return True

    def _draw(self, seat: int, count: int, reason: str) -> list[int]:
        pile = self.draw_pile
        if 0 < count <= len(pile):               # the usual case: no reshuffle on the way
            drawn = pile[:-count - 1:-1]         # as if popped one by one
            del pile[-count:]
        else:
            drawn = []
            for _ in range(count):
                if not pile:
                    if not self._refill():
                        break
                    pile = self.draw_pile
                drawn.append(pile.pop())
        if drawn:
            self.hands[seat].extend(drawn)
            self.uno_said[seat] = False
            if self.record:
                codes = [CODES[drawn[0]]] if len(drawn) == 1 else [CODES[c] for c in drawn]
                self._events.append({"type": "draw", "seat": seat, "count": len(drawn), "reason": reason,
                                     "secret": {"cards": codes}, "to": (seat,)})
        return drawn

    def _hat_draw(self, seat: int):
        """Sorting Hat: draw one at a time until a number 1-4 (or the piles run out)."""
        while True:
            drawn = self._draw(seat, 1, "sorting_hat")
            if not drawn or (drawn[0] < 52 and 1 <= drawn[0] % 13 <= 4):
                return

    def _deal(self, hand_size: int):
        """One card at a time around the table from the dealer's left (done by slicing)."""
        pile, n = self.draw_pile, self.n
        for i in range(1, n + 1):
            self.hands[(self.dealer + i) % n] = pile[-i::-n][:hand_size]
        del pile[len(pile) - n * hand_size:]
        self._event("deal", self.dealer, count=hand_size)

    def _turn_up(self):
        """Turn the first card and apply the edition's first-card rule."""
        back = self.rules.first_card_back
        while True:
            if not self.draw_pile:
                raise GameError("the deck ran out while turning up the first card")
            card = self.draw_pile.pop()
            self.discard.append(card)
            self._event("first_card", card=CODES[card])
            if self.rules.first_card == "number" and not (card < 52 and card % 13 < 10):
                continue
            if CODES[card] in back:
                self.discard.pop()
                self.draw_pile.append(card)
                shuffle(self.rng, self.draw_pile)
                self._event("returned", card=CODES[card])
                continue
            break
        first = self.turn
        if card >= 52:
            self.phase, self.decider, self.first_wild = "color", first, card
            return
        self.color = COLOR_OF[card]
        rank = RANK_OF[card]
        if rank == SKIP:
            self._event("skip", first)
            self._begin(self.next_seat(first))
        elif rank == REVERSE:
            self.direction = -1
            self._event("reverse", direction=-1)
            self._begin(self.dealer)
        elif rank == DRAW_TWO:
            self._draw(first, 2, "penalty")
            self._begin(self.next_seat(first))

    def _first_effect(self):
        """A wild turned up first: its first player chose the colour; now its action."""
        first, card, self.first_wild = self.turn, self.first_wild, -1
        if card == WILD_DRAW_FOUR:
            self._draw(first, 4, "penalty")
            self._begin(self.next_seat(first))
        elif card == SORTING_HAT:
            self._hat_draw(first)
            self._begin(self.next_seat(first) if self.rules.sorting_hat_skips else first)
        else:
            self._begin(first)

    def _blocked(self, next_up: int):
        """Nobody could play or draw for a full round: fewest points in hand wins."""
        order = [self.next_seat(next_up, i) for i in range(self.n)]
        points = {s: sum(POINTS[c] for c in self.hands[s]) for s in order}
        best = min(points.values())
        self.blocked = True
        self._finish(next(s for s in order if points[s] == best))

    def _finish(self, winner: int):
        self.over, self.winner = True, winner
        self.phase, self.decider, self.window, self.attack = "over", -1, -1, None
        self._event("hand_over", winner, blocked=self.blocked, points=self.points(),
                    hands=[list(map(CODES.__getitem__, h)) for h in self.hands])

    # ------------------------------------------------------------------ scoring
    def hand_points(self, seat: int) -> int:
        return sum(map(POINTS.__getitem__, self.hands[seat]))

    def points(self) -> int:
        """What the hand's winner scores: every card left in the others' hands."""
        return sum(sum(map(POINTS.__getitem__, h)) for s, h in enumerate(self.hands) if s != self.winner)

    # ------------------------------------------------------------------ reasons
    def _why_not(self, seat: int, action: Action) -> str:
        if self.over:
            return "the hand is over"
        if not 0 <= seat < self.n:
            return f"there is no seat {seat}"
        kind = action.kind
        if kind == "say_uno":
            return "you can say UNO only while you hold exactly one card" if len(
                self.hands[seat]) != 1 else "you have already said UNO"
        if kind == "catch":
            if self.window < 0:
                return "nobody can be caught now"
            return "you cannot catch yourself" if seat == self.window else (
                f"only seat {self.window} can be caught now")
        if seat != self.decider:
            return f"it is not your decision: waiting for seat {self.decider} to {self.phase}"
        expected = {"turn": "play or draw", "drawn": "play or keep the drawn card",
                    "color": "choose a colour", "discard": "discard your 2s, 6s and 9s",
                    "respond": "answer the card played at you"}[self.phase]
        if kind == "play" and self.phase == "turn" and action.card in CARD_OF:
            card = CARD_OF[action.card]
            if card not in self.hands[seat]:
                return f"you do not hold a {card_name(action.card)}"
            if not self.playable(card):
                return f"a {card_name(action.card)} does not match the {card_name(CODES[self.top])} " \
                       f"(active colour {COLORS[self.color]})"
            if (card >= 52) != (action.color is not None) and card != VOLDEMORT:
                return "name a colour when you play a wild, and only then"
            if card == WILD_DRAW_FOUR and self.rules.strict_wild_draw_four:
                return "a Wild Draw Four is illegal while you hold a card of the active colour"
            if action.uno:
                return "you can say UNO with a play only when it leaves you one card"
        if kind == "draw":
            return "there is nothing left to draw"
        if kind == "pass":
            return "you can pass only when you can neither play nor draw"
        return f"you must {expected} now"


#: kind -> (handler, whether it begins a turn: closes the UNO catch window, ends hands shown)
_HANDLERS = {kind: (getattr(Game, "_do_" + kind), kind in _TURN_KINDS) for kind in
             ("play", "draw", "pass", "play_drawn", "keep", "color", "discard", "accept", "challenge",
              "shield", "say_uno", "catch")}
