"""The map format golden-city-map/1: the loader numbers fields canonically and builds the
tables the rules read; every broken rule is refused with one MapError naming it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from goldnet.errors import GoldnetError
from goldnet.games.golden_city.board import (
    CAVE,
    HILL,
    HOUSE,
    LAKE,
    LANDING,
    STATION,
    MapError,
    load_map,
    parse_map,
)
from goldnet.games.golden_city.info import designed_map

from .helpers import small, small_data


def test_the_small_map_loads_in_canonical_order() -> None:
    board = small()
    names = board.surface.names
    assert names[0] == "0,0" and names[11] == "0,1" and names[22] == "-1,2"
    assert [board.surface.coords[f][1] for f in range(len(names))] == sorted(
        board.surface.coords[f][1] for f in range(len(names))
    )
    assert board.terrain[board.surface.index["0,0"]] == HOUSE
    assert board.terrain[board.surface.index["2,6"]] == STATION
    assert board.terrain[board.surface.index["8,3"]] == CAVE
    assert board.terrain[board.surface.index["2,2"]] == LAKE
    assert len(board.hills) == 18 and all(board.terrain[f] == HILL for f in board.hills)
    assert [names[f] for f in board.landings[0]] == ["1,2", "1,3", "3,3"]
    assert all(board.terrain[f] == LANDING for f in board.rafts)
    assert [names[f] for f in board.track] == ["5,0", "5,1", "4,2", "4,3", "3,4", "3,5", "2,6"]
    assert board.seat_counts == (2, 3, 4, 5, 6)
    assert board.mine.names[board.cave_door[board.surface.index["8,3"]]] == "0,0"
    assert len(board.galleries) == 11
    assert board.mine_neighbours[board.mine.index["0,0"]] == (
        board.mine.index["1,0"],
        board.mine.index["0,1"],
    )


def test_neighbours_follow_the_six_directions() -> None:
    board = small()
    f = board.surface.index["3,4"]
    names = [board.surface.names[g] if g >= 0 else None for g in board.neighbours[f]]
    assert names == ["4,4", "4,3", "3,3", "2,4", "2,5", "3,5"]
    corner = board.surface.index["0,0"]
    assert [g >= 0 for g in board.neighbours[corner]] == [True, False, False, False, False, True]


def test_equal_maps_make_equal_boards() -> None:
    assert load_map(small_data()) == small()
    other = small_data()
    other["name"] = "another"
    assert load_map(other) != small()


def test_the_designed_map_loads() -> None:
    board = designed_map()
    assert board.seat_counts == (2, 3, 4, 5, 6)


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data[key] = value

    return change


def _houses(seats: int, used: list[int]) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["houses"][str(seats)] = used

    return change


def _row(r: int, text: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["surface"][r] = text

    return change


BROKEN: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("format", _set("format", "golden-city-map/2"), '"format" must be'),
    ("unknown key", _set("colour", 1), "unknown key 'colour'"),
    ("surface", _set("surface", "0 1"), '"surface" must be a list'),
    ("spacing", _row(0, "0 .  h . . = . . h . 1"), "surface row 0: characters must be separated"),
    ("character", _row(0, "0 . x . . = . . h . 1"), "surface row 0: unknown character 'x'"),
    ("house twice", _row(8, "0 . . h . . . h . . 3"), "house 0 appears twice"),
    ("landing", _row(0, "0 L h . . = . . h . 1"), "landing 1,0 neighbours no lake"),
    (
        "track gap",
        _set("track", ["5,0", "4,2", "5,1", "4,3", "3,4", "3,5", "2,6"]),
        "are not neighbours",
    ),
    (
        "track end",
        _set("track", ["5,0", "5,1", "4,2", "4,3", "3,4", "3,5"]),
        "the track must end on",
    ),
    (
        "track terrain",
        _set("track", ["6,0", "5,0", "5,1", "4,2", "4,3", "3,4", "3,5", "2,6"]),
        "track field 6,0 is not railway",
    ),
    ("track name", _set("track", ["5, 0", "5,1"]), "track field '5, 0' is not a field name"),
    (
        "railway missing",
        _set("track", ["5,1", "4,2", "4,3", "3,4", "3,5", "2,6"]),
        "railway 5,0 is not on the track",
    ),
    ("rafts", _set("rafts", ["1,2"]), "must have exactly two rafts, not 1"),
    ("raft twice", _set("rafts", ["1,2", "1,2"]), "listed twice"),
    ("raft place", _set("rafts", ["1,2", "0,2"]), "raft 0,2 is not on a landing"),
    ("cave door", _set("caves", {"8,3": "0,0"}), "cave -2,6 has no door"),
    ("door", _set("caves", {"8,3": "0,0", "-2,6": "1,0"}), "is not a door 'D'"),
    ("houses", _set("houses", {"2": [0, 3]}), '"houses" and "locomotive" must list the same'),
    ("house missing", _houses(2, [0, 9]), "house 9 (for 2 seats) is not on the surface"),
    (
        "locomotive",
        _set("locomotive", {"2": 6, "3": 0, "4": 0, "5": 0, "6": 0}),
        "locomotive start for 2 seats must be 0 to 5",
    ),
    ("mine", _set("mine", []), "a map with caves needs a mine"),
    ("two lakes", _row(0, "0 ~ L ~ . = . . h . 1"), "landing 2,0 neighbours two lakes"),
]


@pytest.mark.parametrize(("rule", "change", "message"), BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_rule_is_one_clear_error(
    rule: str, change: Callable[[dict[str, Any]], None], message: str
) -> None:
    data = small_data()
    change(data)
    with pytest.raises(MapError) as caught:
        load_map(data)
    assert str(caught.value).startswith('map "Small test map": ')
    assert message in str(caught.value)
    assert isinstance(caught.value, GoldnetError) and isinstance(caught.value, ValueError)


def test_a_lake_with_one_landing_is_refused() -> None:
    data = small_data()
    data["surface"][2] = ". . . ~ ~ = . . . h ."
    data["surface"][3] = " h . . ~ L = . h . C ."
    data["rafts"] = ["3,3"]
    with pytest.raises(MapError, match="fewer than two landings"):
        load_map(data)


def test_not_json_and_not_an_object_are_refused() -> None:
    with pytest.raises(MapError, match="not valid JSON"):
        parse_map("{")
    with pytest.raises(MapError, match="a map is a JSON object"):
        load_map([])
    with pytest.raises(MapError, match='"name" must be'):
        load_map({"format": "golden-city-map/1"})
