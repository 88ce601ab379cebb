"""Where everything sits on the table (pure geometry, no drawing): the other seats along the
left edge (bottom to top), the top edge (left to right) and the right edge (top to bottom), so
the seats go round clockwise in seat order from you at the bottom; the ring the direction of
play is drawn on, inside them; the piles in the middle."""
from dataclasses import dataclass

#: seat plate widths to try, widest first; a plate is PLATE_H lines high (PLATE_H_TALL when roomy)
PLATE_WIDTHS = (20, 18, 16, 14, 12, 10)
PLATE_H, PLATE_H_TALL = 3, 4
RING_W = 26           # the least width of the ring (two small cards and the direction's name)
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


def seat_order(view: dict) -> list[int]:
    """The other seats clockwise from you: the next seat number first (a spectator sits where
    seat 0 would)."""
    n, me = view["players"], view["seat"]
    start = 0 if me is None else me
    return [(start + i) % n for i in range(1, n + 1) if (start + i) % n != me]


def seat(width: int, height: int, view: dict) -> Seating:
    """The seating for a table area of ``width`` x ``height`` cells."""
    order = seat_order(view)
    me = view["seat"] if view["seat"] is not None else 0
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


def card_size(ring: Box) -> tuple[int, int]:
    """The largest card size that fits two cards side by side, with their captions, in the ring."""
    for w, h in CARD_SIZES:
        if 2 * w + 4 <= ring.w - 4 and h + 3 <= ring.h - 2:
            return w, h
    return CARD_SIZES[-1]
