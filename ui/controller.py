"""The controllers of a table: intents in, actions out.

:class:`PlayController` is what every table controller shares; :class:`GameController` plays
against a bot on this machine, :class:`ui.netgame.NetworkController` over the network (same
signals, so :class:`ui.table.TableWidget` works with either).

The table draws **views** (:class:`goldnet.view.View`): the seat's observation, its legal
actions, the events since the previous view. A controller holds the last one (``view``) and,
while its seat is on turn, ``trial``: a rules state of that seat's own to try moves on — never
anything else of the game. The scene reports clicks and hovers on fields; the controller turns
them into Mountains & Rivers actions — it holds no rules of its own. Whether a line is legal
comes from the view's legal actions (for the hover preview) and from applying the action to a
clone of ``trial``, which raises :class:`~goldnet.engine.IllegalAction` with a refusal code that
becomes the visible hint in the player's language (:func:`ui.texts.refusal`).

Undo before Confirm is local: a legal action is applied to a *clone* of ``trial``, the table
shows the clone, Undo drops it, Confirm sends it (over the network) or plays it (against a bot).
A bury and its shovel transfer are one action, so they are undone together.

Against a bot the controller runs the game itself (``GameController.state``: the offline
game's engine, the bot's opponent) and makes the views from it; chance is offline: a
:class:`goldnet.rng.Stream` seeded per game throws the tiles. The bot chooses from its own view
in a worker thread (the strong bot takes up to ~0.2 s), so the window never freezes.

Phases: ``"bot"`` (the other seat's turn: the bot's, or the opponent's over the network),
``"human"`` (waiting for clicks), ``"confirm"`` (a tentative action waits for Confirm or Undo),
``"over"``; a network game adds ``"waiting"`` (for the game to start, or for the tiles) and
``"sending"`` (a confirmed move on its way) and ``"stopped"`` (the network game cannot go on).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import cast

from PySide6.QtCore import QObject, QThread, QTimer, Signal, Slot

from goldnet.engine import Action, Bot, ChanceOf, Event, GameState, IllegalAction, Terminal, TurnOf
from goldnet.games.mountains_rivers.boards import load_board
from goldnet.games.mountains_rivers.bots import make_bot
from goldnet.games.mountains_rivers.rules import (
    FIELD_NAMES,
    FREE,
    Observation,
    State,
    bury_action,
    reveal_action,
)
from goldnet.rng import Stream
from goldnet.view import View, bot_action, view_of

from . import texts
from .geometry import line_between


@dataclass(frozen=True)
class GameSetup:
    """A game against a bot: board 1..11, the human's seat, the bot's name, names, colours and
    the seed of the game's chance (and of the bot)."""

    board: int
    human: int
    bot: str
    names: tuple[str, str]
    colours: tuple[str, str]
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
        shown(Observation, list[Event]): show this observation, animating these events.
        phaseChanged(): whose turn, selection or tentative action changed (refresh status).
        hintChanged(str): a refused click explained ("" clears the hint).
        logged(str): a line for the turn log.
        previewChanged(object, bool): the line to preview (tuple of fields, or None), legal.
        selectionChanged(object): the selected first marker, or None.
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

    def __init__(self, human: int, view: View, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.human = human
        self.bot_seat = 1 - human
        """The other seat (a bot, or the opponent over the network)."""
        self.view = view
        """The last view of this seat: what the table shows when nothing is tried."""
        self.trial: GameState | None = None
        """While this seat is on turn: a rules state of its own, cloned for each move tried."""
        self.tentative: tuple[Action, GameState, list[Event]] | None = None
        self.selection: int | None = None
        self.phase = "bot"
        self._legal: set[Action] = set()

    @property
    def names(self) -> tuple[str, str]:
        raise NotImplementedError

    def start(self) -> None:
        raise NotImplementedError

    def shutdown(self) -> None:
        """Stop whatever runs for this game (call before dropping the controller)."""

    def confirm(self) -> None:
        raise NotImplementedError

    @property
    def obs(self) -> Observation:
        """The observation of the last view (the committed position)."""
        obs: Observation = self.view.observation
        return obs

    def observation(self) -> Observation:
        """What the table shows now: the tentative position while one waits for Confirm (with
        the roll that was used), else the committed one."""
        if self.tentative is None:
            return self.obs
        after: Observation = self.tentative[1].observation(self.human)
        return dataclasses.replace(after, range_=self.obs.range_, roll=self.obs.roll)

    def is_free_choice(self) -> bool:
        return self.obs.range_ == FREE

    def _set_phase(self, phase: str) -> None:
        self.phase = phase
        self.phaseChanged.emit()

    # --- intents from the table -----------------------------------------------------------

    def _status(self, f: int) -> str:
        if self.obs.facedown >> f & 1:
            return "facedown"
        if self.obs.gold >> f & 1:
            return "gold"
        return "empty"

    def click(self, f: int) -> None:
        """A click on field ``f``."""
        if self.phase in ("over", "stopped"):
            self.hintChanged.emit(texts.game_over())
            return
        if self.phase == "confirm":
            self.hintChanged.emit(texts.confirm_first())
            return
        if self.phase == "bot":
            self.hintChanged.emit(texts.not_your_turn(self.names[self.bot_seat]))
            return
        if self.phase != "human":  # a network game: starting, throwing, or sending a move
            self.hintChanged.emit(texts.wait_a_moment())
            return
        name = FIELD_NAMES[f]
        a = self.selection
        if a is None:
            status = self._status(f)
            if status == "gold":
                self._try(bury_action(name))
            elif status == "empty":
                self.hintChanged.emit(texts.collected_field())
            elif not self.is_free_choice() and self.obs.roll == 1:
                self._try(reveal_action(name))
            else:
                self._select(f)
        elif a == f and not self.is_free_choice():
            self._select(None)
        else:
            self._try(reveal_action(FIELD_NAMES[a], name))

    def hover(self, f: int) -> None:
        """The pointer is over field ``f`` (-1: off the board): preview the line."""
        if self.phase != "human" or f < 0:
            self.previewChanged.emit(None, True)
            return
        a = self.selection
        if a is None:
            single_roll = self.obs.roll == 1 and not self.is_free_choice()
            if single_roll and self._status(f) == "facedown":
                ok = reveal_action(FIELD_NAMES[f]) in self._legal
                self.previewChanged.emit((f,), ok)
            elif self._status(f) == "gold":
                self.previewChanged.emit((f,), bury_action(FIELD_NAMES[f]) in self._legal)
            else:
                self.previewChanged.emit(None, True)
            return
        line = line_between(a, f)
        if line is None:
            self.previewChanged.emit((a, f), False)
        else:
            ok = reveal_action(FIELD_NAMES[a], FIELD_NAMES[f]) in self._legal
            self.previewChanged.emit(line, ok)

    def cancel(self) -> None:
        """Right click or Escape: drop the selected first marker."""
        if self.selection is not None:
            self._select(None)

    def _select(self, f: int | None) -> None:
        self.selection = f
        self.selectionChanged.emit(f)
        self.previewChanged.emit((f,) if f is not None else None, True)
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
            self.hintChanged.emit(texts.refusal(exc.refusal))
            return
        self.tentative = (action, trial, events)
        self.selection = None
        self.selectionChanged.emit(None)
        self.previewChanged.emit(None, True)
        self.hintChanged.emit("")
        self.shown.emit(self.observation(), events)
        self._set_phase("confirm")

    def undo(self) -> None:
        """Drop the tentative action (a bury together with its shovel)."""
        if self.phase != "confirm" or self.tentative is None:
            return
        self.tentative = None
        self.shown.emit(self.observation(), [])
        self._set_phase("human")


class GameController(PlayController):
    """One offline game: a human seat against a bot (see the module docstring)."""

    _ask = Signal(object, object, int)

    def __init__(
        self,
        setup: GameSetup,
        parent: QObject | None = None,
        bot_delay: int = 700,
        state: State | None = None,
    ) -> None:
        """``state``: a position to continue from (default: a new game on the setup's board)."""
        self.state: State = state if state is not None else State(load_board(setup.board))
        """The offline game: its engine (the views are made from it)."""
        super().__init__(setup.human, view_of(self.state, setup.human), parent)
        self.setup = setup
        self.bot_delay = bot_delay
        self._chance = Stream(setup.seed, "chance")
        self._bot = make_bot(setup.bot, f"{setup.seed}/bot")
        self._token = 0
        self._thread = QThread()
        self._worker = _BotWorker()
        self._worker.moveToThread(self._thread)
        self._ask.connect(self._worker.choose)
        self._worker.chosen.connect(self._bot_chose)
        self._thread.start()

    # --- lifecycle ----------------------------------------------------------------------

    def start(self) -> None:
        """Show the empty board and begin (throwing the first roll)."""
        self.shown.emit(self.obs, [])
        self._advance()

    def _step(self, events: list[Event], move: tuple[int, Action] | None = None) -> None:
        """The game moved on (by ``move``, or by chance): a new view of the human's seat."""
        self.view = view_of(self.state, self.human, events, [move] if move else [])

    def shutdown(self) -> None:
        """Stop the bot's thread (call before dropping the controller)."""
        self._token += 1
        self._thread.quit()
        self._thread.wait(5000)

    def _advance(self) -> None:
        """Throw the tiles when due, then hand the turn to the bot or the human."""
        while True:
            request = self.state.awaiting()
            if isinstance(request, ChanceOf):
                events = self.state.apply_chance(self._chance.chance(request))
                self._step(events)
                self.shown.emit(self.observation(), events)
                continue
            break
        if isinstance(request, Terminal):
            self._set_phase("over")
            self.finished.emit(request)
        elif isinstance(request, TurnOf) and request.seat == self.human:
            self._legal = set(self.view.legal)
            self.trial = self.state  # tries clone it: the game's own state is never touched
            self._set_phase("human")
        elif isinstance(request, TurnOf):
            self._set_phase("bot")
            self._token += 1
            self._ask.emit(self._bot, view_of(self.state, self.bot_seat), self._token)

    @Slot(object, int)
    def _bot_chose(self, action: Action, token: int) -> None:
        if token != self._token or self.phase != "bot":
            return
        QTimer.singleShot(self.bot_delay, lambda: self._play_bot(action, token))

    def _play_bot(self, action: Action, token: int) -> None:
        if token != self._token or self.phase != "bot":
            return
        roll = self.state.roll
        events = self.state.apply(action)
        self._step(events, (self.bot_seat, action))
        self.shown.emit(self.obs, events)
        for line in texts.log_lines(events, self.names, roll):
            self.logged.emit(line)
        QTimer.singleShot(self.bot_delay // 2, self._advance)

    @property
    def names(self) -> tuple[str, str]:
        return self.setup.names

    def confirm(self) -> None:
        """Commit the tentative action; the turn passes."""
        if self.phase != "confirm" or self.tentative is None:
            return
        action, after, events = self.tentative
        self.tentative = None
        self.trial = None
        roll = self.state.roll
        self.state = cast(State, after)  # the tried clone becomes the game
        self._step(events, (self.human, action))
        for line in texts.log_lines(events, self.names, roll):
            self.logged.emit(line)
        self.shown.emit(self.observation(), [])
        self._advance()
