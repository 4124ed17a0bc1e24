"""The start screen's "Play with others" column: tables on the LAN, invite codes, hosting.

:class:`PlayWithOthers` is the part of :class:`ui.start.StartScreen` (a mixin of it: the
widgets are the screen's attributes, its signals the screen's) that lists the tables announced
on the LAN — live, with their game and free seats, a running table as one to watch — joins or
watches one (or the table of an invite code), hosts a table (its name, the game's options, its
seat count when the game has several, the other seats: players who join or bots of this
computer, and my seat against bots), copies my invite code while hosting, and shows what the
network is doing or why it failed, in plain words. It only shows and asks:
:class:`ui.lobby.Lobby` does the networking.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
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
    QVBoxLayout,
    QWidget,
)

from goldnet import games
from goldnet.net.discovery import TableInfo

from . import choices, kits

if TYPE_CHECKING:
    from .kits import Kit

NET_STATES = ("idle", "connecting", "hosting", "playing")
"""What the lobby is doing: nothing, joining a table, hosting one, in a network game."""


def starts_with_vowel(name: str) -> bool:
    """Whether ``name`` starts with a vowel sound as French hears it — a vowel (accents
    ignored), an h (taken as silent: "d’Hélène") or a y before a consonant ("d’Yves", but
    "de Yann") — so that "de" elides before it."""
    decomposed = unicodedata.normalize("NFD", name.strip().lower())
    letters = "".join(c for c in decomposed if not unicodedata.combining(c))
    if letters[:1] == "y":
        return len(letters) > 1 and letters[1] not in "aeiouy"
    return len(letters) > 0 and letters[0] in "aeiouhœæ"


class PlayWithOthers(QWidget):
    """The network column of the start screen, which is a subclass of this (module
    docstring): the start screen sets the game (:attr:`game`, :attr:`kit`, :attr:`info`) and
    the player's name, and calls :meth:`build_network` then :meth:`build_host_game`.

    Signals: ``hostRequested(dict)`` (:meth:`host_choices`), ``joinCodeRequested(str)`` and
    ``watchCodeRequested(str)`` (the text typed), ``joinTableRequested(TableInfo)``,
    ``watchTableRequested(TableInfo)``, ``copyInviteRequested()``,
    ``cancelNetworkRequested()``."""

    hostRequested = Signal(dict)
    joinCodeRequested = Signal(str)
    watchCodeRequested = Signal(str)
    joinTableRequested = Signal(object)
    watchTableRequested = Signal(object)
    copyInviteRequested = Signal()
    cancelNetworkRequested = Signal()

    game: str
    kit: Kit
    info: games.GameInfo
    name_edit: QLineEdit
    resume_button: QPushButton

    def save(self) -> None:
        """Remember the choices (the start screen's)."""
        raise NotImplementedError

    def build_network(self, lobby_saved: dict[str, Any]) -> None:
        """Make the column's widgets (the host form's game rows: :meth:`build_host_game`)."""
        self.net_box = QGroupBox()
        self.net_box.setObjectName("network")
        self.tables_heading = QLabel()
        self.tables_heading.setObjectName("tablesHeading")
        self.tables_list = QListWidget()
        self.tables_list.setObjectName("lanTables")
        self.tables_list.setMinimumHeight(96)
        self.join_table_button = QPushButton()
        self.join_table_button.setObjectName("joinTable")
        self.watch_table_button = QPushButton()
        self.watch_table_button.setObjectName("watchTable")
        self.invite_edit = QLineEdit()
        self.invite_edit.setObjectName("inviteCode")
        self.invite_edit.setClearButtonEnabled(True)
        self.join_button = QPushButton()
        self.join_button.setObjectName("joinByCode")
        self.watch_button = QPushButton()
        self.watch_button.setObjectName("watchByCode")

        self.host_heading = QLabel()
        self.host_heading.setObjectName("hostHeading")
        self.table_name_edit = QLineEdit(str(lobby_saved.get("table_name") or ""))
        self.table_name_edit.setObjectName("tableName")
        self.table_name_edit.setMaxLength(40)
        self.host_option_combos: dict[str, QComboBox] = {}
        """The hosted table's options by name."""
        self.host_option_labels: dict[str, QLabel] = {}
        self.host_seats_combo = QComboBox()
        self.host_seats_combo.setObjectName("hostSeats")
        self.opponent_combo = QComboBox()
        self.opponent_combo.setObjectName("opponent")
        self.host_seat_combo = QComboBox()
        self.host_seat_combo.setObjectName("hostSeat")
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
        # The list takes the room the status box needs: the box sits right under it, so when
        # the box shows, hides or changes height only the list's bottom edge moves — never the
        # buttons, the invite code field or the host form below (a click aimed at one lands).
        net.addWidget(self.tables_list, 1)
        net.addWidget(self.net_status_box)
        table_row = QHBoxLayout()
        table_row.addStretch(1)
        table_row.addWidget(self.watch_table_button)
        table_row.addWidget(self.join_table_button)
        net.addLayout(table_row)
        join_row = QHBoxLayout()
        join_row.addWidget(self.invite_label)
        join_row.addWidget(self.invite_edit, 1)
        join_row.addWidget(self.join_button)
        join_row.addWidget(self.watch_button)
        net.addLayout(join_row)
        rule = QFrame()
        rule.setFrameShape(QFrame.Shape.HLine)
        rule.setStyleSheet("color: #d8c7a2;")
        net.addSpacing(4)
        net.addWidget(rule)
        net.addWidget(self.host_heading)
        self.host_form = QFormLayout()
        self.table_name_label, self.host_seats_label = QLabel(), QLabel()
        self.opponent_label, self.host_seat_label = QLabel(), QLabel()
        net.addLayout(self.host_form)
        host_row = QHBoxLayout()
        host_row.addWidget(self.host_button)
        host_row.addWidget(self.copy_invite_button)
        host_row.addStretch(1)
        net.addLayout(host_row)

        self._tables: dict[str, TableInfo] = {}
        """Tables on the LAN by fingerprint (without my own)."""
        self.own_fingerprint = ""
        self.discovery_problem = ""
        self.net_state = "idle"
        self._status: tuple[str, str] = ("", "")

        self.host_button.clicked.connect(self._host)
        self.join_button.clicked.connect(self._join_code)
        self.watch_button.clicked.connect(self._watch_code)
        self.invite_edit.returnPressed.connect(self._join_code)
        self.join_table_button.clicked.connect(self._join_table)
        self.watch_table_button.clicked.connect(self._watch_table)
        self.tables_list.itemDoubleClicked.connect(lambda _: self._open_table())
        self.tables_list.itemSelectionChanged.connect(self._update_network)
        self.copy_invite_button.clicked.connect(self.copyInviteRequested)
        self.cancel_button.clicked.connect(self.cancelNetworkRequested)
        self.opponent_combo.currentIndexChanged.connect(self._update_network)
        self.host_seats_combo.currentIndexChanged.connect(self._host_seats_changed)

    def build_host_game(self, lobby_saved: dict[str, Any]) -> None:
        """The host form's rows for the screen's game (saved choices selected where they
        fit)."""
        info = self.info
        form = self.host_form
        while form.rowCount():
            form.takeRow(0)
        for widget in [*self.host_option_combos.values(), *self.host_option_labels.values()]:
            widget.hide()  # the previous game's: gone now, deleted later
            widget.deleteLater()
        self.host_option_combos, self.host_option_labels = {}, {}
        form.addRow(self.table_name_label, self.table_name_edit)
        for option in info.options:
            name = "hostBoard" if option is info.options[0] else f"host-{option.name}"
            combo = choices.option_combo(option, lobby_saved.get(option.name), name)
            label = QLabel()
            self.host_option_combos[option.name], self.host_option_labels[option.name] = (
                combo,
                label,
            )
            form.addRow(label, combo)
        choices.fill(self.host_seats_combo, list(info.seats), lobby_saved.get("seats"))
        for i in range(self.host_seats_combo.count()):
            self.host_seats_combo.setItemText(i, str(self.host_seats_combo.itemData(i)))
        form.addRow(self.host_seats_label, self.host_seats_combo)
        several = len(info.seats) > 1
        self.host_seats_label.setVisible(several)
        self.host_seats_combo.setVisible(several)
        choices.fill(self.opponent_combo, ["", *info.bot_levels], lobby_saved.get("opponent", ""))
        form.addRow(self.opponent_label, self.opponent_combo)
        count = choices.seat_count(self.host_seats_combo, info)
        choices.fill_seats(self.host_seat_combo, count, lobby_saved.get("seat", 0))
        form.addRow(self.host_seat_label, self.host_seat_combo)
        self._update_network()

    def _host_seats_changed(self) -> None:
        count = choices.seat_count(self.host_seats_combo, self.info)
        choices.fill_seats(self.host_seat_combo, count, self.host_seat_combo.currentData())
        self.retranslate_network()

    # --- values ---------------------------------------------------------------------------

    def host_choices(self) -> dict[str, Any]:
        """The table to host: its ``game``, name, each option's value by name (None: drawn
        at random), ``seats``, the other seats' bot level (``opponent``, None: players on the
        network) and my ``seat`` (-1: drawn; 0 against players)."""
        opponent = str(self.opponent_combo.currentData() or "") or None
        out: dict[str, Any] = {
            "game": self.game,
            "table_name": self.table_name_edit.text().strip() or self.default_table_name(),
        }
        for name, combo in self.host_option_combos.items():
            out[name] = combo.currentData()
        out["seats"] = choices.seat_count(self.host_seats_combo, self.info)
        out["opponent"] = opponent
        out["seat"] = int(self.host_seat_combo.currentData()) if opponent else 0
        return out

    def host_settings(self) -> dict[str, Any]:
        """What the profile remembers of the host form."""
        out: dict[str, Any] = {"table_name": self.table_name_edit.text().strip()}
        for name, combo in self.host_option_combos.items():
            out[name] = combo.currentData()
        out["seats"] = choices.seat_count(self.host_seats_combo, self.info)
        out["opponent"] = str(self.opponent_combo.currentData() or "")
        out["seat"] = int(self.host_seat_combo.currentData())
        return out

    def default_table_name(self) -> str:
        """ "Alice's table" in the player's language ("My table" without a name). A name that
        starts with a vowel sound has its own translation, for languages that elide before one
        (French: "Table d’Alice", "Table de Bob")."""
        name = self.name_edit.text().strip()
        if not name:
            return self.tr("My table")
        if starts_with_vowel(name):
            text = self.tr("%1's table", "the name starts with a vowel or a silent h")
        else:
            text = self.tr("%1's table")
        return text.replace("%1", name)

    # --- what the player asks ---------------------------------------------------------------

    def _host(self) -> None:
        self.save()
        self.hostRequested.emit(self.host_choices())

    def _join_code(self) -> None:
        if self.net_state == "idle":
            self.joinCodeRequested.emit(self.invite_edit.text())

    def _watch_code(self) -> None:
        if self.net_state == "idle":
            self.watchCodeRequested.emit(self.invite_edit.text())

    def _join_table(self) -> None:
        table = self.selected_table()
        if table is not None and self.net_state == "idle" and table.free_seats > 0:
            self.joinTableRequested.emit(table)

    def _watch_table(self) -> None:
        table = self.selected_table()
        if table is not None and self.net_state == "idle":
            self.watchTableRequested.emit(table)

    def _open_table(self) -> None:
        """A double click: join a table with a free seat, watch a running one."""
        table = self.selected_table()
        if table is not None and table.free_seats > 0:
            self._join_table()
        else:
            self._watch_table()

    # --- the LAN's tables ---------------------------------------------------------------------

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

    def drop_table(self, fingerprint: str) -> None:
        """Take a table off the list (a join found nobody there); it comes back if the LAN
        announces it again."""
        if self._tables.pop(fingerprint, None) is not None:
            self._show_tables()

    def tables(self) -> list[TableInfo]:
        """The tables listed, in order."""
        return sorted(self._tables.values(), key=lambda t: (t.name.lower(), t.fingerprint))

    def discovery_failed(self, reason: str) -> None:
        self.discovery_problem = reason
        self._show_tables()

    def table_text(self, table: TableInfo) -> str:
        """A row of the LAN list: the table's name, its game, its free seats (or that it
        plays, and can be watched)."""
        game = kits.title(table.game)
        if table.free_seats > 0 and not table.game_id:
            # explicit context: PySide's tr() of a mixin does not fall back for plurals
            seats = QCoreApplication.translate(
                "PlayWithOthers", "%n seat(s) free", "", table.free_seats
            )
        else:
            seats = self.tr("playing — you can watch")
        return f"{table.name}   ·   {game}   ·   {seats}"

    def _show_tables(self) -> None:
        selected = self.selected_table()
        keep = selected.fingerprint if selected is not None else None
        self.tables_list.blockSignals(True)
        self.tables_list.clear()
        for table in self.tables():
            item = QListWidgetItem(self.table_text(table))
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

    # --- what the lobby says ------------------------------------------------------------------

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
        host_widgets = [self.table_name_edit, self.host_seats_combo, self.opponent_combo]
        for w in (
            self.host_button,
            self.join_button,
            self.watch_button,
            self.invite_edit,
            *host_widgets,
            *self.host_option_combos.values(),
        ):
            w.setEnabled(idle)
        table = self.selected_table()
        self.join_table_button.setEnabled(idle and table is not None and table.free_seats > 0)
        self.watch_table_button.setEnabled(idle and table is not None)
        self.copy_invite_button.setEnabled(self.net_state == "hosting")
        against_players = not self.opponent_combo.currentData()
        self.host_seat_combo.setEnabled(idle and not against_players)
        self.host_seat_combo.setToolTip(self.kit.host_seat_note() if against_players else "")

    # --- texts ----------------------------------------------------------------------------

    def retranslate_network(self) -> None:
        self.net_box.setTitle(self.tr("Play with others"))
        self.tables_heading.setText(self.tr("Tables on your network"))
        self.join_table_button.setText(self.tr("Join this table"))
        self.watch_table_button.setText(self.tr("Watch"))
        self.watch_table_button.setToolTip(
            self.tr("Watch the game without playing: you see what every player sees.")
        )
        self.watch_button.setText(self.tr("Watch"))
        self.watch_button.setToolTip(self.watch_table_button.toolTip())
        self.invite_label.setText(self.tr("Or join with an invite code:"))
        self.invite_edit.setPlaceholderText("goldnet://…")
        self.join_button.setText(self.tr("Join"))
        self.host_heading.setText(self.tr("Host a table"))
        self.table_name_label.setText(self.tr("Table name"))
        self.table_name_edit.setPlaceholderText(self.default_table_name())
        for option in self.info.options:
            self.host_option_labels[option.name].setText(self.kit.option_title(option.name))
            choices.word_option(self.host_option_combos[option.name], self.kit, option)
        self.host_seats_label.setText(self.tr("Players"))
        others = choices.seat_count(self.host_seats_combo, self.info) - 1
        self.opponent_label.setText(
            self.tr("Other seat") if others == 1 else self.tr("Other seats")
        )
        for i in range(self.opponent_combo.count()):
            level = str(self.opponent_combo.itemData(i) or "")
            if not level:
                text = self.tr("A player who joins") if others == 1 else self.tr("Players who join")
            elif others == 1:
                text = self.tr("%1 on this computer").replace("%1", self.kit.bot_name(level))
            else:
                text = self.tr("Bots on this computer: %1").replace("%1", self.kit.bot_level(level))
            self.opponent_combo.setItemText(i, text)
        self.host_seat_label.setText(self.tr("You play"))
        choices.word_seats(self.host_seat_combo, self.kit)
        self.host_button.setText(self.tr("Host a table"))
        self.copy_invite_button.setText(self.tr("Copy my invite code"))
        self._show_tables()
        self.set_network_state(self.net_state, *self._status)
