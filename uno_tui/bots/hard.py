"""The hard bot: plays every decision that matters out many times (search.py), from guesses at the
hidden cards consistent with all it saw (memory.py, guesses.py)."""
from . import search
from .memory import Memory
from .normal import NormalBot

#: seconds a decision may take at a table that plays at a person's pace
DEFAULT_BUDGET = 0.3


class HardBot(NormalBot):
    """Searches every decision of its own with more than one distinct move, in every edition and
    house rule; catching, saying UNO and jumping in are the normal bot's reflexes, and so is any
    decision the search cannot make (no guess fits what it saw)."""
    level = "hard"

    def __init__(self, seed=None, *, budget: float = DEFAULT_BUDGET, playouts: int | None = None):
        super().__init__(seed)
        self.memory = Memory()
        self.budget, self.playouts = budget, playouts    # the search's seconds, or play-outs if given

    def observe(self, view, events):
        self.memory.observe(view, events)

    def thinks_long(self, view: dict) -> bool:
        return len(self.choices(view)) > 1

    def choices(self, view: dict) -> list[dict]:
        """The distinct moves of a decision of our own (a play saying UNO where it may: saying it is
        never worse); none when a reflex comes first (a catch that lands, UNO to say)."""
        if view.get("decider") != view.get("seat") or view.get("seat") is None:
            return []
        legal = view.get("legal") or []
        kinds = {a["kind"] for a in legal}
        if "say_uno" in kinds or ("catch" in kinds and view.get("catchable") is not None):
            return []
        moves = {}
        for a in legal:
            if a["kind"] not in ("catch", "say_uno"):
                key = tuple(sorted((k, v) for k, v in a.items() if k != "uno"))
                if key not in moves or a.get("uno"):
                    moves[key] = a
        return list(moves.values())

    def decide(self, view):
        plain = super().decide(view)          # the normal bot's move: the search's choice on a tie
        moves = self.choices(view)
        if len(moves) < 2 or plain is None:
            return plain
        said = dict(plain, uno=True)
        preferred = next((i for i, m in enumerate(moves) if m in (plain, said)), 0)
        best = search.most_won(view, self.memory, moves, preferred, self.rng,
                               seconds=self.budget, playouts=self.playouts)
        return plain if best is None else moves[best]
