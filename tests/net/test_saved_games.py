"""Saved games keep secrets and never betray: private files written whole, checked as they
load (a damaged or edited one is refused with one sentence and left in place), a new host
sets an unfinished game aside, and a resumed host takes the password it is given now."""
import asyncio
import os
import stat

import msgpack
import pytest

from tests.helpers.network import LOOPBACK, TIMEOUT, eventually, first_answer, join
from uno_tui import cli
from uno_tui.cli.parser import build_parser, read_password
from uno_tui.play.address import PASSWORD_ENV
from uno_tui.play.host.session import HostSession
from uno_tui.play.join import JoinError
from uno_tui.protocol.limits import MAX_PASSWORD
from uno_tui.storage import autosave, savefile
from uno_tui.storage.places import data_dir, game_path
from uno_tui.storage.settings import GameSettings
from uno_tui.table import Pacing, fanout


def hello(name: str, **extra) -> dict:
    return {"type": "hello", "version": 2, "nonce": "0" * 32, "name": name, **extra}


async def answer_to(port: int, msg: dict) -> dict:
    answer, writer = await first_answer(port, msg)
    writer.close()
    return answer


async def saved_host(password=None) -> HostSession:
    """A headless host with a game started and saved to disk, then closed."""
    session = HostSession(GameSettings(bots=["normal"]), players=2, headless=True, seed=4, password=password,
                          pacing=Pacing(bot_delay=60))
    await session.serve(LOOPBACK, 0)
    session.start()
    await session.close()
    return session


def edit_save(change) -> None:
    path = game_path("hosted")
    state = msgpack.unpackb(path.read_bytes(), strict_map_key=False)
    change(state)
    path.write_bytes(msgpack.packb(state))


async def test_saves_are_private_and_synced_before_they_replace_the_last(monkeypatch):
    synced = []
    real_fsync = os.fsync
    monkeypatch.setattr(savefile.os, "fsync", lambda fd: synced.append(fd) or real_fsync(fd))
    data_dir().mkdir(mode=0o755, parents=True)
    await saved_host(password="secret")
    for path in (game_path("hosted"), autosave.log_path("hosted")):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(data_dir().stat().st_mode) == 0o700
    assert len(synced) >= 2


@pytest.mark.parametrize("damage, why", [
    (lambda path: path.write_bytes(path.read_bytes()[:200]), "damaged or not a saved game"),
    (lambda path: path.write_bytes(b"\x00garbage" * 10), "damaged or not a saved game"),
    (lambda path: edit_save(lambda s: s["table"]["match"]["game"]["hands"][0].append(99)), "does not exist"),
    (lambda path: edit_save(lambda s: s["table"]["match"]["game"]["hands"][1].pop()), "cards are in play"),
    (lambda path: edit_save(lambda s: s["seats"][0].update(token=12)), "seats must be a list of saved seat"),
    (lambda path: edit_save(lambda s: s["table"].update(version="x")), "version must be a whole number"),
    (lambda path: edit_save(lambda s: s["table"]["match"]["game"].update(phase="dance")), "a phase"),
    (lambda path: edit_save(lambda s: s["seats"][1].update(kind="human")), "do not match its table"),
    # issue 37: absurd rule values are held to a new game's checks (the deck is dealt at the next hand)
    (lambda path: edit_save(lambda s: s["table"]["rules"].update(deck={"W": 10 ** 7})), "change the deck"),
    (lambda path: edit_save(lambda s: s["table"]["rules"].update(uno_penalty=10 ** 9)), "uno_penalty must be 0, 2 or 4"),
    (lambda path: edit_save(lambda s: s["table"]["rules"].update(match_target=-5)), "match_target must be"),
    (lambda path: edit_save(lambda s: s["table"]["rules"].update(preset="mine")), "is not one this version has"),
    (lambda path: edit_save(lambda s: s["settings"].update(bots=["normal"] * 500)), "settings are not ones"),
], ids=["truncated", "garbage", "an impossible card", "a lost card", "a bad token", "a bad version",
        "a bad phase", "a seat that is not the table's", "a deck of 10^7 Wilds", "an absurd penalty",
        "a negative target", "an unknown edition", "500 bots in the settings"])
async def test_a_bad_save_is_refused_in_one_sentence_and_left_in_place(damage, why):
    await saved_host()
    damage(game_path("hosted"))
    before = game_path("hosted").read_bytes()
    with pytest.raises(autosave.SaveError) as refused:
        HostSession.resume()
    message = str(refused.value)
    assert str(game_path("hosted")) in message and why in message and "\n" not in message
    assert game_path("hosted").read_bytes() == before


def test_a_bad_save_makes_host_resume_exit_with_the_sentence_not_a_traceback(capsys):
    asyncio.run(saved_host())
    game_path("hosted").write_bytes(b"not msgpack at all")
    assert cli.main(["host", "--headless", "--resume", "--bind", LOOPBACK, "--port", "0"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("uno-tui: The saved game") and "Traceback" not in err


@pytest.mark.parametrize("log", [
    None, b"\xc1", {"log": 5}, {"log": [[{"type": "table", "text": "hi"}, 7]]},
    {"log": [[{"type": "play"}, 0]], "log_names": [["Ann", "Bob"]]}, {"log": [], "log_names": "Ann"},
], ids=["missing", "garbage", "another shape", "names no one", "an event that cannot be told", "names not a list"])
async def test_a_missing_or_bad_log_only_costs_the_log(log):
    await saved_host()
    path = autosave.log_path("hosted")
    if log is None:
        path.unlink()
    elif isinstance(log, bytes):
        path.write_bytes(log)
    else:
        game = msgpack.unpackb(game_path("hosted").read_bytes(), strict_map_key=False)["game"]
        path.write_bytes(msgpack.packb({"game": game, **log}))
    session = HostSession.resume()
    assert session.table.game is not None and list(session.table.log) == []
    port = await session.serve(LOOPBACK, 0)                   # and players get their snapshots
    try:
        assert (await answer_to(port, hello("Eve", spectate=True)))["type"] == "welcome"
    finally:
        await session.close()


async def test_a_new_host_sets_the_unfinished_game_aside_when_it_starts_and_says_so():
    await saved_host()
    before = game_path("hosted").read_bytes()
    session = HostSession(GameSettings(bots=["normal"]), players=2, headless=True, pacing=Pacing(bot_delay=60))
    await session.serve(LOOPBACK, 0)
    assert "starting this one keeps it" in session.notes()[0]
    await session.close()
    assert game_path("hosted").read_bytes() == before        # a lobby opened and left changes nothing
    session = HostSession(GameSettings(bots=["normal"]), players=2, headless=True, pacing=Pacing(bot_delay=60))
    await session.serve(LOOPBACK, 0)
    session.start()
    await session.close()
    (kept,) = game_path("hosted").parent.glob("hosted-game-2*[0-9].msgpack")
    assert kept.read_bytes() == before and stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert game_path("hosted").read_bytes() != before         # the new game's own save
    assert str(kept) in session.notes()[0]


async def test_a_resumed_game_moves_on_when_a_bot_is_to_move():
    """A restored table replans every bot once its seats are attached: the one to move, moves."""
    session = HostSession(GameSettings(bots=["normal", "normal"]), players=3, headless=True, seed=5, dealer=0,
                          pacing=Pacing(bot_delay=60))
    await session.serve(LOOPBACK, 0)
    session.start()                          # seat 1, a bot, is to move (and thinks for a minute)
    await session.close()
    resumed = HostSession.resume(pacing=Pacing.instant())
    assert resumed.table.game.decider == 1 and resumed.seats[1].kind == "bot"
    await resumed.serve(LOOPBACK, 0)
    try:
        assert await eventually(lambda: resumed.table.moves > 0, TIMEOUT)
    finally:
        await resumed.close()


async def test_resume_takes_the_password_given_now_else_the_saved_one():
    for given, takes, note in (("new", "new", "the password given now"), (None, "old", "the saved game's password")):
        await saved_host(password="old")
        session = HostSession.resume(password=given)
        port = await session.serve(LOOPBACK, 0)
        try:
            wrong = "old" if given else "new"
            with pytest.raises(JoinError, match="wrong password"):
                await join(port, "Eve", password=wrong, spectate=True)
            (await join(port, "Eve", password=takes, spectate=True)).close()
            assert note in session.notes()[0]
        finally:
            await session.close()


def test_the_password_can_come_from_a_file_or_the_environment(tmp_path, monkeypatch):
    parser = build_parser()
    secret = tmp_path / "pw"
    secret.write_text("open sesame\nignored\n")
    args = parser.parse_args(["host", "--password-file", str(secret)])
    assert read_password(parser, args) == "open sesame"
    monkeypatch.setenv(PASSWORD_ENV, "from env")
    assert read_password(parser, parser.parse_args(["join", "h"])) == "from env"
    assert read_password(parser, parser.parse_args(["join", "h", "--password", "typed"])) == "typed"
    for bad in (["host", "--password-file", str(tmp_path / "none")], ["join", "h", "--password", "x" * (MAX_PASSWORD + 1)]):
        with pytest.raises(SystemExit):
            read_password(parser, parser.parse_args(bad))
    with pytest.raises(SystemExit):                          # one or the other, not both
        parser.parse_args(["host", "--password", "a", "--password-file", str(secret)])


async def test_a_command_resent_after_a_resume_applies_once():
    session = HostSession(GameSettings(bots=["normal"]), players=2, headless=True, seed=4,
                          pacing=Pacing(bot_delay=60))
    await session.serve(LOOPBACK, 0)
    session.start()
    table = session.table
    table.seats[0].kind = "human"            # a player's seat (taken by nobody yet)
    listener = table.connect(0, lambda msg: None)
    table.handle(listener, {"type": "chat", "id": 41, "text": "hello"})
    state = table.to_state()
    await session.close()
    again = type(table).from_state(state)
    listener = again.connect(0, lambda msg: None)
    again.handle(listener, {"type": "chat", "id": 41, "text": "hello"})
    assert [line["text"] for line in again.chat] == ["hello"]
    again.close()


async def test_a_version_sent_as_text_is_named_as_text():
    session = HostSession(GameSettings(bots=["normal"]), players=2, headless=True)
    port = await session.serve(LOOPBACK, 0)
    try:
        reason = (await answer_to(port, {**hello("Eve"), "version": "1"}))["reason"]
        assert "you speak '1'" in reason
    finally:
        await session.close()


async def test_a_resumed_table_tells_its_log_once_for_the_check_and_the_first_snapshots(monkeypatch):
    session = HostSession(GameSettings(bots=["normal"]), players=2, headless=True, seed=4,
                          pacing=Pacing(bot_delay=60))
    await session.serve(LOOPBACK, 0)
    session.start()
    table = session.table
    state = {**table.to_state(), **table.log_state()}
    await session.close()
    told = []
    real = fanout.narrate
    monkeypatch.setattr(fanout, "narrate", lambda *args: told.append(args[1]) or real(*args))
    again = type(table).from_state(state)
    checked = len(told)
    assert checked and len(again.log) > 0
    got = []
    for seat in [i for i, s in enumerate(again.seats) if s.kind == "human"] + [None]:
        again.connect(seat, got.append)
    assert len(told) == checked                    # the snapshots sent the lines the check made
    assert any(" deal" in line["text"] for line in got[0]["log"])
    again.close()
