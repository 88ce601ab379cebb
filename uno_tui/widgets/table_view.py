"""The table around your hand: opponents, the piles, the log, and what to do now.

Widgets only render the seat's view; names and chat are always plain Text
(never markup), so another player's name cannot style or break the screen.
"""
from rich.table import Table as RichTable
from rich.text import Text
from textual.widgets import RichLog, Static

from .cardart import COLOR_LETTER, color_style, label, letter, style

ARROW = {1: "↻ clockwise", -1: "↺ counter-clockwise"}


def play_order(view: dict) -> list[int]:
    """Seats in the order they play from the next one after you (spectators: from seat 0)."""
    n, me, d = view["players"], view["seat"], view["direction"]
    start = me if me is not None else -d
    return [(start + d * i) % n for i in range(1, n + 1) if (start + d * i) % n != me]


class OpponentList(Static):
    """Every other seat: turn, name, kind, cards, UNO said or catchable, score."""

    def show(self, view: dict) -> None:
        seats = view["table"]["seats"]
        scored = view["table"]["match"]["mode"] != "single"
        grid = RichTable.grid(padding=(0, 1), expand=True)
        grid.add_column(width=1)
        grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        grid.add_column(justify="right", no_wrap=True)
        grid.add_column(no_wrap=True)
        for seat in play_order(view):
            info = seats[seat]
            turn = seat == view["decider"]
            name = Text(info["name"], style="bold" if turn else "")
            kind = "bot" if info["kind"] == "bot" else ("away" if info["away"] else "")
            if info.get("bot_playing") and not info["away"]:
                kind = "bot plays"
            if kind:
                name.append(f" ({kind})", style="dim")
            count = view["counts"][seat]
            flags = Text()
            if view["catchable"] == seat:
                flags.append(" CATCH! ", style="bold black on yellow")
            elif count == 1 and view["uno_said"][seat]:
                flags.append(" UNO ", style="bold white on red")
            if scored:
                flags.append(f" {view['table']['scores'][seat]} pts", style="dim")
            grid.add_row(Text("▶" if turn else " ", style="bold"), name, Text(f"{count:>2} cards"), flags)
        self.update(grid)


class PileView(Static):
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
        lines.append(f" {COLOR_LETTER[color]} {color} " if color else " (to choose) ", style=color_style(color))
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
        self.update(lines)


LOG_STYLES = {"play": "", "draw": "cyan", "catch": "bold yellow", "say_uno": "bold red", "challenge": "bold magenta",
              "hand_over": "bold green", "table": "italic", "skip": "dim", "reshuffle": "dim", "shield": "bold blue",
              "reveal": "bold magenta", "chat": "green"}


class LogView(RichLog):
    """Every event in words, colour-coded (and your own lines in bold)."""

    def add_lines(self, lines: list[dict], me: int | None) -> None:
        for line in lines:
            text = Text(line["text"], style=LOG_STYLES.get(line["kind"], ""))
            if line.get("seat") is not None and line["seat"] == me:
                text.stylize("bold")
            self.write(text)

    def add_chat(self, msg: dict) -> None:
        text = Text(f"{msg['name']}: ", style="bold green")
        text.append(msg["text"])
        self.write(text)


class StatusLine(Static):
    """What the game waits for, in words."""

    def show(self, text: str, mine: bool) -> None:
        self.set_class(mine, "-mine")
        self.update(Text(text))
