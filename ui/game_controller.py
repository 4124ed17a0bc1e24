"""The controller of a game against bots on this computer: :class:`GameController`.

It is a :class:`ui.controller.PlayController` (same signals, intents, tentative actions and
Undo, pacing: see :mod:`ui.controller`); what it adds is where the other seats' moves come
from and what Confirm does.

Against bots the controller plays a :class:`goldnet.botgame.BotGame` (whatever the number of
seats: the player takes one, a bot of the chosen level each of the others): a lockstep game
whose members all live in this process, chance from the beacon as at a network table,
journalled in the profile as a network game is — so closing the window loses nothing, Resume
goes on with it (:meth:`BotGame.resume <goldnet.botgame.BotGame.resume>`, the earlier turns
back in the log), and the finished game's record is saved where network records are. The
controller shows the player's views of the game's steps through the pacer (below); when a bot
is on turn it chooses at once, from its own view, in a worker thread (the strong bot takes up
to ~0.2 s), so the window never freezes, and its move is played when the display reaches it. Claims
(inputs of seats not on turn) are not offered to the player at the desktop table yet; the bots
make theirs, as network bots do.

Invariants:

- The game's own rules state (``game.state``) is never changed by a try: ``trial`` is that
  state, and every try clones it; only :meth:`GameController.confirm` (the player's actions, in
  order) and a bot's chosen move (when the display reaches it) play into the game.
- A bot's choice is asked with a token; a choice or a queued step whose token is no longer the
  controller's (the game moved on, or was shut down) is dropped, never played.
- Chance never waits for a click: Confirm plays the chained choices up to the next die or
  reveal, which the game draws from the beacon as at a network table.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from functools import partial

from PySide6.QtCore import QObject, QThread, Signal, Slot

from goldnet.botgame import BotGame
from goldnet.engine import Action, Bot, GameState, Terminal
from goldnet.profile import Profile
from goldnet.view import View, bot_action, view_of
from protocol.errors import LocalProtocolError

from . import kits, texts
from .controller import GameSetup, PlayController
from .dealing import new_game
from .pacer import DEFAULT_SPEED, Pace

log = logging.getLogger("goldnet.ui.controller")


class _BotWorker(QObject):
    """Runs the bot's choice off the GUI thread."""

    chosen = Signal(object, int)

    @Slot(object, object, int)
    def choose(self, bot: Bot, view: View, token: int) -> None:
        self.chosen.emit(bot_action(bot, view), token)


class GameController(PlayController):
    """One game against bots on this computer: a :class:`~goldnet.botgame.BotGame` at the
    table (module docstring).

    Signals (besides :class:`PlayController`'s):
        recordSaved(str): the finished game's record was saved at this path.
        stopped(str): the game cannot go on (the message, in plain words).
    """

    recordSaved = Signal(str)
    stopped = Signal(str)
    _ask = Signal(object, object, int)
    can_chain = True

    def __init__(
        self,
        setup: GameSetup,
        parent: QObject | None = None,
        bot_delay: int = 700,
        state: GameState | None = None,
        *,
        game: BotGame | None = None,
        profile: Profile | None = None,
        unsaved: str = "",
    ) -> None:
        """``game``: a game to go on with (:meth:`BotGame.resume`); else a new game of the
        setup, journalled in ``profile`` (default: the default profile) — from the position
        ``state`` when given (a test's: neither journalled nor recorded), made here on the
        calling thread (the table deals a new game in a worker: :mod:`ui.dealing`);
        ``unsaved``: why ``game`` is not journalled ("" when it is); ``bot_delay``: the
        think time of the normal pace (ms, 0: nothing held) until the table sets its own
        (:mod:`ui.pacer`).

        Raises:
            ValueError: options, seats or bot level the game does not have.
        """
        self.unsaved = unsaved
        """Why this game is not journalled ("" when it is, or starts from a given position): at
        its start, or since saving stopped mid-game (:meth:`_saving_stopped`)."""
        if game is None:
            game, self.unsaved = new_game(setup, state, profile or Profile())
        self.game = game
        """The game: its members, journal and record (the views are made from it)."""
        views = game.take_views()
        if game.past or not views:
            first = view_of(game.state, setup.human)
        else:
            first = views.pop(0)  # the game's start
        self._pending = views
        """The views of the game's first steps, shown by :meth:`start`."""
        super().__init__(setup.human, setup.game, first, parent)
        self.setup = setup
        claimer = getattr(self.kit, "claimer", None)  # optional: a game with claims
        if claimer is not None and game.claimer is None:
            game.claimer = claimer()
        self.pacer.pace = Pace.of(DEFAULT_SPEED, bot_delay)
        self._token = 0
        self._thread = QThread()
        self._worker = _BotWorker()
        self._worker.moveToThread(self._thread)
        self._ask.connect(self._worker.choose)
        self._worker.chosen.connect(self._bot_chose)
        self._thread.start()

    @property
    def state(self) -> GameState:
        """The player's rules state in the game (read it; tries clone it)."""
        return self.game.state

    @property
    def names(self) -> tuple[str, ...]:
        """Every seat's name as shown: the bots' in the player's language
        (:func:`ui.kits.seat_name`; the names signed are ``setup.names``)."""
        return kits.seat_names(self.setup.game, self.setup.names)

    def is_bot(self, seat: int) -> bool:
        return seat != self.human

    # --- lifecycle ----------------------------------------------------------------------

    def start(self) -> None:
        """Show the board as the game stands — after a resume, with the earlier turns in the
        log — and go on."""
        self.shown.emit(self.obs, [])
        if self.game.past:
            self.show_past(self.game.past)
            self.logged.emit(texts.goes_on_from(self.kit.turn_number(self.obs)))
        if self.unsaved:
            self.logged.emit(self.unsaved)
        views, self._pending = self._pending, []
        self._take(views)

    def shutdown(self) -> None:
        """Stop the bots' thread and the display, and leave the game (its journal is closed:
        it can be resumed); call before dropping the controller."""
        self._token += 1
        self.pacer.clear()
        self._thread.quit()
        self._thread.wait(5000)
        self.game.close()

    # --- the game's steps, at the table's pace ----------------------------------------------

    def _take(self, views: Sequence[View] = ()) -> None:
        """Queue the views of what the game just did on the pacer (``views`` first), then what
        comes next: the end, the player's turn once everything before is shown, or a bot's
        choice — asked at once, played when the display reaches it."""
        game = self.game
        self._saving_stopped()
        for view in [*views, *game.take_views()]:
            mine = any(seat == self.human for seat, _ in view.moves)
            self._present(view, animate=not mine)  # my move: shown while it waited
        token = self._token
        due = game.bot_turn()
        if game.halted is not None:
            self.pacer.add(partial(self._stopped, game.halted, token), name="stopped")
        elif game.result is not None:
            self.pacer.add(partial(self._over, game.result, token), name="over")
        elif due is not None:
            self._set_phase("bot")
            self._token += 1
            seat, view = due
            self._ask.emit(game.bot(seat), view, self._token)
        else:
            self.pacer.add(partial(self._human_turn, token), name="human")

    def _saving_stopped(self) -> None:
        """The game's journal could not be written (a full disk): play goes on, unsaved; say so
        once, in the player's language (the system's reason goes to the log file)."""
        if not self.game.unsaved or self.unsaved:
            return
        log.warning("this game is no longer saved: %s", self.game.unsaved)
        self.unsaved = self.tr(
            "This game can no longer be saved (the disk is full or cannot be written): play "
            "goes on; if the window closes, it resumes from where saving stopped."
        )
        self.logged.emit(self.unsaved)

    def _over(self, result: Terminal, token: int) -> None:
        if token != self._token:
            return
        self._set_phase("over")
        self.finished.emit(result)
        if self.game.record is not None:
            self.recordSaved.emit(str(self.game.record))

    def _stopped(self, reason: str, token: int) -> None:
        if token == self._token:
            self._set_phase("stopped")
            self.stopped.emit(texts.arg(self.tr("This game cannot go on: %1"), reason))

    def _human_turn(self, token: int) -> None:
        """Everything before is shown: the human plays."""
        if token != self._token:
            return
        self._legal = set(self.view.legal)
        self.trial = self.game.state  # tries clone it: the game's own state is never touched
        self._set_phase("human")

    @Slot(object, int)
    def _bot_chose(self, action: Action, token: int) -> None:
        if token != self._token or self.phase != "bot":
            return
        self.pacer.add(partial(self._play_bot, action, token), name="bot")

    def _play_bot(self, action: Action, token: int) -> None:
        if token != self._token or self.phase != "bot":
            return
        due = self.game.bot_turn()
        if due is None:
            return
        try:
            self.game.play(due[0], action)
        except LocalProtocolError as exc:  # a bot's bug: its move is not the rules'
            log.error("the bot of seat %d played %r: %s", due[0], action, exc)
            self._stopped(str(exc), token)
            return
        self._take()

    def confirm(self) -> None:
        """Play the tentative actions, in order; the turn goes on (or passes)."""
        if self.phase != "confirm" or self.tentative is None or self.human is None:
            return
        actions = [action for action, _, _ in self.chain]
        played = 0
        try:
            for action in actions:
                self.game.play(self.human, action)
                played += 1
        except LocalProtocolError:  # the rules took it on a clone: not expected
            self.tentative = None
            if played:  # the game moved on: show where it is
                self.trial = None
                self.hintChanged.emit(texts.move_not_taken())
                self._set_phase("bot")
                self._take()
                return
            self.lastMoveChanged.emit(self.last_move)
            self.shown.emit(self.observation(), [])
            self.hintChanged.emit(texts.move_not_taken())
            self._set_phase("human")
            return
        self.tentative = None
        self.trial = None
        self._set_phase("bot")  # the turn is over: the game moves on
        self._take()
