"""What a seat's plate on the table says, fitted to its size (pure: no drawing): the name (cut
with an ellipsis), whether a bot plays it and at which level (at every size: shortened, then
moved off the name's line, before a name that would fit is cut), its cards as backs and a count,
its score, and UNO!, CATCH! or the countdown of an away player. Each piece is (column, text,
role); pieces never overlap and never pass the plate's edge (tests/ui/test_ui_layout.py)."""
from rich.text import Text

from uno_tui.protocol.views import TableSeat

Piece = tuple[int, str, str]      # column in the plate, text, role: name, tag, back, plain, uno, catch


#: a bot's level where its whole name does not fit by the count
SHORT_LEVEL = {"normal": "norm", "expert": "exp"}


def tag(info: TableSeat) -> str:
    if info.kind == "bot":
        return "bot"
    if info.away:
        return "away"
    return "bot*" if info.bot_playing else ""          # a bot stands in for this player


def mark(info: TableSeat, count: int, catchable: bool, said_uno: bool, since: float,
         out: bool = False) -> tuple[str, str]:
    """The loudest thing to say about the seat now, and its role (``out``: mercy put it out of the hand)."""
    if out:
        return "OUT", "catch"
    if catchable:
        return "CATCH!", "catch"
    if count == 1 and said_uno:
        return "UNO!", "uno"
    if info.bot_in is not None:
        return f"bot in {max(0, round(info.bot_in - since))}s", "plain"
    return "", "plain"


def short(room: int, *choices: str) -> str:
    """The first of ``choices`` (longest first) that fits in ``room`` cells, else the last."""
    return next((c for c in choices if len(c) <= room), choices[-1])


def kind_words(kind: str, level: str | None, room: int) -> str:
    """``kind`` (tag()'s word) after a bot's ``level``, in ``room`` cells: the level shortened,
    then left out, before the kind; "" where not even the kind fits."""
    levels = (level, SHORT_LEVEL.get(level, level)) if level else ()
    return short(room, *(f"{lv} {kind}".rstrip() for lv in levels), kind, "")


def fit_name(name: str, width: int) -> str:
    """The name cut to ``width`` with an ellipsis; a number it ends with ("Root 2", as the host
    tells two Roots apart) is kept, the cut made before it."""
    stem, _, number = name.rpartition(" ")
    if len(name) > width and stem and number.isdigit() and width - len(number) - 1 >= 2:
        return f"{fit_name(stem, width - len(number) - 1)} {number}"
    text = Text(name)
    text.truncate(max(1, width), overflow="ellipsis")
    return text.plain


def plate(info: TableSeat, count: int, turn: bool, score: int | None, loud: tuple[str, str],
          width: int, height: int, team: str = "") -> list[list[Piece]]:
    """The plate's lines (``height`` of them) for a plate ``width`` cells wide; ``score`` is None
    outside a match; ``loud``: mark()'s answer; ``team``: its team's letter, with teams."""
    inner = width - 2
    first, detail = tag(info), info.level if info.kind == "bot" else None
    said, role = loud
    points = "" if score is None else f"{score} pts"
    said = short(inner, said, said.split()[-1] if said else "")
    # teams: the team's letter before the name ("A·Ann"), at every size (never by colour alone)
    name = ("▶ " if turn else "") + (f"{team}·" if team else "") + info.name
    top_right, kind_by_name = ("", "tag"), False
    if said and len(points) + 1 + len(said) > inner:   # the score stays whole ("0 18s" read as a score)
        top_right = (short(inner - 4, said, said.split()[-1]), role)     # no room by the score: by the name
        said = ""
    elif first and height < 4 and not len(name) <= inner < len(name) + 1 + len(first):
        # (a tall plate says it on its own line; a short one by the count where by the name it would
        # cut a name that fits alone: "▶ Ben" rather than "▶ B… bot")
        top_right, kind_by_name = (first, "tag"), True
    name_room = inner - (len(top_right[0]) + 1 if top_right[0] else 0)
    lines: list[list[Piece]] = [[(1, fit_name(name, name_room), "name")]]
    if top_right[0]:
        lines[0].append((width - 1 - len(top_right[0]), top_right[0], top_right[1]))
    level = ""
    if height >= 4:
        lines.append([(1, kind_words(first, detail, inner), "tag")])
    else:                   # a short plate says the level by the count, and "bot" too where not by the name
        level = kind_words("" if kind_by_name else first, detail, inner - len(str(count)) - 1)
    backs = max(0, min(count, inner - len(str(count)) - 1 - (len(level) + 1 if level else 0)))
    lines.append([(1, "▮" * backs, "back"), (1 + backs + (backs > 0), str(count), "plain")])
    if level:
        lines[-1].append((width - 1 - len(level), level, "tag"))
    last = [(1, points, "plain")] if points else []
    if said:
        last.append((width - 1 - len(said), said, role))
    lines.append(last)
    return lines[:height]

