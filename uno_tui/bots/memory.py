"""What a seat has seen this hand, read from the events it was sent: the cards on the discard pile,
the cards it knows are in other hands, and what each card of the others' hands seems not to be.
The hard bot's guesses at the hidden cards (guesses.py) must agree with all of it.

What a card seems not to be comes from how the normal bot plays (bots/normal.py), the model of a
player: it draws only when it holds nothing that matches, plays a card that matches when it draws
one, plays a wild only when nothing else matches, and follows a colour with its highest card of
it, but (teams) passes over a card that would strike a partner. Each lack is kept with the cards held when it showed: a card drawn later may be anything."""
from collections import Counter

from .cards import color_of, lacked, points, rank_of
from .seats import next_seat, strikes

#: events that may come between a turn's draw and the play of the card drawn (or the next card drawn)
BETWEEN = ("say_uno", "catch", "reshuffle")
#: the ranks (rank_of) that make the next player draw, and that another may answer in kind (stack)
DRAW_RANKS = ("+2", "W+4")
#: how a card left a hand: played in turn from it, played just after being drawn, played on a draw
#: card at the player (stacked), or any other way (a jump-in, a Voldemort's discard, a shield)
CHOSEN, DRAWN, STACKED, OTHER = "chosen", "drawn", "stacked", "other"


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
        #: per other seat, one entry per card of its hand we do not know: what that card seems not to
        #: be (cards.lacked: colours, "rank:X", "wild", (colour, points): that colour's cards worth more)
        self.cards: dict[int, list[frozenset]] = {}
        self.drawn_by = None              # the seat whose turn's draw came last (its card drawn last)
        self.jumped = False               # the play being read is a jump-in
        self.attacked = False             # a draw card was just played at the next player
        self.hand: Counter = Counter()    # our own hand as of the last view
        self.color = self.rank = None     # the colour and rank on top before the events being read
        self.last_play = None             # (seat, rank) of the last card played: multi_play adds to it
        self.teams = None                 # each seat's team (teams), as the view gives it
        self.out: set[int] = set()        # seats put out of the hand (mercy) as of the event being read

    @property
    def caught(self) -> set[int]:
        """Seats found guilty of a bluffed Wild Draw Four."""
        return {seat for seat, (_, guilty) in self.bluffs.items() if guilty}

    def observe(self, view: dict, events: list[dict]) -> None:
        me = self.seat = view.get("seat")
        rules = (view.get("table") or {}).get("rules") or {}
        self.teams = view.get("teams")
        for ev in events:
            kind, seat, card = ev.get("type"), ev.get("seat"), ev.get("card")
            drawn_by = self.drawn_by
            if kind not in BETWEEN:
                self.drawn_by = None
            if kind == "deal":
                self.forget()
                self.seat = me
            elif kind == "reshuffle":
                self.under = self.under[-1:]
            elif kind == "returned" and self.under:
                self.under.pop()
            elif kind == "draw" and seat != me:
                self._drew(seat, ev.get("count", 1), ev.get("reason") == "draw", drawn_by == seat, rules)
            elif kind == "keep" and seat == drawn_by and self.cards.get(seat):
                self.cards[seat][-1] = frozenset()    # the card drawn matched (it could be played)
            elif kind == "jump_in":
                self.jumped = True
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
                n, out = view["players"], view.get("out") or [False] * view["players"]
                self._rehand({s: _next_in(s, ev["direction"], out) for s in range(n) if not out[s]}, n)
            elif kind == "eliminated":
                self.known.pop(seat, None)
                self.cards[seat] = []
                self.out.add(seat)
            elif kind == "color":
                self.color = ev["color"]
            elif card and kind in ("play", "discard", "shield", "first_card"):
                # (a number played on one of the same seat's: multi_play adds it, whatever it matches)
                added = kind == "play" and self.last_play == (seat, rank_of(card)) and rank_of(card).isdigit()
                how = OTHER if kind != "play" or self.jumped or added else (
                    DRAWN if drawn_by == seat else STACKED if self.attacked else CHOSEN)
                self._played(seat, card, ev.get("color"), how)
                self.jumped = False
                self.last_play = (seat, rank_of(card)) if kind == "play" else None
            if kind not in ("play", "say_uno", "catch", "reshuffle"):
                self.last_play = None
            if kind in ("play", "deflect", "draw", "accept", "challenge", "pass", "keep", "deal"):
                # (a deflect follows its Skip or Reverse's play: the draw it passes on is still to answer)
                self.attacked = kind == "deflect" or kind == "play" and rank_of(card) in DRAW_RANKS
        self._count(view)
        self.out = {s for s, out in enumerate(view.get("out") or ()) if out}
        self.hand = Counter(view.get("hand") or ())
        self.color = view.get("color")
        self.rank = rank_of(view["top"]) if view.get("top") else None

    def lacks(self, seat: int) -> set:
        """What the seat's whole hand seems to lack (colours, "rank:X", "wild"): what every card of it
        we do not know seems not to be."""
        entries = self.cards.get(seat)
        if not entries:
            return set()
        return {lack for lack in entries[0].intersection(*entries[1:]) if type(lack) is str}

    def groups(self, seat: int, codes, slots: int) -> list[tuple[set, int]]:
        """The seat's cards we do not know (the first ``slots``) that seem to lack something, alike ones
        together: the codes among ``codes`` each could not be, and how many; those that seem to lack
        most first (dealt first, they still find cards they may be)."""
        counted = Counter(e for e in self.cards.get(seat, ())[:slots] if e)
        return [({c for c in codes if lacked(c, lacks)}, n)
                for lacks, n in sorted(counted.items(), key=lambda group: -len(group[0]))]

    def _drew(self, seat: int, count: int, in_turn: bool, again: bool, rules: dict) -> None:
        """Cards drawn: in turn rather than playing, the hand most likely held nothing that matched
        and no wild, nor does the card drawn unless it is played at once (it is kept last). ``again``:
        drawing on (``draw_to_match``) says so only of the cards drawn. A hand of one may hold an
        action card it may not go out on (``no_action_finish``), any hand a Wild Draw Four it may not
        play (``strict_wild_draw_four``)."""
        entries = self.cards.setdefault(seat, [])
        self.drawn_by = seat if in_turn else None
        if not in_turn or not self.color or (not again and rules.get("no_action_finish") and len(entries) + sum(
                self.known.get(seat, Counter()).values()) == 1):
            entries += [frozenset()] * count
            return
        lack = frozenset((self.color, "rank:" + self.rank) + (() if rules.get("strict_wild_draw_four") else ("wild",)))
        if not again:
            entries[:] = [e | lack for e in entries]
        entries += [lack] * count

    def _count(self, view: dict) -> None:
        """One entry for every card of each other hand we do not know, as its count in the view says
        (a card it gained in a way we do not follow seems to be anything)."""
        for seat, count in enumerate(view.get("counts") or ()):
            if seat != self.seat:
                entries = self.cards.setdefault(seat, [])
                need = count - sum(self.known.get(seat, Counter()).values())
                while len(entries) > max(0, need):
                    entries.remove(max(entries, key=len))
                entries += [frozenset()] * (need - len(entries))

    def _played(self, seat, card: str, named: str | None, how: str) -> None:
        self.under.append(card)
        if seat is not None:
            if seat == self.seat:
                self.hand[card] -= 1
            else:
                entries = self.cards.setdefault(seat, [])
                if how == DRAWN and entries:
                    entries.pop()
                elif self.known.get(seat, {}).get(card):
                    self.known[seat][card] -= 1
                elif entries:
                    # the card it was: one that may be it, the one that seemed to lack most
                    fits = [i for i, e in enumerate(entries) if not lacked(card, e)] or range(len(entries))
                    del entries[max(fits, key=lambda i: len(entries[i]))]
                if self.color is not None and (strikes(card) or not self._beside_partner(seat)):
                    self._shown(entries, card, how, seat not in self.caught)
            if card == "W+4":
                self.wd4_before = self.color
        self.color = named or color_of(card) or self.color
        self.rank = rank_of(card)

    def _shown(self, entries: list[frozenset], card: str, how: str, honest: bool) -> None:
        """What the rest of a hand seems not to be, now that ``card`` left it ``how`` (``honest``: its
        player was never caught bluffing a Wild Draw Four)."""
        lack = set()
        if card[0] == "W" and how == CHOSEN:
            # a wild from the hand: nothing else matched (but a player caught bluffing a Wild Draw
            # Four may have held the colour)
            lack.add("rank:" + self.rank)
            if card != "W+4" or honest:
                lack.add(self.color)
        elif how == CHOSEN and color_of(card) == self.color:
            lack.add((self.color, points(card)))     # followed the colour with its highest card of it
        if lack:
            entries[:] = [e | lack for e in entries]

    def _beside_partner(self, seat: int) -> bool:
        """teams: a partner is next to the seat (either way, past seats out). Its player never strikes
        a partner when another play will do, so a card it played that strikes no one shows nothing of
        the rest: they may be cards that would have struck the partner."""
        if not self.teams:
            return False
        table = {"players": len(self.teams), "out": [s in self.out for s in range(len(self.teams))]}
        return any(self.teams[next_seat(table, seat, way)] == self.teams[seat] for way in (1, -1))

    def _rehand(self, moves: dict[int, int], n: int) -> None:
        """Hands changed owners (seven_zero): what was known of each, and what it lacked, goes with
        it; the hand we gave away is known to its new owner."""
        known, cards = self.known, self.cards
        self.known = {moves.get(s, s): c for s, c in known.items()}
        self.cards = {moves.get(s, s): c for s, c in cards.items()}
        if self.seat in moves:
            self.known[moves[self.seat]] = +self.hand
            self.cards.pop(moves[self.seat], None)
        self.known.pop(self.seat, None)
        self.cards.pop(self.seat, None)


def _next_in(seat: int, direction: int, out: list) -> int:
    """The next seat still in the hand (mercy puts seats out)."""
    seat = (seat + direction) % len(out)
    while out[seat]:
        seat = (seat + direction) % len(out)
    return seat
