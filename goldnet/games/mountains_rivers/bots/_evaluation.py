"""What the strong bot's look-ahead values: roll weights and the contest potential.

:func:`roll_options` gives the lengths the next turn may ask for with integer weights out of 8;
:func:`contest_potential` values the uncollected fields by which territory through each is
nearer completion, and :func:`contest_change` updates it after one reveal or bury by looking only
at the territories that move touched. Values are in :data:`UNIT` per gold.

Invariants: integer arithmetic only (the weights of :data:`~..rules.ROLL_REQUESTS` scaled to 8
stay exact); ``contest_change`` equals the difference of two ``contest_potential`` calls of
seat 0, so the incremental and the full computation never disagree.
"""

from __future__ import annotations

from typing import cast

from ..rules import FREE, ROLL_REQUESTS, range_pad
from ._tables import Tables, touched

UNIT = 1024
"""Evaluation units per gold: every expectation over a roll (weights out of 8) stays an
integer."""


def roll_options(fd: int) -> tuple[tuple[int, int], ...]:
    """``(line length, weight out of 8)`` for the next turn; weight 0 marks a free choice
    (the mover picks the length). Empty when the game is over."""
    if not fd:
        return ()
    rng = range_pad(fd)
    if rng == FREE:
        return ((1, 0), (2, 0))
    return _ROLL_OPTIONS[rng]


_ROLL_OPTIONS: dict[int, tuple[tuple[int, int], ...]] = {
    rng: tuple((cast(int, roll), w * 8 // sum(request.weights)) for roll, w in request.outcomes)
    for rng, request in ROLL_REQUESTS.items()
}
"""Per thrown range, ``(roll, weight out of 8)``: the weights of 1-5, 1-4 and 1-3 sum to 8, 4
and 4, so these stay exact."""


def _share(mine: int, other: int) -> int:
    """The mover's share minus the opponent's of a field (units), when the mover's territory
    through it still holds ``mine`` face-down markers and the opponent's ``other``."""
    return (other - mine) * UNIT // (mine + other) if mine + other else 0


_CONTEST = tuple(tuple(_share(a, b) for b in range(92)) for a in range(92))
"""``_CONTEST[mine][other]``: :func:`_share` for 0 to 91 face-down markers."""


def contest_potential(tab: Tables, fd: int, gold: int, seat: int) -> int:
    """Contest potential of ``seat`` (units): every uncollected field (face down or exposed)
    counts :func:`_share` for the seat whose territory through it is nearer completion.

    A field's gold goes to whichever of its mountain and its river is completed first (both
    players avoid completing the other's). Against the alternatives tried (a table measured
    from self-play of which territory collects a field, and half or 1.5 times this weight)
    this simple form played best.
    """
    km = [(t & fd).bit_count() for t in tab.terr[0]]
    kr = [(t & fd).bit_count() for t in tab.terr[1]]
    live = fd | gold
    total = 0
    for m, r, mask in tab.pairs:
        n = (mask & live).bit_count()
        if n:
            total += n * _CONTEST[km[m]][kr[r]]
    return total if seat == 0 else -total


def facedown_counts(tab: Tables, fd: int) -> tuple[list[int], list[int]]:
    """Face-down markers left in every mountain and every river."""
    return [(t & fd).bit_count() for t in tab.terr[0]], [(t & fd).bit_count() for t in tab.terr[1]]


def contest_change(
    tab: Tables, counts: tuple[list[int], list[int]], live: int, fd2: int, live2: int, mask: int
) -> int:
    """How :func:`contest_potential` of seat 0 changes when a reveal or bury of ``mask``
    turns a position with face-down ``counts`` (:func:`facedown_counts`) and uncollected
    fields ``live`` into one with face-down ``fd2`` and uncollected ``live2`` (units). Only the
    territories holding a field of ``mask`` change."""
    mountains, rivers = touched(tab, mask)
    km, kr = counts
    terr_m, terr_r = tab.terr
    pairs_m, pairs_r = tab.pairs_of
    table = _CONTEST
    new_r = {r: (terr_r[r] & fd2).bit_count() for r in rivers}
    total = 0
    for m in mountains:
        a, a2 = km[m], (terr_m[m] & fd2).bit_count()
        row, row2 = table[a], table[a2]
        for r, pm in pairs_m[m]:
            b = kr[r]
            total += (pm & live2).bit_count() * row2[new_r.get(r, b)] - (
                pm & live
            ).bit_count() * row[b]
    for r in rivers:
        b, b2 = kr[r], new_r[r]
        for m, pm in pairs_r[r]:
            if m not in mountains:  # else counted with its mountain
                row = table[km[m]]
                total += (pm & live2).bit_count() * row[b2] - (pm & live).bit_count() * row[b]
    return total
