"""Clicks on fields into Mountains & Rivers actions, for a table's controller. :class:`FieldMoves`
is the Mountains & Rivers part of :class:`ui.controller.PlayController`: the scene reports a
click or a hover on field ``f`` (``-1``: the pointer left the board), and it turns them into the
rules' actions, reading the controller's committed observation (``obs``) — a line from its first
to its last marker, one marker on a roll of one, a bury on exposed gold — holding no rules of
its own. Whether a line is legal comes from the controller's legal actions (for the hover
preview) and from ``State.apply`` raising :class:`~goldnet.engine.IllegalAction` (through the
controller's ``_try``, which words the refusal as a hint).

Invariant: it is called only in the controller's ``"human"`` phase (the controller answers
clicks in every other phase itself).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from goldnet.games.mountains_rivers.rules import FIELD_NAMES, FREE, bury_action, reveal_action

from . import texts
from .geometry import line_between

if TYPE_CHECKING:
    from ..controller import PlayController


def tentative_observation(committed: Any, trial: Any) -> Any:
    """What the table shows while an action waits for Confirm: the position after it
    (``trial``, a state), with the range and roll the turn was played with (``committed``, the
    committed observation)."""
    after = trial.observation(None)
    return dataclasses.replace(after, range_=committed.range_, roll=committed.roll)


class FieldMoves:
    """Clicks and hovers of one controller (see the module docstring)."""

    def __init__(self, controller: PlayController) -> None:
        self.c = controller

    def is_free_choice(self) -> bool:
        return bool(self.c.obs.range_ == FREE)

    def _status(self, f: int) -> str:
        obs = self.c.obs
        if obs.facedown >> f & 1:
            return "facedown"
        if obs.gold >> f & 1:
            return "gold"
        return "empty"

    def click(self, f: int) -> None:
        """A click on field ``f`` on the player's turn."""
        c = self.c
        name = FIELD_NAMES[f]
        a = c.selection
        if a is None:
            status = self._status(f)
            if status == "gold":
                c._try(bury_action(name))
            elif status == "empty":
                c.hintChanged.emit(texts.collected_field())
            elif not self.is_free_choice() and c.obs.roll == 1:
                c._try(reveal_action(name))
            else:
                c._select(f)
        elif a == f and not self.is_free_choice():
            c._select(None)
        else:
            c._try(reveal_action(FIELD_NAMES[a], name))

    def hover(self, f: int) -> None:
        """The pointer is over field ``f`` (-1: off the board) on the player's turn: preview
        the line."""
        c = self.c
        if f < 0:
            c.previewChanged.emit(None, True)
            return
        a = c.selection
        if a is None:
            single_roll = c.obs.roll == 1 and not self.is_free_choice()
            if single_roll and self._status(f) == "facedown":
                ok = reveal_action(FIELD_NAMES[f]) in c._legal
                c.previewChanged.emit((f,), ok)
            elif self._status(f) == "gold":
                c.previewChanged.emit((f,), bury_action(FIELD_NAMES[f]) in c._legal)
            else:
                c.previewChanged.emit(None, True)
            return
        line = line_between(a, f)
        if line is None:
            c.previewChanged.emit((a, f), False)
        else:
            ok = reveal_action(FIELD_NAMES[a], FIELD_NAMES[f]) in c._legal
            c.previewChanged.emit(line, ok)
