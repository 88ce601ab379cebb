"""What one seat may know: the per-seat view and redacted events.

This is the only road from game state to a player. Everything returned is
plain data (dict, list, str, int, bool, None), ready for msgpack.
"""
from .cards import CODES, COLORS, WILD_DRAW_FOUR
from .game import Game


def redact(event: dict, seat: int | None) -> dict:
    """The event as ``seat`` may see it: secrets only for the seats they are shown to."""
    if "secret" not in event:
        return event
    out = {k: v for k, v in event.items() if k not in ("secret", "to")}
    if seat is not None and seat in event["to"]:
        out.update(event["secret"])
    return out


def seat_view(game: Game, seat: int | None) -> dict:
    """All ``seat`` may know now (``None``: a spectator, who holds no hand)."""
    return own_view(game, public_view(game), seat)


def public_view(game: Game) -> dict:
    """The part of every seat's view that is the same for all (built once per change)."""
    attack = game.attack
    return {
        "players": game.n,
        "counts": [len(h) for h in game.hands],
        "top": CODES[game.discard[-1]],
        "color": COLORS[game.color] if game.color >= 0 else None,
        "direction": game.direction,
        "draw_pile": len(game.draw_pile),
        "discard_pile": len(game.discard),
        "dealer": game.dealer,
        "turn": game.turn,
        "phase": game.phase,
        "decider": game.decider if not game.over else None,
        "attack": None if attack is None else {
            "card": CODES[attack[0]], "by": attack[1], "target": attack[2], "draw": game.pending_draw,
            # a Wild Draw Four: the colour on the pile before it, which a challenge is about
            "before": COLORS[game.wd4_color] if attack[0] == WILD_DRAW_FOUR and game.wd4_color >= 0 else None},
        "uno_said": list(game.uno_said),
        "catchable": _catchable(game),
        "over": game.over,
        "winner": game.winner if game.over else None,
        "blocked": game.blocked,
        # teams: each seat's team (0 or 1; a seat's partners share its number); None without teams
        "teams": [s % 2 for s in range(game.n)] if game.rules.teams else None,
        "out": list(game.out),          # mercy: the seats out of this hand
    }


def _catchable(game: Game) -> int | None:
    """The first seat open to a catch that has not said UNO (a 7 or a 0 can open several)."""
    if game.window < 0:
        return None
    return next((s for s in (game.window, *game.more_windows) if not game.uno_said[s]), None)


def own_view(game: Game, public: dict, seat: int | None) -> dict:
    """A seat's view: the public part (copied) and what only this seat may see."""
    return {**public, **own_items(own_parts(game, seat))}


def own_items(parts: tuple) -> dict:
    """The items of a view that are a seat's own, from its :func:`own_parts`."""
    seat, hand, drawn, shown, legal = parts
    return {"seat": seat, "hand": sorted(map(CODES.__getitem__, hand)), "drawn": CODES[drawn] if drawn >= 0 else None,
            "shown": [{"seat": s, "cards": list(cards)} for s, cards in shown],
            "legal": [dict(_as_dict(a)) for a in legal]}


def own_parts(game: Game, seat: int | None) -> tuple:
    """What only ``seat`` may see, raw: (seat or None, hand, drawn card or -1, [(seat, cards)]
    shown, legal actions). Equal parts make equal views: a host builds a view for every seat
    after every change, and keeps a seat's while its parts stay the same."""
    shown = [(s, cards) for s, cards, viewers in game.shown
             if (viewers is None and s != seat) or (viewers is not None and seat in viewers)] if game.shown else []
    if seat is None or not 0 <= seat < game.n:
        return None, (), -1, shown, ()
    drawn = game.drawn if game.phase == "drawn" and game.decider == seat else -1
    return seat, tuple(game.hands[seat]), drawn, shown, tuple(game.legal_actions(seat))


_DICTS: dict = {}


def _as_dict(action) -> dict:
    """``action.to_dict()``, made once per action: legal lists hold the engine's shared actions."""
    d = _DICTS.get(action)
    if d is None:
        d = _DICTS[action] = action.to_dict()
    return d
