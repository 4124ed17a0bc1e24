"""The bots' view of a board: actions, territories and lines as padded bit masks.

Holds what every bot computes on: the map from canonical actions to padded masks
(:func:`pad_mask`), the per-board :class:`Tables` (territories per family, the full lines of the
hexagon on each axis, the intersections of mountains and rivers), a reveal with its collection
(:func:`reveal`), and the lines that complete a territory (:func:`finishing_lines`). Masks are on
the padded grid of :mod:`..geometry`, never field numbers.

Invariants: integer arithmetic only; iteration over tuples and lists in canonical (ascending)
order, never over sets, so results do not depend on the platform or hash seeds. The memos
(:func:`tables_of`'s cache, ``Tables.touched``, ``Tables.finishing``) hold pure functions of
their keys and are bounded; they change speed, never results.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from ....engine import Action
from ..board import Board
from ..geometry import FIELD_AT_PAD, LINES, PAD_POS, PAD_STEPS, to_pad
from ..rules import FIELD_NAMES

MAX_ROLL = 5
"""The longest line a roll can ask for (range 1-5)."""


# --- actions as padded masks ---------------------------------------------------------------


def _action_tables() -> tuple[dict[Action, int], dict[Action, int]]:
    reveals: dict[Action, int] = {}
    for n in range(1, MAX_ROLL + 1):
        for mask, idx in LINES[n]:
            lo, hi = min(idx[0], idx[-1]), max(idx[0], idx[-1])
            reveals[("reveal", FIELD_NAMES[lo], FIELD_NAMES[hi])] = to_pad(mask)
    buries: dict[Action, int] = {
        ("bury", name): 1 << PAD_POS[f] for f, name in enumerate(FIELD_NAMES)
    }
    return reveals, buries


_REVEAL_MASK, _BURY_BIT = _action_tables()
"""Canonical reveal actions (lines of 1 to 5 fields) and bury actions -> padded masks."""


def pad_mask(action: Action) -> tuple[bool, int]:
    """``(is_bury, padded mask)`` of a canonical action.

    Raises:
        ValueError: ``action`` is not a canonical reveal of 1 to 5 fields or bury.
    """
    mask = _REVEAL_MASK.get(action)
    if mask is not None:
        return False, mask
    bit = _BURY_BIT.get(action)
    if bit is not None:
        return True, bit
    raise ValueError(f"not a canonical Mountains & Rivers action: {action!r}")


# --- per-board tables ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tables:
    """A board's territories and lines on the padded grid (see :mod:`.geometry`)."""

    terr: tuple[tuple[int, ...], tuple[int, ...]]
    """Padded masks of the territories per family (seat 0's mountains, seat 1's rivers)."""
    family_at: tuple[tuple[int, ...], tuple[int, ...]]
    """``family_at[fam][p]``: the index of the territory of ``fam`` holding padded bit ``p``."""
    line_at: tuple[dict[int, tuple[int, int]], ...]
    """``line_at[axis][p]``: (full line number, position along it) of padded bit ``p``."""
    line_bits: tuple[tuple[tuple[int, ...], ...], ...]
    """``line_bits[axis][line]``: the padded bits of a full line of the hexagon, ascending."""
    line_mask: tuple[tuple[int, ...], ...]
    """``line_mask[axis][line]``: the padded mask of that full line."""
    pairs: tuple[tuple[int, int, int], ...]
    """``(mountain, river, padded mask)`` of every non-empty intersection of the two."""
    pairs_of: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]
    """``pairs_of[fam][i]``: ``(other territory, padded mask)`` of every non-empty
    intersection of territory ``i`` of family ``fam`` with a territory of the other family."""
    star: dict[int, int]
    """``star[p]``: the padded mask of the three full lines through padded bit ``p``."""
    touched: dict[int, tuple[tuple[int, ...], tuple[int, ...]]]
    """Memo: line or field mask -> indices of the mountains and rivers holding its fields
    (bounded: one entry per line of the board)."""
    region: dict[int, int]
    """Memo of :func:`region` (bounded: one entry per line of the board)."""
    finishing: dict[tuple[int, int], tuple[tuple[int, int], ...]]
    """Memo of :func:`finishing_lines` keyed by (face-down of a territory, face-down on the
    lines through its first field); cleared when it grows large."""


_SHAPES: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << (j * step) for j in range(n)) for step in PAD_STEPS) for n in range(MAX_ROLL + 1)
)
"""``_SHAPES[n][axis]``: the padded mask of a line of ``n`` fields starting at bit 0."""


def _pairs(board: Board) -> tuple[tuple[int, int, int], ...]:
    return tuple(
        (m, r, to_pad(mm & rm))
        for m, mm in enumerate(board.mountains)
        for r, rm in enumerate(board.rivers)
        if mm & rm
    )


@lru_cache(maxsize=32)
def tables_of(board: Board) -> Tables:
    pairs = _pairs(board)
    size = max(PAD_POS) + 1
    family_at: list[tuple[int, ...]] = []
    for of in (board.mountain_of, board.river_of):
        at = [0] * size
        for f, p in enumerate(PAD_POS):
            at[p] = of[f]
        family_at.append(tuple(at))
    line_at: list[dict[int, tuple[int, int]]] = []
    line_bits: list[tuple[tuple[int, ...], ...]] = []
    line_mask: list[tuple[int, ...]] = []
    for step in PAD_STEPS:
        at_axis: dict[int, tuple[int, int]] = {}
        full: list[tuple[int, ...]] = []
        for p in PAD_POS:
            if p - step in FIELD_AT_PAD:
                continue
            bits: list[int] = []
            q = p
            while q in FIELD_AT_PAD:
                at_axis[q] = (len(full), len(bits))
                bits.append(q)
                q += step
            full.append(tuple(bits))
        line_at.append(at_axis)
        line_bits.append(tuple(full))
        line_mask.append(tuple(sum(1 << q for q in bits) for bits in full))
    return Tables(
        (
            tuple(to_pad(m) for m in board.mountains),
            tuple(to_pad(m) for m in board.rivers),
        ),
        (family_at[0], family_at[1]),
        tuple(line_at),
        tuple(line_bits),
        tuple(line_mask),
        pairs,
        (
            tuple(
                tuple((r, pm) for m, r, pm in pairs if m == i) for i in range(len(board.mountains))
            ),
            tuple(tuple((m, pm) for m, r, pm in pairs if r == i) for i in range(len(board.rivers))),
        ),
        {p: _union(line_mask[axis][line_at[axis][p][0]] for axis in range(3)) for p in PAD_POS},
        {},
        {},
        {},
    )


def _union(masks: Iterable[int]) -> int:
    """The union of ``masks`` (never their sum: they overlap)."""
    out = 0
    for mask in masks:
        out |= mask
    return out


def touched(tab: Tables, mask: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Indices of the mountains and of the rivers that hold a field of ``mask`` (sorted)."""
    hit = tab.touched.get(mask)
    if hit is None:
        found: tuple[list[int], list[int]] = ([], [])
        rest = mask
        while rest:
            low = rest & -rest
            p = low.bit_length() - 1
            for fam in (0, 1):
                i = tab.family_at[fam][p]
                if i not in found[fam]:
                    found[fam].append(i)
            rest ^= low
        hit = (tuple(sorted(found[0])), tuple(sorted(found[1])))
        tab.touched[mask] = hit
    return hit


def region(tab: Tables, mask: int) -> int:
    """The padded mask of every territory holding a field of ``mask`` and of every territory
    of the other family crossing one of those: what a reveal or bury of ``mask`` collects, and
    how it changes the contest potential, depends on the markers there only."""
    hit = tab.region.get(mask)
    if hit is None:
        hit = 0
        for fam in (0, 1):
            other = tab.terr[1 - fam]
            for i in touched(tab, mask)[fam]:
                hit |= tab.terr[fam][i]
                for j, _ in tab.pairs_of[fam][i]:
                    hit |= other[j]
        tab.region[mask] = hit
    return hit


def reveal(tab: Tables, fd: int, gold: int, mask: int, seat: int) -> tuple[int, int, int]:
    """Reveal line ``mask`` for ``seat`` and collect (docs/rules/mountains-rivers.md, "A turn" 5).

    Returns:
        ``(face-down, gold, difference)``: the padded masks after collection and the gold
        ``seat`` gained minus the gold the opponent gained.
    """
    fd &= ~mask
    gold |= mask
    diff = 0
    holders = touched(tab, mask)
    for fam, sign in ((seat, 1), (1 - seat, -1)):
        terr = tab.terr[fam]
        for i in holders[fam]:
            t = terr[i]
            if not t & fd:
                got = t & gold
                if got:
                    diff += sign * got.bit_count()
                    gold &= ~got
    return fd, gold, diff


_MEMO_LIMIT = 1 << 16
"""Entries a per-board memo may hold before it is cleared (memory bound, not behaviour)."""


def finishing_lines(tab: Tables, fd: int, left: int) -> tuple[tuple[int, int], ...]:
    """Every ``(n, line mask)`` of a line of ``n <= 5`` face-down fields containing all of
    ``left`` (a territory's face-down markers, non-empty): the reveals that complete it."""
    if left.bit_count() > MAX_ROLL:
        return ()
    p0 = (left & -left).bit_length() - 1
    key = (left, fd & tab.star[p0])
    hit = tab.finishing.get(key)
    if hit is None:
        hit = _finishing_lines_now(tab, fd, left, p0)
        if len(tab.finishing) >= _MEMO_LIMIT:
            tab.finishing.clear()
        tab.finishing[key] = hit
    return hit


def _finishing_lines_now(tab: Tables, fd: int, left: int, p0: int) -> tuple[tuple[int, int], ...]:
    out: list[tuple[int, int]] = []
    top = left.bit_length() - 1
    if left == 1 << p0:
        out.append((1, left))
    for axis, step in enumerate(PAD_STEPS):
        line, lo = tab.line_at[axis][p0]
        if left & ~tab.line_mask[axis][line]:
            continue
        span = (top - p0) // step + 1
        if span > MAX_ROLL or _SHAPES[span][axis] << p0 & ~fd:
            continue
        bits = tab.line_bits[axis][line]
        hi = lo + span - 1
        room = MAX_ROLL - span
        before = 0
        while before < room and lo - before - 1 >= 0 and fd >> bits[lo - before - 1] & 1:
            before += 1
        after = 0
        while after < room and hi + after + 1 < len(bits) and fd >> bits[hi + after + 1] & 1:
            after += 1
        for n in range(max(span, 2), min(MAX_ROLL, span + before + after) + 1):
            shape = _SHAPES[n][axis]
            for start in range(max(lo - before, hi - n + 1), min(lo, hi + after - n + 1) + 1):
                out.append((n, shape << bits[start]))
    return tuple(out)


def finishing_reach(tab: Tables, left: int) -> int:
    """The padded mask :func:`finishing_lines` reads for ``left`` besides ``left`` itself:
    on each axis whose line through ``left`` holds it all within ``MAX_ROLL`` fields, the fields
    from ``left``'s first to its last and up to ``MAX_ROLL`` minus that span on either side.
    While the face-down markers there and in ``left`` stay, so do the lines."""
    if not left or left.bit_count() > MAX_ROLL:
        return 0
    p0 = (left & -left).bit_length() - 1
    top = left.bit_length() - 1
    out = 0
    for axis, step in enumerate(PAD_STEPS):
        line, lo = tab.line_at[axis][p0]
        if left & ~tab.line_mask[axis][line]:
            continue
        span = (top - p0) // step + 1
        if span > MAX_ROLL:
            continue
        room = MAX_ROLL - span
        for q in tab.line_bits[axis][line][max(0, lo - room) : lo + span + room]:
            out |= 1 << q
    return out


def count_lines(fd: int, n: int) -> int:
    """How many straight lines of ``n`` face-down fields ``fd`` holds."""
    if n == 1:
        return fd.bit_count()
    total = 0
    for step in PAD_STEPS:
        starts = fd
        for k in range(1, n):
            starts &= fd >> (k * step)
        total += starts.bit_count()
    return total
