"""What a seat may do now: the one statement of legality (apply accepts exactly these actions,
and the reasons for a refusal are read off the same tests), as functions of the game.

Actions are built once: legal-action lists hold these shared objects.
"""
from .actions import Action
from .cards import (CODES, COLOR_OF, COLORS, DRAW_TWO, INVISIBILITY, KIND, N_CARDS, RANK_OF, REVERSE, SKIP,
                    VOLDEMORT, WILD_DRAW_FOUR)

MIN_PLAYERS, MAX_PLAYERS = 2, 10         # seats at a table (protocol.limits passes them on)
#: the cards playable on each active colour and top card's rank, at [colour][rank] (a game keeps
#: the current one as ``_matching``). Matching is stated here and nowhere else.
MATCHING = [[frozenset(c for c in range(N_CARDS) if KIND[c].wild or COLOR_OF[c] == color or RANK_OF[c] == rank)
             for rank in range(N_CARDS)] for color in range(4)]
VOLDEMORT_CARDS = frozenset(c * 13 + r for c in range(4) for r in KIND[VOLDEMORT].discards)
#: the cards an Invisibility shields against (ranks; a wild's rank is its own id)
SHIELDABLE = frozenset(RANK_OF[c] for c in range(N_CARDS) if KIND[c].shieldable)
#: action and wild cards: what nobody may go out on under ``no_action_finish``
ACTION_CARDS = frozenset(c for c in range(N_CARDS) if KIND[c].action)


def _variants(kind: str, card: int, colored: bool, uno: bool) -> list[Action]:
    """Every way to play ``card``: one per colour for a wild, with or without UNO said."""
    code = CODES[card] if kind in ("play", "jump_in") else None
    colors = COLORS if colored else (None,)
    return [Action(kind, code, color, None, said) for said in ((False, True) if uno else (False,))
            for color in colors]


#: VARIANTS[kind, card, needs a colour, may say UNO]
VARIANTS = {(kind, card, colored, uno): _variants(kind, card, colored, uno)
            for kind in ("play", "play_drawn", "shield", "jump_in") for card in range(N_CARDS)
            for colored in (False, True) for uno in (False, True)}
PLAY = [VARIANTS["play", c, c >= 52, False] for c in range(N_CARDS)]
PLAY_SAYING = [VARIANTS["play", c, c >= 52, True] for c in range(N_CARDS)]
DISCARD = [Action("discard", code) for code in CODES]
CHOOSE = [Action("color", color=c) for c in COLORS]
CATCH = [Action("catch", target=s) for s in range(MAX_PLAYERS)]
SWAP = [Action("swap", target=s) for s in range(MAX_PLAYERS)]
DRAW, PASS, KEEP = Action("draw"), Action("pass"), Action("keep")
ACCEPT, CHALLENGE = Action("accept"), Action("challenge")
SAY_UNO = Action("say_uno")
STOP = Action("stop")


def plain_turns(rules) -> bool:
    """Are a turn's plays always every variant of each playable card (no Wild Draw Four to check,
    no Voldemort to count for, no last card to refuse)? Kept by the game, as its hottest test."""
    return not rules.strict_wild_draw_four and not rules.deck.get("WV") and not rules.no_action_finish


def refusal(game, hand, card: int) -> str | None:
    """Why a matching ``card`` in ``hand`` may still not be played (None: it may)."""
    rules = game.rules
    if card == WILD_DRAW_FOUR and rules.strict_wild_draw_four and wd4_illegal(game, hand, card):
        return "a Wild Draw Four is illegal while you hold " + (
            "a card of the active colour or another wild" if rules.wd4_wilds_count
            else "a card of the active colour")
    if rules.no_action_finish and len(hand) == 1 and card in ACTION_CARDS:
        return "you may not go out on an action or wild card (house rule): draw instead"
    return None


def wd4_illegal(game, hand, without: int = -1) -> bool:
    """Would a Wild Draw Four be illegal for this hand (the played card left out)?"""
    color, wilds = game.color, game.rules.wd4_wilds_count
    skipped = False
    for c in hand:
        if c == without and not skipped:
            skipped = True
            continue
        if COLOR_OF[c] == color or (wilds and c >= 52 and c != WILD_DRAW_FOUR):
            return True
    return False


def actions(game, seat: int) -> list[Action]:
    """Everything ``seat`` may do now, in turn or out of it.

    Out-of-turn actions come first; a declining option (draw, keep) is always last. The
    decider's list is kept until the state changes, so apply checks the very list its caller
    chose from; another seat's (a catch, an UNO call, a jump-in) is built when asked.
    """
    if seat != game.decider or seat < 0:     # the decider is -1 once the hand is over
        if game.over or not 0 <= seat < game.n or game.out[seat]:
            return []
        acts = _jump_ins(game, seat) if game._jumps and game.phase == "turn" else []
        return _out_of_turn(game, seat, acts)
    if game._legal is not None:
        return game._legal
    hand = game.hands[seat]
    if game.phase == "turn":      # the hottest case, inline
        playable = game._matching.intersection(hand)
        if game._plain:
            plays = PLAY_SAYING if len(hand) == 2 and game._uno else PLAY     # a play from two cards may say UNO
            acts = []
            for c in playable:
                acts += plays[c]
        else:
            acts = []
            refuses = game._refuses
            for c in playable:
                if not refuses or refusal(game, hand, c) is None:
                    acts += _ways(game, "play", c, hand)
        if game.draw_pile or len(game.discard) > 1:
            acts.append(DRAW)
        elif not acts:
            acts.append(PASS)
    else:
        acts = _decisions(game, seat, hand)
    if game.window >= 0 or len(hand) == 1:
        _out_of_turn(game, seat, acts)
    game._legal = acts
    return acts


def _out_of_turn(game, seat: int, acts: list[Action]) -> list[Action]:
    """Put first in ``acts`` what ``seat`` may do in or out of turn: catch, say UNO."""
    if len(game.hands[seat]) == 1 and not game.uno_said[seat] and game._uno:
        acts.insert(0, SAY_UNO)
    if game.window >= 0:
        for s in (*game.more_windows[::-1], game.window):     # the window's own catch comes first
            if s != seat:
                acts.insert(0, CATCH[s])
    return acts


def _jump_ins(game, seat: int) -> list[Action]:
    """``jump_in``: a card identical to the top card (never a wild), out of turn."""
    top, hand = game.discard[-1], game.hands[seat]
    if top >= 52 or top not in hand or refusal(game, hand, top) is not None:
        return []
    return list(VARIANTS["jump_in", top, False, len(hand) == 2 and game._uno])


def _decisions(game, seat: int, hand) -> list[Action]:
    """The decider's options in every phase but a turn (always a new list: out-of-turn ones go first)."""
    phase = game.phase
    if phase == "drawn":             # (moves.draw checked that the card may be played)
        card = game.drawn
        plays = _ways(game, "play_drawn", card, hand) if card == VOLDEMORT else VARIANTS[
            "play_drawn", card, card >= 52, len(hand) == 2 and game._uno]
        return plays + game._keep
    if phase == "respond":
        return _answers(game, hand)
    if phase == "color":
        return list(CHOOSE)
    if phase == "discard":
        return [DISCARD[c] for c in set(hand) if c in VOLDEMORT_CARDS]
    if phase == "more":              # multi_play: any other card of the number, any colour; or stop
        rank = RANK_OF[game.discard[-1]]
        acts = []
        for c in sorted(set(hand)):
            if RANK_OF[c] == rank:
                acts += _ways(game, "play", c, hand)
        return acts + [STOP]
    return [SWAP[s] for s in range(game.n) if s != seat and not game.out[s]]      # phase == "swap"


def _answers(game, hand) -> list[Action]:
    """The target's answers to the card played at them: accept, challenge, shield, stack."""
    card, rules = game.attack[0], game.rules
    acts = [ACCEPT]
    if card == WILD_DRAW_FOUR and not rules.strict_wild_draw_four:
        acts.append(CHALLENGE)
    if game.can_shield and RANK_OF[card] in SHIELDABLE and INVISIBILITY in hand and refusal(
            game, hand, INVISIBILITY) is None:
        acts += _ways(game, "shield", INVISIBILITY, hand)
    if game._stacking:
        for c in set(hand):
            if _stacks(rules, c, card) and refusal(game, hand, c) is None:
                acts += _ways(game, "play", c, hand)
    if game._deflect and RANK_OF[card] == DRAW_TWO:      # a Skip or Reverse of the Draw Two's colour
        color = COLOR_OF[card]
        for c in sorted(set(hand)):
            if COLOR_OF[c] == color and RANK_OF[c] in (SKIP, REVERSE) and refusal(game, hand, c) is None:
                acts += _ways(game, "play", c, hand)
    return acts


def _stacks(rules, card: int, attack: int) -> bool:
    """May ``card`` be stacked on the ``attack`` waiting for its target?"""
    if RANK_OF[attack] == DRAW_TWO:
        return (RANK_OF[card] == DRAW_TWO and rules.stack_draw_two) or (
            card == WILD_DRAW_FOUR and rules.stack_mixed)
    return attack == WILD_DRAW_FOUR and card == WILD_DRAW_FOUR and rules.stack_draw_four


def _ways(game, kind: str, card: int, hand) -> list[Action]:
    if card == VOLDEMORT:
        left = sum(1 for c in hand if c not in VOLDEMORT_CARDS) - 1
        return VARIANTS[kind, card, left == len(hand) - 1, left == 1 and game._uno]
    return VARIANTS[kind, card, card >= 52, len(hand) == 2 and game._uno]
