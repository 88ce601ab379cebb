"""A joined seat's record: what the host sent that seat and nothing else, kept as it came; it
replays as it was seen, and the history counts the same figures from it as from the host's
record of the same match."""
import asyncio
import shutil

import pytest

from tests.helpers.privacy import assert_private
from tests.helpers.table import bot_seats
from uno_tui.bots import make_bot
from uno_tui.client.bot import BotClient
from uno_tui.engine import make_rules
from uno_tui.history.index import History
from uno_tui.history.record import Recorder, RecordError, read_record
from uno_tui.history.replay import replay
from uno_tui.history.seat_record import RecordingChannel, SeatRecorder, keep_hosts_record
from uno_tui.history.text import seat_text
from uno_tui.history.viewer import SeatReplayChannel
from uno_tui.table import LocalChannel, Pacing, Seat, Table


async def seat_recorded_match(tmp_path):
    """A first-to-150 match where seat 0 ("Ann", played by a normal bot over a channel, as a joined
    player's client would) keeps a seat record, and the table its own record."""
    rules = make_rules("classic", match_target=150, jump_in=True)
    seats = [Seat("Ann", "human"), *bot_seats(4, "normal")[1:]]
    table = Table(rules, seats, seed=11, pacing=Pacing.instant(), recorder=Recorder("hosted", tmp_path / "host"))
    recorder = SeatRecorder("127.0.0.1:7531", "Ann", tmp_path / "seat")
    ann = BotClient(RecordingChannel(LocalChannel(table, 0), recorder), make_bot("normal", seed=3), auto_ready=True)
    ended = {}

    def changed():                       # caught as it ends: once all are ready the next match begins
        if table.match.over and not ended:
            ended.update(match=table.match, path=table.recorder.path)
    table.on_change = changed
    table.start()
    await asyncio.wait_for(ann.play_until(lambda: ann.view is not None and ann.view["table"]["match"]["over"]), 120)
    table.close()
    ann.channel.close()
    return ended["match"], ended["path"], ann, recorder.path


async def test_a_seat_record_holds_what_the_seat_was_sent_and_replays_to_what_it_saw(tmp_path):
    match, _, ann, path = await seat_recorded_match(tmp_path)
    record = read_record(path)
    assert record.header["kind"] == "seat" and record.header["name"] == "Ann"
    messages = [line["got"] for line in record.lines]
    assert len(messages) > 50 and {m["type"] for m in messages} <= {"update", "snapshot", "chat"}
    for msg in messages:
        assert_private(msg, 0)
    played = SeatReplayChannel(record)
    played.end()
    while not played.queue.empty():
        shown = played.queue.get_nowait()
    assert shown["type"] == "snapshot"
    for key in ("hand", "counts", "top", "over", "winner"):
        assert shown["view"][key] == ann.view[key]
    assert shown["view"]["table"]["scores"] == list(match.scores)
    assert shown["view"]["legal"] == []                        # watched, not played
    assert "Ann" in seat_text(record) and " wins the hand" in seat_text(record)


async def test_the_history_counts_the_same_figures_from_a_seat_record_as_from_the_hosts(tmp_path):
    match, host_path, _, seat_path = await seat_recorded_match(tmp_path)
    both = tmp_path / "both"
    both.mkdir()
    shutil.copy(seat_path, both)
    shutil.copy(host_path, both)
    history = History(both, tmp_path / "history.sqlite")
    history.refresh()
    matches = {m.kind: m for m in history.matches()}
    assert set(matches) == {"seat", "hosted"}
    seat, hosted = matches["seat"], matches["hosted"]
    assert seat.players == hosted.players == ["Ann", "Bot 1", "Bot 2", "Bot 3"]
    assert (seat.winners, seat.scores, seat.hands, seat.over) == (hosted.winners, hosted.scores, hosted.hands, True)
    assert seat.hands == len(match.history) > 1

    def figures(match_id):
        return history.db.execute("SELECT name, won, hands, hands_won, points, challenges_won, catches FROM seats "
                                  "WHERE match = ? ORDER BY seat", (match_id,)).fetchall()
    assert figures(seat.id) == figures(hosted.id)
    assert sum(row[4] for row in figures(seat.id)) == sum(match.scores) > 0


async def test_the_host_sends_its_whole_record_once_the_match_is_over_and_not_before(tmp_path):
    table = Table(make_rules("classic", match_mode="single"), [Seat("Ann", "human"), *bot_seats(4, "normal")[1:]],
                  seed=12, pacing=Pacing.instant(), recorder=Recorder("hosted", tmp_path / "host"))
    recorder = SeatRecorder("127.0.0.1:7531", "Ann", tmp_path / "ann")
    channel = RecordingChannel(LocalChannel(table, 0), recorder)
    await channel.send({"type": "record", "id": 1})
    refused = await asyncio.wait_for(channel.recv(), 5)
    assert refused["type"] == "error" and "once the match is over" in refused["reason"]
    table.start()
    ann = BotClient(channel, make_bot("normal", seed=3))
    await asyncio.wait_for(ann.play_until(lambda: ann.view is not None and ann.view["table"]["match"]["over"]), 60)
    own = recorder.path
    assert own.exists()
    await ann.send({"type": "record"})
    offered = await asyncio.wait_for(next_record(ann), 10)
    assert offered["text"] == table.recorder.path.read_text()

    forged = {**offered, "text": offered["text"].replace('"points":', '"points":1', 1)}
    with pytest.raises(RecordError):
        keep_hosts_record(forged, recorder)                     # not kept, and one's own stays
    assert own.exists() and len(list((tmp_path / "ann").iterdir())) == 1

    kept = keep_hosts_record(offered, recorder)
    assert replay(read_record(kept)).match.history == table.match.history
    assert not own.exists() and list((tmp_path / "ann").iterdir()) == [kept]    # it took the seat record's place
    table.close()


async def next_record(ann) -> dict:
    while True:
        msg = await ann.step()
        if msg["type"] == "record":
            return msg
