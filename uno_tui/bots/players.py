"""The computer players by level: easy, normal and hard (one module each)."""
from .base import Bot
from .easy import EasyBot
from .hard import HardBot
from .normal import NormalBot

LEVELS = ("easy", "normal", "hard")
BOTS = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}


def make_bot(level: str, seed=None) -> Bot:
    if level not in BOTS:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
    return BOTS[level](seed)
