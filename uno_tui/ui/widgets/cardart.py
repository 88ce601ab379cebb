"""How a card looks: colours, symbols, labels, faces of any size. Every face carries its colour's
letter and symbol (R ♥, Y ★, G ♣, B ♠), so nothing depends on seeing colour."""
from rich.style import Style
from rich.text import Text

from uno_tui.engine.cards import LETTER_OF, is_wild, rank_of

CARD_BG = {"R": "#c62828", "Y": "#f9a825", "G": "#2e7d32", "B": "#1565c0", "W": "#212121"}
CARD_FG = {"R": "#ffffff", "Y": "#111111", "G": "#ffffff", "B": "#ffffff", "W": "#ffffff"}
SYMBOL = {"R": "♥", "Y": "★", "G": "♣", "B": "♠", "W": "✦"}
LABELS = {"S": "SKIP", "R": "REV", "+2": "+2", "W": "WILD", "W+4": "+4", "WSH": "HAT", "WV": "VOLD",
          "WH": "HOWL", "WI": "INVS"}
#: a rank in a card's corner (the whole face is seldom on screen)
SHORT = {"S": "⊘", "R": "⇄", "W": "W", "W+4": "+4", "WSH": "Ht", "WV": "Vd", "WH": "Hw", "WI": "In"}
TOKEN_W = 5

#: the colours of a card you cannot play now: darkened on a dark screen, washed out on a light one
CARD_BG_DIM = {True: {"R": "#5c1a1a", "Y": "#6b5313", "G": "#1a3d1c", "B": "#14365e", "W": "#2a2a2a"},
               False: {"R": "#f0cccc", "Y": "#f3e6bd", "G": "#cde3ce", "B": "#c9d8ee", "W": "#d9d9d9"}}
CARD_FG_DIM = {True: {"R": "#c0a0a0", "Y": "#d8c89a", "G": "#a0c0a0", "B": "#a0b0c8", "W": "#8a8a8a"},
               False: {"R": "#9a5a5a", "Y": "#8a7430", "G": "#4f7a52", "B": "#4f6a96", "W": "#7a7a7a"}}
#: the letters of a wild you can play, one card colour each
RAINBOW = [Style(color=CARD_BG[k], bgcolor=CARD_BG["W"], bold=True) for k in "RYGB"]
BACK = Style(color="#f9a825", bgcolor="#8e1b1b", bold=True)


def label(code: str) -> str:
    return LABELS.get(rank_of(code), rank_of(code))


def corner(code: str) -> str:
    """The card in two or three columns: its colour's letter and its rank ("R7", "B⊘", "W+4")."""
    short = SHORT.get(rank_of(code), rank_of(code))
    return short if is_wild(code) and short[0] == "W" else code[0] + short


def style(code: str, dim: bool = False, dark: bool = True) -> Style:
    key = code[0]
    if dim:
        return Style(color=CARD_FG_DIM[dark][key], bgcolor=CARD_BG_DIM[dark][key])
    return Style(color=CARD_FG[key], bgcolor=CARD_BG[key], bold=True)


def color_style(color: str | None) -> Style:
    key = LETTER_OF.get(color or "", "W")
    return Style(color=CARD_FG[key], bgcolor=CARD_BG[key], bold=True)


def face(code: str, width: int, height: int, dim: bool = False, dark: bool = True) -> list[Text]:
    """The card as ``height`` lines of ``width`` cells: its corner at the top left (so an
    overlapped card still shows it), its label in the middle, its symbol, and the corner again
    at the bottom right. A wild you can play has its label in the four colours."""
    st = style(code, dim, dark)
    mark, sym, name = corner(code), SYMBOL[code[0]], label(code)
    inner = width - 2
    if height == 1:
        return [Text(f"{mark:^{width}}", style=st)]
    rows = [f" {mark:<{inner}} "] + [" " * width] * (height - 2) + [f" {mark:>{inner}} "]
    if height >= 3:
        rows[height // 2] = f" {name:^{inner}} " if len(name) <= inner else f" {mark:^{inner}} "
    if height >= 5:
        rows[1] = f" {sym:<{inner}} "
        rows[-2] = f" {sym:>{inner}} "
    lines = [Text(row, style=st) for row in rows]
    if is_wild(code) and not dim and height >= 3:
        middle = lines[height // 2]
        start = rows[height // 2].index(name[0])
        for i in range(len(name)):
            middle.stylize(RAINBOW[i % 4], start + i, start + i + 1)
    return lines


def back(width: int, height: int) -> list[Text]:
    """The back of a card (the draw pile)."""
    rows = [" " * width] * height
    if height >= 3:
        rows[height // 2] = f"{'UNO':^{width}}"
    return [Text(row, style=BACK) for row in rows]


def token(code: str, dim: bool = False) -> Text:
    """A card in one line, TOKEN_W wide: "  R5 "."""
    return Text(f"{corner(code):^{TOKEN_W}}", style=style(code, dim))
