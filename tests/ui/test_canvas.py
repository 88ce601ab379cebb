"""The picture the table and the hand are drawn on: what a name may hold (wide characters, combining
marks) lands in the right cells, and nothing written past an edge breaks it."""
from rich.text import Text

from uno_tui.ui.widgets.canvas import Canvas


def row(canvas: Canvas) -> str:
    return "".join(segment.text for segment in canvas.strips()[0])


def test_a_combining_mark_joins_the_character_before_it_even_at_the_edge():
    for width in (4, 6):
        canvas = Canvas(width, 1)
        canvas.text(0, 0, Text("Jose\u0301"))                    # José, its accent a combining mark
        assert canvas.chars[0][3] == "e\u0301"
        assert row(canvas) == "Jose\u0301" + " " * (width - 4)


def test_wide_characters_take_two_cells_and_stop_at_the_edge():
    canvas = Canvas(5, 1)
    canvas.text(0, 0, Text("日本語"))
    assert row(canvas) == "日本 "                               # the third would cross the edge
    canvas.text(-1, 0, Text("ab"))                              # cut at the left edge too
    assert canvas.chars[0][0] == "b"
