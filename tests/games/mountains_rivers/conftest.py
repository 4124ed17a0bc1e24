"""Fixtures for Mountains & Rivers tests."""

from __future__ import annotations

import pytest

from goldnet.games.mountains_rivers.board import Board
from goldnet.games.mountains_rivers.geometry import COORDS


def grid_board() -> Board:
    """The board of the scenario cases: the 11 rows (constant r) are the mountains, ordered by r;
    the 11 columns (constant q) are the rivers, ordered by q."""
    rows: dict[int, int] = {}
    cols: dict[int, int] = {}
    for i, (q, r) in enumerate(COORDS):
        rows[r] = rows.get(r, 0) | 1 << i
        cols[q] = cols.get(q, 0) | 1 << i
    return Board(tuple(rows[k] for k in sorted(rows)), tuple(cols[k] for k in sorted(cols)))


@pytest.fixture
def grid() -> Board:
    return grid_board()
