"""The moves that are not a card played: drawing, keeping, passing, naming the first colour,
saying UNO and catching. Functions of the game."""
from .cards import CODES, COLORS, POINTS
from .deal import first_effect
from .house import MERCY
from .legal import refusal
from .steps import begin, draw_cards, eliminate, event, finish, set_color


def draw(game, seat, action):
    """One card, or with ``draw_to_match`` until one can be played (a matching card the rules
    refuse, such as a strict Wild Draw Four held with the active colour, is drawn past); a card
    that can be played waits for play or keep (with ``force_play``: play), any other ends the turn."""
    game.passes = 0
    pile = game.draw_pile
    if pile and not game.rules.draw_to_match:     # one card off the pile: draw_cards, inline
        last = pile.pop()
        game.hands[seat].append(last)
        game.uno_said[seat] = False
        if game.record:
            game._events.append({"type": "draw", "seat": seat, "count": 1, "reason": "draw",
                                 "secret": {"cards": [CODES[last]]}, "to": (seat,)})
        if game._mercy and len(game.hands[seat]) >= MERCY:
            eliminate(game, seat)
            return
    else:
        if not pile and _going_round(game):
            _blocked(game, seat)
            return
        drawn = draw_cards(game, seat, 1, "draw")
        while (game.rules.draw_to_match and drawn and not _may_play(game, seat, drawn[-1]) and game.can_draw()
               and not game.out[seat]):
            drawn += draw_cards(game, seat, 1, "draw")
        if game.out[seat]:            # mercy: out of the hand (eliminate moved play on)
            return
        last = drawn[-1] if drawn else -1
    if last >= 0 and _may_play(game, seat, last):
        game.phase, game.drawn = "drawn", last
    else:
        nxt = (seat + game.direction) % game.n if not game.gone else game.next_seat(seat)
        game.phase = "turn"
        game.turn = game.decider = nxt
        game.drawn = -1


def _may_play(game, seat: int, card: int) -> bool:
    """May ``seat`` play the ``card`` it just drew: it matches, and no rule refuses it?"""
    return card in game._matching and (not game._refuses or refusal(game, game.hands[seat], card) is None)


def _going_round(game) -> bool:
    """The draw pile must be rebuilt for a turn's draw: has it been, a round of times in a row, with
    the same hands each time (whoever holds them: seven_zero passes them on)? Then nobody can play
    from their hand and the same few cards go round (say, every drawn card is played at once, as
    ``force_play`` wants): it would go on forever, so the hand is blocked (rule 4)."""
    hands = sorted(sorted(h) for h in game.hands)
    game.refills, game.stall = (game.refills + 1 if hands == game.stall else 0), hands
    return game.refills >= game.playing


def keep(game, seat, action):
    event(game, "keep", seat)
    begin(game, game.next_seat(seat))


def pass_turn(game, seat, action):
    event(game, "pass", seat)
    game.passes += 1
    if game.passes >= game.playing:
        _blocked(game, game.next_seat(seat))
    else:
        begin(game, game.next_seat(seat))


def _blocked(game, next_up: int):
    """Nobody could play or draw for a full round: fewest points in hand wins."""
    order = [game.next_seat(next_up, i) for i in range(game.playing)]
    points = {s: sum(POINTS[c] for c in game.hands[s]) for s in order}
    best = min(points.values())
    game.blocked = True
    finish(game, next(s for s in order if points[s] == best), "blocked")


def first_color(game, seat, action):
    """The colour of a wild turned up first (every other wild names it when played)."""
    set_color(game, COLORS.index(action.color))
    event(game, "color", seat, color=action.color)
    first_effect(game)


def say_uno(game, seat, action):
    game.uno_said[seat] = True
    event(game, "say_uno", seat)


def catch(game, seat, action):
    target = action.target
    left = [s for s in (game.window, *game.more_windows) if s != target]     # one catch per seat
    game.window, game.more_windows = (left[0], tuple(left[1:])) if left else (-1, ())
    caught = not game.uno_said[target]
    event(game, "catch", seat, target=target, caught=caught)
    if caught:
        draw_cards(game, target, game.rules.uno_penalty, "uno")
    elif game.rules.false_catch_penalty:
        draw_cards(game, seat, 2, "false_catch")
