"""The start screen (the lobby's first part): who I am, play against a bot, records.

Name, colour and language are remembered in the profile's settings
(:class:`goldnet.profile.Profile`), together with the last bot game's choices.

The network parts of the lobby — tables found on the LAN, hosting a table, joining by invite
code, copying my invite code, resuming an interrupted game — are laid out here but disabled
until the network layer is wired in (look for ``NETWORK:`` below; each widget has an
``objectName`` to find it by).
"""

from __future__ import annotations

import contextlib
from typing import Any

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from goldnet.games.mountains_rivers.boards import load_board
from goldnet.games.mountains_rivers.rules import State
from goldnet.profile import Profile, ProfileError

from . import style
from .i18n import LANGUAGES
from .render import render_board

PREVIEW_WIDTH = 220

STYLE = """
StartScreen { background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #f6edd8, stop:1 #e9dcbc); }
QGroupBox { font-weight: bold; color: #6b4b2a; border: 1px solid #c9b38a; border-radius: 10px;
            margin-top: 16px; padding: 12px 10px 10px 10px; background: rgba(255, 252, 242, 200); }
QGroupBox::title { subcontrol-origin: margin; left: 12px; padding: 0 4px; }
QLabel { color: #3b2a1e; }
QPushButton#playBot { background: #c98a1b; color: white; border: 1px solid #8a5a16;
                      border-radius: 8px; padding: 8px; }
QPushButton#playBot:hover { background: #dc9b28; }
"""

BOT_LEVELS = ("random", "greedy", "strong")
"""Bot names by level: easy, medium, hard."""


def colour_icon(colour: str, size: int = 22) -> QIcon:
    pixmap = QPixmap(size, size)
    pixmap.fill(QColor(colour))
    return QIcon(pixmap)


class StartScreen(QWidget):
    """Signals: ``playRequested(dict)`` with board (0 = random), bot, seat (0, 1, or -1 for
    random); ``languageChosen(str)`` ("system", "en", "fr"); ``openRecordRequested()``."""

    playRequested = Signal(dict)
    languageChosen = Signal(str)
    openRecordRequested = Signal()

    def __init__(self, profile: Profile, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.profile = profile
        saved = profile.settings()
        ui_saved: dict[str, Any] = saved.get("ui", {}) if isinstance(saved.get("ui"), dict) else {}

        self.title = QLabel("goldnet")
        self.title.setStyleSheet("font-size: 34px; font-weight: bold; color: #8a5a16;")
        self.subtitle = QLabel()
        self.subtitle.setStyleSheet("font-size: 15px; color: #5b4a33;")

        # --- me ---
        self.me_box = QGroupBox()
        self.name_edit = QLineEdit(str(saved.get("name") or ""))
        self.name_edit.setMaxLength(24)
        self.name_edit.setObjectName("playerName")
        self.colour_buttons = QButtonGroup(self)
        colours = QHBoxLayout()
        current = str(saved.get("colour") or style.SEAT_DEFAULTS[0])
        for i, colour in enumerate(style.COLOUR_CHOICES):
            b = QToolButton()
            b.setCheckable(True)
            b.setIcon(colour_icon(colour))
            b.setIconSize(QSize(22, 22))
            b.setProperty("colour", colour)
            b.setChecked(QColor(colour) == QColor(current))
            self.colour_buttons.addButton(b, i)
            colours.addWidget(b)
        if self.colour_buttons.checkedButton() is None:
            self.colour_buttons.button(0).setChecked(True)
        colours.addStretch(1)
        self.language_combo = QComboBox()
        self.language_combo.setObjectName("language")
        self.language_combo.addItem("", "system")
        for code, name in LANGUAGES.items():
            self.language_combo.addItem(name, code)
        index = self.language_combo.findData(saved.get("language") or "system")
        self.language_combo.setCurrentIndex(max(0, index))
        me = QFormLayout(self.me_box)
        self.name_label, self.colour_label, self.language_label = QLabel(), QLabel(), QLabel()
        me.addRow(self.name_label, self.name_edit)
        me.addRow(self.colour_label, colours)
        me.addRow(self.language_label, self.language_combo)

        # --- play against a bot ---
        self.bot_box = QGroupBox()
        self.board_combo = QComboBox()
        self.board_combo.setObjectName("board")
        self.board_combo.addItem("", 0)
        for k in range(1, 12):
            self.board_combo.addItem("", k)
        self.board_combo.setCurrentIndex(
            max(0, self.board_combo.findData(ui_saved.get("board", 0)))
        )
        self.level_combo = QComboBox()
        self.level_combo.setObjectName("botLevel")
        for name in BOT_LEVELS:
            self.level_combo.addItem("", name)
        self.level_combo.setCurrentIndex(
            max(0, self.level_combo.findData(ui_saved.get("bot", "greedy")))
        )
        self.seat_combo = QComboBox()
        self.seat_combo.setObjectName("seat")
        for seat in (0, 1, -1):
            self.seat_combo.addItem("", seat)
        self.seat_combo.setCurrentIndex(max(0, self.seat_combo.findData(ui_saved.get("seat", 0))))
        self.play_button = QPushButton()
        self.play_button.setObjectName("playBot")
        self.play_button.setMinimumHeight(40)
        self.play_button.setStyleSheet("font-size: 16px; font-weight: bold;")
        self.preview = QLabel()
        self.preview.setObjectName("boardPreview")
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preview.setMinimumHeight(PREVIEW_WIDTH)
        bot = QFormLayout(self.bot_box)
        self.board_label, self.level_label, self.seat_label = QLabel(), QLabel(), QLabel()
        bot.addRow(self.board_label, self.board_combo)
        bot.addRow(self.preview)
        bot.addRow(self.level_label, self.level_combo)
        bot.addRow(self.seat_label, self.seat_combo)
        bot.addRow(self.play_button)

        # --- NETWORK: tables on the LAN, host, invite codes (disabled until wired) ---
        self.net_box = QGroupBox()
        self.net_box.setObjectName("network")
        self.tables_list = QListWidget()
        self.tables_list.setObjectName("lanTables")
        self.tables_list.setEnabled(False)
        self.host_button = QPushButton()
        self.host_button.setObjectName("hostTable")
        self.invite_edit = QLineEdit()
        self.invite_edit.setObjectName("inviteCode")
        self.join_button = QPushButton()
        self.join_button.setObjectName("joinByCode")
        self.copy_invite_button = QPushButton()
        self.copy_invite_button.setObjectName("copyInvite")
        self.net_note = QLabel()
        self.net_note.setWordWrap(True)
        self.net_note.setStyleSheet("color: #7a6a55; font-style: italic;")
        for w in (self.host_button, self.invite_edit, self.join_button, self.copy_invite_button):
            w.setEnabled(False)
        net = QGridLayout(self.net_box)
        net.addWidget(self.tables_list, 0, 0, 1, 3)
        net.addWidget(self.host_button, 1, 0)
        net.addWidget(self.copy_invite_button, 1, 1, 1, 2)
        net.addWidget(self.invite_edit, 2, 0, 1, 2)
        net.addWidget(self.join_button, 2, 2)
        net.addWidget(self.net_note, 3, 0, 1, 3)

        # --- records: replay a record; NETWORK: resume an interrupted game ---
        self.records_box = QGroupBox()
        self.replay_button = QPushButton()
        self.replay_button.setObjectName("openRecord")
        self.resume_button = QPushButton()
        self.resume_button.setObjectName("resumeGame")
        self.resume_button.setEnabled(False)
        rec = QHBoxLayout(self.records_box)
        rec.addWidget(self.replay_button)
        rec.addWidget(self.resume_button)

        left = QVBoxLayout()
        left.addWidget(self.me_box)
        left.addWidget(self.bot_box)
        left.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(self.net_box, 1)
        right.addWidget(self.records_box)
        columns = QHBoxLayout()
        columns.addLayout(left, 1)
        columns.addSpacing(16)
        columns.addLayout(right, 1)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(28, 20, 28, 20)
        outer.addWidget(self.title)
        outer.addWidget(self.subtitle)
        outer.addSpacing(10)
        outer.addLayout(columns, 1)

        self.play_button.clicked.connect(self._play)
        self.replay_button.clicked.connect(self.openRecordRequested)
        self.name_edit.editingFinished.connect(self.save)
        self.colour_buttons.idClicked.connect(lambda _: self.save())
        self.language_combo.currentIndexChanged.connect(self._language_changed)
        self.board_combo.currentIndexChanged.connect(self._update_preview)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(STYLE)
        self.retranslate()
        self._update_preview()

    # --- values ---------------------------------------------------------------------------

    def player_name(self) -> str:
        return self.name_edit.text().strip() or self.tr("You")

    def player_colour(self) -> str:
        button = self.colour_buttons.checkedButton()
        return str(button.property("colour")) if button is not None else style.SEAT_DEFAULTS[0]

    def choices(self) -> dict[str, Any]:
        return {
            "board": int(self.board_combo.currentData()),
            "bot": str(self.level_combo.currentData()),
            "seat": int(self.seat_combo.currentData()),
        }

    def save(self) -> None:
        """Remember name, colour, language and the bot game's choices (other settings kept)."""
        settings = self.profile.settings()
        settings["name"] = self.name_edit.text().strip()
        settings["colour"] = self.player_colour()
        settings["language"] = str(self.language_combo.currentData())
        previous = settings.get("ui")
        settings["ui"] = {**(previous if isinstance(previous, dict) else {}), **self.choices()}
        # Settings are a convenience: the game goes on without them.
        with contextlib.suppress(ProfileError):
            self.profile.save_settings(settings)

    def _update_preview(self) -> None:
        """A small picture of the chosen board (a question mark over board 1 for random)."""
        number = int(self.board_combo.currentData())
        ratio = self.devicePixelRatioF()
        image = render_board(State(load_board(number or 1)), round(PREVIEW_WIDTH * ratio))
        if not number:
            painter = QPainter(image)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceAtop)
            painter.fillRect(image.rect(), QColor(244, 234, 210, 170))
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
            font = QFont(style.FONT_FAMILY)
            font.setPixelSize(round(image.height() * 0.5))
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(QColor("#8a5a16"))
            painter.drawText(image.rect(), Qt.AlignmentFlag.AlignCenter, "?")
            painter.end()
        pixmap = QPixmap.fromImage(image)
        pixmap.setDevicePixelRatio(ratio)
        self.preview.setPixmap(pixmap)

    def _play(self) -> None:
        self.save()
        self.playRequested.emit(self.choices())

    def _language_changed(self) -> None:
        self.save()
        self.languageChosen.emit(str(self.language_combo.currentData()))

    # --- texts ----------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.subtitle.setText(self.tr("Mountains & Rivers — a gold-prospecting game for two"))
        self.me_box.setTitle(self.tr("You"))
        self.name_label.setText(self.tr("Name"))
        self.name_edit.setPlaceholderText(self.tr("Your name"))
        self.colour_label.setText(self.tr("Colour"))
        self.language_label.setText(self.tr("Language"))
        self.language_combo.setItemText(0, self.tr("System language"))
        self.bot_box.setTitle(self.tr("Play against a bot"))
        self.board_label.setText(self.tr("Board"))
        self.board_combo.setItemText(0, self.tr("Random board"))
        for k in range(1, 12):
            self.board_combo.setItemText(k, self.tr("Board %1").replace("%1", str(k)))
        self.level_label.setText(self.tr("Bot"))
        for i, text in enumerate((self.tr("Easy"), self.tr("Medium"), self.tr("Hard"))):
            self.level_combo.setItemText(i, text)
        self.seat_label.setText(self.tr("You play"))
        for i, text in enumerate(
            (
                self.tr("The mountains (you move first)"),
                self.tr("The rivers"),
                self.tr("Drawn at random"),
            )
        ):
            self.seat_combo.setItemText(i, text)
        self.play_button.setText(self.tr("Play"))
        self.net_box.setTitle(self.tr("Play with others"))
        self.tables_list.clear()
        self.tables_list.addItem(self.tr("Tables on your network will appear here."))
        self.host_button.setText(self.tr("Host a table"))
        self.invite_edit.setPlaceholderText(self.tr("Invite code"))
        self.join_button.setText(self.tr("Join"))
        self.copy_invite_button.setText(self.tr("Copy my invite code"))
        self.net_note.setText(self.tr("Network play is not available in this version yet."))
        self.records_box.setTitle(self.tr("Records"))
        self.replay_button.setText(self.tr("Open a record to replay…"))
        self.resume_button.setText(self.tr("Resume an interrupted game"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def sizeHint(self) -> QSize:
        return QSize(900, 600)
