"""Figures and a picture of a Golden City map (maintainer tool, not shipped).

docs/rules/golden-city-map.md describes the map format and the designed map; the figures it
quotes come from this tool:

    python tools/render_golden_city_map.py                      # figures of the designed map
    python tools/render_golden_city_map.py MAP.json --png OUT.png --mine-png MINE.png

The figures (printed as Markdown tables) are what the design was balanced on, for every house:
hex distances to the hills, caves, landings and track, the legal destinations of a first roll per
face, and the expected number of turns to reach a hill, a cave, a landing. Movement follows the
rules: a face ``n`` moves exactly ``n`` fields in a straight line, over hills and prospectors,
never through a lake or a house, never stopping on a lake or another seat's house; a line
reaching the mover's own house stops there, and with a pickaxe a line reaching a cave may stop
there. The locomotive face is one roll in six and moves nobody. The horse is left out.

The tool parses the map itself (it is a design aid, independent of the engine's loader) and
checks only what it needs; the format is checked by ``tests/test_golden_city_map_data.py``. It
uses floats and Qt freely: nothing here runs in a game.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Iterable
from pathlib import Path

Field = tuple[int, int]

DIRECTIONS: tuple[Field, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
FACES = (2, 3, 4, 5, 6)
SEAT_COUNTS = ("2", "3", "4", "5", "6")
DEFAULT_MAP = Path(__file__).resolve().parent.parent / "resources" / "golden_city" / "map.json"


# --- reading -------------------------------------------------------------------------------


def name(field: Field) -> str:
    return f"{field[0]},{field[1]}"


def parse_name(text: str) -> Field:
    q, r = text.split(",")
    return int(q), int(r)


def parse_grid(rows: list[str]) -> dict[Field, str]:
    """``{(q, r): character}`` for every field of a grid (``-`` is no field)."""
    out: dict[Field, str] = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row.lstrip(" ").split(" ")):
            if ch != "-":
                out[(c - r // 2, r)] = ch
    return out


def offset(field: Field) -> tuple[int, int]:
    """(row, column) of an axial field in the odd-r text layout."""
    q, r = field
    return r, q + r // 2


def distance(a: Field, b: Field) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def neighbours(field: Field) -> list[Field]:
    return [(field[0] + dq, field[1] + dr) for dq, dr in DIRECTIONS]


class Map:
    """The parts of a map the figures need."""

    def __init__(self, data: dict) -> None:
        self.data = data
        self.surface = parse_grid(data["surface"])
        self.mine = parse_grid(data.get("mine") or [])
        self.track = [parse_name(t) for t in data["track"]]
        self.rafts = [parse_name(t) for t in data["rafts"]]
        self.caves = {parse_name(k): parse_name(v) for k, v in data["caves"].items()}
        self.houses = {int(ch): f for f, ch in self.surface.items() if ch.isdigit()}
        self.hills = sorted(f for f, ch in self.surface.items() if ch == "h")
        self.landings = sorted(f for f, ch in self.surface.items() if ch == "L")
        self.station = next(f for f, ch in self.surface.items() if ch == "G")
        self.lakes = self._lakes()

    def _lakes(self) -> list[tuple[list[Field], list[Field]]]:
        """Each lake's fields and landings, lakes in the order of their first field."""
        water = sorted(f for f, ch in self.surface.items() if ch == "~")
        seen: set[Field] = set()
        lakes = []
        for start in water:
            if start in seen:
                continue
            part, todo = {start}, [start]
            while todo:
                for n in neighbours(todo.pop()):
                    if self.surface.get(n) == "~" and n not in part:
                        part.add(n)
                        todo.append(n)
            seen |= part
            shore = sorted(f for f in self.landings if any(n in part for n in neighbours(f)))
            lakes.append((sorted(part), shore))
        return lakes


# --- surface movement ----------------------------------------------------------------------


def destinations(
    m: Map, start: Field, face: int, home: Field, used: Iterable[Field], pickaxe: bool = False
) -> set[Field]:
    """Where a face takes a prospector living at ``home`` from ``start`` (houses ``used``)."""
    houses = set(used)
    out: set[Field] = set()
    for dq, dr in DIRECTIONS:
        for k in range(1, face + 1):
            f = (start[0] + k * dq, start[1] + k * dr)
            ch = m.surface.get(f)
            if ch is None or ch == "~":
                break
            if f == home:
                out.add(f)  # overshoot: the line stops at home
                break
            if f in houses:
                break
            if k == face:
                out.add(f)
            elif pickaxe and ch == "C":
                out.add(f)  # may stop on a cave it reaches
    return out


def step(value: dict[Field, float], moves: list[set[Field]]) -> float:
    """Expected turns from a field whose five faces lead to ``moves``, given ``value``.

    A face without a move is a lost roll, like the locomotive face: the roller stays.
    """
    stay, total = 1, 0.0
    for dests in moves:
        if dests:
            total += min(value[d] for d in dests)
        else:
            stay += 1
    return (6 + total) / (6 - stay) if stay < 6 else float("inf")


def solve(moves: dict[Field, list[set[Field]]], targets: set[Field]) -> dict[Field, float]:
    """Expected turns to stop on a target from each field, choosing moves optimally."""
    value = {f: 0.0 if f in targets else 50.0 for f in moves}
    for _ in range(400):
        change = 0.0
        for f in moves:
            if f not in targets:
                new = min(step(value, moves[f]), 99.0)
                change = max(change, abs(new - value[f]))
                value[f] = new
        if change < 1e-9:
            break
    return value


def turns_from(
    m: Map, start: Field, targets: set[Field], home: Field, used: list[Field], pickaxe: bool = False
) -> float:
    """Expected turns from ``start`` until stopping on a target (``start`` counts as left)."""
    others = set(used) - {home}
    fields = [f for f, ch in m.surface.items() if ch != "~" and f not in others]
    moves = {f: [destinations(m, f, n, home, used, pickaxe) for n in FACES] for f in fields}
    return step(solve(moves, targets), moves[start])


# --- mine movement -------------------------------------------------------------------------


def mine_destinations(m: Map, start: Field, steps: int) -> set[Field]:
    """Ends of the gallery paths of exactly ``steps`` from ``start``, no field twice."""
    out: set[Field] = set()

    def walk(f: Field, left: int, seen: frozenset[Field]) -> None:
        if left == 0:
            out.add(f)
            return
        for n in neighbours(f):
            if n in m.mine and n not in seen:
                walk(n, left - 1, seen | {n})

    walk(start, steps, frozenset({start}))
    return out


def mine_steps(face: int, lit: bool) -> int:
    return face if lit else max(1, face // 2)


def mine_exit_turns(m: Map, lit: bool) -> dict[Field, float]:
    """Expected turns from each door until landing exactly on a door, no tokens counted."""
    doors = {f for f, ch in m.mine.items() if ch == "D"}
    moves = {f: [mine_destinations(m, f, mine_steps(n, lit)) for n in FACES] for f in m.mine}
    value = solve(moves, doors)
    return {door: step(value, moves[door]) for door in sorted(doors)}


# --- figures -------------------------------------------------------------------------------


def rolls_between(advances: int, low: int, high: int) -> float:
    """Chance that the locomotive's last advance comes on a roll numbered ``low``..``high``.

    Each roll is the locomotive face with chance 1/6 (negative binomial); rafts, the Pony
    Express, lost turns and the cow are left out, and so is the end by exhaustion.
    """
    from math import comb

    p = 1 / 6
    return sum(
        comb(r - 1, advances - 1) * p**advances * (1 - p) ** (r - advances)
        for r in range(max(low, advances), high + 1)
    )


def table(head: list[str], rows: list[list[object]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "| " + " | ".join("---" for _ in head) + " |"]
    lines += ["| " + " | ".join(str(x) for x in row) + " |" for row in rows]
    return "\n".join(lines)


def house_figures(m: Map) -> dict[int, dict[str, object]]:
    """Per house, with all six houses in use (the tightest case)."""
    used = [m.houses[h] for h in sorted(m.houses)]
    track = set(m.track)
    caves, landings, hills = set(m.caves), set(m.landings), set(m.hills)
    out: dict[int, dict[str, object]] = {}
    for number in sorted(m.houses):
        home = m.houses[number]
        per_face = [destinations(m, home, n, home, used) for n in FACES]
        first = set().union(*per_face)
        out[number] = {
            "hills": sum(distance(home, h) for h in m.hills) / len(m.hills),
            "hills<=6": sum(1 for h in m.hills if distance(home, h) <= 6),
            "cave": min(distance(home, c) for c in caves),
            "landing": min(distance(home, x) for x in landings),
            "raft": min(distance(home, x) for x in m.rafts),
            "track": min(distance(home, t) for t in track),
            "station": distance(home, m.station),
            "faces": [len(d) for d in per_face],
            "first": len(first),
            "first hills": len(first & hills),
            "turns hill": turns_from(m, home, hills, home, used),
            "turns cave": turns_from(m, home, caves, home, used, pickaxe=True),
            "turns landing": turns_from(m, home, landings, home, used),
        }
    return out


def seat_table(m: Map, figures: dict[int, dict[str, object]]) -> str:
    keys = ["hills", "cave", "landing", "track", "turns hill", "turns cave", "turns landing"]
    rows = []
    for n in SEAT_COUNTS:
        chosen = m.data["houses"][n]
        row: list[object] = [n, " ".join(str(h) for h in chosen)]
        for key in keys:
            values = [float(figures[h][key]) for h in chosen]  # type: ignore[arg-type]
            row.append(f"{min(values):.2f}–{max(values):.2f}")
        pair = [distance(m.houses[a], m.houses[b]) for a in chosen for b in chosen if a < b]
        row.append(min(pair))
        rows.append(row)
    head = ["seats", "houses", "mean hill distance", "cave", "landing", "track"]
    head += ["turns to a hill", "turns to a cave", "turns to a landing", "closest houses"]
    return table(head, rows)


def report(m: Map) -> str:
    parts = []
    counts: dict[str, int] = {}
    for ch in m.surface.values():
        counts[ch] = counts.get(ch, 0) + 1
    rows_n = len(m.data["surface"])
    cols_n = max(len(r.lstrip(" ").split(" ")) for r in m.data["surface"])
    parts.append(f"surface {cols_n} columns x {rows_n} rows, {len(m.surface)} fields")
    parts.append(table(["terrain", "fields"], [[k, counts[k]] for k in sorted(counts, key=str)]))
    far = [distance(h, m.station) for h in m.hills]
    parts.append(
        "hills by distance from the station: "
        + ", ".join(f"{d}: {far.count(d)}" for d in sorted(set(far)))
    )
    used = [m.houses[h] for h in sorted(m.houses)]
    stuck = []
    for f, ch in sorted(m.surface.items()):
        if ch != "~" and f not in used:
            reach = set().union(*[destinations(m, f, n, (99, 99), used) for n in FACES])
            if len(reach) <= 3:
                stuck.append(f"{name(f)} ({len(reach)})")
    parts.append(
        "fields with at most 3 destinations over all faces: " + (", ".join(stuck) or "none")
    )
    figures = house_figures(m)
    rows = []
    for number, f in figures.items():
        rows.append(
            [
                number,
                f"{f['hills']:.2f}",
                f["hills<=6"],
                f["cave"],
                f["landing"],
                f["raft"],
                f["track"],
                f["station"],
                " ".join(str(x) for x in f["faces"]),  # type: ignore[attr-defined]
                f["first"],
                f["first hills"],
                f"{f['turns hill']:.2f}",
                f"{f['turns cave']:.2f}",
                f"{f['turns landing']:.2f}",
            ]
        )
    head = ["house", "mean hill dist.", "hills <= 6", "cave", "landing", "raft", "track"]
    head += ["station", "first roll 2 3 4 5 6", "first dests", "first hills"]
    head += ["turns hill", "turns cave", "turns landing"]
    parts.append("per house (six seats):\n" + table(head, rows))
    parts.append("used houses per seat count (range over the seats):\n" + seat_table(m, figures))
    # track and locomotive
    rows = []
    for n in SEAT_COUNTS:
        start = m.data["locomotive"][n]
        advances = len(m.track) - 1 - start
        rolls = 6 * advances
        inside = rolls_between(advances, 15 * int(n), 35 * int(n))
        rows.append(
            [
                n,
                start,
                advances,
                rolls,
                f"{rolls / int(n):.1f}",
                f"{100 * inside:.0f} %",
                (advances - 1) // 3,
            ]
        )
    head = ["seats", "start index", "advances", "expected rolls", "turns per player"]
    head += ["games within 15–35 turns per player", "gazettes"]
    parts.append(f"track: {len(m.track)} fields\n" + table(head, rows))
    # lakes
    for i, (water, shore) in enumerate(m.lakes):
        rows = []
        for a in shore:
            for b in shore:
                if a < b:
                    walk = turns_from(m, a, {b}, (99, 99), used)
                    back = turns_from(m, b, {a}, (99, 99), used)
                    rows.append([name(a), name(b), distance(a, b), f"{walk:.2f}", f"{back:.2f}"])
        rafts = [name(x) for x in m.rafts if x in shore]
        parts.append(
            f"lake {i}: {len(water)} fields, landings {', '.join(name(x) for x in shore)}, "
            f"rafts {', '.join(rafts)}\n"
            + table(["landing", "landing", "hex distance", "walk a→b", "walk b→a"], rows)
        )
    parts.append(mine_report(m))
    return "\n\n".join(parts)


def mine_report(m: Map) -> str:
    doors = sorted(f for f, ch in m.mine.items() if ch == "D")
    door_cave = {door: cave for cave, door in m.caves.items()}
    edges = sum(1 for f in m.mine for n in neighbours(f) if n in m.mine) // 2
    degree = {f: sum(1 for n in neighbours(f) if n in m.mine) for f in m.mine}
    lines = [
        f"mine: {len(m.mine)} fields ({len(m.mine) - len(doors)} with a token, "
        f"{len(doors)} doors), {edges} joins, {edges - len(m.mine) + 1} independent loops, "
        f"{sum(1 for d in degree.values() if d >= 3)} forks, "
        f"{sum(1 for f, d in degree.items() if d == 1 and f not in doors)} dead ends besides "
        f"the doors"
    ]
    rows = []
    lit, dark = mine_exit_turns(m, True), mine_exit_turns(m, False)
    for door in doors:
        per_face = [len(mine_destinations(m, door, n)) for n in FACES]
        onto = [n for n in FACES if set(mine_destinations(m, door, n)) & set(doors)]
        far = {}
        for other in doors:
            # fewest lit rolls from door to other (exact landings)
            frontier, seen, k = {door}, {door}, 0
            while other not in frontier and frontier and k < 20:
                k += 1
                nxt = set()
                for f in frontier:
                    for n in FACES:
                        nxt |= mine_destinations(m, f, n)
                frontier = nxt - seen if other not in nxt else {other}
                seen |= nxt
            far[other] = k
        rows.append(
            [
                f"{name(door)} (cave {name(door_cave[door])})",
                " ".join(str(x) for x in per_face),
                " ".join(str(x) for x in onto) or "none",
                " ".join(str(far[o]) for o in doors),
                f"{lit[door]:.2f}",
                f"{dark[door]:.2f}",
            ]
        )
    head = ["door", "destinations 2 3 4 5 6", "faces onto a door", "fewest rolls to doors"]
    head += ["turns out, lit", "turns out, dark"]
    pairs = 0
    hits = 0
    for f in m.mine:
        if f in doors:
            continue
        for n in FACES:
            pairs += 1
            hits += bool(mine_destinations(m, f, n) & set(doors))
    lines.append(table(head, rows))
    lines.append(
        f"(gallery field, lit face) pairs from which a door can be reached exactly: "
        f"{hits} of {pairs} ({100 * hits / pairs:.0f} %)"
    )
    return "\n".join(lines)


# --- picture -------------------------------------------------------------------------------

COLOURS = {
    ".": "#e8d9a8",
    "h": "#b5834a",
    "~": "#4f8fc9",
    "L": "#d9c48a",
    "=": "#cfc3a0",
    "G": "#e3b53b",
    "C": "#5b4a3a",
}
HOUSE = "#c0504d"


def compass(m: Map, field: Field) -> str:
    """N, E, S or W: where a field lies seen from the station (its name in the docs)."""
    import math

    (r0, c0), (r1, c1) = offset(m.station), offset(field)
    dx = (c1 + 0.5 * (r1 % 2)) - (c0 + 0.5 * (r0 % 2))
    dy = (r1 - r0) * 1.5 / math.sqrt(3)
    if abs(dx) >= abs(dy):
        return "E" if dx > 0 else "W"
    return "S" if dy > 0 else "N"


def render(m: Map, path: Path, mine_path: Path | None, size: float = 30.0) -> None:
    """Draw the surface (and the mine, below it or in its own file) to PNG files."""
    import math
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QPointF, QRectF, Qt
    from PySide6.QtGui import QColor, QFont, QGuiApplication, QImage, QPainter, QPen, QPolygonF

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841
    w = math.sqrt(3) * size

    def centre(f: Field, x0: float, y0: float) -> QPointF:
        row, col = offset(f)
        return QPointF(x0 + w * (col + 0.5 * (row % 2)) + w / 2, y0 + 1.5 * size * row + size)

    def hexagon(c: QPointF, s: float) -> QPolygonF:
        pts = []
        for i in range(6):
            a = math.radians(60 * i - 30)
            pts.append(QPointF(c.x() + s * math.cos(a), c.y() + s * math.sin(a)))
        return QPolygonF(pts)

    def extent(grid: dict[Field, str]) -> tuple[float, float]:
        rows = max(offset(f)[0] for f in grid) + 1
        cols = max(offset(f)[1] for f in grid) + 1
        return w * (cols + 0.5) + 2, 1.5 * size * rows + size / 2 + 2

    sw, sh = extent(m.surface)
    mw, mh = extent(m.mine) if m.mine else (0.0, 0.0)
    margin = 20.0
    together = mine_path is None
    height = sh + 2 * margin + size + ((mh + margin + 24) if together and m.mine else 0)
    image = QImage(int(max(sw, mw) + 2 * margin), int(height), QImage.Format.Format_ARGB32)
    image.fill(QColor("#f7f3ea"))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    font = QFont("DejaVu Sans", int(size * 0.38))
    small = QFont("DejaVu Sans", int(size * 0.26))
    cave_letter = {cave: compass(m, cave) for cave in m.caves}
    door_letter = {door: cave_letter[cave] for cave, door in m.caves.items()}
    track_index = {f: i for i, f in enumerate(m.track)}
    starts: dict[int, list[str]] = {}
    for n, i in m.data["locomotive"].items():
        starts.setdefault(i, []).append(n)

    x0 = y0 = margin
    for f, ch in sorted(m.surface.items()):
        c = centre(f, x0, y0)
        colour = HOUSE if ch.isdigit() else COLOURS.get(ch, "#ff00ff")
        p.setPen(QPen(QColor("#8a7a5a"), 1))
        p.setBrush(QColor(colour))
        p.drawPolygon(hexagon(c, size))
        p.setFont(font)
        if ch.isdigit():
            p.setPen(QColor("white"))
            p.drawText(
                QRectF(c.x() - w / 2, c.y() - size / 2, w, size), Qt.AlignmentFlag.AlignCenter, ch
            )
        elif ch == "h":
            p.setPen(QPen(QColor("#6b4a26"), 2))
            p.drawArc(
                QRectF(c.x() - size * 0.45, c.y() - size * 0.2, size * 0.9, size * 0.8), 0, 180 * 16
            )
        elif ch == "C":
            p.setPen(QColor("white"))
            p.drawText(
                QRectF(c.x() - w / 2, c.y() - size / 2, w, size),
                Qt.AlignmentFlag.AlignCenter,
                cave_letter[f],
            )
        elif ch == "L":
            p.setPen(QPen(QColor("#6b4a26"), 2))
            p.drawLine(QPointF(c.x() - size * 0.4, c.y()), QPointF(c.x() + size * 0.4, c.y()))
            if f in m.rafts:
                p.setBrush(QColor("#7a4e21"))
                p.drawRect(QRectF(c.x() - size * 0.3, c.y() - size * 0.45, size * 0.6, size * 0.3))
        if f in track_index:
            i = track_index[f]
            p.setFont(small)
            p.setPen(QColor("#333333"))
            label = str(i) + ("" if i not in starts else " [" + ",".join(starts[i]) + "]")
            p.drawText(
                QRectF(c.x() - w / 2, c.y() + size * 0.05, w, size * 0.5),
                Qt.AlignmentFlag.AlignCenter,
                label,
            )
    # rails
    p.setPen(QPen(QColor("#3b3b3b"), 3))
    for a, b in itertools.pairwise(m.track):
        p.drawLine(centre(a, x0, y0), centre(b, x0, y0))
    p.setFont(small)
    p.setPen(QColor("#333333"))
    p.drawText(
        QPointF(margin, sh + margin + size * 0.6),
        "track: order from the start; [n]: the locomotive's start with n players; "
        "boxes: rafts; N W S E: caves and their doors",
    )
    if m.mine:
        if together:
            mx, my = margin, sh + 2 * margin + size + 24
            p.setFont(font)
            p.setPen(QColor("#333333"))
            p.drawText(QPointF(mx, my - 6), "mine")
        else:
            p.end()
            image.save(str(path))
            image = QImage(int(mw + 2 * margin), int(mh + 2 * margin), QImage.Format.Format_ARGB32)
            image.fill(QColor("#f7f3ea"))
            p = QPainter(image)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            mx, my = margin, margin
        for f, ch in sorted(m.mine.items()):
            c = centre(f, mx, my)
            p.setPen(QPen(QColor("#222222"), 1))
            p.setBrush(QColor("#4a4038" if ch == "g" else "#c9a13b"))
            p.drawPolygon(hexagon(c, size))
            p.setFont(font if ch == "D" else small)
            p.setPen(QColor("black" if ch == "D" else "#bbbbbb"))
            label = door_letter[f] if ch == "D" else name(f)
            p.drawText(
                QRectF(c.x() - w / 2, c.y() - size / 2, w, size),
                Qt.AlignmentFlag.AlignCenter,
                label,
            )
    p.end()
    image.save(str(mine_path if mine_path is not None and m.mine else path))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("map", nargs="?", type=Path, default=DEFAULT_MAP)
    parser.add_argument("--png", type=Path, help="draw the surface (and the mine) to this file")
    parser.add_argument("--mine-png", type=Path, help="draw the mine to its own file")
    parser.add_argument("--no-figures", action="store_true")
    args = parser.parse_args(argv)
    m = Map(json.loads(args.map.read_text(encoding="utf-8")))
    if not args.no_figures:
        print(report(m))
    if args.png:
        render(m, args.png, args.mine_png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
