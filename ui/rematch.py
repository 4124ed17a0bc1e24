"""The rematch at a finished network table, on the end screen (docs/rematch.md).

The finished table's host offers it (its Rematch button: :meth:`ui.netgame.NetworkController.
offer_rematch`); every other member's end screen then shows "Ada offers a rematch" with Accept,
Decline and the time left. The host's end screen lists the answers as they come ("Bob accepted",
"Carl declined", "Dan did not answer"); the members who accepted play the new table, which the
window opens by itself. What the network thread reports (``rematch-…`` statuses of the
:class:`~ui.network.TableLink`) reaches :class:`RematchBox` through the controller's
``rematchChanged``; the countdown is the box's own (a second's timer), for the screen only —
the host's service decides when the answers are in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from .texts import arg

if TYPE_CHECKING:
    from .netgame import NetworkController

START_GRACE = 15
"""Seconds after the countdown an accepted rematch may take to open before it is said not
to have started."""


def offered(name: str) -> str:
    return arg(QCoreApplication.translate("Rematch", "%1 offers a rematch."), name)


def time_left(seconds: int) -> str:
    return arg(QCoreApplication.translate("Rematch", "Time left to answer: %1 s"), seconds)


def waiting_answers(seconds: int) -> str:
    return arg(
        QCoreApplication.translate("Rematch", "Rematch offered: waiting for the answers (%1 s)…"),
        seconds,
    )


def accepted(name: str) -> str:
    return arg(QCoreApplication.translate("Rematch", "%1 accepted."), name)


def declined(name: str) -> str:
    return arg(QCoreApplication.translate("Rematch", "%1 declined."), name)


def silent(name: str) -> str:
    return arg(QCoreApplication.translate("Rematch", "%1 did not answer."), name)


def you_accepted(name: str) -> str:
    return arg(
        QCoreApplication.translate("Rematch", "You accepted: waiting for %1's new table…"), name
    )


def you_declined() -> str:
    return QCoreApplication.translate("Rematch", "You declined the rematch.")


def expired() -> str:
    return QCoreApplication.translate("Rematch", "The rematch offer has expired.")


def not_started() -> str:
    return QCoreApplication.translate("Rematch", "The rematch did not start.")


def nobody() -> str:
    return QCoreApplication.translate("Rematch", "Nobody accepted: no rematch this time.")


def starting() -> str:
    return QCoreApplication.translate("Rematch", "Starting the rematch…")


class RematchBox(QFrame):
    """On the end panel: the offer and its answers (module docstring). Hidden until a
    rematch is offered at this table.

    Signals:
        changed(): what the box shows changed (its size may have).
    """

    changed = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("rematchBox")
        self.setStyleSheet(
            "#rematchBox { background: rgba(255, 250, 236, 230); border: 2px solid #c58a2c;"
            " border-radius: 10px; } QLabel { background: transparent; }"
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 10, 14, 10)
        self.message = QLabel()
        self.message.setObjectName("rematchMessage")
        self.message.setWordWrap(True)
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.message.setStyleSheet("font-size: 16px; font-weight: bold;")
        self.note = QLabel()
        self.note.setObjectName("rematchNote")
        self.note.setWordWrap(True)
        self.note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.note.setStyleSheet("font-size: 13px; color: #4a3b2a;")
        self.accept = QPushButton()
        self.accept.setObjectName("rematchAccept")
        self.decline = QPushButton()
        self.decline.setObjectName("rematchDecline")
        row = QHBoxLayout()
        for button in (self.accept, self.decline):
            button.setMinimumHeight(32)
            row.addWidget(button)
        layout.addWidget(self.message)
        layout.addWidget(self.note)
        layout.addLayout(row)
        self.controller: NetworkController | None = None
        self.left = 0
        """Seconds left to answer, as shown."""
        self.lines: list[tuple[Callable[..., str], tuple[str, ...]]] = []
        """The host's: the answers so far (worded in the language of the moment)."""
        self.state = ""
        """"" (nothing offered), ``offer`` (to answer), ``accepted``, ``declined``,
        ``expired``, ``waiting`` (the host's), ``done``."""
        self.host_name = ""
        self.timer = QTimer(self)
        self.timer.setInterval(1000)
        self.timer.timeout.connect(self._tick)
        self.accept.clicked.connect(lambda: self._answer(True))
        self.decline.clicked.connect(lambda: self._answer(False))
        self.retranslate()
        self.hide()

    def attach(self, controller: NetworkController | None) -> None:
        """Show the rematch of ``controller``'s table (None: of no table)."""
        if self.controller is not None:
            self.controller.rematchChanged.disconnect(self.on_status)
        self.controller = controller
        self.state, self.lines, self.left = "", [], 0
        self.timer.stop()
        if controller is not None:
            controller.rematchChanged.connect(self.on_status)
        self._show()

    def on_status(self, kind: str, value: Any) -> None:
        c = self.controller
        if c is None:
            return
        if kind == "rematch-offer":  # a member: the host's offer
            seat, seconds = value
            self.host_name = c.names[seat]
            self.state, self.left = "offer", int(seconds)
            self.timer.start()
        elif kind == "rematch-offered":  # the host: offered
            self.state, self.left = "waiting", int(value)
            self.timer.start()
        elif kind == "rematch-answer":
            seat, yes = value
            self.lines.append((accepted if yes else declined, (c.names[seat],)))
        elif kind == "rematch-silent":
            self.lines += [(silent, (c.names[seat],)) for seat in value]
        elif kind == "rematch-none":
            self.state = "done"
            self.lines.append((nobody, ()))
            self.timer.stop()
        elif kind == "rematch-hosting":
            self.state = "done"
            self.lines.append((starting, ()))
            self.timer.stop()
        self._show()

    def _answer(self, yes: bool) -> None:
        if self.state != "offer" or self.controller is None:
            return
        self.controller.answer_rematch(yes)
        self.state = "accepted" if yes else "declined"
        if yes:
            self.left += START_GRACE
        else:
            self.timer.stop()
        self._show()

    def _tick(self) -> None:
        self.left = max(0, self.left - 1)
        if self.left == 0:
            self.timer.stop()
            if self.state == "offer":
                self.state = "expired"
            elif self.state == "accepted":
                self.state = "failed"
        self._show()

    def _show(self) -> None:
        state = self.state
        self.setVisible(bool(state))
        self.accept.setVisible(state == "offer")
        self.decline.setVisible(state == "offer")
        message, note = "", ""
        if state == "offer":
            message, note = offered(self.host_name), time_left(self.left)
        elif state == "accepted":
            message = you_accepted(self.host_name)
        elif state == "declined":
            message = you_declined()
        elif state == "expired":
            message = expired()
        elif state == "failed":
            message = not_started()
        elif state in ("waiting", "done"):
            message = waiting_answers(self.left) if state == "waiting" else ""
            note = "\n".join(word(*names) for word, names in self.lines)
        self.message.setText(message)
        self.message.setVisible(bool(message))
        self.note.setText(note)
        self.note.setVisible(bool(note))
        self.changed.emit()

    def retranslate(self) -> None:
        self.accept.setText(QCoreApplication.translate("Rematch", "Accept"))
        self.decline.setText(QCoreApplication.translate("Rematch", "Decline"))
        self._show()
