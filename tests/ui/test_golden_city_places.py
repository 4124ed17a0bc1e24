"""The turn log and the tooltips name Golden City's fields as the board shows them: a surface
field by the coordinates printed along the board's edges (column letter, row number), a house
by its owner, a cave and a door by the cave's compass letter, a gallery by the number printed
on it — never by the rules' ``q,r`` — in English and French."""

from __future__ import annotations

import re
from typing import Any

from goldnet.engine import Event
from goldnet.games import get
from goldnet.games.golden_city.board import CAVE
from goldnet.games.golden_city.state import ev
from ui.golden_city.kit import KIT
from ui.golden_city.log import log_lines
from ui.golden_city.places import edge_labels, gallery_number, grid, places

from .test_golden_city_words import _game_events

NAMES = ("Ada", "Bea", "Cy", "Dan")
AXIAL = re.compile(r"-?\d+,-?\d+")


def board_of(seats: int) -> Any:
    return get("golden-city").make((), seats).observation(None).board


def test_every_field_has_one_coordinate_and_the_edges_print_them() -> None:
    board = board_of(4)
    g = grid(board)
    labels = [g.label(f) for f in range(len(board.surface.coords))]
    assert len(set(labels)) == len(labels)
    letters, rows = edge_labels(board)
    assert letters == tuple("ABCDEFGHIJKLMNO") and rows == tuple(str(r) for r in range(1, 14))
    assert {re.sub(r"\d+$", "", label) for label in labels} == set(letters)
    assert {re.sub(r"^[A-Z]+", "", label) for label in labels} == set(rows)
    # The top-left field is A1; a row shifted right keeps the letter of the column left of it.
    assert g.label(board.surface.index["0,0"]) == "A1"
    assert g.label(board.surface.index["0,1"]) == "A2"
    assert g.label(board.surface.index["-2,5"]) == "A6"
    assert g.label(board.surface.index["4,5"]) == "G6"
    numbers = [gallery_number(board, m) for m in board.galleries]
    assert sorted(numbers) == list(range(1, len(board.galleries) + 1))


def test_the_log_names_fields_as_the_board_shows_them(translations: Any) -> None:
    board = board_of(4)
    where = places(board, 4)
    house = board.houses[board.seat_houses[4][0]]
    cave = next(f for f, t in enumerate(board.terrain) if t == CAVE)
    door = next(m for m in range(len(board.mine.coords)) if board.door_cave[m] >= 0)
    gallery = board.galleries[0]
    surface, mine = board.surface.names, board.mine.names
    events = [
        ev("move", 0, start="-2,5", field="4,5", below=False),
        ev("move", 0, start=surface[house], field="4,5", below=False),
        ev("descend", 1, cave=surface[cave]),
        ev("move", 1, start=mine[door], field=mine[gallery], below=True),
        ev("token", 1, field=mine[gallery], token=3, below=True),
    ]
    lines = log_lines(events, NAMES, where)
    house_label, cave_label = grid(board).label(house), grid(board).label(cave)
    letter = where.letters[cave]
    number = gallery_number(board, gallery)
    assert lines[0] == "Ada moves from A6 to G6."
    assert lines[1] == f"Ada moves from Ada's house ({house_label}) to G6."
    assert lines[2] == f"Bea goes down into the mine at cave {letter} ({cave_label})."
    door_letter = where.letters[-1 - board.door_cave[door]]
    assert lines[3] == f"Bea moves below from door {door_letter} to gallery {number}."
    assert lines[4].startswith(f"On gallery {number}: ")
    translations.install("fr")
    french = log_lines(events, NAMES, where)
    assert french[0] == "Ada va de A6 à G6."
    assert french[1] == f"Ada va de chez Ada ({house_label}) à G6."
    assert f"galerie {number}" in french[3]
    translations.install("en")


def test_no_line_of_a_whole_game_names_a_field_by_its_axial_coordinates() -> None:
    """Every event of two whole four-player games, logged through the kit as the table does."""
    board = board_of(4)
    turn = KIT.turn_of(get("golden-city").make((), 4).observation(None))
    events: list[Event] = [e for seed in (1, 2) for e in _game_events(4, seed)]
    lines = [line for e in events for line in KIT.log_lines([e], NAMES, turn)]
    assert any(e.get("field") for e in events) and lines
    named = [line for line in lines if AXIAL.search(line)]
    assert not named, named[:5]
    assert grid(board).width == 15
