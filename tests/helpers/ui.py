"""UI tests' set-ups and questions: apps on rigged or seeded tables, waiting (bounded) for a
condition, the game screen, its log, and my turn."""
from tests.helpers.records import fixed_record
from uno_tui.engine import make_rules, rigged_deck
from uno_tui.storage.settings import GameSettings
from uno_tui.table import LocalChannel, Pacing, Seat, Table
from uno_tui.ui.app import UnoApp
from uno_tui.ui.screens.game import GameScreen
from uno_tui.ui.screens.handover import HandOverScreen

FROZEN = Pacing(bot_delay=10_000, catch_delay={"easy": 10_000, "normal": 10_000, "hard": 10_000, "expert": 10_000},
                grace=10_000, hand_pause=10_000)


async def wait_for(pilot, cond, steps=1000):
    """Until ``cond()`` holds (bounded: 10 s), so a slow machine waits longer rather than fails."""
    for _ in range(steps):
        if cond():
            return True
        await pilot.pause(0.01)
    return cond()


def game_screen(app) -> GameScreen | None:
    """The game screen once its first view is in, wherever it is on the stack: a decision
    (a first wild's colour, a card played at you) can already be open over it."""
    return next((s for s in app.screen_stack if isinstance(s, GameScreen) and s.model.view), None)


async def my_turn(pilot, app) -> GameScreen:
    """The game screen, once the first view is in and it is my decision."""
    assert await wait_for(pilot, lambda: game_screen(app) and game_screen(app).model.my_decision())
    return game_screen(app)


async def go_out(pilot, app) -> None:
    """Play your card (a rigged one-card hand: Enter on it) and wait for the end-of-hand screen."""
    await my_turn(pilot, app)
    await pilot.press("enter")
    assert await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))


def rendered_lines(widget) -> list[str]:
    """The text of each row the widget draws now."""
    return [strip.text for strip in widget.render_lines(widget.size.region)]


def where_drawn(widget, text: str) -> tuple[int, int]:
    """Where ``text`` is first drawn on ``widget`` (its top row first): an offset to click, found
    as a player finds it, on the screen."""
    lines = rendered_lines(widget)
    for y, line in enumerate(lines):
        if text in line:
            return line.index(text), y
    raise AssertionError(f"{text!r} is not drawn:\n" + "\n".join(lines))


def logged(app, text: str) -> bool:
    return any(text in line.text for line in game_screen(app).model.log)


def seeded_app(bots=("normal", "normal", "normal"), seed=1, pacing=FROZEN, dealer=None, **settings) -> UnoApp:
    """A solo game where you play first (the dealer is the last seat), unless another seat deals."""
    return UnoApp(seed=seed, pacing=pacing, dealer=len(bots) if dealer is None else dealer,
                  autostart=GameSettings(bots=list(bots), **settings))


def rigged_app(hands, top, draw=(), preset="classic", dealer=None, pacing=None, levels=None, **house) -> UnoApp:
    """You at seat 0 against bots, dealt exactly these hands."""
    n = len(hands)
    dealer = n - 1 if dealer is None else dealer
    levels = levels or ["normal"] * (n - 1)

    def start():
        seats = [Seat("You", "human")] + [Seat(f"Bot{i}", "bot", lv) for i, lv in enumerate(levels, 1)]
        table = Table(make_rules(preset, **{"match_mode": "single", **house}), seats, seed=1,
                      pacing=pacing or Pacing.instant(), dealer=dealer)
        table.start(deck=rigged_deck(hands, top, list(draw), dealer), hand_size=len(hands[0]))
        return LocalChannel(table, 0)

    return UnoApp(autostart=start)


#: The main screens, set up exactly: (name, app factory, terminal size, keys to press).
#: Snapshot tests and scripts/screenshots.py both use these.
def _start():
    return UnoApp()


def _game(players: int):
    return lambda: seeded_app(bots=(("easy", "normal", "hard") * 3)[:players - 1], seed=4, match_mode="first_to")


def _colour():
    return rigged_app([["W", "G1", "R7", "B2", "Y9"], ["Y1", "Y2", "G3", "B4", "R8"]], "R5", ["B1"] * 5)


def _challenge():
    # Bot2 (just before you) starts, and a Wild Draw Four is all it can play on the Blue 5
    return rigged_app([["R1", "G1", "B7", "Y3"], ["B2", "B3", "Y8", "R4"], ["W+4", "Y2", "G6", "G7"]], "B5",
                      ["B1"] * 12, dealer=1)


def _history():
    from uno_tui.ui.screens.history import HistoryScreen
    fixed_record()
    return UnoApp(then=lambda app: app.push_screen(HistoryScreen()))


def _replay():
    from uno_tui.ui.screens.replay import open_replay
    path = fixed_record()
    return UnoApp(then=lambda app: open_replay(app, path))


def _big_hand():
    # more cards than a phone's row shows: the row scrolls sideways (◀ ▶ at its ends)
    return rigged_app([["R1", "R2", "G3", "B4", "Y5", "W", "R7", "G8", "B9", "Y1", "R+2", "GS", "W+4", "B2", "Y3"],
                       ["Y1"] * 15], "R5", ["B1"] * 5)


def _kept_hosts():
    """The Host screen with two kept games, their saves as a host writes them (what the list reads),
    their times fixed (noon and 9:30 on 3 Dec 2026, local time)."""
    import os
    import time

    import msgpack

    from uno_tui.storage.places import data_dir
    from uno_tui.ui.screens.hosted import SavedHostsScreen
    data_dir().mkdir(parents=True, exist_ok=True)
    for name, when, host, hands, seats in (
            ("hosted-game.msgpack", (2026, 12, 3, 12, 0), "Hana", 3, [("Hana", "host", "normal"), ("Jo", "human", "normal"),
                                                                      ("Ada", "bot", "hard")]),
            ("hosted-game-2026-12-03-093000.msgpack", (2026, 12, 3, 9, 30), "Hana", 1,
             [("Hana", "host", "normal"), ("Ben", "bot", "expert")])):
        path = data_dir() / name
        path.write_bytes(msgpack.packb({"game": name, "host_name": host, "seats": [
            {"name": n, "kind": k, "level": lv} for n, k, lv in seats], "table": {"match": {"history": [{}] * (hands - 1)}}}))
        stamp = time.mktime((*when, 0, 0, 0, -1))
        os.utime(path, (stamp, stamp))
    return UnoApp(then=lambda app: app.push_screen(SavedHostsScreen()))


def _match_over():
    return rigged_app([["R1"], ["G9"], ["Y+2"]], "R5", ["B1"] * 30)


#: the game at each size in both themes, each number of players in both themes (F2: light)
GAMES = [((80, 24), 4, "dark"), ((80, 24), 10, "light"), ((120, 40), 2, "dark"), ((120, 40), 4, "light"),
         ((160, 50), 10, "dark"), ((160, 50), 2, "light")]

SCREENS = [
    ("start", _start, (80, 24), []),
    ("setup", _start, (80, 24), ["down", "enter"]),
    *((f"game-{w}x{h}-{n}-players-{theme}", _game(n), (w, h), ["f2"] if theme == "light" else [])
      for (w, h), n, theme in GAMES),
    ("colour-picker", _colour, (80, 24), ["tab", "tab", "enter"]),
    # a phone upright (about 45x40), on its side (about 100x18), and the narrowest terminal
    ("phone-4-players", _game(4), (45, 40), []),
    ("phone-10-players-light", _game(10), (45, 40), ["f2"]),
    ("phone-colour-picker", _colour, (45, 40), ["tab", "tab", "enter"]),
    ("phone-hand-scrolled", _big_hand, (45, 40), ["end"]),
    ("phone-landscape-4-players", _game(4), (100, 18), []),
    ("narrowest-40x30", _game(4), (40, 30), []),
    ("challenge", _challenge, (80, 24), ["wait:300"]),
    ("match-over", _match_over, (100, 30), ["enter", "wait:300"]),
    ("history", _history, (100, 30), ["wait:300"]),
    ("kept-hosted-games", _kept_hosts, (80, 24), ["wait:300"]),
    ("replay", _replay, (100, 30), ["full_stop"] * 5 + ["wait:300"]),
]
