"""The table window's side column for a network game: who sits where, whether each seat is
connected, and — once this player re-hosted the table — the new invite code.

:class:`SeatList` lists every seat of the table in seat order (2 to 6 of them): its colour,
its name ("(you)" for mine) and its connection as the relay last told it (a network game's
:class:`goldnet.net.reports.WaitReport`): connected, connection lost, or nothing while it is
not known (before the relay said, or while this player is offline itself). A lost connection
is information, never evidence: the words accuse nobody.

:class:`RelayNote` shows the invite code of a table this player re-hosted (for the players the
LAN does not reach) with a button that copies it.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from . import style, texts

ROW_HEIGHT = 20
"""The list's least height in pixels."""


class SeatList(QListWidget):
    """Every seat of a network table and its connection (module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("seatList")
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setStyleSheet(
            "#seatList { background: #fffdf6; border: 1px solid #c9b38a; border-radius: 6px; }"
        )
        self.names: tuple[str, ...] = ()
        self.colours: tuple[str, ...] = ()
        self.me: int | None = None
        self.connected: tuple[bool | None, ...] = ()

    def set_seats(self, names: Sequence[str], colours: Sequence[str], me: int | None) -> None:
        """The table's seats (``me``: my seat, ``None`` for a spectator)."""
        self.names, self.colours, self.me = tuple(names), tuple(colours), me
        self.connected = (None,) * len(self.names)
        self._fill()

    def set_presence(self, connected: Sequence[bool | None]) -> None:
        """Each seat's connection (``None``: not known); mine is always shown connected while
        I am online."""
        self.connected = tuple(connected)
        self._fill()

    def status(self, seat: int) -> str:
        """What the list says of ``seat``'s connection."""
        known = self.connected[seat] if seat < len(self.connected) else None
        return texts.presence(known)

    def _fill(self) -> None:
        self.clear()
        for seat, name in enumerate(self.names):
            shown = texts.you(name) if seat == self.me else name
            status = self.status(seat)
            item = QListWidgetItem(f"{shown}  ·  {status}" if status else shown)
            item.setIcon(
                style.swatch(self.colours[seat] if seat < len(self.colours) else "#888888")
            )
            if seat < len(self.connected) and self.connected[seat] is False:
                item.setForeground(QBrush(style.AWAY))
            self.addItem(item)
        rows = sum(self.sizeHintForRow(i) for i in range(self.count()))
        self.setFixedHeight(max(ROW_HEIGHT, rows) + 2 * self.frameWidth() + 4)

    def retranslate(self) -> None:
        self._fill()


class RelayNote(QFrame):
    """The invite code of a table this player re-hosted, with a Copy button (hidden until
    :meth:`show_invite`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("relayNote")
        self.setStyleSheet(
            "#relayNote { background: #e3eef3; border: 1px solid #9cc0d0; border-radius: 8px; }"
            " QLabel { color: #1f3f52; background: transparent; }"
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        self.text = QLabel()
        self.text.setObjectName("relayNoteText")
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text.setStyleSheet("font-size: 12px;")
        self.copy = QPushButton()
        self.copy.setObjectName("copyRehostInvite")
        layout.addWidget(self.text)
        layout.addWidget(self.copy)
        self.invite = ""
        self.copy.clicked.connect(self._copy)
        self.hide()

    def show_invite(self, invite: str) -> None:
        """This player hosts the table now at ``invite`` ("" hides the note)."""
        self.invite = invite
        self.retranslate()
        self.setVisible(bool(invite))

    def _copy(self) -> None:
        if self.invite:
            QGuiApplication.clipboard().setText(self.invite)

    def retranslate(self) -> None:
        self.text.setText(texts.rehosted(self.invite) if self.invite else "")
        self.copy.setText(self.tr("Copy the invite code"))
