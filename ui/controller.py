"""The controllers of a table: intents in, actions out.

:class:`PlayController` is what every table controller shares;
:class:`ui.game_controller.GameController` plays against bots on this machine,
:class:`ui.netgame.NetworkController` over the network (same signals, so
:class:`ui.table.TableWidget` works with either).

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
together.) A game whose turn holds several choices (Golden City: the store's purchases, the
choice before the roll, the move) may let the player go on choosing while the tentative
position still awaits the player's own turn (``can_chain``): each choice is tried on the clone
the one before made, Undo takes back the last one, Confirm plays them all in order — so
Undo never reaches past a die: once the position awaits chance (or a reveal), only Confirm is
left.

Against bots the controller is :class:`ui.game_controller.GameController` (its module says how
the bots' moves are played and paced).

**Pacing.** What a controller shows goes through its :class:`~ui.pacer.Pacer` (``pacer``; the
table sets its pace): :meth:`PlayController._present` queues a view as the steps the kit splits
it into (:meth:`~ui.kits.Kit.pace_steps`: the roll, the line, the collection…) when it is
another seat's, each held on screen for the pace's ``step_ms``, and as one step when it is the
player's own. ``view`` becomes the new view when its last step is shown, so the status line and
the panels follow what is on screen, not the game running ahead; the turn log gets each step's
lines with the step, and ``lastMoveChanged`` marks the move on the board. Against bots the game
itself waits for the display too: a bot's chosen move is played when the display reaches it.

The controller's seat is ``human``; ``None`` is a spectator's (a network game watched
read-only: every click is answered with a hint, nothing is ever tried or sent).

Phases: ``"bot"`` (another seat's turn: a bot's, or another player's over the network),
``"human"`` (waiting for clicks), ``"confirm"`` (a tentative action waits for Confirm or Undo),
``"over"``; a network game adds ``"waiting"`` (for the game to start, or for the tiles) and
``"sending"`` (a confirmed move on its way) and ``"stopped"`` (the network game cannot go on).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from PySide6.QtCore import QObject, Signal

from goldnet.engine import Action, Event, GameState, IllegalAction, Terminal, TurnOf
from goldnet.view import View

from . import kits, texts
from .kits import PaceStep
from .pacer import Pacer


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
        lastMoveChanged(object): the move to mark on the board, ``(seat, action)`` — the last
            one shown, or the tentative one while it waits for Confirm —, or None.
    """

    shown = Signal(object, object)
    phaseChanged = Signal()
    hintChanged = Signal(str)
    logged = Signal(str)
    previewChanged = Signal(object, bool)
    selectionChanged = Signal(object)
    finished = Signal(object)
    lastMoveChanged = Signal(object)

    can_rematch = True
    """Whether the end screen offers a rematch."""
    over_network = False
    """Whether the game is played over the network (its record is the table service's)."""
    can_chain = False
    """Whether the player may go on choosing after a tentative action while the tentative
    position still awaits the player's turn (module docstring)."""

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
        self.chain: list[tuple[Action, GameState, list[Event]]] = []
        """The tentative actions waiting for Confirm, oldest first: each with the trial state
        after it and its events (one at most unless ``can_chain``)."""
        self.selection: Any = None
        self.phase = "bot"
        self._legal: set[Action] = set()
        self.pacer = Pacer(parent=self)
        """Shows the game's steps at the table's pace (module docstring)."""
        self.last_move: tuple[int, Action] | None = None
        """The last move shown, ``(seat, action)`` (None before the first)."""
        self._queued = view.observation
        """The observation of the last view queued on the pacer (what its next view follows)."""

    @property
    def tentative(self) -> tuple[Action, GameState, list[Event]] | None:
        """The last tentative action, the trial state after it and its events (None: none)."""
        return self.chain[-1] if self.chain else None

    @tentative.setter
    def tentative(self, value: tuple[Action, GameState, list[Event]] | None) -> None:
        self.chain = [] if value is None else [value]

    def chaining(self) -> bool:
        """Whether the player may choose again before confirming: the tentative position still
        awaits this seat's turn (only when ``can_chain``)."""
        tentative = self.tentative
        return (
            self.can_chain
            and self.phase == "confirm"
            and tentative is not None
            and self.human is not None
            and tentative[1].awaiting() == TurnOf(self.human)
        )

    def legal_now(self) -> set[Action]:
        """The actions the player may choose now: on the tentative position while chaining,
        else the view's."""
        tentative = self.tentative
        if self.chaining() and tentative is not None and self.human is not None:
            return set(tentative[1].legal_actions(self.human))
        return self._legal

    def is_bot(self, seat: int) -> bool:
        """Whether ``seat`` is played by a bot of this program (its panel says "Thinking…");
        a person's is not."""
        return False

    # --- what is shown, at the table's pace -------------------------------------------------

    def _is_others(self, view: View) -> bool:
        """Whether ``view`` is another seat's step: another seat's move, or chance drawn for
        another seat's turn (every step is, for a spectator)."""
        if view.moves:
            return any(seat != self.human for seat, _ in view.moves)
        seat = self.kit.active_seat(view.observation)
        return self.human is None or (seat is not None and seat != self.human)

    def _present(self, view: View, trial: GameState | None = None, *, animate: bool = True) -> None:
        """Queue ``view`` on the pacer: another seat's as the kit's steps, each held for the
        pace's ``step_ms`` (its first waits ``think_ms`` when it shows a move), the player's own
        as one step, held not at all; ``animate`` False shows the player's own step without
        animating it again (it was shown as the tentative move). ``view`` (and ``trial``)
        become this controller's at the last step (:meth:`_commit`)."""
        before, self._queued = self._queued, view.observation
        others = bool(view.events) and self._is_others(view)
        if others:
            steps = self.kit.pace_steps(before, view.events, view.observation)
        else:
            name = "own" if view.moves else "view"
            steps = [PaceStep(name, view.observation, view.events, held=False)]
        pace = self.pacer.pace
        turn = self.kit.turn_of(before)
        for i, step in enumerate(steps):
            self.pacer.add(
                partial(
                    self._show_step, view, step, turn, i == 0, i == len(steps) - 1, trial, animate
                ),
                name=step.name,
                step=True,
                hold=pace.step_ms if others and step.held else 0,
                lead=pace.think_ms if others and i == 0 and view.moves else 0,
            )

    def _show_step(
        self,
        view: View,
        step: PaceStep,
        turn: Any,
        first: bool,
        last: bool,
        trial: GameState | None,
        animate: bool,
    ) -> None:
        """Show one step of ``view`` (``turn``: the kit's ``turn_of`` the position before it;
        the ``last`` step makes the view this controller's)."""
        events: Sequence[Event] = step.events if animate else ()
        observation = step.observation
        if last:
            if not self._commit(view, trial):
                events = ()
            observation = self.observation()
        if first and view.moves:
            self.last_move = view.moves[-1]
            self.lastMoveChanged.emit(self.last_move)
        self.shown.emit(observation, list(events))
        if step.events:
            self.log(step.events, turn, view.observation)
        if last:
            self._after_view(view)

    def _commit(self, view: View, trial: GameState | None) -> bool:
        """``view`` becomes this controller's view; returns False when its events were shown
        already (the player's own move, shown while it waited for Confirm)."""
        self.view = view
        return True

    def _after_view(self, view: View) -> None:
        """After the last step of ``view`` was shown (the phase it asks for, the end…)."""

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

    def log(self, events: list[Event] | tuple[Event, ...], turn: Any, seen: Any = None) -> None:
        """Log the lines of ``events`` (``turn``: the kit's ``turn_of`` the position before;
        ``seen``: this seat's observation after them, so its own private cards are worded)."""
        for line in self.kit.log_lines(events, self.names, turn, seen):
            self.logged.emit(line)

    def show_past(self, past: Sequence[View]) -> None:
        """The earlier turns of a game resumed from its journal — ``past``, this seat's views
        of the steps played before (the game's start first) —: each logged as it was, and the
        last move marked on the board."""
        for before, after in itertools.pairwise(past):
            self.log(after.events, self.kit.turn_of(before.observation), after.observation)
        moved = [view.moves[-1] for view in past if view.moves]
        if moved:
            self.last_move = moved[-1]
            self.lastMoveChanged.emit(self.last_move)

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
            if self.chaining():
                self.moves.click(target)
            else:
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
        if self.phase != "human" and not self.chaining():
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
        chained = self.chaining()
        base = self.tentative[1] if chained and self.tentative is not None else self.trial
        if base is None:  # not on turn (a click raced the turn's end)
            self.hintChanged.emit(texts.wait_a_moment())
            return
        trial = base.clone()
        try:
            events = trial.apply(action)
        except IllegalAction as exc:
            self.hintChanged.emit(self.kit.refusal(exc.refusal))
            return
        if chained:
            self.chain.append((action, trial, events))
        else:
            self.tentative = (action, trial, events)
        if self.human is not None:
            self.lastMoveChanged.emit((self.human, action))
        self.selection = None
        self.selectionChanged.emit(None)
        self.previewChanged.emit(None, True)
        self.hintChanged.emit("")
        self.shown.emit(self.observation(), events)
        self._set_phase("confirm")

    def undo(self) -> None:
        """Drop the last tentative action (all of it: a bury together with its shovel); the
        one before it, if any, stays tentative."""
        if self.phase != "confirm" or self.tentative is None:
            return
        self.chain.pop()
        tentative = self.chain[-1] if self.chain else None
        if tentative is None:
            self.lastMoveChanged.emit(self.last_move)
            self.shown.emit(self.observation(), [])
            self._set_phase("human")
            return
        if self.human is not None:
            self.lastMoveChanged.emit((self.human, tentative[0]))
        self.shown.emit(self.observation(), [])
        self._set_phase("confirm")
