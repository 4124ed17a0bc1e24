"""The table window: the board view, what to do now, hints, Undo/Confirm, the turn log, and the
end screen with the winner and a rematch button (a network game: its saved record instead).

A table has as many seats as its game was set up with (2 to 6): the kit's scene shows each
seat's panel, and the shell words each seat by the names of the table. A network game also
lists every seat with its connection (:class:`~ui.seats.SeatList`), shows over the bottom of
the board why it is paused (:class:`~ui.overlays.PausePanel`: who lost the connection, what
message is missing, the time left before the game may be adjudicated abandoned, and — when
the relay seems gone or stuck — "Host this table myself", ``rehostRequested()``), and ends
either over, abandoned (no winner, nobody blamed) or halted (the member proven at fault
named). A spectator's table has no Undo nor Confirm. Every text wraps inside its panel, and
each panel is as tall as its text needs and never wider than the board.

:class:`TableWidget` shows the board in a :class:`~ui.boardview.BoardView` and wires the game
kit's board scene (:meth:`ui.kits.Kit.scene`) to a controller: a
:class:`~ui.game_controller.GameController` (against bots, :meth:`start_game`: a new game is
dealt in a worker thread, :mod:`ui.dealing`, the table saying "Dealing…" meanwhile) or a
:class:`~ui.netgame.NetworkController` (over the network, :meth:`start_network`) — the same
signals either way.

The other seats' turns are shown at the table's pace (:mod:`ui.pacer`): each step of them (the
roll, the line, the collection) stays on screen long enough to be seen. The player chooses the
speed in the side column ("Speed of the other players' turns": slow, normal, fast;
``paceChosen(str)``, which the window keeps in the profile's settings); ``bot_delay`` scales
every speed (0: nothing is held — tests). The last move stays marked on the board until the
next one (the controller's ``lastMoveChanged``). A bot's panel says "Thinking…" on its turn; a
person's (another player on the network) "Their turn".

What the table says — the status line, each seat's panel, the end panel's words, the record's
line — is worded by :mod:`ui.table_words` from the controller's state; the end and pause panels
are shown by the table's base class, :class:`ui.table_end.TableEnd`; this module builds the
table, attaches a game's controller and shows the rest.

Invariants: one controller at a time (:meth:`TableWidget.stop` shuts the last one down before
another is attached), and a deal's answer is taken only for the deal still under way (its
token); a hint lasts :data:`HINT_MS` at most and never outlives the phase it was given in;
every text is worded again on a language change (:meth:`TableWidget.retranslate`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from goldnet.botgame import BotGame
from goldnet.engine import GameState, Terminal
from goldnet.profile import Profile

from . import table_words as words
from . import texts
from .boardview import BoardView
from .controller import GameSetup, PlayController
from .dealing import Dealer, cannot_deal
from .game_controller import GameController
from .overlays import EndPanel, PausePanel
from .pacer import DEFAULT_SPEED, SPEEDS, Pace, speed_of
from .rules import RulesButton
from .seats import RelayNote, SeatList
from .table_end import TableEnd

if TYPE_CHECKING:
    from .netgame import NetworkController

HINT_MS = 7000


class TableWidget(TableEnd):
    """A table of any game with a kit, against a bot or over the network (module docstring).

    Signals: ``rematchRequested()``, ``leaveRequested()``, ``openRecordRequested(path)``,
    ``rehostRequested()`` (the player chose to host the network table here; these two are
    :class:`~ui.table_end.TableEnd`'s), ``paceChosen(str)`` (the player chose a speed, one of
    :data:`ui.pacer.SPEEDS`)."""

    paceChosen = Signal(str)
    rematchRequested = Signal()
    leaveRequested = Signal()

    def __init__(self, parent: QWidget | None = None, speed: float = 1.0, bot_delay: int = 700):
        super().__init__(parent)
        self.speed = speed
        self.bot_delay = bot_delay
        self.scene: Any = None
        """The game kit's board scene (:class:`ui.kits.Kit`), while a game is shown."""
        self.controller: PlayController | None = None
        self._colours: tuple[str, ...] = ()
        """Every seat's colour in the game shown."""
        self.result: Terminal | None = None
        self.outcome: Any = None
        """How a network game ended without a result (a ``goldnet.net.client.Outcome``)."""
        self.record_path: str | None = None
        self.dealer = Dealer(self)
        self.dealer.dealt.connect(self._dealt)
        self.dealer.failed.connect(self._deal_failed)
        self.dealing: tuple[int, GameSetup] | None = None
        """The deal under way (its token and setup), if any: the table shows "Dealing…"."""

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
        self._hint_phase: str | None = None
        """The controller's phase when the hint shown was given (None: no hint shown)."""
        self._hint_timer = QTimer(self)
        self._hint_timer.setSingleShot(True)
        self._hint_timer.timeout.connect(lambda: self.show_hint(""))
        self.end = EndPanel(self.view)
        self.pause = PausePanel(self.view)

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
        self.seats_title = QLabel()
        self.seats = SeatList()
        self.relay_note = RelayNote()
        self.speed_name = DEFAULT_SPEED
        """The speed the other seats' turns are shown at (one of :data:`ui.pacer.SPEEDS`)."""
        self.pace_label = QLabel()
        self.pace_label.setWordWrap(True)
        self.pace_combo = QComboBox()
        for name in SPEEDS:
            self.pace_combo.addItem("", name)
        self.pace_combo.setCurrentIndex(SPEEDS.index(DEFAULT_SPEED))

        side = QVBoxLayout()
        side.addWidget(self.undo_button)
        side.addWidget(self.confirm_button)
        side.addSpacing(8)
        side.addWidget(self.seats_title)
        side.addWidget(self.seats)
        side.addWidget(self.relay_note)
        side.addWidget(self.log_title)
        side.addWidget(self.log, 1)
        self.rules_button = RulesButton(
            lambda: self.controller.kit.game if self.controller else None
        )
        side.addWidget(self.rules_button)
        side.addWidget(self.pace_label)
        side.addWidget(self.pace_combo)
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
        self.end.offer.changed.connect(self._end_changed)
        self.end.replay.clicked.connect(self._open_record)
        self.end.back.clicked.connect(self.leaveRequested)
        self.pause.rehost.clicked.connect(self._rehost)
        self.pace_combo.currentIndexChanged.connect(self._pace_chosen)
        QShortcut(QKeySequence.StandardKey.Undo, self, self.undo)
        QShortcut(QKeySequence(Qt.Key.Key_Return), self, self.confirm)
        QShortcut(QKeySequence(Qt.Key.Key_Enter), self, self.confirm)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.cancel)
        self.retranslate()
        self._refresh()

    # --- the pace ---------------------------------------------------------------------------

    def pace(self) -> Pace:
        """The pace of the speed chosen, scaled by ``bot_delay``."""
        return Pace.of(self.speed_name, self.bot_delay)

    def set_speed(self, name: object) -> None:
        """Show the other seats' turns at speed ``name`` (a saved setting: anything not in
        :data:`ui.pacer.SPEEDS` is the default), without ``paceChosen``."""
        self.speed_name = speed_of(name)
        self.pace_combo.blockSignals(True)
        self.pace_combo.setCurrentIndex(SPEEDS.index(self.speed_name))
        self.pace_combo.blockSignals(False)
        if self.controller is not None:
            self.controller.pacer.pace = self.pace()

    def _pace_chosen(self) -> None:
        self.set_speed(self.pace_combo.currentData())
        self.paceChosen.emit(self.speed_name)

    # --- a game ---------------------------------------------------------------------------

    def start_game(
        self,
        setup: GameSetup,
        state: GameState | None = None,
        *,
        game: BotGame | None = None,
        profile: Profile | None = None,
    ) -> None:
        """Drop any current game and start ``setup`` against its bots, journalled in
        ``profile`` — dealt in a worker thread (:mod:`ui.dealing`; "Dealing…" meanwhile, the
        game shown when dealt, a failure told and back to the start) —, or from ``state`` (a
        test's position: made at once), or go on with ``game`` (a resumed one)."""
        self.stop()
        if game is None and state is None:
            self.dealing = (self.dealer.deal(setup, None, profile or Profile()), setup)
            self.end.hide()
            self.pause.hide()
            self._show_seats(False)
            self.view.setScene(None)
            self.scene = None
            self.log.clear()
            self._refresh()
            return
        self._play(setup, state=state, game=game, profile=profile)

    def _dealt(self, game: BotGame, unsaved: str, token: int) -> None:
        if self.dealing is not None and token == self.dealing[0] == self.dealer.token:
            setup, self.dealing = self.dealing[1], None
            self._play(setup, game=game, unsaved=unsaved)

    def _deal_failed(self, message: str, token: int) -> None:
        if self.dealing is None or not token == self.dealing[0] == self.dealer.token:
            return
        self.dealing = None
        self._refresh()
        cannot_deal(self, message)
        self.leaveRequested.emit()

    def _play(
        self,
        setup: GameSetup,
        state: GameState | None = None,
        *,
        game: BotGame | None = None,
        profile: Profile | None = None,
        unsaved: str = "",
    ) -> None:
        controller = GameController(
            setup,
            self,
            bot_delay=self.bot_delay,
            state=state,
            game=game,
            profile=profile,
            unsaved=unsaved,
        )
        controller.recordSaved.connect(self._record_saved)
        controller.stopped.connect(self._stopped)
        self._attach(controller, setup.options, controller.names, setup.colours)

    def start_network(self, controller: NetworkController) -> None:
        """Drop any current game and show the network game of ``controller``."""
        self.stop()
        controller.setParent(self)
        controller.stopped.connect(self._stopped)
        controller.recordSaved.connect(self._record_saved)
        controller.pauseChanged.connect(self._paused)
        controller.presenceChanged.connect(self._presence)
        controller.ended.connect(self._ended)
        controller.rehostOffered.connect(self._offer_rehost)
        controller.rehosted.connect(self.relay_note.show_invite)
        self.end.offer.attach(controller)
        options = controller.table.options
        self._attach(controller, options, controller.names, controller.colours)
        self.seats.set_seats(controller.names, controller.colours, controller.human)
        self._show_seats(True)

    def _attach(
        self,
        controller: PlayController,
        options: tuple[Any, ...],
        names: tuple[str, ...],
        colours: tuple[str, ...],
    ) -> None:
        self.result = None
        self.outcome = None
        self.record_path = None
        self.end.detail.hide()
        self.end.hide()
        self.pause.hide()
        self.pause.show_offer(False)
        self.relay_note.show_invite("")
        self._show_seats(False)
        spectating = controller.spectating
        self.undo_button.setVisible(not spectating)
        self.confirm_button.setVisible(not spectating)
        self.log.clear()
        self.show_hint("")
        kit = controller.kit
        scene = kit.scene(controller.obs, self)
        scene.speed = self.speed
        scene.set_seats(names, colours)
        self._colours = colours
        scene.clicked.connect(controller.click)
        scene.hovered.connect(controller.hover)
        scene.cancelRequested.connect(controller.cancel)
        controller.shown.connect(scene.show_observation)
        controller.previewChanged.connect(scene.set_preview)
        controller.selectionChanged.connect(scene.set_selected)
        controller.hintChanged.connect(self.show_hint)
        controller.logged.connect(self.add_log)
        controller.phaseChanged.connect(self._refresh)
        controller.finished.connect(self._finished)
        controller.lastMoveChanged.connect(scene.show_last_move)
        controller.pacer.pace = self.pace()
        controller.pacer.busy = scene.animating
        self.scene, self.controller = scene, controller
        self.view.setScene(scene)
        self.view.fit()
        self.add_log(kit.table_line(options, names))
        controller.start()
        self._refresh()

    def stop(self) -> None:
        """Leave the game shown, or the deal under way (its game closed when made)."""
        if self.dealing is not None:
            self.dealing = None
            self.dealer.cancel()
        self.end.offer.attach(None)
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
        """Show ``text`` over the board for a few seconds, or until the phase it was shown in
        ends — a Confirm, the other seat's turn ("" hides it)."""
        self.hint.setText(text)
        self.banner.setCurrentWidget(self.hint if text else self.status)
        self._hint_phase = self.controller.phase if text and self.controller else None
        if text:
            self._hint_timer.start(HINT_MS)

    def add_log(self, line: str) -> None:
        self.log.addItem(line)
        self.log.scrollToBottom()

    def _show_seats(self, shown: bool) -> None:
        self.seats_title.setVisible(shown)
        self.seats.setVisible(shown)

    def _presence(self) -> None:
        """A seat's connection changed (a network game)."""
        c = self.controller
        connected = getattr(c, "connected", None)
        if connected is not None:
            self.seats.set_presence(connected)
        self._refresh()

    def _refresh(self) -> None:
        c, scene = self.controller, self.scene
        self.view.show_message(texts.dealing() if self.dealing is not None else "")
        if self._hint_phase is not None and (c is None or c.phase != self._hint_phase):
            self.show_hint("")  # the hint was about a phase that is over
        self.undo_button.setEnabled(c is not None and c.phase == "confirm")
        self.confirm_button.setEnabled(c is not None and c.phase == "confirm")
        if c is None or scene is None:
            self.status.setText(texts.dealing() if self.dealing is not None else "")
            return
        self.status.setText(words.status_line(c))
        active = c.kit.active_seat(c.obs)
        for seat in range(len(c.names)):
            scene.set_panel_status(seat, *words.panel_status(c, seat, active, self.result))

    def retranslate(self) -> None:
        self.undo_button.setText(self.tr("Undo"))
        self.confirm_button.setText(self.tr("Confirm"))
        self.undo_button.setToolTip(self.tr("Take back your move (Ctrl+Z)"))
        self.confirm_button.setToolTip(self.tr("End your turn (Enter)"))
        self.log_title.setText(self.tr("Turn log"))
        self.leave_button.setText(self.tr("Leave the table"))
        self.seats_title.setText(self.tr("Players"))
        self.pace_label.setText(self.tr("Speed of the other players' turns"))
        speeds = {"slow": self.tr("Slow"), "normal": self.tr("Normal"), "fast": self.tr("Fast")}
        for i, name in enumerate(SPEEDS):
            self.pace_combo.setItemText(i, speeds[name])
        self.pace_combo.setToolTip(
            self.tr(
                "How long each step of another player's turn stays on the board: the roll, "
                "the line, the collection"
            )
        )
        c = self.controller
        if c is not None and self.scene is not None:  # bots' names follow the language
            self.scene.set_seats(c.names, self._colours)
            if len(self.seats.names) == len(c.names):
                self.seats.names = c.names
        self.seats.retranslate()
        self.relay_note.retranslate()
        self._retranslate_end()
        if self.scene is not None:
            self.scene.retranslate()
        self._refresh()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def scene_rect(self) -> QRectF:
        return self.scene.sceneRect() if self.scene else QRectF()
