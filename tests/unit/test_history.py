"""The history: past matches listed and players' figures, from records, checked against a
small history whose every figure is counted by hand here."""
import pytest

from uno_tui.engine import Action, Match, make_rules, rigged_deck
from uno_tui.history.index import History
from uno_tui.history.record import Recorder

ANN = {"name": "Ann", "kind": "human", "level": "normal"}
BEN = {"name": "Ben", "kind": "bot", "level": "hard"}
CLEO = {"name": "Cleo", "kind": "bot", "level": "normal"}


def record(directory, seats, hands, top, draw, moves, preset="classic"):
    """A one-hand match, dealt ``hands`` (seat 0 starts), played by ``moves`` (seat, kind, fields)."""
    rules = make_rules(preset, match_mode="single", uno_penalty=2)
    dealer = len(seats) - 1
    deck = rigged_deck(hands, top, draw, dealer=dealer)
    recorder = Recorder("solo", directory)
    recorder.match_started(rules=rules.to_dict(), seats=seats, seed=1, dealer=dealer, deck=deck,
                           hand_size=len(hands[0]))
    match = Match(rules, len(seats), seed=1, dealer=dealer)
    game = match.start_hand(deck, len(hands[0]))
    recorder.hand_started(1)
    for seat, kind, fields in moves:
        action = Action(kind, **fields)
        game.apply(seat, action)
        recorder.moved(seat, action.to_dict())
    assert game.over
    recorder.hand_scored(match.record_hand())
    recorder.close()
    return recorder.path


@pytest.fixture
def history(tmp_path):
    records = tmp_path / "records"
    # 1. Ann bluffs a Wild Draw Four (she holds red), Ben challenges and wins the hand:
    #    Ann is left with R1, the four she drew for the bluff (1+2+3+4) and B5 drawn: 16 points to Ben
    record(records, [ANN, BEN], [["W+4", "R1"], ["G2", "G3"]], "R5", ["B1", "B2", "B3", "B4", "B5"],
           [(0, "play", {"card": "W+4", "color": "green", "uno": True}), (1, "challenge", {}),
            (1, "play", {"card": "G2", "uno": True}), (0, "draw", {}), (1, "play", {"card": "G3"})])
    # 2. Ben forgets UNO, Ann catches him (he draws Y9 and B9) and goes out: G7 + 9 + 9 = 25 points to Ann
    record(records, [ANN, BEN], [["R1", "R2"], ["R8", "G7"]], "R5", ["Y9", "B9", "Y8"],
           [(0, "play", {"card": "R1", "uno": True}), (1, "play", {"card": "R8"}), (0, "catch", {"target": 1}),
            (0, "play", {"card": "R2"})])
    # 3. Ann cannot follow twice (drawing B1, B2), Cleo goes out: G1 + G2 + B1 + B2 = 6 points to Cleo
    record(records, [ANN, CLEO], [["G1", "G2"], ["R7", "R8"]], "R5", ["B1", "B2", "B3"],
           [(0, "draw", {}), (1, "play", {"card": "R7", "uno": True}), (0, "draw", {}), (1, "play", {"card": "R8"})],
           preset="hp2021")
    index = History(records, tmp_path / "history.sqlite")
    index.refresh()
    yield index
    index.close()


def test_every_figure_of_a_small_history_is_the_one_counted_by_hand(history):
    ann = history.player("Ann")
    assert (ann.matches, ann.matches_won, ann.hands, ann.hands_won, ann.points) == (3, 1, 3, 1, 25)
    assert (ann.challenges_won, ann.catches) == (0, 1)
    assert ann.hand_length == pytest.approx((5 + 4 + 4) / 3)
    assert ann.against == {"hard": (2, 1), "normal": (1, 0)}
    ben = history.player("Ben")
    assert (ben.matches, ben.matches_won, ben.points, ben.challenges_won, ben.catches) == (2, 1, 16, 1, 0)
    assert history.player("Cleo").points == 6
    assert history.players() == ["Ann", "Ben", "Cleo"]


def test_the_list_filters_by_player_and_edition(history):
    assert len(history.matches()) == 3
    assert sorted(m.winners for m in history.matches(player="Ben")) == [["Ann"], ["Ben"]]
    only = history.matches(edition="hp2021")
    assert [(m.players, m.winners, m.scores, m.hands) for m in only] == [(["Ann", "Cleo"], ["Cleo"], [0, 6], 1)]


def test_a_lost_index_is_rebuilt_from_the_records(history, tmp_path):
    history.close()
    (tmp_path / "history.sqlite").write_bytes(b"not a database at all")
    again = History(tmp_path / "records", tmp_path / "history.sqlite")
    again.refresh()
    assert again.player("Ann").points == 25 and len(again.matches()) == 3
    again.close()


def test_an_edited_record_is_listed_with_its_problem_and_counted_for_nothing(history, tmp_path):
    path = next(p for p in (tmp_path / "records").iterdir() if '"catch"' in p.read_text())     # Ann's win
    path.write_text(path.read_text().replace('"winner":0', '"winner":1'))
    history.refresh()
    damaged = [m for m in history.matches() if m.problem]
    assert len(damaged) == 1 and "does not replay" in damaged[0].problem
    assert history.player("Ann").points == 25 - 25
