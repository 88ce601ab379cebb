"""How a card looks: colours, labels, tiles. Every card carries its colour letter, so
nothing depends on seeing colour."""
from rich.style import Style
from rich.text import Text

from ..engine.cards import LETTER_OF

CARD_BG = {"R": "#c62828", "Y": "#f9a825", "G": "#2e7d32", "B": "#1565c0", "W": "#212121"}
CARD_FG = {"R": "#ffffff", "Y": "#111111", "G": "#ffffff", "B": "#ffffff", "W": "#ffffff"}
LABELS = {"S": "SKIP", "R": "REV", "+2": "+2", "W": "WILD", "W+4": "+4", "WSH": "HAT", "WV": "VOLD",
          "WH": "HOWL", "WI": "INVS"}
TILE_W = 6
TOKEN_W = 5


def letter(code: str) -> str:
    return "W" if code[0] == "W" else code[0]


def label(code: str) -> str:
    if code[0] == "W":
        return LABELS[code]
    rank = code[1:]
    return LABELS.get(rank, rank)


#: the colours of a card you cannot play now: the same hue, darkened
CARD_BG_DIM = {"R": "#5c1a1a", "Y": "#6b5313", "G": "#1a3d1c", "B": "#14365e", "W": "#161616"}
CARD_FG_DIM = {"R": "#c0a0a0", "Y": "#d8c89a", "G": "#a0c0a0", "B": "#a0b0c8", "W": "#a0a0a0"}


def style(code: str, dim: bool = False) -> Style:
    key = letter(code)
    if dim:
        return Style(color=CARD_FG_DIM[key], bgcolor=CARD_BG_DIM[key])
    return Style(color=CARD_FG[key], bgcolor=CARD_BG[key], bold=True)


def color_style(color: str | None) -> Style:
    key = LETTER_OF.get(color or "", "W")
    return Style(color=CARD_FG[key], bgcolor=CARD_BG[key], bold=True)


def tile_lines(code: str, dim: bool = False, width: int = TILE_W) -> list[Text]:
    """A card as three lines of ``width`` columns: colour letter, label, colour letter."""
    st = style(code, dim)
    mark = letter(code)
    inner = width - 2
    return [Text(f" {mark:<{inner}} ", style=st),
            Text(f" {label(code):^{inner}} ", style=st),
            Text(f" {mark:>{inner}} ", style=st)]


def token(code: str, dim: bool = False) -> Text:
    """A card in one line, TOKEN_W wide: " R5  "."""
    return Text(f"{code:^{TOKEN_W}}", style=style(code, dim))
