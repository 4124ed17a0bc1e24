"""The designed Golden City map (``resources/golden_city/map.json``) against its format.

docs/rules/golden-city-map.md states the format (version 1) and the designed map. This file
carries its own small checker of every rule of the format (independent of the engine's loader)
and checks with it: the shipped map, the small example printed in the doc, and broken copies of
the example, each refused with a message naming the rule and the field. It then checks the
properties the design promises: six houses at the edge, a track that touches no house, no field
of the surface where a prospector would have no move at all, a legal first move from every house
for every face, a connected mine whose doors end their galleries.
"""

from __future__ import annotations

import copy
import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
MAP = ROOT / "resources" / "golden_city" / "map.json"
DOC = ROOT / "docs" / "rules" / "golden-city-map.md"

Field = tuple[int, int]
DIRECTIONS: tuple[Field, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
SURFACE_CHARS = set(".h~L=GC012345")
SEAT_COUNTS = {"2", "3", "4", "5", "6"}


def neighbours(f: Field) -> list[Field]:
    return [(f[0] + dq, f[1] + dr) for dq, dr in DIRECTIONS]


def parse_grid(rows: Any, what: str, allowed: set[str]) -> tuple[dict[Field, str], list[str]]:
    """``{(q, r): char}`` of a grid (odd-r rows, axial names) and the errors found."""
    if not isinstance(rows, list) or not all(isinstance(row, str) for row in rows):
        return {}, [f"{what} is not a list of text rows"]
    grid: dict[Field, str] = {}
    errors = []
    for r, row in enumerate(rows):
        for c, ch in enumerate(row.lstrip(" ").split(" ")):
            if len(ch) != 1 or (ch != "-" and ch not in allowed):
                errors.append(f"{what} row {r} column {c}: {ch!r} is not a field character")
            elif ch != "-":
                grid[(c - r // 2, r)] = ch
    return grid, errors


def field_name(text: Any) -> Field | None:
    if not isinstance(text, str) or not re.fullmatch(r"-?\d+,-?\d+", text):
        return None
    q, r = text.split(",")
    return int(q), int(r)


def lakes_of(surface: dict[Field, str]) -> list[set[Field]]:
    lakes: list[set[Field]] = []
    for start in sorted(f for f, ch in surface.items() if ch == "~"):
        if any(start in lake for lake in lakes):
            continue
        lake, todo = {start}, [start]
        while todo:
            for n in neighbours(todo.pop()):
                if surface.get(n) == "~" and n not in lake:
                    lake.add(n)
                    todo.append(n)
        lakes.append(lake)
    return lakes


def check_map(data: Any) -> list[str]:
    """Every broken rule of the format, one message each (``[]`` for a good map)."""
    if not isinstance(data, dict):
        return ["a map is a JSON object"]
    label = f'map "{data.get("name")}"'
    errors: list[str] = []
    if data.get("format") != "golden-city-map/1":
        errors.append("format is not golden-city-map/1")
    if not isinstance(data.get("name"), str):
        errors.append("name is not a text")
    surface, bad = parse_grid(data.get("surface"), "surface", SURFACE_CHARS)
    errors += bad
    mine, bad = parse_grid(data.get("mine") or [], "mine", {"g", "D"})
    errors += bad
    # houses and the station
    for digit in "012345":
        if list(surface.values()).count(digit) > 1:
            errors.append(f"house {digit} appears twice")
    stations = [f for f, ch in surface.items() if ch == "G"]
    if len(stations) != 1:
        errors.append(f"{len(stations)} stations (G), not one")
    # lakes and landings
    lakes = lakes_of(surface)
    lake_of: dict[Field, int] = {}
    shores: list[set[Field]] = [set() for _ in lakes]
    for f in sorted(x for x, ch in surface.items() if ch == "L"):
        near = {i for i, lake in enumerate(lakes) if any(n in lake for n in neighbours(f))}
        if not near:
            errors.append(f"landing {f[0]},{f[1]} neighbours no lake")
        elif len(near) > 1:
            errors.append(f"landing {f[0]},{f[1]} neighbours two lakes")
        else:
            lake_of[f] = near.pop()
            shores[lake_of[f]].add(f)
    rafts = [field_name(x) for x in data.get("rafts", [])]
    for x, f in zip(data.get("rafts", []), rafts, strict=True):
        if f is None or f not in lake_of:
            errors.append(f"raft {x} is not on a landing")
    for i, lake in enumerate(lakes):
        q, r = min(lake, key=lambda f: (f[1], f[0]))
        on = [f for f in rafts if f in shores[i]]
        if len(shores[i]) < 2:
            errors.append(f"lake at {q},{r} has fewer than two landings")
        if len(on) != 2 or len(set(on)) != 2:
            errors.append(f"lake at {q},{r} has not two rafts on two landings")
    # caves and doors
    caves = data.get("caves")
    cave_fields = {f for f, ch in surface.items() if ch == "C"}
    door_fields = {f for f, ch in mine.items() if ch == "D"}
    if not isinstance(caves, dict):
        errors.append("caves is not an object")
        caves = {}
    keys = {field_name(k) for k in caves}
    values = [field_name(v) for v in caves.values()]
    if keys != cave_fields:
        errors.append("the caves' keys are not the C fields")
    if sorted(v for v in values if v is not None) != sorted(door_fields) or None in values:
        errors.append("the caves' doors are not the D fields, each once")
    if cave_fields and not mine:
        errors.append("caves but no mine")
    # track
    raw = data.get("track")
    track = [f for x in raw or [] if (f := field_name(x)) is not None]
    if not isinstance(raw, list) or not track or len(track) != len(raw):
        errors.append("track is not a list of field names")
    else:
        for a, b in itertools.pairwise(track):
            if b not in neighbours(a):
                errors.append(f"track {a[0]},{a[1]} and {b[0]},{b[1]} are not neighbours")
        rails = {f for f, ch in surface.items() if ch in "=G"}
        if len(set(track)) != len(track) or set(track) != rails:
            errors.append("track does not list every = and G field exactly once")
        if surface.get(track[-1]) != "G":
            errors.append("track does not end at the station")
    # seat counts
    houses, loco = data.get("houses"), data.get("locomotive")
    if not isinstance(houses, dict) or not isinstance(loco, dict):
        return [f"{label}: {e}" for e in [*errors, "houses or locomotive is not an object"]]
    if set(houses) != set(loco) or not set(houses) <= SEAT_COUNTS or not houses:
        errors.append("houses and locomotive do not list the same seat counts 2..6")
    present = {int(ch) for ch in surface.values() if ch.isdigit()}
    for n, used in houses.items():
        if not isinstance(used, list) or len(used) != int(n) or len(set(used)) != len(used):
            errors.append(f"houses for {n} seats are not {n} distinct numbers")
        elif not set(used) <= present:
            errors.append(f"houses for {n} seats name a house not on the surface")
    for n, start in loco.items():
        if not isinstance(start, int) or not 0 <= start < len(track) - 1:
            errors.append(f"locomotive start for {n} seats is outside the track")
    return [f"{label}: {e}" for e in errors]


def destinations(
    surface: dict[Field, str], start: Field, face: int, home: Field | None, used: set[Field]
) -> set[Field]:
    """Surface move of exactly ``face`` fields in a straight line, never through a lake or house."""
    out = set()
    for dq, dr in DIRECTIONS:
        for k in range(1, face + 1):
            f = (start[0] + k * dq, start[1] + k * dr)
            if surface.get(f, "~") == "~":
                break
            if f == home:
                out.add(f)
                break
            if f in used:
                break
            if k == face:
                out.add(f)
    return out


def doc_example() -> Any:
    text = DOC.read_text(encoding="utf-8")
    block = re.search(r"```json\n(.*?)```", text, re.S)
    assert block is not None, "the doc shows no JSON example"
    return json.loads(block.group(1))


@pytest.fixture(scope="module")
def shipped() -> Any:
    return json.loads(MAP.read_text(encoding="utf-8"))


def test_the_shipped_map_follows_the_format(shipped: Any) -> None:
    assert check_map(shipped) == []


def test_the_example_in_the_doc_follows_the_format() -> None:
    assert check_map(doc_example()) == []


BREAKS = [
    (lambda d: d["surface"].__setitem__(1, " . L . L ="), "landing 1,1 neighbours no lake"),
    (lambda d: d["rafts"].__setitem__(1, "1,1"), "has not two rafts on two landings"),
    (lambda d: d["track"].reverse(), "track does not end at the station"),
    (
        lambda d: d.update(
            surface=[*d["surface"][:2], "h = . . G .", d["surface"][3]], track=["0,2", "4,1", "3,2"]
        ),
        "track 0,2 and 4,1 are not neighbours",
    ),
    (lambda d: d["caves"].clear(), "the caves' keys are not the C fields"),
    (lambda d: d.__setitem__("mine", []), "caves but no mine"),
    (lambda d: d["houses"].__setitem__("2", [0, 0]), "not 2 distinct numbers"),
    (lambda d: d["locomotive"].__setitem__("2", 1), "locomotive start for 2 seats"),
    (lambda d: d["locomotive"].__setitem__("3", 0), "do not list the same seat counts"),
    (lambda d: d["surface"].__setitem__(0, "0 . x . . 1"), "'x' is not a field character"),
]


@pytest.mark.parametrize(("brk", "message"), BREAKS)
def test_the_checker_refuses_a_broken_map_naming_the_rule(brk: Any, message: str) -> None:
    data = copy.deepcopy(doc_example())
    brk(data)
    errors = check_map(data)
    assert any(message in e for e in errors), errors
    assert all(e.startswith('map "Pocket": ') for e in errors)


# --- what the design promises -----------------------------------------------------------


def test_six_houses_at_the_edge_and_every_seat_count(shipped: Any) -> None:
    surface, _ = parse_grid(shipped["surface"], "surface", SURFACE_CHARS)
    houses = {int(ch): f for f, ch in surface.items() if ch.isdigit()}
    assert sorted(houses) == [0, 1, 2, 3, 4, 5]
    for f in houses.values():
        assert any(n not in surface for n in neighbours(f)), f"house {f} is not at the edge"
    assert set(shipped["houses"]) == SEAT_COUNTS
    # more players roll more often per round: the locomotive starts farther from the station
    starts = [shipped["locomotive"][n] for n in sorted(SEAT_COUNTS)]
    assert starts == sorted(starts, reverse=True)


def test_the_track_touches_no_house_and_has_a_designed_length(shipped: Any) -> None:
    surface, _ = parse_grid(shipped["surface"], "surface", SURFACE_CHARS)
    track = [f for x in shipped["track"] if (f := field_name(x)) is not None]
    for f in track:
        assert not any(surface.get(n, "").isdigit() for n in neighbours(f)), f
    assert 18 <= len(track) <= 26


def test_sizes_of_the_designed_map(shipped: Any) -> None:
    surface, _ = parse_grid(shipped["surface"], "surface", SURFACE_CHARS)
    mine, _ = parse_grid(shipped["mine"], "mine", {"g", "D"})
    counts = {ch: list(surface.values()).count(ch) for ch in "hCL"}
    assert 24 <= counts["h"] <= 34 and counts["C"] == 4
    lakes = lakes_of(surface)
    assert 2 <= len(lakes) <= 3
    for lake in lakes:
        shore = {f for f, ch in surface.items() if ch == "L" for n in neighbours(f) if n in lake}
        assert len(shore) >= 3
    assert 20 <= len(mine) <= 30


def test_a_first_move_from_every_house_for_every_face(shipped: Any) -> None:
    surface, _ = parse_grid(shipped["surface"], "surface", SURFACE_CHARS)
    where = {int(ch): f for f, ch in surface.items() if ch.isdigit()}
    for n, numbers in shipped["houses"].items():
        used = {where[h] for h in numbers}
        for h in numbers:
            for face in (2, 3, 4, 5, 6):
                moves = destinations(surface, where[h], face, where[h], used)
                assert moves, f"{n} seats: house {h} has no move for a {face}"


def test_no_field_of_the_surface_leaves_a_prospector_without_a_move(shipped: Any) -> None:
    surface, _ = parse_grid(shipped["surface"], "surface", SURFACE_CHARS)
    houses = {f for f, ch in surface.items() if ch.isdigit()}
    for f, ch in surface.items():
        if ch != "~" and f not in houses:
            assert any(destinations(surface, f, n, None, houses) for n in range(2, 7)), f


def test_the_mine_is_one_network_whose_doors_end_galleries(shipped: Any) -> None:
    mine, _ = parse_grid(shipped["mine"], "mine", {"g", "D"})
    start = next(iter(mine))
    seen, todo = {start}, [start]
    while todo:
        for n in neighbours(todo.pop()):
            if n in mine and n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(mine)
    for f, ch in mine.items():
        if ch == "D":
            assert sum(n in mine for n in neighbours(f)) == 1, f
