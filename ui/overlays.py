"""The panels laid over the table's board: the end screen and the pause.

:class:`EndPanel` says how a game ended (the winner and the scores; a network game's abandoned
or halted ending; the saved record) with Rematch, Replay and Back. :class:`PausePanel` says why
a network game is paused and the time left before it may be adjudicated abandoned; when the
table's relay seems gone or stuck it offers "Host this table myself". Every text wraps; a panel
is as tall as its text needs and never wider than the board (:func:`place_panel`).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

PANEL_MARGIN = 12
"""Pixels kept free between an overlay panel and the edge of the board view."""


class EndPanel(QFrame):
    """The end screen: the winner, the scores, Rematch and Back."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("endPanel")
        self.setStyleSheet(
            "#endPanel { background: rgba(246, 236, 210, 240); border: 3px solid #8a6a3d;"
            " border-radius: 14px; }"
            " QLabel { color: #2b2118; }"
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(28, 22, 28, 22)
        self.title = QLabel()
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setStyleSheet("font-size: 26px; font-weight: bold;")
        self.title.setWordWrap(True)
        self.scores = QLabel()
        self.scores.setObjectName("endText")
        self.scores.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.scores.setWordWrap(True)
        self.scores.setStyleSheet("font-size: 17px;")
        self.detail = QLabel()
        self.detail.setObjectName("endDetail")
        self.detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.detail.setWordWrap(True)
        self.detail.setStyleSheet("font-size: 14px; color: #4a3b2a;")
        self.detail.hide()
        self.record = QLabel()
        self.record.setObjectName("recordPath")
        self.record.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.record.setWordWrap(True)
        self.record.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.record.setStyleSheet("font-size: 12px; color: #5b4a33;")
        buttons = QHBoxLayout()
        self.rematch = QPushButton()
        self.replay = QPushButton()
        self.replay.setObjectName("replayRecord")
        self.back = QPushButton()
        for b in (self.rematch, self.replay, self.back):
            b.setMinimumHeight(36)
            buttons.addWidget(b)
        layout.addWidget(self.title)
        layout.addWidget(self.scores)
        layout.addWidget(self.detail)
        layout.addWidget(self.record)
        from .rematch import RematchBox

        self.offer = RematchBox(self)
        """A network table's rematch: the offer, the answers (:mod:`ui.rematch`)."""
        layout.addWidget(self.offer)
        layout.addSpacing(10)
        layout.addLayout(buttons)
        self.hide()


class PausePanel(QFrame):
    """Over the bottom of the board while a network game is paused: why, in plain words, what
    happens when the time runs out and, when the relay seems gone or stuck, the offer to host
    the table here (:attr:`offer` and the :attr:`rehost` button, hidden otherwise)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("pausePanel")
        self.setStyleSheet(
            "#pausePanel { background: rgba(255, 243, 214, 245); border: 2px solid #c58a2c;"
            " border-radius: 12px; }"
            " QLabel { color: #3b2a1e; background: transparent; }"
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 12, 18, 12)
        layout.setSpacing(4)
        self.title = QLabel()
        self.title.setObjectName("pauseTitle")
        self.title.setStyleSheet("font-size: 13px; font-weight: bold; color: #8a5a12;")
        self.message = QLabel()
        self.message.setObjectName("pauseMessage")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("font-size: 16px;")
        self.note = QLabel()
        self.note.setObjectName("pauseNote")
        self.note.setWordWrap(True)
        self.note.setStyleSheet("font-size: 12px; color: #6d5c48;")
        for label in (self.title, self.message, self.note):
            layout.addWidget(label)
        self.offer = QLabel()
        self.offer.setObjectName("rehostOffer")
        self.offer.setWordWrap(True)
        self.offer.setStyleSheet("font-size: 13px; color: #3b2a1e;")
        self.rehost = QPushButton()
        self.rehost.setObjectName("rehostTable")
        self.rehost.setMinimumHeight(34)
        self.rehost.setStyleSheet(
            "QPushButton { background: #2f6f8f; color: white; border: 1px solid #1f4f66;"
            " border-radius: 7px; padding: 4px 14px; font-weight: bold; }"
            " QPushButton:hover { background: #3a84a8; }"
            " QPushButton:disabled { background: #b9c4c9; border-color: #a0aab0; }"
        )
        row = QHBoxLayout()
        row.addWidget(self.rehost)
        row.addStretch(1)
        layout.addSpacing(6)
        layout.addWidget(self.offer)
        layout.addLayout(row)
        self.show_offer(False)
        self.hide()

    def show_offer(self, shown: bool) -> None:
        """Show or hide the offer to host the table here."""
        self.offer.setVisible(shown)
        self.rehost.setVisible(shown)


def place_panel(panel: QWidget, area: QRectF, width: int, *, bottom: bool = False) -> None:
    """Give ``panel`` ``width`` pixels (at most the area's width less the margins) and the
    height its wrapped text needs; centred in ``area`` (or at its bottom, above the margin)."""
    w = max(1, min(width, int(area.width()) - 2 * PANEL_MARGIN))
    layout = panel.layout()
    h = layout.totalHeightForWidth(w) if layout is not None and layout.hasHeightForWidth() else -1
    if h < 0:
        h = panel.sizeHint().height()
    x = int(area.center().x() - w / 2)
    y = int(area.bottom()) - PANEL_MARGIN - h if bottom else int(area.center().y() - h / 2)
    panel.setGeometry(x, max(int(area.top()), y), w, h)
    if layout is not None:
        layout.activate()  # the labels get their share now, not at the next event loop pass
