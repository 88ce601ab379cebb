"""The table: every seat around the piles, the direction of play on the ring between them, the
seat to move lit up; a card played flies from its seat to the pile, a drawn one from the pile to
its seat, and the turn mark travels to the next seat (unless motion is off).

It renders the seat's view (bound from the game screen) and nothing else; names are data,
written cell by cell, never markup.
"""
import time

from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.reactive import reactive, var
from textual.strip import Strip
from textual.widget import Widget

from uno_tui.engine.cards import LETTER_OF
from uno_tui.engine.house import TEAM_NAMES
from uno_tui.protocol.views import View

from .canvas import Canvas
from .cardart import SYMBOL, back, color_style, face
from .plates import mark, plate, short
from .seating import Box, Seating, seat

#: arrows along the ring's top, right, bottom and left edges, clockwise
CLOCKWISE = "→↓←↑"
DIRECTION = {1: "↻ clockwise", -1: "↺ counter-clockwise"}
#: a plate's pieces (widgets/plates.py) -> their component style
ROLES = {"name": "name", "tag": "dim", "back": "back", "uno": "uno", "catch": "catch"}
FLIGHT = 0.3            # seconds a card or the turn mark takes to travel
FRAME = 1 / 30


class TableView(Widget):
    COMPONENT_CLASSES = {"table--felt", "table--felt-inside", "table--ring", "table--plate", "table--turn", "table--name",
                         "table--dim", "table--back", "table--uno", "table--catch"}

    #: (repaint=False: a change repaints only the rows it changed, through _repaint)
    view: reactive[View | None] = reactive(None, always_update=True, repaint=False)
    since: reactive[float] = reactive(0.0, repaint=False)       # seconds since the view came (away countdowns)
    motion = var(True)                          # cards fly from seat to seat

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._strips: list[Strip] | None = None
        self._strips_size = None                # the size they were painted for: another size paints anew
        self._last: tuple[Canvas, list[Strip]] | None = None        # the last picture and its strips
        self._flights: list[tuple[str | None, int | str, int | str, float]] = []   # card, from, to, start
        self._timer = None
        self._styles: tuple[str, dict[str, Style]] = ("", {})
        self._background: tuple[tuple, Canvas | None] = ((), None)
        self._drawn: dict = {}                  # a plate or pile -> what it showed last, and its cells (_once)

    # ------------------------------------------------------------ changes
    def watch_view(self, old: View | None, new: View | None) -> None:
        if self.motion and old and new and old.table.hand_no == new.table.hand_no:
            self._take_off(old, new)
        self._repaint()

    def watch_since(self) -> None:
        self._repaint()

    def on_mount(self) -> None:
        self.watch(self.app, "theme", self._repaint, init=False)       # the colours change: draw again

    def _repaint(self) -> None:
        """Paint the table again now, and have only the rows that changed redrawn: a move changes a
        plate or two and the piles, and every row handed to Textual costs it more than our paint."""
        old, self._strips = self._strips, None
        if old is None or not self.is_mounted or self._strips_size != self.size:
            self.refresh()
            return
        for y, (before, after) in enumerate(zip(old, self._draw())):
            if before is not after:
                self.refresh(Region(0, y, self.size.width, 1))

    def on_resize(self) -> None:
        self._strips = None

    def _take_off(self, old: View, new: View) -> None:
        now = time.monotonic()
        for s, (before, after) in enumerate(zip(old.counts, new.counts)):
            if after < before and new.top != old.top:
                self._flights.append((new.top, s, "pile", now))
            elif after > before:
                self._flights.append((None, "pile", s, now))
        if new.decider is not None and old.decider is not None and new.decider != old.decider:
            self._flights.append(("turn", old.decider, new.decider, now))
        if self._flights and self._timer is None:
            self._timer = self.set_interval(FRAME, self._frame)

    def _frame(self) -> None:
        now = time.monotonic()
        self._flights = [f for f in self._flights if now - f[3] < FLIGHT]
        if not self._flights:
            self.land()
        self._repaint()

    def land(self) -> None:
        """Every card where it is going, now (a key or a click skips the motion)."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self._flights:
            self._flights = []
            self._repaint()

    # ------------------------------------------------------------ drawing
    def render_line(self, y: int) -> Strip:
        if self._strips is None or self._strips_size != self.size:    # (a resize's event may come after
            self._draw()                                                # a paint at the new size, or before)
        return self._strips[y] if y < len(self._strips) else Strip.blank(self.size.width)

    def _style(self, name: str) -> Style:
        """A component style from uno.tcss (looked up once per theme)."""
        if self._styles[0] != self.app.theme:
            self._styles = (self.app.theme, {})
        styles = self._styles[1]
        if name not in styles:                  # only what uno.tcss sets (drawn over what is below), its
            part = self.get_component_rich_style(f"table--{name}", partial=True)     # colours resolved
            full = self.get_component_rich_style(f"table--{name}")
            styles[name] = full if name.startswith("felt") else part + Style(
                color=full.color if part.color else None, bgcolor=full.bgcolor if part.bgcolor else None)
        return styles[name]

    def _draw(self) -> list[Strip]:
        """Paint the table; the rows that look as in the last picture keep their strips."""
        canvas = self.paint()
        self._strips, self._strips_size = canvas.strips(self._last), self.size
        self._last = (canvas, self._strips)
        return self._strips

    def paint(self) -> Canvas:
        """The table as it looks now, painted from nothing (no strips kept from a last picture).
        Public so a test can tell a drawn row left from an old size from what the table is now."""
        width, height = self.size
        view = self.view
        if view is None or width < 20 or height < 6:
            return Canvas(width, height, self._style("felt"))
        seating = seat(width, height, view)
        canvas = self._felt(seating, view.direction).copy()
        self._piles(canvas, seating, view)
        for number, box in seating.seats.items():
            self._plate(canvas, box, number, view)
        for card, start, end, t0 in self._flights:
            self._fly(canvas, seating, card, start, end, min(1.0, (time.monotonic() - t0) / FLIGHT))
        return canvas

    def _felt(self, seating: Seating, direction: int) -> Canvas:
        """The table without what changes from move to move (drawn again only when the size,
        the seating, the direction or the theme change)."""
        key = (self.size, seating.ring, direction, self.app.theme)
        if self._background[0] != key:
            canvas = Canvas(self.size.width, self.size.height, self._style("felt"))
            self._ring(canvas, seating.ring, direction)
            self._background = (key, canvas)
        return self._background[1]

    def _ring(self, canvas: Canvas, ring: Box, direction: int) -> None:
        st = self._style("ring")
        canvas.fill(ring.x, ring.y, ring.w, ring.h, self._style("felt-inside"))
        x0, y0, x1, y1 = ring.x, ring.y, ring.x + ring.w - 1, ring.y + ring.h - 1
        arrows = CLOCKWISE if direction == 1 else CLOCKWISE[2:] + CLOCKWISE[:2]
        canvas.put(x0, y0, "╭" + "─" * (ring.w - 2) + "╮", st)
        canvas.put(x0, y1, "╰" + "─" * (ring.w - 2) + "╯", st)
        for y in range(y0 + 1, y1):
            canvas.put(x0, y, "│", st)
            canvas.put(x1, y, "│", st)
        for x in range(x0 + 4, x1 - 2, 8):
            canvas.put(x, y0, arrows[0], st)
            canvas.put(x1 + x0 - x, y1, arrows[2], st)
        for y in range(y0 + 2, y1 - 1, 4):
            canvas.put(x1, y, arrows[1], st)
            canvas.put(x0, y1 + y0 - y, arrows[3], st)
        label = f" {DIRECTION[direction]} "
        canvas.put(x0 + (ring.w - len(label)) // 2, y0, label, st)

    def _pile_box(self, seating: Seating) -> tuple[Box, Box]:
        """Where the draw pile and the discard pile's top card are drawn."""
        (w, h), ring = seating.card, seating.ring
        x = ring.x + (ring.w - 2 * w - 4) // 2
        y = ring.y + 1 + max(0, (ring.h - h - 3) // 2)
        return Box(x, y, w, h), Box(x + w + 4, y, w, h)

    def _piles(self, canvas: Canvas, seating: Seating, view: View) -> None:
        draw, top = self._pile_box(seating)
        dark = self.app.current_theme.dark
        self._once(canvas, "draw pile", draw, (), lambda: canvas.block(draw.x, draw.y, back(draw.w, draw.h)))
        self._once(canvas, "top card", top, (view.top, dark),
                   lambda: canvas.block(top.x, top.y, face(view.top, top.w, top.h, dark=dark)))
        # the captions below the piles: each within its card and half the gap
        caption = short(draw.w + 1, f"{view.draw_pile} left", str(view.draw_pile))
        canvas.put(draw.x + (draw.w - len(caption)) // 2, draw.y + draw.h, caption, self._style("dim"))
        color = view.color
        key = LETTER_OF.get(color or "", "W")
        chip = short(top.w + 2, f" {key} {SYMBOL[key]} {color} " if color else " colour? ", f" {key} {SYMBOL[key]} ")
        canvas.put(top.x + (top.w - len(chip)) // 2, top.y + top.h, chip, color_style(color))
        lines = []
        attack = view.attack
        if attack and attack.draw:
            lines.append(Text(f"{attack.draw} cards waiting", style="bold"))
        names = [s.name for s in view.table.seats]
        for shown in view.shown:
            line = Text(f"{names[shown.seat]} shows ", style="bold")
            line.append(" ".join(shown.cards))
            lines.append(line)
        inner = seating.ring.w - 4
        for i, line in enumerate(lines):
            line.truncate(inner, overflow="ellipsis")
            canvas.text(seating.ring.x + 2, top.y + top.h + 1 + i, line)

    def _plate(self, canvas: Canvas, box: Box, number: int, view: View) -> None:
        info, count = view.table.seats[number], view.counts[number]
        team = TEAM_NAMES[view.teams[number]][-1] if view.teams else ""
        turn = number == view.decider
        scored = view.table.match.mode != "single"
        out = bool((view.out or [False] * len(view.counts))[number])
        loud = mark(info, count, view.catchable == number, view.uno_said[number], self.since, out)
        lines = plate(info, count, turn, view.table.scores[number] if scored else None, loud, box.w, box.h, team)

        def draw() -> None:
            canvas.fill(box.x, box.y, box.w, box.h, self._style("turn" if turn else "plate"))
            for y, line in enumerate(lines):
                for x, text, role in line:
                    canvas.put(box.x + x, box.y + y, text, self._style(ROLES[role]) if role in ROLES else Style())
        self._once(canvas, number, box, (turn, tuple(map(tuple, lines))), draw)

    def _once(self, canvas: Canvas, name, box: Box, shows: tuple, draw) -> None:
        """``draw()`` what fills ``box``, or, if it ``shows`` what it showed there last time (on the
        same felt), paste the cells it drew then: a move changes one or two plates and the top card."""
        key = (box, shows, self._background[0])
        last, cells = self._drawn.get(name, ((), None))
        if last == key:
            canvas.paste(cells)
            return
        draw()
        self._drawn[name] = (key, canvas.cut(box.x, box.y, box.w, box.h))

    def _fly(self, canvas: Canvas, seating: Seating, card, start, end, t: float) -> None:
        pile = self._pile_box(seating)[1 if card not in (None, "turn") else 0].middle
        (x0, y0), (x1, y1) = (pile if p == "pile" else seating.seats[p].middle for p in (start, end))
        x, y = round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t)
        if card == "turn":
            canvas.put(x, y, "▶", self._style("turn"))
        elif card is None:
            canvas.block(x - 2, y - 1, back(5, 3))
        else:
            canvas.block(x - 2, y - 1, face(card, 5, 3, dark=self.app.current_theme.dark))
