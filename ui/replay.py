"""Replays of records (``.goldnet`` files): step forward and back through a finished game, or
let it play at a steady pace.

:func:`load_steps` verifies the record with :func:`goldnet.records.verify` — the one verifier
``goldnet verify`` uses, version 1 records included — and keeps a copy of the public state it
reaches after each throw and each action, with the input that led there.
:class:`ReplayWidget` shows those snapshots on the game kit's ordinary table scene
(:mod:`ui.kits`) — the public view, or, when the record holds its deck's audit, any seat's own
view rebuilt from the secrets the audit published (:mod:`goldnet.seat_views`): the scene is
given that seat's observation only, exactly as its window was at the table. The turn log follows
the view: the public one logs the verifier's events, a seat's view that seat's machine's events,
worded with that seat's observation (its own mission's words, the values of its own peeks) and
never anything another seat saw privately (the kit's :meth:`~ui.kits.Kit.log_lines`).

A record that cannot be replayed raises :class:`ReplayError` with a ``kind`` (the record
errors' own kinds, :attr:`goldnet.records.RecordError.kind`, or this module's); the window says
what is wrong in the player's language (:func:`problem_text`, :func:`problem_box`) and keeps the
technical detail, in English, behind "Show Details…". Nothing in a failed verification names a
player: any holder of the file could have changed it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMessageBox,
    QPushButton,
    QSlider,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from goldnet.engine import Event, GameState, Terminal
from goldnet.records import Input, InvalidRecord, RecordError, read, verify

from . import kits, style, texts
from .boardview import BoardView
from .rules import RulesButton

PROBLEMS = (
    "unreadable",
    "too-large",
    "not-a-record",
    "damaged",
    "newer-version",
    "invalid",
    "no-kit",
    "no-game",
)
"""The kinds of :class:`ReplayError`: a :class:`goldnet.records.RecordError`'s kinds, a record
that does not verify (``"invalid"``), a game this program has no kit for, a record without a
game."""


class ReplayError(Exception):
    """A record that cannot be replayed.

    Attributes:
        kind: what is wrong (one of :data:`PROBLEMS`), for :func:`problem_text` to word it in
            the player's language.
        detail: the technical reason, in English (``str()`` of the error too): shown on demand.
        index: for ``"invalid"``, the 0-based position of the first bad envelope (None: the
            record as a whole); ``count``: how many envelopes the record holds.
        game: for ``"no-kit"``, the game's registry name.
        path: the file's path, when the record came from a file (``""`` otherwise).
    """

    def __init__(
        self,
        kind: str,
        detail: str,
        *,
        index: int | None = None,
        count: int = 0,
        game: str = "",
        path: str = "",
    ) -> None:
        super().__init__(detail)
        self.kind, self.detail, self.path = kind, detail, path
        self.index, self.count, self.game = index, count, game


@dataclass(frozen=True)
class Step:
    """The position after one throw or action, and the events that led to it."""

    state: GameState
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Replay:
    """A record's game: its registry name, the players' names in seat order, its table
    options, and the positions from the start to the end (as a spectator saw them); the
    input that led to each position after the first (``inputs[i]`` to ``steps[i + 1]``), and
    the deal its audit published (None: no seat's own view can be shown)."""

    game: str
    names: tuple[str, ...]
    options: tuple[Any, ...]
    steps: tuple[Step, ...]
    inputs: tuple[Input, ...] = ()
    dealt: dict[str, tuple[Any, ...]] | None = None

    def seat_states(self, seat: int) -> list[GameState]:
        """``seat``'s own positions, step for step with :attr:`steps`
        (:func:`goldnet.seat_views.seat_states`).

        Raises:
            SeatViewError: the record published no deal (:attr:`dealt` is None), or its
                inputs do not replay.
        """
        return [step.state for step in self.seat_steps(seat)]

    def seat_steps(self, seat: int) -> list[Step]:
        """``seat``'s own steps (positions and the events as its machine had them), step for
        step with :attr:`steps` (:func:`goldnet.seat_views.seat_steps`).

        Raises:
            SeatViewError: as :meth:`seat_states`.
        """
        from goldnet.seat_views import SeatViewError, seat_steps

        if self.dealt is None:
            raise SeatViewError("this record holds no seat's secrets")
        steps = seat_steps(self.game, self.options, len(self.names), self.inputs, self.dealt, seat)
        if len(steps) != len(self.steps):
            raise SeatViewError("the seat's positions do not match the record's steps")
        return [Step(state, events) for state, events in steps]


def load_steps(envelopes: list[bytes]) -> Replay:
    """Snapshots of a record's game, from the empty board to the end, taken by
    :func:`goldnet.records.verify` as it checks the record (any version it reads).

    Raises:
        ReplayError: the record holds no game this program can show (one without a ui kit),
            or fails verification (the steps up to the failure are not offered: a record is
            replayed only if it is sound).
    """
    steps: list[Step] = []
    inputs: list[Input] = []

    def keep(state: GameState, events: tuple[Event, ...]) -> None:
        if not steps and state.game not in kits.names():
            raise ReplayError(
                "no-kit", f"this program cannot show a game of {state.game}", game=state.game
            )
        steps.append(Step(state.clone(), events))

    try:
        checked = verify(envelopes, on_step=keep, on_input=inputs.append)
    except InvalidRecord as exc:
        raise ReplayError(
            exc.kind, f"the record does not verify: {exc}", index=exc.index, count=len(envelopes)
        ) from None
    if not steps:
        raise ReplayError("no-game", "the record holds no game")
    table = checked.table
    dealt = checked.dealt if len(inputs) + 1 == len(steps) else None
    return Replay(
        table.game,
        tuple(table.names),
        tuple(table.options),
        tuple(steps),
        tuple(inputs),
        dealt,
    )


SPEEDS = (0.5, 1.0, 2.0, 4.0)
"""The auto-play speeds offered, as factors of :data:`STEP_MS`."""
STEP_MS = 1200
"""Milliseconds between two steps when auto-playing at 1× (a throw or a move, then the next):
long enough to see a line turn up and its gold fly."""


class ReplayWidget(QWidget):
    """The table in replay mode: first / back / forward / last, a slider, Play/Pause at a speed,
    the step's log, the game's rules.

    Auto-play steps forward at a steady pace (:data:`STEP_MS` divided by the speed chosen, a
    ``QTimer``) and stops at the last position; Play at the end starts again from the first.
    Stepping by hand while it plays goes on from there. The board's animations run faster or
    slower with the speed, so that each fits in its step. Space plays or pauses; the left and
    right arrow keys step.
    """

    leaveRequested = Signal()

    def __init__(self, replay: Replay, parent: QWidget | None = None, speed: float = 1.0) -> None:
        super().__init__(parent)
        self.replay = replay
        self.index = 0
        self.animation_speed = speed
        """The board's animation speed at 1× (0: none, as in tests)."""
        self.kit = kits.get(replay.game)
        self.scene = self.kit.scene(replay.steps[0].state.observation(None), self)
        self.scene.speed = speed
        self.scene.set_seats(
            kits.seat_names(replay.game, replay.names), style.seat_colours(len(replay.names))
        )
        self.view = BoardView()
        self.view.setScene(self.scene)
        self.title = QLabel()
        self.title.setStyleSheet("font-size: 15px; padding: 6px 8px;")
        self.title.setTextFormat(Qt.TextFormat.PlainText)  # players' names, never markup
        self.first_button, self.back_button = QPushButton("|◀"), QPushButton("◀")
        self.forward_button, self.last_button = QPushButton("▶"), QPushButton("▶|")
        self.play_button = QPushButton()
        self.play_button.setObjectName("replayPlay")
        self.play_button.setMinimumWidth(110)
        self.speed_label = QLabel()
        self.speed_combo = QComboBox()
        self.speed_combo.setObjectName("replaySpeed")
        for factor in SPEEDS:
            self.speed_combo.addItem(f"{factor:g}×".replace("0.5", "½"), factor)
        self.speed_combo.setCurrentIndex(SPEEDS.index(1.0))
        self.timer = QTimer(self)
        self.timer.setInterval(STEP_MS)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, len(replay.steps) - 1)
        self.step_label = QLabel()
        self.step_label.setMinimumWidth(90)
        self.step_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.viewer: int | None = None
        """Whose view is shown: a seat's own (after the audit), None for the public one."""
        self._seat_steps: dict[int, list[Step]] = {}
        """Each seat's own steps, once its view was asked for."""
        self.view_label = QLabel()
        self.view_combo = QComboBox()
        self.view_combo.setObjectName("replayView")
        self.view_combo.addItem("", None)
        if replay.dealt is not None:
            for seat in range(len(replay.names)):
                self.view_combo.addItem("", seat)
        self.view_combo.setEnabled(self.view_combo.count() > 1)
        self.log = QListWidget()
        self.log.setWordWrap(True)
        self.rules_button = RulesButton(lambda: self.replay.game)
        self.leave_button = QPushButton()
        controls = QHBoxLayout()
        for b in (
            self.play_button,
            self.first_button,
            self.back_button,
            self.forward_button,
            self.last_button,
        ):
            b.setMinimumHeight(34)
            controls.addWidget(b)
        controls.addWidget(self.slider, 1)
        controls.addWidget(self.step_label)
        controls.addWidget(self.speed_label)
        controls.addWidget(self.speed_combo)
        main = QVBoxLayout()
        main.addWidget(self.title)
        main.addWidget(self.view, 1)
        main.addLayout(controls)
        side = QVBoxLayout()
        side.addWidget(self.view_label)
        side.addWidget(self.view_combo)
        side.addWidget(self.log, 1)
        side.addWidget(self.rules_button)
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
        self.play_button.clicked.connect(self.toggle)
        self.speed_combo.currentIndexChanged.connect(lambda _: self.set_speed(self.factor()))
        self.view_combo.currentIndexChanged.connect(
            lambda _: self.set_viewer(self.view_combo.currentData())
        )
        self.timer.timeout.connect(self.tick)
        self.slider.valueChanged.connect(self.go)
        self.leave_button.clicked.connect(self.pause)
        self.leave_button.clicked.connect(self.leaveRequested)
        QShortcut(QKeySequence(Qt.Key.Key_Space), self, self.toggle)
        QShortcut(QKeySequence(Qt.Key.Key_Right), self, lambda: self.go(self.index + 1))
        QShortcut(QKeySequence(Qt.Key.Key_Left), self, lambda: self.go(self.index - 1))
        self.scene.show_observation(self.observation(0))
        self.retranslate()
        self._refresh()

    @classmethod
    def from_file(cls, path: Path, speed: float = 1.0) -> ReplayWidget:
        """Read, verify and open the record at ``path``.

        Raises:
            ReplayError: unreadable, not a record, or it does not verify (its ``kind`` says
                which).
        """
        try:
            envelopes = read(path)
        except RecordError as exc:
            raise ReplayError(exc.kind, str(exc), path=str(path)) from None
        return cls(load_steps(envelopes), speed=speed)

    # --- stepping -----------------------------------------------------------------------------

    def last(self) -> int:
        return len(self.replay.steps) - 1

    def go(self, index: int) -> None:
        """Show step ``index`` (clamped); forward by one animates, anything else jumps."""
        index = max(0, min(index, self.last()))
        if index == self.index:
            return
        step = self.replay.steps[index]
        events = step.events if index == self.index + 1 else ()
        self.index = index
        self.scene.show_observation(self.observation(index), events)
        self._refresh()

    # --- whose view ---------------------------------------------------------------------------

    def observation(self, index: int) -> Any:
        """What the chosen view shows at step ``index``: the public observation, or the chosen
        seat's own (its mission, its peeks) as its machine knew it then."""
        if self.viewer is None:
            return self.replay.steps[index].state.observation(None)
        return self._seat_steps[self.viewer][index].state.observation(self.viewer)

    def set_viewer(self, seat: int | None) -> None:
        """Show the game from ``seat``'s point of view (None: the public one), at the same
        step. A seat's view is offered only when the record published the deal (its audit)."""
        if seat is not None and seat not in self._seat_steps:
            from goldnet.seat_views import SeatViewError

            try:
                self._seat_steps[seat] = self.replay.seat_steps(seat)
            except SeatViewError:
                seat = None
        self.viewer = seat
        index = self.view_combo.findData(seat)
        if index >= 0 and index != self.view_combo.currentIndex():
            self.view_combo.setCurrentIndex(index)
        self.scene.show_observation(self.observation(self.index))
        self._refresh()  # the log follows the view

    # --- auto-play ----------------------------------------------------------------------------

    def playing(self) -> bool:
        return self.timer.isActive()

    def factor(self) -> float:
        """The speed chosen (a factor of :data:`STEP_MS`)."""
        return float(self.speed_combo.currentData() or 1.0)

    def set_speed(self, factor: float) -> None:
        """Step every ``STEP_MS / factor`` ms, the board's animations ``factor`` times faster."""
        self.timer.setInterval(round(STEP_MS / factor))
        self.scene.speed = self.animation_speed / factor
        index = self.speed_combo.findData(factor)
        if index >= 0 and index != self.speed_combo.currentIndex():
            self.speed_combo.setCurrentIndex(index)

    def play(self) -> None:
        """Step forward at the chosen pace until the end (from the start when at the end)."""
        if self.index >= self.last():
            self.go(0)
        self.timer.start()
        self._refresh()

    def pause(self) -> None:
        self.timer.stop()
        self._refresh()

    def toggle(self) -> None:
        if self.playing():
            self.pause()
        else:
            self.play()

    def tick(self) -> None:
        """One step of auto-play; the last one stops it."""
        self.go(self.index + 1)
        if self.index >= self.last():
            self.pause()

    # --- showing ------------------------------------------------------------------------------

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
        self._word_play()
        state = self.replay.steps[self.index].state
        active = self.kit.active_seat(state.observation(None))
        for seat in range(len(self.replay.names)):
            self.scene.set_panel_status(seat, active == seat, "")
        request = state.awaiting()
        if isinstance(request, Terminal):
            for winner in request.winners:
                self.scene.set_panel_status(winner, False, self.tr("Winner!"), True)
        self.log.clear()  # the chosen view's own events, worded for its eyes only
        steps = self.replay.steps if self.viewer is None else self._seat_steps[self.viewer]
        for i in range(max(1, self.index - 12), self.index + 1):
            turn = self.kit.turn_of(steps[i - 1].state.observation(self.viewer))
            seen = steps[i].state.observation(self.viewer)
            for line in self.kit.log_lines(steps[i].events, self.names, turn, seen):
                self.log.addItem(line)
        self.log.scrollToBottom()

    def _word_play(self) -> None:
        icons = QStyle.StandardPixmap
        if self.playing():
            self.play_button.setIcon(self.style().standardIcon(icons.SP_MediaPause))
            self.play_button.setText(self.tr("Pause"))
            self.play_button.setToolTip(self.tr("Stop playing the record (Space)"))
        else:
            self.play_button.setIcon(self.style().standardIcon(icons.SP_MediaPlay))
            self.play_button.setText(self.tr("Play"))
            self.play_button.setToolTip(
                self.tr("Play the record step by step at the chosen speed (Space)")
            )

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names as shown: the bots' in the player's language
        (:func:`ui.kits.seat_name`), whatever language the record signed them in."""
        return kits.seat_names(self.replay.game, self.replay.names)

    def retranslate(self) -> None:
        self.scene.set_seats(self.names, style.seat_colours(len(self.names)))
        self.title.setText(self.kit.replay_title(self.replay.options, self.names))
        self.first_button.setToolTip(self.tr("First position"))
        self.back_button.setToolTip(self.tr("Step back (←)"))
        self.forward_button.setToolTip(self.tr("Step forward (→)"))
        self.last_button.setToolTip(self.tr("Last position"))
        self.speed_label.setText(self.tr("Speed"))
        self.view_label.setText(self.tr("Point of view"))
        self.view_combo.setItemText(0, self.tr("Public (what everyone saw)"))
        for i in range(1, self.view_combo.count()):
            seat = self.view_combo.itemData(i)
            self.view_combo.setItemText(i, texts.arg(self.tr("%1's own view"), self.names[seat]))
        self.view_combo.setToolTip(
            self.tr(
                "Each player's own view shows what only that player knew (a secret mission, "
                "a peek), as the audit at the end of the game published it"
            )
            if self.view_combo.count() > 1
            else self.tr("This record holds no secret of any player: everyone saw the same")
        )
        self.speed_combo.setToolTip(self.tr("How fast Play steps through the record"))
        self.leave_button.setText(self.tr("Back to the start"))
        self._word_play()
        self.scene.retranslate()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


# --- a record that cannot be replayed, in the player's language ------------------------------


def problem_text(error: ReplayError) -> tuple[str, str]:
    """What is wrong with the record, and what the player can do about it, in the player's
    language — from the error's ``kind``, never from its English detail."""
    kind = error.kind
    if kind == "unreadable":
        return (
            QCoreApplication.translate("Replay", "This file cannot be opened."),
            QCoreApplication.translate(
                "Replay", "Check that it still exists and that you are allowed to read it."
            ),
        )
    if kind == "too-large":
        return (
            QCoreApplication.translate(
                "Replay", "This file is far too large to be a goldnet record."
            ),
            QCoreApplication.translate(
                "Replay", "Choose a record saved by goldnet: a file whose name ends in .goldnet."
            ),
        )
    if kind == "not-a-record" and error.path.lower().endswith(".goldnet"):
        return (  # named like a record: it was one, or a file renamed
            QCoreApplication.translate("Replay", "This file is not a goldnet record."),
            QCoreApplication.translate(
                "Replay",
                "Its name says it is one, but it holds something else: it may be empty, or "
                "another file renamed. If you have another copy of it, try that one.",
            ),
        )
    if kind == "not-a-record":
        return (
            QCoreApplication.translate("Replay", "This file is not a goldnet record."),
            QCoreApplication.translate(
                "Replay",
                "goldnet saves a record — a file whose name ends in .goldnet — when a game "
                "ends. Choose one of those.",
            ),
        )
    if kind == "damaged":
        return (
            QCoreApplication.translate(
                "Replay", "This record is damaged: it was cut short or changed after it was saved."
            ),
            QCoreApplication.translate(
                "Replay", "It cannot be replayed. If you have another copy of it, try that one."
            ),
        )
    if kind == "newer-version":
        return (
            QCoreApplication.translate(
                "Replay", "This record was saved by a newer version of goldnet."
            ),
            QCoreApplication.translate("Replay", "Update goldnet to replay it."),
        )
    if kind == "invalid":
        if error.index is None:
            what = QCoreApplication.translate(
                "Replay", "This record does not check out: it does not hold a whole game."
            )
        else:
            what = texts.arg(
                QCoreApplication.translate(
                    "Replay",
                    "This record does not check out: its message %1 of %2 is not what the "
                    "game allowed at that point.",
                ),
                error.index + 1,
                error.count,
            )
        return (
            what,
            QCoreApplication.translate(
                "Replay",
                "The file was changed or damaged after the game, so it cannot be replayed. It "
                "blames nobody: anyone who had the file could have changed it.",
            ),
        )
    if kind == "no-kit":
        return texts.cannot_show(kits.title(error.game)), QCoreApplication.translate(
            "Replay", "Update goldnet to replay it."
        )
    if kind == "no-game":
        return QCoreApplication.translate(
            "Replay", "This record holds no game."
        ), QCoreApplication.translate("Replay", "Choose another record.")
    return QCoreApplication.translate("Replay", "This record cannot be replayed."), ""


def problem_box(error: ReplayError, path: Path | str, parent: QWidget | None = None) -> QMessageBox:
    """A message box (not yet shown) saying what is wrong with the record at ``path``, in the
    player's language; the file's name and the technical detail (English) behind "Show
    Details…"."""
    text, informative = problem_text(error)
    box = QMessageBox(parent)
    box.setObjectName("recordProblem")
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(QCoreApplication.translate("Replay", "Cannot replay this record"))
    box.setText(text)
    box.setInformativeText(informative)
    box.setDetailedText(f"{path}\n{error.kind}: {error.detail}")
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    return box
