"""The hard bot: card memory, what each player lacks, a fast search of the heads-up endgame, and
every other decision that matters played out many times with the engine (search.py)."""
from collections import Counter

from . import endgame, search
from .cards import ATTACKS, CLASSIC_DECK, VOLDEMORT_RANKS, colour_counts, color_of, is_wild, points, rank_of
from .base import COLORS, landing_catch
from .guesses import Guesses
from .memory import Memory
from .normal import NormalBot
from .seats import MERCY, hits_partner, next_seat, opponents, partners, swamped

#: seconds a decision may take at a table that plays at a person's pace (an expert: three times as long)
DEFAULT_BUDGET = 0.3
EXPERT_BUDGET = 3 * DEFAULT_BUDGET


class HardBot(NormalBot):
    """Remembers every card, reads which colours opponents lack, attacks the leader; then plays its
    choice and every other distinct move out from guesses at the hidden cards, and takes another
    only when it clearly wins more often (search.py). The heads-up classic endgame has its own,
    faster search (endgame.py)."""
    level = "hard"
    # Weights, tuned with bench/bots.py (spending wilds early and bluffing both lost games).
    stuck_weight = 1.0   # the next player cannot follow our card (and draws)
    again_weight = 0.5   # we can play again on what is on top when our turn comes back
    wild_cost = 10.0     # what spending a wild early gives up
    endgame = 3          # heads-up, once a hand is down to this many cards: play the hand out (endgame.py)
    deals = 128          # ... on this many guesses at the other hand,
    finalists = 3        # ... then the moves that won most
    refine = 3           # ... on this many times as many again

    default_budget = DEFAULT_BUDGET
    #: at a table it thinks from the moment its turn comes, inside the table's pause: no level is slower
    thinks_in_pause = True

    def __init__(self, seed=None, *, budget: float | None = None, playouts: int | None = None):
        super().__init__(seed)
        self.memory = Memory()               # the cards seen, and what each hand seems to lack
        #: the search's seconds, or its play-outs if given (0: the rules of thumb alone)
        self.budget = self.default_budget if budget is None else budget
        self.playouts = playouts

    _played_out = False      # whether the endgame search made this decision

    def observe(self, view, events):
        self.memory.observe(view, events)

    def decide(self, view):
        """The rules of thumb's move, unless playing the distinct moves out finds one that clearly
        wins more often (not where the endgame search has already played the hand out)."""
        self._played_out = False
        chosen = super().decide(view)
        moves = self.choices(view)
        if chosen is None or len(moves) < 2 or self._played_out or self.playouts == 0:
            return chosen
        said = dict(chosen, uno=True)
        preferred = next((i for i, m in enumerate(moves) if m in (chosen, said)), None)
        if preferred is None:
            return chosen
        best = search.most_won(view, self.memory, moves, preferred, self.rng,
                               seconds=self.budget, playouts=self.playouts)
        return chosen if best is None else moves[best]

    def choices(self, view: dict) -> list[dict]:
        """The distinct moves of a decision of our own (a play saying UNO where it may: saying it is
        never worse); none when a reflex comes first (a catch that lands, UNO to say)."""
        if view.get("decider") != view.get("seat") or view.get("seat") is None:
            return []
        legal = view.get("legal") or []
        kinds = {a["kind"] for a in legal}
        if "say_uno" in kinds or ("catch" in kinds and landing_catch(view, legal) is not None):
            return []
        moves = {}
        survive = swamped(view) and any(a["kind"] in ("play", "play_drawn") for a in legal)
        for a in legal:
            if a["kind"] not in ("catch", "say_uno") and not (survive and a["kind"] in ("draw", "keep")):
                key = tuple(sorted((k, v) for k, v in a.items() if k != "uno"))
                if key not in moves or a.get("uno"):
                    moves[key] = a
        return list(moves.values())


    def unseen(self, view) -> dict[str, int]:
        """Cards we have not seen since the last reshuffle: the pool other hands come from."""
        pool = dict((view.get("table") or {}).get("deck") or CLASSIC_DECK)
        for code in view["hand"]:
            pool[code] = pool.get(code, 0) - 1
        for code, n in Counter(self.memory.under).items():
            pool[code] = pool.get(code, 0) - n
        return {code: n for code, n in pool.items() if n > 0}

    def follow_chance(self, view, pool, seat, color, rank) -> float:
        """The chance that ``seat`` can follow a top card of this colour and rank."""
        void = self.memory.lacks(seat)
        total = sum(pool.values()) or 1
        wild_ok, rank_ok, color_ok = "wild" not in void, "rank:" + rank not in void, color not in void
        match = sum(n for code, n in pool.items()
                    if (wild_ok and is_wild(code)) or (rank_ok and rank_of(code) == rank)
                    or (color_ok and color_of(code) == color))
        blocked = 1.0
        for i in range(view["counts"][seat]):
            blocked *= max(0.0, (total - match - i) / max(1, total - i))
        return 1 - blocked

    def choose_color(self, view, hand) -> str:
        """The colour to leave on top; with teams, never one a partner seems to lack when another
        is as good (the partner may have to follow it)."""
        ctx = _Context(self, view)
        lacked = set().union(*(self.memory.lacks(p) for p in partners(view)))
        return max(COLORS, key=lambda c: ctx.settle(c, "W", hand) - (1.0 if c in lacked else 0.0))

    def pick_play(self, view, plays):
        """The play whose best continuation (heads-up, a chain of turn-taking cards) scores most;
        in a heads-up endgame, the one that wins most hands played out from here."""
        best = self._best_scored(view, plays)
        moves = [a for a in plays if a["kind"] == "play" and not a.get("uno")]
        if (best["kind"] == "play" and view["phase"] == "turn" and self._searches(view)
                and len({(a["card"], a.get("color")) for a in moves}) > 1):
            best = moves[self._most_won(view, [(a["card"], a.get("color")) for a in moves], moves.index(best))]
        return best

    def thinks_long(self, view: dict) -> bool:
        return len(self.choices(view)) > 1

    def _searches(self, view) -> bool:
        """Whether the heads-up endgame search decides (endgame.py)."""
        return min(view["counts"]) <= self.endgame and endgame.applies(view)

    def _most_won(self, view, moves, preferred: int) -> int:
        """Which move wins most hands played out (endgame.py; the preferred one on a tie). Every move
        gets ``deals`` deals, then the best few as many again several times over, as they are
        the ones a few lucky deals could put in the wrong order."""
        self._played_out = True
        other = 1 - view["seat"]
        # as the engine search's guesses reckon it: the cards unseen, those the other hand is known
        # to hold (a challenge showed them), and what the rest of it seems to lack
        reckoned = Guesses(view, self.memory, (view.get("table") or {}).get("deck") or CLASSIC_DECK)
        if not reckoned.ok:
            return preferred
        guess = (view["hand"], Counter(reckoned.pool), reckoned.slots[other], reckoned.groups.get(other, ()), self.rng)
        top, shown = (view["color"], view["top"]), reckoned.known.get(other, [])
        won = endgame.wins(moves, *guess, self.deals, top, shown)
        won[preferred] += 0.5
        finalists = sorted(range(len(moves)), key=won.__getitem__, reverse=True)[:self.finalists]
        more = endgame.wins([moves[i] for i in finalists], *guess, self.deals * self.refine, top, shown)
        return max(zip(finalists, more), key=lambda pair: won[pair[0]] + pair[1])[0]

    def _best_scored(self, view, plays):
        ctx = _Context(self, view)
        best, best_score = plays[0], None
        for a in plays:
            if a.get("uno"):
                continue
            if a["kind"] == "pass":
                return a
            card = a["card"]
            rest = list(view["hand"])
            rest.remove(card)
            score = ctx.value_of_play(card, a.get("color") or color_of(card), rest, depth=0)
            if best_score is None or score > best_score:
                best, best_score = a, score
        return best

    def drawn(self, view, legal):
        """Play the drawn card (a card shed is worth more than one kept), naming the best colour;
        but keep a drawn wild for when it matters, and in a heads-up endgame play the hand out
        both ways (playing the card and keeping it)."""
        card = view["drawn"]
        ctx = _Context(self, view)
        rest = list(view["hand"])
        rest.remove(card)
        plays = [a for a in legal if a["kind"] == "play_drawn" and not a.get("uno")]
        best = max(plays, key=lambda a: ctx.value_of_play(card, a.get("color") or color_of(card), rest, 0))
        keep = {"kind": "keep"}
        if keep not in legal:
            return self.with_uno(best, legal)
        if self._searches(view):
            options = plays + [keep]
            best = options[self._most_won(view, [(card, a.get("color")) for a in plays] + [None], plays.index(best))]
        elif is_wild(card) and not swamped(view):     # (mercy, near the limit: shed it now)
            best = keep
        return self.with_uno(best, legal)

    def should_challenge(self, view) -> bool:
        """Challenge when the chance they bluffed beats 1 in 3 (a wrong challenge costs 2, a right one saves 4).

        The chance is the odds their hand held the old colour, times how often
        this player has been caught bluffing (a player who never bluffs is
        never worth challenging).
        """
        attack = view.get("attack") or {}
        by, before = attack.get("by"), self.memory.wd4_before
        if by is None or before is None or before in self.memory.lacks(by) or by in partners(view):
            return False
        if swamped(view) and len(view["hand"]) + attack.get("draw", 4) + 2 >= MERCY:
            return False                 # (mercy: a wrong challenge would put us out)
        pool = self.unseen(view)
        total = sum(pool.values()) or 1
        colour = sum(n for code, n in pool.items() if color_of(code) == before)
        p_none = 1.0
        for i in range(view["counts"][by]):
            p_none *= max(0.0, (total - colour - i) / max(1, total - i))
        challenged, guilty = self.memory.bluffs.get(by, (0, 0))
        return (1 - p_none) * (guilty + 1) / (challenged + 3) > 1 / 3


class ExpertBot(HardBot):
    """hard with three times the thinking: at a table it searches through its whole pause (as hard
    does its share of it), from the moment its turn comes (table/scheduler.py), so it keeps the table
    waiting no longer than hard. More play-outs tell close moves apart: measured one decision at a
    time in docs/decisions.md."""
    level = "expert"
    default_budget = EXPERT_BUDGET


class _Context:
    """One decision's look ahead for the hard bot: what the table looks like from here."""

    def __init__(self, bot: HardBot, view: dict):
        self.bot, self.view = bot, view
        self.pool = bot.unseen(view)
        self.heads_up = view["players"] == 2
        self.nxt = next_seat(view)
        self.partner_next = self.nxt in partners(view)
        self.nxt_count = view["counts"][self.nxt]
        rivals = opponents(view)
        self.close = min((view["counts"][s] for s in rivals), default=7) <= 1

    def value_of_play(self, card: str, color: str | None, rest: list[str], depth: int) -> float:
        bot, rank = self.bot, rank_of(card)
        if color is None:                # Voldemort: every 2, 6 and 9 goes, the last names the colour
            numbers = [c for c in rest if rank_of(c) in VOLDEMORT_RANKS]
            rest = [c for c in rest if c not in numbers]
            color = max((color_of(c) for c in numbers), key=lambda c: colour_counts(rest)[c])
            rank = "9"
        if not rest:
            return 100.0                 # out: the hand is won
        score = 1.0 + points(card) / (10 if self.close else 200)
        if is_wild(card) and not (card == "W+4" and self.nxt_count <= 2):
            score -= bot.wild_cost       # keep wilds for when they matter
        hits = rank in ATTACKS or card == "W+4"
        if hits_partner(self.view, card):
            score -= 8                   # teams: never strike the partner when another play will do
        elif hits or (rank == "R" and self.heads_up):
            score += 6 if self.nxt_count <= 2 else 0.5
        if self.heads_up and (hits or rank == "R"):
            # another turn: the best follow-up from what is left (drawing if nothing follows)
            follow = [c for c in set(rest) if is_wild(c) or color_of(c) == color or rank_of(c) == rank]
            if not follow or depth >= 3:
                return score + (self.settle(color, rank, rest) if follow else -1.0)
            best = None
            for nxt_card in follow:
                after = list(rest)
                after.remove(nxt_card)
                for c in (COLORS if is_wild(nxt_card) else (color_of(nxt_card),)):
                    v = self.value_of_play(nxt_card, c, after, depth + 1)
                    best = v if best is None or v > best else best
            return score + best
        return score + self.settle(color, rank, rest)

    def settle(self, color: str, rank: str, rest: list[str]) -> float:
        """How good it is to end the turn on this top card holding ``rest``: the two ways the
        next player's turn can go, weighed by the chance they can follow. If they cannot, they
        draw and the card is still there for us; if they can, they most likely stay on its colour."""
        bot = self.bot
        if self.partner_next:            # teams: our partner is next, and should follow
            return bot.follow_chance(self.view, self.pool, self.nxt, color, rank) * bot.stuck_weight
        keeps_colour = any(color_of(c) == color or is_wild(c) for c in rest)
        again = bot.again_weight if keeps_colour or any(rank_of(c) == rank for c in rest) else -bot.again_weight
        danger = 3 if self.nxt_count <= 2 else 1
        chance = bot.follow_chance(self.view, self.pool, self.nxt, color, rank)
        stuck = bot.stuck_weight * danger + again
        follow = bot.again_weight if keeps_colour else -bot.again_weight
        return (1 - chance) * stuck + chance * follow
