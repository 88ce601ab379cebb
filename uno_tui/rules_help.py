"""The in-game rules: the common rules, then what the edition being played changes.

The same decisions as docs/rules.md, shown where players need them: only the
special cards in the edition's deck, its Wild Draw Four rule, and the house
rules of the registry that are on.
"""
from .engine import SWITCHES, make_rules
from .engine.cards import KIND_OF

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

KEYS = """
## Keys
Arrows and Enter (or a click) play a card · d draw · p/k play or keep the drawn card · u UNO ·
c catch · j jump in · a answer a card played at you · x challenge · s shield · h stack from your hand ·
t chat · Ctrl+P every command · Esc leave (asks first)
"""


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
        lines += [f"- **{rule.label.capitalize()}**: {rule.description}." for rule in on]
        lines.append("")
    edition = make_rules(preset if preset in EDITIONS else "classic")     # (an unknown one shows classic)
    lines.append(COMMON.format(wd4=wd4_illegal_while(rules or edition.to_dict())))
    deck = edition.deck if preset in EDITIONS else {}
    specials = [line for code, line in SPECIALS.items() if deck.get(code)]
    if specials:
        lines += ["## Special cards", *specials]
    return "\n".join(lines) + KEYS
