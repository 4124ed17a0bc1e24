"""What opens over the Golden City board: buttons, the general store, the duel scene and the
little choice bubble beside a field.

- :class:`ButtonItem`: a button drawn in the scene (a real mouse click on it is an intent,
  like a click on a field).
- :class:`StoreItem`: the general store, open while the player's turn is at the store: the six
  tools with their prices (*Soldes* applied, the old price struck through), what each does, the
  bank, a Buy button each (or why not), and "Leave the store".
- :class:`DuelItem`: a brawl, a fight, a ghost or the train guard: both sides, their dice as
  they are thrown (ties thrown again), the revolver's bonus, and what changed hands.
- :class:`BubbleItem`: two or more ways to end a move on one field (a cave: go down, or stay).

Invariants: they know no rules: the store is told the prices, what is held and which purchases
are legal; the duel is told each roll; a button calls what the scene gave it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt, QVariantAnimation, Signal
from PySide6.QtGui import QColor, QCursor, QLinearGradient, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from goldnet.games.golden_city.setup import TOOLS

from .. import style
from . import art, icons
from .cards import _wrapped
from .items import Z_OVERLAY, animate, stop
from .panels import lines_tip
from .words import tool_kept, tool_name, tool_text, tr

H = style.HEX


class ButtonItem(QGraphicsObject):
    """A button in the scene: ``text`` in ``rect`` (item coordinates of its parent); a click
    while enabled emits ``activated(payload)``. ``tone``: ``"gold"`` (the main choice),
    ``"plain"`` or ``"blue"``. (A signal, not a callback: a button holds no reference to the
    scene, so a scene and its items never make a cycle the garbage collector must break.)"""

    activated = Signal(object)

    def __init__(
        self,
        text: str,
        rect: QRectF,
        payload: object,
        parent: QGraphicsItem | None = None,
        tone: str = "gold",
    ) -> None:
        super().__init__(parent)
        self.text, self._rect, self.payload, self.tone = text, rect, payload, tone
        self.enabled = True
        self.hover = False
        self.setAcceptHoverEvents(True)
        self.setCursor(QCursor(Qt.CursorShape.PointingHandCursor))

    def set_text(self, text: str) -> None:
        self.text = text
        self.update()

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = enabled
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-3, -3, 3, 5)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self._rect
        base = {"gold": QColor("#c98a1b"), "blue": QColor("#2f6f8f")}.get(
            self.tone, QColor("#efe2c2")
        )
        if not self.enabled:
            base = QColor("#cfc6b4")
        elif self.hover:
            base = base.lighter(115)
        grad = QLinearGradient(r.topLeft(), r.bottomLeft())
        grad.setColorAt(0, base.lighter(112))
        grad.setColorAt(1, base.darker(110))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 60))
        painter.drawRoundedRect(r.translated(0, 2.5), 8, 8)
        painter.setPen(QPen(base.darker(150), 1.5))
        painter.setBrush(grad)
        painter.drawRoundedRect(r, 8, 8)
        light = self.tone in ("gold", "blue") and self.enabled
        painter.setPen(QColor("white") if light else style.INK)
        f = art.font(min(0.44 * H, r.height() * 0.45), bold=True)
        painter.setFont(f)
        painter.drawText(
            r.adjusted(4, 0, -4, 0),
            Qt.AlignmentFlag.AlignCenter,
            painter.fontMetrics().elidedText(
                self.text, Qt.TextElideMode.ElideRight, int(r.width() - 8)
            ),
        )

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.hover = True
        self.update()

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.hover = False
        self.update()

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()
        if event.button() == Qt.MouseButton.LeftButton and self.enabled:
            self.activated.emit(self.payload)


def _panel(painter: QPainter, r: QRectF) -> None:
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 100))
    painter.drawRoundedRect(r.translated(0, 8), 16, 16)
    grad = QLinearGradient(r.topLeft(), r.bottomLeft())
    grad.setColorAt(0, QColor("#f8eed6"))
    grad.setColorAt(1, QColor("#ead9b1"))
    painter.setPen(QPen(style.PLATE_EDGE, 4))
    painter.setBrush(grad)
    painter.drawRoundedRect(r, 16, 16)


@dataclass(frozen=True)
class StoreOffer:
    """What the store shows: per tool its price now and its usual price, what the seat holds,
    its bank, which purchases are legal, whether *Soldes* is in force."""

    prices: tuple[int, ...]
    usual: tuple[int, ...]
    held: tuple[str, ...]
    bank: int
    legal: frozenset[str]
    sale: bool


class StoreItem(QGraphicsObject):
    """The general store (module docstring), centred on ``centre``; a button emits
    ``activated(("act", action))``, ``action`` ``("buy", tool)`` or ``("done",)``."""

    activated = Signal(object)

    def __init__(self, centre: QPointF) -> None:
        super().__init__()
        self._rect = QRectF(-11.2 * H, -7.6 * H, 22.4 * H, 15.2 * H)
        self.setPos(centre)
        self.setZValue(Z_OVERLAY)
        self.offer: StoreOffer | None = None
        self.cards: list[QRectF] = []
        self.buttons: dict[str, ButtonItem] = {}
        w, h = 7.0 * H, 5.4 * H
        for k, name in enumerate(TOOLS):
            col, row = k % 3, k // 3
            card = QRectF(
                self._rect.left() + 0.5 * H + col * (w + 0.35 * H),
                self._rect.top() + 2.5 * H + row * (h + 0.35 * H),
                w,
                h,
            )
            self.cards.append(card)
            button = ButtonItem(
                "",
                QRectF(card.right() - 2.9 * H, card.bottom() - 1.0 * H, 2.6 * H, 0.8 * H),
                ("act", ("buy", name)),
                self,
            )
            button.activated.connect(self.activated)
            self.buttons[name] = button
        self.leave = ButtonItem(
            "",
            QRectF(self._rect.right() - 6.5 * H, self._rect.bottom() - 1.3 * H, 6.0 * H, 0.95 * H),
            ("act", ("done",)),
            self,
            tone="blue",
        )
        self.leave.activated.connect(self.activated)
        self.hide()

    def show_offer(self, offer: StoreOffer | None) -> None:
        """Open the store with ``offer`` (None: close it)."""
        self.offer = offer
        if offer is None:
            self.hide()
            return
        for name in TOOLS:
            button = self.buttons[name]
            if name in offer.held:
                button.set_text(tr("Owned"))
                button.set_enabled(False)
            elif name in offer.legal:
                button.set_text(tr("Buy"))
                button.set_enabled(True)
            else:
                button.set_text(tr("Too dear"))
                button.set_enabled(False)
            button.setToolTip(lines_tip([tool_name(name), tool_text(name), tool_kept(name)]))
        self.leave.set_text(tr("Leave the store"))
        self.show()
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-6, -6, 6, 12)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        offer = self.offer
        if offer is None:
            return
        r = self._rect
        _panel(painter, r)
        sign = QRectF(r.left() + 0.5 * H, r.top() + 0.4 * H, 13 * H, 1.4 * H)
        painter.setPen(QPen(QColor("#5a3a1a"), 2))
        painter.setBrush(QColor("#8b5a2b"))
        painter.drawRoundedRect(sign, 6, 6)
        art.text(painter, sign.center(), tr("General Store"), 0.85 * H, art.PALETTE["cream"])
        art.nugget(painter, QPointF(r.right() - 4.6 * H, r.top() + 1.1 * H), 0.42 * H)
        painter.setPen(style.INK)
        painter.setFont(art.font(0.5 * H, bold=True))
        painter.drawText(
            QRectF(r.right() - 4.1 * H, r.top() + 0.6 * H, 3.8 * H, 1.0 * H),
            Qt.AlignmentFlag.AlignVCenter,
            tr("Bank: %1").replace("%1", str(offer.bank)),
        )
        if offer.sale:
            _wrapped(
                painter,
                QRectF(r.left() + 0.5 * H, r.top() + 1.85 * H, 14 * H, 0.6 * H),
                tr("Soldes! Every tool costs one nugget less."),
                0.42 * H,
                QColor("#b3261e"),
                bold=True,
            )
        for k, name in enumerate(TOOLS):
            card = self.cards[k]
            held = name in offer.held
            painter.setPen(QPen(style.PANEL_EDGE, 1.5))
            painter.setBrush(QColor("#fffaf0") if not held else QColor("#efe6cf"))
            painter.drawRoundedRect(card, 10, 10)
            icon = QRectF(card.left() + 0.25 * H, card.top() + 0.25 * H, 1.5 * H, 1.5 * H)
            icons.tool(painter, name, icon)
            painter.setPen(style.INK)
            painter.setFont(art.font(0.44 * H, bold=True))
            label = QRectF(icon.right() + 0.15 * H, card.top() + 0.2 * H, 3.75 * H, 0.8 * H)
            painter.drawText(
                label,
                Qt.AlignmentFlag.AlignVCenter,
                painter.fontMetrics().elidedText(
                    tool_name(name), Qt.TextElideMode.ElideRight, int(label.width())
                ),
            )
            price, usual = offer.prices[k], offer.usual[k]
            at = QPointF(card.right() - 0.75 * H, card.top() + 0.75 * H)
            art.nugget(painter, at, 0.55 * H, price)
            if price != usual:
                old = at + QPointF(0, 0.95 * H)
                art.text(painter, old, str(usual), 0.42 * H, QColor("#8a7a66"))
                painter.setPen(QPen(QColor("#b3261e"), 2.2))
                painter.drawLine(
                    old + QPointF(-0.28 * H, 0.22 * H), old + QPointF(0.28 * H, -0.22 * H)
                )
            _wrapped(
                painter,
                QRectF(
                    card.left() + 0.3 * H, card.top() + 1.9 * H, card.width() - 0.6 * H, 2.3 * H
                ),
                tool_text(name),
                0.36 * H,
                style.INK_SOFT,
            )
        _wrapped(
            painter,
            QRectF(r.left() + 0.5 * H, r.bottom() - 1.35 * H, 14.5 * H, 1.2 * H),
            tr("Nuggets spent here are spent for good: each tool must pay for itself."),
            0.38 * H,
            style.INK_SOFT,
        )


@dataclass
class Side:
    """One side of a duel: its name, its colour (None: a thief, a ghost, the guard), its
    bonus, its last roll, and a fixed strength (a thief's, the guard's) instead of a die."""

    name: str
    colour: QColor | None
    kind: str = "pawn"
    bonus: int = 0
    roll: int | None = None
    strength: int | None = None


class DuelItem(QGraphicsObject):
    """A duel scene (module docstring), centred on ``centre``."""

    def __init__(self, centre: QPointF) -> None:
        super().__init__()
        self._rect = QRectF(-9.5 * H, -4.1 * H, 19 * H, 8.2 * H)
        self.setPos(centre)
        self.setZValue(Z_OVERLAY + 1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.title = ""
        self.left = Side("", None)
        self.right = Side("", None)
        self.history: list[str] = []
        self.result = ""
        self.seat = -1
        """The seat on the left: the one who stopped there."""
        self.spin = 0.0
        self._anim: QVariantAnimation | None = None
        self.hide()

    def start(self, title: str, left: Side, right: Side, seat: int) -> None:
        """A new duel: ``seat`` (on the left) against the right side."""
        self.title, self.left, self.right, self.seat = title, left, right, seat
        self.history, self.result = [], ""
        self.show()
        self.update()

    def rolled(self, side: str, value: int, ms: int) -> None:
        """A die of ``side`` (``"left"`` or ``"right"``) shows ``value``, tumbling in ``ms``."""
        target = self.left if side == "left" else self.right
        target.roll = value
        if ms > 0:
            stop(self._anim)
            self._anim = animate(ms, self._spin, self._stopped, start=1.0, end=0.0)
        self.update()

    def _spin(self, t: float) -> None:
        self.spin = t
        self.update()

    def _stopped(self) -> None:
        self.spin, self._anim = 0.0, None
        self.update()

    def note(self, line: str) -> None:
        self.history = [*self.history[-2:], line]
        self.update()

    def finish(self, result: str) -> None:
        self.result = result
        self.update()

    def rolling(self) -> bool:
        return self._anim is not None

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-6, -6, 6, 12)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self._rect
        _panel(painter, r)
        art.text(painter, QPointF(0, r.top() + 0.85 * H), self.title, 0.75 * H, style.INK)
        art.text(painter, QPointF(0, r.top() + 3.4 * H), tr("vs"), 0.7 * H, style.INK_SOFT)
        for side, x in ((self.left, -5.0 * H), (self.right, 5.0 * H)):
            self._side(painter, side, x, r)
        if self.history:
            art.text(
                painter, QPointF(0, r.top() + 5.45 * H), self.history[-1], 0.4 * H, style.INK_SOFT
            )
        if self.result:
            _wrapped(
                painter,
                QRectF(r.left() + 0.6 * H, r.bottom() - 1.5 * H, r.width() - 1.2 * H, 1.4 * H),
                self.result,
                0.48 * H,
                QColor("#7a2a12"),
                bold=True,
                centred=True,
            )

    def _side(self, painter: QPainter, side: Side, x: float, r: QRectF) -> None:
        icon = QPointF(x - 2.4 * H, r.top() + 3.3 * H)
        if side.kind == "thief":
            art.thief(painter, icon, 0.75 * H, side.strength)
        elif side.kind == "ghost":
            icons.ghost(painter, icon, 0.8 * H)
        elif side.kind == "guard":
            art.locomotive(painter, icon, 0.9 * H)
        else:
            art.pawn(painter, icon, 0.9 * H, side.colour or QColor("#888888"))
        art.text(painter, QPointF(x, r.top() + 1.85 * H), side.name, 0.5 * H, style.INK)
        die = QRectF(x - 0.7 * H, r.top() + 2.35 * H, 2.1 * H, 2.1 * H)
        if side.strength is not None and side.roll is None:
            art.text(painter, die.center(), str(side.strength), 1.1 * H, QColor("#b3261e"))
            caption = tr("strength")
        else:
            painter.save()
            painter.translate(die.center())
            painter.rotate(self.spin * 400 * (1 if x > 0 else -1))
            painter.translate(-die.center())
            icons.die(painter, die, side.roll, "duel")
            painter.restore()
            caption = tr("+%1 revolver").replace("%1", str(side.bonus)) if side.bonus else ""
        if caption:
            art.text(
                painter,
                QPointF(die.center().x(), die.bottom() + 0.45 * H),
                caption,
                0.34 * H,
                style.INK_SOFT,
            )
        if side.roll is not None and side.bonus:
            total = side.roll + side.bonus
            art.text(
                painter,
                QPointF(die.right() + 0.9 * H, die.center().y()),
                f"= {total}",
                0.55 * H,
                style.INK,
            )


class BubbleItem(QGraphicsObject):
    """A small bubble by a field: a title and one button per way to end the move there; a
    button emits ``activated(("act", action))``."""

    activated = Signal(object)

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_OVERLAY + 3)
        self._rect = QRectF()
        self.title = ""
        self.buttons: list[ButtonItem] = []
        self._offered: tuple[QPointF, str, tuple[tuple[str, object], ...]] | None = None
        self.hide()

    def offer(self, at: QPointF, title: str, choices: Sequence[tuple[str, object]]) -> None:
        """Open by ``at`` with one button per ``(text, action)`` of ``choices``; the same
        offer again (the pointer moved over the board) keeps the buttons that are there — a
        button made anew under the pointer would miss the click that follows."""
        offered = (at, title, tuple(choices))
        if self.isVisible() and offered == self._offered:
            return
        self._offered = offered
        for button in self.buttons:
            button.setParentItem(None)
            if button.scene() is not None:
                button.scene().removeItem(button)
        self.buttons = []
        w = 6.4 * H
        self.title = title
        self._rect = QRectF(0, 0, w, 1.0 * H + len(choices) * 1.05 * H + 0.3 * H)
        for k, (text, action) in enumerate(choices):
            rect = QRectF(0.3 * H, 1.0 * H + k * 1.05 * H, w - 0.6 * H, 0.85 * H)
            button = ButtonItem(text, rect, ("act", action), self, tone="plain" if k else "gold")
            button.activated.connect(self.activated)
            self.buttons.append(button)
        self.setPos(at + QPointF(0.6 * H, -self._rect.height() / 2))
        self.show()
        self.update()

    def close(self) -> None:
        self.hide()

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()  # a click on the bubble, beside its buttons, is no click on the field below

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-6, -6, 6, 10)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        _panel(painter, self._rect)
        art.text(
            painter, QPointF(self._rect.center().x(), 0.55 * H), self.title, 0.42 * H, style.INK
        )
