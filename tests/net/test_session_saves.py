"""One lifecycle for a game run here, solo or hosted: what closing keeps (a match over, never),
and what a solo save must be to carry on (an earlier version's too). Real files in the test's own data folder."""
import asyncio
import msgpack
import pytest

from tests.helpers.network import LOOPBACK, TIMEOUT, eventually
from uno_tui.play.host.session import HostSession
from uno_tui.storage import autosave
from uno_tui.storage.places import game_path
from uno_tui.storage.settings import GameSettings
from uno_tui.table import Pacing


async def test_a_resumed_solo_game_moves_on_when_a_bot_is_to_move():
    from uno_tui.play.solo import resume_solo, start_solo
    session = start_solo(GameSettings(bots=["normal", "normal"]), seed=5, dealer=0, pacing=Pacing(bot_delay=60))
    assert session.table.game.decider == 1 and session.server is None      # solo: nothing listens
    await session.close(keep=False)                # a solo game is kept all the same
    resumed = resume_solo(Pacing.instant())
    try:
        assert await eventually(lambda: resumed.table.moves > 0, TIMEOUT)
    finally:
        await resumed.close()


@pytest.mark.parametrize("solo", [True, False])
async def test_a_match_played_out_leaves_no_save_whether_solo_or_hosted_kept(solo):
    """One lifecycle: a match that is over has nothing to carry on, even closed to keep it."""
    from uno_tui.play.solo import start_solo
    settings = GameSettings(bots=["easy"], match_mode="single")
    if solo:
        session = start_solo(settings, seed=3, pacing=Pacing.instant())
    else:
        session = HostSession(settings, players=2, seed=3, pacing=Pacing.instant())      # the host's screen waits
        await session.serve(LOOPBACK, 0)
        session.start()
    session.table.take_over(0, "easy")                     # a bot plays seat 0 out
    assert await eventually(lambda: session.table.match.over, TIMEOUT)
    await asyncio.sleep(autosave.SAVE_DELAY * 2)           # the finished match is on disk first
    path = game_path(session.kind)
    assert path.exists()
    await session.close(keep=True)
    assert not path.exists()


async def test_a_solo_game_saved_by_an_earlier_version_is_carried_on_at_its_seats():
    """Before solo ran on the host's session, its save held only the settings and the table."""
    from uno_tui.play.solo import resume_solo, start_solo
    session = start_solo(GameSettings(name="Zoe", bots=["easy", "hard"]), seed=5, pacing=Pacing(bot_delay=60))
    hand = session.table.game.hands[0]
    await session.close()
    path = game_path("solo")
    state = msgpack.unpackb(path.read_bytes(), strict_map_key=False)
    path.write_bytes(msgpack.packb({k: state[k] for k in ("game", "settings", "table")}))
    resumed = resume_solo(Pacing(bot_delay=60))
    try:
        assert [(s.name, s.kind, s.level) for s in resumed.seats] == [("Zoe", "host", "normal"), ("Ada", "bot", "easy"),
                                                                       ("Ben", "bot", "hard")]
        assert resumed.table.game.hands[0] == hand and resumed.table.seats[0].listener is not None
    finally:
        await resumed.close()


@pytest.mark.parametrize("solo", [True, False])
async def test_a_save_whose_own_seat_is_not_the_first_is_refused_and_kept(solo):
    from uno_tui.play.solo import resume_solo, start_solo
    settings = GameSettings(bots=["normal"])
    if solo:
        await start_solo(settings, seed=5, pacing=Pacing(bot_delay=60)).close()
    else:
        session = HostSession(settings, players=2, seed=5, pacing=Pacing(bot_delay=60))
        await session.serve(LOOPBACK, 0)
        session.start()
        await session.close()
    path = game_path("solo" if solo else "hosted")
    state = msgpack.unpackb(path.read_bytes(), strict_map_key=False)
    state["seats"][0]["kind"], state["seats"][1]["kind"] = state["seats"][1]["kind"], "host"
    state["table"]["seats"].reverse()                      # (so the table's seats match)
    path.write_bytes(msgpack.packb(state))
    before = path.read_bytes()
    with pytest.raises(autosave.SaveError, match="the host's own seat is not the first one"):
        resume_solo(Pacing.instant()) if solo else HostSession.resume(pacing=Pacing.instant())
    assert path.read_bytes() == before


async def test_a_solo_save_with_a_deck_of_ten_million_wilds_is_refused_and_kept():
    from uno_tui.play.solo import resume_solo, start_solo
    await start_solo(GameSettings(bots=["normal"]), seed=5, pacing=Pacing(bot_delay=60)).close()
    path = game_path("solo")
    state = msgpack.unpackb(path.read_bytes(), strict_map_key=False)
    state["table"]["rules"]["deck"] = {"W": 10 ** 7}
    path.write_bytes(msgpack.packb(state))
    before = path.read_bytes()
    with pytest.raises(autosave.SaveError, match="its rules change the deck of the classic edition"):
        resume_solo(Pacing.instant())
    assert path.read_bytes() == before
