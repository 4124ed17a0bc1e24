"""Marks on the Golden City board: the lantern's light around a prospector below (with the rolls
it has left), the ring on the field where the last move ended, the arrow of the move the
pointer previews, and the burst where the locomotive hits someone.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from .. import style
from . import art, icons
from .items import Z_OVERLAY, animate

H = style.HEX


class LightItem(QGraphicsItem):
    """The lantern's light around its prospector's pawn (a child of the pawn, behind it)."""

    def __init__(self, pawn: QGraphicsItem) -> None:
        super().__init__(pawn)
        self.rolls = 0
        self.radius = 1.35 * H
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.hide()

    def set_rolls(self, rolls: int) -> None:
        self.rolls = rolls
        self.setVisible(rolls > 0)
        self.update()

    def boundingRect(self) -> QRectF:
        r = self.radius
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        icons.light(painter, QPointF(0, 0), self.radius, self.rolls)


class MarkItem(QGraphicsItem):
    """The last move's ring and the previewed move's arrow."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_OVERLAY - 1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._ring: tuple[QPointF, float, QColor] | None = None
        self._arrow: tuple[QPointF, QPointF] | None = None
        self._rect = QRectF()

    def clear(self) -> None:
        self.prepareGeometryChange()
        self._ring = None
        self._bounds()

    def ring(self, centre: QPointF, radius: float, colour: QColor) -> None:
        self.prepareGeometryChange()
        self._ring = (centre, radius, colour)
        self._bounds()

    def arrow(self, start: QPointF | None, end: QPointF | None) -> None:
        self.prepareGeometryChange()
        self._arrow = None if start is None or end is None else (start, end)
        self._bounds()

    def has_ring(self) -> bool:
        return self._ring is not None

    def _bounds(self) -> None:
        rect = QRectF()
        if self._ring is not None:
            c, r, _ = self._ring
            rect = rect.united(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r))
        if self._arrow is not None:
            a, b = self._arrow
            rect = rect.united(QRectF(a, b).normalized())
        self._rect = rect.adjusted(-H, -H, H, H)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self._ring is not None:
            c, r, colour = self._ring
            painter.setPen(QPen(QColor(255, 255, 255, 200), 0.2 * H))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(c, r, r)
            painter.setPen(QPen(colour, 0.12 * H, Qt.PenStyle.DashLine))
            painter.drawEllipse(c, r, r)
        if self._arrow is not None:
            a, b = self._arrow
            icons.arrow(painter, a, b, QColor(255, 255, 255, 210), 0.16 * H)


class BurstItem(QGraphicsObject):
    """A burst where the locomotive hit a prospector: it grows and fades in ``ms``, then
    removes itself from its scene."""

    def __init__(self, centre: QPointF, ms: int) -> None:
        super().__init__()
        self.setPos(centre)
        self.setZValue(Z_OVERLAY - 0.5)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.t = 0.0
        self._anim = animate(ms, self._step, self._done)

    def _step(self, t: float) -> None:
        self.t = t
        self.update()

    def _done(self) -> None:
        scene = self.scene()
        if scene is not None:
            scene.removeItem(self)

    def boundingRect(self) -> QRectF:
        return QRectF(-1.8 * H, -1.8 * H, 3.6 * H, 3.6 * H)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setOpacity(max(0.0, 1.0 - self.t))
        r = H * (0.8 + 0.9 * self.t)
        points = []
        for k in range(16):
            a = math.radians(k * 22.5)
            d = r if k % 2 == 0 else r * 0.55
            points.append(QPointF(d * math.cos(a), d * math.sin(a)))
        painter.setPen(QPen(QColor("#7a2a12"), 0.08 * H))
        painter.setBrush(QColor("#ffcc33"))
        painter.drawPolygon(QPolygonF(points))
        art.text(painter, QPointF(0, 0), "!", r * 0.9, QColor("#b3261e"))
