"""What to tell the player the game is waiting for (pure: from the view alone)."""

PHASES = {
    "turn": "play a card (Enter) or draw (d)",
    "drawn": "play the card you drew (p) or keep it (k)",
    "color": "choose the colour of the first card",
    "discard": "Voldemort: pick your next 2, 6 or 9 to discard (Enter)",
    "respond": "a card was played at you: accept (a)",
    "swap": "your 7: choose whose hand to swap yours with",
    "more": "play another card of your number (Enter), or no more (n)",
}


def prompt(view: dict, elapsed: float = 0.0) -> str:
    """``elapsed``: seconds since the view came (the table's countdowns run on from it)."""
    if view["seat"] is None:             # a spectator: someone who joined a game under way, say
        return "You are watching this game: " + (
            "the hand is over." if view["over"] else f"{view['table']['seats'][view['decider']]['name']} to play.")
    if view["over"]:
        table = view["table"]
        if view["seat"] not in table["ready"]:
            return "The hand is over."
        text = "You are ready: waiting for the others"
        if table.get("next_hand_in") is not None:
            text += f"; the next hand starts in {max(0, round(table['next_hand_in'] - elapsed))} s"
        return text + "."
    seats = view["table"]["seats"]
    me, decider = view["seat"], view["decider"]
    kinds = {a["kind"] for a in view["legal"]}
    if decider != me:
        name = seats[decider]["name"]
        what = {"respond": "to answer the card played at them", "swap": "to choose whose hand to take"}.get(
            view["phase"], "to play")
        jump = " You can jump in with your identical card (j)!" if "jump_in" in kinds else ""
        return f"Waiting for {name} {what}…{jump}"
    text = "Your turn: " + PHASES[view["phase"]]
    if view["phase"] == "respond":
        if "challenge" in kinds:
            text += ", challenge (x)"
        if "shield" in kinds:
            text += ", shield (s)"
        plays = [a["card"] for a in view["legal"] if a["kind"] == "play"]
        if any(c.endswith(("S", "R")) and not c.startswith("W") for c in plays):
            text += ", or deflect it with a Skip or Reverse from your hand (h, then Enter)"
        elif plays:
            text += ", or stack a card from your hand (h, then Enter)"
    if "pass" in kinds:
        text = "Your turn: nothing to play or draw: pass (n)"
    elif view["phase"] == "turn" and "play" not in kinds:
        text = "Your turn: nothing you can play: draw (d)"
    return text + "."
