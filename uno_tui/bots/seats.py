"""What a bot reads of the table beyond its own hand: whose go comes next (mercy puts seats out),
who its partners are (teams), whom a card would hit, and when its hand is near the mercy limit."""
from ..engine.house import MERCY

__all__ = ["MERCY", "SWAMPED", "deflected_to", "hits_partner", "next_seat", "opponents", "out_seats", "partners",
           "strikes", "swamped"]

#: mercy: a hand this close to the limit plays for survival (draws nothing it can avoid)
SWAMPED = MERCY - 8


def out_seats(view: dict) -> list[bool]:
    return view.get("out") or [False] * view["players"]


def next_seat(view: dict, seat: int | None = None, direction: int | None = None) -> int:
    """The seat after ``seat`` (ours by default) in the direction of play, past seats out of the hand."""
    out, n = out_seats(view), view["players"]
    seat = view["seat"] if seat is None else seat
    step = view["direction"] if direction is None else direction
    seat = (seat + step) % n
    for _ in range(n):
        if not out[seat]:
            break
        seat = (seat + step) % n
    return seat


def partners(view: dict) -> set[int]:
    """Our partners' seats (teams), none without teams."""
    teams, me = view.get("teams"), view.get("seat")
    if not teams or me is None:
        return set()
    return {s for s, t in enumerate(teams) if t == teams[me] and s != me}


def opponents(view: dict) -> list[int]:
    """The seats still in the hand that are neither ours nor a partner's."""
    mine, out = partners(view) | {view["seat"]}, out_seats(view)
    return [s for s in range(view["players"]) if s not in mine and not out[s]]


def deflected_to(view: dict, card: str) -> int:
    """deflect: the seat a Skip passes the draw on to, or a Reverse sends it back to."""
    if card[1:] == "R":
        attack = view.get("attack") or {}
        return attack.get("by", next_seat(view, direction=-view["direction"]))
    return next_seat(view)


def swamped(view: dict) -> bool:
    """mercy is on and our hand is near its limit."""
    rules = (view.get("table") or {}).get("rules") or {}
    return bool(rules.get("mercy")) and len(view.get("hand") or ()) >= SWAMPED


#: cards that strike the next player (draw, skip, show the hand, draw until)
STRIKES = ("S", "+2", "W+4", "WSH", "WH")


def strikes(card: str) -> bool:
    """Does ``card`` strike the next player?"""
    return card in STRIKES or card[1:] in STRIKES


def hits_partner(view: dict, card: str) -> bool:
    """Would playing ``card`` in turn strike a partner (the next player)?"""
    return strikes(card) and view["phase"] == "turn" and next_seat(view) in partners(view)
