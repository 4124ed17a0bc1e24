"""Replays of records (``.goldnet`` files): step forward and back through a finished game.

:func:`load_steps` verifies the record with :func:`goldnet.records.verify` — the one verifier
``goldnet verify`` uses, version 1 records included — and keeps a copy of the public state it
reaches after each throw and each action. :class:`ReplayWidget` shows those snapshots on the
game kit's ordinary table scene (:mod:`ui.kits`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from goldnet.engine import Event, GameState, Terminal
from goldnet.records import InvalidRecord, RecordError, read, verify

from . import kits, style
from .table import BoardView


class ReplayError(Exception):
    """A record that cannot be replayed; the message says why in plain words."""


@dataclass(frozen=True)
class Step:
    """The position after one throw or action, and the events that led to it."""

    state: GameState
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Replay:
    """A record's game: its registry name, the players' names in seat order, its table
    options, and the positions from the start to the end."""

    game: str
    names: tuple[str, ...]
    options: tuple[Any, ...]
    steps: tuple[Step, ...]


def load_steps(envelopes: list[bytes]) -> Replay:
    """Snapshots of a record's game, from the empty board to the end, taken by
    :func:`goldnet.records.verify` as it checks the record (any version it reads).

    Raises:
        ReplayError: the record holds no game this program can show (one without a ui kit),
            or fails verification (the steps up to the failure are not offered: a record is
            replayed only if it is sound).
    """
    steps: list[Step] = []

    def keep(state: GameState, events: tuple[Event, ...]) -> None:
        if not steps and state.game not in kits.names():
            raise ReplayError(f"this program cannot show a game of {state.game}")
        steps.append(Step(state.clone(), events))

    try:
        checked = verify(envelopes, on_step=keep)
    except InvalidRecord as exc:
        raise ReplayError(f"the record does not verify: {exc}") from None
    if not steps:
        raise ReplayError("the record holds no game")
    table = checked.table
    return Replay(table.game, tuple(table.names), tuple(table.options), tuple(steps))


class ReplayWidget(QWidget):
    """The table in replay mode: first / back / forward / last, a slider, the step's log."""

    leaveRequested = Signal()

    def __init__(self, replay: Replay, parent: QWidget | None = None, speed: float = 1.0) -> None:
        super().__init__(parent)
        self.replay = replay
        self.index = 0
        self.kit = kits.get(replay.game)
        self.scene = self.kit.scene(replay.steps[0].state.observation(None), self)
        self.scene.speed = speed
        self.scene.set_seats(replay.names, style.seat_colours(len(replay.names)))
        self.view = BoardView()
        self.view.setScene(self.scene)
        self.title = QLabel()
        self.title.setStyleSheet("font-size: 15px; padding: 6px 8px;")
        self.first_button, self.back_button = QPushButton("|◀"), QPushButton("◀")
        self.forward_button, self.last_button = QPushButton("▶"), QPushButton("▶|")
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, len(replay.steps) - 1)
        self.step_label = QLabel()
        self.step_label.setMinimumWidth(90)
        self.step_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.log = QListWidget()
        self.log.setWordWrap(True)
        self.leave_button = QPushButton()
        controls = QHBoxLayout()
        for b in (self.first_button, self.back_button, self.forward_button, self.last_button):
            b.setMinimumHeight(34)
            controls.addWidget(b)
        controls.addWidget(self.slider, 1)
        controls.addWidget(self.step_label)
        main = QVBoxLayout()
        main.addWidget(self.title)
        main.addWidget(self.view, 1)
        main.addLayout(controls)
        side = QVBoxLayout()
        side.addWidget(self.log, 1)
        side.addWidget(self.leave_button)
        side_widget = QWidget()
        side_widget.setLayout(side)
        side_widget.setFixedWidth(270)
        layout = QHBoxLayout(self)
        layout.addLayout(main, 1)
        layout.addWidget(side_widget)
        self.first_button.clicked.connect(lambda: self.go(0))
        self.back_button.clicked.connect(lambda: self.go(self.index - 1))
        self.forward_button.clicked.connect(lambda: self.go(self.index + 1))
        self.last_button.clicked.connect(lambda: self.go(len(self.replay.steps) - 1))
        self.slider.valueChanged.connect(self.go)
        self.leave_button.clicked.connect(self.leaveRequested)
        self.scene.show_observation(replay.steps[0].state.observation(None))
        self.retranslate()
        self._refresh()

    @classmethod
    def from_file(cls, path: Path, speed: float = 1.0) -> ReplayWidget:
        """Read, verify and open the record at ``path``.

        Raises:
            ReplayError: unreadable, not a record, or it does not verify.
        """
        try:
            envelopes = read(path)
        except RecordError as exc:
            raise ReplayError(str(exc)) from None
        return cls(load_steps(envelopes), speed=speed)

    def go(self, index: int) -> None:
        """Show step ``index`` (clamped); forward by one animates, anything else jumps."""
        index = max(0, min(index, len(self.replay.steps) - 1))
        if index == self.index:
            return
        step = self.replay.steps[index]
        events = step.events if index == self.index + 1 else ()
        self.index = index
        self.scene.show_observation(step.state.observation(None), events)
        self._refresh()

    def _refresh(self) -> None:
        n = len(self.replay.steps)
        self.slider.blockSignals(True)
        self.slider.setValue(self.index)
        self.slider.blockSignals(False)
        self.step_label.setText(f"{self.index} / {n - 1}")
        self.back_button.setEnabled(self.index > 0)
        self.first_button.setEnabled(self.index > 0)
        self.forward_button.setEnabled(self.index < n - 1)
        self.last_button.setEnabled(self.index < n - 1)
        state = self.replay.steps[self.index].state
        active = self.kit.active_seat(state.observation(None))
        for seat in range(len(self.replay.names)):
            self.scene.set_panel_status(seat, active == seat, "")
        request = state.awaiting()
        if isinstance(request, Terminal):
            for winner in request.winners:
                self.scene.set_panel_status(winner, False, self.tr("Winner!"), True)
        self.log.clear()
        for i in range(max(1, self.index - 12), self.index + 1):
            turn = self.kit.turn_of(self.replay.steps[i - 1].state.observation(None))
            for line in self.kit.log_lines(self.replay.steps[i].events, self.replay.names, turn):
                self.log.addItem(line)
        self.log.scrollToBottom()

    def retranslate(self) -> None:
        self.title.setText(self.kit.replay_title(self.replay.options, self.replay.names))
        self.first_button.setToolTip(self.tr("First position"))
        self.back_button.setToolTip(self.tr("Step back"))
        self.forward_button.setToolTip(self.tr("Step forward"))
        self.last_button.setToolTip(self.tr("Last position"))
        self.leave_button.setText(self.tr("Back to the start"))
        self.scene.retranslate()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
