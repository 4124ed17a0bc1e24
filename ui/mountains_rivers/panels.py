"""The items around the board: the two players' panels, their shovels, and the throwing tiles.

A :class:`PlayerPanelItem` shows a seat's name and colour, its territory family, its gold and
one slot per shovel; the :class:`ShovelItem` objects themselves are separate so that a shovel
can fly from one panel to the other. The :class:`TilesItem` shows the current range and the
upright wooden tiles still in play, each face as black strokes (seed, "Check the roll").

Each of them explains itself in a tooltip worded for players (:func:`panel_tooltip`,
:func:`shovel_tooltip`, :func:`tiles_tooltip`; context ``Panels``), which the scene sets from
the position it shows.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from html import escape

from PySide6.QtCore import (
    Property,
    QCoreApplication,
    QEasingCurve,
    QPointF,
    QRectF,
    Qt,
    QVariantAnimation,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from goldnet.games.mountains_rivers.rules import FREE, TILES, Observation

from .. import style
from ..texts import arg
from .items import GOLD, Z_FLYING, paint_marker

H = style.HEX
PANEL_W = 7.4 * H
PANEL_H = 4.6 * H
TILES_W = 6.0 * H
ALL_TILES: tuple[tuple[int, int], ...] = TILES[5]
"""The three throwing tiles; fewer stay in play as the range shrinks (RULINGS, "The roll")."""
SHOVEL_SLOTS = 4
"""Shovels always sum to four (two each at the start)."""


# --- tooltips: what each item means, for players -------------------------------------------


def _lines(lines: Sequence[str]) -> str:
    """Tooltip lines as rich text, so that Qt wraps a long one (names and words escaped)."""
    return "<qt>" + "<br>".join(escape(line) for line in lines) + "</qt>"


def panel_tooltip(seat: int, names: Sequence[str], obs: Observation | None) -> str:
    """The tooltip of seat ``seat``'s panel: its family, its gold, how many of its territories
    are collected, what its shovels allow (``obs``: the position shown). Names are labels,
    never the subject of a sentence (a player may be called "You")."""
    name = names[seat] or (
        QCoreApplication.translate("Panels", "Player 1")
        if seat == 0
        else QCoreApplication.translate("Panels", "Player 2")
    )
    if seat == 0:
        owns = QCoreApplication.translate(
            "Panels", "%1 — the 17 mountains (the green areas). The mountains move first."
        )
    else:
        owns = QCoreApplication.translate(
            "Panels", "%1 — the 17 rivers (the blue lines). The rivers move second."
        )
    lines = [arg(owns, name)]
    if obs is not None:
        board = obs.board
        territories = board.mountains if seat == 0 else board.rivers
        done = sum(1 for t in territories if not t & obs.facedown)
        lines.append(
            arg(QCoreApplication.translate("Panels", "Gold collected: %1."), obs.scores[seat])
        )
        if seat == 0:
            lines.append(
                arg(QCoreApplication.translate("Panels", "Mountains collected: %1 of 17."), done)
            )
        else:
            lines.append(
                arg(QCoreApplication.translate("Panels", "Rivers collected: %1 of 17."), done)
            )
        shovels = obs.shovels[seat]
        if shovels:
            lines.append(
                arg(
                    QCoreApplication.translate(
                        "Panels",
                        "Shovels: %1. Instead of revealing, a shovel lets its holder bury one "
                        "exposed gold marker; it then goes to the opponent.",
                    ),
                    shovels,
                )
            )
        else:
            lines.append(
                QCoreApplication.translate("Panels", "No shovel: no burying gold for now.")
            )
    return _lines(lines)


def shovel_tooltip(owner: str) -> str:
    """The tooltip of a shovel held by ``owner`` (a name)."""
    return _lines(
        [
            arg(QCoreApplication.translate("Panels", "Shovel — %1."), owner),
            QCoreApplication.translate(
                "Panels",
                "Instead of revealing, a player with a shovel may bury one exposed gold marker "
                "(turn it face down again); the shovel then goes to the opponent. No burying "
                "in free choice.",
            ),
        ]
    )


def tiles_tooltip(obs: Observation | None) -> str:
    """The tooltip of the tiles: the range, what the tiles in play can show, what the roll
    asks for."""
    if obs is None:
        return ""
    if obs.range_ is None:
        return _lines([QCoreApplication.translate("Panels", "The game is over.")])
    if obs.range_ == FREE:
        return _lines(
            [
                QCoreApplication.translate(
                    "Panels",
                    "Free choice: no tiles are thrown. Reveal one marker (click it twice) or "
                    "two neighbouring markers. Nobody can bury gold any more.",
                )
            ]
        )
    tiles = ", ".join(f"{a}|{b}" for a, b in TILES[obs.range_])
    lines = [
        arg(
            QCoreApplication.translate(
                "Panels",
                "Range 1–%1: the tiles %2 are thrown at the start of each turn; the roll is "
                "the number of black strokes showing.",
            ),
            obs.range_,
            tiles,
        ),
        QCoreApplication.translate(
            "Panels",
            "The range narrows when fewer than two straight lines of that many face-down "
            "markers remain, and widens again if burying makes them.",
        ),
    ]
    if obs.roll == 1:
        lines.append(QCoreApplication.translate("Panels", "Roll 1: reveal one face-down marker."))
    elif obs.roll is not None:
        lines.append(
            arg(
                QCoreApplication.translate(
                    "Panels", "Roll %1: reveal a straight line of exactly %1 face-down markers."
                ),
                obs.roll,
            )
        )
    return _lines(lines)


def round_pen(colour: QColor, width: float) -> QPen:
    """A solid pen with round caps and joins."""
    return QPen(
        colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin
    )


def font(size: float, bold: bool = False) -> QFont:
    f = QFont(style.FONT_FAMILY)
    f.setPixelSize(max(1, round(size)))
    f.setBold(bold)
    return f


def mountain_glyph(painter: QPainter, at: QPointF, size: float, colour: QColor) -> None:
    """Two peaks: the mountains' sign (shape, not colour)."""
    s = size
    peaks = QPolygonF(
        [
            at + QPointF(-s, s * 0.55),
            at + QPointF(-s * 0.35, -s * 0.5),
            at + QPointF(0.0, 0.05 * s),
            at + QPointF(s * 0.35, -s * 0.75),
            at + QPointF(s, s * 0.55),
        ]
    )
    painter.setPen(QPen(colour.darker(150), s * 0.12))
    painter.setBrush(colour)
    painter.drawPolygon(peaks)


def river_glyph(painter: QPainter, at: QPointF, size: float) -> None:
    """Two waves: the rivers' sign (shape, not colour)."""
    s = size
    for dy in (-0.3 * s, 0.3 * s):
        path = QPainterPath(at + QPointF(-s, dy))
        path.cubicTo(
            at + QPointF(-0.5 * s, dy - 0.45 * s),
            at + QPointF(-0.1 * s, dy + 0.45 * s),
            at + QPointF(0.3 * s, dy),
        )
        path.quadTo(at + QPointF(0.65 * s, dy - 0.3 * s), at + QPointF(s, dy))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(round_pen(style.RIVER_DARK, s * 0.26))
        painter.drawPath(path)


class PlayerPanelItem(QGraphicsItem):
    """A seat's panel: colour, name, family, gold, shovel slots, whose turn — or that the
    seat's connection is lost (``away``: the status in a warning colour)."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat
        self.name = ""
        self.family = ""
        self.status = ""
        self.colour = QColor(style.SEAT_DEFAULTS[seat])
        self.active = False
        self.winner = False
        self.away = False
        self.target_score = 0
        self.shown_score = 0
        self._rect = QRectF(0, 0, PANEL_W, PANEL_H)

    def set_info(self, name: str, family: str, colour: str) -> None:
        self.name, self.family, self.colour = name, family, QColor(colour)
        self.update()

    def set_state(
        self, active: bool, status: str, winner: bool = False, away: bool = False
    ) -> None:
        self.active, self.status, self.winner, self.away = active, status, winner, away
        self.update()

    def set_score(self, score: int, in_flight: int = 0) -> None:
        """Show ``score`` once ``in_flight`` nuggets still on their way have arrived."""
        self.target_score = score
        self.shown_score = max(0, score - in_flight)
        self.update()

    def nugget_arrived(self) -> None:
        self.shown_score = min(self.target_score, self.shown_score + 1)
        self.update()

    def score_point(self) -> QPointF:
        """Where collected nuggets fly to (scene coordinates)."""
        return self.mapToScene(QPointF(PANEL_W - 1.15 * H, 1.9 * H))

    def shovel_slot(self, i: int) -> QPointF:
        """Scene position of shovel slot ``i`` (0..3)."""
        return self.mapToScene(QPointF(0.75 * H + i * 1.05 * H, 3.55 * H))

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-8, -8, 8, 8)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self._rect
        if self.active:
            glow = QColor(self.colour)
            glow.setAlpha(110)
            painter.setPen(QPen(glow, 12))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(r, 12, 12)
        painter.setPen(
            QPen(self.colour if self.active else style.PANEL_EDGE, 4 if self.active else 2)
        )
        painter.setBrush(style.PANEL)
        painter.drawRoundedRect(r, 12, 12)
        # Colour band and name.
        band = QRectF(r.left() + 2, r.top() + 2, r.width() - 4, 1.05 * H)
        path = QPainterPath()
        path.addRoundedRect(band, 10, 10)
        painter.fillPath(path, self.colour)
        painter.setPen(QColor("white"))
        painter.setFont(font(0.55 * H, bold=True))
        painter.drawText(
            band.adjusted(0.3 * H, 0, -0.3 * H, 0),
            Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
            painter.fontMetrics().elidedText(
                self.name, Qt.TextElideMode.ElideRight, int(band.width() - 0.6 * H)
            ),
        )
        # Family.
        icon = QPointF(0.75 * H, 1.75 * H)
        if self.seat == 0:
            mountain_glyph(painter, icon, 0.38 * H, style.MOUNTAIN_FILLS[1])
        else:
            river_glyph(painter, icon, 0.38 * H)
        painter.setPen(style.INK)
        painter.setFont(font(0.45 * H))
        painter.drawText(
            QRectF(1.35 * H, 1.35 * H, 3.6 * H, 0.8 * H), Qt.AlignmentFlag.AlignVCenter, self.family
        )
        painter.setPen(style.AWAY if self.away else style.INK_SOFT)
        painter.setFont(font(0.4 * H, bold=self.active or self.winner or self.away))
        status = QRectF(0.35 * H, 2.2 * H, 4.6 * H, 0.7 * H)
        painter.drawText(
            status,
            Qt.AlignmentFlag.AlignVCenter,
            painter.fontMetrics().elidedText(
                self.status, Qt.TextElideMode.ElideRight, int(status.width())
            ),
        )
        # Gold.
        paint_marker(painter, QPointF(PANEL_W - 2.3 * H, 1.9 * H), GOLD, 0.36 * H)
        painter.setPen(style.INK)
        painter.setFont(font(0.95 * H, bold=True))
        painter.drawText(
            QRectF(PANEL_W - 2.0 * H, 1.25 * H, 1.8 * H, 1.3 * H),
            Qt.AlignmentFlag.AlignCenter,
            str(self.shown_score),
        )
        # Shovel slots (the shovels are separate items).
        painter.setPen(QPen(style.PANEL_EDGE.lighter(130), 1.2, Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for i in range(SHOVEL_SLOTS):
            c = self.mapFromScene(self.shovel_slot(i))
            painter.drawRoundedRect(
                QRectF(c.x() - 0.45 * H, c.y() - 0.55 * H, 0.9 * H, 1.1 * H), 5, 5
            )


class ShovelItem(QGraphicsObject):
    """One shovel; it flies between the panels' slots."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_FLYING - 1)
        self._anim: QVariantAnimation | None = None

    def boundingRect(self) -> QRectF:
        return QRectF(-0.5 * H, -0.6 * H, 1.0 * H, 1.2 * H)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.rotate(-28)
        handle = round_pen(style.SHOVEL_HANDLE, 0.11 * H)
        painter.setPen(handle)
        painter.drawLine(QPointF(0, -0.48 * H), QPointF(0, 0.12 * H))
        painter.drawLine(QPointF(-0.14 * H, -0.5 * H), QPointF(0.14 * H, -0.5 * H))
        blade = QPainterPath(QPointF(-0.2 * H, 0.08 * H))
        blade.lineTo(0.2 * H, 0.08 * H)
        blade.lineTo(0.2 * H, 0.34 * H)
        blade.quadTo(QPointF(0.0, 0.62 * H), QPointF(-0.2 * H, 0.34 * H))
        blade.closeSubpath()
        grad = QLinearGradient(QPointF(-0.2 * H, 0), QPointF(0.2 * H, 0))
        grad.setColorAt(0, style.SHOVEL_BLADE.lighter(130))
        grad.setColorAt(1, style.SHOVEL_BLADE.darker(120))
        painter.setBrush(QBrush(grad))
        painter.setPen(QPen(style.INK, 0.035 * H))
        painter.drawPath(blade)

    def move_to(
        self, target: QPointF, duration: int, on_done: Callable[[], None] | None = None
    ) -> None:
        """Fly to ``target`` in an arc (instantly when ``duration`` is 0)."""
        if self._anim is not None:
            self._anim.stop()
            self._anim = None
        if duration <= 0 or self.pos() == target:
            self.setPos(target)
            if on_done:
                on_done()
            return
        start = QPointF(self.pos())
        anim = QVariantAnimation(self)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        anim.setDuration(duration)
        anim.setEasingCurve(QEasingCurve.Type.InOutCubic)
        lift = -2.5 * H

        def step(t: float) -> None:
            p = start + (target - start) * t
            self.setPos(p + QPointF(0, lift * math.sin(math.pi * t)))
            self.setRotation(360 * t)

        def done() -> None:
            self.setRotation(0)
            self.setPos(target)
            self._anim = None
            if on_done:
                on_done()

        anim.valueChanged.connect(step)
        anim.finished.connect(done)
        self._anim = anim
        anim.start()

    def flying(self) -> bool:
        return self._anim is not None


def _tile_rects(count: int, centre_x: float, top: float) -> list[QRectF]:
    w, gap = 1.2 * H, 0.45 * H
    left = centre_x - (count * w + (count - 1) * gap) / 2
    return [QRectF(left + i * (w + gap), top, w, 2.05 * H) for i in range(count)]


class TilesItem(QGraphicsObject):
    """The roll: the range, and the wooden tiles still in play with the faces thrown."""

    def __init__(self) -> None:
        super().__init__()
        self._rect = QRectF(0, 0, TILES_W, PANEL_H)
        self.title = ""
        self.range_text = ""
        self.caption = ""
        self.tiles: tuple[tuple[int, int], ...] = ()
        self.faces: tuple[int, ...] | None = None
        self.roll: int | None = None
        self._tumble = 0.0
        self._anim: QVariantAnimation | None = None

    def _get_tumble(self) -> float:
        return self._tumble

    def _set_tumble(self, value: float) -> None:
        self._tumble = value
        self.update()

    tumble = Property(float, _get_tumble, _set_tumble)

    def set_roll(
        self,
        tiles: Sequence[tuple[int, int]],
        faces: Sequence[int] | None,
        roll: int | None,
        texts: tuple[str, str, str],
        duration: int = 0,
        rolled: bool = False,
    ) -> None:
        """Show ``tiles`` in play with ``faces`` up (None: not thrown); animate a new throw
        (``rolled``, or faces that changed)."""
        thrown = faces is not None and (rolled or tuple(faces) != self.faces or roll != self.roll)
        self.tiles = tuple(tiles)
        self.faces = tuple(faces) if faces is not None else None
        self.roll = roll
        self.title, self.range_text, self.caption = texts
        if self._anim is not None:
            self._anim.stop()
            self._anim = None
            self._tumble = 0.0
        if thrown and duration > 0:
            anim = QVariantAnimation(self)
            anim.setStartValue(1.0)
            anim.setEndValue(0.0)
            anim.setDuration(duration)
            anim.setEasingCurve(QEasingCurve.Type.OutCubic)
            anim.valueChanged.connect(self._set_tumble)
            anim.finished.connect(self._done)
            self._anim = anim
            anim.start()
        self.update()

    def _done(self) -> None:
        self._anim = None
        self._set_tumble(0.0)

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-4, -4, 4, 4)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self._rect
        painter.setPen(QPen(style.PANEL_EDGE, 2))
        painter.setBrush(style.PANEL)
        painter.drawRoundedRect(r, 12, 12)
        painter.setPen(style.INK_SOFT)
        painter.setFont(font(0.42 * H))
        painter.drawText(
            QRectF(0, 0.12 * H, r.width(), 0.6 * H), Qt.AlignmentFlag.AlignCenter, self.title
        )
        painter.setPen(style.INK)
        painter.setFont(font(0.6 * H, bold=True))
        painter.drawText(
            QRectF(0, 0.6 * H, r.width(), 0.8 * H), Qt.AlignmentFlag.AlignCenter, self.range_text
        )
        top = 1.45 * H
        # Every tile has its slot; those out of play (all of them in free choice) lie flat.
        rects = _tile_rects(len(ALL_TILES), r.center().x(), top)
        for slot, (rect, tile) in enumerate(zip(rects, ALL_TILES, strict=True)):
            if tile in self.tiles:
                i = self.tiles.index(tile)
                shown = None if self.faces is None else self.faces[i]
                self._paint_tile(painter, rect, tile, shown, slot)
            else:
                flat = QRectF(
                    rect.left() - 0.1 * H, rect.bottom() - 0.5 * H, rect.width() + 0.2 * H, 0.5 * H
                )
                painter.setPen(QPen(style.WOOD_DARK.lighter(150), 1.5))
                painter.setBrush(style.WOOD.lighter(130))
                painter.drawRoundedRect(flat, 4, 4)
        painter.setPen(style.INK_SOFT)
        painter.setFont(font(0.38 * H))
        painter.drawText(
            QRectF(0.2 * H, 3.65 * H, r.width() - 0.4 * H, 0.85 * H),
            Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
            self.caption,
        )

    def _paint_tile(
        self, painter: QPainter, rect: QRectF, faces: tuple[int, int], shown: int | None, i: int
    ) -> None:
        t = self._tumble
        painter.save()
        c = rect.center()
        painter.translate(c + QPointF(0, -1.2 * H * abs(math.sin(math.pi * t * 1.5))))
        painter.rotate(40 * math.sin(math.pi * t * (2.5 + i)) * t)
        painter.translate(-c)
        grad = QLinearGradient(rect.topLeft(), rect.topRight())
        grad.setColorAt(0, style.WOOD.lighter(115))
        grad.setColorAt(0.5, style.WOOD)
        grad.setColorAt(1, style.WOOD_DARK)
        painter.setPen(QPen(style.WOOD_DARK.darker(140), 1.6))
        painter.setBrush(QBrush(grad))
        painter.drawRoundedRect(rect, 6, 6)
        # Wood grain.
        painter.setPen(QPen(QColor(90, 55, 20, 50), 1))
        for k in range(1, 4):
            y = rect.top() + rect.height() * k / 4
            painter.drawLine(QPointF(rect.left() + 4, y), QPointF(rect.right() - 4, y + 3))
        value = shown
        if value is None or t > 0.05:
            value = faces[int(t * 7 + i) % 2] if t > 0.05 else None
        if value is None:
            painter.restore()
            return
        painter.setPen(round_pen(style.STROKE, 0.16 * H))
        xs = [c.x()] if value == 1 else [c.x() - 0.22 * H, c.x() + 0.22 * H] if value == 2 else []
        for x in xs:
            painter.drawLine(
                QPointF(x, rect.top() + 0.42 * H), QPointF(x, rect.bottom() - 0.42 * H)
            )
        painter.restore()
