"""Where everything of the Golden City table lies in the scene: the map's fields, the mine inset
at the bottom, the seats' panels beside their houses, the die tray, the mission card, the folded
Gazette, and the middle of the map where the store, the duels and the Gazette's front page open.

Fields are pointy-top hexes in axial coordinates (the map format's ``"q,r"``): the centre of
``(q, r)`` is ``(√3·(q + r/2), 3/2·r)`` times the circumradius. The surface uses
:data:`ui.style.HEX`, the mine a smaller one (:data:`MINE_HEX`). Every size derives from
``HEX``, so the table scales to any window (the view only changes its transform).

Panels stand in two columns beside the map, each in the row of its house: houses 0, 5 and 4 on
the left (top, middle, bottom), 1, 2 and 3 on the right — so a seat's panel is next to its
house, whatever the seat count. Unused slots stay empty: the map is the same size at any table.

Invariants: a :class:`Layout` depends only on the board (built once per board, :func:`layout`);
nothing here reads a position.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath, QPolygonF

from goldnet.games.golden_city.board import LAKE, Board

from .. import style

H = style.HEX
"""Circumradius of a surface field."""
MINE_HEX = 0.82 * H
"""Circumradius of a mine field."""
SQ3 = math.sqrt(3.0)

PANEL_W = 7.6 * H
GAP = 0.55 * H
PLATE_MARGIN = 0.7 * H
BOTTOM_H = 8.6 * H
"""Height of the row under the map: the die tray, the mine inset, the mission card."""
TRAY_W = 7.6 * H
CARD_W = 7.6 * H

SLOT_OF_HOUSE = {
    0: ("left", 0),
    5: ("left", 1),
    4: ("left", 2),
    1: ("right", 0),
    2: ("right", 1),
    3: ("right", 2),
}
"""Where each house's seat has its panel: column and row."""


def axial(q: int, r: int, size: float) -> QPointF:
    """The centre of field ``(q, r)`` on a grid of circumradius ``size`` (origin at (0, 0))."""
    return QPointF(size * SQ3 * (q + r / 2), size * 1.5 * r)


def hexagon(centre: QPointF, size: float) -> QPolygonF:
    """A pointy-top hexagon of circumradius ``size`` around ``centre``."""
    return QPolygonF(
        [
            centre + QPointF(size * math.cos(math.radians(a)), size * math.sin(math.radians(a)))
            for a in (-90, -30, 30, 90, 150, 210)
        ]
    )


@dataclass(frozen=True, eq=False)
class Layout:
    """Scene positions of a board's table (see the module docstring).

    Attributes:
        centres, hexes: per surface field, its centre and its hexagon.
        mine_centres, mine_hexes: per mine field, the same in the inset.
        plate: the board's plate (the map and its rim).
        mine_rect: the mine inset's frame.
        tray: the die tray (left of the inset); card: the mission card and the Gazette
            (right of it).
        panels: per house number, its seat panel's rectangle.
        middle: the middle of the map (the store, duels, the Gazette's front page).
        lakes: one outline per lake (its fields united).
        track: the railway through its fields' centres, first field to the station.
        rect: the whole scene.
    """

    centres: tuple[QPointF, ...]
    hexes: tuple[QPolygonF, ...]
    mine_centres: tuple[QPointF, ...]
    mine_hexes: tuple[QPolygonF, ...]
    plate: QRectF
    mine_rect: QRectF
    tray: QRectF
    card: QRectF
    panels: dict[int, QRectF]
    middle: QPointF
    lakes: tuple[QPainterPath, ...]
    track: QPainterPath
    rect: QRectF

    def mine_bounds(self) -> QRectF:
        """The rectangle around the mine's fields."""
        xs = [c.x() for c in self.mine_centres] or [self.mine_rect.center().x()]
        ys = [c.y() for c in self.mine_centres] or [self.mine_rect.center().y()]
        return QRectF(
            min(xs) - MINE_HEX,
            min(ys) - MINE_HEX,
            max(xs) - min(xs) + 2 * MINE_HEX,
            max(ys) - min(ys) + 2 * MINE_HEX,
        )


def _placed(coords: tuple[tuple[int, int], ...], size: float, origin: QPointF) -> list[QPointF]:
    """Centres of ``coords`` with the top-left of their hexes' bounding box at ``origin``."""
    raw = [axial(q, r, size) for q, r in coords]
    if not raw:
        return []
    left = min(p.x() for p in raw) - size * SQ3 / 2
    top = min(p.y() for p in raw) - size
    return [p - QPointF(left, top) + origin for p in raw]


def _extent(points: list[QPointF], size: float) -> tuple[float, float]:
    if not points:
        return 0.0, 0.0
    w = max(p.x() for p in points) - min(p.x() for p in points) + size * SQ3
    h = max(p.y() for p in points) - min(p.y() for p in points) + 2 * size
    return w, h


@lru_cache(maxsize=8)
def layout(board: Board) -> Layout:
    """The table's layout for ``board`` (cached per board)."""
    centres = _placed(board.surface.coords, H, QPointF(0, 0))
    map_w, map_h = _extent(centres, H)
    plate = QRectF(-PLATE_MARGIN, -PLATE_MARGIN, map_w + 2 * PLATE_MARGIN, map_h + 2 * PLATE_MARGIN)
    panel_h = (plate.height() - 2 * GAP) / 3
    panels: dict[int, QRectF] = {}
    for house, (side, row) in SLOT_OF_HOUSE.items():
        x = plate.left() - GAP - PANEL_W if side == "left" else plate.right() + GAP
        panels[house] = QRectF(x, plate.top() + row * (panel_h + GAP), PANEL_W, panel_h)
    # The bottom row: die tray | mine inset | mission card, under the plate.
    top = plate.bottom() + GAP
    left = plate.left() - GAP - PANEL_W
    right = plate.right() + GAP + PANEL_W
    tray = QRectF(left, top, TRAY_W, BOTTOM_H)
    card = QRectF(right - CARD_W, top, CARD_W, BOTTOM_H)
    mine_rect = QRectF(tray.right() + GAP, top, card.left() - tray.right() - 2 * GAP, BOTTOM_H)
    raw_mine = _placed(board.mine.coords, MINE_HEX, QPointF(0, 0))
    mine_w, mine_h = _extent(raw_mine, MINE_HEX)
    title_h = 1.1 * H
    origin = QPointF(
        mine_rect.center().x() - mine_w / 2,
        mine_rect.top() + title_h + (mine_rect.height() - title_h - mine_h) / 2,
    )
    mine_centres = _placed(board.mine.coords, MINE_HEX, origin)
    lakes = _lakes(board, centres)
    track = QPainterPath()
    for i, f in enumerate(board.track):
        if i == 0:
            track.moveTo(centres[f])
        else:
            track.lineTo(centres[f])
    rect = QRectF(left, plate.top(), right - left, top + BOTTOM_H - plate.top()).adjusted(
        -0.5 * H, -0.5 * H, 0.5 * H, 0.5 * H
    )
    return Layout(
        centres=tuple(centres),
        hexes=tuple(hexagon(c, H) for c in centres),
        mine_centres=tuple(mine_centres),
        mine_hexes=tuple(hexagon(c, MINE_HEX) for c in mine_centres),
        plate=plate,
        mine_rect=mine_rect,
        tray=tray,
        card=card,
        panels=panels,
        middle=plate.center(),
        lakes=lakes,
        track=track,
        rect=rect,
    )


def _lakes(board: Board, centres: list[QPointF]) -> tuple[QPainterPath, ...]:
    """One outline per lake: its fields' hexagons united (slightly grown, so that no seam
    shows between two fields)."""
    out: list[QPainterPath] = []
    done: set[int] = set()
    for f, terrain in enumerate(board.terrain):
        if terrain != LAKE or f in done:
            continue
        group, todo = [], [f]
        while todo:
            g = todo.pop()
            if g in done:
                continue
            done.add(g)
            group.append(g)
            todo += [n for n in board.neighbours[g] if n >= 0 and board.terrain[n] == LAKE]
        path = QPainterPath()
        for g in sorted(group):
            piece = QPainterPath()
            piece.addPolygon(hexagon(centres[g], H * 1.02))
            piece.closeSubpath()
            path = path.united(piece)
        out.append(path.simplified())
    return tuple(out)


def direction(a: QPointF, b: QPointF) -> float:
    """The angle of the line from ``a`` to ``b``, in degrees (0: east, clockwise on screen)."""
    return math.degrees(math.atan2(b.y() - a.y(), b.x() - a.x()))


def shore_angle(board: Board, lay: Layout, f: int) -> float:
    """From landing ``f``, the direction of its lake (degrees): the mean of its lake
    neighbours' directions."""
    x = y = 0.0
    for g in board.neighbours[f]:
        if g >= 0 and board.terrain[g] == LAKE:
            d = lay.centres[g] - lay.centres[f]
            x, y = x + d.x(), y + d.y()
    return math.degrees(math.atan2(y, x)) if (x or y) else 0.0
