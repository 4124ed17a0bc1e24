"""The desktop window: ``goldnet`` with no sub-command.

:class:`MainWindow` stacks the start screen, the table and the replay viewer, and owns the
network thread (:class:`~ui.network.NetBridge`, started after the first paint, joined when it
closes) and the lobby (:class:`~ui.lobby.Lobby`). It starts games against bots (journalled in
the profile, :mod:`goldnet.botgame`) and resumes them when the lobby's Resume picks one. When
the player closes the window with a game under way, it says that the game is saved and where to
go on with it, and asks (:meth:`MainWindow.ask_to_close`; without blocking). :func:`run` creates
the application, installs the translations (system language unless the profile says otherwise)
and opens the window.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import sys
import weakref
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication, QFileDialog, QMainWindow, QMessageBox, QStackedWidget

from goldnet.profile import ENV_VAR, Profile, ProfileError
from goldnet.rng import Stream

from . import kits, style, texts
from .desktop import start
from .i18n import Translations, resolve
from .lobby import Lobby
from .network import NetBridge
from .start import StartScreen

if TYPE_CHECKING:
    from .controller import GameSetup, PlayController
    from .netgame import NetworkController
    from .replay import ReplayWidget
    from .table import TableWidget


class MainWindow(QMainWindow):
    """Start screen, table and replay in one window."""

    def __init__(
        self,
        profile: Profile | None = None,
        translations: Translations | None = None,
        speed: float = 1.0,
        bot_delay: int = 700,
        host_port: int | None = None,
        probe_timeout: float | None = None,
    ) -> None:
        """``host_port``: where a hosted table listens (``None``: the usual port, or any free one
        if it is taken; 0: any free port); ``probe_timeout``:
        seconds the first connection to a table may take."""
        super().__init__()
        self.profile = profile or Profile()
        if translations is None:
            translations = Translations()
            translations.install(resolve(self.profile.settings().get("language")))
        self.translations = translations
        self.stack = QStackedWidget()
        self.start = StartScreen(self.profile)
        self._table: TableWidget | None = None
        """The table, made when first needed (:attr:`table`) — at the latest just after the
        first paint: its modules (the rules engine's bindings, the lockstep machine, the deck)
        are not what the lobby's first frame needs."""
        self._table_args = (speed, bot_delay)
        self.replay: ReplayWidget | None = None
        self.record_problem: QMessageBox | None = None
        """The last "Cannot replay this record" message (what is wrong with the file)."""
        self.stack.addWidget(self.start)
        self.setCentralWidget(self.stack)
        self._last_choices: dict[str, Any] | None = None
        self.start.playRequested.connect(self.play)
        self.start.languageChosen.connect(self.set_language)
        self.start.gameChosen.connect(lambda _game: self.retranslate())
        self.start.openRecordRequested.connect(self.open_record)
        # The network thread: started by the lobby after the first paint, joined when the
        # window closes — or, should the window be dropped without closing, when it is collected.
        self.bridge = NetBridge.from_environment(
            self.profile, port=host_port, probe_timeout=probe_timeout
        )
        self.lobby = Lobby(self.start, self.profile, self.bridge, bot_delay=bot_delay)
        self.lobby.gameStarted.connect(self.play_network)
        self.lobby.resumeLocal.connect(self.resume_bot_game)
        self._close_confirmed = False
        """The player said to close the window although a game was under way."""
        self.close_question: QMessageBox | None = None
        """The question asked when the player closes the window mid-game, while it is open."""
        self._finalizer = weakref.finalize(self, self.bridge.shutdown)
        self.start.firstPainted.connect(lambda: self.table)  # ready before the first click
        self.resize(1280, 860)
        self.retranslate()

    @property
    def table(self) -> TableWidget:
        """The table (made on first use: see ``_table``)."""
        if self._table is None:
            from .table import TableWidget

            speed, bot_delay = self._table_args
            table = TableWidget(speed=speed, bot_delay=bot_delay)
            table.set_speed(self.profile.settings().get("pace"))
            self.stack.addWidget(table)
            table.leaveRequested.connect(self.show_start)
            table.rematchRequested.connect(self.rematch)
            table.openRecordRequested.connect(self.open_record)
            table.paceChosen.connect(self._save_pace)
            table.rehostRequested.connect(self.lobby.rehost)
            self._table = table
        return self._table

    def setup_for(self, choices: dict[str, Any], seed: int | None = None) -> GameSetup:
        """A game against bots from the start screen's choices (:meth:`StartScreen.choices`:
        ``game`` — default the start screen's —, an option's value by its name, None (or any
        value the option does not have) to draw it; ``seats`` — default the fewest the game
        has —; the bots' level; my seat, -1 to draw it); whatever is left to chance is drawn
        here, options first, then the seat. A bot of the level takes every other seat."""
        from .controller import GameSetup

        seed = secrets.randbits(48) if seed is None else seed
        draw = Stream(seed, "setup")
        game = str(choices.get("game") or self.start.game)
        info = kits.info(game)
        options = tuple(
            choices[o.name]
            if choices.get(o.name) in o.values
            else o.values[draw.below(len(o.values))]
            for o in info.options
        )
        count = int(choices.get("seats") or info.seats[0])
        seat = int(choices.get("seat", -1))
        seat = seat if 0 <= seat < count else draw.below(count)
        me, my_colour = self.start.player_name(), self.start.player_colour()
        bots = self.lobby.bot_names(game, choices["bot"], count - 1)
        names = tuple([*bots[:seat], me, *bots[seat:]])
        colours = style.seat_colours(count, my_colour, seat)
        return GameSetup(game, options, seat, choices["bot"], names, colours, seed)

    def play(self, choices: dict[str, Any], seed: int | None = None) -> None:
        if self.lobby.link is not None:  # hosting or joining meanwhile: stop that
            self.lobby.cancel()
        self._last_choices = dict(choices)
        self.stack.setCurrentWidget(self.table)
        self.table.start_game(self.setup_for(choices, seed), profile=self.profile)

    def resume_bot_game(self, path: Path) -> None:
        """Go on with the game against bots of journal ``path``, with the same bots at the
        same seats; a game that cannot be resumed is explained (the detail on demand)."""
        if self.lobby.link is not None:  # hosting or joining meanwhile: stop that
            self.lobby.cancel()
        if self._table is not None:
            self._table.stop()  # a game it still shows holds its own journal
        from goldnet.botgame import BotGame, BotGameError
        from goldnet.net.journal import JournalError

        from .controller import GameSetup

        try:
            game = BotGame.resume(path, self.profile.identity, self.profile.folder)
        except (BotGameError, JournalError, ProfileError) as exc:
            self._cannot_resume(str(exc))
            return
        if game.game not in kits.names():
            game.close()
            self._cannot_resume(texts.cannot_show(kits.title(game.game)))
            return
        info = kits.info(game.game)
        level = next(level for level in game.levels if level)
        seat, count = game.human, len(game.names)
        colours = style.seat_colours(count, self.start.player_colour(), seat)
        setup = GameSetup(game.game, game.options, seat, level, game.names, colours, 0)
        self._last_choices = {o.name: v for o, v in zip(info.options, game.options, strict=True)}
        self._last_choices.update(game=game.game, seats=count, bot=level, seat=seat)
        self.stack.setCurrentWidget(self.table)
        self.table.start_game(setup, game=game)

    def _cannot_resume(self, detail: str) -> None:
        box = QMessageBox(
            QMessageBox.Icon.Warning, self.tr("Cannot resume this game"), "", parent=self
        )
        box.setObjectName("cannotResume")
        box.setText(self.tr("This game cannot be resumed."))
        box.setInformativeText(
            self.tr("It may be open in another goldnet window, or its journal may be damaged.")
        )
        box.setDetailedText(detail)
        box.open()
        self.lobby.refresh_resume()

    def play_network(self, controller: NetworkController) -> None:
        """A network game started (from the lobby): show it at the table."""
        self.stack.setCurrentWidget(self.table)
        self.table.start_network(controller)
        controller.rematchChanged.connect(self._rematch_news)

    def _rematch_news(self, kind: str, value: Any) -> None:
        """The rematch this member accepted opens: leave the finished table, join the new."""
        if kind != "rematch-table":
            return
        invite, game, options, members = value
        link = self.lobby.link
        self.show_start()
        join = partial(self.lobby.join_rematch, invite, (game, options, members))
        if link is None or link.is_closed:
            join()
        else:
            link.closed.connect(join)

    def rematch(self) -> None:
        """The same game again: against bots on this computer, a new game of the same choices;
        at a network table of this player and bots of this process, a new table of the same
        seats, hosted once the finished one has closed (its service holds the profile)."""
        c = self.table.controller
        if c is not None and c.over_network:
            from .netgame import NetworkController

            if not isinstance(c, NetworkController) or not c.can_rematch:
                return
            if not c.bots_only:  # people at the table: offered to them (ui.rematch)
                c.offer_rematch()
                return
            choices = c.rematch_choices()
            choices["table_name"] = self.start.host_choices()["table_name"]
            link = self.lobby.link
            self.show_start()
            if link is None or link.is_closed:
                self.lobby.host(choices)
            else:
                link.closed.connect(partial(self.lobby.host, choices))
            return
        if self._last_choices is not None:
            self.play(self._last_choices)

    def show_start(self) -> None:
        if self._table is not None:
            self._table.stop()
        self.lobby.leave()
        self.lobby.refresh_resume()  # a game left mid-way can be resumed
        self.stack.setCurrentWidget(self.start)

    def open_record(self, path: str | None = None) -> None:
        """Ask for a record file (unless given) and replay it."""
        if path is None:
            records = self.profile.folder / "records"  # where finished games are saved
            path, _ = QFileDialog.getOpenFileName(
                self,
                self.tr("Open a record"),
                str(records if records.is_dir() else self.profile.folder),
                self.tr("goldnet records (*.goldnet)"),
            )
            if not path:
                return
        from .replay import ReplayError, ReplayWidget, problem_box

        try:
            widget = ReplayWidget.from_file(Path(path))
        except ReplayError as exc:
            self.record_problem = problem_box(exc, path, self)
            self.record_problem.open()  # window-modal, returns at once
            return
        if self.replay is not None:
            self.stack.removeWidget(self.replay)
            self.replay.deleteLater()
        self.replay = widget
        widget.leaveRequested.connect(self.show_start)
        self.stack.addWidget(widget)
        self.stack.setCurrentWidget(widget)

    def _save_pace(self, speed: str) -> None:
        """Keep the speed of the other seats' turns in the profile's settings (``"pace"``)."""
        settings = self.profile.settings()
        settings["pace"] = speed
        with contextlib.suppress(ProfileError):  # a convenience: the game goes on without it
            self.profile.save_settings(settings)

    def set_language(self, setting: str) -> None:
        self.translations.install(resolve(setting))

    def retranslate(self) -> None:
        self.setWindowTitle(texts.arg(self.tr("goldnet — %1"), self.start.kit.title()))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            if hasattr(self, "lobby"):  # the interrupted games, in the new language
                self.lobby.refresh_resume()
        super().changeEvent(event)

    def shutdown(self) -> None:
        """Stop the game and the network thread (joined); idempotent."""
        if self._table is not None:
            self._table.stop()
            self._table.dealer.join()  # a deal under way: its game closed, nothing left open
        self.lobby.shutdown()

    def game_under_way(self) -> PlayController | None:
        """The game the player has a seat in and that has not ended, if the table shows one."""
        table = self._table
        c = table.controller if table is not None else None
        if self.stack.currentWidget() is not table or c is None or c.spectating:
            return None
        return None if c.phase in ("over", "stopped") else c

    def ask_to_close(self) -> bool:
        """The player closes the window: with a game under way, say what becomes of it and ask
        (without blocking: the window closes if they confirm). Returns whether it asked."""
        c = self.game_under_way()
        if c is None or self._close_confirmed:
            return False
        if self.close_question is not None:
            self.close_question.raise_()
            return True
        from .game_controller import GameController

        unsaved = isinstance(c, GameController) and bool(c.unsaved)
        stopped = isinstance(c, GameController) and bool(c.game.unsaved)
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Leave the game?"), "", parent=self)
        box.setObjectName("closeQuestion")
        if stopped:  # saving stopped mid-game: the journal holds the game up to there
            box.setText(
                self.tr(
                    "This game is no longer saved: if you close the window, it resumes from "
                    "where saving stopped, not from here."
                )
            )
        elif unsaved:
            box.setText(self.tr("This game is not saved: if you close the window, it is lost."))
        else:
            box.setText(
                self.tr(
                    "Your game is saved: “Resume an interrupted game” on the start screen goes "
                    "on with it."
                )
            )
        if not isinstance(c, GameController) and self.lobby.hosted:
            box.setInformativeText(
                self.tr(
                    "Your table closes with the window: the other players wait for you to open "
                    "it again, or one of them hosts it anew."
                )
            )
        close = box.addButton(self.tr("Close goldnet"), QMessageBox.ButtonRole.AcceptRole)
        keep = box.addButton(self.tr("Keep playing"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        close.setObjectName("closeAnyway")
        keep.setObjectName("keepPlaying")
        box.finished.connect(lambda _result: self._answered(box.clickedButton() is close))
        self.close_question = box
        box.open()
        return True

    def _answered(self, close: bool) -> None:
        box, self.close_question = self.close_question, None
        if box is not None:
            box.deleteLater()
        if close:
            self._close_confirmed = True
            self.close()

    def closeEvent(self, event: QCloseEvent) -> None:
        # Only the player's own close (the window's close button) is asked about: a program
        # closing its window (tests, the system's session end) closes it.
        if event.spontaneous() and self.ask_to_close():
            event.ignore()
            return
        self.shutdown()
        super().closeEvent(event)


def has_display() -> bool:
    """Whether Qt can open a window here (an explicit platform counts as yes)."""
    if os.environ.get("QT_QPA_PLATFORM") or sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def run(argv: Sequence[str] | None = None, profile: str | None = None) -> int:
    """Open the window and run until it is closed; returns the exit status."""
    if not has_display():
        print(
            "goldnet: no display found: run it in a desktop session "
            "(or set QT_QPA_PLATFORM=offscreen to try it headless)",
            file=sys.stderr,
        )
        return 2
    app = QApplication.instance() or QApplication(list(argv or ["goldnet"]))
    app.setApplicationName("goldnet")
    prof = Profile(profile)
    desktop = start(prof.folder, default_profile=not (profile or os.environ.get(ENV_VAR)))
    if desktop is None:
        print(
            "goldnet: this profile is open in another goldnet window: brought it forward",
            file=sys.stderr,
        )
        return 0
    try:
        window = MainWindow(prof)
        desktop.attach(window)
        window.show()
        desktop.offer_crash_reports(window)
        return int(app.exec())
    except Exception as exc:  # out of the window itself: reported before the hook is undone
        desktop.report(type(exc), exc, exc.__traceback__)
        raise
    finally:
        desktop.close()
