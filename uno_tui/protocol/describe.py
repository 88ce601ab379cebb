"""Events in words, as one seat reads them in the game log: plain sentences, card names, one line
per event. What always happens together is told together: a card and the UNO said with it, a
Reverse and the new direction, a Draw Two's victim drawing and losing the turn, a catch and its
penalty, a challenge and who draws, a Howler's victim, the Sorting Hat's draws, a Voldemort's
discards (one line for the run, however many cards)."""
from uno_tui.engine import card_name
from uno_tui.engine.house import TEAM_NAMES

#: third person -> second person, where dropping the "s" is not enough
_SECOND = {"catches": "catch", "passes": "pass", "tries": "try", "goes": "go", "is": "are"}


class _Words:
    """Names as this viewer reads them: "you" for their own seat, in any position."""

    def __init__(self, viewer: int | None, names: list[str]):
        self.viewer, self.names = viewer, names

    def who(self, seat) -> str:
        if seat is None:
            return "someone"
        return "you" if seat == self.viewer else self.names[seat]

    def whose(self, seat) -> str:
        return "your" if seat == self.viewer else f"{self.names[seat]}'s"

    def clause(self, seat, *parts: str) -> str:
        """``seat`` does ``parts`` (third person: "draws 2"), joined as "a, b and c"."""
        if seat is not None and seat == self.viewer:
            parts = tuple(_second(p) for p in parts)
        told = parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"
        return f"{self.who(seat)} {told}"


def _second(part: str) -> str:
    verb, _, rest = part.partition(" ")
    verb = _SECOND.get(verb, verb[:-1] if verb.endswith("s") else verb)
    return f"{verb} {rest.replace('their ', 'your ')}".rstrip()


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _cards(codes) -> str:
    return ", ".join(card_name(c) for c in codes)


def _drawn(draws: list[dict]) -> str:
    """One run of draws by one seat: "draws a card", "draws 2", "draws 2 (Red 5, Blue 1)"."""
    count = sum(d["count"] for d in draws)
    cards = [c for d in draws for c in d.get("cards", ())]
    if count == 1:
        return f"draws {card_name(cards[0])}" if cards else "draws a card"
    return f"draws {count}" + (f" ({_cards(cards)})" if cards else "")


def _suffered(events: list[dict], i: int) -> tuple[list[str], int]:
    """What befalls one seat from ``events[i]`` on: a run of draws for one reason (the Sorting
    Hat's come one card at a time), a lost turn, a hand shown; and the index after them."""
    event, kind = events[i], events[i]["type"]
    seat = event.get("seat")
    if kind == "reveal":
        shown = f"shows their hand: {_cards(event['cards'])}"
        return (["loses the turn", shown], i + 2) if _then(events, i + 1, "skip", seat) else ([shown], i + 1)
    if kind == "skip":
        return ["loses the turn"], i + 1
    if kind != "draw":
        return [], i
    end = _run(events, i, "draw", seat, reason=event["reason"])
    parts = [_drawn(events[i:end])]
    if event["reason"] == "sorting_hat":
        parts[0] += " for the Sorting Hat"
    elif event["reason"] == "penalty" and not (end < len(events) and events[end]["type"] == "hand_over"):
        parts.append("loses the turn")     # a card played at them (not one that ended the hand)
    return parts, end


def _cost(events: list[dict], i: int, reasons: tuple, words: _Words, lose_turn=False) -> tuple[str, int]:
    """What a catch or a challenge cost, if ``events[i]`` is that draw ("; Ben draws 2"), and the
    index after it."""
    if i < len(events) and events[i]["type"] == "draw" and events[i]["reason"] in reasons:
        parts = [_drawn([events[i]])] + (["loses the turn"] if lose_turn else [])
        return f"; {words.clause(events[i].get('seat'), *parts)}", i + 1
    return "", i


def chat_line(line: dict) -> dict:
    """A chat line as a log line ("Ann: hello", "Sam (watching): hi"): the log keeps both in order."""
    watching = " (watching)" if line.get("spectator") else ""
    return {"kind": "chat", "seat": line.get("seat"), "text": f"{line['name']}{watching}: {line['text']}"}


def narrate(events: list[dict], viewer: int | None, names: list[str]) -> list[dict]:
    """The log lines ({"kind", "seat", "text"}) for these events, in order (already redacted for
    ``viewer``; table events carry their own text, chat lines are told as said)."""
    words, lines, i = _Words(viewer, names), [], 0
    while i < len(events):
        event = events[i]
        if event["type"] == "chat":
            lines.append(chat_line(event))
            i += 1
            continue
        text, i = _tell(events, i, words)
        if text:
            if text.startswith(("you ", "someone ")):
                text = text[0].upper() + text[1:]
            lines.append({"kind": event["type"], "seat": event.get("seat"), "text": text})
    return lines


def _run(events: list[dict], i: int, kind: str, seat, **same) -> int:
    """The end of the run of ``kind`` events by ``seat`` starting at ``i`` (fields in ``same`` equal)."""
    while (i < len(events) and events[i]["type"] == kind and events[i].get("seat") == seat
           and all(events[i].get(k) == v for k, v in same.items())):
        i += 1
    return i


def _then(events: list[dict], i: int, kind: str | None, seat) -> bool:
    """``events[i]`` is one of ``kind`` (None: any) by ``seat``."""
    return i < len(events) and kind in (None, events[i]["type"]) and events[i].get("seat") == seat


def _tell(events: list[dict], i: int, words: _Words) -> tuple[str | None, int]:
    """The line told from ``events[i]`` on (None: no line) and the index of the next event not in it."""
    event, kind = events[i], events[i]["type"]
    seat = event.get("seat")
    if kind == "table":
        return event["text"], i + 1
    if kind in ("play", "jump_in", "discard", "shield"):
        return _played(events, i, words)
    if kind in ("draw", "skip", "reveal"):
        parts, end = _suffered(events, i)
        return words.clause(seat, *parts) + ".", end
    if kind == "accept":
        parts, end = _suffered(events, i + 1) if _then(events, i + 1, None, seat) else ([], i + 1)
        return words.clause(seat, "accepts", *parts) + ".", end
    if kind == "catch":
        target = words.who(event["target"])
        text = (words.clause(seat, f"catches {target} without UNO") if event["caught"]
                else words.clause(seat, f"tries to catch {target}") + ", who had said UNO")
        cost, end = _cost(events, i + 1, ("uno", "false_catch"), words)
        return text + cost + ".", end
    if kind == "challenge":
        text = words.clause(seat, f"challenges {words.who(event['target'])}")
        text += ": guilty" if event["guilty"] else ": innocent"
        if event.get("hand"):
            text += f" ({words.whose(event['target'])} hand: {_cards(event['hand'])})"
        cost, end = _cost(events, i + 1, ("challenge",), words, lose_turn=not event["guilty"])
        return text + cost + ".", end
    return _OTHER[kind](event, words) if kind in _OTHER else None, i + 1


def _played(events: list[dict], i: int, words: _Words) -> tuple[str, int]:
    """A card played (jumped in with, shielded with, or a run of Voldemort's discards), the colour
    it names, the direction a Reverse turns, and UNO said with it: one line."""
    event, kind = events[i], events[i]["type"]
    seat, end = event.get("seat"), i + 1
    if kind == "jump_in":
        parts = [f"jumps in with {card_name(event['card'])}"]
        if _then(events, end, "play", seat):
            end += 1
    elif kind == "discard":
        end = _run(events, i, "discard", seat)
        parts = [f"discards {_cards(e['card'] for e in events[i:end])} for Voldemort"]
    elif kind == "shield":
        parts = ["shields with Invisibility"]
    else:
        parts = [f"plays {card_name(event['card'])}"]
    color = events[end - 1].get("color")
    if color:
        parts.append(f"names {color}")
    if _then(events, end, "reverse", seat):
        way = "clockwise" if events[end]["direction"] == 1 else "counter-clockwise"
        parts.append(f"turns play {way}")
        end += 1
    if _then(events, end, "say_uno", seat):
        parts.append("says UNO")
        end += 1
    return words.clause(seat, *parts) + ".", end


_OTHER = {
    "deal": lambda e, w: w.clause(e["seat"], f"deals {_count(e['count'], 'card')} each") + ".",
    "dealer_draw": lambda e, w: "Cards drawn for the deal: " + ", ".join(
        f"{card_name(card)} for {w.who(seat)}" for seat, card in enumerate(e["cards"])) + "; the highest deals.",
    "match_over": lambda e, w: (w.clause(e["winners"][0], "wins the match") if len(e["winners"]) == 1 else
                                " and ".join(map(w.who, e["winners"])) + " win the match") + "!",
    "first_card": lambda e, w: f"The first card is {card_name(e['card'])}.",
    "returned": lambda e, w: f"The {card_name(e['card'])} goes back into the deck.",
    "keep": lambda e, w: w.clause(e["seat"], "keeps the card") + ".",
    "pass": lambda e, w: w.clause(e["seat"], "passes") + ": nothing to play or draw.",
    "color": lambda e, w: w.clause(e["seat"], f"names {e['color']} for the first card") + ".",
    "reverse": lambda e, w: "Play goes " + ("clockwise" if e["direction"] == 1 else "counter-clockwise") + " now.",
    "swap": lambda e, w: w.clause(e["seat"], f"swaps hands with {w.who(e['target'])}") + ".",
    "pass_hands": lambda e, w: f"Every hand passes one seat to the {'left' if e['direction'] == 1 else 'right'}.",
    "say_uno": lambda e, w: w.clause(e["seat"], "says UNO") + "!",
    "reshuffle": lambda e, w: f"The discard pile is shuffled into a new draw pile ({e['count']} cards).",
    "hand_over": lambda e, w: _hand_over(e, w),
    "multi_play": lambda e, w: w.clause(e["seat"], f"plays {_count(len(e['cards']), 'card')} of a number: "
                                                   f"{_cards(e['cards'])}") + ".",
    "deflect": lambda e, w: w.clause(e["seat"], f"deflects the draw of {e['draw']} to {w.who(e['target'])}") + ".",
    "eliminated": lambda e, w: w.clause(e["seat"], f"is out of the hand with {e['count']} cards (mercy)") + ".",
}


def _hand_over(event: dict, words: _Words) -> str:
    """Who won the hand, and why: went out, fewest points of a blocked hand, last left (mercy); with
    teams, which team."""
    seat, team = event["seat"], event.get("team")
    why = {"blocked": "The hand is blocked: ", "mercy": "Everyone else is out: "}.get(event.get("why", (
        "blocked" if event.get("blocked") else "out")), "")
    if team is None:
        return why + words.clause(seat, "wins the hand", f"scores {event['points']} points") + "."
    how = {"out": "goes out", "blocked": "holds the fewest points", "mercy": "is left"}[event.get("why", "out")]
    return f"{why}{TEAM_NAMES[team]} win the hand ({words.clause(seat, how)}) and score {event['points']} points."


def too_late(kind: str, by: str, move: str, target: str | None = None) -> str:
    """What a person is told of an out-of-turn press (``kind``) that came after the chance had gone:
    ``by`` (a name) made ``move`` first (on ``target``, a name, for a catch)."""
    if move == "catch":
        done = f"{by} caught {target} first"
    elif move == "jump_in":
        done = f"{by} jumped in first"
    elif move == "say_uno":
        done = f"{by} said UNO in time"
    elif move == "draw":
        done = f"{by} already drew"
    else:
        done = f"{by} already played"
    return f"Too late: {done}."
