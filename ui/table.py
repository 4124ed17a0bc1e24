"""The table window: the board view, what to do now, hints, Undo/Confirm, the turn log, and the
end screen with the winner and a rematch button (a network game: its saved record instead).

:class:`BoardView` fits the whole scene into the widget at any size (vector drawing, so it
stays sharp on HiDPI screens). :class:`TableWidget` wires a :class:`~ui.scene.TableScene` to a
controller: a :class:`~ui.controller.GameController` (against a bot, :meth:`start_game`) or a
:class:`~ui.netgame.NetworkController` (over the network, :meth:`start_network`) — the same
signals either way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QPainter, QResizeEvent, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from goldnet.engine import Terminal
from goldnet.games.mountains_rivers.board import Board
from goldnet.games.mountains_rivers.boards import load_board
from goldnet.games.mountains_rivers.rules import State

from . import texts
from .controller import GameController, GameSetup, PlayController
from .scene import TableScene

if TYPE_CHECKING:
    from .netgame import NetworkController

HINT_MS = 7000


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

    def fit(self) -> None:
        scene = self.scene()
        if scene is not None:
            self.fitInView(scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.fit()

    def leaveEvent(self, event: QEvent) -> None:
        scene = self.scene()
        if isinstance(scene, TableScene) and scene._hovered >= 0:
            scene.field_left(scene._hovered)
        super().leaveEvent(event)


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
        self.scores = QLabel()
        self.scores.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.scores.setStyleSheet("font-size: 17px;")
        self.record = QLabel()
        self.record.setObjectName("recordPath")
        self.record.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.record.setWordWrap(True)
        self.record.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.record.setStyleSheet("font-size: 12px; color: #5b4a33;")
        self.record.setMaximumWidth(520)
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
        layout.addWidget(self.record)
        layout.addSpacing(10)
        layout.addLayout(buttons)
        self.hide()


class TableWidget(QWidget):
    """A Mountains & Rivers table, against a bot or over the network (module docstring).

    Signals: ``rematchRequested()``, ``leaveRequested()``, ``openRecordRequested(path)``."""

    rematchRequested = Signal()
    leaveRequested = Signal()
    openRecordRequested = Signal(str)

    def __init__(self, parent: QWidget | None = None, speed: float = 1.0, bot_delay: int = 700):
        super().__init__(parent)
        self.speed = speed
        self.bot_delay = bot_delay
        self.scene: TableScene | None = None
        self.controller: PlayController | None = None
        self.result: Terminal | None = None
        self.record_path: str | None = None

        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setStyleSheet("font-size: 15px; color: #3b2a1e; padding: 6px 8px;")
        self.view = BoardView()
        # The hint takes the status line's place for a few seconds: the banner keeps its height,
        # so the board never jumps.
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet(
            "background: #ffe3a3; color: #5a3200; border: 2px solid #d99a2b;"
            " border-radius: 8px; padding: 4px 10px; font-size: 15px;"
        )
        self.banner = QStackedWidget()
        self.banner.addWidget(self.status)
        self.banner.addWidget(self.hint)
        self.banner.setFixedHeight(58)
        self._hint_timer = QTimer(self)
        self._hint_timer.setSingleShot(True)
        self._hint_timer.timeout.connect(lambda: self.show_hint(""))
        self.end = EndPanel(self.view)

        self.undo_button = QPushButton()
        self.confirm_button = QPushButton()
        for b in (self.undo_button, self.confirm_button):
            b.setMinimumHeight(40)
        self.confirm_button.setDefault(True)
        self.log = QListWidget()
        self.log.setWordWrap(True)
        self.log.setAlternatingRowColors(True)
        self.log_title = QLabel()
        self.leave_button = QPushButton()

        side = QVBoxLayout()
        side.addWidget(self.undo_button)
        side.addWidget(self.confirm_button)
        side.addSpacing(8)
        side.addWidget(self.log_title)
        side.addWidget(self.log, 1)
        side.addWidget(self.leave_button)
        side_widget = QWidget()
        side_widget.setLayout(side)
        side_widget.setFixedWidth(270)
        main = QVBoxLayout()
        main.setContentsMargins(0, 0, 0, 0)
        main.addWidget(self.banner)
        main.addWidget(self.view, 1)
        layout = QHBoxLayout(self)
        layout.addLayout(main, 1)
        layout.addWidget(side_widget)

        self.undo_button.clicked.connect(self.undo)
        self.confirm_button.clicked.connect(self.confirm)
        self.leave_button.clicked.connect(self.leaveRequested)
        self.end.rematch.clicked.connect(self.rematchRequested)
        self.end.replay.clicked.connect(self._open_record)
        self.end.back.clicked.connect(self.leaveRequested)
        QShortcut(QKeySequence.StandardKey.Undo, self, self.undo)
        QShortcut(QKeySequence(Qt.Key.Key_Return), self, self.confirm)
        QShortcut(QKeySequence(Qt.Key.Key_Enter), self, self.confirm)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.cancel)
        self.retranslate()
        self._refresh()

    # --- a game ---------------------------------------------------------------------------

    def start_game(self, setup: GameSetup, state: State | None = None) -> None:
        """Drop any current game and start ``setup`` against its bot (from ``state`` when
        given)."""
        self.stop()
        board = state.board if state is not None else load_board(setup.board)
        controller = GameController(setup, self, bot_delay=self.bot_delay, state=state)
        self._attach(controller, board, setup.board, setup.names, setup.colours)

    def start_network(self, controller: NetworkController) -> None:
        """Drop any current game and show the network game of ``controller``."""
        self.stop()
        controller.setParent(self)
        controller.stopped.connect(self._stopped)
        controller.recordSaved.connect(self._record_saved)
        board = controller.state.board
        self._attach(controller, board, controller.board, controller.names, controller.colours)

    def _attach(
        self,
        controller: PlayController,
        board: Board,
        number: int,
        names: tuple[str, str],
        colours: tuple[str, str],
    ) -> None:
        self.result = None
        self.record_path = None
        self.end.hide()
        self.log.clear()
        self.show_hint("")
        scene = TableScene(board, self)
        scene.speed = self.speed
        scene.set_seats(names, colours)
        scene.fieldClicked.connect(controller.click)
        scene.fieldHovered.connect(controller.hover)
        scene.cancelRequested.connect(controller.cancel)
        controller.shown.connect(scene.show_observation)
        controller.previewChanged.connect(scene.set_preview)
        controller.selectionChanged.connect(scene.set_selected)
        controller.hintChanged.connect(self.show_hint)
        controller.logged.connect(self.add_log)
        controller.phaseChanged.connect(self._refresh)
        controller.finished.connect(self._finished)
        self.scene, self.controller = scene, controller
        self.view.setScene(scene)
        self.view.fit()
        self.add_log(texts.arg(self.tr("Board %1 — mountains: %2; rivers: %3"), number, *names))
        controller.start()
        self._refresh()

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.shutdown()
            self.controller.deleteLater()
            self.controller = None

    def undo(self) -> None:
        if self.controller is not None:
            self.controller.undo()

    def confirm(self) -> None:
        if self.controller is not None:
            self.controller.confirm()

    def cancel(self) -> None:
        if self.controller is not None:
            self.controller.cancel()

    def show_hint(self, text: str) -> None:
        """Show ``text`` over the board for a few seconds ("" hides it)."""
        self.hint.setText(text)
        self.banner.setCurrentWidget(self.hint if text else self.status)
        if text:
            self._hint_timer.start(HINT_MS)

    def add_log(self, line: str) -> None:
        self.log.addItem(line)
        self.log.scrollToBottom()

    def _refresh(self) -> None:
        c, scene = self.controller, self.scene
        self.undo_button.setEnabled(c is not None and c.phase == "confirm")
        self.confirm_button.setEnabled(c is not None and c.phase == "confirm")
        if c is None or scene is None:
            self.status.setText("")
            return
        self.status.setText(
            texts.status_line(
                c.phase,
                c.state.roll,
                c.is_free_choice(),
                c.selection is not None,
                c.names[c.bot_seat],
            )
        )
        active = c.state.active
        for seat in (0, 1):
            if c.phase == "stopped":
                scene.set_panel_status(seat, False, "")
            elif c.phase == "over":
                won = self.result is not None and seat in self.result.winners
                scene.set_panel_status(seat, False, self.tr("Winner!") if won else "", won)
            elif seat == active:
                if seat == c.human:
                    if c.phase == "confirm":
                        text = self.tr("Confirm your turn")
                    elif c.phase == "sending":
                        text = self.tr("Sending…")
                    else:
                        text = self.tr("Your turn")
                else:
                    text = self.tr("Thinking…")
                scene.set_panel_status(seat, True, text)
            else:
                scene.set_panel_status(seat, False, "")

    def _finished(self, result: Terminal) -> None:
        self.result = result
        c = self.controller
        assert c is not None
        winner = result.winners[0]
        if winner == c.human:
            title = self.tr("You win!")
        else:
            title = texts.arg(self.tr("%1 wins"), c.names[winner])
        self.end.title.setText(title)
        a, b = result.scores
        self.end.scores.setText(
            texts.arg(self.tr("%1 (mountains) %2 – %3 %4 (rivers)"), c.names[0], a, b, c.names[1])
        )
        self._show_end(c)

    def _stopped(self, message: str) -> None:
        """A network game that cannot go on: say why, offer the way back."""
        c = self.controller
        if c is None:
            return
        self.end.title.setText(self.tr("The game stopped"))
        self.end.scores.setText(message)
        self._show_end(c)

    def _show_end(self, c: PlayController) -> None:
        self.end.rematch.setVisible(c.can_rematch)
        self._update_record()
        self._refresh()
        self._place_end()
        self.end.show()
        self.end.raise_()

    def _record_saved(self, path: str) -> None:
        self.record_path = path
        self._update_record()
        if self.end.isVisible():
            self._place_end()

    def _update_record(self) -> None:
        network = self.controller is not None and not self.controller.can_rematch
        path = self.record_path
        self.end.record.setVisible(network and self.result is not None)
        self.end.replay.setVisible(path is not None)
        if path is not None:
            self.end.record.setText(texts.arg(self.tr("Record saved: %1"), path))
        else:
            self.end.record.setText(self.tr("Saving the record…"))

    def _open_record(self) -> None:
        if self.record_path is not None:
            self.openRecordRequested.emit(self.record_path)

    def _place_end(self) -> None:
        self.end.adjustSize()
        r = self.view.rect()
        w, h = max(self.end.sizeHint().width(), 360), self.end.sizeHint().height()
        self.end.setGeometry(int(r.center().x() - w / 2), int(r.center().y() - h / 2), w, h)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.end.isVisible():
            self._place_end()

    def retranslate(self) -> None:
        self.undo_button.setText(self.tr("Undo"))
        self.confirm_button.setText(self.tr("Confirm"))
        self.undo_button.setToolTip(self.tr("Take back your move (Ctrl+Z)"))
        self.confirm_button.setToolTip(self.tr("End your turn (Enter)"))
        self.log_title.setText(self.tr("Turn log"))
        self.leave_button.setText(self.tr("Leave the table"))
        self.end.rematch.setText(self.tr("Rematch"))
        self.end.back.setText(self.tr("Back to the start"))
        self.end.replay.setText(self.tr("Replay the record"))
        if self.record_path is not None or self.end.record.text():
            self._update_record()
        if self.scene is not None:
            self.scene.retranslate()
        self._refresh()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def scene_rect(self) -> QRectF:
        return self.scene.sceneRect() if self.scene else QRectF()
