"""The board's graphics items: plate, mountains, rivers, fields (markers), the line preview and
the mark of the last move.

Items override only ``boundingRect``, ``shape`` and ``paint`` (plus Qt's camelCase event
handlers); their geometry comes precomputed from :mod:`.geometry`. A :class:`FieldItem`
paints one marker and reports hovers and clicks to its scene (see :mod:`.scene`); it knows
nothing of the rules.

Marker states: :data:`FACEDOWN` (brown disc), :data:`GOLD` (gold disc with a nugget),
:data:`EMPTY` (an empty ring).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    Property,
    QEasingCurve,
    QPauseAnimation,
    QPointF,
    QRectF,
    QSequentialAnimationGroup,
    Qt,
    QVariantAnimation,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPolygonF,
    QRadialGradient,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from .. import style
from .geometry import inset

if TYPE_CHECKING:
    from .scene import TableScene

FACEDOWN, GOLD, EMPTY = 0, 1, 2

Z_PLATE, Z_MOUNTAIN, Z_RIVER, Z_LAST, Z_PREVIEW, Z_FIELD, Z_FLYING = 0, 1, 3, 3.5, 4, 5, 10


class PlateItem(QGraphicsItem):
    """The board itself: a sand-coloured hexagonal plate with a wooden rim."""

    def __init__(self, plate: QPainterPath) -> None:
        super().__init__()
        self._path = plate
        self._rect = plate.boundingRect().adjusted(-8, -8, 8, 8)
        self.setZValue(Z_PLATE)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        shadow = QPainterPath(self._path)
        shadow.translate(0, 5)
        painter.fillPath(shadow, QColor(0, 0, 0, 90))
        painter.setPen(QPen(style.PLATE_EDGE, 6, Qt.PenStyle.SolidLine))
        grad = QRadialGradient(self._rect.center(), self._rect.width() * 0.6)
        grad.setColorAt(0.0, style.SAND.lighter(104))
        grad.setColorAt(1.0, style.SAND_DARK)
        painter.setBrush(QBrush(grad))
        painter.drawPath(self._path)


class _TerritoryItem(QGraphicsItem):
    """A mountain or a river: a precomputed outline and shape, highlighted while hovered."""

    def __init__(self, index: int, rect: QRectF, shape: QPainterPath, z: float) -> None:
        super().__init__()
        self.index = index
        self._rect = rect
        self._shape = shape
        self._highlight = False
        self.setZValue(z)

    def set_highlighted(self, on: bool) -> None:
        if on != self._highlight:
            self._highlight = on
            self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def shape(self) -> QPainterPath:
        return self._shape


class MountainItem(_TerritoryItem):
    """One mountain: a filled area with contour lines, inset so sand paths show between."""

    def __init__(self, index: int, area: QPainterPath, colour: QColor) -> None:
        super().__init__(index, area.boundingRect().adjusted(-4, -4, 4, 4), area, Z_MOUNTAIN)
        self._area = area
        self._colour = colour
        self._contours = [
            c for c in (inset(area, 0.28 * style.HEX), inset(area, 0.62 * style.HEX)) if c
        ]
        self._ring = inset(area, 0.08 * style.HEX)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        base = self._colour.lighter(118) if self._highlight else self._colour
        grad = QLinearGradient(self._rect.topLeft(), self._rect.bottomRight())
        grad.setColorAt(0.0, base.lighter(112))
        grad.setColorAt(1.0, base.darker(112))
        painter.setPen(QPen(base.darker(135), 1.2))
        painter.setBrush(QBrush(grad))
        painter.drawPath(self._area)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(style.MOUNTAIN_PEAK, 1.3))
        for contour in self._contours:
            painter.drawPath(contour)
        if self._highlight:
            painter.setPen(QPen(style.MOUNTAIN_HIGHLIGHT, 0.16 * style.HEX))
            painter.drawPath(self._ring)


class RiverItem(_TerritoryItem):
    """One river: its watercourses as a blue line with a light core joining field centres."""

    def __init__(self, index: int, path: QPainterPath) -> None:
        pad = style.RIVER_WIDTH * 1.5
        stroker = QPainterPathStroker()
        stroker.setWidth(style.RIVER_WIDTH)
        super().__init__(
            index,
            path.boundingRect().adjusted(-pad, -pad, pad, pad),
            stroker.createStroke(path),
            Z_RIVER,
        )
        self._path = path

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        cap, join = Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin
        if self._highlight:
            glow = QColor(style.RIVER_HIGHLIGHT)
            glow.setAlpha(210)
            painter.setPen(QPen(glow, style.RIVER_WIDTH * 2.1, Qt.PenStyle.SolidLine, cap, join))
            painter.drawPath(self._path)
        painter.setPen(QPen(style.RIVER_DARK, style.RIVER_WIDTH, Qt.PenStyle.SolidLine, cap, join))
        painter.drawPath(self._path)
        core = style.RIVER_LIGHT.lighter(115) if self._highlight else style.RIVER_LIGHT
        painter.setPen(QPen(core, style.RIVER_CORE, Qt.PenStyle.SolidLine, cap, join))
        painter.drawPath(self._path)


def paint_marker(painter: QPainter, centre: QPointF, status: int, radius: float) -> None:
    """Draw a marker of ``status`` (scaled by ``radius``) centred on ``centre``."""
    if radius <= 0.2:
        return
    if status == EMPTY:
        painter.setBrush(QColor(255, 250, 235, 70))
        painter.setPen(QPen(style.EMPTY_RING, 0.075 * style.HEX))
        painter.drawEllipse(centre, radius * 0.86, radius * 0.86)
        return
    light, base, rim = (
        (style.FACEDOWN_LIGHT, style.FACEDOWN, style.FACEDOWN_RIM)
        if status == FACEDOWN
        else (style.GOLD_LIGHT, style.GOLD, style.GOLD_DARK)
    )
    shadow = QColor(0, 0, 0, 70)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(shadow)
    painter.drawEllipse(centre + QPointF(radius * 0.08, radius * 0.14), radius, radius)
    grad = QRadialGradient(centre - QPointF(radius * 0.35, radius * 0.4), radius * 1.4)
    grad.setColorAt(0.0, light)
    grad.setColorAt(0.55, base)
    grad.setColorAt(1.0, base.darker(125))
    painter.setBrush(QBrush(grad))
    painter.setPen(QPen(rim, 0.06 * style.HEX))
    painter.drawEllipse(centre, radius, radius)
    if status == FACEDOWN:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(255, 220, 180, 60), 0.04 * style.HEX))
        painter.drawEllipse(centre, radius * 0.62, radius * 0.62)
    else:
        # A nugget: an irregular lump, so gold differs from face down by shape as well.
        nugget = QPolygonF(
            [
                centre + QPointF(radius * x, radius * y)
                for x, y in (
                    (-0.42, 0.05),
                    (-0.22, -0.33),
                    (0.12, -0.38),
                    (0.42, -0.12),
                    (0.36, 0.25),
                    (0.02, 0.38),
                    (-0.3, 0.3),
                )
            ]
        )
        painter.setBrush(style.GOLD_DARK.lighter(115))
        painter.setPen(QPen(style.GOLD_DARK.darker(130), 0.035 * style.HEX))
        painter.drawPolygon(nugget)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 230, 200))
        painter.drawEllipse(
            centre + QPointF(-radius * 0.1, -radius * 0.15), radius * 0.1, radius * 0.1
        )


class FieldItem(QGraphicsObject):
    """One field: its hexagon is the hover and click area; it paints the field's marker.

    A change of marker plays as stages (e.g. face down -> gold -> empty): ``progress`` runs from
    0 to ``len(stages) - 1`` and each step between two stages is a flip (face down <-> gold) or
    a shrink/grow of the gold disc (gold <-> empty).
    """

    def __init__(self, number: int, centre: QPointF, hexagon: QPolygonF) -> None:
        super().__init__()
        self.number = number
        self.centre = centre
        self._hex = hexagon
        self._shape = QPainterPath()
        self._shape.addPolygon(hexagon)
        self._shape.closeSubpath()
        self._rect = hexagon.boundingRect().adjusted(-2, -2, 6, 6)
        self.status = FACEDOWN
        self._stages: list[int] = [FACEDOWN]
        self._progress = 0.0
        self._selected = False
        self._anim: QSequentialAnimationGroup | None = None
        self.setZValue(Z_FIELD)
        self.setAcceptHoverEvents(True)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton | Qt.MouseButton.RightButton)

    # --- animation ----------------------------------------------------------------------

    def _get_progress(self) -> float:
        return self._progress

    def _set_progress(self, value: float) -> None:
        self._progress = value
        self.update()

    progress = Property(float, _get_progress, _set_progress)

    def set_status(self, stages: Sequence[int], duration: int = 0, delay: int = 0) -> None:
        """Show the marker going through ``stages`` (the last one is the new status)."""
        if self._anim is not None:
            self._anim.stop()
            self._anim = None
        self.status = stages[-1]
        if duration <= 0 or len(stages) < 2:
            self._stages = [stages[-1]]
            self._set_progress(0.0)
            return
        self._stages = list(stages)
        self._set_progress(0.0)
        group = QSequentialAnimationGroup(self)
        if delay > 0:
            group.addAnimation(QPauseAnimation(delay, group))
        anim = QVariantAnimation(group)
        anim.setStartValue(0.0)
        anim.setEndValue(float(len(stages) - 1))
        anim.setDuration(duration * (len(stages) - 1))
        anim.setEasingCurve(QEasingCurve.Type.InOutQuad)
        anim.valueChanged.connect(self._set_progress)
        group.addAnimation(anim)
        group.finished.connect(self._settle)
        self._anim = group
        group.start()

    def _settle(self) -> None:
        self._stages = [self.status]
        self._anim = None
        self._set_progress(0.0)

    def animating(self) -> bool:
        return self._anim is not None

    def set_selected_end(self, on: bool) -> None:
        if on != self._selected:
            self._selected = on
            self.update()

    # --- QGraphicsItem ------------------------------------------------------------------

    def boundingRect(self) -> QRectF:
        return self._rect

    def shape(self) -> QPainterPath:
        return self._shape

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = style.MARKER_RADIUS
        c = self.centre
        if len(self._stages) == 1:
            paint_marker(painter, c, self._stages[0], r)
        else:
            i = min(int(self._progress), len(self._stages) - 2)
            t = self._progress - i
            a, b = self._stages[i], self._stages[i + 1]
            if EMPTY in (a, b):
                # Collection (gold shrinks into the ring) or its undo (gold grows back).
                paint_marker(painter, c, EMPTY, r)
                other = b if a == EMPTY else a
                size = t if a == EMPTY else 1.0 - t
                paint_marker(painter, c, other, r * size)
            else:
                # A flip: the marker turns about its vertical axis.
                painter.save()
                painter.translate(c)
                painter.scale(max(abs(math.cos(math.pi * t)), 0.02), 1.0)
                painter.translate(-c)
                paint_marker(painter, c, a if t < 0.5 else b, r)
                painter.restore()
        if self._selected:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(style.SELECTED, 0.1 * style.HEX, Qt.PenStyle.SolidLine))
            painter.drawEllipse(c, r * 1.22, r * 1.22)
            painter.setPen(QPen(style.INK, 0.04 * style.HEX))
            painter.drawEllipse(c, r * 1.34, r * 1.34)

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._table().field_hovered(self.number)
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._table().field_left(self.number)
        super().hoverLeaveEvent(event)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if not self._shape.contains(event.pos()):
            return
        if event.button() == Qt.MouseButton.RightButton:
            self._table().cancel_requested()
        elif event.button() == Qt.MouseButton.LeftButton:
            self._table().field_clicked(self.number)

    def _table(self) -> TableScene:
        scene = self.scene()
        assert scene is not None
        return scene  # type: ignore[return-value]


class PreviewItem(QGraphicsItem):
    """The line about to be revealed: a translucent band over its markers, green when the move
    would be legal, red (and dashed) when not."""

    def __init__(self) -> None:
        super().__init__()
        self._path = QPainterPath()
        self._legal = True
        self.setZValue(Z_PREVIEW)
        self.setVisible(False)

    def show_line(self, points: Sequence[QPointF], legal: bool) -> None:
        self.prepareGeometryChange()
        line = QPainterPath()
        line.moveTo(points[0])
        for p in points[1:]:
            line.lineTo(p)
        if len(points) == 1:
            line.lineTo(points[0] + QPointF(0.01, 0))
        stroker = QPainterPathStroker()
        stroker.setWidth(style.MARKER_RADIUS * 2.7)
        stroker.setCapStyle(Qt.PenCapStyle.RoundCap)
        self._path = stroker.createStroke(line).simplified()
        self._legal = legal
        self.setVisible(True)
        self.update()

    def clear(self) -> None:
        self.setVisible(False)

    def is_legal(self) -> bool:
        return self._legal

    def boundingRect(self) -> QRectF:
        return self._path.boundingRect().adjusted(-4, -4, 4, 4)

    def shape(self) -> QPainterPath:
        return self._path

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = style.PREVIEW_OK if self._legal else style.PREVIEW_BAD
        fill = QColor(colour)
        fill.setAlpha(95)
        pen = QPen(colour.darker(120), 0.09 * style.HEX)
        if not self._legal:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(fill)
        painter.drawPath(self._path)


class LastMoveItem(QGraphicsItem):
    """The last move, marked until the next one: a band in the mover's colour along its line
    and a ring around each of its fields (the markers it revealed, the gold it buried) — seen
    whatever the markers became since (gold, collected, face down again)."""

    def __init__(self) -> None:
        super().__init__()
        self._band = QPainterPath()
        self._centres: list[QPointF] = []
        self._colour = QColor(style.INK)
        self._rect = QRectF()
        self.setZValue(Z_LAST)
        self.setVisible(False)

    def show_move(self, centres: Sequence[QPointF], colour: QColor) -> None:
        """Mark the fields at ``centres`` (a line in order, or one field) in ``colour``; none:
        hide the mark."""
        self.prepareGeometryChange()
        self._centres = list(centres)
        self._colour = QColor(colour)
        self._band = QPainterPath()
        if len(self._centres) > 1:
            line = QPainterPath()
            line.moveTo(self._centres[0])
            for p in self._centres[1:]:
                line.lineTo(p)
            stroker = QPainterPathStroker()
            stroker.setWidth(style.MARKER_RADIUS * 2.9)
            stroker.setCapStyle(Qt.PenCapStyle.RoundCap)
            self._band = stroker.createStroke(line).simplified()
        r = style.MARKER_RADIUS * 1.6
        rect = QRectF()
        for c in self._centres:
            rect = rect.united(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r))
        self._rect = rect.united(self._band.boundingRect())
        self.setVisible(bool(self._centres))
        self.update()

    def centres(self) -> list[QPointF]:
        """The centres of the fields marked now (empty: nothing is marked)."""
        return list(self._centres) if self.isVisible() else []

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-4, -4, 4, 4)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if not self._band.isEmpty():
            fill = QColor(self._colour)
            fill.setAlpha(100)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(fill)
            painter.drawPath(self._band)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        r = style.MARKER_RADIUS * 1.22
        for pen in (
            QPen(QColor(255, 255, 255, 200), 0.16 * style.HEX),
            QPen(self._colour, 0.09 * style.HEX),
        ):
            painter.setPen(pen)
            for c in self._centres:
                painter.drawEllipse(c, r, r)


class NuggetItem(QGraphicsObject):
    """A gold nugget flying from a field to the score of the seat that collects it."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_FLYING)
        r = style.MARKER_RADIUS * 0.8
        self._rect = QRectF(-r - 2, -r - 2, 2 * r + 6, 2 * r + 6)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_marker(painter, QPointF(0, 0), GOLD, style.MARKER_RADIUS * 0.8)
