"""The cards around the Golden City board: the die tray, the secret mission's glass card and
the Gazette (its front page in the middle of the board, then folded into a corner).

- :class:`DieTrayItem` (bottom left): the die — five numbers and a locomotive — thrown with a
  tumble, the sieve's die beside it when it rolls, how far the roll takes the player, the
  locomotive's way to the station, and the buttons of the choice before the roll (the scene
  adds them).
- :class:`MissionCardItem` (bottom right): the player's own mission, on a glass card only its
  owner's window shows (the scene is given that seat's observation alone), with its progress.
- :class:`GazetteItem`: the issue in force. When an issue appears its front page opens in the
  middle of the board; a click (or a few seconds) folds it into a small newspaper in the corner,
  which a click opens again.

Invariants: these items show what the scene gives them; they know no rules.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, Qt, QTimer, QVariantAnimation
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPainterPath, QPen, QTextOption
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from .. import style
from . import art, icons
from .items import Z_OVERLAY, animate, stop
from .panels import lines_tip
from .words import gazette_name, issue_page, tr

H = style.HEX
TUMBLE_MS = 750


def _fitted(
    painter: QPainter, rect: QRectF, text: str, size: float, colour: QColor, bold: bool = False
) -> None:
    """``text`` wrapped in ``rect``, its font shrunk (to 60 % at most) until it fits."""
    painter.save()
    flags = int(Qt.TextFlag.TextWordWrap)
    for k in range(9):
        painter.setFont(art.font(size * (1 - 0.05 * k), bold))
        need = painter.fontMetrics().boundingRect(rect.toRect(), flags, text)
        if need.height() <= rect.height():
            break
    painter.setPen(colour)
    option = QTextOption(Qt.AlignmentFlag.AlignLeft)
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    painter.drawText(rect, text, option)
    painter.restore()


def _wrapped(
    painter: QPainter,
    rect: QRectF,
    text: str,
    size: float,
    colour: QColor,
    bold: bool = False,
    centred: bool = False,
) -> None:
    painter.save()
    painter.setPen(colour)
    painter.setFont(art.font(size, bold))
    option = QTextOption(Qt.AlignmentFlag.AlignHCenter if centred else Qt.AlignmentFlag.AlignLeft)
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    painter.drawText(rect, text, option)
    painter.restore()


class DieTrayItem(QGraphicsObject):
    """The die tray (module docstring); ``rect`` in scene units."""

    def __init__(self, rect: QRectF) -> None:
        super().__init__()
        self.setPos(rect.topLeft())
        self._rect = QRectF(0, 0, rect.width(), rect.height())
        self.face: object = None
        self.shown: object = None
        self.colour = QColor(style.INK)
        self.caption = ""
        self.sieve: int | None = None
        self.track = (0, 1)
        self.track_caption = ""
        self.angle = 0.0
        self._anim: QVariantAnimation | None = None
        self.setZValue(2)

    def die_rect(self) -> QRectF:
        s = 2.4 * H
        return QRectF(0.65 * H, 0.65 * H, s, s)

    def set_roll(self, face: object, colour: QColor, caption: str, ms: int) -> None:
        """Show ``face`` (None: no roll yet) thrown by a seat of ``colour``; tumble in ``ms``."""
        self.face, self.colour, self.caption = face, colour, caption
        if ms <= 0 or face is None:
            self.shown, self.angle = face, 0.0
            self.update()
            return
        stop(self._anim)
        faces = (2, 5, "loco", 3, 6, 4)

        def step(t: float) -> None:
            self.angle = 540 * (1 - t)
            self.shown = faces[int(t * 11) % len(faces)] if t < 0.8 else self.face
            self.update()

        def done() -> None:
            self.shown, self.angle, self._anim = self.face, 0.0, None
            self.update()

        self._anim = animate(ms, step, done, QEasingCurve.Type.OutCubic)

    def set_sieve(self, face: int | None) -> None:
        self.sieve = face
        self.update()

    def set_track(self, at: int, length: int, caption: str) -> None:
        """The locomotive at index ``at`` of a track of ``length`` fields."""
        self.track, self.track_caption = (at, length), caption
        self.update()

    def rolling(self) -> bool:
        return self._anim is not None

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-8, -8, 8, 8)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self._rect
        painter.setPen(QPen(style.PANEL_EDGE, 2))
        grad = QLinearGradient(r.topLeft(), r.bottomLeft())
        grad.setColorAt(0, QColor("#5a3f26"))
        grad.setColorAt(1, QColor("#3f2b1a"))
        painter.setBrush(grad)
        painter.drawRoundedRect(r, 12, 12)
        felt = r.adjusted(0.25 * H, 0.25 * H, -0.25 * H, -(r.height() - 5.55 * H))
        painter.setPen(QPen(QColor("#2c4a2a"), 2))
        painter.setBrush(QColor("#3f6b3a"))
        painter.drawRoundedRect(felt, 9, 9)
        die = self.die_rect()
        painter.save()
        painter.translate(die.center())
        painter.rotate(self.angle)
        painter.translate(-die.center())
        icons.die(painter, die, self.shown, "die")
        painter.restore()
        painter.setPen(QPen(self.colour, 3))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(die.adjusted(-4, -4, 4, 4), 12, 12)
        if self.sieve is not None:
            icons.die(
                painter,
                QRectF(die.right() + 0.4 * H, die.bottom() - 1.1 * H, 1.1 * H, 1.1 * H),
                self.sieve,
                "sieve",
            )
        _wrapped(
            painter,
            QRectF(die.right() + 0.35 * H, 0.55 * H, r.width() - die.right() - 0.6 * H, 2.7 * H),
            self.caption,
            0.38 * H,
            art.PALETTE["cream"],
        )
        # the locomotive's way to the station
        at, length = self.track
        line_y = r.height() - 2.0 * H
        x0, x1 = 0.7 * H, r.width() - 1.0 * H
        painter.setPen(
            QPen(art.PALETTE["ballast"], 0.34 * H, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        )
        painter.drawLine(QPointF(x0, line_y), QPointF(x1, line_y))
        painter.setPen(QPen(art.PALETTE["rail"], 0.08 * H))
        painter.drawLine(QPointF(x0, line_y - 0.08 * H), QPointF(x1, line_y - 0.08 * H))
        painter.drawLine(QPointF(x0, line_y + 0.08 * H), QPointF(x1, line_y + 0.08 * H))
        art.station(painter, QPointF(x1 + 0.2 * H, line_y - 0.3 * H), 0.55 * H)
        frac = at / max(1, length - 1)
        art.locomotive(painter, QPointF(x0 + (x1 - x0) * frac, line_y - 0.2 * H), 0.6 * H)
        _wrapped(
            painter,
            QRectF(0.4 * H, line_y + 0.4 * H, r.width() - 0.8 * H, 1.5 * H),
            self.track_caption,
            0.34 * H,
            art.PALETTE["cream"],
        )


class MissionCardItem(QGraphicsItem):
    """The player's secret mission on a glass card (module docstring)."""

    def __init__(self, rect: QRectF) -> None:
        super().__init__()
        self.setPos(rect.topLeft())
        self._rect = QRectF(0, 0, rect.width(), rect.height())
        self.heading = ""
        self.text = ""
        self.progress = (0, 1)
        self.state = ""
        self.done = False
        self.setZValue(2)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_mission(
        self, heading: str, text: str, progress: tuple[int, int], state: str, done: bool
    ) -> None:
        self.heading, self.text, self.progress, self.state, self.done = (
            heading,
            text,
            progress,
            state,
            done,
        )
        self.setToolTip(lines_tip([heading, text, f"{progress[0]} / {progress[1]}", state]))
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-8, -8, 8, 8)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self._rect
        glass = QLinearGradient(r.topLeft(), r.bottomRight())
        glass.setColorAt(0, QColor(220, 240, 255, 215))
        glass.setColorAt(0.5, QColor(170, 205, 235, 190))
        glass.setColorAt(1, QColor(120, 160, 200, 205))
        painter.setPen(QPen(QColor(255, 255, 255, 230), 2.5))
        painter.setBrush(glass)
        painter.drawRoundedRect(r, 14, 14)
        streak = QPainterPath()
        streak.moveTo(r.left() + 0.2 * r.width(), r.top() + 2)
        streak.lineTo(r.left() + 0.42 * r.width(), r.top() + 2)
        streak.lineTo(r.left() + 0.12 * r.width(), r.bottom() - 2)
        streak.lineTo(r.left() + 0.02 * r.width(), r.bottom() - 2)
        streak.closeSubpath()
        painter.fillPath(streak, QColor(255, 255, 255, 55))
        ink = QColor("#1c3550")
        _wrapped(
            painter,
            QRectF(0.4 * H, 0.25 * H, r.width() - 0.8 * H, 0.7 * H),
            self.heading,
            0.38 * H,
            ink,
            bold=True,
        )
        _fitted(
            painter,
            QRectF(0.4 * H, 0.95 * H, r.width() - 0.8 * H, r.height() - 2.85 * H),
            self.text,
            0.45 * H,
            QColor("#0e2238"),
            bold=True,
        )
        have, need = self.progress
        bar = QRectF(0.4 * H, r.height() - 1.75 * H, r.width() - 2.4 * H, 0.42 * H)
        painter.setPen(QPen(ink, 1.5))
        painter.setBrush(QColor(255, 255, 255, 120))
        painter.drawRoundedRect(bar, 6, 6)
        filled = QRectF(
            bar.left(), bar.top(), bar.width() * min(1.0, have / max(1, need)), bar.height()
        )
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(art.PALETTE["gold"] if self.done else QColor("#3d7cc0"))
        painter.drawRoundedRect(filled, 6, 6)
        art.text(
            painter,
            QPointF(bar.right() + 0.95 * H, bar.center().y()),
            f"{min(have, need)}/{need}",
            0.42 * H,
            ink,
        )
        _wrapped(
            painter,
            QRectF(0.4 * H, r.height() - 1.2 * H, r.width() - 0.8 * H, 1.1 * H),
            self.state,
            0.33 * H,
            ink,
        )
        if self.done:
            art.star(painter, QPointF(r.width() - 0.6 * H, 0.6 * H), 0.42 * H, art.PALETTE["gold"])


class GazetteItem(QGraphicsObject):
    """La Gazette de Golden City: the issue in force, as a front page in the middle of the board
    or folded in its corner (module docstring). ``folded_rect`` and ``open_rect`` in scene
    units; ``on_fold`` is told when the front page folds (the scene stops holding the game)."""

    HOLD_MS = 6000

    def __init__(self, folded_rect: QRectF, open_rect: QRectF) -> None:
        super().__init__()
        self.folded, self.opened = folded_rect, open_rect
        self.setPos(folded_rect.topLeft())
        self._rect = QRectF(0, 0, open_rect.width(), open_rect.height())
        self.issue: str | None = None
        self.number = 0
        self.effect = ""
        self.is_open = False
        self.speed = 1.0
        self.on_fold: Callable[[], None] | None = None
        self.pages: list[str] = []
        """Every front page opened so far (the issues, in order)."""
        self._anim: QVariantAnimation | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.fold)
        self.setZValue(Z_OVERLAY + 2)
        self.setScale(self.folded.width() / self.opened.width())

    def set_issue(self, issue: str | None, number: int, effect: str) -> None:
        self.issue, self.number, self.effect = issue, number, effect
        title, text = issue_page(issue) if issue else ("", "")
        lines = [gazette_name(), title, text, effect] if issue else [gazette_name(), effect]
        self.setToolTip(lines_tip(lines))
        self.update()

    def open_front_page(self) -> None:
        """Unfold the front page in the middle of the board; it folds again on a click or after
        :data:`HOLD_MS` (scaled by the scene's speed)."""
        if self.issue is not None and (not self.pages or self.pages[-1] != self.issue):
            self.pages.append(self.issue)
        self._animate(True)
        self._timer.start(max(0, int(self.HOLD_MS * self.speed)))

    def fold(self) -> None:
        self._timer.stop()
        if self.is_open:
            self._animate(False)
            if self.on_fold is not None:
                self.on_fold()

    def holding(self) -> bool:
        """The front page is open (the table waits for it)."""
        return self.is_open or self._anim is not None

    def _animate(self, opening: bool) -> None:
        self.is_open = opening
        target = self.opened if opening else self.folded
        scale = target.width() / self.opened.width()
        stop(self._anim)
        self._anim = None
        ms = int(450 * self.speed)
        if ms <= 0:
            self.setPos(target.topLeft())
            self.setScale(scale)
            self.setZValue(Z_OVERLAY + (6 if opening else 2))
            self.update()
            return
        start_pos, start_scale = self.pos(), self.scale()
        self.setZValue(Z_OVERLAY + 6)

        def step(t: float) -> None:
            self.setPos(start_pos + (target.topLeft() - start_pos) * t)
            self.setScale(start_scale + (scale - start_scale) * t)
            self.setRotation((1 - t) * (-8 if opening else 8))

        def done() -> None:
            self.setPos(target.topLeft())
            self.setScale(scale)
            self.setRotation(0)
            self.setZValue(Z_OVERLAY + (6 if opening else 2))
            self._anim = None

        curve = QEasingCurve.Type.OutBack if opening else QEasingCurve.Type.InCubic
        self._anim = animate(ms, step, done, curve)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            if self.is_open:
                self.fold()
            else:
                self.open_front_page()
        event.accept()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-10, -10, 10, 14)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self._rect
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 80))
        painter.drawRect(r.translated(6, 8))
        paper = QLinearGradient(r.topLeft(), r.bottomRight())
        paper.setColorAt(0, QColor("#fbf5e4"))
        paper.setColorAt(1, QColor("#e9dcbb"))
        painter.setPen(QPen(QColor("#6d5c48"), 2))
        painter.setBrush(paper)
        painter.drawRect(r)
        ink = QColor("#221a12")
        pad = 0.6 * H
        art.text(painter, QPointF(r.center().x(), 1.0 * H), gazette_name(), 0.95 * H, ink)
        painter.setPen(QPen(ink, 2))
        painter.drawLine(QPointF(pad, 1.85 * H), QPointF(r.width() - pad, 1.85 * H))
        painter.drawLine(QPointF(pad, 2.0 * H), QPointF(r.width() - pad, 2.0 * H))
        if self.issue is None:
            _wrapped(
                painter,
                QRectF(pad, 2.5 * H, r.width() - 2 * pad, 4 * H),
                tr("No issue has appeared yet: one appears every third advance of the locomotive."),
                0.8 * H,
                ink,
                centred=True,
            )
            return
        title, text = issue_page(self.issue)
        number = tr("No. %1").replace("%1", str(self.number)) if self.number else ""
        _wrapped(
            painter,
            QRectF(pad, 2.1 * H, r.width() - 2 * pad, 0.6 * H),
            number,
            0.38 * H,
            ink,
            centred=True,
        )
        _wrapped(
            painter,
            QRectF(pad, 2.75 * H, r.width() - 2 * pad, 2.6 * H),
            title.upper(),
            1.25 * H,
            ink,
            bold=True,
            centred=True,
        )
        picture = QRectF(pad, 4.6 * H, 4.2 * H, 4.2 * H)
        painter.setPen(QPen(ink, 1.5))
        painter.setBrush(QColor("#efe3c4"))
        painter.drawRect(picture)
        _issue_picture(painter, self.issue, picture)
        _wrapped(
            painter,
            QRectF(
                picture.right() + 0.5 * H,
                4.6 * H,
                r.width() - picture.right() - 0.5 * H - pad,
                4.6 * H,
            ),
            text,
            0.74 * H,
            ink,
        )
        _wrapped(
            painter,
            QRectF(pad, r.height() - 1.3 * H, r.width() - 2 * pad, 1.1 * H),
            self.effect,
            0.5 * H,
            QColor("#7a2a12"),
            bold=True,
            centred=True,
        )


def _issue_picture(painter: QPainter, issue: str, rect: QRectF) -> None:
    """A woodcut for the front page: what the issue is about."""
    c, s = rect.center(), rect.width() / 2
    if issue in ("gold-rush", "mayor", "strike", "double-bounty"):
        art.nugget(painter, c + QPointF(-0.25 * s, 0.1 * s), 0.45 * s, None)
        art.nugget(painter, c + QPointF(0.3 * s, 0.25 * s), 0.35 * s, None)
    elif issue in ("bandits", "wanted"):
        art.thief(painter, c, 0.7 * s)
    elif issue in ("chest", "cow"):
        art.locomotive(painter, c + QPointF(0, 0.15 * s), 0.8 * s)
    elif issue == "new-vein":
        icons.vein(painter, c, 0.7 * s)
    elif issue == "sale":
        icons.tool(painter, "revolver", rect.adjusted(0.3 * s, 0.3 * s, -0.3 * s, -0.3 * s))
    elif issue == "storm":
        painter.setPen(QPen(QColor("#33302c"), 0.08 * s))
        painter.drawLine(c + QPointF(-0.1 * s, -0.7 * s), c + QPointF(-0.3 * s, 0.05 * s))
        painter.drawLine(c + QPointF(-0.3 * s, 0.05 * s), c + QPointF(0.15 * s, -0.05 * s))
        painter.drawLine(c + QPointF(0.15 * s, -0.05 * s), c + QPointF(-0.05 * s, 0.7 * s))
    else:  # sandstorm
        painter.setPen(QPen(QColor("#8a6a3d"), 0.06 * s))
        for k in range(5):
            y = c.y() + (k - 2) * 0.3 * s
            painter.drawLine(
                QPointF(rect.left() + 0.2 * s, y), QPointF(rect.right() - 0.2 * s, y - 0.15 * s)
            )
