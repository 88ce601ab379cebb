"""The policy the hard bot's play-outs use for every seat: the normal bot's (normal.py and base.py),
restated on the engine's own state so a move costs a few microseconds. Follow the colour held
most (higher cards first), keep wilds for need and name the colour held most, play a drawn card,
shield and stack when possible, never challenge, always say UNO, take the smallest hand with a 7."""
from ..engine import COLORS, Game
from ..engine.actions import Action
from ..engine.cards import CARD_OF, COLOR_OF, INVISIBILITY, KIND, POINTS, RANK_OF, REVERSE, SKIP

#: per card: its colour's index (-1 for a wild) and the normal bot's score past the colour count
_CARD = [(COLOR_OF[c], POINTS[c] / 100 - (10 if c >= 52 else 0)) for c in range(len(POINTS))]
#: what the play-out does when it plays no card, best first (challenge: never)
_FALLBACK = {"accept": -1000.0, "draw": -1000.0, "pass": -1000.0, "keep": -2000.0}
_CHOOSE = [Action("color", color=c) for c in COLORS]
#: cards that strike the next player (what a bot never plays at its partner when another will do)
_STRIKES = [KIND[c].skip or bool(KIND[c].draw_until) for c in range(len(POINTS))]
#: a play-out that runs this long (every hand stuck) is scored as nobody's win
LIMIT = 2000


def play_out(game: Game) -> int:
    """Play the hand to its end on the policy; the winner (-1 if it ran past LIMIT moves)."""
    for _ in range(LIMIT):
        if game.over:
            return game.winner
        seat = game.decider
        game.apply(seat, choose(game, seat))
    return -1


def _counts(hand) -> list[int]:
    counts = [0, 0, 0, 0]
    for c in hand:
        if c < 52:
            counts[c // 13] += 1
    return counts


def favourite(hand) -> int:
    """The colour held most (the first in COLORS on a tie)."""
    counts = _counts(hand)
    return counts.index(max(counts))


def choose(game: Game, seat: int) -> Action:
    acts = game.legal_actions(seat)
    if len(acts) == 1:
        return acts[0]
    phase, hand = game.phase, game.hands[seat]
    if phase == "color":
        return _CHOOSE[favourite(hand)]
    if phase == "swap":
        n, step = game.n, game.direction
        return min((a for a in acts if a.kind == "swap"),
                   key=lambda a: (len(game.hands[a.target]), (a.target - seat) * step % n))
    if phase == "discard":       # end on the colour held most (it is then the colour on top)
        discards = [a for a in acts if a.kind == "discard"]
        going = {CARD_OF[a.card] for a in discards}
        keep = favourite([c for c in hand if c not in going])
        return min(discards, key=lambda a: COLOR_OF[CARD_OF[a.card]] == keep)
    if phase == "more":          # multi_play: all of the number, the colour to end on last
        rank = RANK_OF[game.discard[-1]]
        keep = favourite([c for c in hand if RANK_OF[c] != rank] or hand)
        plays = [a for a in acts if a.kind == "play" and not a.uno]
        best = next((a for a in plays if COLOR_OF[CARD_OF[a.card]] != keep), plays[0])
        return _saying(best, acts, hand)
    counts = _counts(hand)
    best_colour = COLORS[counts.index(max(counts))]
    best, best_score = acts[-1], -1e9
    teams = game.rules.teams
    for a in acts:
        kind = a.kind
        if kind in ("play", "play_drawn", "shield"):
            if a.color is not None and a.color != best_colour:
                continue
            card = CARD_OF[a.card] if kind == "play" else game.drawn if kind == "play_drawn" else INVISIBILITY
            colour, extra = _CARD[card]
            score = (counts[colour] if colour >= 0 else 0) + extra
            if kind == "shield":
                score += 1000
            elif teams and kind == "play" and _at_partner(game, seat, card):
                if phase == "respond":
                    continue
                score -= 20
        else:
            score = _FALLBACK.get(kind)
            if score is None:
                continue
        if score > best_score:
            best, best_score = a, score
    return _saying(best, acts, hand)


def _saying(best: Action, acts: list, hand) -> Action:
    if len(hand) == 2 or best.card == "WV":      # saying UNO with it when offered (it leaves one card)
        said = best._replace(uno=True)
        return said if said in acts else best
    return best


def _at_partner(game: Game, seat: int, card: int) -> bool:
    """teams: would ``card`` strike a partner: in turn, the next player; deflecting a Draw Two, the
    seat a Skip passes it to or a Reverse sends it back to."""
    if game.phase == "respond":
        rank = RANK_OF[card]
        if rank not in (SKIP, REVERSE):
            return False
        target = game.next_seat(seat) if rank == SKIP else game.attack[1]
    elif not _STRIKES[card]:
        return False
    else:
        target = game.next_seat(seat)
    return game.side(target) == game.side(seat)
