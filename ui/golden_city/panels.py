"""The seats' panels of the Golden City table, one beside each seat's house.

A :class:`SeatPanelItem` shows a seat's name on its colour, whose turn it is (or that its
connection is lost), its bank, its sack — nuggets, captured thieves, gold found below —, the six
tools (held ones bright; each one's own tooltip says what it does), a lost turn, "mission
fulfilled" once the seat announced it, and at the end its mission and the bonus it paid.

Invariants: a panel shows what the scene gives it (:class:`SeatInfo`); it knows no rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from goldnet.games.golden_city.setup import TOOLS

from .. import style
from ..texts import arg
from . import art, icons
from .words import tool_kept, tool_name, tool_text, tr

H = style.HEX


@dataclass(frozen=True)
class SeatInfo:
    """What a seat's panel shows (from the observation and the table)."""

    bank: int = 0
    sack: tuple[int, int, int] = (0, 0, 0)
    tools: tuple[str, ...] = ()
    lost_turn: bool = False
    claimed: bool = False
    where: str = "home"
    light: int = 0
    mission: str = ""
    """At the end: the seat's mission in words and what it paid ("" before)."""


def lines_tip(lines: list[str]) -> str:
    """Tooltip lines as rich text (escaped), so that Qt wraps a long one."""
    return "<qt>" + "<br>".join(escape(line) for line in lines if line) + "</qt>"


class ToolSlotItem(QGraphicsItem):
    """One tool on a panel: bright when held; its tooltip says what it does."""

    def __init__(self, tool: str, parent: QGraphicsItem) -> None:
        super().__init__(parent)
        self.tool = tool
        self.held = False
        self._rect = QRectF(0, 0, 1.02 * H, 1.02 * H)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_held(self, held: bool) -> None:
        if held != self.held:
            self.held = held
            self.update()
        self.setToolTip(self.tooltip())

    def tooltip(self) -> str:
        state = tr("Held.") if self.held else tr("Not held: the general store sells it.")
        return lines_tip([tool_name(self.tool), tool_text(self.tool), tool_kept(self.tool), state])

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self._rect
        painter.setPen(
            QPen(
                style.PANEL_EDGE if self.held else QColor(138, 106, 61, 90),
                1.4,
                Qt.PenStyle.SolidLine if self.held else Qt.PenStyle.DashLine,
            )
        )
        painter.setBrush(QColor("#fff7e0") if self.held else Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(r, 5, 5)
        icons.tool(painter, self.tool, r.adjusted(3, 3, -3, -3), faded=not self.held)


class SeatPanelItem(QGraphicsItem):
    """A seat's panel (module docstring), ``rect`` in scene units."""

    def __init__(self, seat: int, rect: QRectF) -> None:
        super().__init__()
        self.seat = seat
        self.setPos(rect.topLeft())
        self._rect = QRectF(0, 0, rect.width(), rect.height())
        self.name = ""
        self.colour = QColor(style.SEAT_DEFAULTS[seat % len(style.SEAT_DEFAULTS)])
        self.status = ""
        self.active = self.winner = self.away = False
        self.info = SeatInfo()
        self.slots = [ToolSlotItem(tool, self) for tool in TOOLS]
        for k, slot in enumerate(self.slots):
            slot.setPos(0.3 * H + k * 1.2 * H, self._rect.height() - 1.95 * H)

    def set_seat(self, name: str, colour: str) -> None:
        self.name, self.colour = name, QColor(colour)
        self.update()

    def set_state(
        self, active: bool, status: str, winner: bool = False, away: bool = False
    ) -> None:
        self.active, self.status, self.winner, self.away = active, status, winner, away
        self.update()

    def set_info(self, info: SeatInfo) -> None:
        self.info = info
        for slot in self.slots:
            slot.set_held(slot.tool in info.tools)
        self.setToolTip(self.tooltip())
        self.update()

    def bank_point(self) -> QPointF:
        """Where gold flies to when it is banked (scene coordinates)."""
        return self.mapToScene(QPointF(self._rect.width() - 1.3 * H, 1.95 * H))

    def tooltip(self) -> str:
        i = self.info
        nuggets, thieves, below = i.sack
        lines = [
            self.name,
            arg(tr("Bank: %1 — only the bank counts at the end."), i.bank),
            arg(
                tr("Sack — nuggets: %1, captured thieves: %2, gold found below: %3."),
                nuggets,
                thieves,
                below,
            ),
            tr("What the sack holds is safe only once banked at home."),
        ]
        if i.tools:
            lines.append(arg(tr("Tools: %1."), ", ".join(tool_name(t) for t in i.tools)))
        if i.lost_turn:
            lines.append(tr("Loses the next turn (a cave-in)."))
        if i.claimed:
            lines.append(tr("Mission fulfilled (which one stays secret until the end)."))
        if i.mission:
            lines.append(i.mission)
        if self.away:
            lines.append(tr("The connection is lost."))
        return lines_tip(lines)

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-10, -10, 10, 10)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self._rect
        if self.active or self.winner:
            glow = QColor(self.colour if self.active else art.PALETTE["gold"])
            glow.setAlpha(120)
            painter.setPen(QPen(glow, 12))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(r, 12, 12)
        painter.setPen(
            QPen(self.colour if self.active else style.PANEL_EDGE, 4 if self.active else 2)
        )
        painter.setBrush(style.PANEL)
        painter.drawRoundedRect(r, 12, 12)
        band = QRectF(r.left() + 2, r.top() + 2, r.width() - 4, 1.05 * H)
        path = QPainterPath()
        path.addRoundedRect(band, 10, 10)
        painter.fillPath(path, self.colour)
        painter.setPen(QColor("white"))
        painter.setFont(art.font(0.52 * H, bold=True))
        right = 1.0 * H if self.info.claimed else 0.3 * H
        painter.drawText(
            band.adjusted(0.3 * H, 0, -right, 0),
            Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
            painter.fontMetrics().elidedText(
                self.name, Qt.TextElideMode.ElideRight, int(band.width() - 0.3 * H - right)
            ),
        )
        if self.info.claimed:
            art.star(
                painter,
                QPointF(band.right() - 0.55 * H, band.center().y()),
                0.38 * H,
                art.PALETTE["gold"],
            )
        # status, or the lost turn
        painter.setPen(style.AWAY if self.away else style.INK_SOFT)
        painter.setFont(art.font(0.4 * H, bold=self.active or self.winner or self.away))
        status = QRectF(0.3 * H, 1.15 * H, r.width() - 3.4 * H, 0.62 * H)
        word = self.status
        if not word and self.info.lost_turn:
            word = tr("Loses a turn")
        painter.drawText(
            status,
            Qt.AlignmentFlag.AlignVCenter,
            painter.fontMetrics().elidedText(
                word, Qt.TextElideMode.ElideRight, int(status.width())
            ),
        )
        # the bank
        coin = QPointF(r.width() - 2.55 * H, 1.95 * H)
        art.nugget(painter, coin, 0.42 * H)
        art.text(
            painter,
            QPointF(r.width() - 1.25 * H, 1.95 * H),
            str(self.info.bank),
            0.9 * H,
            style.INK,
        )
        painter.setPen(style.INK_SOFT)
        painter.setFont(art.font(0.32 * H))
        painter.drawText(
            QRectF(r.width() - 3.2 * H, 2.45 * H, 2.9 * H, 0.45 * H),
            Qt.AlignmentFlag.AlignRight,
            tr("bank"),
        )
        # the sack
        nuggets, thieves, below = self.info.sack
        y = 3.35 * H
        painter.drawText(
            QRectF(0.3 * H, y - 0.28 * H, 1.6 * H, 0.56 * H),
            Qt.AlignmentFlag.AlignVCenter,
            tr("sack"),
        )
        x = 1.75 * H
        for kind, count in (("nugget", nuggets), ("thief", thieves), ("below", below)):
            at = QPointF(x, y)
            if kind == "nugget":
                art.nugget(painter, at, 0.3 * H)
            elif kind == "thief":
                art.thief(painter, at, 0.3 * H)
            else:
                icons.vein(painter, at, 0.3 * H)
            art.text(
                painter,
                at + QPointF(0.62 * H, 0),
                str(count),
                0.45 * H,
                style.INK if count else style.INK_SOFT,
            )
            x += 1.75 * H
        if self.info.mission:
            painter.setPen(style.INK)
            painter.setFont(art.font(0.32 * H, bold=True))
            painter.drawText(
                QRectF(0.3 * H, r.height() - 0.85 * H, r.width() - 0.6 * H, 0.7 * H),
                Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap,
                self.info.mission,
            )
