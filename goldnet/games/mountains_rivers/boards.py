"""The eleven standard boards of Mountains & Rivers (docs/rules/mountains-rivers-boards.md).

goldnet designs one mountain layout: 17 mountains, each a connected set of 3 to 8 fields,
partitioning the 91 fields (stored in ``resources/mountains_rivers/layout.json``; how it was
chosen is told in ``docs/rules/mountains-rivers-boards.md``). Board ``k`` (``k`` = 1..11) keeps
those mountains and lays its rivers as the layout carried by symmetry ``k`` of
:data:`~.geometry.FIELD_SYMMETRIES`; river ``i`` is the image of mountain ``i``. The identity
(symmetry 0) is not a board. A board is acceptable only if no river equals a mountain.

Each river also carries its watercourses, the edges of a spanning tree of its fields drawn as
blue lines between field centres: the tree of mountain ``i`` (see :func:`watercourse`) carried
by the same symmetry.

The derived boards are stored in ``resources/mountains_rivers/boards.json`` and regenerated or
checked with ``python -m goldnet.games.mountains_rivers.boards [--write]``.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from goldnet.data import DataError, load_json, resource

from .board import Board, BoardError
from .geometry import (
    COORDS,
    DIRECTIONS,
    FIELD_SYMMETRIES,
    INDEX,
    NEIGHBOUR_MASKS,
    SYMMETRY_NAMES,
    FieldSyntaxError,
    fields_of,
    format_field,
    on_board,
    parse_field,
)

BOARD_NUMBERS: tuple[int, ...] = tuple(range(1, 12))
"""The standard boards; board ``k`` uses symmetry ``k`` (docs/rules/mountains-rivers-boards.md).
"""

N_TERRITORIES = 17
"""Mountains in the layout, and so rivers on every board."""

MIN_SIZE = 3
MAX_SIZE = 8
"""Fields in a standard territory, inclusive."""

Edge = tuple[int, int]
"""A watercourse: two hex-adjacent field numbers, in drawing order."""

_DATA_DIR = "mountains_rivers"
_LAYOUT_FILE = "layout.json"
_BOARDS_FILE = "boards.json"

_CYCLE: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six neighbour offsets in turning order (60 degrees apart)."""
_HEADING: dict[tuple[int, int], int] = {d: i for i, d in enumerate(_CYCLE)}
assert set(_HEADING) == set(DIRECTIONS)


# --- derivation -----------------------------------------------------------------------------


def carry(mask: int, symmetry: int) -> int:
    """The set of fields ``mask`` carried by symmetry ``symmetry`` (0..11) of the hexagon."""
    image = FIELD_SYMMETRIES[symmetry]
    out = 0
    for f in fields_of(mask):
        out |= 1 << image[f]
    return out


def _heading(a: int, b: int) -> int:
    (qa, ra), (qb, rb) = COORDS[a], COORDS[b]
    return _HEADING[(qb - qa, rb - ra)]


def _tree_key(fields: tuple[int, ...], edges: tuple[Edge, ...]) -> tuple[int, ...]:
    """Sort key of a spanning tree: how unlike a natural river it looks (smaller is better).

    Leaves first (a path has two), then sharp bends (two watercourses at a field whose other
    ends are neighbours: a 120-degree turn), then fields where three or more watercourses meet,
    then, for a path, how far it winds in one sense (a spiral rather than a meander).
    """
    links: dict[int, list[int]] = {f: [] for f in fields}
    for a, b in edges:
        links[a].append(b)
        links[b].append(a)
    leaves = sum(1 for f in fields if len(links[f]) == 1)
    sharp = 0
    forks = 0
    for f in fields:
        ends = links[f]
        if len(ends) >= 3:
            forks += 1
        for x, y in itertools.combinations(ends, 2):
            if NEIGHBOUR_MASKS[x] >> y & 1:
                sharp += 1
    winding = 0
    if leaves == 2:
        start = min(f for f in fields if len(links[f]) == 1)
        path = [start]
        while len(path) < len(fields):
            path.append(next(g for g in links[path[-1]] if len(path) < 2 or g != path[-2]))
        turns = 0
        for a, b, c in zip(path, path[1:], path[2:], strict=False):
            t = (_heading(b, c) - _heading(a, b)) % 6
            turns += t if t <= 3 else t - 6
        winding = abs(turns)
    return (leaves, sharp, forks, winding)


def _drawing_order(fields: tuple[int, ...], edges: tuple[Edge, ...]) -> tuple[Edge, ...]:
    """The tree's edges as (from, to) pairs in depth-first order from its lowest-numbered leaf."""
    links: dict[int, list[int]] = {f: [] for f in fields}
    for a, b in edges:
        links[a].append(b)
        links[b].append(a)
    start = min(f for f in fields if len(links[f]) <= 1)
    order: list[Edge] = []
    stack: list[tuple[int, int]] = [(start, -1)]
    while stack:
        f, parent = stack.pop()
        if parent >= 0:
            order.append((parent, f))
        stack.extend((g, f) for g in sorted(links[f], reverse=True) if g != parent)
    return tuple(order)


def watercourse(mask: int) -> tuple[Edge, ...]:
    """The watercourses of a territory: a spanning tree of its fields along hex adjacency.

    Among all spanning trees of the (connected) fields of ``mask`` it picks the one that looks
    most like a natural river (see :func:`_tree_key`: a path if there is one, with as few sharp
    bends, forks and spirals as possible), ties broken by the smallest sorted edge list. The
    edges come in depth-first drawing order from the lowest-numbered leaf, ``len(fields) - 1``
    of them. Deterministic; a symmetry of the hexagon carries the choice along with the fields
    except for ties, which is why a river takes its mountain's tree (see :func:`make_boards`).

    Raises:
        BoardError: ``mask`` is empty or not connected.
    """
    fields = tuple(fields_of(mask))
    if not fields:
        raise BoardError("a territory has no field")
    pairs = [(a, b) for a in fields for b in fields if a < b and NEIGHBOUR_MASKS[a] >> b & 1]
    best: tuple[tuple[int, ...], tuple[Edge, ...]] | None = None
    for edges in itertools.combinations(pairs, len(fields) - 1):
        if not _is_tree(fields, edges):
            continue
        key = (*_tree_key(fields, edges), *itertools.chain.from_iterable(edges))
        if best is None or key < best[0]:
            best = (key, edges)
    if best is None:
        raise BoardError("a territory is not connected")
    return _drawing_order(fields, best[1])


def _is_tree(fields: tuple[int, ...], edges: tuple[Edge, ...]) -> bool:
    """Whether ``len(fields) - 1`` ``edges`` join all ``fields`` without a cycle."""
    root = {f: f for f in fields}

    def find(f: int) -> int:
        while root[f] != f:
            root[f] = root[root[f]]
            f = root[f]
        return f

    for a, b in edges:
        ra, rb = find(a), find(b)
        if ra == rb:
            return False
        root[ra] = rb
    return True


def check_layout(layout: Sequence[int]) -> None:
    """Check a mountain layout: 17 connected mountains of 3 to 8 fields partitioning the board.

    Raises:
        BoardError: the layout breaks one of these rules (the message says which).
    """
    if len(layout) != N_TERRITORIES:
        raise BoardError(f"a layout has {N_TERRITORIES} mountains, not {len(layout)}")
    for i, mask in enumerate(layout):
        if not MIN_SIZE <= mask.bit_count() <= MAX_SIZE:
            raise BoardError(
                f"mountain {i + 1} has {mask.bit_count()} fields, not {MIN_SIZE} to {MAX_SIZE}"
            )
    Board(tuple(layout), tuple(layout))  # partition and connectivity


def make_boards(layout: Sequence[int]) -> tuple[Board, ...]:
    """Derive the eleven standard boards from a mountain layout (pure and deterministic).

    ``layout`` holds one bitmask per mountain (see :mod:`.geometry`). Board ``k`` (in
    :data:`BOARD_NUMBERS` order) has these mountains, in this order; river ``i`` is mountain
    ``i`` carried by symmetry ``k`` and its watercourses are :func:`watercourse` of mountain
    ``i`` carried the same way.

    Raises:
        BoardError: the layout fails :func:`check_layout`, or on some board a river equals a
            mountain (such a board is not acceptable: docs/rules/mountains-rivers-boards.md).
    """
    check_layout(layout)
    mountains = tuple(layout)
    trees = tuple(watercourse(m) for m in mountains)
    taken = set(mountains)
    boards = []
    for k in BOARD_NUMBERS:
        image = FIELD_SYMMETRIES[k]
        rivers = tuple(carry(m, k) for m in mountains)
        for i, river in enumerate(rivers):
            if river in taken:
                raise BoardError(
                    f"board {k} ({SYMMETRY_NAMES[k]}): river {i + 1} equals a mountain"
                )
        courses = tuple(tuple((image[a], image[b]) for a, b in tree) for tree in trees)
        boards.append(Board(mountains, rivers, courses, k))
    return tuple(boards)


# --- JSON -----------------------------------------------------------------------------------


def _territory_text(mask: int) -> list[str]:
    return [format_field(COORDS[f]) for f in fields_of(mask)]


def board_document(board: Board) -> dict[str, Any]:
    """A standard board as stored in ``boards.json``.

    Shape: ``{"number": k, "symmetry": SYMMETRY_NAMES[k], "mountains": [["q,r", ...], ...],
    "rivers": [[...], ...], "watercourses": [[["q,r", "q,r"], ...], ...]}`` with the fields of
    a territory in ascending field number.

    Raises:
        BoardError: ``board`` is not a standard board (its number is not in 1..11).
    """
    if board.number not in BOARD_NUMBERS:
        raise BoardError(f"board number {board.number} is not one of 1..11")
    return {
        "number": board.number,
        "symmetry": SYMMETRY_NAMES[board.number],
        "mountains": [_territory_text(m) for m in board.mountains],
        "rivers": [_territory_text(m) for m in board.rivers],
        "watercourses": [
            [[format_field(COORDS[a]), format_field(COORDS[b])] for a, b in tree]
            for tree in board.watercourses
        ],
    }


def dump_boards(boards: Sequence[Board]) -> str:
    """``{"boards": [board_document(b), ...]}`` as indented JSON, one territory per line."""
    out = ['{\n  "boards": [\n']
    for n, board in enumerate(boards):
        doc = board_document(board)
        out.append("    {\n")
        out.append(f'      "number": {json.dumps(doc["number"])},\n')
        out.append(f'      "symmetry": {json.dumps(doc["symmetry"])},\n')
        for key in ("mountains", "rivers", "watercourses"):
            rows = ",\n".join(f"        {json.dumps(row)}" for row in doc[key])
            tail = "," if key != "watercourses" else ""
            out.append(f'      "{key}": [\n{rows}\n      ]{tail}\n')
        out.append("    }" + ("," if n < len(boards) - 1 else "") + "\n")
    out.append("  ]\n}\n")
    return "".join(out)


def dump_layout(layout: Sequence[int]) -> str:
    """``{"mountains": [["q,r", ...], ...]}`` as indented JSON, one mountain per line."""
    rows = ",\n".join(f"    {json.dumps(_territory_text(m))}" for m in layout)
    return '{\n  "mountains": [\n' + rows + "\n  ]\n}\n"


def _parse_territory(group: Any) -> int:
    if not isinstance(group, list) or not all(isinstance(t, str) for t in group):
        raise DataError(f"a territory must be a list of 'q,r' fields, not {group!r}")
    mask = 0
    for text in group:
        try:
            q, r = parse_field(text)
        except FieldSyntaxError as exc:
            raise DataError(str(exc)) from None
        if not on_board(q, r):
            raise DataError(f"field {text} is off the board")
        mask |= 1 << INDEX[(q, r)]
    return mask


# --- loading --------------------------------------------------------------------------------


@functools.cache
def load_layout() -> tuple[int, ...]:
    """The mountain layout from ``layout.json``, one bitmask per mountain, in stored order.

    Raises:
        DataError: the file is missing or malformed, or its layout fails :func:`check_layout`.
    """
    doc = load_json(_DATA_DIR, _LAYOUT_FILE)
    if not isinstance(doc, dict) or not isinstance(doc.get("mountains"), list):
        raise DataError(f'{_LAYOUT_FILE} must be {{"mountains": [[...], ...]}}')
    layout = tuple(_parse_territory(group) for group in doc["mountains"])
    try:
        check_layout(layout)
    except BoardError as exc:
        raise DataError(f"{_LAYOUT_FILE}: {exc}") from None
    return layout


@functools.cache
def _stored_boards() -> dict[int, Board]:
    doc = load_json(_DATA_DIR, _BOARDS_FILE)
    if not isinstance(doc, dict) or not isinstance(doc.get("boards"), list):
        raise DataError(f'{_BOARDS_FILE} must be {{"boards": [...]}}')
    boards: dict[int, Board] = {}
    for entry in doc["boards"]:
        if not isinstance(entry, dict) or entry.get("number") not in BOARD_NUMBERS:
            raise DataError(f"{_BOARDS_FILE}: an entry is not a board numbered 1..11")
        number: int = entry["number"]
        if number in boards:
            raise DataError(f"{_BOARDS_FILE}: board {number} appears twice")
        try:
            boards[number] = Board.from_text(
                entry["mountains"], entry["rivers"], entry["watercourses"], number
            )
        except (BoardError, KeyError, TypeError, ValueError) as exc:
            raise DataError(f"{_BOARDS_FILE}: board {number} is malformed: {exc!r}") from None
    if set(boards) != set(BOARD_NUMBERS):
        missing = sorted(set(BOARD_NUMBERS) - set(boards))
        raise DataError(f"{_BOARDS_FILE}: boards {missing} are missing")
    return boards


def load_board(number: int) -> Board:
    """Standard board ``number`` (1..11) as stored in ``boards.json``; loaded once, then cached.

    Raises:
        BoardError: ``number`` is not one of :data:`BOARD_NUMBERS`.
        DataError: ``boards.json`` is missing or malformed.
    """
    if isinstance(number, bool) or number not in BOARD_NUMBERS:
        raise BoardError(f"there is no standard board {number!r}: boards are numbered 1 to 11")
    return _stored_boards()[number]


def load_boards() -> tuple[Board, ...]:
    """All eleven standard boards, in :data:`BOARD_NUMBERS` order (see :func:`load_board`).

    Raises:
        DataError: ``boards.json`` is missing or malformed.
    """
    return tuple(load_board(k) for k in BOARD_NUMBERS)


# --- maintenance ----------------------------------------------------------------------------


def _default_output() -> Path:
    """``boards.json`` beside ``layout.json`` in the source tree (editable installs only)."""
    layout = resource(_DATA_DIR, _LAYOUT_FILE)
    if not isinstance(layout, Path):
        raise DataError("goldnet's data is not in a writable folder: pass --output")
    return layout.parent / _BOARDS_FILE


def main(argv: Sequence[str] | None = None) -> int:
    """Check (default) or regenerate (``--write``) ``boards.json`` from ``layout.json``.

    Returns the exit status: 0 when the stored boards agree with the layout (or were written),
    1 when they differ or cannot be derived.
    """
    parser = argparse.ArgumentParser(
        prog="python -m goldnet.games.mountains_rivers.boards",
        description="Derive the eleven Mountains & Rivers boards from the mountain layout.",
    )
    parser.add_argument("--write", action="store_true", help="regenerate boards.json")
    parser.add_argument("--output", type=Path, help="file to write (default: boards.json)")
    args = parser.parse_args(argv)

    try:
        boards = make_boards(load_layout())
    except (BoardError, DataError) as exc:
        print(f"cannot derive the boards: {exc}", file=sys.stderr)
        return 1
    text = dump_boards(boards)
    if args.write:
        target: Path = args.output if args.output is not None else _default_output()
        target.write_text(text, encoding="utf-8")
        print(f"wrote {target}")
        return 0
    try:
        stored = load_json(_DATA_DIR, _BOARDS_FILE)
    except DataError as exc:
        print(exc, file=sys.stderr)
        return 1
    expected = json.loads(text)
    if stored == expected:
        print(f"{_BOARDS_FILE} agrees with {_LAYOUT_FILE} ({len(boards)} boards)")
        return 0
    stored_boards = stored.get("boards") if isinstance(stored, dict) else None
    if not isinstance(stored_boards, list) or len(stored_boards) != len(boards):
        print(f"{_BOARDS_FILE} does not hold {len(boards)} boards", file=sys.stderr)
    else:
        for want, have in zip(expected["boards"], stored_boards, strict=True):
            if want != have:
                print(f"{_BOARDS_FILE}: board {want['number']} differs", file=sys.stderr)
    print("regenerate with --write", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
