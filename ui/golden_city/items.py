"""The Golden City board's graphics items: the map, the mine inset, the fields that take clicks,
tokens, prospectors, the locomotive and the rafts.

Items override only ``boundingRect``, ``shape`` and ``paint`` (plus Qt's camelCase event
handlers); their geometry comes precomputed from :mod:`.geometry`. The terrain is painted by one
:class:`MapItem` (cached by the view in device pixels: sharp at any zoom, HiDPI included) and
the mine's rock and galleries by one :class:`MineItem`; a :class:`FieldItem` per field (surface
or mine) takes hovers and clicks, shows the field's highlight, and carries its tooltip.
Pieces drawn above the fields take no mouse buttons, so a click anywhere on a field reaches it.

Invariants: nothing here knows the rules; items show what the scene tells them.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, Qt, QTimer, QVariantAnimation
from PySide6.QtGui import QBrush, QColor, QLinearGradient, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from goldnet.games.golden_city.board import (
    CAVE,
    HILL,
    HOUSE,
    LAKE,
    LANDING,
    RAILWAY,
    STATION,
    Board,
)

from .. import style
from . import art, icons
from .geometry import MINE_HEX, Layout, shore_angle
from .places import column_letter, grid
from .words import compass

if TYPE_CHECKING:
    from .scene import TableScene

H = style.HEX
_LIVE: set[QVariantAnimation] = set()
"""Animations running: kept alive here, released after their end (never inside the signal of
their own end), so that no animation is deleted while it emits."""


def animate(
    ms: int,
    step: Callable[[float], None],
    done: Callable[[], None],
    curve: QEasingCurve.Type = QEasingCurve.Type.Linear,
    start: float = 0.0,
    end: float = 1.0,
) -> QVariantAnimation:
    """Run ``step(t)`` from ``start`` to ``end`` over ``ms`` milliseconds, then ``done()``.
    An item deleted meanwhile (its scene closed) stops the animation quietly."""
    anim = QVariantAnimation()
    anim.setStartValue(start)
    anim.setEndValue(end)
    anim.setDuration(ms)
    anim.setEasingCurve(curve)

    def stepped(t: float) -> None:
        try:
            step(t)
        except RuntimeError:  # the item is gone
            anim.stop()
            QTimer.singleShot(0, lambda: _LIVE.discard(anim))

    def finished() -> None:
        with contextlib.suppress(RuntimeError):  # the item is gone
            done()
        QTimer.singleShot(0, lambda: _LIVE.discard(anim))

    anim.valueChanged.connect(stepped)
    anim.finished.connect(finished)
    _LIVE.add(anim)
    anim.start()
    return anim


def stop(anim: QVariantAnimation | None) -> None:
    """Stop ``anim`` (None: nothing) and let it go."""
    if anim is not None:
        anim.stop()
        _LIVE.discard(anim)


Z_MAP, Z_GLOW, Z_FIELD, Z_TOKEN, Z_RAFT, Z_LOCO, Z_PAWN, Z_LIGHT = 0, 1, 2, 3, 3.5, 4, 5, 4.5
Z_OVERLAY = 20


class MapItem(QGraphicsItem):
    """The plate and the terrain: plains, hills, lakes with their landings, the railway, the
    station, the caves and the houses (in their seats' colours; unused houses are plains)."""

    def __init__(self, board: Board, lay: Layout, letters: dict[int, str]) -> None:
        super().__init__()
        self.board, self.lay = board, lay
        self.letters = letters
        """Per cave field, the letter that names it and its door."""
        self.house_colours: dict[int, QColor] = {}
        """Per house number in use, its seat's colour."""
        self.station_name = ""
        self.setZValue(Z_MAP)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._rect = lay.plate.adjusted(-12, -12, 12, 12)

    def set_houses(self, colours: dict[int, QColor], station_name: str) -> None:
        self.house_colours, self.station_name = colours, station_name
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        board, lay = self.board, self.lay
        plate = lay.plate
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 90))
        painter.drawRoundedRect(plate.translated(0, 6), 18, 18)
        painter.setPen(QPen(style.PLATE_EDGE, 7))
        grad = QLinearGradient(plate.topLeft(), plate.bottomRight())
        grad.setColorAt(0, QColor("#ead9a6"))
        grad.setColorAt(1, QColor("#d2bd83"))
        painter.setBrush(QBrush(grad))
        painter.drawRoundedRect(plate, 18, 18)
        self._edges(painter)
        used = {board.houses[h] for h in self.house_colours}
        grid = QPen(QColor(120, 96, 52, 90), 1.1)
        for f, terrain in enumerate(board.terrain):
            if terrain == LAKE:
                continue
            fill = art.PALETTE["plain"] if (f * 7) % 5 else art.PALETTE["plain-dark"]
            if terrain == STATION:
                fill = art.PALETTE["cobble"]
            elif terrain == RAILWAY:
                fill = art.PALETTE["plain-dark"]
            painter.setPen(grid)
            painter.setBrush(fill)
            painter.drawPolygon(lay.hexes[f])
            if terrain in (0, LANDING) or (terrain == HOUSE and f not in used):
                art.tufts(painter, lay.centres[f], H, f)
        for outline in lay.lakes:
            art.water(painter, outline)
        for landings in board.landings:
            for f in landings:
                art.pier(painter, lay.centres[f], H * 0.82, shore_angle(board, lay, f))
        art.railway(painter, lay.track, H)
        for f, terrain in enumerate(board.terrain):
            c = lay.centres[f]
            if terrain == HILL:
                art.hill(painter, c, H)
            elif terrain == CAVE:
                art.cave(painter, c, H * 0.95, compass(self.letters.get(f, "")))
            elif terrain == STATION:
                art.station(painter, c, H * 0.9)
                if self.station_name:
                    art.text(
                        painter,
                        c + QPointF(0, 1.05 * H),
                        self.station_name,
                        0.42 * H,
                        art.PALETTE["cream"],
                        outline=art.PALETTE["ink"],
                    )
            elif terrain == HOUSE and f in used:
                number = next(h for h, g in board.houses.items() if g == f)
                art.house(painter, c, H * 0.95, self.house_colours[number])

    def _edges(self, painter: QPainter) -> None:
        """The coordinates along the plate's edges (:mod:`.places`): each column's letter
        above the top row and below the bottom one, each row's number left and right of it."""
        board, lay = self.board, self.lay
        g = grid(board)
        plate, colour, size = lay.plate, QColor(96, 72, 34), 0.36 * H
        margin = (plate.height() - _map_height(lay)) / 4  # the middle of the plate's margin
        for f, (column, row) in enumerate(zip(g.columns, g.rows, strict=True)):
            c = lay.centres[f]
            letter = column_letter(column)
            if row == 0:
                art.text(painter, QPointF(c.x(), plate.top() + margin), letter, size, colour)
            if row == g.height - 1:
                art.text(painter, QPointF(c.x(), plate.bottom() - margin), letter, size, colour)
        for row in range(g.height):
            f = g.rows.index(row)
            y = lay.centres[f].y()
            for x in (plate.left() + margin, plate.right() - margin):
                art.text(painter, QPointF(x, y), str(row + 1), size, colour)


def _map_height(lay: Layout) -> float:
    """The height of the surface's hexes (the plate less its margins)."""
    tops = [p.y() for hexagon in lay.hexes for p in hexagon]
    return max(tops) - min(tops) if tops else 0.0


class MineItem(QGraphicsItem):
    """The mine's inset: a frame of rock with the galleries dug in it, joined where they are
    neighbours, and its doors named after their caves."""

    def __init__(self, board: Board, lay: Layout, letters: dict[int, str]) -> None:
        super().__init__()
        self.board, self.lay = board, lay
        self.letters = letters
        """Per door (mine field), the letter of its cave."""
        self.title = ""
        self.setZValue(Z_MAP)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._rect = lay.mine_rect.adjusted(-10, -10, 10, 10)

    def set_title(self, title: str) -> None:
        self.title = title
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        lay, board = self.lay, self.board
        frame = lay.mine_rect
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 90))
        painter.drawRoundedRect(frame.translated(0, 6), 16, 16)
        grad = QLinearGradient(frame.topLeft(), frame.bottomRight())
        grad.setColorAt(0, QColor("#3d3027"))
        grad.setColorAt(1, art.PALETTE["mine-rock"])
        painter.setPen(QPen(style.PLATE_EDGE, 6))
        painter.setBrush(QBrush(grad))
        painter.drawRoundedRect(frame, 16, 16)
        painter.setPen(QPen(QColor(255, 255, 255, 18), 2))
        for k in range(14):  # strata
            y = frame.top() + frame.height() * (k + 0.5) / 14
            painter.drawLine(
                QPointF(frame.left() + 12, y + (k % 3) * 3),
                QPointF(frame.right() - 12, y - (k % 2) * 4),
            )
        art.text(
            painter,
            QPointF(frame.center().x(), frame.top() + 0.6 * H),
            self.title,
            0.5 * H,
            art.PALETTE["gold-light"],
        )
        tunnel = QPen(
            art.PALETTE["gallery"], MINE_HEX * 0.9, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap
        )
        painter.setPen(tunnel)
        for m, near in enumerate(board.mine_neighbours):
            for n in near:
                if n > m:
                    painter.drawLine(lay.mine_centres[m], lay.mine_centres[n])
        painter.setPen(QPen(art.PALETTE["gallery-light"].darker(130), 1.5))
        for m, c in enumerate(lay.mine_centres):
            door = board.door_cave[m] >= 0
            painter.setBrush(QColor("#8a6a3e") if door else art.PALETTE["gallery-light"])
            painter.drawEllipse(c, MINE_HEX * 0.72, MINE_HEX * 0.72)
            if door:
                painter.setBrush(art.PALETTE["mouth"])
                painter.drawRoundedRect(
                    QRectF(
                        c.x() - 0.38 * MINE_HEX,
                        c.y() - 0.45 * MINE_HEX,
                        0.76 * MINE_HEX,
                        0.9 * MINE_HEX,
                    ),
                    5,
                    5,
                )
                art.text(
                    painter,
                    c,
                    compass(self.letters.get(m, "")),
                    0.6 * MINE_HEX,
                    art.PALETTE["gold-light"],
                )
            # a gallery's number is drawn by its FieldItem: above the gallery's highlight


class FieldItem(QGraphicsItem):
    """One field (``kind`` ``"field"`` on the surface, ``"mine"`` below): its hit area, its
    highlight (a glow in a colour, maybe with a label: the step count a horse gives), its
    hover ring; clicks and hovers go to the scene."""

    def __init__(
        self,
        kind: str,
        number: int,
        centre: QPointF,
        hexagon: object,
        size: float,
    ) -> None:
        super().__init__()
        self.kind, self.number, self.centre, self.size = kind, number, centre, size
        self._shape = QPainterPath()
        self._shape.addPolygon(hexagon)  # type: ignore[arg-type]
        self._shape.closeSubpath()
        self._rect = self._shape.boundingRect().adjusted(-4, -4, 4, 4)
        self.glow: QColor | None = None
        self.label = ""
        self.tag = ""
        """A gallery's number (:mod:`.places`), drawn at its lower right above the highlight
        (a highlight never hides it); "" for a surface field and a door."""
        self.hovered = False
        self.setZValue(Z_GLOW)
        self.setAcceptHoverEvents(True)

    def set_glow(self, colour: QColor | None, label: str = "") -> None:
        if (colour, label) != (self.glow, self.label):
            self.glow, self.label = colour, label
            self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def shape(self) -> QPainterPath:
        return self._shape

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.glow is not None:
            fill = QColor(self.glow)
            fill.setAlpha(95 if not self.hovered else 150)
            painter.setPen(QPen(self.glow, self.size * 0.13))
            painter.setBrush(fill)
            if self.kind == "mine":
                painter.drawEllipse(self.centre, self.size * 0.8, self.size * 0.8)
            else:
                painter.drawPath(self._shape)
        elif self.hovered:
            painter.setPen(QPen(QColor(255, 255, 255, 160), self.size * 0.08))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            if self.kind == "mine":
                painter.drawEllipse(self.centre, self.size * 0.8, self.size * 0.8)
            else:
                painter.drawPath(self._shape)
        if self.tag:  # above the highlight
            art.text(
                painter,
                self.centre + QPointF(0.64 * self.size, 0.62 * self.size),
                self.tag,
                0.36 * self.size,
                art.PALETTE["gold-light"],
                outline=art.PALETTE["ink"],
            )
        if self.label:
            at = self.centre + QPointF(self.size * 0.5, -self.size * 0.5)
            painter.setPen(QPen(QColor("#ffffff"), self.size * 0.05))
            painter.setBrush(self.glow or QColor("#333333"))
            painter.drawEllipse(at, self.size * 0.27, self.size * 0.27)
            art.text(painter, at, self.label, self.size * 0.34, QColor("#ffffff"))

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.hovered = True
        self.update()
        scene = self.table()
        if scene is not None:
            scene.field_hovered((self.kind, self.number))

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.hovered = False
        self.update()
        scene = self.table()
        if scene is not None:
            scene.field_left((self.kind, self.number))

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        scene = self.table()
        if scene is not None and event.button() == Qt.MouseButton.RightButton:
            scene.cancelRequested.emit()
        elif scene is not None and event.button() == Qt.MouseButton.LeftButton:
            scene.clicked.emit((self.kind, self.number))
        event.accept()

    def table(self) -> TableScene | None:
        """The table scene this field is on (Qt's: no reference of the item's own, so no cycle
        between a scene and its items)."""
        return self.scene()  # type: ignore[return-value]


class PieceItem(QGraphicsItem):
    """A piece drawn by ``draw(painter, centre, size)`` — or ``draw(painter, centre, size,
    colour)`` when it has a ``colour`` (a prospector's) — around its position: it glides from
    field to field (:meth:`glide`) and takes no mouse buttons."""

    def __init__(
        self, draw: Callable[..., None], size: float, z: float, colour: QColor | None = None
    ) -> None:
        super().__init__()
        self.draw, self.size, self.colour = draw, size, colour
        self._rect = QRectF(-1.1 * size, -1.3 * size, 2.2 * size, 2.3 * size)
        self._anim: QVariantAnimation | None = None
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.colour is None:
            self.draw(painter, QPointF(0, 0), self.size)
        else:
            self.draw(painter, QPointF(0, 0), self.size, self.colour)

    def glide(self, target: QPointF, ms: int, hop: float = 0.0) -> None:
        """Move to ``target`` in ``ms`` milliseconds (at once for 0), hopping ``hop`` high."""
        stop(self._anim)
        self._anim = None
        start = self.pos()
        if ms <= 0 or start == target:
            self.setPos(target)
            return

        def step(t: float) -> None:
            lift = QPointF(0, -hop * 4 * t * (1 - t))
            self.setPos(start + (target - start) * t + lift)

        def done() -> None:
            self.setPos(target)
            self._anim = None

        self._anim = animate(ms, step, done, QEasingCurve.Type.InOutCubic)

    def moving(self) -> bool:
        return self._anim is not None


class TokenItem(QGraphicsItem):
    """A hill's or a gallery's token: face down, a nugget, a thief with its loot, a vein, a
    ghost, a cave-in or a wall — or nothing. A change turns it over with a short flip."""

    def __init__(self, below: bool, size: float) -> None:
        super().__init__()
        self.below, self.size = below, size
        self.code = -1
        self.loot = (0, 0)
        self.peeked = ""
        """The value this seat saw with its lantern (its own window only), or ""."""
        self._shown = -1
        self._flip = 1.0
        self._anim: QVariantAnimation | None = None
        self._rect = QRectF(-1.3 * size, -1.3 * size, 2.6 * size, 2.6 * size)
        self.setZValue(Z_TOKEN)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return self._rect

    def set_code(self, code: int, loot: tuple[int, int], ms: int) -> None:
        """Show ``code`` (the observation's, -1 face down), turning over in ``ms``."""
        self.loot = loot
        if code == self.code:
            self.update()
            return
        self.code = code
        if ms <= 0 or self._shown == code:
            self._shown = code
            self._flip = 1.0
            self.update()
            return
        stop(self._anim)

        def step(t: float) -> None:
            if t >= 0.5:
                self._shown = self.code
            self._flip = abs(math.cos(math.pi * t))
            self.update()

        def done() -> None:
            self._shown, self._flip, self._anim = self.code, 1.0, None
            self.update()

        self._anim = animate(ms, step, done)

    def flipping(self) -> bool:
        return self._anim is not None

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.scale(max(0.05, self._flip), 1.0)
        r, code, c = self.size, self._shown, QPointF(0, 0)
        if code == -1:
            art.token_down(painter, c, r, stone=self.below)
            if self.peeked:
                painter.setOpacity(0.85)
                self._face(painter, c + QPointF(r * 0.75, -r * 0.75), r * 0.55, self.peeked)
            return
        if code == 0:
            return
        if not self.below:
            if code < 10:
                art.nugget(painter, c, r * 0.95, code)
            else:
                art.thief(painter, c, r, code - 10)
                gold, thieves = self.loot
                if gold or thieves:
                    art.loot(painter, c + QPointF(-r * 1.0, r * 0.7), r * 0.7, gold, thieves)
            return
        if code < 20:
            icons.vein(painter, c, r, code)
        elif code == 20:
            icons.ghost(painter, c, r)
        else:
            icons.rubble(painter, c, r * 0.85, walled=code == 22)

    @staticmethod
    def _face(painter: QPainter, c: QPointF, r: float, value: str) -> None:
        """A peeked token's value, small, on a light disc (the lantern's glimpse)."""
        painter.setPen(QPen(QColor("#f4b43a"), r * 0.15))
        painter.setBrush(QColor("#fff6d8"))
        painter.drawEllipse(c, r * 1.05, r * 1.05)
        kind, _, number = value.partition("-")
        if kind == "nugget":
            art.nugget(painter, c, r * 0.8, int(number))
        else:
            art.thief(painter, c, r * 0.8, int(number))
