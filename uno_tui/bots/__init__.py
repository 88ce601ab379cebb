"""Computer players. They see a seat's view and events (plain data, as a remote client would); the hard
and expert ones play guesses out with the engine."""
from .players import BOTS, DEFAULT_BUDGET, EXPERT_BUDGET, LEVELS, Bot, make_bot

__all__ = ["BOTS", "DEFAULT_BUDGET", "EXPERT_BUDGET", "LEVELS", "Bot", "make_bot"]
