"""Every size from 80x24 up (and the narrowest beside the log, 62x24), 2 to 10 players: no widget outside its parent or the screen, no text
past its widget's edge, every card of the hand on screen, every seat's plate whole."""
import itertools

import pytest
from textual.geometry import Region

from tests.helpers.ui import my_turn, rigged_app
from tests.helpers.views import seat_info
from uno_tui.ui.widgets.hand import arrange
from uno_tui.ui.widgets.plates import plate
from uno_tui.ui.widgets.seating import seat
from uno_tui.ui.widgets.table import TableView


def overflows(screen) -> list[str]:
    """Each visible widget whose region is not inside its parent's (or the screen's)."""
    problems = []
    for widget in screen.query("*"):
        if not widget.display or not widget.visible or widget.region.area == 0:
            continue
        parent = widget.parent if widget.parent is not screen else None
        outer = parent.region if parent is not None else screen.region
        if outer.intersection(widget.region) != widget.region:
            problems.append(f"{widget!r} at {widget.region} outside {outer}")
    return problems


def wide_strips(widget) -> list[str]:
    """Lines a widget renders wider than itself."""
    width = widget.size.width
    return [f"{widget!r} line {y}" for y in range(widget.size.height) if widget.render_line(y).cell_length > width]


@pytest.mark.parametrize("size", [(62, 24), (80, 24), (200, 60)])
@pytest.mark.parametrize("players", [2, 4, 10])
async def test_nothing_overflows_its_region(size, players):
    # 14 cards in every hand, in a match (scores shown); the marks are test_a_plate_never_cuts...
    hands = [[f"{c}{r}" for c in "RGBY" for r in range(1, 4)] + ["W", "W+4"]] + [["Y9"] * 14] * (players - 1)
    app = rigged_app(hands, "R5", ["B1"] * 20, match_mode="first_to", levels=["hard"] * (players - 1))
    async with app.run_test(size=size) as pilot:
        game = await my_turn(pilot, app)
        await pilot.pause()
        assert overflows(game) == []
        for widget in game.query("TableView, HandView, StatusLine, LogView"):
            assert wide_strips(widget) == []
        table = game.query_one(TableView)
        seating = seat(table.size.width, table.size.height, game.view)
        boxes = list(seating.seats.values()) + [seating.ring]
        assert len(seating.seats) == players
        room = Region(0, 0, table.size.width, table.size.height)
        for a, b in itertools.combinations(boxes, 2):
            assert not Region(a.x, a.y, a.w, a.h).overlaps(Region(b.x, b.y, b.w, b.h)), (a, b)
        assert all(room.contains_region(Region(b.x, b.y, b.w, b.h)) for b in boxes)


@pytest.mark.parametrize("width", [60, 76, 116, 156, 196])
def test_the_hand_shows_every_card_in_its_width(width):
    for count, tile in itertools.product(range(1, 41), [(6, 3), (7, 5), (9, 6)]):
        (w, h), spots = arrange(count, width, tile)
        assert sorted(s.index for s in spots) == list(range(count))
        assert all(s.x >= 0 and s.x + w <= width for s in spots)
        assert all(s.width >= 4 for s in spots)              # a corner shows on each: " R+2"
        assert h == tile[1] and spots[-1].y <= h + 1 or h == 2   # two rows of full cards, else shorter ones


def pieces_fit(lines, width) -> bool:
    for line in lines:
        spans = sorted((x, x + len(text)) for x, text, _ in line if text)
        if any(x < 1 or end > width - 1 for x, end in spans) or any(a[1] > b[0] for a, b in zip(spans, spans[1:])):
            return False
    return True


@pytest.mark.parametrize("width", [10, 12, 14, 20])
def test_a_plate_never_cuts_the_score_or_the_marks(width):
    infos = [seat_info("Maximiliana Featherstonehaugh", k, away=a, level="hard", bot_in=b)
             for k, a, b in (("bot", False, None), ("human", True, 18.0), ("human", False, None))]
    louds = [("", "plain"), ("UNO!", "uno"), ("CATCH!", "catch"), ("bot in 18s", "plain")]
    for info, loud, score, count, height in itertools.product(infos, louds, (None, 0, 407, 1234), (1, 30), (3, 4)):
        lines = plate(info, count, True, score, loud, width, height)
        assert len(lines) == height and pieces_fit(lines, width), (info, loud, score, lines)
        shown = " ".join(text for line in lines for _, text, _ in line)
        assert loud[0].split()[-1:] == [] or loud[0].split()[-1] in shown
        points = f"{score} pts"               # whole: "0  18s" by a countdown read as a score of 0 18s
        assert score is None or points in shown or len(points) > width - 2 and str(score) in shown


def test_a_plate_cuts_no_name_that_fits_it_alone():
    """Whoever's turn, with teams or not, at every plate size: "bot" and the level give way to the name."""
    from uno_tui.play.host.session import BOT_NAMES
    from uno_tui.ui.widgets.seating import PLATE_WIDTHS
    for width, height, name, turn, team in itertools.product(PLATE_WIDTHS, (3, 4), BOT_NAMES, (False, True), ("", "A")):
        lines = plate(seat_info(name, "bot", level="expert"), 12, turn, 0, ("", "plain"), width, height, team)
        shown = [text for line in lines for _, text, _ in line]
        assert shown[0].endswith(name) and "bot" in " ".join(shown) and pieces_fit(lines, width), shown


def test_a_cut_name_keeps_the_number_that_tells_two_players_apart():
    from uno_tui.ui.widgets.plates import plate
    away = seat_info("Maximilian 2", away=True)         # (a name that fits alone is not cut: "away" moves)
    first_line = plate(away, 7, False, 0, ("", "plain"), width=12, height=3)[0]
    assert [text for _, text, _ in first_line] == ["Ma… 2", "away"]       # not "Maxi…", the host's own name
