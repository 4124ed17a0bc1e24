"""A Mountains & Rivers board: two partitions of the 91 fields into territories.

Seat 0 owns the mountains, seat 1 the rivers (docs/rules/mountains-rivers.md, "Board and
seats"). Every field belongs to exactly one mountain and one river; every territory is a
connected set of fields.
The standard boards (3 to 8 fields per territory) are in :mod:`.boards`; scenario boards may be
any partition into connected sets.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from ...errors import GoldnetError
from .geometry import (
    ALL_FIELDS,
    COORDS,
    INDEX,
    N_FIELDS,
    NEIGHBOUR_MASKS,
    FieldSyntaxError,
    fields_of,
    format_field,
    on_board,
    parse_field,
)

MOUNTAINS = 0
"""Territory family owned by seat 0."""
RIVERS = 1
"""Territory family owned by seat 1."""
FAMILY_NAMES = ("mountain", "river")


class BoardError(GoldnetError, ValueError):
    """Territories that do not form a valid board; the message says what is wrong."""


def is_connected(mask: int) -> bool:
    """Whether the fields of ``mask`` (non-empty) form one connected set along hex adjacency."""
    start = mask & -mask
    seen = start
    frontier = start
    while frontier:
        grow = 0
        for f in fields_of(frontier):
            grow |= NEIGHBOUR_MASKS[f]
        frontier = grow & mask & ~seen
        seen |= frontier
    return seen == mask


def _check_partition(kind: str, masks: Sequence[int]) -> None:
    union = 0
    for i, m in enumerate(masks):
        if m == 0:
            raise BoardError(f"{kind} {i + 1} has no field")
        if union & m:
            dup = format_field(COORDS[next(fields_of(union & m))])
            raise BoardError(f"field {dup} is in two {kind}s")
        if not is_connected(m):
            raise BoardError(f"{kind} {i + 1} is not connected")
        union |= m
    if union != ALL_FIELDS:
        missing = format_field(COORDS[next(fields_of(ALL_FIELDS & ~union))])
        raise BoardError(f"field {missing} is in no {kind}")


@dataclass(frozen=True, slots=True)
class Board:
    """Territories as bitmasks over field numbers (see :mod:`.geometry`).

    Attributes:
        mountains: one bitmask per mountain (seat 0's territories).
        rivers: one bitmask per river (seat 1's territories).
        watercourses: for drawing only, per river the hex-adjacent field pairs of a spanning
            tree of its fields; empty for boards that carry none.
        number: the standard board number 1..11, or ``None`` for a scenario board.
        digest: SHA-256 over both families' masks (each family: its count as one byte, then
            each mask as 12 big-endian bytes); identifies the territories in state hashes.

    Raises:
        BoardError: on construction, when either family is not a partition of the 91 fields
            into non-empty connected sets.
    """

    mountains: tuple[int, ...]
    rivers: tuple[int, ...]
    watercourses: tuple[tuple[tuple[int, int], ...], ...] = ()
    number: int | None = None
    mountain_of: tuple[int, ...] = field(init=False, repr=False, compare=False)
    river_of: tuple[int, ...] = field(init=False, repr=False, compare=False)
    digest: bytes = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _check_partition("mountain", self.mountains)
        _check_partition("river", self.rivers)
        m_of = [0] * N_FIELDS
        r_of = [0] * N_FIELDS
        for i, m in enumerate(self.mountains):
            for f in fields_of(m):
                m_of[f] = i
        for i, m in enumerate(self.rivers):
            for f in fields_of(m):
                r_of[f] = i
        object.__setattr__(self, "mountain_of", tuple(m_of))
        object.__setattr__(self, "river_of", tuple(r_of))
        blob = b"".join(
            len(family).to_bytes(1, "big") + b"".join(m.to_bytes(12, "big") for m in family)
            for family in (self.mountains, self.rivers)
        )
        object.__setattr__(self, "digest", hashlib.sha256(blob).digest())

    def territories(self, family: int) -> tuple[int, ...]:
        """The territory bitmasks of ``family`` (:data:`MOUNTAINS` or :data:`RIVERS`)."""
        return self.mountains if family == MOUNTAINS else self.rivers

    @classmethod
    def from_text(
        cls,
        mountains: Sequence[Sequence[str]],
        rivers: Sequence[Sequence[str]],
        watercourses: Sequence[Sequence[Sequence[str]]] = (),
        number: int | None = None,
    ) -> Board:
        """Build a board from territories written as lists of ``"q,r"`` fields.

        ``watercourses``, when given, holds per river a list of ``["q,r", "q,r"]`` pairs.

        Raises:
            BoardError: a field is malformed, off the board, or the territories do not
                partition the board into connected sets.
        """

        def masks(kind: str, groups: Sequence[Sequence[str]]) -> tuple[int, ...]:
            if isinstance(groups, (str, bytes)) or not isinstance(groups, Sequence):
                raise BoardError(f"{kind}s must be a list of lists of fields")
            out = []
            for group in groups:
                if isinstance(group, (str, bytes)) or not isinstance(group, Sequence):
                    raise BoardError(f"each {kind} must be a list of fields")
                m = 0
                for text in group:
                    f = _field_number(text)
                    if m >> f & 1:
                        raise BoardError(f"field {text} is listed twice in one {kind}")
                    m |= 1 << f
                out.append(m)
            return tuple(out)

        wc = tuple(
            tuple((_field_number(a), _field_number(b)) for a, b in river) for river in watercourses
        )
        return cls(masks("mountain", mountains), masks("river", rivers), wc, number)

    def to_text(self) -> dict[str, list[list[str]]]:
        """The territories as ``{"mountains": [[...]], "rivers": [[...]]}`` of ``"q,r"`` fields."""
        return {
            "mountains": [[format_field(COORDS[f]) for f in fields_of(m)] for m in self.mountains],
            "rivers": [[format_field(COORDS[f]) for f in fields_of(m)] for m in self.rivers],
        }


def _field_number(text: str) -> int:
    try:
        q, r = parse_field(text)
    except FieldSyntaxError as exc:
        raise BoardError(str(exc)) from None
    if not on_board(q, r):
        raise BoardError(f"field {text} is off the board")
    return INDEX[(q, r)]
