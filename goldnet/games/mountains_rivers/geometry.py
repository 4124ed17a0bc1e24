"""Geometry of the Mountains & Rivers hexagon (docs/rules/mountains-rivers.md, "Board and seats").

91 fields on a hexagon of side 6, in axial coordinates ``(q, r)`` with
``max(|q|, |r|, |q + r|) <= 5``. Fields are numbered 0..90 in the canonical order
(by ``r``, then ``q``); sets of fields are Python ``int`` bitmasks over those numbers, which
keeps the rules fast and iteration order fixed.

Invariants: every table here is a tuple computed once at import, in canonical order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from ...errors import GoldnetError

RADIUS = 5
"""Largest coordinate distance from the centre: a hexagon of side ``RADIUS + 1``."""

Coord = tuple[int, int]
"""Axial coordinates ``(q, r)`` of a field."""

AXES: tuple[Coord, ...] = ((1, 0), (0, 1), (1, -1))
"""The three directions a straight line runs along."""

DIRECTIONS: tuple[Coord, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
"""The six neighbour offsets."""


def on_board(q: int, r: int) -> bool:
    """Whether ``(q, r)`` is one of the 91 fields."""
    return max(abs(q), abs(r), abs(q + r)) <= RADIUS


COORDS: tuple[Coord, ...] = tuple(
    (q, r) for r in range(-RADIUS, RADIUS + 1) for q in range(-RADIUS, RADIUS + 1) if on_board(q, r)
)
"""Every field's coordinates; a field's number is its index here."""

N_FIELDS = len(COORDS)
ALL_FIELDS = (1 << N_FIELDS) - 1
"""The bitmask of every field."""

INDEX: dict[Coord, int] = {c: i for i, c in enumerate(COORDS)}

NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX[(q + dq, r + dr)] for dq, dr in DIRECTIONS if on_board(q + dq, r + dr))
    for q, r in COORDS
)
"""For each field, the numbers of its neighbours (ascending by direction order)."""

NEIGHBOUR_MASKS: tuple[int, ...] = tuple(sum(1 << j for j in ns) for ns in NEIGHBOURS)


class FieldSyntaxError(GoldnetError, ValueError):
    """A field written in text is not of the form ``"q,r"`` with two integers."""


def parse_field(text: str) -> Coord:
    """Parse ``"q,r"`` (spaces allowed around the numbers) into axial coordinates.

    The field need not be on the board; see :func:`on_board`.

    Raises:
        FieldSyntaxError: ``text`` is not two comma-separated integers.
    """
    if not isinstance(text, str):
        raise FieldSyntaxError(f"a field must be a string 'q,r', not {text!r}")
    parts = text.split(",")
    if len(parts) != 2:
        raise FieldSyntaxError(f"a field is written 'q,r', not {text!r}")
    try:
        return int(parts[0]), int(parts[1])
    except ValueError:
        raise FieldSyntaxError(f"a field is written 'q,r' with integers, not {text!r}") from None


def format_field(coord: Coord) -> str:
    """Write axial coordinates as ``"q,r"``."""
    return f"{coord[0]},{coord[1]}"


def mask_of(fields: Iterable[int]) -> int:
    """The bitmask of the given field numbers."""
    mask = 0
    for f in fields:
        mask |= 1 << f
    return mask


def fields_of(mask: int) -> Iterator[int]:
    """The field numbers in ``mask``, ascending."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _lines(length: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    if length == 1:
        # A single field lies on three axes: it is one line, not three.
        return tuple((1 << i, (i,)) for i in range(N_FIELDS))
    out: list[tuple[int, tuple[int, ...]]] = []
    for q, r in COORDS:
        for dq, dr in AXES:
            cells = [(q + k * dq, r + k * dr) for k in range(length)]
            if all(on_board(*c) for c in cells):
                idx = tuple(INDEX[c] for c in cells)
                out.append((mask_of(idx), idx))
    return tuple(out)


LINES: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = tuple(
    _lines(n) if n else () for n in range(2 * RADIUS + 2)
)
"""``LINES[n]``: every straight line of ``n`` consecutive fields as ``(mask, fields)``, with
``fields`` ordered from one end to the other along its axis; each line appears once."""

PAIRS: tuple[tuple[int, tuple[int, ...]], ...] = LINES[2]
"""Every pair of neighbouring fields (the lines of two)."""


# --- symmetries -------------------------------------------------------------------------

Symmetry = Callable[[Coord], Coord]


def _rotate(c: Coord) -> Coord:
    """Rotation by 60 degrees about the centre."""
    q, r = c
    return (-r, q + r)


def _reflect(c: Coord) -> Coord:
    """Reflection exchanging the q and r axes."""
    q, r = c
    return (r, q)


def _compose(reflect: bool, turns: int) -> Symmetry:
    def apply(c: Coord) -> Coord:
        if reflect:
            c = _reflect(c)
        for _ in range(turns):
            c = _rotate(c)
        return c

    return apply


SYMMETRY_NAMES: tuple[str, ...] = tuple(
    [f"rotation {60 * k}" for k in range(6)]
    + [f"reflection, then rotation {60 * k}" for k in range(6)]
)
"""Names of the 12 symmetries of the hexagon; index 0 is the identity."""

SYMMETRIES: tuple[Symmetry, ...] = tuple(
    [_compose(False, k) for k in range(6)] + [_compose(True, k) for k in range(6)]
)
"""The 12 symmetries as functions on coordinates, in the order of :data:`SYMMETRY_NAMES`."""

FIELD_SYMMETRIES: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX[s(c)] for c in COORDS) for s in SYMMETRIES
)
"""``FIELD_SYMMETRIES[k][f]``: the number of the image of field ``f`` under symmetry ``k``."""


# --- the padded grid ---------------------------------------------------------------------
#
# The rules keep their sets of fields as bitmasks over a padded 11 x 12 grid: field (q, r) is
# bit (r + 5) * 12 + (q + 5). Along the three axes a neighbour is then a fixed shift (1, 12 or
# 11 bits) and the 12th column, always zero, stops lines from wrapping, so every straight line of
# face-down markers is found by a handful of shifts and ANDs. The grid order agrees with the
# canonical field order (by r, then q).

PAD_WIDTH = 2 * RADIUS + 2
"""Bits per row of the padded grid (one more than the widest row)."""

PAD_STEPS: tuple[int, ...] = (1, PAD_WIDTH, PAD_WIDTH - 1)
"""Bit shift of one step along each axis, towards larger bits: (1, 0), (0, 1) and (-1, 1)."""

PAD_POS: tuple[int, ...] = tuple((r + RADIUS) * PAD_WIDTH + (q + RADIUS) for q, r in COORDS)
"""``PAD_POS[f]``: the padded-grid bit of field number ``f`` (ascending in ``f``)."""

FIELD_AT_PAD: dict[int, int] = {p: f for f, p in enumerate(PAD_POS)}

PAD_ALL = sum(1 << p for p in PAD_POS)
"""The padded mask of every field."""


def _pad_rows() -> tuple[tuple[int, int, int], ...]:
    rows: list[tuple[int, int, int]] = []
    for r in range(-RADIUS, RADIUS + 1):
        fields = [f for f, (_, fr) in enumerate(COORDS) if fr == r]
        rows.append((fields[0], PAD_POS[fields[0]], (1 << len(fields)) - 1))
    return tuple(rows)


PAD_ROWS: tuple[tuple[int, int, int], ...] = _pad_rows()
"""Per row of the board: ``(first field number, its padded bit, mask of the row's width)``.
A row's fields are consecutive both in field numbers and in padded bits, so a mask converts
between the two numberings a whole row at a time."""


def to_pad(mask: int) -> int:
    """A field-number bitmask as a padded-grid bitmask (a row at a time: this is hot)."""
    out = 0
    for field, bit, width in PAD_ROWS:
        out |= (mask >> field & width) << bit
    return out


def pad_fields(pad: int) -> Iterator[int]:
    """The field numbers in padded mask ``pad``, ascending."""
    while pad:
        low = pad & -pad
        yield FIELD_AT_PAD[low.bit_length() - 1]
        pad ^= low


def from_pad(pad: int) -> int:
    """A padded-grid bitmask as a field-number bitmask (a row at a time: this is hot). Bits
    off the board (the padding column, beyond the last row) are ignored."""
    out = 0
    for field, bit, width in PAD_ROWS:
        out |= (pad >> bit & width) << field
    return out


def line_starts(pad: int, n: int, step: int) -> int:
    """The padded bits ``p`` with ``p, p + step, ..., p + (n - 1) * step`` all in ``pad``."""
    starts = pad
    for k in range(1, n):
        starts &= pad >> (k * step)
    return starts
