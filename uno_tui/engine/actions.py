"""Actions a seat can take, and the error an illegal one raises."""
from typing import NamedTuple

from .cards import CARD_OF, COLORS

#: every action kind, with the fields it uses
KINDS = {
    "play": ("card", "color", "uno"),  # play a card (a wild names its colour; also stacking)
    "draw": (),                     # draw one card instead of playing
    "pass": (),                     # nothing playable and nothing left to draw
    "play_drawn": ("color", "uno"),  # play the card just drawn
    "keep": (),                     # keep the card just drawn
    "color": ("color",),            # choose the colour of a wild turned up first
    "discard": ("card",),           # Voldemort: discard this 2, 6 or 9 next
    "accept": (),                   # take what the card played at you does
    "challenge": (),                # challenge a Wild Draw Four
    "shield": ("color", "uno"),     # Invisibility played out of turn, naming a colour
    "say_uno": (),
    "catch": ("target",),           # catch a player who did not say UNO
    "swap": ("target",),            # seven_zero: the seat whose hand you take for your 7's
    "jump_in": ("card", "uno"),     # jump_in: play a card identical to the top one, out of turn
    "stop": (),                     # multi_play: play no more of the number
}


class IllegalAction(Exception):
    """An action the rules do not allow now; ``reason`` says why in words."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class Action(NamedTuple):
    kind: str
    card: str | None = None
    color: str | None = None
    target: int | None = None
    uno: bool = False

    def to_dict(self) -> dict:
        d: dict = {"kind": self.kind}
        for name in KINDS[self.kind]:
            value = getattr(self, name)
            if value is not None:
                d[name] = value
        return d

    @classmethod
    def from_dict(cls, d) -> "Action":
        """Validate a plain-data action (as it arrives from a client)."""
        if not isinstance(d, dict) or not isinstance(d.get("kind"), str) or d["kind"] not in KINDS:
            raise IllegalAction("not an action")
        allowed = KINDS[d["kind"]]
        extra = set(d) - {"kind", *allowed}
        if extra:
            raise IllegalAction(f"unexpected field {sorted(map(str, extra))[0]!r}")
        card, color, target, uno = d.get("card"), d.get("color"), d.get("target"), d.get("uno", False)
        if "card" in allowed and (not isinstance(card, str) or card not in CARD_OF):
            raise IllegalAction("no such card")
        if "color" in allowed and not (color in COLORS and isinstance(color, str)) and not (
                color is None and d["kind"] != "color"):
            raise IllegalAction("no such colour")
        if "target" in allowed and (type(target) is not int):
            raise IllegalAction("target must be a seat number")
        if type(uno) is not bool:
            raise IllegalAction("uno must be true or false")
        return cls(d["kind"], card, color, target, uno)
