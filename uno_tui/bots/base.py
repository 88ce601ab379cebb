"""What every bot shares: the split of the legal list and the simple decisions.

A bot reads exactly what a human at its seat is sent: the seat's view (with
its legal actions) and the redacted events. It returns an action dict, or
None to do nothing now. One module per level builds on this one.
"""
import random

from .cards import COLORS, VOLDEMORT_RANKS, colour_counts, color_of, rank_of
from .seats import deflected_to, next_seat, partners


def landing_catch(view: dict, legal: list[dict]) -> dict | None:
    """A catch on offer of a seat that has not said UNO (a 7 or a 0 can open several at once)."""
    said = view["uno_said"]
    return next((a for a in legal if a["kind"] == "catch" and not said[a["target"]]), None)


class Bot:
    """Shared plumbing: split the legal list, answer the simple decisions."""
    level = "base"
    #: chance of saying UNO with a last-but-one card, of catching, of challenging
    says_uno = 1.0
    catches = 1.0

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def observe(self, view: dict, events: list[dict]) -> None:
        """Take in what just happened (the events as this seat was sent them)."""

    #: seconds a decision's search takes by default (none: it does not search)
    default_budget = 0.0
    #: whether it thinks through its pause at a table (from the moment its turn comes: table/scheduler.py)
    #: rather than once the pause is over
    thinks_in_pause = False

    def thinks_long(self, view: dict) -> bool:
        """Whether deciding on this view may take more than a frame (the table then asks on a
        thread of its own; a thread hop costs more than the microseconds the rest take)."""
        return False

    def decide(self, view: dict) -> dict | None:
        legal = view.get("legal") or []
        if not legal:
            return None
        kinds = {a["kind"] for a in legal}
        if "catch" in kinds and view.get("catchable") is not None:
            catch = landing_catch(view, legal)
            if catch is not None and self.rng.random() < self.catches:
                return catch
        if "say_uno" in kinds and self.rng.random() < self.says_uno:
            return {"kind": "say_uno"}
        if "jump_in" in kinds:
            jump = next(a for a in legal if a["kind"] == "jump_in")
            if self.jumps_in(view, jump["card"]):
                return self.with_uno(jump, legal)
        if view.get("decider") != view.get("seat"):
            return None
        phase = view["phase"]
        if phase == "swap":
            return {"kind": "swap", "target": self.swap_with(view, [a["target"] for a in legal if a["kind"] == "swap"])}
        if phase == "color":
            return {"kind": "color", "color": self.choose_color(view, view["hand"])}
        if phase == "discard":
            return self.discard_order(view, [a for a in legal if a["kind"] == "discard"])
        if phase == "respond":
            return self.respond(view, legal)
        if phase == "more":
            return self.more(view, legal)
        if phase == "drawn":
            return self.drawn(view, legal)
        return self.turn(view, legal)

    # -- decisions each level shapes
    def turn(self, view, legal):
        plays = [a for a in legal if a["kind"] in ("play", "pass")]
        if not plays:
            return {"kind": "draw"}
        return self.with_uno(self.pick_play(view, plays), legal)

    def drawn(self, view, legal):
        return self.with_uno(next(a for a in legal if a["kind"] == "play_drawn"
                                  and a.get("color") in (None, self.choose_color(view, view["hand"]))), legal)

    def respond(self, view, legal):
        kinds = {a["kind"] for a in legal}
        if "shield" in kinds:
            color = self.choose_color(view, [c for c in view["hand"] if c != "WI"])
            return self.with_uno({"kind": "shield", "color": color, "uno": False}, legal)
        # (deflect: a Skip or Reverse passes the draw on; never onto a partner)
        stacks = [a for a in legal if a["kind"] == "play" and not (
            a["card"][1:] in ("S", "R") and deflected_to(view, a["card"]) in partners(view))]
        if stacks:
            return self.with_uno(self.pick_play(view, stacks), legal)
        if "challenge" in kinds and self.should_challenge(view):
            return {"kind": "challenge"}
        return {"kind": "accept"}

    def more(self, view, legal):
        """multi_play: every card of the number goes, the one of the colour to end on last (the
        colour held most in the rest of the hand)."""
        plays = [a for a in legal if a["kind"] == "play" and not a.get("uno")]
        rank = rank_of(view["top"])
        rest = [c for c in view["hand"] if rank_of(c) != rank]
        best = self.choose_color(view, rest or view["hand"])
        plays.sort(key=lambda a: color_of(a["card"]) == best)
        return self.with_uno(plays[0], legal)

    def discard_order(self, view, discards):
        """Voldemort: end on the colour we hold most of, so it is the colour on top."""
        rest = [c for c in view["hand"] if rank_of(c) not in VOLDEMORT_RANKS]
        best = self.choose_color(view, rest)
        discards.sort(key=lambda a: color_of(a["card"]) == best)
        return discards[0]

    def with_uno(self, action, legal):
        """Say UNO with the play when it is on offer (and this bot remembers to)."""
        said = dict(action, uno=True)
        if said in legal and self.rng.random() < self.says_uno:
            return said
        return action if action in legal else dict(action, uno=False)

    def should_challenge(self, view) -> bool:
        return False

    def swap_with(self, view, seats: list[int]) -> int:
        """A 7 (seven_zero): take the smallest hand (the first in the order of play on a tie)."""
        me, n, step = view["seat"], view["players"], view["direction"]
        return min(seats, key=lambda s: (view["counts"][s], (s - me) * step % n))

    def jumps_in(self, view, card: str) -> bool:
        """Jump in with ``card`` (identical to the top one)? A card shed without spending a turn always
        helps, unless under seven_zero it would hand this bot a bigger hand: a 7 swaps with the
        smallest other hand, a 0 brings the hand of the player before."""
        rank, counts, me = rank_of(card), view["counts"], view["seat"]
        if not (view.get("table") or {}).get("rules", {}).get("seven_zero") or rank not in ("7", "0"):
            return True
        mine = counts[me] - 1
        if rank == "7":
            return min(c for s, c in enumerate(counts) if s != me) < mine
        return counts[next_seat(view, direction=-view["direction"])] < mine

    def pick_play(self, view, plays):
        raise NotImplementedError

    def choose_color(self, view, hand) -> str:
        counts = colour_counts(hand)
        return max(COLORS, key=lambda c: (counts[c], -COLORS.index(c)))
