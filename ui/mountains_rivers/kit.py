"""The Mountains & Rivers kit: :class:`ui.kits.Kit`'s methods over this package's modules.

Invariants: every state it is given is a :class:`goldnet.games.mountains_rivers.rules.State`
(the registry makes them, :func:`goldnet.games.get`), every observation an
:class:`~goldnet.games.mountains_rivers.rules.Observation`; the table options are ``(board,)``.

This module is imported as soon as the start screen offers the game (it asks for its title), so
it imports only the words; the scene, the pictures, the moves, the rules page and the game's
rules are imported when first used (the lobby's first paint does not wait for them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from goldnet.engine import Event, IllegalAction, Refusal, Terminal
from goldnet.games.mountains_rivers.info import NAME

from . import texts

if TYPE_CHECKING:
    from PySide6.QtCore import QObject
    from PySide6.QtGui import QImage

    from goldnet.games.mountains_rivers.rules import Observation, State

    from ..controller import PlayController
    from ..kits import PaceStep
    from ..rules import RulesText
    from .moves import FieldMoves
    from .scene import TableScene


class MountainsRiversKit:
    """See the module docstring; each method is documented in :class:`ui.kits.Kit`."""

    game = NAME

    def scene(self, observation: Observation, parent: QObject | None = None) -> TableScene:
        from .scene import TableScene

        return TableScene(observation.board, parent)

    def still_scene(self, state: State) -> TableScene:
        from .render import table_scene

        return table_scene(state)

    def preview(self, options: tuple[Any, ...], width: int) -> QImage:
        from goldnet.games import get as game_info
        from goldnet.games.mountains_rivers.rules import State

        from .render import render_board

        info = game_info(NAME)
        state = info.make(options, info.seats[0])
        assert isinstance(state, State)
        return render_board(state, width)

    def position(self, case: Mapping[str, Any]) -> State:
        from goldnet.games.mountains_rivers import scenario

        state = scenario.initial_state(case)
        for step in case.get("steps") or ():
            action = step.get("action") if isinstance(step, dict) else None
            if action is None:
                continue
            kind, fields = scenario._parse_action("step", action)
            try:
                state = scenario.play_action(state, kind, fields, step.get("roll"))
            except IllegalAction:
                continue  # the case shows a refused move: the position stays
        return state

    def moves(self, controller: PlayController) -> FieldMoves:
        from .moves import FieldMoves

        return FieldMoves(controller)

    def tentative_observation(self, committed: Observation, trial: State) -> Any:
        from .moves import tentative_observation

        return tentative_observation(committed, trial)

    def pace_steps(
        self, before: Observation, events: Sequence[Event], after: Observation
    ) -> list[PaceStep]:
        from .pace import pace_steps

        return pace_steps(before, events, after)

    def active_seat(self, observation: Observation) -> int | None:
        return observation.active

    def turn_of(self, observation: Observation) -> int | None:
        """The roll the turn is played with (None in free choice or before a throw)."""
        return observation.roll

    def turn_number(self, observation: Observation) -> int:
        return observation.turn

    def refusal(self, why: Refusal) -> str:
        return texts.refusal(why)

    def log_lines(
        self, events: Sequence[Event], names: Sequence[str], turn: Any, seen: Any = None
    ) -> list[str]:
        return texts.log_lines(events, names, turn)  # no private cards in this game

    def turn_status(self, phase: str, observation: Observation, selected: bool) -> str:
        from goldnet.games.mountains_rivers.rules import FREE, State

        can_bury = State.from_observation(observation).count_buries() > 0
        free = observation.range_ == FREE
        return texts.turn_status(phase, observation.roll, free, selected, can_bury)

    def title(self) -> str:
        return texts.title()

    def tagline(self) -> str:
        return texts.tagline()

    def option_title(self, name: str) -> str:
        return texts.option_title(name)

    def option_value(self, name: str, value: Any) -> str:
        return texts.option_value(name, value)

    def seat_choice(self, seat: int) -> str:
        return texts.seat_choice(seat)

    def host_seat_note(self) -> str:
        return texts.host_seat_note()

    def bot_level(self, level: str) -> str:
        return texts.bot_level(level)

    def bot_name(self, level: str) -> str:
        return texts.bot_name(level)

    def table_line(self, options: tuple[Any, ...], names: Sequence[str]) -> str:
        return texts.table_line(int(options[0]), names)

    def score_line(self, names: Sequence[str], result: Terminal) -> str:
        return texts.score_line(names, result.scores)

    def replay_title(self, options: tuple[Any, ...], names: Sequence[str]) -> str:
        return texts.replay_title(int(options[0]), names)

    def rules(self) -> RulesText:
        from . import rules

        return rules.rules()


KIT = MountainsRiversKit()
