"""The throwing tiles and the range of Mountains & Rivers (docs/rules/mountains-rivers.md, "A
turn" 1 and 2): which tiles are in play for each range, the chance request a throw makes, the
faces that show a roll, and the range the face-down markers give.

Invariants: a range is 5, 4, 3 or :data:`FREE`; each tile shows either face with probability
1/2, so a roll's weight is the number of throws that sum to it.
"""

from __future__ import annotations

from ...engine import ChanceOf, Wire
from .geometry import PAD_STEPS, line_starts, to_pad

FREE = 0
"""The range value of free choice (nothing is thrown)."""

RANGE_NAMES = {5: "1-5", 4: "1-4", 3: "1-3", FREE: "free"}

TILES: dict[int, tuple[tuple[int, int], ...]] = {
    5: ((0, 1), (0, 2), (1, 2)),
    4: ((0, 2), (1, 2)),
    3: ((0, 1), (1, 2)),
}
"""The throwing tiles in play for each range ("A turn" 2)."""


def _roll_weights(tiles: tuple[tuple[int, int], ...]) -> tuple[tuple[Wire, int], ...]:
    counts: dict[int, int] = {}
    for throw in range(1 << len(tiles)):
        total = sum(face[throw >> i & 1] for i, face in enumerate(tiles))
        counts[total] = counts.get(total, 0) + 1
    return tuple((roll, counts[roll]) for roll in sorted(counts))


ROLL_REQUESTS: dict[int, ChanceOf] = {
    rng: ChanceOf("roll", _roll_weights(tiles)) for rng, tiles in TILES.items()
}
"""The chance request of each thrown range: each tile shows either face with probability 1/2,
so 1-5 gives weights 1,2,2,2,1; 1-4 gives 1,1,1,1; 1-3 gives 1,2,1 (the table of "A turn" 2)."""


def tile_faces(range_: int, roll: int) -> tuple[int, ...]:
    """Faces of the tiles in play that show ``roll`` (for drawing), the lowest such throw.

    Raises:
        ValueError: ``roll`` cannot be thrown in ``range_``.
    """
    tiles = TILES.get(range_, ())
    for throw in range(1 << len(tiles)):
        faces = tuple(face[throw >> i & 1] for i, face in enumerate(tiles))
        if sum(faces) == roll:
            return faces
    raise ValueError(f"roll {roll} cannot be thrown in range {RANGE_NAMES.get(range_, range_)}")


def _count_lines(pad: int, n: int) -> int:
    """How many straight lines of ``n`` fields lie wholly in padded mask ``pad``."""
    if n == 1:
        return pad.bit_count()
    return sum(line_starts(pad, n, step).bit_count() for step in PAD_STEPS)


def range_pad(facedown: int) -> int:
    """The range for the face-down markers ``facedown`` (padded mask): 5, 4, 3 or :data:`FREE`.

    "A turn" 1: 1-5 if at least two distinct straight lines of five face-down markers
    exist (overlap allowed), else 1-4 with two lines of four, else 1-3 with two of three, else
    free choice.
    """
    for n in (5, 4, 3):
        if _count_lines(facedown, n) >= 2:
            return n
    return FREE


def range_of(facedown: int) -> int:
    """:func:`range_pad` for a field-number bitmask."""
    return range_pad(to_pad(facedown))
