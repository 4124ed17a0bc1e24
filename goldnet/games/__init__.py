"""The registry of the games goldnet plays: one :class:`GameInfo` per game.

Everything above the rules — the command line, the lockstep binding, the network table, the
desktop client, replays, ``bench`` and ``selfplay`` — learns what games exist, how many seats
they take, which options a table has and how to make a state or a bot from here, and nowhere
else (in the spirit of OpenSpiel's ``GameType`` registration).

A game plugs in with one module that defines ``GAME_INFO``, a :class:`GameInfo`. The built-in
games are listed in :data:`BUILTIN`; more modules may be named, comma-separated, in the
environment variable :data:`EXTRA_ENV` (``GOLDNET_GAMES``) — how tests register a test game in
``goldnet`` subprocesses. Modules are imported on the first lookup, once.

Invariants: names are unique; a game's options are a tuple of wire values with one entry per
:class:`Option`, each one of that option's ``values``; ``new_state`` is called only with options
and a seat count that :meth:`GameInfo.check` accepted.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..engine import Bot, GameState, Terminal, Wire
from ..errors import GoldnetError

EXTRA_ENV = "GOLDNET_GAMES"
"""Environment variable naming extra game modules (comma-separated dotted names)."""

BUILTIN = ("goldnet.games.mountains_rivers.info", "goldnet.games.golden_city.info")
"""The modules of the built-in games, in the order menus list them."""


class UnknownGame(GoldnetError, ValueError):
    """A game name no registered game has."""


class ScenarioRunner(Protocol):
    """A game's scenario-case runner (the case format of ``docs/scenarios.md``)."""

    @property
    def ScenarioError(self) -> type[Exception]:
        """The exception a malformed case raises."""
        ...

    def run(self, case: Mapping[str, Any]) -> Iterator[tuple[Mapping[str, Any], Any]]:
        """Each step of ``case`` with what it printed. Raises ``ScenarioError``."""
        ...

    def mismatches(self, expect: Mapping[str, Any], printed: Any) -> list[tuple[str, Any, Any]]:
        """``(key, wanted, got)`` for each expectation ``printed`` does not meet."""
        ...


class SelfplayReport(Protocol):
    """A game's own words in ``goldnet selfplay``: what it says of each game and of the run
    (one report per run; it may keep figures across the games it is shown)."""

    def game(
        self, options: tuple[Wire, ...], names: Sequence[str], state: GameState, result: Terminal
    ) -> tuple[dict[str, Any], str]:
        """One finished game (``state`` at its end, ``names`` the bots by seat): the fields of
        its ``--json`` object after ``"game"``, and its text line after ``game N``."""
        ...

    def summary(self) -> tuple[dict[str, Any], list[str]]:
        """Figures over the games shown so far: fields added to the ``--json`` summary, and
        the lines the text summary adds."""
        ...


class LazyScenario:
    """A game's :class:`ScenarioRunner` that imports the game's scenario module (which names
    ``ScenarioError``, ``run`` and ``mismatches``) on first use, so listing the games stays
    cheap.

    Args:
        module: the scenario module's dotted name, e.g.
            ``"goldnet.games.mountains_rivers.scenario"``.
    """

    def __init__(self, module: str) -> None:
        self._module = module

    def _load(self) -> Any:
        return importlib.import_module(self._module)

    @property
    def ScenarioError(self) -> type[Exception]:
        error: type[Exception] = self._load().ScenarioError
        return error

    def run(self, case: Mapping[str, Any]) -> Iterator[tuple[Mapping[str, Any], Any]]:
        steps: Iterator[tuple[Mapping[str, Any], Any]] = self._load().run(case)
        return steps

    def mismatches(self, expect: Mapping[str, Any], printed: Any) -> list[tuple[str, Any, Any]]:
        found: list[tuple[str, Any, Any]] = self._load().mismatches(expect, printed)
        return found


@dataclass(frozen=True)
class Option:
    """One table option of a game, e.g. the Mountains & Rivers board.

    Attributes:
        name: its name on the command line (``--board``) and in summaries.
        values: every allowed value, in the order menus list them (integers so far).
        help: one line for ``--help``.
    """

    name: str
    values: tuple[int, ...]
    help: str

    def parse(self, text: str) -> int:
        """The value ``text`` names.

        Raises:
            ValueError: not a whole number, or not one of :attr:`values` (the message says
                which values are allowed).
        """
        try:
            value = int(text)
        except ValueError:
            raise ValueError(f"{self.name} {text!r} is not a whole number") from None
        if value not in self.values:
            raise ValueError(f"{self.name} {value} does not exist: {self.describe()}")
        return value

    def describe(self) -> str:
        """The allowed values in words, e.g. ``"board goes from 1 to 11"``."""
        low, high = self.values[0], self.values[-1]
        if self.values == tuple(range(low, high + 1)):
            return f"{self.name} goes from {low} to {high}"
        return f"{self.name} is one of {', '.join(map(str, self.values))}"


@dataclass(frozen=True)
class GameInfo:
    """What goldnet knows of one game.

    Attributes:
        name: the game's identifier on the wire, in records and on the command line, e.g.
            ``"mountains-rivers"``.
        title: its name for people, e.g. ``"Mountains & Rivers"`` (the ui translates it).
        seats: the seat counts it is played with, e.g. ``range(2, 3)``.
        options: its table options, in the order of the options tuple.
        new_state: ``(options, seats) -> GameState``, the start of a game; raises ValueError.
        bot_levels: the names of its bots, weakest first.
        make_bot: ``(level, seed) -> Bot``; raises ValueError for an unknown level.
        format_result: ``(options, names, result, turns) -> str``: one line saying how a
            game ended (``selfplay`` and ``verify`` print it).
        seat_roles: ``seats -> names`` of the seats' roles (``("mountains", "rivers")``), or
            None when seats have no roles.
        scenario: its scenario runner, or None.
        score_name: what its scores are called in results (``"scores"``; Golden City's are
            the ``"banks"``): a JSON summary of a game's result also gives them by this name.
        bench_targets: the speed each ``goldnet bench`` figure of the game should reach, by
            figure (``"random game"``, ``"legal actions"``, ``"best move"``), e.g.
            ``"<= 10 ms"`` (a target may name the statistic it bounds: ``"p95 <= 0.2 s"``).
        bench_seats: the seat count ``goldnet bench`` plays the game with (None: the fewest).
        bench_position: ``seed -> (state, seat)``: a position whose legal actions ``goldnet
            bench`` times, the seat on turn (None: after 20 random actions).
        selfplay_report: makes the game's :class:`SelfplayReport` for one ``goldnet selfplay``
            run (None: the result line of ``format_result`` and the scores).
    """

    name: str
    title: str
    seats: range
    options: tuple[Option, ...]
    new_state: Callable[[tuple[Wire, ...], int], GameState]
    bot_levels: tuple[str, ...]
    make_bot: Callable[[str, int | str], Bot]
    format_result: Callable[[tuple[Wire, ...], Sequence[str], Terminal, int], str]
    seat_roles: Callable[[int], tuple[str, ...]] | None = None
    scenario: ScenarioRunner | None = field(default=None, compare=False)
    score_name: str = "scores"
    bench_targets: Mapping[str, str] = field(default_factory=dict, compare=False)
    bench_seats: int | None = None
    bench_position: Callable[[int], tuple[GameState, int]] | None = field(
        default=None, compare=False
    )
    selfplay_report: Callable[[], SelfplayReport] | None = field(default=None, compare=False)

    def check(self, options: tuple[Any, ...], seats: int) -> None:
        """Check a table's options and seat count.

        Raises:
            ValueError: the message names what is wrong.
        """
        if seats not in self.seats:
            low, high = self.seats[0], self.seats[-1]
            count = str(low) if low == high else f"{low} to {high}"
            raise ValueError(f"{self.title} is played by {count}, not {seats}")
        if len(options) != len(self.options):
            names = ", ".join(o.name for o in self.options) or "none"
            raise ValueError(f"{self.title} options are ({names}), not {options!r}")
        for option, value in zip(self.options, options, strict=True):
            if isinstance(value, bool) or value not in option.values:
                raise ValueError(f"{self.title}: {option.name} {value!r}: {option.describe()}")

    def draw_options(self, below: Callable[[str, int], int]) -> tuple[int, ...]:
        """Options drawn uniformly, value by value; ``below(name, n)`` returns a number in
        ``[0, n)`` for the option called ``name`` (``secrets.randbelow`` for a real table, a
        seeded stream per option for self-play)."""
        return tuple(o.values[below(o.name, len(o.values))] for o in self.options)

    def parse_options(
        self, given: Mapping[str, str | None], below: Callable[[str, int], int]
    ) -> tuple[int, ...]:
        """Options from command-line texts by option name; a missing one is drawn with
        ``below`` (see :meth:`draw_options`).

        Raises:
            ValueError: a text is not an allowed value.
        """
        drawn = self.draw_options(below)
        return tuple(
            drawn[i] if given.get(o.name) is None else o.parse(str(given[o.name]))
            for i, o in enumerate(self.options)
        )

    def seat_label(self, seat: int, seats: int) -> str:
        """``"seat 0 (mountains)"``, or ``"seat 2"`` for a game without roles."""
        roles = self.seat_roles(seats) if self.seat_roles is not None else ()
        return f"seat {seat} ({roles[seat]})" if seat < len(roles) else f"seat {seat}"

    def make(self, options: tuple[Any, ...], seats: int) -> GameState:
        """A new game after :meth:`check`.

        Raises:
            ValueError: wrong options or seat count.
        """
        self.check(options, seats)
        return self.new_state(options, seats)


_registry: dict[str, GameInfo] = {}
_loaded = False


def register(info: GameInfo) -> None:
    """Add a game (the built-ins and :data:`EXTRA_ENV` modules are added on first lookup).

    Raises:
        ValueError: a game of that name is already registered.
    """
    if info.name in _registry and _registry[info.name] is not info:
        raise ValueError(f"a game named {info.name!r} is already registered")
    _registry[info.name] = info


def unregister(name: str) -> None:
    """Remove the game called ``name`` (a test that registered a game of its own puts the
    registry back as it was); nothing happens when no game has that name."""
    _load()
    _registry.pop(name, None)


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    extra = [m.strip() for m in os.environ.get(EXTRA_ENV, "").split(",") if m.strip()]
    for module_name in (*BUILTIN, *extra):
        module = importlib.import_module(module_name)
        info = getattr(module, "GAME_INFO", None)
        if not isinstance(info, GameInfo):
            raise ImportError(f"game module {module_name} defines no GAME_INFO")
        register(info)


def games() -> tuple[GameInfo, ...]:
    """Every registered game, built-ins first."""
    _load()
    return tuple(_registry.values())


def names() -> tuple[str, ...]:
    """The names of every registered game (the command line's choices)."""
    return tuple(info.name for info in games())


def all_options() -> tuple[Option, ...]:
    """Every option of every registered game, first occurrence of each name (the command
    line offers one ``--NAME`` per option name)."""
    seen: dict[str, Option] = {}
    for info in games():
        for option in info.options:
            seen.setdefault(option.name, option)
    return tuple(seen.values())


def get(name: str) -> GameInfo:
    """The game called ``name``.

    Raises:
        UnknownGame: no registered game has that name.
    """
    _load()
    info = _registry.get(name)
    if info is None:
        raise UnknownGame(f"unknown game {name!r}: one of {', '.join(_registry)}")
    return info
