"""The computer players by level: easy, normal and hard (one module each)."""
from .base import Bot
from .easy import EasyBot
from .hard import DEFAULT_BUDGET, HardBot
from .normal import NormalBot

LEVELS = ("easy", "normal", "hard")
BOTS = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}


def make_bot(level: str, seed=None, *, budget: float | None = None, playouts: int | None = None) -> Bot:
    """A bot of ``level``; a searching one (hard) thinks for ``budget`` seconds a decision (default
    DEFAULT_BUDGET), or for ``playouts`` play-outs if given, 0 for none (the others ignore both)."""
    if level not in BOTS:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
    if BOTS[level] is HardBot:
        return HardBot(seed, budget=DEFAULT_BUDGET if budget is None else budget, playouts=playouts)
    return BOTS[level](seed)
