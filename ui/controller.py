"""The controllers of a table: intents in, actions out.

:class:`PlayController` is what every table controller shares; :class:`GameController` plays
against a bot on this machine, :class:`ui.netgame.NetworkController` over the network (same
signals, so :class:`ui.table.TableWidget` works with either).

The table draws **views** (:class:`goldnet.view.View`): the seat's observation, its legal
actions, the events since the previous view. A controller holds the last one (``view``; its
observation is ``obs``) and, while its seat is on turn, ``trial``: a rules state of that seat's
own to try moves on — never anything else of the game. The scene reports clicks and hovers;
the game's kit (:mod:`ui.kits`, :meth:`~ui.kits.Kit.moves`) turns them into the game's actions
from the committed observation, and the controller tries them — it holds no rules of its own.
Whether an action is legal comes from the view's legal actions (for the kit's hover preview)
and from applying it to a clone of ``trial``, which raises
:class:`~goldnet.engine.IllegalAction` with a refusal code that becomes the visible hint in the
player's language (the kit's :meth:`~ui.kits.Kit.refusal`).

Undo before Confirm is local: a legal action is applied to a *clone* of ``trial``, the table
shows the clone, Undo drops it, Confirm sends it (over the network) or plays it (against a bot).
(In Mountains & Rivers a bury and its shovel transfer are one action, so they are undone
together.)

Against bots the controller plays a :class:`goldnet.botgame.BotGame` (whatever the number of
seats: the player takes one, a bot of the chosen level each of the others): a lockstep game
whose members all live in this process, chance from the beacon as at a network table,
journalled in the profile as a network game is — so closing the window loses nothing, Resume
goes on with it (:meth:`BotGame.resume <goldnet.botgame.BotGame.resume>`, the earlier turns
back in the log), and the finished game's record is saved where network records are. The
controller shows the player's views of the game's steps in order (pausing ``bot_delay / 2``
after another seat's move) and, once every step is shown, settles the phase: the player's
turn, or a bot's — each bot chooses from its own view in a worker thread (the strong bot takes
up to ~0.2 s), so the window never freezes, and its move is played ``bot_delay`` later. Claims
(inputs of seats not on turn) are not offered to the player at the desktop table yet; the bots
make theirs, as network bots do.

The controller's seat is ``human``; ``None`` is a spectator's (a network game watched
read-only: every click is answered with a hint, nothing is ever tried or sent).

Phases: ``"bot"`` (another seat's turn: a bot's, or another player's over the network),
``"human"`` (waiting for clicks), ``"confirm"`` (a tentative action waits for Confirm or Undo),
``"over"``; a network game adds ``"waiting"`` (for the game to start, or for the tiles) and
``"sending"`` (a confirmed move on its way) and ``"stopped"`` (the network game cannot go on).
"""

from __future__ import annotations

import itertools
import logging
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QThread, QTimer, Signal, Slot

from goldnet.botgame import BotGame
from goldnet.engine import Action, Bot, Event, GameState, IllegalAction, Terminal, TurnOf
from goldnet.net.journal import JournalError
from goldnet.profile import Profile, ProfileError
from goldnet.view import View, bot_action, view_of
from protocol.errors import LocalProtocolError
from protocol.identity import Identity

from . import kits, texts

log = logging.getLogger("goldnet.ui.controller")


@dataclass(frozen=True)
class GameSetup:
    """A game against bots: the game (a registry name), its table options (e.g. ``(board,)``),
    the human's seat, the bots' level (one of the game's ``bot_levels``; a bot of it takes
    every other seat), the names and colours of every seat (as many as the table has seats)
    and the seed the setup's random choices were drawn from (chance itself is the beacon's)."""

    game: str
    options: tuple[Any, ...]
    human: int
    bot: str
    names: tuple[str, ...]
    colours: tuple[str, ...]
    seed: int


class _BotWorker(QObject):
    """Runs the bot's choice off the GUI thread."""

    chosen = Signal(object, int)

    @Slot(object, object, int)
    def choose(self, bot: Bot, view: View, token: int) -> None:
        self.chosen.emit(bot_action(bot, view), token)


class PlayController(QObject):
    """Clicks and hovers into actions, the tentative action, Undo (see the module docstring);
    subclasses decide where the other seat's moves come from and what Confirm does.

    Signals:
        shown(observation, list[Event]): show this observation, animating these events.
        phaseChanged(): whose turn, selection or tentative action changed (refresh status).
        hintChanged(str): a refused click explained ("" clears the hint).
        logged(str): a line for the turn log.
        previewChanged(object, bool): what to preview (the kit's targets, or None), legal.
        selectionChanged(object): the selected target (a first marker), or None.
        finished(object): the game is over (a :class:`~goldnet.engine.Terminal`).
    """

    shown = Signal(object, object)
    phaseChanged = Signal()
    hintChanged = Signal(str)
    logged = Signal(str)
    previewChanged = Signal(object, bool)
    selectionChanged = Signal(object)
    finished = Signal(object)

    can_rematch = True
    """Whether the end screen offers a rematch."""

    def __init__(
        self, human: int | None, game: str, view: View, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.kit = kits.get(game)
        """The game's ui kit."""
        self.moves = self.kit.moves(self)
        """The kit's click handling."""
        self.human = human
        """This player's seat (``None``: a spectator)."""
        self.view = view
        """The last view of this seat: what the table shows when nothing is tried."""
        self.trial: GameState | None = None
        """While this seat is on turn: a rules state of its own, cloned for each move tried."""
        self.tentative: tuple[Action, GameState, list[Event]] | None = None
        self.selection: Any = None
        self.phase = "bot"
        self._legal: set[Action] = set()

    @property
    def names(self) -> tuple[str, ...]:
        """Every seat's name, in seat order."""
        raise NotImplementedError

    @property
    def spectating(self) -> bool:
        """A spectator's table: read-only."""
        return self.human is None

    def playing_seat(self) -> int | None:
        """The seat the game waits for now: the one on turn, or the one chance is drawn for
        (the kit's ``active_seat``); ``None`` once over."""
        awaiting = self.view.awaiting
        if isinstance(awaiting, TurnOf):
            return awaiting.seat
        if isinstance(awaiting, Terminal):
            return None
        return self.kit.active_seat(self.obs)

    def playing_name(self) -> str:
        """The name of :meth:`playing_seat` ("" when none)."""
        seat = self.playing_seat()
        names = self.names
        return names[seat] if seat is not None and 0 <= seat < len(names) else ""

    def start(self) -> None:
        raise NotImplementedError

    def shutdown(self) -> None:
        """Stop whatever runs for this game (call before dropping the controller)."""

    def confirm(self) -> None:
        raise NotImplementedError

    def observation(self) -> Any:
        """What the table shows now: the tentative position while one waits for Confirm (as
        the kit shows it: in Mountains & Rivers, with the roll that was used), else the
        committed one."""
        if self.tentative is None:
            return self.obs
        return self.kit.tentative_observation(self.obs, self.tentative[1])

    @property
    def obs(self) -> Any:
        """The observation of the last view (the committed position, as this seat sees it)."""
        return self.view.observation

    def log(self, events: list[Event] | tuple[Event, ...], turn: Any) -> None:
        """Log the lines of ``events`` (``turn``: the kit's ``turn_of`` the position before)."""
        for line in self.kit.log_lines(events, self.names, turn):
            self.logged.emit(line)

    def log_past(self, past: Sequence[View]) -> None:
        """Log the earlier turns of a game resumed from its journal: ``past``, this seat's views
        of the steps played before (the game's start first), each logged as it was."""
        for before, after in itertools.pairwise(past):
            self.log(after.events, self.kit.turn_of(before.observation))

    def _set_phase(self, phase: str) -> None:
        self.phase = phase
        self.phaseChanged.emit()

    # --- intents from the table -----------------------------------------------------------

    def click(self, target: Any) -> None:
        """A click on ``target`` (what the scene's ``clicked`` gave: a field)."""
        if self.phase in ("over", "stopped"):
            self.hintChanged.emit(texts.game_over())
            return
        if self.spectating:
            self.hintChanged.emit(texts.only_watching())
            return
        if self.phase == "confirm":
            self.hintChanged.emit(texts.confirm_first())
            return
        if self.phase == "bot":
            self.hintChanged.emit(texts.not_your_turn(self.playing_name()))
            return
        if self.phase != "human":  # a network game: starting, throwing, or sending a move
            self.hintChanged.emit(texts.wait_a_moment())
            return
        self.moves.click(target)

    def hover(self, target: Any) -> None:
        """The pointer is over ``target`` (the kit says how it left the board): preview."""
        if self.phase != "human":
            self.previewChanged.emit(None, True)
            return
        self.moves.hover(target)

    def cancel(self) -> None:
        """Right click or Escape: drop the selected first marker."""
        if self.selection is not None:
            self._select(None)

    def _select(self, target: Any) -> None:
        """Select ``target`` (None: nothing) as the start of a move."""
        self.selection = target
        self.selectionChanged.emit(target)
        self.previewChanged.emit((target,) if target is not None else None, True)
        self.hintChanged.emit("")
        self.phaseChanged.emit()

    def _try(self, action: Action) -> None:
        if self.trial is None:  # not on turn (a click raced the turn's end)
            self.hintChanged.emit(texts.wait_a_moment())
            return
        trial = self.trial.clone()
        try:
            events = trial.apply(action)
        except IllegalAction as exc:
            self.hintChanged.emit(self.kit.refusal(exc.refusal))
            return
        self.tentative = (action, trial, events)
        self.selection = None
        self.selectionChanged.emit(None)
        self.previewChanged.emit(None, True)
        self.hintChanged.emit("")
        self.shown.emit(self.observation(), events)
        self._set_phase("confirm")

    def undo(self) -> None:
        """Drop the tentative action (all of it: a bury together with its shovel)."""
        if self.phase != "confirm" or self.tentative is None:
            return
        self.tentative = None
        self.shown.emit(self.observation(), [])
        self._set_phase("human")


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

    def __init__(
        self,
        setup: GameSetup,
        parent: QObject | None = None,
        bot_delay: int = 700,
        state: GameState | None = None,
        *,
        game: BotGame | None = None,
        profile: Profile | None = None,
    ) -> None:
        """``game``: a game to go on with (:meth:`BotGame.resume`); else a new game of the
        setup, journalled in ``profile`` (default: the default profile) — from the position
        ``state`` when given (a test's: neither journalled nor recorded).

        Raises:
            ValueError: options, seats or bot level the game does not have.
        """
        self.unsaved = ""
        """Why this game is not journalled ("" when it is, or starts from a given position)."""
        if game is None:
            game, self.unsaved = _new_game(setup, state, profile or Profile())
        self.game = game
        """The game: its members, journal and record (the views are made from it)."""
        self._queue: deque[View] = deque(game.take_views())
        """The player's views not shown yet, oldest first."""
        if game.past or not self._queue:
            first = view_of(game.state, setup.human)
        else:
            first = self._queue.popleft()  # the game's start
        super().__init__(setup.human, setup.game, first, parent)
        self.setup = setup
        self.bot_delay = bot_delay
        self._token = 0
        self._asked = -1
        """The token of the bot's choice asked last."""
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._pump)
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
        return self.setup.names

    # --- lifecycle ----------------------------------------------------------------------

    def start(self) -> None:
        """Show the board as the game stands — after a resume, with the earlier turns in the
        log — and go on."""
        self.shown.emit(self.obs, [])
        if self.game.past:
            self.log_past(self.game.past)
            self.logged.emit(texts.goes_on_from(self.kit.turn_number(self.obs)))
        if self.unsaved:
            self.logged.emit(self.unsaved)
        self._pump()

    def shutdown(self) -> None:
        """Stop the bots' thread and leave the game (its journal is closed: it can be resumed);
        call before dropping the controller."""
        self._token += 1
        self._timer.stop()
        self._queue.clear()
        self._thread.quit()
        self._thread.wait(5000)
        self.game.close()

    # --- the game's steps, shown in order ---------------------------------------------------

    def _take(self) -> None:
        """Queue the views of what the game just did, and show them."""
        self._queue.extend(self.game.take_views())
        if not self._timer.isActive():
            self._pump()

    def _pump(self) -> None:
        """Show the queued views in order (pausing after another seat's move), then settle."""
        while self._queue:
            pause = self._show_view(self._queue.popleft())
            if pause > 0 and self._queue:
                self._timer.start(pause)
                return
        self._settle()

    def _show_view(self, view: View) -> int:
        """Show one step: animate its events (not a move of mine: the table shows it already),
        log them. Returns how long to pause before the next one (ms)."""
        turn = self.kit.turn_of(self.obs)
        mine = any(seat == self.human for seat, _ in view.moves)
        self.view = view
        self.shown.emit(self.observation(), [] if mine else list(view.events))
        if view.events:
            self.log(view.events, turn)
        return self.bot_delay // 2 if view.moves and not mine else 0

    def _settle(self) -> None:
        """Every step is shown: the phase the game asks for now."""
        game = self.game
        if self.phase in ("over", "stopped"):
            return
        if game.halted is not None:
            self._set_phase("stopped")
            self.stopped.emit(texts.arg(self.tr("This game cannot go on: %1"), game.halted))
            return
        result = self.view.result
        if result is not None:
            self._set_phase("over")
            self.finished.emit(result)
            if game.record is not None:
                self.recordSaved.emit(str(game.record))
            return
        if self.view.on_turn:
            self._legal = set(self.view.legal)
            self.trial = game.state  # tries clone it: the game's own state is never touched
            self._set_phase("human")
            return
        due = game.bot_turn()
        self._set_phase("bot")
        if due is not None and self._asked != self._token:
            seat, view = due
            self._token += 1
            self._asked = self._token
            self._ask.emit(game.bot(seat), view, self._token)

    @Slot(object, int)
    def _bot_chose(self, action: Action, token: int) -> None:
        if token != self._token or self.phase != "bot":
            return
        QTimer.singleShot(self.bot_delay, lambda: self._play_bot(action, token))

    def _play_bot(self, action: Action, token: int) -> None:
        if token != self._token or self.phase != "bot":
            return
        due = self.game.bot_turn()
        if due is None:
            return
        self._token += 1
        try:
            self.game.play(due[0], action)
        except LocalProtocolError as exc:  # a bot's bug: its move is not the rules'
            log.error("the bot of seat %d played %r: %s", due[0], action, exc)
            self._set_phase("stopped")
            self.stopped.emit(texts.arg(self.tr("This game cannot go on: %1"), str(exc)))
            return
        self._take()

    def confirm(self) -> None:
        """Play the tentative action; the turn passes."""
        if self.phase != "confirm" or self.tentative is None or self.human is None:
            return
        action = self.tentative[0]
        try:
            self.game.play(self.human, action)
        except LocalProtocolError:  # the rules took it on a clone: not expected
            self.tentative = None
            self.shown.emit(self.observation(), [])
            self.hintChanged.emit(texts.move_not_taken())
            self._set_phase("human")
            return
        self.tentative = None
        self.trial = None
        self._set_phase("bot")
        self._take()


def _new_game(setup: GameSetup, state: GameState | None, profile: Profile) -> tuple[BotGame, str]:
    """A new game of ``setup`` (from the position ``state``, if given), journalled in
    ``profile``; when the profile cannot hold it, played anyway, with why it is not saved.

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
