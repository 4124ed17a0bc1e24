"""The steps a Mountains & Rivers view is shown as, when another seat plays it (:mod:`ui.pacer`).

One step of the game reaches the table as one view: the tiles thrown, or a whole move — the
line revealed (or the gold buried), every territory it completed collected, and the turn passed
on — at once. Seen at that speed nothing can be followed, so another seat's move is shown as:

1. ``roll``: the tiles thrown (a view of its own), held;
2. ``line``: the revealed markers turned gold (or the buried one face down, the shovel handed
   over), the tiles still showing the roll the move used, held;
3. ``collection`` (only when the move completed a territory): the collected gold gone to its
   owner's score, the tiles still showing the roll, held;
4. ``turn``: the position after the move — the next seat's range, nothing thrown yet — not
   held (the next roll follows).

Invariant: each step's observation is a real :class:`~goldnet.games.mountains_rivers.rules.
Observation` between ``before`` and ``after`` (markers, gold, scores and shovels of one side,
whose turn and which roll of the other); the last step shows ``after`` itself.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from goldnet.engine import Action, Event
from goldnet.games.mountains_rivers.actions import FIELD_NAMES
from goldnet.games.mountains_rivers.geometry import INDEX, parse_field
from goldnet.games.mountains_rivers.rules import Observation

from ..kits import PaceStep
from .geometry import line_between


def _number(name: str) -> int:
    return INDEX[parse_field(name)]


def _collected(events: Sequence[Event]) -> tuple[int, list[int]]:
    """The fields collected by ``events`` (a field-number mask) and the gold each seat got."""
    mask, got = 0, [0, 0]
    for e in events:
        if e.kind == "collect" and e.seat is not None:
            for name in e.get("fields", ()):
                mask |= 1 << _number(str(name))
            got[e.seat] += int(e.get("gold", 0))
    return mask, got


def pace_steps(before: Observation, events: Sequence[Event], after: Observation) -> list[PaceStep]:
    """The steps of one view (see the module docstring): ``before`` and ``after`` are the
    observations around it, ``events`` the rules' events of its one step of the game."""
    kinds = {e.kind for e in events}
    if "reveal" not in kinds and "bury" not in kinds:  # the tiles thrown (or nothing to split)
        name = "roll" if "roll" in kinds else "view"
        return [PaceStep(name, after, tuple(events), held=bool(events))]
    moved = tuple(e for e in events if e.kind in ("reveal", "bury"))
    collects = tuple(e for e in events if e.kind == "collect")
    rest = tuple(e for e in events if e.kind not in ("reveal", "bury", "collect"))
    # until the turn passes, the board shows the mover's turn: its range, its roll
    played = dataclasses.replace(
        after, active=before.active, range_=before.range_, roll=before.roll, turn=before.turn
    )
    mask, got = _collected(collects)
    line = dataclasses.replace(
        played,
        gold=after.gold | mask,
        scores=(after.scores[0] - got[0], after.scores[1] - got[1]),
    )
    steps = [PaceStep("line", line, moved)]
    if collects:
        steps.append(PaceStep("collection", played, collects))
    steps.append(PaceStep("turn", after, rest, held=False))
    return steps


def move_fields(action: Action) -> tuple[int, ...]:
    """The fields (numbers) of a reveal — its whole line — or of a bury; () for anything else
    (an action the table cannot read marks nothing)."""
    try:
        if action[0] == "reveal":
            a, b = FIELD_NAMES.index(str(action[1])), FIELD_NAMES.index(str(action[2]))
            return (a,) if a == b else tuple(line_between(a, b) or (a, b))
        if action[0] == "bury":
            return (FIELD_NAMES.index(str(action[1])),)
    except (IndexError, TypeError, ValueError):
        pass
    return ()
