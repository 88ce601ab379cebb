"""The in-game rules: the common rules, then what the edition being played changes.

The same decisions as docs/rules.md, shown where players need them: only the
special cards in the edition's deck, its Wild Draw Four rule, and the house
rules of the registry that are on.
"""
from uno_tui.engine import SWITCHES, make_rules
from uno_tui.engine.cards import KIND_OF

EDITIONS = {
    "classic": ("Classic UNO", "108 cards. A first Wild Draw Four goes back into the deck. By default: "
                "UNO penalty 4, first to 500."),
    "hp2021": ("UNO Harry Potter (2021)", "100 coloured cards, 8 Wild, 8 Wild Draw Four, 8 Wild Sorting Hat. The "
               "first card: non-number cards are passed over until a number shows. By default: "
               "UNO penalty 2, one hand decides."),
    "hp2018": ("UNO Harry Potter (2018)", "The 2021 deck. The first card's action applies; a Sorting Hat turned "
               "up first only lets the first player choose the colour (nobody draws). By default: "
               "UNO penalty 2, first to 500."),
    "hp2010": ("UNO Harry Potter (2010)", "Classic deck + 4 Wild Voldemort. A first Voldemort counts as a Wild. "
               "By default: UNO penalty 2, first to 500."),
    "hp2000": ("UNO Harry Potter (2000)", "Classic deck + 2 Wild Howler + 2 Wild Invisibility. A first Wild Draw "
               "Four, Howler or Invisibility goes back. By default: UNO penalty 2, first to 500."),
}


def edition_label(preset: str) -> str:
    """The edition's name and the special cards in its deck: "UNO Harry Potter (2000) — Howler, Invisibility"."""
    deck = make_rules(preset).deck
    specials = [KIND_OF[code].name.removeprefix("Wild ") for code in SPECIALS if deck.get(code)]
    return f"{EDITIONS[preset][0]} — {', '.join(specials) or 'no special cards'}"


def wd4_illegal_while(rules: dict | None, colour: str | None = None) -> str:
    """What a Wild Draw Four may not be played (or is guilty) while its player holds, per edition;
    ``colour``: the one that was active (else "the active colour")."""
    held = f"a {colour} card" if colour else "a card of the active colour"
    return held + (", or any other wild" if (rules or {}).get("wd4_wilds_count") else "")


SPECIALS = {
    "WSH": "- **Sorting Hat**: next player draws until a 1-4 of any colour, keeps them, and still plays.",
    "WH": "- **Howler**: next player's hand is shown to everyone else; they lose the turn.",
    "WI": "- **Invisibility**: a Wild in your turn; out of turn, a **shield** (press **s**) against a Skip, "
          "Draw Two,\n  Wild Draw Four, Howler or Sorting Hat played at you. Your shield counts as your turn.",
    "WV": "- **Voldemort**: discard every 2, 6 and 9 you hold, in your order; the last sets colour and number.",
}

#: what the help says of a house rule where its one line would leave how it plays unsaid (docs/rules.md)
DETAILS = {
    "teams": "seats alternate between Team A and Team B (at 4, partners sit opposite). A team wins the hand "
             "when either partner goes out, and scores the other team's cards (a partner's count nothing); both "
             "partners carry the team's score and the match is won by a team. You do not see your partner's "
             "hand, and may attack your partner. The letter before a name is its team",
    "multi_play": "on your turn, after a number card you may play more cards of that number, any colours, one "
                  "at a time (Enter); n plays no more. The last sets the colour; under 7-0 only the last 7 or 0 "
                  "acts. Not when jumping in, nor with a card just drawn",
    "deflect": "a Draw Two played at you may be answered with a Skip of its colour (the draw passes on to the "
               "next player) or a Reverse of its colour (play reverses, and the draw goes back to whoever sent "
               "it to you). The draw keeps its count, stacked cards too, and may be deflected again; never a "
               "Wild Draw Four",
    "mercy": "hold 25 cards or more and you are out of the hand: your cards go under the draw pile and play "
             "passes you by. The first to go out wins the hand, or the last player (or team) left",
    "uno_penalty": "with UNO penalty 0 nobody says UNO and nobody can be caught",
}

COMMON = """\
## Every hand
- **Match** the top card's colour, number or symbol; wilds always match and you name the colour.
- **Your turn**: play a card, or draw one. A drawn card that matches may be played at once (or kept).
  You may always draw instead of playing. When nothing is left to draw, play if you can, else pass.
- **Skip**: the next player loses a turn. **Reverse**: direction flips (with two players, a Skip).
  **Draw Two**: the next player draws 2 and loses the turn. No stacking unless a house rule says so.
- **Wild Draw Four** can be played anyway (a bluff), but is illegal while you hold {wd4}.
  Only its target may **challenge**: the hand is shown to them. Guilty: the player draws 4 and you play.
  Innocent: you draw 6 and lose the turn.
- **UNO**: say it with your second-to-last card (press **u**, then play), or while you hold one card.
  Not said? Anyone may **catch** you (press **c**) until the next player begins: you draw the penalty.
- **Going out** ends the hand; a last card that makes the next player draw still makes them draw.
- **Scoring**: numbers face value; Skip, Reverse, Draw Two 20; wilds 50.
- **Blocked** (nobody can play or draw for a full round): fewest points in hand wins.
"""

def answers(rules: dict) -> bool:
    """Can a card played at a player wait for their answer (a challenge, a shield, a stack or a
    deflect), as the engine's ``_attack`` decides?"""
    return bool(not rules["strict_wild_draw_four"] or rules["deck"].get("WI", 0) or stacks(rules))


def stacks(rules: dict) -> bool:
    return bool(rules["stack_draw_two"] or rules["stack_draw_four"] or rules["stack_mixed"] or rules["deflect"])


def keys_markdown(rules: dict | None) -> str:
    """The keys section: with ``rules``, only the keys those rules let do something (no j without
    jump-in, no u or c without UNO calls, no x without challenges...); without, every key."""
    # a view's rules come without the deck (its edition's): the edition's rules fill in what is missing
    r = {**make_rules(rules.get("preset") if rules.get("preset") in EDITIONS else "classic").to_dict(),
         **rules} if rules else None

    def allows(check) -> bool:
        return r is None or bool(check(r))
    keys = ["Arrows and Enter (or a click) play a card", "d draw",
            "p play the drawn card" if r and r["force_play"] else "p/k play or keep the drawn card"]
    keys += ["u UNO"] * allows(lambda r: r["uno_penalty"])
    keys.append("n pass (nothing to play or draw)" + (", or after a multi-play play no more"
                                                      if allows(lambda r: r["multi_play"]) else ""))
    keys += [key for key, check in (
        ("c catch", lambda r: r["uno_penalty"]), ("j jump in", lambda r: r["jump_in"]),
        ("a answer a card played at you", answers), ("x challenge", lambda r: not r["strict_wild_draw_four"]),
        ("s shield", lambda r: r["deck"].get("WI", 0)), ("h stack from your hand", stacks),
        ("1-9 whose hand your 7 swaps with", lambda r: r["seven_zero"])) if allows(check)]
    keys += ["t chat", "Ctrl+P every command", "Esc leave (asks first)"]
    return "\n## Keys\n" + " · ".join(keys) + "\n"


def help_markdown(rules: dict | None) -> str:
    preset = (rules or {}).get("preset", "classic")
    name, text = EDITIONS.get(preset, EDITIONS["classic"])
    lines = [f"# {name}", text, ""]
    if rules:
        on = [rule for rule in SWITCHES if rules.get(rule.name)]
        lines.append(f"**House rules**: {', '.join(r.label for r in on) or 'none'}. "
                     f"UNO penalty {rules['uno_penalty']}. "
                     f"Match: {rules['match_mode'].replace('_', ' ')}"
                     + (f" {rules['match_target']}." if rules["match_mode"] != "single" else "."))
        lines.append("")
        lines += [f"- **{rule.label.capitalize()}**: {DETAILS.get(rule.name, rule.description)}." for rule in on]
        if rules["uno_penalty"] == 0:
            lines.append(f"- **No UNO call**: {DETAILS['uno_penalty']}.")
        lines.append("")
    edition = make_rules(preset if preset in EDITIONS else "classic")     # (an unknown one shows classic)
    lines.append(COMMON.format(wd4=wd4_illegal_while(rules or edition.to_dict())))
    deck = edition.deck if preset in EDITIONS else {}
    specials = [line for code, line in SPECIALS.items() if deck.get(code)]
    if specials:
        lines += ["## Special cards", *specials]
    return "\n".join(lines) + keys_markdown(rules)
