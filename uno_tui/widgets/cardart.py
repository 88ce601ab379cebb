"""How a card looks: colours, labels, tiles. Every card carries its colour letter, so
nothing depends on seeing colour."""
from rich.style import Style
from rich.text import Text

CARD_BG = {"R": "#c62828", "Y": "#f9a825", "G": "#2e7d32", "B": "#1565c0", "W": "#212121"}
CARD_FG = {"R": "#ffffff", "Y": "#111111", "G": "#ffffff", "B": "#ffffff", "W": "#ffffff"}
COLOR_LETTER = {"red": "R", "yellow": "Y", "green": "G", "blue": "B"}
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


def style(code: str, dim: bool = False) -> Style:
    key = letter(code)
    return Style(color=CARD_FG[key], bgcolor=CARD_BG[key], bold=True, dim=dim)


def color_style(color: str | None) -> Style:
    key = COLOR_LETTER.get(color or "", "W")
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
