"""Teams and mercy on the table's widgets: each plate names its team at every size, the end of a
hand says which team won and why, and a player put out by mercy is not shown as gone out."""
from rich.console import Console

from tests.helpers.views import seat_info
from uno_tui.protocol.views import Match, Result, Table, View
from uno_tui.ui.screens.handover import won_line
from uno_tui.ui.widgets.plates import mark, plate
from uno_tui.ui.widgets.scoring import scoring

NAMES = ["Ann", "Bo", "Cy", "Di"]


def test_the_end_of_a_hand_says_which_team_won_and_why():
    teams = [0, 1, 0, 1]
    assert won_line("out", 69, 2, 0, NAMES, teams) == (
        "Team A (you and Cy) won the hand: Cy went out. Team A scores 69 points.")
    assert won_line("mercy", 12, 0, 1, NAMES, teams) == (
        "Team A (Ann and Cy) won the hand: Ann is left: everyone on the other team is out (mercy). "
        "Team A scores 12 points.")
    assert won_line("blocked", 5, 3, 3, NAMES, teams).startswith(
        "Team B (Bo and you) won the hand: You held the fewest points of a blocked hand.")
    assert won_line("mercy", 7, 1, 0, NAMES, None) == (
        "Bo won the hand (everyone else is out: mercy) and scores 7 points.")


def test_a_plate_names_its_team_at_every_size_and_says_out():
    info = seat_info("Ann")
    for width, height in ((9, 2), (14, 3), (20, 4)):
        lines = plate(info, 3, False, None, ("", "plain"), width, height, team="A")
        assert lines[0][0][1].startswith("A·"), (width, height)
    assert mark(info, 0, False, False, 0.0, out=True) == ("OUT", "catch")


def test_the_scoring_marks_a_player_put_out_by_mercy_apart_from_the_winner():
    result = Result(hand=1, winner=0, points=6, blocked=False, out=[1], caught=[0, 0, 5, 1], scores=[1, 0, 1, 0],
                    match_over=False, winners=[], hands=[[], [], ["R5"], ["G1"]])
    table = Table(seats=[seat_info(n) for n in NAMES], scores=[1, 0, 1, 0], hands_won=[1, 0, 0, 0], hand_no=1,
                  match=Match(mode="single", target=None, over=False, winners=[]), result=result, ready=[],
                  next_hand_in=None, rules={}, deck={}, window=0, window_in=None, turn_clock=None, clock_in=None)
    view = View(seat=0, players=4, hand=[], counts=[0, 0, 1, 1], top="R1", color="red", direction=1, draw_pile=50,
                discard_pile=5, dealer=0, turn=0, decider=None, phase="turn", attack=None, drawn=None,
                uno_said=[False] * 4, catchable=None, shown=[], over=True, winner=0, blocked=False,
                teams=[0, 1, 0, 1], out=[False, True, False, False], legal=[], table=table)
    console = Console(width=80, record=True)
    console.print(scoring(view))
    text = console.export_text()
    assert "A·Ann" in text and "B·Bo" in text and "put out (mercy)" in text
    assert text.count("put out (mercy)") == 1


def test_the_help_says_how_each_new_rule_plays_when_it_is_on():
    from uno_tui.engine import make_rules
    from uno_tui.ui.rules_help import DETAILS, help_markdown
    rules = make_rules("classic", teams=True, multi_play=True, deflect=True, mercy=True, uno_penalty=0).to_dict()
    text = help_markdown(rules)
    for name in ("teams", "multi_play", "deflect", "mercy", "uno_penalty"):
        assert DETAILS[name] in text, name
    assert DETAILS["mercy"] not in help_markdown(make_rules("classic").to_dict())
