"""Replays and the history as a player uses them: keys step a recorded match on and back, jump
hands and change seats, and the table on screen is the engine's at that move; the history lists
the match, filters, and opens its replay."""
import contextlib

from textual.widgets import DataTable

from tests.helpers.ui import wait_for
from tests.unit.test_records import recorded_match
from uno_tui.engine import Match, make_rules, seat_view
from uno_tui.history.record import read_record, records_dir
from uno_tui.history.replay import replay
from uno_tui.protocol.limits import MAX_PLAYERS, MIN_PLAYERS
from uno_tui.ui.app import UnoApp
from uno_tui.ui.screens.history import HistoryScreen
from uno_tui.ui.screens.replay import HandsFaceUp, ReplayScreen, open_replay


def engine_at(path, hand: int, moves: int):
    """The game of ``path``'s match at hand ``hand`` (from 1) after ``moves`` of its moves, by the engine alone."""
    record = read_record(path)
    header = record.header
    match = Match(make_rules(**{"preset": "classic", "match_target": 200}), 4, seed=header["seed"],
                  dealer=header["dealer"])
    played = replay(record)
    for h in played.hands[:hand - 1]:
        game = match.start_hand()
        for move in h.moves:
            game.apply(move.seat, move.action)
        match.record_hand()
    game = match.start_hand()
    for move in played.hands[hand - 1].moves[:moves]:
        game.apply(move.seat, move.action)
    return game


def replay_screen(app) -> ReplayScreen | None:
    screen = app.screen
    return screen if isinstance(screen, ReplayScreen) and screen.model.view else None


@contextlib.asynccontextmanager
async def replaying(path):
    """The app opened on the replay of the record at ``path``: (app, pilot, its screen)."""
    app = UnoApp(then=lambda app: open_replay(app, path))
    async with app.run_test(size=(100, 30)) as pilot:
        assert await wait_for(pilot, lambda: replay_screen(app))
        yield app, pilot, replay_screen(app)


async def test_keys_step_a_replay_on_and_back_and_the_table_is_the_engines(tmp_path):
    _, path = await recorded_match(records_dir(), make_rules("classic", match_target=200))
    async with replaying(path) as (app, pilot, screen):
        await pilot.press("full_stop", "full_stop", "full_stop")
        assert await wait_for(pilot, lambda: screen.channel.position == (1, 3))
        assert await wait_for(pilot, lambda: screen.model.view.hand == seat_view(engine_at(path, 1, 3), 0)["hand"])
        assert "move 3 of" in screen.status[0]
        await pilot.press("comma")
        assert await wait_for(pilot, lambda: screen.model.view.counts == seat_view(engine_at(path, 1, 2), 0)["counts"])
        assert screen.channel.position == (1, 2)
        await pilot.press("n")
        assert await wait_for(pilot, lambda: screen.model.view.table.hand_no == 2)
        assert screen.model.view.hand == seat_view(engine_at(path, 2, 0), 0)["hand"]
        await pilot.press("v")
        assert await wait_for(pilot, lambda: screen.model.view.seat == 1)
        assert screen.model.view.hand == seat_view(engine_at(path, 2, 0), 1)["hand"]
        assert screen.model.legal == []                 # watched, not played: no move is offered
        await pilot.press("d")                          # (and a key that would draw draws nothing)
        await pilot.pause(0.2)
        assert screen.channel.position == (2, 0)
        await pilot.press("f")                          # the match is over: every hand face up
        assert await wait_for(pilot, lambda: isinstance(app.screen, HandsFaceUp))
        assert [hand for _, hand in app.screen.hands] == [seat_view(engine_at(path, 2, 0), s)["hand"] for s in range(4)]


async def test_playing_on_by_itself_reaches_the_end_of_the_record(tmp_path):
    _, path = await recorded_match(records_dir(), make_rules("classic", match_target=200))
    async with replaying(path) as (app, pilot, screen):
        for _ in range(len(screen.channel.played.hands)):
            await pilot.press("n")                      # hand after hand, then (past the last deal) its end
        assert await wait_for(pilot, lambda: screen.channel.at_end)
        await pilot.press("comma", "comma", "comma")
        assert await wait_for(pilot, lambda: not screen.channel.at_end)
        await pilot.press("p", "plus", "plus")          # 4 moves a second
        assert await wait_for(pilot, lambda: screen.channel.at_end, steps=3000)
        assert "the end of the record" in screen.status[0]


async def test_the_history_lists_filters_and_opens_a_replay(tmp_path):
    await recorded_match(records_dir(), make_rules("classic", match_target=200))
    app = UnoApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.click("#history")
        assert await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        table = app.screen.query_one(DataTable)
        assert await wait_for(pilot, lambda: table.row_count == 1)
        assert "Bot" in str(table.get_row_at(0)[2])
        await pilot.click("#history-player")
        await pilot.press(*"Nobody")
        assert await wait_for(pilot, lambda: table.row_count == 0)
        assert "No match fits" in str(app.screen.query_one("#history-stats").render())
        await pilot.press(*["backspace"] * 6)
        assert await wait_for(pilot, lambda: table.row_count == 1)
        table.focus()
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: replay_screen(app))
        await pilot.press("escape")
        assert await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))


async def test_a_record_that_does_not_replay_says_why_and_opens_nothing(tmp_path):
    bad = tmp_path / "bad.unorec"
    bad.write_text('{"format": 1, "rules": {}, "seats": [], "seed": 1, "hand_size": 7}\n')
    said = []
    app = UnoApp(then=lambda app: open_replay(app, bad))
    app.notify = lambda message, **_: said.append(message)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.3)
        assert not isinstance(app.screen, ReplayScreen)
        assert said == [f"the record's match cannot be set up: UNO is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not 0"]


async def test_a_joined_seats_record_steps_on_and_back_as_it_was_seen(tmp_path):
    from tests.unit.test_seat_records import seat_recorded_match
    _, _, _, path = await seat_recorded_match(tmp_path)
    messages = [line["got"] for line in read_record(path).lines]
    async with replaying(path) as (app, pilot, screen):
        assert "message 1 of" in screen.status[0] and "from Ann's seat" in screen.status[0]
        assert screen.model.view.hand == messages[0]["view"]["hand"]
        await pilot.press("full_stop", "full_stop")
        assert await wait_for(pilot, lambda: "message 3 of" in screen.status[0])
        await pilot.press("n")                                   # the next hand, as it was dealt to Ann
        assert await wait_for(pilot, lambda: screen.model.view.table.hand_no == 2)
        dealt = next(m for m in messages if m.get("view", {}).get("table", {}).get("hand_no") == 2)
        assert screen.model.view.hand == dealt["view"]["hand"] and screen.model.legal == []
        await pilot.press("comma")
        assert await wait_for(pilot, lambda: screen.model.view.table.hand_no == 1)
        await pilot.press("v", "f")                              # only Ann's cards were ever sent: no other seat
        await pilot.pause(0.2)
        assert app.screen is screen and screen.model.view.seat == 0


async def test_a_joiner_keeps_the_hosts_record_with_h_once_the_match_is_over(tmp_path):
    from tests.helpers.table import bot_seats
    from uno_tui.bots import make_bot
    from uno_tui.client.bot import BotClient
    from uno_tui.history.record import Recorder
    from uno_tui.history.seat_record import RecordingChannel, SeatRecorder
    from uno_tui.table import LocalChannel, Pacing, Seat, Table
    from uno_tui.ui.screens.handover import HandOverScreen
    table = Table(make_rules("classic", match_mode="single"), [Seat("Ann", "human"), *bot_seats(4, "normal")[1:]],
                  seed=12, pacing=Pacing.instant(), recorder=Recorder("hosted", tmp_path / "host"))
    table.start()
    ann = BotClient(LocalChannel(table, 0), make_bot("normal", seed=3))
    await ann.play_until(lambda: ann.view is not None and ann.view["table"]["match"]["over"])
    ann.channel.close()
    recorder = SeatRecorder("127.0.0.1:7531", "Ann")               # Ann's screen takes the seat back
    app = UnoApp(then=lambda app: app.open_game(RecordingChannel(LocalChannel(table, 0), recorder), kind="join"))
    async with app.run_test(size=(100, 30)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        own = recorder.path
        assert own is not None and own.exists()
        await pilot.press("h")
        assert await wait_for(pilot, lambda: not own.exists())
        kept = [p for p in records_dir().iterdir()]
        assert len(kept) == 1 and replay(read_record(kept[0])).match.history == table.match.history
    table.close()
