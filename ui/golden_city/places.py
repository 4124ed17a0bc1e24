"""How the Golden City table names a field to a player: by the coordinates printed along the
board's edges, as board games do — a column letter (``A``, ``B``, … left to right, along the
top and bottom edges) and a row number (``1``, ``2``, … top to bottom, along the left and right
edges) — and below, by the mine inset's own marks: a door by its cave's compass letter, a
gallery by the small number printed on it (``1``, ``2``, … in reading order).

The rules name fields ``"q,r"`` (axial coordinates, the map format's); a player cannot read
those. Rows are the map's ``r``; the hexes of every other row sit half a field to the right, so
a field of such a row takes the letter of the column just left of it (the "odd rows shifted"
layout of printed hex maps). A seat's house is named after its owner ("Ada's house").

Invariants: every surface field gets one distinct coordinate and every mine field one distinct
name; the labels drawn on the board (:func:`edge_labels`) are the ones the names use; nothing
here depends on the language except the words around them (:mod:`.words`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from goldnet.games.golden_city.board import CAVE, HOUSE, Board

from ..texts import arg
from .words import compass, tr

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class Grid:
    """The coordinates of one board's surface: per field its column (0-based) and row
    (0-based), the number of columns and rows."""

    columns: tuple[int, ...]
    rows: tuple[int, ...]
    width: int
    height: int

    def label(self, f: int) -> str:
        """Field ``f``'s coordinate, e.g. ``"D7"``."""
        return f"{column_letter(self.columns[f])}{self.rows[f] + 1}"


def column_letter(column: int) -> str:
    """``A`` … ``Z``, then ``AA``, ``AB`` … (a map wider than 26 fields)."""
    if column < len(LETTERS):
        return LETTERS[column]
    return LETTERS[column // len(LETTERS) - 1] + LETTERS[column % len(LETTERS)]


@lru_cache(maxsize=8)
def grid(board: Board) -> Grid:
    """The coordinates of ``board``'s surface (cached per board)."""
    coords = board.surface.coords
    if not coords:
        return Grid((), (), 0, 0)
    top = min(r for _, r in coords)
    # x in half fields: 2q + r; rows of the top row's parity are not shifted.
    base = min(2 * q + r for q, r in coords if (r - top) % 2 == 0)
    columns = tuple((2 * q + r - base) // 2 for q, r in coords)
    rows = tuple(r - top for _, r in coords)
    return Grid(columns, rows, max(columns) + 1, max(rows) + 1)


@lru_cache(maxsize=8)
def _gallery_numbers(board: Board) -> dict[int, int]:
    """Per gallery (mine field that is no door), its number as printed (1, 2, … in reading
    order: row by row from the top, left to right)."""
    order = sorted(
        (m for m in range(len(board.mine.coords)) if board.door_cave[m] < 0),
        key=lambda m: (
            board.mine.coords[m][1],
            2 * board.mine.coords[m][0] + board.mine.coords[m][1],
        ),
    )
    return {m: i + 1 for i, m in enumerate(order)}


def gallery_number(board: Board, m: int) -> int:
    """The number printed on gallery ``m`` (0 for a door)."""
    return _gallery_numbers(board).get(m, 0)


@lru_cache(maxsize=8)
def cave_letters(board: Board) -> dict[int, str]:
    """Each cave's compass letter (N, E, S, W seen from the station), keyed by its surface
    field; its door's by ``-1 - cave``."""
    station = board.track[-1] if board.track else 0
    sx, sy = _xy(board, station)
    out: dict[int, str] = {}
    for f, terrain in enumerate(board.terrain):
        if terrain != CAVE:
            continue
        x, y = _xy(board, f)
        dx, dy = x - sx, y - sy
        letter = ("E" if dx > 0 else "W") if abs(dx) >= abs(dy) else ("S" if dy > 0 else "N")
        out[f] = letter
        out[-1 - f] = letter
    return out


def _xy(board: Board, f: int) -> tuple[float, float]:
    q, r = board.surface.coords[f]
    return (3**0.5) * (q + r / 2), 1.5 * r


class Places:
    """Field names for one board and seat count (what the turn log and the tooltips use).

    Args:
        board: the map.
        seats: the table's seat count (which houses are in use).
    """

    def __init__(self, board: Board, seats: int) -> None:
        self.board, self.letters = board, cave_letters(board)
        self.grid = grid(board)
        self.house_of = {
            board.houses[h]: seat for seat, h in enumerate(board.seat_houses.get(seats, ()))
        }

    def surface(self, f: int, names: Sequence[str] = ()) -> str:
        """Surface field ``f`` as the log says it: ``"D7"``; ``"Ada's house (D7)"``; ``"cave N
        (H5)"``."""
        label = self.grid.label(f)
        seat = self.house_of.get(f)
        if seat is not None and seat < len(names) and self.board.terrain[f] == HOUSE:
            return arg(tr("%1's house (%2)"), names[seat], label)
        if f in self.letters:
            return arg(tr("cave %1 (%2)"), compass(self.letters[f]), label)
        return label

    def mine(self, m: int) -> str:
        """Mine field ``m``: ``"door N"`` or ``"gallery 7"``."""
        board = self.board
        if board.door_cave[m] >= 0:
            return arg(tr("door %1"), compass(self.letters.get(-1 - board.door_cave[m], "")))
        return arg(tr("gallery %1"), gallery_number(board, m))

    def named(self, name: object, below: bool, names: Sequence[str] = ()) -> str:
        """The field the rules name ``name`` (``"q,r"``), on the surface or ``below``; an
        unknown name as it is."""
        if not isinstance(name, str):
            return str(name)
        index = (self.board.mine if below else self.board.surface).index.get(name)
        if index is None:
            return name
        return self.mine(index) if below else self.surface(index, names)


@lru_cache(maxsize=16)
def places(board: Board, seats: int) -> Places:
    """The :class:`Places` of ``board`` at a table of ``seats`` (cached)."""
    return Places(board, seats)


def edge_labels(board: Board) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The column letters and the row numbers printed along the board's edges."""
    g = grid(board)
    return (
        tuple(column_letter(c) for c in range(g.width)),
        tuple(str(r + 1) for r in range(g.height)),
    )
