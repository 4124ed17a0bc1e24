"""Where a roll can take a prospector: straight lines on the surface, gallery paths in the mine.

Surface (docs/rules/golden-city.md, "Moving on the surface"): a face ``n`` moves exactly ``n``
fields in a straight line in one of the six directions, jumping prospectors and hills, never
through or onto a lake or another seat's house, never off the map; a line that reaches the
mover's own house within the move stops there (the overshoot); with a pickaxe, every cave the
line reaches within the move may be a stop to descend.

Mine ("The mine"): a face moves along exactly ``k`` gallery steps from neighbour to neighbour,
visiting no field twice, never through or onto a walled field. A prospector below from whose field
no other door can be reached around the walls is cut off (:func:`cut_off`); the company brings it
up through the door nearest to it, walls or not (:func:`nearest_door`).

Invariants: the tables depend only on the board and the seat count and are built once per pair
(:func:`tables`); destinations come out sorted by field number, so actions built from them are in
canonical order; the mine's path memo holds pure results keyed by (field, steps, walls).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from .board import CAVE, LAKE, Board


@dataclass(frozen=True, eq=False)
class Tables:
    """A board's movement tables for one seat count.

    Attributes:
        house: per seat, its house (a surface field).
        owner: per surface field, the seat whose house it is, or -1.
        lines: ``lines[seat][f][d]``: the fields a straight move of seat ``seat`` from ``f`` in
            direction ``d`` can reach, in order; it ends before a lake, another seat's house or
            the map's edge, and on the seat's own house.
        cave: per surface field, whether it is a cave.
    """

    house: tuple[int, ...]
    owner: tuple[int, ...]
    lines: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]
    cave: tuple[bool, ...]
    neighbours: tuple[tuple[int, ...], ...]
    memo: dict[tuple[int, int, int], tuple[int, ...]] = field(default_factory=dict, repr=False)


@lru_cache(maxsize=32)
def tables(board: Board, seats: int) -> Tables:
    """The movement tables of ``board`` played by ``seats`` seats.

    Raises:
        KeyError: the map does not support ``seats`` seats.
    """
    house = tuple(board.houses[number] for number in board.seat_houses[seats])
    n = len(board.terrain)
    owner = [-1] * n
    for seat, f in enumerate(house):
        owner[f] = seat
    lines = []
    for seat in range(seats):
        per_field = []
        for f in range(n):
            per_dir = []
            for d in range(6):
                line: list[int] = []
                g = board.neighbours[f][d]
                while g >= 0 and board.terrain[g] != LAKE and owner[g] in (-1, seat):
                    line.append(g)
                    if owner[g] == seat:
                        break
                    g = board.neighbours[g][d]
                per_dir.append(tuple(line))
            per_field.append(tuple(per_dir))
        lines.append(tuple(per_field))
    return Tables(
        house,
        tuple(owner),
        tuple(lines),
        tuple(t == CAVE for t in board.terrain),
        board.mine_neighbours,
    )


def surface_destinations(
    tab: Tables, seat: int, start: int, steps: tuple[int, ...], pickaxe: bool
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(stops, caves)`` for seat ``seat`` at surface field ``start`` with the step counts
    ``steps`` (one, or two with the horse): the fields where a move ends, and the caves where it
    may stop to descend (empty without a pickaxe). Both sorted by field number."""
    home = tab.house[seat]
    stops: set[int] = set()
    caves: set[int] = set()
    reach = max(steps)
    for line in tab.lines[seat][start]:
        if not line:
            continue
        at_home = line[-1] == home
        for k in steps:
            if len(line) >= k:
                stops.add(line[k - 1])
            elif at_home:
                stops.add(home)
        if pickaxe:
            for g in line[:reach]:
                if tab.cave[g]:
                    caves.add(g)
    return tuple(sorted(stops)), tuple(sorted(caves))


def mine_destinations(
    tab: Tables, start: int, steps: tuple[int, ...], walls: int
) -> tuple[int, ...]:
    """The mine fields a move from mine field ``start`` can end on, for any of ``steps``:
    simple paths of exactly that many steps avoiding the fields of bit mask ``walls``."""
    out: set[int] = set()
    for k in steps:
        out.update(_paths(tab, start, k, walls))
    return tuple(sorted(out))


def _paths(tab: Tables, start: int, k: int, walls: int) -> tuple[int, ...]:
    key = (start, k, walls)
    found = tab.memo.get(key)
    if found is None:
        ends: set[int] = set()
        neighbours = tab.neighbours

        def walk(m: int, left: int, seen: int) -> None:
            if left == 0:
                ends.add(m)
                return
            for g in neighbours[m]:
                bit = 1 << g
                if not (seen | walls) & bit:
                    walk(g, left - 1, seen | bit)

        walk(start, k, 1 << start)
        found = tuple(sorted(ends))
        if len(tab.memo) < 200_000:
            tab.memo[key] = found
    return found


def cut_off(board: Board, start: int, walls: int) -> bool:
    """Whether a prospector on mine field ``start`` can never land on a door again: the mine has
    doors, but none can be reached through mine fields outside the bit mask ``walls`` — a door
    other than ``start``, or ``start`` itself by stepping away and back (docs/rules/
    golden-city.md, "Cut off")."""
    if max(board.door_cave, default=-1) < 0:
        return False
    own = board.door_cave[start] >= 0
    seen, stack = 1 << start, [start]
    while stack:
        m = stack.pop()
        for g in board.mine_neighbours[m]:
            bit = 1 << g
            if not (seen | walls) & bit:
                if own or board.door_cave[g] >= 0:
                    return False
                seen |= bit
                stack.append(g)
    return True


def nearest_door(board: Board, start: int) -> int:
    """The door fewest gallery steps from mine field ``start``, walls ignored (the lowest field
    number among equals; ``start`` itself when it is a door); on a map whose mine joins no door
    to ``start``, the lowest-numbered door. The mine must have a door (:func:`cut_off`)."""
    ring, seen = [start], {start}
    while ring:
        doors = [m for m in ring if board.door_cave[m] >= 0]
        if doors:
            return min(doors)
        ring = sorted({g for m in ring for g in board.mine_neighbours[m]} - seen)
        seen.update(ring)
    return min(m for m, cave in enumerate(board.door_cave) if cave >= 0)
