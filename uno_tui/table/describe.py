"""Events in words, as one seat reads them in the game log."""
from ..engine import card_name

_REASONS = {"penalty": "", "uno": " for not saying UNO", "challenge": " after the challenge",
            "sorting_hat": " for the Sorting Hat", "false_catch": " for a wrong catch", "draw": ""}


def _who(seat, viewer, names) -> str:
    if seat is None:
        return "Someone"
    return "You" if seat == viewer else names[seat]


def describe(event: dict, viewer: int | None, names: list[str]) -> str | None:
    """One line for the log (None for events not worth a line). ``event`` is already redacted."""
    kind = event["type"]
    seat = event.get("seat")
    who = _who(seat, viewer, names)
    if kind == "deal":
        return f"{who} dealt {event['count']} cards each."
    if kind == "first_card":
        return f"The first card is {card_name(event['card'])}."
    if kind == "returned":
        return f"The {card_name(event['card'])} goes back into the deck."
    if kind == "play":
        color = f", naming {event['color']}" if event.get("color") else ""
        uno = " and said UNO" if event.get("uno") else ""
        return f"{who} played {card_name(event['card'])}{color}{uno}."
    if kind == "draw":
        n = event["count"]
        cards = event.get("cards")
        what = ", ".join(card_name(c) for c in cards) if cards else f"{n} card{'s' if n != 1 else ''}"
        return f"{who} drew {what}{_REASONS.get(event.get('reason'), '')}."
    if kind == "keep":
        return f"{who} kept the card."
    if kind == "pass":
        return f"{who} passed: nothing to play or draw."
    if kind == "color":
        return f"{who} chose {event['color']}."
    if kind == "discard":
        return f"{who} discarded {card_name(event['card'])} for Voldemort."
    if kind == "skip":
        return f"{who} {'lose' if who == 'You' else 'loses'} a turn."
    if kind == "reverse":
        return "Play now goes " + ("clockwise." if event["direction"] == 1 else "counter-clockwise.")
    if kind == "accept":
        return f"{who} accepted."
    if kind == "challenge":
        target = _who(event["target"], viewer, names)
        verdict = "guilty" if event["guilty"] else "innocent"
        shown = f" Hand: {', '.join(card_name(c) for c in event['hand'])}." if event.get("hand") else ""
        return f"{who} challenged {target}: {verdict}.{shown}"
    if kind == "shield":
        return f"{who} shielded with Invisibility, naming {event['color']}."
    if kind == "reveal":
        return f"{who} must show their hand: {', '.join(card_name(c) for c in event['cards'])}."
    if kind == "jump_in":
        return f"{who} jumped in with {card_name(event['card'])}!"
    if kind == "swap":
        return f"{who} swapped hands with {_who(event['target'], viewer, names).replace('You', 'you')}."
    if kind == "pass_hands":
        way = "left" if event["direction"] == 1 else "right"
        return f"Every hand passes one seat to the {way}."
    if kind == "say_uno":
        return f"{who} said UNO!"
    if kind == "catch":
        target = _who(event["target"], viewer, names)
        return f"{who} caught {target} without UNO!" if event["caught"] else \
            f"{who} tried to catch {target}, who had said UNO."
    if kind == "reshuffle":
        return f"The discard pile was shuffled into a new draw pile ({event['count']} cards)."
    if kind == "hand_over":
        how = "The hand is blocked. " if event.get("blocked") else ""
        return f"{how}{who} won the hand and {'score' if who == 'You' else 'scores'} {event['points']} points."
    return None
