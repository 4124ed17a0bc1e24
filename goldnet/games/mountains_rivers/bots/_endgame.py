"""Exact free-choice endings: alpha-beta over the final gold difference.

A free-choice position (no roll, no bury) is a game of perfect information; :class:`Endgame`
solves it exactly within a node budget, or gives up (``None``) so the caller falls back to its
evaluation.

Invariants: values are integers (gold); children are expanded in a fixed order (single markers
by ascending bit, then neighbouring pairs per axis, sorted by immediate gain with a stable sort);
the node budget is a count, never a clock, so whether the search finishes is the same on every
machine. The transposition table lives for one decision.
"""

from __future__ import annotations

from collections.abc import Sequence

from ....engine import Action
from ..geometry import PAD_STEPS
from ._tables import Tables, pad_mask, reveal


class _OutOfBudget(Exception):
    """The endgame search visited its node budget without finishing."""


_EXACT, _LOWER, _UPPER = 0, 1, 2


class Endgame:
    """Exact alpha-beta over a free-choice ending (no chance, no bury: a game of perfect
    information), maximising the final gold difference; values in gold.

    One instance serves one decision: its transposition table maps ``(face-down, gold,
    seat)`` to ``(value, bound kind)``, and ``budget`` counts the nodes it may still expand.
    """

    __slots__ = ("budget", "memo", "tab")

    def __init__(self, tab: Tables, budget: int) -> None:
        self.tab = tab
        self.budget = budget
        self.memo: dict[tuple[int, int, int], tuple[int, int]] = {}

    def values(
        self, fd: int, gold: int, seat: int, legal_actions: Sequence[Action]
    ) -> list[int] | None:
        """The value of each action (gold this turn and after, for ``seat``), exact for the
        best actions and an upper bound below the best for the others; None when the search
        would exceed its node budget."""
        children = []
        for action in legal_actions:
            bury, mask = pad_mask(action)
            if bury:
                return None
            children.append(reveal(self.tab, fd, gold, mask, seat))
        order = sorted(range(len(children)), key=lambda i: -children[i][2])
        out = [0] * len(children)
        best = -_INF
        try:
            for i in order:
                fd2, gold2, diff = children[i]
                if fd2:
                    diff -= self._search(fd2, gold2, 1 - seat, -_INF, diff - best + 1)
                out[i] = diff
                best = max(best, diff)
        except _OutOfBudget:
            return None
        return out

    def _search(self, fd: int, gold: int, seat: int, alpha: int, beta: int) -> int:
        key = (fd, gold, seat)
        hit = self.memo.get(key)
        if hit is not None:
            value, kind = hit
            if (
                kind == _EXACT
                or (kind == _LOWER and value >= beta)
                or (kind == _UPPER and value <= alpha)
            ):
                return value
        self.budget -= 1
        if self.budget < 0:
            raise _OutOfBudget
        tab = self.tab
        children = []
        for mask in _free_moves(fd):
            children.append(reveal(tab, fd, gold, mask, seat))
        children.sort(key=lambda child: -child[2])
        start = alpha
        best = -_INF
        for fd2, gold2, diff in children:
            if fd2:
                diff -= self._search(fd2, gold2, 1 - seat, diff - beta, diff - alpha)
            if diff > best:
                best = diff
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        kind = _LOWER if best >= beta else _UPPER if best <= start else _EXACT
        self.memo[key] = (best, kind)
        return best


_INF = 1 << 20


def _free_moves(fd: int) -> list[int]:
    """Padded masks of the free-choice reveals: every face-down marker, then every pair of
    neighbouring face-down markers."""
    out: list[int] = []
    rest = fd
    while rest:
        low = rest & -rest
        out.append(low)
        rest ^= low
    for step in PAD_STEPS:
        rest = fd & fd >> step
        while rest:
            low = rest & -rest
            out.append(low | low << step)
            rest ^= low
    return out
