"""Why an action is refused, in words: read off what is legal now (legal.py), never restated."""
from .cards import CARD_OF, CODES, COLORS, card_name

#: what the decider is asked for, per phase
EXPECTED = {"turn": "play or draw", "drawn": "play or keep the drawn card", "color": "choose a colour",
            "discard": "discard your 2s, 6s and 9s", "respond": "answer the card played at you",
            "swap": "choose whose hand to swap with", "more": "play more of your number, or stop"}
#: every phase a hand can be in (saves are checked against it; the protocol declares it)
PHASES = (*EXPECTED, "over")


def why_not(game, seat: int, action) -> str:
    """The reason ``action`` is not among ``game.legal_actions(seat)``."""
    if game.over:
        return "the hand is over"
    if not 0 <= seat < game.n:
        return f"there is no seat {seat}"
    if game.out[seat]:
        return "you are out of this hand (mercy)"
    kind = action.kind
    if kind in ("say_uno", "catch") and not game.rules.uno_penalty:
        return "nobody needs to say UNO in this game (UNO penalty 0)"
    if kind == "say_uno":
        return "you can say UNO only while you hold exactly one card" if len(
            game.hands[seat]) != 1 else "you have already said UNO"
    if kind == "catch":
        if game.window < 0:
            return "nobody can be caught now"
        others = [str(s) for s in (game.window, *game.more_windows) if s != seat]
        return "you cannot catch yourself" if action.target == seat or not others else (
            f"only seat{'s' if len(others) > 1 else ''} {' or '.join(others)} can be caught now")
    if kind == "jump_in":
        return _jump_refused(game, seat, action)
    if seat != game.decider:
        return f"it is not your decision: waiting for seat {game.decider} to {EXPECTED[game.phase]}"
    if kind == "play" and game.phase == "turn":
        refused = _card_refused(game, game.hands[seat], action.card)
        if refused:
            return refused
    offered = [a for a in game.legal_actions(seat) if a.kind == kind]
    if offered:
        return _variant_refused(game, seat, action, offered)
    if kind == "draw" and game.phase == "turn":
        return "there is nothing left to draw"
    if kind == "pass" and game.phase == "turn":
        return "you can pass only when you can neither play nor draw"
    if kind == "keep" and game.phase == "drawn":
        return "a playable drawn card must be played (house rule)"
    return f"you must {EXPECTED[game.phase]} now"


def _card_refused(game, hand, code: str) -> str | None:
    """Why this card may not go on the pile now (None: it may)."""
    card = CARD_OF[code]
    if card not in hand:
        return f"you do not hold a {card_name(code)}"
    if not game.playable(card):
        return f"a {card_name(code)} does not match the {card_name(CODES[game.top])} " \
               f"(active colour {COLORS[game.color]})"
    return game.refusal(hand, card)


def _variant_refused(game, seat: int, action, offered) -> str:
    """The kind is on offer, this variant is not: say which part is wrong."""
    if action.card is not None and all(a.card != action.card for a in offered):
        return f"you cannot play a {card_name(action.card)} now: you must {EXPECTED[game.phase]}"
    if action.target is not None and all(a.target != action.target for a in offered):
        return "choose another player's seat"
    if all(a.color != action.color for a in offered):
        return "name a colour when you play a wild, and only then"
    return "you can say UNO with a play only when it leaves you one card"


def _jump_refused(game, seat: int, action) -> str:
    if not game.rules.jump_in:
        return "jumping in is not a house rule of this game"
    top = CODES[game.top]
    if game.phase != "turn":
        return "you can jump in only between turns"
    if action.card != top:
        return f"too late to jump in: the top card is now {card_name(top)}"
    if seat == game.decider:
        return "it is your turn: just play the card"
    return _card_refused(game, game.hands[seat], action.card) or (
        "you can say UNO with a play only when it leaves you one card")
