"""The start screen, the lobby: who I am, play against a bot, play with others, records.

Name, colour and language are remembered in the profile's settings
(:class:`goldnet.profile.Profile`), together with the last bot game's choices (``ui``) and the
last hosted table's (``lobby``).

"Play with others" lists the tables found on the LAN (live), joins one of them or a table given
by invite code, hosts a table (board, the other seat: a player on the network or a bot on this
computer, your seat), copies my invite code while hosting, and shows what the network is doing
or why it failed, in plain words; "Records" replays a record or resumes an interrupted network
game. This widget only shows and asks: :class:`ui.lobby.Lobby` does the networking. Each
widget has an ``objectName`` to find it by.

The game offered is :func:`ui.kits.default`: its first table option (the board), bot levels and
seats come from the game registry, their words and the board's preview from its kit. Its look
is :data:`ui.style.START_SCREEN`.
"""

from __future__ import annotations

import contextlib
from typing import Any

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from goldnet.net.discovery import TableInfo
from goldnet.profile import Profile, ProfileError

from . import kits, style
from .i18n import LANGUAGES
from .render import mark_random

PREVIEW_WIDTH = 220

NET_STATES = ("idle", "connecting", "hosting", "playing")
"""What the lobby is doing: nothing, joining a table, hosting one, in a network game."""


def colour_icon(colour: str, size: int = 22) -> QIcon:
    pixmap = QPixmap(size, size)
    pixmap.fill(QColor(colour))
    return QIcon(pixmap)


class StartScreen(QWidget):
    """Signals: ``playRequested(dict)`` with board (0 = random), bot, seat (0, 1, or -1 for
    random); ``languageChosen(str)`` ("system", "en", "fr"); ``openRecordRequested()``;
    the lobby's: ``hostRequested(dict)`` (:meth:`host_choices`), ``joinCodeRequested(str)``
    (the text typed), ``joinTableRequested(TableInfo)``, ``copyInviteRequested()``,
    ``cancelNetworkRequested()``, ``resumeRequested()``."""

    playRequested = Signal(dict)
    languageChosen = Signal(str)
    openRecordRequested = Signal()
    hostRequested = Signal(dict)
    joinCodeRequested = Signal(str)
    joinTableRequested = Signal(object)
    copyInviteRequested = Signal()
    cancelNetworkRequested = Signal()
    resumeRequested = Signal()

    def __init__(self, profile: Profile, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.profile = profile
        self.game = kits.default()
        """The game offered (a registry name)."""
        self.kit = kits.get(self.game)
        info = kits.info(self.game)
        self.option = info.options[0]
        """The table option chosen here (Mountains & Rivers: the board)."""
        self.bot_levels = info.bot_levels
        """The game's bots, weakest first."""
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
        for k in self.option.values:
            self.board_combo.addItem("", k)
        self.board_combo.setCurrentIndex(
            max(0, self.board_combo.findData(ui_saved.get(self.option.name, 0)))
        )
        self.level_combo = QComboBox()
        self.level_combo.setObjectName("botLevel")
        for name in self.bot_levels:
            self.level_combo.addItem("", name)
        middle = self.bot_levels[len(self.bot_levels) // 2]
        self.level_combo.setCurrentIndex(
            max(0, self.level_combo.findData(ui_saved.get("bot", middle)))
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

        # --- play with others: tables on the LAN, invite codes, hosting ---
        lobby_saved = saved.get("lobby") if isinstance(saved.get("lobby"), dict) else {}
        assert isinstance(lobby_saved, dict)
        self.net_box = QGroupBox()
        self.net_box.setObjectName("network")
        self.tables_heading = QLabel()
        self.tables_heading.setObjectName("tablesHeading")
        self.tables_list = QListWidget()
        self.tables_list.setObjectName("lanTables")
        self.tables_list.setMinimumHeight(96)
        self.join_table_button = QPushButton()
        self.join_table_button.setObjectName("joinTable")
        self.invite_edit = QLineEdit()
        self.invite_edit.setObjectName("inviteCode")
        self.invite_edit.setClearButtonEnabled(True)
        self.join_button = QPushButton()
        self.join_button.setObjectName("joinByCode")

        self.host_heading = QLabel()
        self.host_heading.setObjectName("hostHeading")
        self.table_name_edit = QLineEdit(str(lobby_saved.get("table_name") or ""))
        self.table_name_edit.setObjectName("tableName")
        self.table_name_edit.setMaxLength(40)
        self.host_board_combo = QComboBox()
        self.host_board_combo.setObjectName("hostBoard")
        self.host_board_combo.addItem("", 0)
        for k in self.option.values:
            self.host_board_combo.addItem("", k)
        self.host_board_combo.setCurrentIndex(
            max(0, self.host_board_combo.findData(lobby_saved.get(self.option.name, 0)))
        )
        self.opponent_combo = QComboBox()
        self.opponent_combo.setObjectName("opponent")
        for level in ("", *self.bot_levels):  # "": a player on the network
            self.opponent_combo.addItem("", level)
        self.opponent_combo.setCurrentIndex(
            max(0, self.opponent_combo.findData(lobby_saved.get("opponent", "")))
        )
        self.host_seat_combo = QComboBox()
        self.host_seat_combo.setObjectName("hostSeat")
        for seat in (0, 1, -1):
            self.host_seat_combo.addItem("", seat)
        self.host_seat_combo.setCurrentIndex(
            max(0, self.host_seat_combo.findData(lobby_saved.get("seat", 0)))
        )
        self.host_button = QPushButton()
        self.host_button.setObjectName("hostTable")
        self.copy_invite_button = QPushButton()
        self.copy_invite_button.setObjectName("copyInvite")
        self.copy_invite_button.setEnabled(False)

        self.net_status_box = QFrame()
        self.net_status_box.setObjectName("netStatusBox")
        self.net_status = QLabel()
        self.net_status.setObjectName("netStatus")
        self.net_status.setWordWrap(True)
        self.net_status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.net_status.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.cancel_button = QPushButton()
        self.cancel_button.setObjectName("cancelNetwork")
        status_row = QHBoxLayout(self.net_status_box)
        status_row.setContentsMargins(8, 6, 8, 6)
        status_row.addWidget(self.net_status, 1)
        status_row.addWidget(self.cancel_button, 0, Qt.AlignmentFlag.AlignVCenter)
        self.net_status_box.hide()

        self.invite_label = QLabel()
        net = QVBoxLayout(self.net_box)
        net.addWidget(self.tables_heading)
        net.addWidget(self.tables_list, 1)
        table_row = QHBoxLayout()
        table_row.addStretch(1)
        table_row.addWidget(self.join_table_button)
        net.addLayout(table_row)
        join_row = QHBoxLayout()
        join_row.addWidget(self.invite_label)
        join_row.addWidget(self.invite_edit, 1)
        join_row.addWidget(self.join_button)
        net.addLayout(join_row)
        rule = QFrame()
        rule.setFrameShape(QFrame.Shape.HLine)
        rule.setStyleSheet("color: #d8c7a2;")
        net.addSpacing(4)
        net.addWidget(rule)
        net.addWidget(self.host_heading)
        host_form = QFormLayout()
        self.table_name_label, self.host_board_label = QLabel(), QLabel()
        self.opponent_label, self.host_seat_label = QLabel(), QLabel()
        host_form.addRow(self.table_name_label, self.table_name_edit)
        host_form.addRow(self.host_board_label, self.host_board_combo)
        host_form.addRow(self.opponent_label, self.opponent_combo)
        host_form.addRow(self.host_seat_label, self.host_seat_combo)
        net.addLayout(host_form)
        host_row = QHBoxLayout()
        host_row.addWidget(self.host_button)
        host_row.addWidget(self.copy_invite_button)
        host_row.addStretch(1)
        net.addLayout(host_row)
        net.addWidget(self.net_status_box)

        self._tables: dict[str, TableInfo] = {}
        """Tables on the LAN by fingerprint (without my own)."""
        self.own_fingerprint = ""
        self.discovery_problem = ""
        self.net_state = "idle"
        self._status: tuple[str, str] = ("", "")

        # --- records: replay a record, resume an interrupted network game ---
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
        self.host_button.clicked.connect(self._host)
        self.join_button.clicked.connect(self._join_code)
        self.invite_edit.returnPressed.connect(self._join_code)
        self.join_table_button.clicked.connect(self._join_table)
        self.tables_list.itemDoubleClicked.connect(lambda _: self._join_table())
        self.tables_list.itemSelectionChanged.connect(self._update_network)
        self.copy_invite_button.clicked.connect(self.copyInviteRequested)
        self.cancel_button.clicked.connect(self.cancelNetworkRequested)
        self.resume_button.clicked.connect(self.resumeRequested)
        self.opponent_combo.currentIndexChanged.connect(self._update_network)
        self.replay_button.clicked.connect(self.openRecordRequested)
        self.name_edit.editingFinished.connect(self.save)
        self.name_edit.textChanged.connect(
            lambda _: self.table_name_edit.setPlaceholderText(self.default_table_name())
        )
        self.colour_buttons.idClicked.connect(lambda _: self.save())
        self.language_combo.currentIndexChanged.connect(self._language_changed)
        self.board_combo.currentIndexChanged.connect(self._update_preview)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(style.START_SCREEN)
        self.retranslate()
        self._update_preview()

    # --- values ---------------------------------------------------------------------------

    def player_name(self) -> str:
        return self.name_edit.text().strip() or self.tr("You")

    def player_colour(self) -> str:
        button = self.colour_buttons.checkedButton()
        return str(button.property("colour")) if button is not None else style.SEAT_DEFAULTS[0]

    def choices(self) -> dict[str, Any]:
        """The bot game: the option's value by its name (0: drawn at random), the bot's level
        and my seat (-1: drawn at random)."""
        return {
            self.option.name: int(self.board_combo.currentData()),
            "bot": str(self.level_combo.currentData()),
            "seat": int(self.seat_combo.currentData()),
        }

    def host_choices(self) -> dict[str, Any]:
        """The table to host: its name, board (0: random), the other seat's bot level (None:
        a player on the network) and my seat (0, 1, -1: random; 0 against a player)."""
        opponent = str(self.opponent_combo.currentData()) or None
        return {
            "table_name": self.table_name_edit.text().strip() or self.default_table_name(),
            self.option.name: int(self.host_board_combo.currentData()),
            "opponent": opponent,
            "seat": int(self.host_seat_combo.currentData()) if opponent else 0,
        }

    def default_table_name(self) -> str:
        name = self.name_edit.text().strip()
        return self.tr("%1's table").replace("%1", name) if name else self.tr("My table")

    def save(self) -> None:
        """Remember name, colour, language and the bot game's choices (other settings kept)."""
        settings = self.profile.settings()
        settings["lobby"] = {
            "table_name": self.table_name_edit.text().strip(),
            self.option.name: int(self.host_board_combo.currentData()),
            "opponent": str(self.opponent_combo.currentData()),
            "seat": int(self.host_seat_combo.currentData()),
        }
        settings["name"] = self.name_edit.text().strip()
        settings["colour"] = self.player_colour()
        settings["language"] = str(self.language_combo.currentData())
        previous = settings.get("ui")
        settings["ui"] = {**(previous if isinstance(previous, dict) else {}), **self.choices()}
        # Settings are a convenience: the game goes on without them.
        with contextlib.suppress(ProfileError):
            self.profile.save_settings(settings)

    def _update_preview(self) -> None:
        """A small picture of the chosen board (a question mark over the first for random)."""
        number = int(self.board_combo.currentData())
        ratio = self.devicePixelRatioF()
        options = (number or self.option.values[0],)
        image = self.kit.preview(options, round(PREVIEW_WIDTH * ratio))
        if not number:
            mark_random(image)
        pixmap = QPixmap.fromImage(image)
        pixmap.setDevicePixelRatio(ratio)
        self.preview.setPixmap(pixmap)

    def _play(self) -> None:
        self.save()
        self.playRequested.emit(self.choices())

    # --- the lobby ----------------------------------------------------------------------------

    def _host(self) -> None:
        self.save()
        self.hostRequested.emit(self.host_choices())

    def _join_code(self) -> None:
        if self.net_state == "idle":
            self.joinCodeRequested.emit(self.invite_edit.text())

    def _join_table(self) -> None:
        table = self.selected_table()
        if table is not None and self.net_state == "idle":
            self.joinTableRequested.emit(table)

    def selected_table(self) -> TableInfo | None:
        items = self.tables_list.selectedItems()
        if not items:
            return None
        table = items[0].data(Qt.ItemDataRole.UserRole)
        return table if isinstance(table, TableInfo) else None

    def table_seen(self, kind: str, table: TableInfo) -> None:
        """A table appeared, changed or left (a :class:`goldnet.net.discovery.Browser` event)."""
        if table.fingerprint == self.own_fingerprint:
            return
        if kind == "removed":
            self._tables.pop(table.fingerprint, None)
        else:
            self._tables[table.fingerprint] = table
        self._show_tables()

    def tables(self) -> list[TableInfo]:
        """The tables listed, in order."""
        return sorted(self._tables.values(), key=lambda t: (t.name.lower(), t.fingerprint))

    def discovery_failed(self, reason: str) -> None:
        self.discovery_problem = reason
        self._show_tables()

    def _show_tables(self) -> None:
        selected = self.selected_table()
        keep = selected.fingerprint if selected is not None else None
        self.tables_list.blockSignals(True)
        self.tables_list.clear()
        for table in self.tables():
            game = kits.title(table.game)
            seats = self.tr("%n seat(s) free", "", table.free_seats)
            item = QListWidgetItem(f"{table.name}   ·   {game}   ·   {seats}")
            item.setData(Qt.ItemDataRole.UserRole, table)
            item.setToolTip(
                self.tr("%1 at %2:%3 — key %4")
                .replace("%1", table.name)
                .replace("%2", table.host)
                .replace("%3", str(table.port))
                .replace("%4", table.fingerprint)
            )
            self.tables_list.addItem(item)
            if table.fingerprint == keep:
                item.setSelected(True)
        if not self._tables:
            if self.discovery_problem:
                text = self.tr(
                    "Tables on your network cannot be listed (%1). You can still join by "
                    "invite code."
                ).replace("%1", self.discovery_problem)
            else:
                text = self.tr("Looking for tables on your network… none so far.")
            item = QListWidgetItem(text)
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.tables_list.addItem(item)
        self.tables_list.blockSignals(False)
        self._update_network()

    def set_network_state(self, state: str, text: str = "", tone: str = "info") -> None:
        """What the lobby is doing (:data:`NET_STATES`) and what to tell the player: ``tone``
        is ``info``, ``busy`` (with a Cancel / Stop hosting button) or ``problem``; no text
        hides the box."""
        self.net_state = state
        self._status = (text, tone)
        self.net_status.setText(text)
        self.net_status_box.setProperty("tone", tone)
        self.net_status_box.style().unpolish(self.net_status_box)
        self.net_status_box.style().polish(self.net_status_box)
        self.net_status_box.setVisible(bool(text))
        self.cancel_button.setVisible(state in ("connecting", "hosting"))
        self.cancel_button.setText(
            self.tr("Stop hosting") if state == "hosting" else self.tr("Cancel")
        )
        self._update_network()

    def set_resumable(self, available: bool, tooltip: str = "") -> None:
        self.resume_button.setEnabled(available)
        self.resume_button.setToolTip(tooltip)

    def _update_network(self) -> None:
        idle = self.net_state == "idle"
        for w in (
            self.host_button,
            self.join_button,
            self.invite_edit,
            self.table_name_edit,
            self.host_board_combo,
            self.opponent_combo,
        ):
            w.setEnabled(idle)
        self.join_table_button.setEnabled(idle and self.selected_table() is not None)
        self.copy_invite_button.setEnabled(self.net_state == "hosting")
        against_player = not self.opponent_combo.currentData()
        self.host_seat_combo.setEnabled(idle and not against_player)
        if against_player:
            self.host_seat_combo.setToolTip(self.kit.host_seat_note())
        else:
            self.host_seat_combo.setToolTip("")

    def _language_changed(self) -> None:
        self.save()
        self.languageChosen.emit(str(self.language_combo.currentData()))

    # --- texts ----------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.subtitle.setText(self.kit.tagline())
        self.me_box.setTitle(self.tr("You"))
        self.name_label.setText(self.tr("Name"))
        self.name_edit.setPlaceholderText(self.tr("Your name"))
        self.colour_label.setText(self.tr("Colour"))
        self.language_label.setText(self.tr("Language"))
        self.language_combo.setItemText(0, self.tr("System language"))
        self.bot_box.setTitle(self.tr("Play against a bot"))
        self._option_texts(self.board_label, self.board_combo)
        self.level_label.setText(self.tr("Bot"))
        for i, text in enumerate((self.tr("Easy"), self.tr("Medium"), self.tr("Hard"))):
            self.level_combo.setItemText(i, text)
        self.seat_label.setText(self.tr("You play"))
        self._seat_texts(self.seat_combo)
        self.play_button.setText(self.tr("Play"))
        self.net_box.setTitle(self.tr("Play with others"))
        self.tables_heading.setText(self.tr("Tables on your network"))
        self.join_table_button.setText(self.tr("Join this table"))
        self.invite_label.setText(self.tr("Or join with an invite code:"))
        self.invite_edit.setPlaceholderText("goldnet://…")
        self.join_button.setText(self.tr("Join"))
        self.host_heading.setText(self.tr("Host a table"))
        self.table_name_label.setText(self.tr("Table name"))
        self.table_name_edit.setPlaceholderText(self.default_table_name())
        self._option_texts(self.host_board_label, self.host_board_combo)
        self.opponent_label.setText(self.tr("Other seat"))
        for i, text in enumerate(
            (
                self.tr("A player who joins"),
                self.tr("Easy bot on this computer"),
                self.tr("Medium bot on this computer"),
                self.tr("Hard bot on this computer"),
            )
        ):
            self.opponent_combo.setItemText(i, text)
        self.host_seat_label.setText(self.tr("You play"))
        self._seat_texts(self.host_seat_combo)
        self.host_button.setText(self.tr("Host a table"))
        self.copy_invite_button.setText(self.tr("Copy my invite code"))
        self._show_tables()
        self.set_network_state(self.net_state, *self._status)
        self.records_box.setTitle(self.tr("Records"))
        self.replay_button.setText(self.tr("Open a record to replay…"))
        self.resume_button.setText(self.tr("Resume an interrupted game"))

    def _option_texts(self, label: QLabel, combo: QComboBox) -> None:
        """The option's label and values (item 0: drawn at random) in the kit's words."""
        label.setText(self.kit.option_title(self.option.name))
        for i in range(combo.count()):
            value = int(combo.itemData(i))
            combo.setItemText(i, self.kit.option_value(self.option.name, value or None))

    def _seat_texts(self, combo: QComboBox) -> None:
        """Each seat in the kit's words, then "Drawn at random"."""
        for i in range(combo.count()):
            seat = int(combo.itemData(i))
            text = self.tr("Drawn at random") if seat < 0 else self.kit.seat_choice(seat)
            combo.setItemText(i, text)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def sizeHint(self) -> QSize:
        return QSize(900, 600)
