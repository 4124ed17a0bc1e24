"""The board's view: :class:`BoardView` fits the whole scene into the widget at any size (vector
drawing, so it stays sharp on HiDPI screens). The table and the replay viewer show their board
scenes in it.

Without a scene (while a game is dealt) the view is the table's colour with a message in its
middle (:meth:`BoardView.show_message`).

Invariant: the scene is always shown whole, at the largest scale that fits, its aspect ratio
kept (after every resize, show and scene change the table asks :meth:`BoardView.fit`).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QPainter, QPalette, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QLabel, QSizePolicy, QWidget

from . import style


class BoardView(QGraphicsView):
    """A view that always shows the whole scene, scaled to fit, keeping its aspect ratio."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.TextAntialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
        )
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMouseTracking(True)
        self.viewport().setMouseTracking(True)
        self.setMinimumSize(320, 300)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        palette = self.viewport().palette()
        palette.setColor(QPalette.ColorRole.Base, style.TABLE)
        palette.setColor(QPalette.ColorRole.Window, style.TABLE)
        self.viewport().setPalette(palette)
        self.message = QLabel(self.viewport())
        self.message.setObjectName("boardMessage")
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #f3d98b; font-size: 22px; background: transparent;")
        self.message.hide()

    def show_message(self, text: str) -> None:
        """Show ``text`` in the middle of the view ("" hides it): what the board would show
        while there is none yet."""
        self.message.setText(text)
        self.message.setVisible(bool(text))
        self.message.setGeometry(self.viewport().rect().adjusted(24, 24, -24, -24))

    def fit(self) -> None:
        scene = self.scene()
        if scene is not None:
            self.fitInView(scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.message.setGeometry(self.viewport().rect().adjusted(24, 24, -24, -24))
        self.fit()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.fit()

    def leaveEvent(self, event: QEvent) -> None:
        left = getattr(self.scene(), "pointer_left", None)  # a kit's board scene has one
        if left is not None:
            left()
        super().leaveEvent(event)
