"""The table around your hand: opponents, the piles, the log, and what to do now.

Widgets only render the seat's view; names and chat are always plain Text
(never markup), so another player's name cannot style or break the screen.
"""
from rich.text import Text
from textual.binding import Binding
from textual.strip import Strip
from textual.widget import Widget

from ..engine.cards import LETTER_OF
from .cardart import color_style, label, letter, style

ARROW = {1: "↻ clockwise", -1: "↺ counter-clockwise"}


def play_order(view: dict) -> list[int]:
    """Seats in the order they play from the next one after you (spectators: from seat 0)."""
    n, me, d = view["players"], view["seat"], view["direction"]
    start = me if me is not None else -d
    return [(start + d * i) % n for i in range(1, n + 1) if (start + d * i) % n != me]


class Panel(Widget):
    """Shows one Text. A new one repaints only when it differs, re-lays out only when its
    height changes, and is cut into lines once per width (an update must cost little:
    bench/ui.py)."""

    DEFAULT_CSS = "Panel { height: auto; }"

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._text = Text()
        self._lines: tuple[int, list[Strip]] = (0, [])

    def set_text(self, text: Text) -> None:
        if text == self._text:
            return
        layout = text.plain.count("\n") != self._text.plain.count("\n")
        self._text, self._lines = text, (0, [])
        self.refresh(layout=layout)

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self._strips(width)) if self._text.plain else 1

    def _strips(self, width: int) -> list[Strip]:
        if self._lines[0] != width:
            console = self.app.console
            options = console.options.update_width(max(1, width))
            self._lines = (width, [Strip(line) for line in console.render_lines(self._text, options, pad=False)])
        return self._lines[1]

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        strips = self._strips(width)
        line = strips[y].crop(0, width) if y < len(strips) else Strip.blank(width)
        return line.apply_style(self.rich_style)


class OpponentList(Panel):
    """Every other seat: turn, name, kind, cards, UNO said or catchable, score."""

    def show(self, view: dict, elapsed: float = 0.0) -> None:
        """``elapsed``: seconds since the view came, for the away players' countdowns."""
        seats = view["table"]["seats"]
        scored = view["table"]["match"]["mode"] != "single"
        out = Text(no_wrap=True, overflow="ellipsis")
        for row, seat in enumerate(play_order(view)):
            info = seats[seat]
            turn = seat == view["decider"]
            if row:
                out.append("\n")
            out.append("▶ " if turn else "  ", style="bold")
            kind = "bot" if info["kind"] == "bot" else ("away" if info["away"] else "")
            if info.get("bot_playing") and not info["away"]:
                kind = "bot*"                     # a bot stands in for this player
            out.append(f"{info['name'][:12]:<12}", style="bold" if turn else "")
            out.append(f" {kind:<4}", style="dim")
            count = view["counts"][seat]
            out.append(f"{count:>3} card{'s' if count != 1 else ' '}")
            if view["catchable"] == seat:
                out.append(" CATCH! ", style="bold black on yellow")
            elif count == 1 and view["uno_said"][seat]:
                out.append("  UNO!  ", style="bold white on red")
            if info.get("bot_in") is not None:
                out.append(f" bot in {max(0, round(info['bot_in'] - elapsed))} s", style="dim")
            if scored:
                out.append(f" {view['table']['scores'][seat]:>4} pts", style="dim")
        self.set_text(out)


class PileView(Panel):
    """The discard pile's top card, the active colour, the piles and the direction."""

    def show(self, view: dict) -> None:
        top = view["top"]
        st = style(top)
        mark = letter(top)
        lines = Text()
        for row in (f" {mark:<7} ", f" {label(top):^7} ", f" {mark:>7} "):
            lines.append(row, style=st)
            lines.append("\n")
        color = view["color"]
        lines.append(" Colour ")
        lines.append(f" {LETTER_OF[color]} {color} " if color else " (to choose) ", style=color_style(color))
        lines.append(f"\n Draw pile {view['draw_pile']}  ·  discards {view['discard_pile']}")
        lines.append(f"\n {ARROW[view['direction']]}")
        attack = view["attack"]
        if attack and attack["draw"]:
            lines.append(f"\n {attack['draw']} cards waiting", style="bold")
        names = [s["name"] for s in view["table"]["seats"]]
        for shown in view["shown"]:
            lines.append("\n Shown: ", style="bold")
            lines.append(names[shown["seat"]])
            lines.append(" ")
            lines.append(" ".join(shown["cards"]))
        self.set_text(lines)


LOG_STYLES = {"play": "", "draw": "cyan", "catch": "bold yellow", "say_uno": "bold red", "challenge": "bold magenta",
              "hand_over": "bold green", "table": "italic", "skip": "dim", "reshuffle": "dim", "shield": "bold blue",
              "reveal": "bold magenta", "chat": "green"}


class LogView(Widget, can_focus=True):
    """Every event in words, colour-coded (your own lines in bold), newest at the bottom.

    Scroll with the wheel or PageUp/PageDown when focused. It draws only its
    visible lines and never changes its own size, so a new line repaints the
    log alone (a RichLog would re-lay out the whole screen for every line).
    """

    BINDINGS = [Binding("pageup,up", "scroll_log(1)", show=False), Binding("pagedown,down", "scroll_log(-1)", show=False),
                Binding("end", "scroll_log(0)", show=False)]

    def __init__(self, max_lines: int = 500, **kwargs):
        super().__init__(**kwargs)
        self.entries: list[Text] = []
        self.max_lines = max_lines
        self.back = 0                       # lines scrolled back from the newest
        self._wrapped: tuple[int, list[Strip]] = (0, [])

    def _add(self, text: Text) -> None:
        self.entries.append(text)
        if len(self.entries) > self.max_lines:
            del self.entries[:-self.max_lines]
            self._wrapped = (0, [])
        elif self._wrapped[0]:
            self._wrapped[1].extend(self._wrap(text, self._wrapped[0]))
        self.refresh()

    def _wrap(self, text: Text, width: int) -> list[Strip]:
        console = self.app.console
        options = console.options.update_width(max(1, width))
        return [Strip(line) for line in console.render_lines(text, options, pad=False)]

    def add_lines(self, lines: list[dict], me: int | None) -> None:
        for line in lines:
            text = Text(line["text"], style=LOG_STYLES.get(line["kind"], ""))
            if line.get("seat") is not None and line["seat"] == me:
                text.stylize("bold")
            self._add(text)

    def clear(self) -> None:
        self.entries, self.back = [], 0
        self._wrapped = (0, [])
        self.refresh()

    def _strips(self, width: int) -> list[Strip]:
        """Every entry wrapped to this width (wrapped again only when the width changes)."""
        if self._wrapped[0] != width:
            strips = []
            for text in self.entries:
                strips += self._wrap(text, width)
            self._wrapped = (width, strips)
        return self._wrapped[1]

    def render_line(self, y: int) -> Strip:
        width, height = self.size
        strips = self._strips(width)
        self.back = max(0, min(self.back, len(strips) - height))
        index = len(strips) - height - self.back + y
        if len(strips) < height:
            index = y
        line = strips[index].crop(0, width) if 0 <= index < len(strips) else Strip.blank(width)
        return line.apply_style(self.rich_style)

    def action_scroll_log(self, step: int) -> None:
        self.back = 0 if step == 0 else self.back + step * max(1, self.size.height - 1)
        self.refresh()

    def on_mouse_scroll_up(self, event) -> None:
        self.back += 3
        self.refresh()

    def on_mouse_scroll_down(self, event) -> None:
        self.back = max(0, self.back - 3)
        self.refresh()


class StatusLine(Panel):
    """What the game waits for, in words."""

    def show(self, text: str, mine: bool) -> None:
        self.set_class(mine, "-mine")
        self.set_text(Text(text))
