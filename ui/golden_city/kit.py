"""The Golden City kit: :class:`ui.kits.Kit`'s methods over this package's modules.

This module is imported as soon as the start screen offers the game (it asks for its title), so
it imports only the words; the scene, the pictures, the moves, the rules page and the game's
rules are imported when first used (the lobby's first paint stays as quick as without the game).

Invariants: every state it is given is a :class:`goldnet.games.golden_city.rules.State` (the
registry makes them, :func:`goldnet.games.get`), every observation an
:class:`~goldnet.games.golden_city.state.Observation`; the game has no table options.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from goldnet.engine import Action, Event, Refusal, Terminal

from . import words
from .words import tr

if TYPE_CHECKING:
    from PySide6.QtCore import QObject
    from PySide6.QtGui import QImage

    from ..controller import PlayController
    from ..kits import PaceStep
    from ..rules import RulesText

NAME = "golden-city"

QUIET = frozenset({"turn", "mission-dealt", "claim"})
"""Events a step of another seat is not held on screen for (nothing to see)."""


class MissionClaimer:
    """The player's claims in a game against bots: the mission announced at the first moment
    the rules allow once it is fulfilled (an unannounced mission pays nothing)."""

    def claim(self, observation: Any, claims: Sequence[Action]) -> Action | None:
        from goldnet.games.golden_city.bots import mission_met

        return claims[0] if claims and mission_met(observation) else None


class GoldenCityKit:
    """See the module docstring; each method is documented in :class:`ui.kits.Kit`."""

    game = NAME

    def scene(self, observation: Any, parent: QObject | None = None) -> Any:
        from .scene import TableScene

        return TableScene(observation.board, observation.seats, parent)

    def still_scene(self, state: Any, seat: int | None = None) -> Any:
        from .render import table_scene

        return table_scene(state, seat)

    def preview(self, options: tuple[Any, ...], width: int) -> QImage:
        from goldnet.games import get

        from .render import render_board

        info = get(NAME)
        return render_board(info.make(options, 4), width)  # type: ignore[arg-type]

    def position(self, case: Mapping[str, Any]) -> Any:
        from .cases import position

        return position(case)

    def moves(self, controller: PlayController) -> Any:
        from .moves import GoldenMoves

        return GoldenMoves(controller)

    def tentative_observation(self, committed: Any, trial: Any) -> Any:
        return trial.observation(committed.seat)

    def pace_steps(self, before: Any, events: Sequence[Event], after: Any) -> list[PaceStep]:
        from ..kits import PaceStep

        kinds = {e.kind for e in events}
        name = next((e.kind for e in events if e.kind not in QUIET), "view")
        return [PaceStep(name, after, tuple(events), held=bool(kinds - QUIET))]

    def active_seat(self, observation: Any) -> int | None:
        return None if observation.awaiting[0] == "over" else int(observation.active)

    def turn_of(self, observation: Any) -> Any:
        """What the log needs of the position: how its fields are named (its board's
        :class:`~.places.Places`)."""
        from .places import places

        return places(observation.board, observation.seats)

    def turn_number(self, observation: Any) -> int:
        return int(observation.turn)

    def refusal(self, why: Refusal) -> str:
        return words.refusal(why)

    def log_lines(
        self, events: Sequence[Event], names: Sequence[str], turn: Any, seen: Any = None
    ) -> list[str]:
        from .log import log_lines

        return log_lines(events, names, turn, seen)

    def turn_status(self, phase: str, observation: Any, selected: bool) -> str:
        seat = observation.seat
        below = seat is not None and observation.where[seat][0] == "mine"
        return words.turn_status(phase, observation.awaiting, below)

    def title(self) -> str:
        return words.title()

    def tagline(self) -> str:
        return words.tagline()

    def option_title(self, name: str) -> str:
        return name

    def option_value(self, name: str, value: Any) -> str:
        return str(value)

    def seat_choice(self, seat: int) -> str:
        return words.seat_choice(seat)

    def host_seat_note(self) -> str:
        return words.host_seat_note()

    def bot_level(self, level: str) -> str:
        return words.bot_level(level)

    def bot_name(self, level: str) -> str:
        return words.bot_name(level)

    def table_line(self, options: tuple[Any, ...], names: Sequence[str]) -> str:
        return words.table_line(names)

    def score_line(self, names: Sequence[str], result: Terminal) -> str:
        return words.score_line(names, result)

    def replay_title(self, options: tuple[Any, ...], names: Sequence[str]) -> str:
        return words.replay_title(names)

    def rules(self) -> RulesText:
        from .rules import rules

        return rules()

    # --- optional (ui.kits) -----------------------------------------------------------------

    def claimer(self) -> MissionClaimer:
        return MissionClaimer()

    def end_summary(self, names: Sequence[str], result: Terminal, observation: Any) -> str:
        """The end screen: each seat's bank, its mission shown and what it paid."""
        from .notes import mission_outcome

        rows = []
        order = sorted(range(len(names)), key=lambda s: (-result.scores[s], s))
        for s in order:
            star = "★ " if s in result.winners else ""
            mission = mission_outcome(observation, s) if observation is not None else ""
            rows.append(
                f"<tr><td><b>{star}{escape(names[s])}</b></td>"
                f"<td align='right'>&nbsp;&nbsp;<b>{result.scores[s]}</b>&nbsp;&nbsp;</td>"
                f"<td>{escape(mission)}</td></tr>"
            )
        head = escape(tr("Final banks, missions included"))
        return f"<p>{head}</p><table align='center' cellspacing='4'>{''.join(rows)}</table>"


KIT = GoldenCityKit()
