"""What to tell the player: the game's title line, and what it is waiting for (pure: from the view alone)."""
from uno_tui.protocol.views import View


PHASES = {
    "turn": "play a card (Enter) or draw (d)",
    "drawn": "play the card you drew (p) or keep it (k)",
    "color": "choose the colour of the first card",
    "discard": "Voldemort: pick your next 2, 6 or 9 to discard (Enter)",
    "respond": "a card was played at you: accept (a)",
    "swap": "your 7: choose whose hand to swap yours with",
    "more": "play another card of your number (Enter), or no more (n)",
}


def heading(view: View) -> tuple[str, ...]:
    """The game screen's title line: the edition, the hand, the match and this seat's score; then
    shorter and shorter for a narrow screen (the title bar shows the longest that fits), the least
    needed words going first so that the score always shows: the app's name, "first" of "first to
    500", the edition, the match, the hand."""
    table, match = view.table, view.table.match
    words = {"app": "uno-tui", "edition": table.rules["preset"], "hand": f"hand {table.hand_no}"}
    if match.mode != "single":
        words["match"] = f"{match.mode.replace('_', ' ')} {match.target}"
        if view.seat is not None:
            words["you"] = f"you: {table.scores[view.seat]} pts"
    titles = [" · ".join(words.values())]
    for part, shorter in (("app", ""), ("match", words.get("match", "").removeprefix("first ")),
                          ("edition", ""), ("match", ""), ("hand", "")):
        words[part] = shorter
        titles.append(" · ".join(filter(None, words.values())))
    return tuple(dict.fromkeys(filter(None, titles)))     # each title once, and never an empty one


def counting(view: View) -> bool:
    """Whether a countdown of the table's runs (a bot to take an away seat, the turn clock, the
    next hand): what is shown of it changes each second."""
    table = view.table
    return (any(s.bot_in is not None for s in table.seats) or table.clock_in is not None
            or (view.over and table.next_hand_in is not None))


def prompt(view: View, elapsed: float = 0.0) -> str:
    """``elapsed``: seconds since the view came (the table's countdowns run on from it)."""
    if view.seat is None:             # a spectator: someone who joined a game under way, say
        return "You are watching this game: " + (
            "the hand is over." if view.over else f"{view.table.seats[view.decider].name} to play.")
    if view.over:
        table = view.table
        if view.seat not in table.ready:
            return "The hand is over."
        text = "You are ready: waiting for the others"
        if table.next_hand_in is not None:
            text += f"; the next hand starts in {max(0, round(table.next_hand_in - elapsed))} s"
        return text + "."
    seats = view.table.seats
    me, decider = view.seat, view.decider
    kinds = {a.kind for a in view.legal}
    if seats[me].away:
        return "You are shown as away" + (": a bot plays for you" if seats[me].bot_playing else "") + \
            ". Press any key to play again."
    if decider != me:
        chance = window(view, kinds, elapsed)
        if chance:
            return chance
        name = seats[decider].name
        what = {"respond": "to answer the card played at them", "swap": "to choose whose hand to take"}.get(
            view.phase, "to play")
        jump = " You can jump in with your identical card (j)!" if "jump_in" in kinds else ""
        return f"Waiting for {name} {what}…{jump}{clock(view, elapsed, name)}"
    text = "Your turn: " + PHASES[view.phase]
    if view.phase == "respond":
        if "challenge" in kinds:
            text += ", challenge (x)"
        if "shield" in kinds:
            text += ", shield (s)"
        plays = [a.card for a in view.legal if a.kind == "play"]
        if any(c.endswith(("S", "R")) and not c.startswith("W") for c in plays):
            text += ", or deflect it with a Skip or Reverse from your hand (h, then Enter)"
        elif plays:
            text += ", or stack a card from your hand (h, then Enter)"
    if "pass" in kinds:
        text = "Your turn: nothing to play or draw: pass (n)"
    elif view.phase == "turn" and "play" not in kinds:
        text = "Your turn: nothing you can play: draw (d)"
    return text + "." + clock(view, elapsed)


#: the turn clock's countdown shows for this many seconds before it runs out
COUNTDOWN = 10
BAR = 10


def window(view: View, kinds: set, elapsed: float) -> str | None:
    """A person's out-of-turn chance while the table holds it open for them: what to press, and the
    time left as a shrinking bar and in seconds (None: no window runs for this seat)."""
    table = view.table
    left = table.window_in
    if left is None or not table.window:
        return None
    left = max(0.0, left - elapsed)
    if "catch" in kinds and view.catchable is not None and view.catchable != view.seat:
        what = f"Catch {table.seats[view.catchable].name}: no UNO said (c)!"
    elif "jump_in" in kinds:
        what = "Jump in with your identical card (j)!"
    elif "say_uno" in kinds:
        what = "Say UNO (u) before you are caught!"
    else:
        return None
    full = round(BAR * left / table.window)
    return f"{what} {'█' * full}{'░' * (BAR - full)} {left:.1f} s"


def clock(view: View, elapsed: float, name: str | None = None) -> str:
    """The turn clock's last seconds: before a bot plays for you (``name``: for the one to move)."""
    left = view.table.clock_in
    if left is None:
        return ""
    left = max(0, round(left - elapsed))
    if left > COUNTDOWN:
        return ""
    return f" A bot plays for {name} in {left} s." if name else f" {left} s left, then a bot plays for you."
