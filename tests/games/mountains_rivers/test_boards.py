"""The eleven standard boards of Mountains & Rivers (docs/rules/mountains-rivers-boards.md)."""

from __future__ import annotations

import json
import math

import pytest

from goldnet.data import load_json
from goldnet.games.mountains_rivers.board import Board, BoardError, is_connected
from goldnet.games.mountains_rivers.boards import (
    BOARD_NUMBERS,
    dump_boards,
    load_board,
    load_boards,
    load_layout,
    main,
    make_boards,
    watercourse,
)
from goldnet.games.mountains_rivers.geometry import (
    ALL_FIELDS,
    COORDS,
    FIELD_SYMMETRIES,
    INDEX,
    NEIGHBOURS,
    SYMMETRY_NAMES,
    fields_of,
    mask_of,
)

BOARDS = load_boards()


def image_of(mask: int, symmetry: int) -> int:
    return mask_of(FIELD_SYMMETRIES[symmetry][f] for f in fields_of(mask))


def test_board_numbers_are_one_to_eleven() -> None:
    assert tuple(range(1, 12)) == BOARD_NUMBERS
    assert [b.number for b in BOARDS] == list(range(1, 12))


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: f"board{b.number}")
def test_both_families_partition_the_board_into_17_territories_of_3_to_8(board: Board) -> None:
    for family in (board.mountains, board.rivers):
        assert len(family) == 17
        union = 0
        for territory in family:
            assert union & territory == 0
            union |= territory
            assert 3 <= territory.bit_count() <= 8
            assert is_connected(territory)
        assert union == ALL_FIELDS


def test_every_board_has_the_stored_layout_as_its_mountains() -> None:
    layout = load_layout()
    assert all(board.mountains == layout for board in BOARDS)


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: f"board{b.number}")
def test_each_river_is_its_mountain_carried_by_the_boards_symmetry(board: Board) -> None:
    assert board.number is not None
    expected = tuple(image_of(m, board.number) for m in board.mountains)
    assert board.rivers == expected


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: f"board{b.number}")
def test_no_river_equals_a_mountain(board: Board) -> None:
    assert set(board.rivers).isdisjoint(board.mountains)


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: f"board{b.number}")
def test_every_river_meets_at_least_two_mountains(board: Board) -> None:
    for river in board.rivers:
        met = {board.mountain_of[f] for f in fields_of(river)}
        assert len(met) >= 2


def test_the_layout_has_no_nontrivial_symmetry() -> None:
    layout = set(load_layout())
    for k in range(1, 12):
        assert {image_of(m, k) for m in layout} != layout


def test_the_eleven_boards_are_pairwise_distinct() -> None:
    river_layers = {frozenset(b.rivers) for b in BOARDS}
    assert len(river_layers) == 11
    assert len(set(BOARDS)) == 11


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: f"board{b.number}")
def test_watercourses_are_spanning_trees_of_their_rivers(board: Board) -> None:
    assert len(board.watercourses) == len(board.rivers)
    for river, edges in zip(board.rivers, board.watercourses, strict=True):
        fields = set(fields_of(river))
        assert len(edges) == len(fields) - 1
        reached = {edges[0][0]}
        for a, b in edges:
            assert a in fields and b in fields
            assert b in NEIGHBOURS[a]
            # drawing order: each watercourse starts where the river already flows
            assert a in reached and b not in reached
            reached.add(b)
        assert reached == fields


def test_watercourse_prefers_a_path() -> None:
    # a straight line of four fields has only one spanning tree, a path
    line = mask_of(INDEX[(q, 0)] for q in range(4))
    assert watercourse(line) == tuple((INDEX[(q, 0)], INDEX[(q + 1, 0)]) for q in range(3))
    # the seven-field flower has Hamiltonian paths: its tree is one (two leaves)
    flower = mask_of([INDEX[(0, 0)], *NEIGHBOURS[INDEX[(0, 0)]]])
    edges = watercourse(flower)
    degree = {f: 0 for f in fields_of(flower)}
    for a, b in edges:
        degree[a] += 1
        degree[b] += 1
    assert sorted(degree.values()) == [1, 1, 2, 2, 2, 2, 2]


def test_stored_boards_equal_the_boards_derived_from_the_layout() -> None:
    derived = make_boards(load_layout())
    assert derived == BOARDS
    assert load_json("mountains_rivers", "boards.json") == json.loads(dump_boards(derived))


def test_stored_boards_name_their_symmetry() -> None:
    doc = load_json("mountains_rivers", "boards.json")
    assert [(e["number"], e["symmetry"]) for e in doc["boards"]] == [
        (k, SYMMETRY_NAMES[k]) for k in range(1, 12)
    ]


def test_load_board_is_cached() -> None:
    assert load_board(5) is load_board(5)
    assert load_board(5).number == 5


@pytest.mark.parametrize("number", [0, 12, -1])
def test_load_board_rejects_numbers_outside_1_to_11(number: int) -> None:
    with pytest.raises(BoardError, match="1 to 11"):
        load_board(number)


def test_main_check_agrees_with_the_stored_boards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    assert "agrees" in capsys.readouterr().out


def _ring_layout(cuts: dict[int, list[int]]) -> tuple[int, ...]:
    """The centre flower (rings 0 and 1) plus rings 2..5 cut into arcs of the given sizes."""
    rings: dict[int, list[int]] = {}
    for f, (q, r) in enumerate(COORDS):
        rings.setdefault(max(abs(q), abs(r), abs(q + r)), []).append(f)
    for ring in rings.values():
        ring.sort(key=_angle)  # consecutive fields of a ring are neighbours
    layout = [mask_of(rings[0] + rings[1])]
    for d, sizes in cuts.items():
        assert sum(sizes) == len(rings[d])
        start = 0
        for size in sizes:
            layout.append(mask_of(rings[d][start : start + size]))
            start += size
    return tuple(layout)


def _angle(f: int) -> float:
    """Polar angle of field ``f``'s centre about the board's centre."""
    q, r = COORDS[f]
    return math.atan2(r * math.sqrt(3) / 2, q + r / 2)


RING_CUTS = {2: [4, 4, 4], 3: [5, 5, 4, 4], 4: [6, 6, 6, 6], 5: [6, 6, 6, 6, 6]}


def test_make_boards_rejects_a_layout_whose_river_would_equal_a_mountain() -> None:
    layout = _ring_layout(RING_CUTS)
    assert len(layout) == 17
    Board(layout, layout)  # a valid partition into connected territories
    with pytest.raises(BoardError, match="equals a mountain"):
        make_boards(layout)


def test_make_boards_rejects_a_layout_of_the_wrong_shape() -> None:
    with pytest.raises(BoardError, match="17 mountains"):
        make_boards(load_layout()[:-1])
    too_big = _ring_layout({**RING_CUTS, 4: [9, 5, 5, 5]})
    Board(too_big, too_big)
    with pytest.raises(BoardError, match="9 fields"):
        make_boards(too_big)
