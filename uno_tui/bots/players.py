"""The computer players by level: easy, normal, hard and expert (hard with more time to think)."""
from .base import Bot
from .easy import EasyBot
from .hard import DEFAULT_BUDGET, EXPERT_BUDGET, ExpertBot, HardBot
from .normal import NormalBot

LEVELS = ("easy", "normal", "hard", "expert")
BOTS = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot, "expert": ExpertBot}


def make_bot(level: str, seed=None, *, budget: float | None = None, playouts: int | None = None) -> Bot:
    """A bot of ``level``; a searching one (hard, expert) thinks for ``budget`` seconds a decision
    (default: its level's, DEFAULT_BUDGET or EXPERT_BUDGET), or for ``playouts`` play-outs if given,
    0 for none (the others ignore both)."""
    if level not in BOTS:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
    if issubclass(BOTS[level], HardBot):
        return BOTS[level](seed, budget=budget, playouts=playouts)
    return BOTS[level](seed)
