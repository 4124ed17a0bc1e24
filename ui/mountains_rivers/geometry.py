"""Where things are on the drawn board: field centres, hexagons, territory outlines.

Fields are pointy-top hexagons in axial coordinates ``(q, r)`` (docs/rules/mountains-rivers.md): the
centre of field ``(q, r)`` is ``HEX * (sqrt(3) * (q + r / 2), 3 / 2 * r)``, so the axis ``(1, 0)``
runs horizontally. A territory's outline is the union of its hexagons, built exactly: hexagon
corners live on an integer lattice (three times the axial coordinates), edges shared by two fields
of the territory cancel, and the remaining edges chain into loops. Everything is computed once per
board (:func:`board_geometry` caches it).

Invariants: ``centres[f]`` is field number ``f``'s centre (canonical order of
:mod:`goldnet.games.mountains_rivers.geometry`); paths are in scene units.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath, QPainterPathStroker, QPolygonF

from goldnet.games.mountains_rivers.board import Board
from goldnet.games.mountains_rivers.geometry import (
    AXES,
    COORDS,
    INDEX,
    N_FIELDS,
    NEIGHBOURS,
    fields_of,
    on_board,
)

from .. import style

SQRT3 = math.sqrt(3.0)

_CORNERS: tuple[tuple[int, int], ...] = ((1, 1), (-1, 2), (-2, 1), (-1, -1), (1, -2), (2, -1))
"""Hexagon corners around a centre, in thirds of axial units, turning one way."""


def centre(q: float, r: float, size: float = style.HEX) -> QPointF:
    """The scene position of axial coordinates ``(q, r)`` (fractional allowed)."""
    return QPointF(size * SQRT3 * (q + r / 2.0), size * 1.5 * r)


def _lattice_point(a: int, b: int) -> QPointF:
    return centre(a / 3.0, b / 3.0)


def hexagon(f: int, scale: float = 1.0) -> QPolygonF:
    """Field ``f``'s hexagon, optionally shrunk about its centre by ``scale``."""
    q, r = COORDS[f]
    c = centre(q, r)
    points = []
    for a, b in _CORNERS:
        p = _lattice_point(3 * q + a, 3 * r + b)
        points.append(c + (p - c) * scale)
    return QPolygonF(points)


def outline(mask: int) -> QPainterPath:
    """The exact outline of the union of the hexagons of ``mask`` (all its loops)."""
    edges: dict[tuple[tuple[int, int], tuple[int, int]], None] = {}
    for f in fields_of(mask):
        q, r = COORDS[f]
        corners = [(3 * q + a, 3 * r + b) for a, b in _CORNERS]
        for i in range(6):
            e = (corners[i], corners[(i + 1) % 6])
            back = (e[1], e[0])
            if back in edges:
                del edges[back]
            else:
                edges[e] = None
    following = {a: b for a, b in edges}
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    while following:
        start = next(iter(following))
        point = start
        loop = []
        while point in following:
            loop.append(point)
            point = following.pop(point)
        path.addPolygon(QPolygonF([_lattice_point(a, b) for a, b in loop]))
        path.closeSubpath()
    return path


def inset(path: QPainterPath, distance: float) -> QPainterPath:
    """``path`` shrunk by ``distance`` on every side (rounded inner corners)."""
    stroker = QPainterPathStroker()
    stroker.setWidth(2.0 * distance)
    stroker.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    band = stroker.createStroke(path)
    return path.subtracted(band).simplified()


def line_between(a: int, b: int) -> tuple[int, ...] | None:
    """The fields of the straight line from field ``a`` to field ``b`` (both included), or None
    when they are not on one axis. ``a == b`` gives ``(a,)``. Pure geometry, no rules."""
    (qa, ra), (qb, rb) = COORDS[a], COORDS[b]
    dq, dr = qb - qa, rb - ra
    n = max(abs(dq), abs(dr), abs(dq + dr))
    if n == 0:
        return (a,)
    step = (dq // n, dr // n) if dq % n == 0 and dr % n == 0 else None
    if step is None or (step not in AXES and (-step[0], -step[1]) not in AXES):
        return None
    out = []
    for k in range(n + 1):
        c = (qa + k * step[0], ra + k * step[1])
        if not on_board(*c):
            return None
        out.append(INDEX[c])
    return tuple(out)


def colouring(masks: tuple[int, ...], colours: int) -> tuple[int, ...]:
    """A colour index per territory so that touching territories differ where possible
    (greedy, largest first; deterministic)."""
    owner = [0] * N_FIELDS
    for i, m in enumerate(masks):
        for f in fields_of(m):
            owner[f] = i
    touching: list[set[int]] = [set() for _ in masks]
    for f in range(N_FIELDS):
        for g in NEIGHBOURS[f]:
            if owner[f] != owner[g]:
                touching[owner[f]].add(owner[g])
    order = sorted(range(len(masks)), key=lambda i: (-len(touching[i]), i))
    out = [-1] * len(masks)
    for i in order:
        used = {out[j] for j in touching[i] if out[j] >= 0}
        free = [c for c in range(colours) if c not in used]
        # Among the free colours prefer the least used so far, for an even spread.
        out[i] = min(free or range(colours), key=lambda c: (out.count(c), c))
    return tuple(out)


@dataclass(frozen=True)
class BoardGeometry:
    """Everything the scene needs to draw one board, precomputed.

    Attributes:
        centres: per field, its centre.
        hexagons: per field, its hexagon.
        mountains: per mountain, its area inset by the sand gap (also its hover shape).
        mountain_outlines: per mountain, its exact outline (no inset).
        mountain_colours: per mountain, an index into ``style.MOUNTAIN_FILLS``.
        rivers: per river, the watercourse segments as pairs of field numbers.
        river_paths: per river, the watercourses as one open path.
        plate: the board's outer outline (all 91 fields), slightly grown.
        rect: the bounding rectangle of the plate.
    """

    centres: tuple[QPointF, ...]
    hexagons: tuple[QPolygonF, ...]
    mountains: tuple[QPainterPath, ...]
    mountain_outlines: tuple[QPainterPath, ...]
    mountain_colours: tuple[int, ...]
    rivers: tuple[tuple[tuple[int, int], ...], ...]
    river_paths: tuple[QPainterPath, ...]
    plate: QPainterPath
    rect: QRectF


def _river_path(edges: tuple[tuple[int, int], ...], centres: tuple[QPointF, ...]) -> QPainterPath:
    path = QPainterPath()
    last = -1
    for a, b in edges:
        if a != last:
            path.moveTo(centres[a])
        path.lineTo(centres[b])
        last = b
    return path


def _fallback_watercourses(mask: int) -> tuple[tuple[int, int], ...]:
    """A spanning tree by breadth-first search, for boards that carry no watercourses."""
    fields = list(fields_of(mask))
    seen = {fields[0]}
    edges = []
    queue = [fields[0]]
    while queue:
        f = queue.pop(0)
        for g in NEIGHBOURS[f]:
            if mask >> g & 1 and g not in seen:
                seen.add(g)
                edges.append((f, g))
                queue.append(g)
    return tuple(edges)


@lru_cache(maxsize=32)
def board_geometry(board: Board) -> BoardGeometry:
    """The drawing geometry of ``board`` (cached)."""
    centres = tuple(centre(q, r) for q, r in COORDS)
    hexagons = tuple(hexagon(f) for f in range(N_FIELDS))
    outlines = tuple(outline(m) for m in board.mountains)
    areas = tuple(inset(p, style.SAND_GAP) for p in outlines)
    rivers = tuple(
        board.watercourses[i] if i < len(board.watercourses) else _fallback_watercourses(m)
        for i, m in enumerate(board.rivers)
    )
    river_paths = tuple(_river_path(edges, centres) for edges in rivers)
    grow = QPainterPathStroker()
    grow.setWidth(0.7 * style.HEX)
    grow.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    full = outline((1 << N_FIELDS) - 1)
    plate = full.united(grow.createStroke(full)).simplified()
    return BoardGeometry(
        centres,
        hexagons,
        areas,
        outlines,
        colouring(board.mountains, len(style.MOUNTAIN_FILLS)),
        rivers,
        river_paths,
        plate,
        plate.boundingRect(),
    )
