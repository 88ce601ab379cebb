"""The in-game rules: the common rules, then what the edition being played changes.

The same decisions as docs/rules.md, shown where players need them.
"""
EDITIONS = {
    "classic": ("Classic UNO", "108 cards. A first Wild Draw Four goes back into the deck. UNO penalty 4. "
                "A Wild Draw Four is illegal while you hold a card of the active colour. Match: first to 500."),
    "hp2021": ("UNO Harry Potter (2021)", "100 coloured cards, 8 Wild, 8 Wild Draw Four, 8 Wild Sorting Hat. The "
               "first card: non-number cards are passed over until a number shows. UNO penalty 2. A Wild Draw "
               "Four is also illegal while you hold any other wild. One hand decides."),
    "hp2018": ("UNO Harry Potter (2018)", "The 2021 deck. The first card's action applies; a Sorting Hat turned "
               "up first lets the first player choose the colour (then draw). UNO penalty 2. Held wilds make a "
               "Wild Draw Four illegal. Match: first to 500."),
    "hp2010": ("UNO Harry Potter (2010)", "Classic deck + 4 Wild Voldemort. A first Voldemort counts as a Wild. "
               "UNO penalty 2. Held wilds make a Wild Draw Four illegal. Match: first to 500."),
    "hp2000": ("UNO Harry Potter (2000)", "Classic deck + 2 Wild Howler + 2 Wild Invisibility. A first Wild Draw "
               "Four, Howler or Invisibility goes back. UNO penalty 2. Held wilds make a Wild Draw Four illegal. "
               "Match: first to 500."),
}

COMMON = """\
## Every hand
- **Match** the top card's colour, number or symbol; wilds always match and you name the colour.
- **Your turn**: play a card, or draw one. A drawn card that matches may be played at once (or kept).
  You may always draw instead of playing. When nothing is left to draw, play if you can, else pass.
- **Skip**: the next player loses a turn. **Reverse**: direction flips (with two players, a Skip).
  **Draw Two**: the next player draws 2 and loses the turn. No stacking unless a house rule says so.
- **Wild Draw Four** can be played anyway (a bluff). Only its target may **challenge**: the hand is shown
  to them. Guilty: the player draws 4 and you play. Innocent: you draw 6 and lose the turn.
- **UNO**: say it with your second-to-last card (press **u**, then play), or while you hold one card.
  Not said? Anyone may **catch** you (press **c**) until the next player begins: you draw the penalty.
- **Going out** ends the hand; a last Draw Two / Wild Draw Four / Sorting Hat still makes the next player draw.
- **Scoring**: numbers face value; Skip, Reverse, Draw Two 20; wilds 50.
- **Blocked** (nobody can play or draw for a full round): fewest points in hand wins.

## Special cards
- **Sorting Hat**: next player draws until a 1-4 of any colour, keeps them, and still plays.
- **Howler**: next player's hand is shown to everyone else; they lose the turn.
- **Invisibility**: a Wild in your turn; out of turn, a **shield** (press **s**) against a Skip, Draw Two,
  Wild Draw Four, Howler or Sorting Hat played at you. Your shield counts as your turn.
- **Voldemort**: discard every 2, 6 and 9 you hold, in your order; the last sets colour and number.

## Keys
Arrows and Enter (or a click) play a card · d draw · p/k play or keep the drawn card · u UNO ·
c catch · a answer a card played at you · x challenge · s shield · t chat · Ctrl+P commands · Esc menu
"""

HOUSE = {
    "stack_draw_two": "Draw Twos stack", "stack_draw_four": "Wild Draw Fours stack",
    "draw_until_playable": "draw until you can play", "strict_wild_draw_four": "no illegal Wild Draw Four",
    "false_catch_penalty": "a wrong catch costs 2", "sorting_hat_skips": "the Sorting Hat also skips",
}


def help_markdown(rules: dict | None) -> str:
    preset = (rules or {}).get("preset", "classic")
    name, text = EDITIONS.get(preset, EDITIONS["classic"])
    lines = [f"# {name}", text, ""]
    if rules:
        on = [label for key, label in HOUSE.items() if rules.get(key)]
        lines.append(f"**House rules**: {', '.join(on) if on else 'none'}. UNO penalty {rules['uno_penalty']}. "
                     f"Match: {rules['match_mode'].replace('_', ' ')}"
                     + (f" {rules['match_target']}." if rules["match_mode"] != "single" else "."))
        lines.append("")
    return "\n".join(lines) + COMMON
