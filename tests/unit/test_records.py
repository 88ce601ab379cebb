"""Match records: every move of a seeded match is written as it is played, and the record
replays through the engine alone to every recorded result; a cut-off record replays up to
where it stops, an edited one is refused."""
import asyncio
import copy
import json

import pytest

from tests.helpers.table import bot_seats, watch_until
from uno_tui.engine import make_rules
from uno_tui.history.record import Recorder, RecordError, read_record
from uno_tui.history.replay import replay
from uno_tui.history.text import as_text
from uno_tui.table import LocalChannel, Pacing, Table


async def recorded_match(tmp_path, rules, level="easy", seed=5, players=4):
    """A whole match of bots at a table that records it: the match as the table played it, and
    its record's path."""
    table = Table(rules, bot_seats(players, level), seed=seed, pacing=Pacing.instant(),
                  recorder=Recorder("solo", tmp_path))
    table.start()
    return await match_ended(table)


async def match_ended(table):
    """The table's match and record once the match is over (a table of bots starts the next
    match at once: it is caught as it ends)."""
    ended = asyncio.get_running_loop().create_future()

    def changed():
        if table.match.over and not ended.done():
            ended.set_result((table.match, table.recorder.path))
    table.on_change = changed
    changed()
    match, path = await asyncio.wait_for(ended, 120)
    table.close()
    return match, path


@pytest.mark.parametrize("rules", [
    make_rules("classic", match_target=200),
    make_rules("classic", match_target=200, jump_in=True, seven_zero=True, stack_draw_two=True, stack_draw_four=True),
    make_rules("hp2021"),
    make_rules("hp2010", match_target=150, draw_to_match=True, force_play=True),
], ids=["classic", "house", "hp2021", "hp2010"])
async def test_a_recorded_match_replays_to_every_result(tmp_path, rules):
    match, path = await recorded_match(tmp_path, rules)
    replayed = replay(read_record(path))
    assert [h.result for h in replayed.hands] == match.history
    assert replayed.over and replayed.match.winners == match.winners
    assert sum(len(h.moves) for h in replayed.hands) > 20 * len(replayed.hands) > 0
    header = read_record(path).header
    assert header["seats"] == [{"name": f"Bot {i}", "kind": "bot", "level": "easy"} for i in range(4)]


async def test_a_record_cut_off_mid_hand_replays_up_to_where_it_stops(tmp_path):
    match, path = await recorded_match(tmp_path, make_rules("classic", match_target=200))
    lines = path.read_text().splitlines(keepends=True)
    second = next(i for i, line in enumerate(lines) if json.loads(line).get("hand") == 2)
    cut = "".join(lines[:second + 6]) + lines[second + 6][:7]      # five moves in, the sixth half-written
    path.write_text(cut)
    replayed = replay(read_record(path))
    assert len(replayed.hands) == 2 and replayed.hands[0].result == match.history[0]
    assert replayed.hands[1].result is None and len(replayed.hands[1].moves) == 5


async def test_an_edited_record_is_refused_with_a_sentence(tmp_path):
    _, path = await recorded_match(tmp_path, make_rules("classic", match_target=200))
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    result = next(line for line in lines if "result" in line)
    result["result"]["winner"] = (result["result"]["winner"] + 1) % 4         # claim another winner
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    with pytest.raises(RecordError, match="does not replay: hand 1 was recorded as won by seat"):
        replay(read_record(path))


async def test_a_move_changed_in_a_record_is_refused(tmp_path):
    _, path = await recorded_match(tmp_path, make_rules("classic", match_target=200))
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    play = next(line for line in lines if line.get("action", {}).get("kind") == "play")
    play["seat"] = (play["seat"] + 1) % 4                  # the move made by someone out of turn
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    with pytest.raises(RecordError, match="the record does not replay: in hand 1, seat .*'s move was refused"):
        replay(read_record(path))


def test_a_record_with_absurd_rules_is_refused(tmp_path):
    rules = make_rules("classic").to_dict()
    rules["deck"] = {"W": 10 ** 7}
    path = tmp_path / "x.unorec"
    path.write_text(json.dumps({"format": 1, "rules": rules, "seats": [{"name": "A"}, {"name": "B"}],
                                "seed": 1, "dealer": None, "deck": None, "hand_size": 7}) + "\n")
    with pytest.raises(RecordError, match="the record is refused: its rules change the deck of the classic edition"):
        replay(read_record(path))


@pytest.mark.parametrize("text, reason", [("", "not a match record"), ("[1, 2]\n", "not a match record"),
                                          ('{"format": 9}\n', "format 9"), ("nonsense\n", "not JSON")])
def test_what_is_not_a_record_is_refused(tmp_path, text, reason):
    path = tmp_path / "bad.unorec"
    path.write_text(text)
    with pytest.raises(RecordError, match=reason):
        read_record(path)


async def test_a_resumed_table_carries_its_record_on_from_the_save(tmp_path):
    """Moves after the last save were lost with the crash: the record is cut back to the save,
    and the moves made after the resume follow, so the record replays."""
    rules = make_rules("classic", match_target=200)
    table = Table(rules, bot_seats(4, "easy"), seed=9, pacing=Pacing.instant(), recorder=Recorder("solo", tmp_path))
    table.start()
    watcher = LocalChannel(table, None)
    await watch_until(watcher, lambda m: table.moves > 40)
    saved = copy.deepcopy(table.to_state())            # as a save has it on disk
    await watch_until(watcher, lambda m: table.moves > 60)      # played on, then "crashed": these are lost
    table.close()
    resumed = Table.from_state(saved, Pacing.instant(), Recorder("solo", tmp_path))
    resumed.resume()
    match, path = await match_ended(resumed)
    replayed = replay(read_record(path))
    assert [h.result for h in replayed.hands] == match.history and replayed.over
    assert path == table.recorder.path


async def test_a_match_told_in_text_has_a_line_for_every_move_and_each_result(tmp_path):
    match, path = await recorded_match(tmp_path, make_rules("classic", match_target=200))
    played = replay(read_record(path))
    text = as_text(played)
    assert text.count("wins the hand for") == len(match.history)
    for result in match.history:
        assert f"Scores: {', '.join(f'Bot {i} {s}' for i, s in enumerate(result['scores']))}." in text
    plays = sum(m.action.kind == "play" for h in played.hands for m in h.moves)
    assert plays <= len([line for line in text.splitlines() if " plays " in line or " play " in line]) + 1
    assert text.rstrip().endswith(f"Bot {match.winners[0]} won.")
