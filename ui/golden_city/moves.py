"""Clicks on the Golden City board into actions, for a table's controller.

:class:`GoldenMoves` is the Golden City part of :class:`ui.controller.PlayController`. Whenever
the controller's phase changes it tells the scene what the player may do now — an
:class:`~.beats.Offer` made from the legal actions (the view's, or the tentative position's
while choices are chained before Confirm) — so the scene lights the destinations, opens the
store, shows the die tray's buttons. A click then becomes the action it names:

- a button (``("act", action)``: Buy, Leave the store, Roll the die, the Pony Express, a
  bubble's choice) is that action;
- a field (``("field", f)``, or ``("mine", m)`` below) is the one legal action ending there —
  a move, a descent, a raft crossing, a lantern's peek; when a field ends the move in two ways
  (a cave reached with a pickaxe: go down, or stay on it) a bubble offers both.

Whether an action is legal comes from the legal actions, and trying it on the controller's
clone (its ``_try``) words a refusal as the hint. Hovering a destination previews the move
with an arrow.

Invariant: it is called only in the controller's ``"human"`` phase, or while choices are
chained (the controller answers clicks in every other phase itself).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from goldnet.engine import Action

from .beats import Offer
from .words import choose_one, descend_choice, nothing_here, stay_choice

if TYPE_CHECKING:
    from ..controller import PlayController

FIELD_VERBS = ("move", "descend", "raft", "lantern")


class GoldenMoves:
    """Clicks and hovers of one controller (see the module docstring)."""

    def __init__(self, controller: PlayController) -> None:
        self.c = controller
        self.bubble: tuple[tuple[str, int], str, tuple[tuple[str, Action], ...]] | None = None
        self.arrow: tuple[tuple[str, int], tuple[str, int]] | None = None
        controller.phaseChanged.connect(self.refresh)

    # --- what the player may do now --------------------------------------------------------

    def _observation(self) -> Any:
        return self.c.observation()

    def offer(self) -> Offer | None:
        """The offer of now, or None when the player has nothing to choose."""
        c = self.c
        if c.human is None or not (c.phase == "human" or c.chaining()):
            return None
        legal = frozenset(c.legal_now())
        obs = self._observation()
        if not legal or obs is None:
            return None
        head = obs.awaiting[0] if obs.awaiting else ""
        if head not in ("store", "before", "move"):
            return None
        return Offer(c.human, str(head), legal, self.arrow, self.bubble)

    def refresh(self) -> None:
        """Tell the scene the offer of now (the controller's phase changed)."""
        if self.c.phase not in ("human", "confirm"):
            self.bubble = self.arrow = None
        self.c.previewChanged.emit(self.offer(), True)

    # --- clicks -------------------------------------------------------------------------------

    def _targets(self, target: tuple[str, int]) -> list[Action]:
        """The legal actions that end on ``target``."""
        c = self.c
        obs = self._observation()
        seat = c.human
        if obs is None or seat is None:
            return []
        kind, number = target
        below = obs.where[seat][0] == "mine"
        board = obs.board
        if kind == "mine":
            if not below or not 0 <= number < len(board.mine.names):
                return []
            name = board.mine.names[number]
            verbs: tuple[str, ...] = ("move",)
        else:
            if not 0 <= number < len(board.surface.names):
                return []
            name = board.surface.names[number]
            verbs = FIELD_VERBS if not below else ()
        legal = c.legal_now()
        return [
            a for a in sorted(legal, key=repr) if len(a) == 2 and a[0] in verbs and a[1] == name
        ]

    def click(self, target: Any) -> None:
        """A click on ``target`` on the player's turn (module docstring)."""
        c = self.c
        if isinstance(target, tuple) and len(target) == 2 and target[0] == "act":
            self.bubble = None
            action = tuple(target[1])
            c._try(action)
            self.refresh()
            return
        if not (isinstance(target, tuple) and len(target) == 2 and target[0] in ("field", "mine")):
            return
        actions = self._targets(target)
        if len(actions) == 1:
            self.bubble = self.arrow = None
            c._try(actions[0])
            self.refresh()
        elif len(actions) > 1:
            words = {"descend": descend_choice(), "move": stay_choice()}
            choices = tuple(
                (words.get(str(a[0]), str(a[0])), a)
                for a in sorted(actions, key=lambda a: a[0] != "descend")
            )
            self.bubble = (target, choose_one(), choices)
            self.refresh()
        else:
            self.bubble = None
            self.refresh()
            self._refuse(target)

    def _refuse(self, target: tuple[str, int]) -> None:
        """A click on a field nothing ends on: the rules' refusal of a move there, if the
        turn awaits a move; else what to do."""
        c = self.c
        obs = self._observation()
        if obs is not None and obs.awaiting and obs.awaiting[0] == "move":
            kind, number = target
            grid = obs.board.mine if kind == "mine" else obs.board.surface
            if 0 <= number < len(grid.names):
                c._try(("move", grid.names[number]))
                return
        c.hintChanged.emit(nothing_here())

    def hover(self, target: Any) -> None:
        """The pointer over ``target`` (None: off the board): preview a move ending there."""
        c = self.c
        arrow = None
        if isinstance(target, tuple) and len(target) == 2 and self._targets(target):
            obs = self._observation()
            seat = c.human
            if obs is not None and seat is not None:
                where, at = obs.where[seat]
                start = ("mine" if where == "mine" else "field", at)
                if start != target:
                    arrow = (start, target)
        if arrow != self.arrow:
            self.arrow = arrow
            c.previewChanged.emit(self.offer(), True)
