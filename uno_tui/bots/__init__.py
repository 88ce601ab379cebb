"""Computer players. They see a seat's view and events, never the engine."""
from .players import LEVELS, Bot, make_bot

__all__ = ["LEVELS", "Bot", "make_bot"]
