"""The start screen, the lobby: who I am, play against bots, play with others, records.

Name, colour and language are remembered in the profile's settings
(:class:`goldnet.profile.Profile`), together with the last bot game's choices (``ui``) and the
last hosted table's (``lobby``).

"Play against a bot" (or bots) sets a game on this computer: the game's table options (each
"at random" first), its seat count when it has several, the bots' level and my seat; a bot of
that level takes every other seat. "Play with others" (:class:`ui.others.PlayWithOthers`, the
network column, which this screen extends) lists the tables on the LAN, joins or watches one,
hosts one, and says what the network is doing; "Records" replays a record or resumes an
interrupted game — a network game or one against bots on this computer, a menu of them when
there are several (:meth:`StartScreen.offer_resume`). This widget only shows and asks:
:class:`ui.lobby.Lobby` does the networking. Each widget has an ``objectName`` to find it by.

The games offered are those with a ui kit (:func:`ui.kits.names`); with more than one, a game
chooser heads the screen. Options, seat counts, bot levels and seats come from the game
registry (:mod:`ui.choices`), their words and the table's preview from the game's kit. Its look
is :data:`ui.style.START_SCREEN`.

The first paint comes first: what is not needed to show the screen — the board's preview (it
builds a table scene and loads the boards) and whatever listens to ``firstPainted`` (the lobby
starts the network thread there) — waits until the screen's first frame is painted.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from goldnet.profile import Profile, ProfileError

from . import choices, kits, style
from .i18n import LANGUAGES
from .others import PlayWithOthers
from .render import mark_random
from .rules import RulesButton

PREVIEW_WIDTH = 220


def _saved(settings: dict[str, Any], key: str) -> dict[str, Any]:
    value = settings.get(key)
    return value if isinstance(value, dict) else {}


class StartScreen(PlayWithOthers):
    """Signals: ``playRequested(dict)`` (:meth:`choices`); ``languageChosen(str)`` ("system",
    "en", "fr"); ``openRecordRequested()``; ``gameChosen(str)``; the lobby's:
    ``hostRequested(dict)`` (:meth:`host_choices`), ``joinCodeRequested(str)`` and
    ``watchCodeRequested(str)`` (the text typed), ``joinTableRequested(TableInfo)``,
    ``watchTableRequested(TableInfo)``, ``copyInviteRequested()``,
    ``cancelNetworkRequested()``, ``resumeRequested(Path)`` (the journal of the interrupted
    game chosen: :meth:`offer_resume`); ``firstPainted()``: the screen's first frame is painted
    (once; work that can wait listens to it)."""

    playRequested = Signal(dict)
    languageChosen = Signal(str)
    openRecordRequested = Signal()
    gameChosen = Signal(str)
    resumeRequested = Signal(object)
    firstPainted = Signal()

    def __init__(self, profile: Profile, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.profile = profile
        saved = profile.settings()
        ui_saved = _saved(saved, "ui")
        offered = kits.names()
        wanted = str(ui_saved.get("game") or "")
        self.game = wanted if wanted in offered else kits.default()
        """The game offered (a registry name)."""
        self.kit = kits.get(self.game)
        self.info = kits.info(self.game)

        self.title = QLabel("goldnet")
        self.title.setStyleSheet("font-size: 34px; font-weight: bold; color: #8a5a16;")
        self.subtitle = QLabel()
        self.subtitle.setStyleSheet("font-size: 15px; color: #5b4a33;")
        self.game_label = QLabel()
        self.game_combo = QComboBox()
        self.game_combo.setObjectName("game")
        for name in offered:
            self.game_combo.addItem("", name)
        choices.select(self.game_combo, self.game)
        game_row = QHBoxLayout()
        game_row.addWidget(self.game_label)
        game_row.addWidget(self.game_combo)
        game_row.addStretch(1)
        self.rules_button = RulesButton(lambda: self.game)
        game_row.addWidget(self.rules_button)
        self.game_label.setVisible(len(offered) > 1)
        self.game_combo.setVisible(len(offered) > 1)

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
            b.setIcon(style.swatch(colour, 22))
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
        # compared in Python: a damaged file's value (a huge number) never reaches Qt
        choices.select(self.language_combo, saved.get("language") or "system")
        me = QFormLayout(self.me_box)
        self.name_label, self.colour_label, self.language_label = QLabel(), QLabel(), QLabel()
        me.addRow(self.name_label, self.name_edit)
        me.addRow(self.colour_label, colours)
        me.addRow(self.language_label, self.language_combo)

        # --- play against bots ---
        self.bot_box = QGroupBox()
        self.bot_form = QFormLayout(self.bot_box)
        self.option_combos: dict[str, QComboBox] = {}
        """The bot game's table options by name."""
        self.option_labels: dict[str, QLabel] = {}
        self.seats_label = QLabel()
        self.seats_combo = QComboBox()
        self.seats_combo.setObjectName("seats")
        self.level_label = QLabel()
        self.level_combo = QComboBox()
        self.level_combo.setObjectName("botLevel")
        self.seat_label = QLabel()
        self.seat_combo = QComboBox()
        self.seat_combo.setObjectName("seat")
        self.play_button = QPushButton()
        self.play_button.setObjectName("playBot")
        self.play_button.setMinimumHeight(40)
        self.play_button.setStyleSheet("font-size: 16px; font-weight: bold;")
        self.preview = QLabel()
        self.preview.setObjectName("boardPreview")
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preview.setMinimumHeight(PREVIEW_WIDTH)
        self.painted = False
        """Whether the first frame is painted (the preview is drawn from then on)."""
        self._paint_watch = _FirstPaint(self)

        # --- play with others: the network column ---
        self.build_network(_saved(saved, "lobby"))

        # --- records: replay a record, resume an interrupted game ---
        self.records_box = QGroupBox()
        self.replay_button = QPushButton()
        self.replay_button.setObjectName("openRecord")
        self.resume_button = QPushButton()
        self.resume_button.setObjectName("resumeGame")
        self.resume_button.setEnabled(False)
        self.resumable: list[tuple[Path, str]] = []
        """The interrupted games offered, newest first: their journals and descriptions."""
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
        outer.addLayout(game_row)
        outer.addSpacing(10)
        outer.addLayout(columns, 1)

        self.play_button.clicked.connect(self._play)
        self.replay_button.clicked.connect(self.openRecordRequested)
        self.resume_button.clicked.connect(self._resume_clicked)
        self.name_edit.editingFinished.connect(self.save)
        self.name_edit.textChanged.connect(
            lambda _: self.table_name_edit.setPlaceholderText(self.default_table_name())
        )
        self.colour_buttons.idClicked.connect(lambda _: self.save())
        self.language_combo.currentIndexChanged.connect(self._language_changed)
        self.game_combo.currentIndexChanged.connect(self._game_changed)
        self.seats_combo.currentIndexChanged.connect(self._seats_changed)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(style.START_SCREEN)
        self._build_game(ui_saved, _saved(saved, "lobby"))
        self.retranslate()
        self.firstPainted.connect(self._update_preview)

    # --- the game's choices ---------------------------------------------------------------

    def _build_game(self, ui_saved: dict[str, Any], lobby_saved: dict[str, Any]) -> None:
        """The rows of both forms for :attr:`game` (saved choices selected where they fit)."""
        info = self.info
        form = self.bot_form
        while form.rowCount():
            form.takeRow(0)  # the widgets are kept or replaced below
        for widget in [*self.option_combos.values(), *self.option_labels.values()]:
            widget.hide()  # the previous game's: gone now, deleted later
            widget.deleteLater()
        self.option_combos, self.option_labels = {}, {}
        for option in info.options:
            combo = choices.option_combo(option, ui_saved.get(option.name), option.name)
            combo.currentIndexChanged.connect(self._update_preview)
            label = QLabel()
            self.option_combos[option.name], self.option_labels[option.name] = combo, label
            form.addRow(label, combo)
            if option is info.options[0]:
                form.addRow(self.preview)
        if not info.options:
            form.addRow(self.preview)
        choices.fill(self.seats_combo, list(info.seats), ui_saved.get("seats"))
        for i in range(self.seats_combo.count()):
            self.seats_combo.setItemText(i, str(self.seats_combo.itemData(i)))
        form.addRow(self.seats_label, self.seats_combo)
        several = len(info.seats) > 1
        self.seats_label.setVisible(several)
        self.seats_combo.setVisible(several)
        choices.fill(
            self.level_combo, info.bot_levels, ui_saved.get("bot", choices.middle_level(info))
        )
        form.addRow(self.level_label, self.level_combo)
        count = choices.seat_count(self.seats_combo, info)
        choices.fill_seats(self.seat_combo, count, ui_saved.get("seat", 0))
        form.addRow(self.seat_label, self.seat_combo)
        form.addRow(self.play_button)
        self.build_host_game(lobby_saved)
        self._update_preview()

    def _game_changed(self) -> None:
        game = str(self.game_combo.currentData())
        if game == self.game or game not in kits.names():
            return
        self.save()
        self.game, self.kit, self.info = game, kits.get(game), kits.info(game)
        settings = self.profile.settings()
        self._build_game(_saved(settings, "ui"), _saved(settings, "lobby"))
        self.retranslate()
        self.gameChosen.emit(game)

    def _seats_changed(self) -> None:
        count = choices.seat_count(self.seats_combo, self.info)
        choices.fill_seats(self.seat_combo, count, self.seat_combo.currentData())
        self.retranslate()

    # --- values ---------------------------------------------------------------------------

    def player_name(self) -> str:
        return self.name_edit.text().strip() or self.tr("You")

    def player_colour(self) -> str:
        button = self.colour_buttons.checkedButton()
        return str(button.property("colour")) if button is not None else style.SEAT_DEFAULTS[0]

    def choices(self) -> dict[str, Any]:
        """The bot game: the ``game``, each option's value by its name (None: drawn at
        random), the ``seats``, the bots' level (``bot``) and my ``seat`` (-1: drawn)."""
        out: dict[str, Any] = {"game": self.game}
        for name, combo in self.option_combos.items():
            out[name] = combo.currentData()
        out["seats"] = choices.seat_count(self.seats_combo, self.info)
        out["bot"] = str(self.level_combo.currentData())
        out["seat"] = int(self.seat_combo.currentData())
        return out

    def save(self) -> None:
        """Remember name, colour, language and the games' choices (other settings kept)."""
        settings = self.profile.settings()
        settings["lobby"] = {**_saved(settings, "lobby"), **self.host_settings()}
        settings["name"] = self.name_edit.text().strip()
        settings["colour"] = self.player_colour()
        settings["language"] = str(self.language_combo.currentData())
        settings["ui"] = {**_saved(settings, "ui"), **self.choices()}
        # Settings are a convenience: the game goes on without them.
        with contextlib.suppress(ProfileError):
            self.profile.save_settings(settings)

    def _painted(self) -> None:
        """The first frame is out: what waited for it may run now."""
        if not self.painted:
            self.painted = True
            self.firstPainted.emit()

    def _update_preview(self) -> None:
        """A small picture of the chosen table (a question mark over it when its first option
        is left to chance); before the first paint, nothing (it is drawn right after)."""
        if not self.painted:
            return
        options = []
        random_first = False
        for i, option in enumerate(self.info.options):
            value = self.option_combos[option.name].currentData()
            if value is None:
                random_first = random_first or i == 0
                value = option.values[0]
            options.append(value)
        ratio = self.devicePixelRatioF()
        image = self.kit.preview(tuple(options), round(PREVIEW_WIDTH * ratio))
        if random_first:
            mark_random(image)
        pixmap = QPixmap.fromImage(image)
        pixmap.setDevicePixelRatio(ratio)
        self.preview.setPixmap(pixmap)

    def _play(self) -> None:
        self.save()
        self.playRequested.emit(self.choices())

    # --- resume -----------------------------------------------------------------------------

    def offer_resume(self, found: Sequence[tuple[Path, str]], available: bool = True) -> None:
        """Offer the interrupted games ``found`` (each game's journal and what it is, newest
        first) — enabled unless ``available`` is False (a network game is under way). With
        several, "Resume" opens a menu of them; its tooltip names each one."""
        self.resumable = list(found)
        menu: QMenu | None = None
        if len(found) > 1:
            menu = QMenu(self.resume_button)
            menu.setObjectName("resumeMenu")
            for path, text in found:
                action = menu.addAction(text)
                action.triggered.connect(lambda _=False, p=path: self.resumeRequested.emit(p))
        old = self.resume_button.menu()
        self.resume_button.setMenu(menu)  # type: ignore[arg-type]  # None: no menu
        if old is not None:
            old.deleteLater()
        tip = "\n".join(text for _, text in found) or self.tr("No interrupted game.")
        self.set_resumable(available and bool(found), tip)

    def _resume_clicked(self) -> None:
        if len(self.resumable) == 1:
            self.resumeRequested.emit(self.resumable[0][0])

    def _language_changed(self) -> None:
        self.save()
        self.languageChosen.emit(str(self.language_combo.currentData()))

    # --- texts ----------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.subtitle.setText(self.kit.tagline())
        self.game_label.setText(self.tr("Game"))
        for i in range(self.game_combo.count()):
            self.game_combo.setItemText(i, kits.title(str(self.game_combo.itemData(i))))
        self.me_box.setTitle(self.tr("You"))
        self.name_label.setText(self.tr("Name"))
        self.name_edit.setPlaceholderText(self.tr("Your name"))
        self.colour_label.setText(self.tr("Colour"))
        self.language_label.setText(self.tr("Language"))
        self.language_combo.setItemText(0, self.tr("System language"))
        one = choices.seat_count(self.seats_combo, self.info) == 2
        self.bot_box.setTitle(
            self.tr("Play against a bot") if one else self.tr("Play against bots")
        )
        for option in self.info.options:
            self.option_labels[option.name].setText(self.kit.option_title(option.name))
            choices.word_option(self.option_combos[option.name], self.kit, option)
        self.seats_label.setText(self.tr("Players"))
        self.level_label.setText(self.tr("Bot") if one else self.tr("Bots"))
        choices.word_levels(self.level_combo, self.kit)
        self.seat_label.setText(self.tr("You play"))
        choices.word_seats(self.seat_combo, self.kit)
        self.play_button.setText(self.tr("Play"))
        self.retranslate_network()
        self.records_box.setTitle(self.tr("Records"))
        self.replay_button.setText(self.tr("Open a record to replay…"))
        self.resume_button.setText(self.tr("Resume an interrupted game"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def sizeHint(self) -> QSize:
        return QSize(900, 600)


class _FirstPaint(QObject):
    """Calls ``screen._painted()`` once, after the event loop finished the frame in which
    ``screen`` was first painted (an event filter on the screen, removed then)."""

    def __init__(self, screen: StartScreen) -> None:
        super().__init__(screen)
        self.screen = screen
        screen.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.screen and event.type() == QEvent.Type.Paint:
            self.screen.removeEventFilter(self)
            QTimer.singleShot(0, self.screen, self.screen._painted)
        return False
