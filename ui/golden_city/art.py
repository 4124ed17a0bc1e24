"""The Golden City table's drawings: terrain, tokens and pieces, as vector paths on a painter.

Each function paints one thing around a centre at a given size (scene units) and leaves the
painter's pen and brush as it found them (``painter.save()``/``restore()``). Shapes, not only
colours, tell things apart: a hill is a mound, a thief wears a hat, a ghost is a sheet, a
face-down token a disc with a question mark — so the board reads in greyscale too.

Invariants: nothing here knows the rules or a position; the palette is :data:`PALETTE`'s.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QRadialGradient,
)

from .. import style

PALETTE = {
    "plain": QColor("#dccb8f"),
    "plain-dark": QColor("#c9b676"),
    "tuft": QColor("#9c9252"),
    "hill": QColor("#c0955a"),
    "hill-dark": QColor("#8d6433"),
    "hill-light": QColor("#dcb47a"),
    "water": QColor("#4c8ccb"),
    "water-dark": QColor("#2b64a0"),
    "water-light": QColor("#a6d3f3"),
    "plank": QColor("#8b5a2b"),
    "plank-light": QColor("#b47a42"),
    "ballast": QColor("#a3947e"),
    "sleeper": QColor("#5b3a1d"),
    "rail": QColor("#3b3b3f"),
    "cobble": QColor("#d2bd97"),
    "wall": QColor("#f4e4c1"),
    "roof": QColor("#9c2f22"),
    "rock": QColor("#85725f"),
    "rock-dark": QColor("#4a3c31"),
    "mouth": QColor("#18110c"),
    "token": QColor("#6e4120"),
    "token-light": QColor("#a06a3a"),
    "gold": QColor("#f1c232"),
    "gold-light": QColor("#fff3b0"),
    "gold-dark": QColor("#a97c0c"),
    "thief": QColor("#2f2a28"),
    "danger": QColor("#b3261e"),
    "stone": QColor("#8d8a86"),
    "stone-dark": QColor("#55524f"),
    "ghost": QColor("#eef3f7"),
    "gallery": QColor("#5c4532"),
    "gallery-light": QColor("#7d604a"),
    "mine-rock": QColor("#2c221b"),
    "ink": style.INK,
    "cream": QColor("#fffaf0"),
}


def font(size: float, bold: bool = False) -> QFont:
    """The table's font at ``size`` scene units (pixel size)."""
    f = QFont(style.FONT_FAMILY)
    f.setPixelSize(max(1, round(size)))
    f.setBold(bold)
    return f


def _pen(colour: QColor, width: float) -> QPen:
    return QPen(
        colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin
    )


def text(
    painter: QPainter,
    centre: QPointF,
    value: str,
    size: float,
    colour: QColor,
    bold: bool = True,
    outline: QColor | None = None,
) -> None:
    """``value`` centred on ``centre`` (an outline keeps it readable on any ground)."""
    painter.save()
    f = font(size, bold)
    path = QPainterPath()
    path.addText(QPointF(0, 0), f, value)
    box = path.boundingRect()
    path.translate(centre - box.center())
    if outline is not None:
        painter.setPen(_pen(outline, size * 0.22))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawPath(path)
    painter.restore()


# --- terrain -----------------------------------------------------------------------------


def tufts(painter: QPainter, centre: QPointF, size: float, seed: int) -> None:
    """A few tufts of dry grass, placed from ``seed`` (the field's number): plains that are
    not all alike, the same on every screen."""
    painter.save()
    painter.setPen(_pen(PALETTE["tuft"], size * 0.05))
    for k in range(3):
        a = (seed * 73 + k * 131) % 360
        d = size * (0.25 + ((seed * 31 + k * 17) % 40) / 100)
        base = centre + QPointF(d * math.cos(math.radians(a)), d * math.sin(math.radians(a)))
        for dx in (-0.07, 0.0, 0.07):
            tip = base + QPointF(dx * size * 1.6, -0.13 * size)
            painter.drawLine(base + QPointF(dx * size * 0.5, 0), tip)
    painter.restore()


def hill(painter: QPainter, centre: QPointF, size: float) -> None:
    """A mound with a lit slope and a shaded one."""
    painter.save()
    w, h = size * 0.82, size * 0.5
    base = centre + QPointF(0, size * 0.42)
    path = QPainterPath(base + QPointF(-w, 0))
    path.cubicTo(
        base + QPointF(-w * 0.7, -h * 1.1),
        base + QPointF(-w * 0.25, -h * 1.65),
        base + QPointF(0, -h * 1.6),
    )
    path.cubicTo(
        base + QPointF(w * 0.3, -h * 1.6), base + QPointF(w * 0.75, -h * 1.0), base + QPointF(w, 0)
    )
    path.closeSubpath()
    grad = QLinearGradient(base + QPointF(-w, -h), base + QPointF(w, 0))
    grad.setColorAt(0, PALETTE["hill-light"])
    grad.setColorAt(0.55, PALETTE["hill"])
    grad.setColorAt(1, PALETTE["hill-dark"])
    painter.setPen(_pen(PALETTE["hill-dark"].darker(120), size * 0.045))
    painter.setBrush(QBrush(grad))
    painter.drawPath(path)
    painter.setPen(_pen(PALETTE["hill-dark"], size * 0.035))
    for k, (x0, x1) in enumerate(((-0.5, -0.1), (0.15, 0.55))):
        y = -h * (0.35 + 0.3 * k)
        painter.drawLine(base + QPointF(w * x0, y), base + QPointF(w * x1, y - h * 0.08))
    painter.restore()


def water(painter: QPainter, outline: QPainterPath) -> None:
    """A lake: deep water inside a lighter shore, with a few ripples."""
    painter.save()
    box = outline.boundingRect()
    grad = QRadialGradient(box.center(), max(box.width(), box.height()) * 0.7)
    grad.setColorAt(0, PALETTE["water"])
    grad.setColorAt(1, PALETTE["water-dark"])
    painter.setPen(_pen(PALETTE["water-light"], style.HEX * 0.14))
    painter.setBrush(QBrush(grad))
    painter.drawPath(outline)
    painter.setClipPath(outline)
    painter.setPen(_pen(QColor(255, 255, 255, 110), style.HEX * 0.05))
    step = style.HEX * 0.9
    y = box.top() + step * 0.6
    row = 0
    while y < box.bottom():
        x = box.left() + (row % 2) * step * 0.8
        while x < box.right():
            wave = QPainterPath(QPointF(x, y))
            wave.quadTo(QPointF(x + step * 0.2, y - step * 0.15), QPointF(x + step * 0.4, y))
            wave.quadTo(QPointF(x + step * 0.6, y + step * 0.15), QPointF(x + step * 0.8, y))
            painter.drawPath(wave)
            x += step * 1.7
        y += step * 0.85
        row += 1
    painter.restore()


def pier(painter: QPainter, centre: QPointF, size: float, toward: float) -> None:
    """A landing's wooden jetty, from the field's middle out over its lake (``toward``:
    degrees)."""
    painter.save()
    painter.translate(centre)
    painter.rotate(toward)
    body = QRectF(-size * 0.05, -size * 0.24, size * 1.05, size * 0.48)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 60))
    painter.drawRect(body.translated(size * 0.04, size * 0.06))
    painter.setPen(_pen(PALETTE["plank"].darker(150), size * 0.035))
    painter.setBrush(PALETTE["plank-light"])
    painter.drawRect(body)
    painter.setPen(_pen(PALETTE["plank"], size * 0.03))
    for k in range(1, 6):
        x = body.left() + body.width() * k / 6
        painter.drawLine(QPointF(x, body.top()), QPointF(x, body.bottom()))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(PALETTE["plank"].darker(160))
    for y in (body.top(), body.bottom()):
        for x in (body.left() + size * 0.08, body.right() - size * 0.06):
            painter.drawEllipse(QPointF(x, y), size * 0.07, size * 0.07)
    painter.restore()


def railway(painter: QPainter, track: QPainterPath, size: float) -> None:
    """The railway along ``track``: a gravel bed, wooden sleepers, two steel rails."""
    painter.save()
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(_pen(PALETTE["ballast"], size * 0.66))
    painter.drawPath(track)
    sleepers = QPen(
        PALETTE["sleeper"],
        size * 0.52,
        Qt.PenStyle.CustomDashLine,
        Qt.PenCapStyle.FlatCap,
        Qt.PenJoinStyle.BevelJoin,
    )
    sleepers.setDashPattern([0.18, 0.42])
    painter.setPen(sleepers)
    painter.drawPath(track)
    from PySide6.QtGui import QPainterPathStroker

    stroker = QPainterPathStroker()
    stroker.setWidth(size * 0.3)
    stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    stroker.setCapStyle(Qt.PenCapStyle.FlatCap)
    rails = stroker.createStroke(track).simplified()
    painter.setPen(_pen(PALETTE["rail"], size * 0.07))
    painter.drawPath(rails)
    painter.restore()


def station(painter: QPainter, centre: QPointF, size: float) -> None:
    """Golden City's station: a building with a roof and a clock."""
    painter.save()
    s = size
    walls = QRectF(centre.x() - 0.62 * s, centre.y() - 0.18 * s, 1.24 * s, 0.62 * s)
    painter.setPen(_pen(PALETTE["ink"], s * 0.04))
    painter.setBrush(PALETTE["wall"])
    painter.drawRect(walls)
    roof = QPolygonF(
        [
            QPointF(walls.left() - 0.12 * s, walls.top()),
            QPointF(centre.x(), centre.y() - 0.68 * s),
            QPointF(walls.right() + 0.12 * s, walls.top()),
        ]
    )
    painter.setBrush(PALETTE["roof"])
    painter.drawPolygon(roof)
    painter.setBrush(PALETTE["cream"])
    painter.drawEllipse(QPointF(centre.x(), centre.y() - 0.33 * s), 0.13 * s, 0.13 * s)
    painter.setBrush(PALETTE["plank"])
    for dx in (-0.38, 0.0, 0.38):
        painter.drawRect(
            QRectF(centre.x() + (dx - 0.09) * s, centre.y() + 0.02 * s, 0.18 * s, 0.42 * s)
        )
    painter.restore()


def cave(painter: QPainter, centre: QPointF, size: float, letter: str) -> None:
    """A cave: a rock with a black mouth; ``letter`` names its door in the mine."""
    painter.save()
    s = size
    rock = QPainterPath(centre + QPointF(-0.8 * s, 0.45 * s))
    rock.cubicTo(
        centre + QPointF(-0.85 * s, -0.3 * s),
        centre + QPointF(-0.35 * s, -0.75 * s),
        centre + QPointF(0.05 * s, -0.7 * s),
    )
    rock.cubicTo(
        centre + QPointF(0.55 * s, -0.7 * s),
        centre + QPointF(0.9 * s, -0.2 * s),
        centre + QPointF(0.8 * s, 0.45 * s),
    )
    rock.closeSubpath()
    grad = QLinearGradient(centre + QPointF(-s, -s), centre + QPointF(s, s))
    grad.setColorAt(0, PALETTE["rock"].lighter(125))
    grad.setColorAt(1, PALETTE["rock-dark"])
    painter.setPen(_pen(PALETTE["rock-dark"].darker(130), s * 0.05))
    painter.setBrush(QBrush(grad))
    painter.drawPath(rock)
    mouth = QPainterPath(centre + QPointF(-0.38 * s, 0.45 * s))
    mouth.cubicTo(
        centre + QPointF(-0.4 * s, -0.25 * s),
        centre + QPointF(0.4 * s, -0.25 * s),
        centre + QPointF(0.38 * s, 0.45 * s),
    )
    mouth.closeSubpath()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(PALETTE["mouth"])
    painter.drawPath(mouth)
    if letter:
        text(
            painter,
            centre + QPointF(0.52 * s, -0.42 * s),
            letter,
            0.42 * s,
            PALETTE["cream"],
            outline=PALETTE["mouth"],
        )
    painter.restore()


def house(painter: QPainter, centre: QPointF, size: float, colour: QColor) -> None:
    """A prospector's house in its seat's colour."""
    painter.save()
    s = size
    walls = QRectF(centre.x() - 0.5 * s, centre.y() - 0.12 * s, 1.0 * s, 0.62 * s)
    painter.setPen(_pen(PALETTE["ink"], s * 0.05))
    painter.setBrush(PALETTE["wall"])
    painter.drawRect(walls)
    roof = QPolygonF(
        [
            QPointF(walls.left() - 0.18 * s, walls.top() + 0.02 * s),
            QPointF(centre.x(), centre.y() - 0.72 * s),
            QPointF(walls.right() + 0.18 * s, walls.top() + 0.02 * s),
        ]
    )
    painter.setBrush(colour)
    painter.drawPolygon(roof)
    painter.setBrush(PALETTE["plank"])
    painter.drawRect(QRectF(centre.x() - 0.13 * s, centre.y() + 0.12 * s, 0.26 * s, 0.38 * s))
    painter.setBrush(QColor("#bfe3f5"))
    painter.drawRect(QRectF(centre.x() + 0.2 * s, centre.y() + 0.02 * s, 0.2 * s, 0.18 * s))
    painter.restore()


# --- pieces --------------------------------------------------------------------------------


def shadow(painter: QPainter, centre: QPointF, rx: float, ry: float) -> None:
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 70))
    painter.drawEllipse(centre, rx, ry)
    painter.restore()


def pawn(painter: QPainter, centre: QPointF, size: float, colour: QColor) -> None:
    """A prospector: a pawn in its seat's colour, wearing a hat."""
    painter.save()
    s = size
    shadow(painter, centre + QPointF(0, 0.55 * s), 0.55 * s, 0.18 * s)
    body = QPainterPath(centre + QPointF(-0.5 * s, 0.55 * s))
    body.cubicTo(
        centre + QPointF(-0.5 * s, 0.0),
        centre + QPointF(-0.25 * s, -0.1 * s),
        centre + QPointF(-0.18 * s, -0.2 * s),
    )
    body.lineTo(centre + QPointF(0.18 * s, -0.2 * s))
    body.cubicTo(
        centre + QPointF(0.25 * s, -0.1 * s),
        centre + QPointF(0.5 * s, 0.0),
        centre + QPointF(0.5 * s, 0.55 * s),
    )
    body.closeSubpath()
    grad = QLinearGradient(centre + QPointF(-0.5 * s, 0), centre + QPointF(0.5 * s, 0))
    grad.setColorAt(0, colour.lighter(135))
    grad.setColorAt(1, colour.darker(125))
    edge = _pen(colour.darker(220), s * 0.08)
    painter.setPen(edge)
    painter.setBrush(QBrush(grad))
    painter.drawPath(body)
    head = centre + QPointF(0, -0.42 * s)
    painter.drawEllipse(head, 0.27 * s, 0.27 * s)
    brim = QRectF(head.x() - 0.42 * s, head.y() - 0.24 * s, 0.84 * s, 0.14 * s)
    painter.setBrush(QColor("#5a3a1a"))
    painter.setPen(_pen(QColor("#2e1d0c"), s * 0.05))
    painter.drawRoundedRect(brim, 0.05 * s, 0.05 * s)
    crown = QRectF(head.x() - 0.22 * s, head.y() - 0.5 * s, 0.44 * s, 0.3 * s)
    painter.drawRoundedRect(crown, 0.08 * s, 0.08 * s)
    painter.restore()


def locomotive(painter: QPainter, centre: QPointF, size: float) -> None:
    """A steam locomotive (side view, facing right)."""
    painter.save()
    s = size
    black, red = QColor("#1f1f22"), QColor("#b3261e")
    painter.setPen(_pen(QColor("#0c0c0e"), s * 0.05))
    painter.setBrush(black)
    boiler = QRectF(centre.x() - 0.55 * s, centre.y() - 0.22 * s, 0.8 * s, 0.4 * s)
    painter.drawRoundedRect(boiler, 0.15 * s, 0.15 * s)
    cab = QRectF(centre.x() + 0.15 * s, centre.y() - 0.55 * s, 0.45 * s, 0.75 * s)
    painter.setBrush(red)
    painter.drawRect(cab)
    painter.setBrush(QColor("#f7d774"))
    painter.drawRect(QRectF(cab.left() + 0.1 * s, cab.top() + 0.12 * s, 0.25 * s, 0.2 * s))
    painter.setBrush(black)
    painter.drawRect(QRectF(centre.x() - 0.45 * s, centre.y() - 0.55 * s, 0.16 * s, 0.35 * s))
    cow = QPolygonF(
        [
            QPointF(centre.x() - 0.55 * s, centre.y() + 0.05 * s),
            QPointF(centre.x() - 0.78 * s, centre.y() + 0.32 * s),
            QPointF(centre.x() - 0.5 * s, centre.y() + 0.32 * s),
        ]
    )
    painter.setBrush(red)
    painter.drawPolygon(cow)
    painter.setBrush(QColor("#6b6b70"))
    for dx, r in ((-0.32, 0.15), (0.0, 0.15), (0.38, 0.2)):
        painter.drawEllipse(QPointF(centre.x() + dx * s, centre.y() + 0.3 * s), r * s, r * s)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(235, 235, 235, 200))
    for k, r in enumerate((0.12, 0.16, 0.2)):
        painter.drawEllipse(
            QPointF(centre.x() - (0.37 - 0.12 * k) * s, centre.y() - (0.7 + 0.16 * k) * s),
            r * s,
            r * s,
        )
    painter.restore()


def raft(painter: QPainter, centre: QPointF, size: float) -> None:
    """A raft: five logs lashed together (drawn across the item's x axis)."""
    painter.save()
    s = size
    shadow(painter, centre + QPointF(0, 0.12 * s), 0.55 * s, 0.5 * s)
    painter.setPen(_pen(PALETTE["plank"].darker(170), s * 0.035))
    for k in range(5):
        x = centre.x() + (k - 2) * 0.19 * s
        log = QRectF(x - 0.09 * s, centre.y() - 0.5 * s, 0.18 * s, 1.0 * s)
        painter.setBrush(PALETTE["plank-light"] if k % 2 else PALETTE["plank"])
        painter.drawRoundedRect(log, 0.08 * s, 0.08 * s)
    painter.setPen(_pen(QColor("#e9dcae"), s * 0.06))
    for dy in (-0.28, 0.28):
        painter.drawLine(
            QPointF(centre.x() - 0.48 * s, centre.y() + dy * s),
            QPointF(centre.x() + 0.48 * s, centre.y() + dy * s),
        )
    painter.restore()


def token_down(painter: QPainter, centre: QPointF, r: float, stone: bool = False) -> None:
    """A face-down token: a wooden disc (a stone one in the mine) with a question mark."""
    painter.save()
    shadow(painter, centre + QPointF(0, r * 0.18), r, r * 0.9)
    light, dark = (
        (PALETTE["stone"], PALETTE["stone-dark"])
        if stone
        else (PALETTE["token-light"], PALETTE["token"])
    )
    grad = QRadialGradient(centre + QPointF(-r * 0.3, -r * 0.35), r * 1.4)
    grad.setColorAt(0, light)
    grad.setColorAt(1, dark)
    painter.setPen(_pen(dark.darker(170), r * 0.12))
    painter.setBrush(QBrush(grad))
    painter.drawEllipse(centre, r, r)
    painter.setPen(_pen(light.lighter(115), r * 0.07))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(centre, r * 0.72, r * 0.72)
    text(painter, centre, "?", r * 1.0, light.lighter(150))
    painter.restore()


def nugget(painter: QPainter, centre: QPointF, r: float, value: int | None = None) -> None:
    """A gold nugget (with its value, when given)."""
    painter.save()
    shadow(painter, centre + QPointF(0, r * 0.25), r * 0.95, r * 0.7)
    pts = [
        (-1.0, 0.1),
        (-0.75, -0.6),
        (-0.15, -0.85),
        (0.5, -0.75),
        (0.95, -0.2),
        (0.85, 0.5),
        (0.25, 0.8),
        (-0.55, 0.7),
    ]
    shape = QPolygonF([centre + QPointF(x * r, y * r) for x, y in pts])
    grad = QRadialGradient(centre + QPointF(-0.35 * r, -0.4 * r), r * 1.5)
    grad.setColorAt(0, PALETTE["gold-light"])
    grad.setColorAt(0.5, PALETTE["gold"])
    grad.setColorAt(1, PALETTE["gold-dark"])
    painter.setPen(_pen(PALETTE["gold-dark"].darker(140), r * 0.1))
    painter.setBrush(QBrush(grad))
    painter.drawPolygon(shape)
    if value is not None:
        text(painter, centre + QPointF(0, 0.02 * r), str(value), r * 1.05, PALETTE["ink"])
    painter.restore()


def thief(painter: QPainter, centre: QPointF, r: float, strength: int | None = None) -> None:
    """A thief: a dark token with a bandit's hat and mask, its strength in a red badge."""
    painter.save()
    shadow(painter, centre + QPointF(0, r * 0.18), r, r * 0.9)
    painter.setPen(_pen(QColor("#000000"), r * 0.1))
    painter.setBrush(PALETTE["thief"])
    painter.drawEllipse(centre, r, r)
    face = QColor("#e2b98f")
    painter.setPen(_pen(QColor("#3a2615"), r * 0.06))
    painter.setBrush(face)
    painter.drawEllipse(centre + QPointF(0, 0.12 * r), 0.45 * r, 0.45 * r)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#111111"))
    painter.drawRect(QRectF(centre.x() - 0.5 * r, centre.y() - 0.02 * r, r, 0.2 * r))
    painter.setBrush(QColor("#6b4a2b"))
    painter.drawRoundedRect(
        QRectF(centre.x() - 0.72 * r, centre.y() - 0.42 * r, 1.44 * r, 0.16 * r), 0.06 * r, 0.06 * r
    )
    painter.drawRoundedRect(
        QRectF(centre.x() - 0.36 * r, centre.y() - 0.8 * r, 0.72 * r, 0.44 * r), 0.12 * r, 0.12 * r
    )
    if strength is not None:
        badge = centre + QPointF(0.72 * r, 0.6 * r)
        painter.setPen(_pen(QColor("#ffffff"), r * 0.08))
        painter.setBrush(PALETTE["danger"])
        painter.drawEllipse(badge, 0.42 * r, 0.42 * r)
        text(painter, badge, str(strength), 0.55 * r, QColor("#ffffff"))
    painter.restore()


def loot(painter: QPainter, centre: QPointF, r: float, gold: int, thieves: int) -> None:
    """What a thief guards: a small bag with the gold (and captured thieves) beside it."""
    painter.save()
    bag = QPainterPath(centre + QPointF(-0.5 * r, 0.45 * r))
    bag.cubicTo(
        centre + QPointF(-0.75 * r, -0.1 * r),
        centre + QPointF(-0.3 * r, -0.35 * r),
        centre + QPointF(-0.15 * r, -0.45 * r),
    )
    bag.lineTo(centre + QPointF(0.15 * r, -0.45 * r))
    bag.cubicTo(
        centre + QPointF(0.3 * r, -0.35 * r),
        centre + QPointF(0.75 * r, -0.1 * r),
        centre + QPointF(0.5 * r, 0.45 * r),
    )
    bag.closeSubpath()
    painter.setPen(_pen(QColor("#5a3d1e"), r * 0.08))
    painter.setBrush(QColor("#c8a36a"))
    painter.drawPath(bag)
    label = str(gold) if not thieves else f"{gold}+{thieves}"
    text(painter, centre + QPointF(0, 0.08 * r), label, 0.5 * r, PALETTE["ink"])
    painter.restore()


def star(painter: QPainter, centre: QPointF, r: float, colour: QColor) -> None:
    """A five-pointed star (a mission fulfilled; the sheriff's badge)."""
    painter.save()
    points = []
    for k in range(10):
        a = math.radians(-90 + 36 * k)
        d = r if k % 2 == 0 else r * 0.45
        points.append(centre + QPointF(d * math.cos(a), d * math.sin(a)))
    painter.setPen(_pen(colour.darker(170), r * 0.12))
    painter.setBrush(colour)
    painter.drawPolygon(QPolygonF(points))
    painter.restore()
