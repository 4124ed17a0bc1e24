"""A Golden City map: the loader and validator of the format ``golden-city-map/1``
(the map format page, ``golden-city-map.md`` in ``docs/rules``), and the tables the rules read.

A map is one JSON object: the surface and the mine as text grids of one character per field
(pointy-top hexes, odd rows shifted right: the character at row ``r``, column ``c`` is the field
``q = c - r // 2``, ``r``), the track in order to the station, the rafts, the caves and their
doors, the houses used and the locomotive's start per seat count. :func:`load_map` checks every
rule of the format and refuses a broken map with one :class:`MapError` naming the rule and the
field, e.g. ``map "Golden City": landing 4,7 neighbours no lake``; it never raises anything else.

Invariants of a :class:`Board` (what the rules rely on):

- fields are numbered in the canonical order, by ``r`` then ``q``, separately on the surface and
  in the mine; a field is named ``"q,r"`` (no spaces, no ``+``, no leading zeros);
- ``neighbours[f][d]`` is the surface field one step from ``f`` in direction ``DIRECTIONS[d]``,
  or -1 (none); the mine's neighbour lists are sorted by field number;
- every lake (a connected set of ``~`` fields) has at least two landings, and exactly two rafts
  on two of them; every landing borders exactly one lake;
- the track's consecutive fields are neighbours, it holds every ``=`` field and ends on the one
  ``G`` field; each cave has one door and each door one cave;
- hill ``h`` is the ``h``-th hill field in canonical order (card ``h`` of the hill deck); gallery
  ``g`` is the ``g``-th non-door mine field (card ``g`` of the gallery deck);
- :attr:`Board.digest` is the SHA-256 of the map's canonical JSON: two boards are equal exactly
  when their maps are.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NoReturn, TypeAlias

from ...errors import GoldnetError

FORMAT = "golden-city-map/1"
"""The value of a map's ``"format"`` key."""

DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six hex directions ``(dq, dr)``, counter-clockwise from east."""

SURFACE_CHARS = frozenset(".h~L=GC012345-")
MINE_CHARS = frozenset("gD-")
SEAT_COUNTS = ("2", "3", "4", "5", "6")

PLAIN, HILL, LAKE, LANDING, RAILWAY, STATION, CAVE, HOUSE = range(8)
"""Terrain codes of surface fields (houses unused at a seat count are still ``HOUSE`` here; the
rules treat them as plain)."""
TERRAIN_OF_CHAR = {".": PLAIN, "h": HILL, "~": LAKE, "L": LANDING, "=": RAILWAY, "G": STATION}
TERRAIN_OF_CHAR.update({"C": CAVE, **{str(i): HOUSE for i in range(6)}})

Fail: TypeAlias = Callable[[str], NoReturn]

_NAME = re.compile(r"-?(0|[1-9][0-9]*),-?(0|[1-9][0-9]*)")


class MapError(GoldnetError, ValueError):
    """A map that breaks a rule of the format ``golden-city-map/1`` (the message names it)."""


def field_name(q: int, r: int) -> str:
    """The canonical name ``"q,r"`` of the field at axial ``(q, r)``."""
    return f"{q},{r}"


def parse_name(text: object) -> tuple[int, int] | None:
    """``(q, r)`` of a canonical field name, or None if ``text`` is not one."""
    if not isinstance(text, str) or not _NAME.fullmatch(text):
        return None
    q, r = (int(part) for part in text.split(","))
    return (q, r) if field_name(q, r) == text else None


@dataclass(frozen=True, eq=False)
class Grid:
    """One grid of fields (the surface or the mine) in canonical order.

    Attributes:
        coords: ``(q, r)`` per field number.
        names: ``"q,r"`` per field number.
        chars: the map character per field number.
        index: field name -> field number.
    """

    coords: tuple[tuple[int, int], ...]
    names: tuple[str, ...]
    chars: tuple[str, ...]
    index: dict[str, int] = field(repr=False)

    def step(self, f: int, d: int) -> int:
        """The field one step from ``f`` in direction ``DIRECTIONS[d]``, or -1."""
        q, r = self.coords[f]
        dq, dr = DIRECTIONS[d]
        return self.index.get(field_name(q + dq, r + dr), -1)


@dataclass(frozen=True, eq=False)
class Board:
    """A validated map and the tables the rules read (see the module's invariants).

    Attributes:
        name: the map's name.
        digest: SHA-256 of the map's canonical JSON (32 bytes).
        surface, mine: the two grids.
        terrain: terrain code per surface field.
        neighbours: per surface field, the neighbour in each of the six directions or -1.
        lake_of: per surface field, the lake number of a lake field or a landing, else -1.
        landings: per lake, its landings (surface fields, ascending).
        hills: the hill fields, ascending (hill ``h`` is ``hills[h]``).
        hill_of: per surface field, its hill number or -1.
        track: the track's fields, from the first to the station.
        track_index: per surface field, its index in the track or -1.
        houses: house number -> surface field.
        seat_houses: seat count (int) -> the house numbers used, in seat order.
        locomotive: seat count (int) -> the track index the locomotive starts on.
        rafts: the landings holding a raft at the start, ascending.
        cave_door: per surface field, the mine field of its door or -1.
        door_cave: per mine field, the surface cave it leads to or -1 (not a door).
        mine_neighbours: per mine field, its neighbours, ascending.
        galleries: the non-door mine fields, ascending (gallery ``g`` is ``galleries[g]``).
        gallery_of: per mine field, its gallery number or -1 (a door).
    """

    name: str
    digest: bytes
    surface: Grid
    mine: Grid
    terrain: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]
    lake_of: tuple[int, ...]
    landings: tuple[tuple[int, ...], ...]
    hills: tuple[int, ...]
    hill_of: tuple[int, ...]
    track: tuple[int, ...]
    track_index: tuple[int, ...]
    houses: dict[int, int]
    seat_houses: dict[int, tuple[int, ...]]
    locomotive: dict[int, int]
    rafts: tuple[int, ...]
    cave_door: tuple[int, ...]
    door_cave: tuple[int, ...]
    mine_neighbours: tuple[tuple[int, ...], ...]
    galleries: tuple[int, ...]
    gallery_of: tuple[int, ...]
    source: dict[str, Any] = field(repr=False)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and other.digest == self.digest

    def __hash__(self) -> int:
        return hash(self.digest)

    @property
    def seat_counts(self) -> tuple[int, ...]:
        """The seat counts the map supports, ascending."""
        return tuple(sorted(self.seat_houses))

    def distance(self, a: int, b: int) -> int:
        """Hex distance between surface fields ``a`` and ``b``."""
        (qa, ra), (qb, rb) = self.surface.coords[a], self.surface.coords[b]
        dq, dr = qa - qb, ra - rb
        return max(abs(dq), abs(dr), abs(dq + dr))


def _grid(label: str, rows: Any, allowed: frozenset[str], fail: Fail) -> Grid:
    if not isinstance(rows, list) or not all(isinstance(row, str) for row in rows):
        fail(f'"{label}" must be a list of text rows')
    cells: list[tuple[int, int, str]] = []
    for r, row in enumerate(rows):
        text = row.lstrip(" ")
        if not text:
            continue
        parts = text.split(" ")
        for c, char in enumerate(parts):
            if len(char) != 1:
                fail(f"{label} row {r}: characters must be separated by single spaces")
            if char not in allowed:
                fail(f"{label} row {r}: unknown character {char!r}")
            if char != "-":
                cells.append((r, c - r // 2, char))
    cells.sort(key=lambda cell: (cell[0], cell[1]))
    coords = tuple((q, r) for r, q, _ in cells)
    names = tuple(field_name(q, r) for q, r in coords)
    return Grid(coords, names, tuple(ch for _, _, ch in cells), {n: i for i, n in enumerate(names)})


def _seat_key(key: object) -> int | None:
    return int(key) if isinstance(key, str) and key in SEAT_COUNTS else None


def load_map(data: Any) -> Board:
    """Validate a parsed map (``json.loads`` of a map file) and build its :class:`Board`.

    Raises:
        MapError: the first rule of the format the map breaks, named with its field.
    """
    if not isinstance(data, dict):
        raise MapError("map: a map is a JSON object")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise MapError('map: "name" must be a non-empty text')

    def fail(problem: str) -> NoReturn:
        raise MapError(f'map "{name}": {problem}')

    if data.get("format") != FORMAT:
        fail(f'"format" must be "{FORMAT}", not {data.get("format")!r}')
    known = {"format", "name", "surface", "mine", "track", "rafts", "caves", "houses", "locomotive"}
    for key in sorted(set(data) - known):
        fail(f"unknown key {key!r}")
    surface = _grid("surface", data.get("surface"), SURFACE_CHARS, fail)
    if not surface.names:
        fail("the surface has no field")
    mine = _grid("mine", data.get("mine", []), MINE_CHARS, fail)
    n = len(surface.names)
    terrain = tuple(TERRAIN_OF_CHAR[ch] for ch in surface.chars)
    neighbours = tuple(tuple(surface.step(f, d) for d in range(6)) for f in range(n))

    houses: dict[int, int] = {}
    for f, ch in enumerate(surface.chars):
        if ch.isdigit():
            if int(ch) in houses:
                fail(
                    f"house {ch} appears twice ({surface.names[houses[int(ch)]]} and "
                    f"{surface.names[f]})"
                )
            houses[int(ch)] = f

    # Lakes: connected sets of '~' fields; each landing borders exactly one.
    lake_of = [-1] * n
    lakes = 0
    for f in range(n):
        if terrain[f] == LAKE and lake_of[f] < 0:
            stack = [f]
            lake_of[f] = lakes
            while stack:
                g = stack.pop()
                for h in neighbours[g]:
                    if h >= 0 and terrain[h] == LAKE and lake_of[h] < 0:
                        lake_of[h] = lakes
                        stack.append(h)
            lakes += 1
    landings: list[list[int]] = [[] for _ in range(lakes)]
    for f in range(n):
        if terrain[f] == LANDING:
            near = sorted({lake_of[h] for h in neighbours[f] if h >= 0 and terrain[h] == LAKE})
            if not near:
                fail(f"landing {surface.names[f]} neighbours no lake")
            if len(near) > 1:
                fail(f"landing {surface.names[f]} neighbours two lakes")
            lake_of[f] = near[0]
            landings[near[0]].append(f)
    for lake, fields in enumerate(landings):
        if len(fields) < 2:
            first = min(f for f in range(n) if terrain[f] == LAKE and lake_of[f] == lake)
            fail(f"the lake at {surface.names[first]} has fewer than two landings")

    track = _track(data.get("track"), surface, terrain, neighbours, fail)
    seat_houses, locomotive = _seat_tables(data, houses, len(track), fail)
    rafts = _rafts(data.get("rafts"), surface, terrain, lake_of, lakes, fail)
    cave_door, door_cave = _caves(data.get("caves"), surface, terrain, mine, fail)
    mine_neighbours = tuple(
        tuple(sorted(g for g in (mine.step(m, d) for d in range(6)) if g >= 0))
        for m in range(len(mine.names))
    )
    galleries = tuple(m for m, ch in enumerate(mine.chars) if ch == "g")
    gallery_of = [-1] * len(mine.names)
    for g, m in enumerate(galleries):
        gallery_of[m] = g
    hills = tuple(f for f in range(n) if terrain[f] == HILL)
    hill_of = [-1] * n
    for h, f in enumerate(hills):
        hill_of[f] = h
    track_index = [-1] * n
    for i, f in enumerate(track):
        track_index[f] = i
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return Board(
        name=name,
        digest=hashlib.sha256(canonical.encode("utf-8")).digest(),
        surface=surface,
        mine=mine,
        terrain=terrain,
        neighbours=neighbours,
        lake_of=tuple(lake_of),
        landings=tuple(tuple(fields) for fields in landings),
        hills=hills,
        hill_of=tuple(hill_of),
        track=track,
        track_index=tuple(track_index),
        houses=houses,
        seat_houses=seat_houses,
        locomotive=locomotive,
        rafts=rafts,
        cave_door=cave_door,
        door_cave=door_cave,
        mine_neighbours=mine_neighbours,
        galleries=galleries,
        gallery_of=tuple(gallery_of),
        source=data,
    )


def _field(grid: Grid, text: object, what: str, fail: Fail) -> int:
    if parse_name(text) is None:
        fail(f"{what} {text!r} is not a field name 'q,r'")
    assert isinstance(text, str)
    f = grid.index.get(text)
    if f is None:
        fail(f"{what} {text} is no field of the map")
    assert f is not None
    return f


def _track(
    value: Any, surface: Grid, terrain: tuple[int, ...], neighbours: Any, fail: Fail
) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) < 2:
        fail('"track" must list at least two fields')
    track: list[int] = []
    for text in value:
        f = _field(surface, text, "track field", fail)
        if terrain[f] not in (RAILWAY, STATION):
            fail(f"track field {text} is not railway '=' nor the station 'G'")
        if f in track:
            fail(f"track field {text} appears twice")
        if track and f not in neighbours[track[-1]]:
            fail(f"track fields {surface.names[track[-1]]} and {text} are not neighbours")
        track.append(f)
    stations = [f for f, t in enumerate(terrain) if t == STATION]
    if len(stations) != 1:
        fail(f"the surface must hold exactly one station 'G', not {len(stations)}")
    if track[-1] != stations[0]:
        fail(f"the track must end on the station {surface.names[stations[0]]}")
    for f, t in enumerate(terrain):
        if t == RAILWAY and f not in track:
            fail(f"railway {surface.names[f]} is not on the track")
    return tuple(track)


def _seat_tables(
    data: dict[str, Any], houses: dict[int, int], track_length: int, fail: Fail
) -> tuple[dict[int, tuple[int, ...]], dict[int, int]]:
    raw_houses, raw_loco = data.get("houses"), data.get("locomotive")
    if not isinstance(raw_houses, dict) or not raw_houses:
        fail('"houses" must map seat counts "2".."6" to house numbers')
    if not isinstance(raw_loco, dict):
        fail('"locomotive" must map seat counts "2".."6" to track indexes')
    assert isinstance(raw_houses, dict) and isinstance(raw_loco, dict)
    if set(raw_houses) != set(raw_loco):
        fail('"houses" and "locomotive" must list the same seat counts')
    seat_houses: dict[int, tuple[int, ...]] = {}
    locomotive: dict[int, int] = {}
    for key in sorted(raw_houses):
        seats = _seat_key(key)
        if seats is None:
            fail(f"seat count {key!r} is not one of 2 to 6")
        assert seats is not None
        used = raw_houses[key]
        if not isinstance(used, list) or len(used) != seats:
            fail(f"houses for {seats} seats must list {seats} house numbers")
        for number in used:
            if type(number) is not int or number not in houses:
                fail(f"house {number!r} (for {seats} seats) is not on the surface")
        if len(set(used)) != len(used):
            fail(f"houses for {seats} seats repeat a house")
        seat_houses[seats] = tuple(used)
        index = raw_loco[key]
        if type(index) is not int or not 0 <= index < track_length - 1:
            fail(f"locomotive start for {seats} seats must be 0 to {track_length - 2}")
        locomotive[seats] = index
    return seat_houses, locomotive


def _rafts(
    value: Any,
    surface: Grid,
    terrain: tuple[int, ...],
    lake_of: list[int],
    lakes: int,
    fail: Fail,
) -> tuple[int, ...]:
    if not isinstance(value, list):
        fail('"rafts" must list landings')
    rafts: list[int] = []
    for text in value:
        f = _field(surface, text, "raft", fail)
        if terrain[f] != LANDING:
            fail(f"raft {text} is not on a landing")
        if f in rafts:
            fail(f"raft {text} is listed twice: two rafts lie on two different landings")
        rafts.append(f)
    for lake in range(lakes):
        count = sum(1 for f in rafts if lake_of[f] == lake)
        if count != 2:
            first = min(f for f in range(len(terrain)) if terrain[f] == LAKE and lake_of[f] == lake)
            fail(f"the lake at {surface.names[first]} must have exactly two rafts, not {count}")
    return tuple(sorted(rafts))


def _caves(
    value: Any, surface: Grid, terrain: tuple[int, ...], mine: Grid, fail: Fail
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if value is None:
        value = {}
    if not isinstance(value, dict):
        fail('"caves" must map cave fields to door fields')
    if any(t == CAVE for t in terrain) and not mine.names:
        fail("a map with caves needs a mine")
    cave_door = [-1] * len(surface.names)
    door_cave = [-1] * len(mine.names)
    for cave_text in sorted(value):
        f = _field(surface, cave_text, "cave", fail)
        if terrain[f] != CAVE:
            fail(f"cave {cave_text} is not a cave 'C' on the surface")
        door_text = value[cave_text]
        if parse_name(door_text) is None or door_text not in mine.index:
            fail(f"door {door_text!r} of cave {cave_text} is no field of the mine")
        m = mine.index[door_text]
        if mine.chars[m] != "D":
            fail(f"door {door_text} of cave {cave_text} is not a door 'D' in the mine")
        if door_cave[m] >= 0:
            fail(f"door {door_text} is the door of two caves")
        cave_door[f], door_cave[m] = m, f
    for f, t in enumerate(terrain):
        if t == CAVE and cave_door[f] < 0:
            fail(f'cave {surface.names[f]} has no door in "caves"')
    for m, ch in enumerate(mine.chars):
        if ch == "D" and door_cave[m] < 0:
            fail(f"door {mine.names[m]} belongs to no cave")
    return tuple(cave_door), tuple(door_cave)


def parse_map(text: str) -> Board:
    """Parse and validate a map file's text.

    Raises:
        MapError: not JSON, or a rule of the format broken.
    """
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise MapError(f"map: not valid JSON ({exc})") from None
    return load_map(data)
