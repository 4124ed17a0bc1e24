"""Small drawings of the Golden City table: the six tools, the dice's faces, the lantern's light.

Like :mod:`.art`, each function paints one thing in a rectangle or around a centre (scene units)
and restores the painter.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPainterPath, QPen, QPolygonF

from .art import PALETTE, _pen, locomotive, text

STEEL = QColor("#7b8891")
WOOD = QColor("#9a6433")


def tool(painter: QPainter, name: str, rect: QRectF, faded: bool = False) -> None:
    """The icon of tool ``name`` (:data:`goldnet.games.golden_city.setup.TOOLS`) in ``rect``;
    ``faded``: not held (drawn as a pale outline)."""
    painter.save()
    if faded:
        painter.setOpacity(painter.opacity() * 0.22)
    c = rect.center()
    s = min(rect.width(), rect.height()) / 2
    {
        "revolver": _revolver,
        "sieve": _sieve,
        "horse": _horse,
        "lantern": _lantern,
        "pony": _pony,
        "pickaxe": _pickaxe,
    }[name](painter, c, s)
    painter.restore()


def _revolver(p: QPainter, c: QPointF, s: float) -> None:
    p.setPen(_pen(QColor("#2a2f33"), s * 0.08))
    p.setBrush(STEEL)
    barrel = QRectF(c.x() - 0.25 * s, c.y() - 0.45 * s, 1.05 * s, 0.24 * s)
    p.drawRect(barrel)
    p.drawEllipse(QPointF(c.x() - 0.1 * s, c.y() - 0.2 * s), 0.3 * s, 0.26 * s)
    grip = QPolygonF(
        [
            QPointF(c.x() - 0.35 * s, c.y() - 0.2 * s),
            QPointF(c.x() - 0.05 * s, c.y() - 0.05 * s),
            QPointF(c.x() - 0.35 * s, c.y() + 0.75 * s),
            QPointF(c.x() - 0.8 * s, c.y() + 0.65 * s),
        ]
    )
    p.setBrush(WOOD)
    p.drawPolygon(grip)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawArc(QRectF(c.x() - 0.1 * s, c.y() - 0.05 * s, 0.35 * s, 0.35 * s), 180 * 16, 180 * 16)


def _sieve(p: QPainter, c: QPointF, s: float) -> None:
    p.setPen(_pen(QColor("#4a3520"), s * 0.1))
    p.setBrush(QColor("#c9a46c"))
    p.drawEllipse(c, 0.85 * s, 0.45 * s)
    p.setBrush(QColor("#8a8f93"))
    p.drawEllipse(c + QPointF(0, 0.05 * s), 0.62 * s, 0.3 * s)
    p.setPen(_pen(QColor("#4d5358"), s * 0.04))
    for k in range(-2, 3):
        p.drawLine(c + QPointF(k * 0.22 * s, -0.22 * s), c + QPointF(k * 0.22 * s, 0.32 * s))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(PALETTE["gold"])
    for dx, dy in ((-0.2, 0.0), (0.15, 0.1), (0.05, -0.1)):
        p.drawEllipse(c + QPointF(dx * s, dy * s), 0.1 * s, 0.08 * s)


def _horse_head(p: QPainter, c: QPointF, s: float, colour: QColor) -> None:
    head = QPainterPath(c + QPointF(-0.35 * s, 0.85 * s))
    head.lineTo(c + QPointF(-0.4 * s, 0.1 * s))
    head.cubicTo(
        c + QPointF(-0.45 * s, -0.5 * s),
        c + QPointF(-0.1 * s, -0.85 * s),
        c + QPointF(0.15 * s, -0.8 * s),
    )
    head.lineTo(c + QPointF(0.8 * s, -0.1 * s))
    head.cubicTo(
        c + QPointF(0.9 * s, 0.05 * s),
        c + QPointF(0.75 * s, 0.25 * s),
        c + QPointF(0.55 * s, 0.15 * s),
    )
    head.lineTo(c + QPointF(0.1 * s, 0.0))
    head.lineTo(c + QPointF(0.35 * s, 0.85 * s))
    head.closeSubpath()
    p.setPen(_pen(colour.darker(200), s * 0.08))
    p.setBrush(colour)
    p.drawPath(head)
    p.setPen(_pen(QColor("#2b1a0e"), s * 0.16))
    p.drawLine(c + QPointF(-0.3 * s, -0.55 * s), c + QPointF(-0.55 * s, 0.5 * s))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor("#111111"))
    p.drawEllipse(c + QPointF(0.12 * s, -0.45 * s), 0.07 * s, 0.07 * s)


def _horse(p: QPainter, c: QPointF, s: float) -> None:
    _horse_head(p, c, s, QColor("#a0612c"))


def _pony(p: QPainter, c: QPointF, s: float) -> None:
    _horse_head(p, c + QPointF(-0.15 * s, 0), s * 0.9, QColor("#e8e2d4"))
    letter = QRectF(c.x() + 0.05 * s, c.y() + 0.2 * s, 0.8 * s, 0.55 * s)
    p.setPen(_pen(QColor("#5b4a33"), s * 0.06))
    p.setBrush(QColor("#fff6dc"))
    p.drawRect(letter)
    p.drawLine(letter.topLeft(), letter.center())
    p.drawLine(letter.topRight(), letter.center())


def _lantern(p: QPainter, c: QPointF, s: float) -> None:
    p.setPen(_pen(QColor("#2e2a26"), s * 0.08))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawArc(QRectF(c.x() - 0.3 * s, c.y() - 0.95 * s, 0.6 * s, 0.5 * s), 0, 180 * 16)
    glass = QRectF(c.x() - 0.42 * s, c.y() - 0.55 * s, 0.84 * s, 1.0 * s)
    grad = QLinearGradient(glass.topLeft(), glass.bottomLeft())
    grad.setColorAt(0, QColor("#fff6c8"))
    grad.setColorAt(1, QColor("#f4b43a"))
    p.setBrush(grad)
    p.drawRoundedRect(glass, 0.15 * s, 0.15 * s)
    p.setBrush(QColor("#3b3530"))
    p.drawRect(QRectF(c.x() - 0.5 * s, c.y() + 0.45 * s, 1.0 * s, 0.22 * s))
    p.drawRect(QRectF(c.x() - 0.5 * s, c.y() - 0.62 * s, 1.0 * s, 0.16 * s))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor("#ff8c1a"))
    flame = QPainterPath(c + QPointF(0, -0.25 * s))
    flame.quadTo(c + QPointF(0.22 * s, 0.05 * s), c + QPointF(0, 0.2 * s))
    flame.quadTo(c + QPointF(-0.22 * s, 0.05 * s), c + QPointF(0, -0.25 * s))
    p.drawPath(flame)


def _pickaxe(p: QPainter, c: QPointF, s: float) -> None:
    p.setPen(_pen(QColor("#4a2d12"), s * 0.18))
    p.drawLine(c + QPointF(-0.6 * s, 0.75 * s), c + QPointF(0.35 * s, -0.5 * s))
    head = QPainterPath(c + QPointF(-0.55 * s, -0.55 * s))
    head.quadTo(c + QPointF(0.25 * s, -0.95 * s), c + QPointF(0.9 * s, -0.05 * s))
    head.quadTo(c + QPointF(0.3 * s, -0.6 * s), c + QPointF(-0.55 * s, -0.55 * s))
    p.setPen(_pen(QColor("#2a2f33"), s * 0.07))
    p.setBrush(STEEL)
    p.drawPath(head)


# --- dice ------------------------------------------------------------------------------------

_PIPS = {
    0: (),
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def die(
    painter: QPainter, rect: QRectF, face: object, kind: str = "die", tint: QColor | None = None
) -> None:
    """One die in ``rect`` showing ``face``: the main die (``kind`` ``"die"``: a number 2–6 or
    ``"loco"``, the locomotive), a duel die (``"duel"``: pips 1–6, red) or the sieve's
    (``"sieve"``: 0–2 gold pips); ``face`` None: a blank die. ``tint``: its body's colour."""
    painter.save()
    s = min(rect.width(), rect.height())
    body = QRectF(rect.center().x() - s / 2, rect.center().y() - s / 2, s, s)
    colour = tint or (QColor("#fbf4e2") if kind != "sieve" else QColor("#e9dcc0"))
    grad = QLinearGradient(body.topLeft(), body.bottomRight())
    grad.setColorAt(0, colour.lighter(104))
    grad.setColorAt(1, colour.darker(118))
    painter.setPen(_pen(QColor("#3b2a1e"), s * 0.05))
    painter.setBrush(grad)
    painter.drawRoundedRect(body, s * 0.18, s * 0.18)
    c = body.center()
    if face == "loco":
        locomotive(painter, c + QPointF(0, s * 0.08), s * 0.55)
    elif isinstance(face, int) and kind == "die":
        text(painter, c, str(face), s * 0.62, PALETTE["ink"])
    elif isinstance(face, int):
        pip = QColor("#b3261e") if kind == "duel" else PALETTE["gold-dark"]
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(pip)
        for dx, dy in _PIPS.get(face, ()):
            painter.drawEllipse(c + QPointF(dx * s * 0.26, dy * s * 0.26), s * 0.09, s * 0.09)
        if face == 0:
            painter.setPen(QPen(pip, s * 0.05))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(c, s * 0.16, s * 0.16)
    painter.restore()


def light(painter: QPainter, centre: QPointF, r: float, rolls: int) -> None:
    """The lantern's light around a prospector below, with the rolls it has left."""
    painter.save()
    from PySide6.QtGui import QRadialGradient

    grad = QRadialGradient(centre, r)
    grad.setColorAt(0, QColor(255, 220, 120, 150))
    grad.setColorAt(0.6, QColor(255, 190, 80, 70))
    grad.setColorAt(1, QColor(255, 170, 60, 0))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(grad)
    painter.drawEllipse(centre, r, r)
    badge = centre + QPointF(r * 0.45, -r * 0.5)
    painter.setPen(_pen(QColor("#5a3d10"), r * 0.03))
    painter.setBrush(QColor("#ffe08a"))
    painter.drawEllipse(badge, r * 0.17, r * 0.17)
    text(painter, badge, str(rolls), r * 0.2, PALETTE["ink"])
    painter.restore()


def arrow(painter: QPainter, start: QPointF, end: QPointF, colour: QColor, width: float) -> None:
    """An arrow from ``start`` to ``end`` (a move's preview, a raft crossing)."""
    painter.save()
    painter.setPen(_pen(colour, width))
    painter.drawLine(start, end)
    a = math.atan2(end.y() - start.y(), end.x() - start.x())
    head = width * 2.6
    points = [end] + [
        end - QPointF(head * math.cos(a + d), head * math.sin(a + d)) for d in (0.45, -0.45)
    ]
    painter.setBrush(colour)
    painter.drawPolygon(QPolygonF(points))
    painter.restore()


# --- the mine's tokens ----------------------------------------------------------------


def vein(painter: QPainter, centre: QPointF, r: float, value: int | None = None) -> None:
    """A vein of gold in the rock: gold streaks on a stone, with its value."""
    painter.save()
    painter.setPen(_pen(PALETTE["stone-dark"].darker(140), r * 0.08))
    painter.setBrush(PALETTE["stone-dark"])
    painter.drawEllipse(centre, r, r * 0.9)
    painter.setPen(_pen(PALETTE["gold"], r * 0.16))
    for a, b in (
        ((-0.7, 0.3), (0.1, -0.5)),
        ((-0.2, 0.6), (0.7, -0.2)),
        ((-0.6, -0.3), (-0.2, -0.6)),
    ):
        painter.drawLine(centre + QPointF(a[0] * r, a[1] * r), centre + QPointF(b[0] * r, b[1] * r))
    if value is not None:
        text(painter, centre, str(value), r * 0.95, PALETTE["gold-light"], outline=PALETTE["ink"])
    painter.restore()


def ghost(painter: QPainter, centre: QPointF, r: float) -> None:
    """A ghost: a white sheet with two dark eyes."""
    painter.save()
    s = r
    sheet = QPainterPath(centre + QPointF(-0.7 * s, 0.75 * s))
    sheet.lineTo(centre + QPointF(-0.7 * s, -0.1 * s))
    sheet.cubicTo(
        centre + QPointF(-0.7 * s, -0.95 * s),
        centre + QPointF(0.7 * s, -0.95 * s),
        centre + QPointF(0.7 * s, -0.1 * s),
    )
    sheet.lineTo(centre + QPointF(0.7 * s, 0.75 * s))
    for k in range(3):
        x = 0.7 - (k + 1) * 1.4 / 3
        sheet.quadTo(centre + QPointF((x + 0.23) * s, 0.45 * s), centre + QPointF(x * s, 0.75 * s))
    sheet.closeSubpath()
    painter.setPen(_pen(QColor("#7b8fa1"), s * 0.08))
    painter.setBrush(PALETTE["ghost"])
    painter.drawPath(sheet)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#1d2630"))
    for dx in (-0.25, 0.25):
        painter.drawEllipse(centre + QPointF(dx * s, -0.22 * s), 0.11 * s, 0.16 * s)
    painter.drawEllipse(centre + QPointF(0, 0.18 * s), 0.12 * s, 0.09 * s)
    painter.restore()


def rubble(painter: QPainter, centre: QPointF, r: float, walled: bool) -> None:
    """A cave-in: fallen stones; walled, the gallery is blocked with planks across."""
    painter.save()
    painter.setPen(_pen(PALETTE["stone-dark"].darker(160), r * 0.07))
    for dx, dy, k in (
        (-0.45, 0.3, 0.42),
        (0.35, 0.35, 0.38),
        (0.0, -0.1, 0.45),
        (-0.3, -0.45, 0.3),
        (0.45, -0.35, 0.3),
    ):
        painter.setBrush(PALETTE["stone"] if k > 0.35 else PALETTE["stone-dark"])
        painter.drawEllipse(centre + QPointF(dx * r, dy * r), k * r, k * r * 0.85)
    if walled:
        painter.setPen(_pen(QColor("#2a1a0c"), r * 0.1))
        painter.setBrush(PALETTE["plank"])
        for a in (-35, 35):
            painter.save()
            painter.translate(centre)
            painter.rotate(a)
            painter.drawRect(QRectF(-1.0 * r, -0.14 * r, 2.0 * r, 0.28 * r))
            painter.restore()
    painter.restore()
