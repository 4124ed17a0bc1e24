"""The deal of a new game against bots, off the GUI thread: :class:`Dealer`.

Making a :class:`~goldnet.botgame.BotGame` runs the game's start among all its members — the
beacon's first commitments and, for a game with cards, the deck protocol's deal (a Golden City
table of 3 seats takes most of a second of CPU, of 6 seats twice that). The window must not
freeze meanwhile, so :meth:`Dealer.deal` makes the game in a worker thread and hands it to the
GUI thread by a queued signal (``dealt``); the table shows "Dealing…" until then. A deal that
fails hands its message instead (``failed``), in the player's words.

Invariants:

- The game is made in the worker and only *handed* to the GUI thread: the worker keeps no
  reference to it once ``dealt`` is emitted, so it is used from one thread at a time (a
  :class:`~goldnet.botgame.BotGame` is not thread-safe).
- Each deal carries a token; a deal whose token is no longer the dealer's (the table started
  another game, or was stopped) is closed when it arrives — its journal deleted, since nobody
  moved — and never shown.
- A deal that fails for a reason the player can act on (options, the profile, the disk) is
  only told; any other exception is a bug, also written as a crash report of the run
  (:func:`goldnet.diagnostics.report_uncaught`).
- :meth:`Dealer.join` cancels the deal and waits for every worker (the window joins them when
  it closes): no deal outlives the window, and none leaves a journal open.
"""

from __future__ import annotations

import logging
import threading

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from goldnet import diagnostics
from goldnet.botgame import BotGame
from goldnet.engine import GameState
from goldnet.net.journal import JournalError
from goldnet.profile import Profile, ProfileError
from protocol.identity import Identity

from .controller import GameSetup

log = logging.getLogger("goldnet.ui.dealing")


class Dealer(QObject):
    """Deals new games against bots in a worker thread (module docstring).

    Signals (queued to the thread the dealer lives in):
        dealt(object, str, int): the game (a :class:`BotGame`), why it is not saved ("" when it
            is), the deal's token.
        failed(str, int): why the game could not be made (plain words), the deal's token.
    """

    dealt = Signal(object, str, int)
    failed = Signal(str, int)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.token = 0
        """The current deal's token (a deal with another one is stale)."""
        self._threads: list[threading.Thread] = []
        self.dealt.connect(self._drop_stale)

    def deal(self, setup: GameSetup, state: GameState | None, profile: Profile) -> int:
        """Start dealing a new game of ``setup`` (from the position ``state`` when given),
        journalled in ``profile``; returns the deal's token. A deal still running is made
        stale (its game closed when it is made)."""
        self.token += 1
        token = self.token
        thread = threading.Thread(
            target=self._work, args=(setup, state, profile, token), name="goldnet-deal"
        )
        self._threads = [t for t in self._threads if t.is_alive()]
        self._threads.append(thread)
        thread.start()
        return token

    def cancel(self) -> None:
        """The current deal is no longer wanted: its game is closed when it is made."""
        self.token += 1

    def join(self, timeout: float = 30.0) -> None:
        """Cancel the deal and wait (at most ``timeout`` seconds each) for the workers to end;
        a stale game they handed on meanwhile is closed here."""
        self.cancel()
        for thread in self._threads:
            thread.join(timeout)
        self._threads = [t for t in self._threads if t.is_alive()]
        QCoreApplication.sendPostedEvents(self)

    def _work(
        self, setup: GameSetup, state: GameState | None, profile: Profile, token: int
    ) -> None:
        try:
            game, unsaved = new_game(setup, state, profile)
        except Exception as exc:  # any failure (a bug too) reaches the player as words
            log.exception("the deal of a game against bots failed")
            if not isinstance(exc, ValueError | OSError | ProfileError | JournalError):
                where = f"thread {threading.current_thread().name}: dealing a game"
                diagnostics.report_uncaught(type(exc), exc, exc.__traceback__, where)  # a bug
            self.failed.emit(str(exc) or type(exc).__name__, token)
            return
        if token != self.token:  # stale already: nobody will show it
            game.close()
            return
        self.dealt.emit(game, unsaved, token)

    def _drop_stale(self, game: BotGame, _unsaved: str, token: int) -> None:
        if token != self.token:
            game.close()  # nobody moved: its journal goes too


def new_game(setup: GameSetup, state: GameState | None, profile: Profile) -> tuple[BotGame, str]:
    """A new game of ``setup`` (from the position ``state``, if given), journalled in
    ``profile``; when the profile cannot hold it, played anyway, with why it is not saved.
    Runs in any thread (no Qt object is touched; translating is thread-safe).

    Raises:
        ValueError: options, seats or bot level the game does not have.
    """
    levels = [setup.bot if seat != setup.human else "" for seat in range(len(setup.names))]
    args = (setup.game, setup.options, setup.names, setup.human, levels)
    try:
        identity = profile.identity
        return BotGame.new(*args, identity, folder=profile.folder, start=state), ""
    except (ProfileError, JournalError) as exc:
        log.warning("this game is not saved: %s", exc)
        unsaved = QCoreApplication.translate(
            "GameController",
            "This game is not saved: if the window closes, it cannot be resumed.",
        )
        return BotGame.new(*args, Identity.generate(), folder=None, start=state), unsaved


def cannot_deal(parent: QWidget, message: str) -> QMessageBox:
    """Tell the player that a new game could not be made, and why (``message``, the detail);
    the box is opened without blocking (object name ``cannotDeal``)."""
    title = QCoreApplication.translate("Dealer", "Cannot start this game")
    box = QMessageBox(QMessageBox.Icon.Warning, title, "", parent=parent)
    box.setObjectName("cannotDeal")
    box.setText(QCoreApplication.translate("Dealer", "This game could not be dealt."))
    box.setInformativeText(message)
    box.open()
    return box
