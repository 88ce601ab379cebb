"""Where everything sits on the table (pure geometry, no drawing): the other seats along the
left edge (bottom to top), the top edge (left to right) and the right edge (top to bottom), so
the seats go round clockwise in seat order from you at the bottom; the ring the direction of
play is drawn on, inside them; the piles in the middle. On a table narrower than STACK_BELOW
(a phone upright, a narrow terminal) the other seats are compact plates in rows across the top,
in the order they play, over the ring."""
from dataclasses import dataclass

from uno_tui.protocol.views import View

#: seat plate widths to try, widest first; a plate is PLATE_H lines high (PLATE_H_TALL when roomy)
PLATE_WIDTHS = (20, 18, 16, 14, 12, 10)
PLATE_H, PLATE_H_TALL = 3, 4
RING_W = 26           # the least width of the ring (two small cards and the direction's name)
STACK_BELOW = 50      # tables narrower than this have the other seats in rows over the ring
STACKED_W = 12        # stacked plates: as few rows as plates this wide need (a name of 9 letters shows)
RING_H = 6            # the least height of the ring when seats are stacked (two small cards, their captions)
#: pile card sizes (width, height), largest first
CARD_SIZES = ((19, 13), (15, 11), (13, 9), (11, 7), (7, 5), (5, 3))


@dataclass(frozen=True)
class Box:
    x: int
    y: int
    w: int
    h: int

    @property
    def middle(self) -> tuple[int, int]:
        return self.x + self.w // 2, self.y + self.h // 2


@dataclass(frozen=True)
class Seating:
    seats: dict[int, Box]        # seat number -> its plate (yours included)
    ring: Box                    # the line the direction of play is drawn on
    card: tuple[int, int]        # the size of the pile's cards


def sides(others: int, side_room: int) -> int:
    """How many seats go on each side edge (the rest go on the top edge)."""
    return min(side_room, round(others / 3 + 0.01))


def split(length: int, count: int, size: int) -> list[int]:
    """Where ``count`` items of ``size`` start, spread evenly over ``length``."""
    if count == 0:
        return []
    gap = (length - count * size) / (count + 1)
    return [round(gap + i * (size + gap)) for i in range(count)]


def seat_order(view: View) -> list[int]:
    """The other seats clockwise from you: the next seat number first (a spectator sits where
    seat 0 would)."""
    n, me = view.players, view.seat
    start = 0 if me is None else me
    return [(start + i) % n for i in range(1, n + 1) if (start + i) % n != me]


def seat(width: int, height: int, view: View) -> Seating:
    """The seating for a table area of ``width`` x ``height`` cells."""
    order = seat_order(view)
    me = view.seat if view.seat is not None else 0
    if width < STACK_BELOW:
        return stacked(width, height, order, me)
    k = len(order)
    plate_h = PLATE_H_TALL if height >= 30 else PLATE_H
    for plate_w in PLATE_WIDTHS:
        side_room = (height - plate_h + 1) // (plate_h + 1)
        each = sides(k, side_room)
        top = k - 2 * each
        if top * plate_w + (top - 1) <= width and (each == 0 or width - 2 * (plate_w + 1) >= RING_W):
            break
    left, top_row, right = order[:each], order[each:each + top], order[each + top:]
    boxes = {me: Box((width - plate_w) // 2, height - plate_h, plate_w, plate_h)}
    side_top = plate_h + 1 if top else 0
    ys = split(height - side_top, each, plate_h)
    for s, y in zip(left, reversed(ys)):                  # up the left edge
        boxes[s] = Box(0, side_top + y, plate_w, plate_h)
    for s, x in zip(top_row, split(width, top, plate_w)):  # along the top, left to right
        boxes[s] = Box(x, 0, plate_w, plate_h)
    for s, y in zip(right, ys):                            # down the right edge
        boxes[s] = Box(width - plate_w, side_top + y, plate_w, plate_h)
    x0 = plate_w + 1 if each else 0
    y0 = plate_h if top else 0
    ring = Box(x0, y0, width - 2 * x0, max(3, height - plate_h - y0))
    return Seating(boxes, ring, card_size(ring))


def stacked(width: int, height: int, order: list[int], me: int) -> Seating:
    """The other seats in rows across the top (left to right, row by row, in the order they
    play): as few rows as plates of STACKED_W allow, of the widest plates that need no more
    (smaller plates still, if the ring would have fewer than RING_H lines); you under the ring."""
    k = len(order)

    def rows_of(plate_w: int) -> tuple[int, int]:
        per_row = max(1, min(k, (width + 1) // (plate_w + 1)))
        return per_row, -(-k // per_row)
    fewest = rows_of(STACKED_W)[1]
    for plate_w in PLATE_WIDTHS:
        per_row, rows = rows_of(plate_w)
        if rows <= fewest or rows * PLATE_H + RING_H + PLATE_H <= height and plate_w < STACKED_W:
            break
    plate_w = min(plate_w, width)
    boxes = {me: Box((width - plate_w) // 2, height - PLATE_H, plate_w, PLATE_H)}
    for r in range(rows):
        row = order[r * per_row:(r + 1) * per_row]
        for s, x in zip(row, split(width, len(row), plate_w)):
            boxes[s] = Box(x, r * PLATE_H, plate_w, PLATE_H)
    y0 = rows * PLATE_H
    ring = Box(0, y0, width, max(3, height - PLATE_H - y0))
    return Seating(boxes, ring, card_size(ring))


def card_size(ring: Box) -> tuple[int, int]:
    """The largest card size that fits two cards side by side, with their captions, in the ring."""
    for w, h in CARD_SIZES:
        if 2 * w + 4 <= ring.w - 4 and h + 3 <= ring.h - 2:
            return w, h
    return CARD_SIZES[-1]
