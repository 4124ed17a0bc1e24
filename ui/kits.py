"""The registry of the games' ui kits: what the shell of the desktop client needs from a game.

The shell — start screen and lobby, table window (phases, Undo/Confirm, pacing, turn log, end
panel), replays, the network adapter, translations, style — is the same for every game. What
differs, a game's *kit* gives: the board scene, how clicks on it become actions, the wording of
its refusals, turn-log lines and turn instructions, the names of its options and seats, still
pictures. The shell asks for a kit by the game's registry name (:func:`goldnet.games.names`)
with :func:`get`; nothing else in the shell imports a game's rules or a kit's modules.

A kit plugs in with one entry in :data:`KITS`: the game's name and the module that defines
``KIT``, an object with the methods of :class:`Kit`. Modules are imported on first use, once.
Tests add a kit of their own for a test game with :func:`register` (and take it away with
:func:`unregister`), so that the shell runs a game it never names.

Two methods are optional (the shell asks with ``getattr``): ``claimer()`` — what claims the
player's seat makes in a game against bots (a :class:`goldnet.engine.Claimer`; Golden City: the
mission announced as soon as it is fulfilled) — and ``end_summary(names, result, observation)``
— the end screen's text (rich text allowed) instead of :meth:`Kit.score_line`.

Invariants: every kit's game is a registered game (:func:`goldnet.games.get`); this is the only
shell module that names a kit's package.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from goldnet import games
from goldnet.engine import Event, GameState, Refusal, Terminal

if TYPE_CHECKING:
    from PySide6.QtCore import QObject
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QGraphicsScene

    from .controller import PlayController
    from .rules import RulesText

KITS: Mapping[str, str] = {
    "mountains-rivers": "ui.mountains_rivers",
    "golden-city": "ui.golden_city",
}
"""Game name -> the module defining its ``KIT``, in the order menus list the games."""


@dataclass(frozen=True)
class PaceStep:
    """One step a view is shown as (:meth:`Kit.pace_steps`; the shell's pace, :mod:`ui.pacer`).

    Attributes:
        name: what the step shows, e.g. ``"roll"``, ``"line"``, ``"collection"``.
        observation: what the board shows in this step (the game's observation type).
        events: the rules' events this step animates and logs.
        held: whether the step stays on screen for the pace's ``step_ms`` when it is another
            seat's (a step that only hands the turn on is not held).
    """

    name: str
    observation: Any
    events: tuple[Event, ...]
    held: bool = True


class Moves(Protocol):
    """A controller's clicks into actions (made by :meth:`Kit.moves`): called only on the
    player's turn (phase ``"human"``); applies an action with the controller's ``_try``,
    selects with ``_select``, previews with ``previewChanged``, hints with ``hintChanged``."""

    def click(self, target: Any) -> None:
        """A click on ``target`` (what the scene's ``clicked`` gave)."""
        ...

    def hover(self, target: Any) -> None:
        """The pointer over ``target`` (what the scene's ``hovered`` gave; the kit's own value
        when it left the board)."""
        ...


class Kit(Protocol):
    """What the shell needs from one game's ui.

    The board scene (:meth:`scene`) is a ``QGraphicsScene`` with:

    - ``speed`` (float: 1 normal, 0 no animation);
    - ``set_seats(names, colours)``, ``set_panel_status(seat, active, text, winner=False,
      away=False)``, ``show_observation(observation, events=())``, ``set_selected(target)``,
      ``set_preview(targets, legal)`` (the controller's ``selectionChanged`` and
      ``previewChanged``), ``show_last_move(move)`` (the controller's
      ``lastMoveChanged``: mark ``(seat, action)`` on the board until the next one; ``None``:
      nothing),
      ``retranslate()``, ``animating() -> bool``, ``pointer_left()`` (the pointer left the
      view);
    - the intents ``clicked(object)``, ``hovered(object)`` and ``cancelRequested()``, which the
      table connects to the controller (and the controller hands to :meth:`moves`).
    """

    game: str
    """The game's registry name, e.g. ``"mountains-rivers"``."""

    # --- the board ----------------------------------------------------------------------------

    def scene(self, observation: Any, parent: QObject | None = None) -> Any:
        """The board scene (a ``QGraphicsScene`` of the class docstring's shape) for the table
        of ``observation`` (a view's: the table draws views, never states), nothing shown
        yet."""
        ...

    def still_scene(self, state: GameState) -> QGraphicsScene:
        """A still scene showing ``state`` with default names and colours (``goldnet render``)."""
        ...

    def preview(self, options: tuple[Any, ...], width: int) -> QImage:
        """A picture of the table ``options`` would set, ``width`` pixels wide (the start
        screen's preview), transparent around."""
        ...

    def position(self, case: Mapping[str, Any]) -> GameState:
        """The position a scenario case reaches (``goldnet render --scenario``): its start,
        then each step's action when legal.

        Raises:
            the game's ``scenario.ScenarioError``: a malformed case.
        """
        ...

    # --- play ---------------------------------------------------------------------------------

    def moves(self, controller: PlayController) -> Moves:
        """The click handling of one controller."""
        ...

    def tentative_observation(self, committed: Any, trial: GameState) -> Any:
        """What the table shows while an action waits for Confirm: ``trial`` (the trial state
        after it), as seen from the turn of ``committed`` (the last view's observation)."""
        ...

    def pace_steps(self, before: Any, events: Sequence[Event], after: Any) -> list[PaceStep]:
        """The steps another seat's view is shown as, in order: from observation ``before``,
        through ``events`` (one step of the game: a throw, a move), to observation ``after``.
        The last step shows ``after``. Mountains & Rivers: the roll; or the line (or the bury),
        the collection when there is one, then the turn passing (not held)."""
        ...

    def active_seat(self, observation: Any) -> int | None:
        """The seat whose turn it is in ``observation`` (also while chance is drawn for it);
        None when over."""
        ...

    def turn_of(self, observation: Any) -> Any:
        """What :meth:`log_lines` needs of the position a turn is played from (its
        observation)."""
        ...

    def turn_number(self, observation: Any) -> int:
        """How many turns were played before ``observation`` (0 at the start): a resumed game
        says where it goes on from."""
        ...

    # --- words --------------------------------------------------------------------------------

    def refusal(self, why: Refusal) -> str:
        """A refusal of the rules in the player's language, from its code."""
        ...

    def log_lines(
        self, events: Sequence[Event], names: Sequence[str], turn: Any, seen: Any = None
    ) -> list[str]:
        """The turn log's lines for ``events`` (``turn``: :meth:`turn_of` the position before;
        ``seen``: the observation of whoever reads the log, after the events — a seat's own
        private cards are worded only when ``seen`` is that seat's; None words none)."""
        ...

    def turn_status(self, phase: str, observation: Any, selected: bool) -> str:
        """The status line in the phases the shell leaves to the game (``"human"``,
        ``"waiting"``; :func:`ui.texts.status_line`)."""
        ...

    def title(self) -> str:
        """The game's name, translated."""
        ...

    def tagline(self) -> str:
        """One line under the start screen's title."""
        ...

    def option_title(self, name: str) -> str:
        """The label of the table option ``name``."""
        ...

    def option_value(self, name: str, value: Any) -> str:
        """One value of option ``name`` (None: drawn at random)."""
        ...

    def seat_choice(self, seat: int) -> str:
        """A seat as the start screen offers it."""
        ...

    def bot_level(self, level: str) -> str:
        """A bot level of the registry (``GameInfo.bot_levels``) as the start screen offers
        it, e.g. ``"Easy"``."""
        ...

    def bot_name(self, level: str) -> str:
        """The name a bot of ``level`` plays under at the table, e.g. ``"Easy bot"``."""
        ...

    def host_seat_note(self) -> str:
        """Which seat a host takes against a player on the network."""
        ...

    def table_line(self, options: tuple[Any, ...], names: Sequence[str]) -> str:
        """The turn log's first line: the table and who plays which seat."""
        ...

    def score_line(self, names: Sequence[str], result: Terminal) -> str:
        """The end screen's score."""
        ...

    def replay_title(self, options: tuple[Any, ...], names: Sequence[str]) -> str:
        """The title above a replay."""
        ...

    def rules(self) -> RulesText:
        """The game's rules for players, in their language, with their pictures (the Rules
        window, :mod:`ui.rules`): what a player owns, how a turn goes, how the game ends."""
        ...


_loaded: dict[str, Kit] = {}
_added: dict[str, str] = {}
"""Kits added by :func:`register` (tests), game name -> module."""


def _modules() -> dict[str, str]:
    return {**KITS, **_added}


def register(game: str, module: str) -> None:
    """Add the kit of ``game`` (a registered game), defined as ``KIT`` in ``module`` — how a
    test shows a test game; the shell's own kits are :data:`KITS`.

    Raises:
        ValueError: ``game`` has a kit already.
    """
    if game in _modules():
        raise ValueError(f"the game {game!r} has a ui kit already")
    _added[game] = module


def unregister(game: str) -> None:
    """Remove a kit added by :func:`register` (nothing happens for another game)."""
    if _added.pop(game, None) is not None:
        _loaded.pop(game, None)


def get(game: str) -> Kit:
    """The kit of ``game``.

    Raises:
        KeyError: no kit for that game (a game of the registry may have none yet).
    """
    kit = _loaded.get(game)
    if kit is None:
        module_name = _modules().get(game)
        if module_name is None:
            raise KeyError(f"no ui kit for the game {game!r}")
        kit = importlib.import_module(module_name).KIT
        _loaded[game] = kit
    return kit


def names() -> tuple[str, ...]:
    """The games that have a kit and are registered, in the registry's order."""
    modules = _modules()
    return tuple(name for name in games.names() if name in modules)


def default() -> str:
    """The game the start screen offers first (the first one with a kit)."""
    return names()[0]


def info(game: str) -> games.GameInfo:
    """The registry's entry of ``game`` (:func:`goldnet.games.get`)."""
    return games.get(game)


def title(game: str) -> str:
    """The translated name of ``game``, or its registry name when it has no kit."""
    return get(game).title() if game in _modules() else game


def bot_name(game: str, level: str) -> str:
    """The name a bot of ``level`` plays ``game`` under (its kit's words; the level's own name
    for a game without a kit)."""
    return get(game).bot_name(level) if game in _modules() else level


def seat_name(game: str, name: str) -> str:
    """A seat's name as signed at the table, as the player sees it: a bot's name — the name
    of one of ``game``'s bot levels in any language goldnet speaks, maybe numbered (``"Robot
    moyen 2"``) — in the player's language (``"Medium bot 2"``); any other name as signed.

    The name signed stays what it was (records and journals are unchanged): only its display
    follows the language. A person who calls herself like a bot is shown like one, in either
    language — a name is a word, nothing in the game depends on it."""
    if game not in _modules():
        return name
    from .i18n import every_form

    kit = get(game)
    base, _, number = name.rpartition(" ")
    numbered = number.isascii() and number.isdigit()
    for level in games.get(game).bot_levels:
        word = kit.bot_name(level)
        forms = every_form(word)
        if name in forms:
            return word
        if numbered and base in forms:
            return f"{word} {number}"
    return name


def seat_names(game: str, names: Sequence[str]) -> tuple[str, ...]:
    """Every seat's name as the player sees it (:func:`seat_name`), in seat order."""
    return tuple(seat_name(game, name) for name in names)
