"""Design the one mountain layout of Mountains & Rivers (maintainer tool, not shipped).

docs/rules/mountains-rivers-boards.md: goldnet designs one layout of 17 mountains (connected, 3 to 8
fields each, partitioning the 91 fields); board k = 1..11 lays its rivers as that layout carried by
symmetry k of ``FIELD_SYMMETRIES``. No river may equal a mountain on any of the eleven boards.
Randomness comes only from ``random.Random(seed)``, and only in this tool: the game reads the
stored layout.

How a candidate is made from its seed:

1. A target size histogram (17 sizes over 3..8 summing to 91) is drawn from ``HISTOGRAMS``.
2. The sizes are shuffled and the fields, taken row by row in alternating direction (a
   Hamiltonian path of the hexagon), are cut into consecutive runs of those sizes.
3. Simulated annealing (40,000 steps) moves single boundary fields between neighbouring regions,
   keeping both connected and within 3..8 fields. Energy: ``DEFICIT_WEIGHT`` per missing
   neighbouring pair against the most compact shape of the region's size (``deficit``),
   ``DANGLING_WEIGHT`` per field with a single neighbour in its region, ``HISTOGRAM_WEIGHT`` per
   unit of histogram distance, and, over the eleven boards, ``CLASH_WEIGHTS`` per river equal
   to a mountain / lying inside a single mountain / differing from a mountain in at most two
   fields.

A candidate is rejected when a river equals a mountain on some board or a region's neighbours all
belong to one other region (an enclosed mountain). The others get figures (``evaluate``) and

    score = 10 * deficit + 15 * dangling fields + 5 * histogram distance
            + 10 * sizes of 3..8 missing + 12 * lone rivers + 2 * near copies

where a lone river is a river inside a single mountain (it meets only one). Candidates are ranked
by ``rank`` = (lone rivers, score); the best ``--polish`` of them are polished by steepest descent
on the same rank over single field moves and pairs of moves (``polish``), and the best polished
one is the layout.

The stored layout (``resources/mountains_rivers/layout.json``) is the output of

    python tools/design_layout.py --write

(defaults: master seed 20240602, 120 candidates, 40 polished; about 25 minutes on two cores):
119 of 120 candidates were accepted, and the winner is candidate seed 771184 after polishing,
rank (0, 179): no lone river on any board, compactness deficit 9, 3 dangling fields, sizes
3:1 4:4 5:4 6:5 7:2 8:1 (histogram distance 2 from its target), 17 near copies over the eleven
boards. The most compact candidates seen while tuning (deficit 2 to 5, no dangling field) all
left 5 or more lone rivers; the rank prefers "every river meets two mountains" over the last
bit of roundness, and the winner was also checked by eye on rendered boards.

``boards.json`` is then derived with ``python -m goldnet.games.mountains_rivers.boards --write``.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
from collections import Counter
from pathlib import Path

from goldnet.games.mountains_rivers.board import is_connected
from goldnet.games.mountains_rivers.boards import dump_layout
from goldnet.games.mountains_rivers.geometry import (
    COORDS,
    FIELD_SYMMETRIES,
    N_FIELDS,
    NEIGHBOUR_MASKS,
    NEIGHBOURS,
    fields_of,
    mask_of,
)

N_REGIONS = 17
MIN_SIZE, MAX_SIZE = 3, 8

HISTOGRAMS: tuple[dict[int, int], ...] = (
    {3: 2, 4: 3, 5: 5, 6: 3, 7: 2, 8: 2},
    {3: 2, 4: 2, 5: 7, 6: 2, 7: 2, 8: 2},
    {3: 1, 4: 4, 5: 4, 6: 4, 7: 3, 8: 1},
    {3: 2, 4: 3, 5: 4, 6: 4, 7: 3, 8: 1},
)
"""Candidate target histograms: 17 sizes over 3..8 summing to 91, each size present."""

DEFICIT_WEIGHT = 20
DANGLING_WEIGHT = 30
HISTOGRAM_WEIGHT = 20
CLASH_WEIGHTS = (80, 40, 2)
"""Annealing weights of a river equal to a mountain, inside one, and a near copy."""

DEFAULT_SEED = 20240602
DEFAULT_CANDIDATES = 120

LAYOUT_PATH = (
    Path(__file__).resolve().parent.parent / "resources" / "mountains_rivers" / "layout.json"
)


def max_adjacencies(n: int) -> int:
    """Most neighbouring pairs ``n`` hex fields can hold (Harary & Harborth)."""
    return 3 * n - math.ceil(math.sqrt(12 * n - 3))


def adjacencies(mask: int) -> int:
    """Neighbouring pairs inside ``mask``."""
    return sum((NEIGHBOUR_MASKS[f] & mask).bit_count() for f in fields_of(mask)) // 2


def deficit(mask: int) -> int:
    """How many neighbouring pairs ``mask`` lacks against the most compact shape of its size."""
    return max_adjacencies(mask.bit_count()) - adjacencies(mask)


def image(mask: int, k: int) -> int:
    """The bitmask ``mask`` carried by symmetry ``k``."""
    sym = FIELD_SYMMETRIES[k]
    out = 0
    for f in fields_of(mask):
        out |= 1 << sym[f]
    return out


# --- generation ---------------------------------------------------------------------------


def snake() -> list[int]:
    """The fields row by row, alternating direction: a Hamiltonian path of the hexagon."""
    rows: dict[int, list[int]] = {}
    for f, (_, r) in enumerate(COORDS):
        rows.setdefault(r, []).append(f)
    path: list[int] = []
    for n, r in enumerate(sorted(rows)):
        path.extend(rows[r] if n % 2 == 0 else reversed(rows[r]))
    return path


def chop(sizes: list[int]) -> list[int]:
    """Cut :func:`snake` into consecutive runs of ``sizes`` (each run is connected)."""
    path = snake()
    regions = []
    start = 0
    for size in sizes:
        regions.append(mask_of(path[start : start + size]))
        start += size
    return regions


def images(mask: int) -> list[int]:
    """``mask`` carried by each of the 12 symmetries (index 0 is ``mask`` itself)."""
    return [image(mask, k) for k in range(12)]


def clashes(regions: list[int], imgs: list[list[int]], label: list[int]) -> tuple[int, int, int]:
    """Rivers equal to a mountain, inside one mountain, and near copies, over the eleven boards.

    A near copy is a river and a mountain differing in at most 2 fields; for speed only the
    mountains holding the river's lowest and highest fields are compared (exact enough to steer
    the annealing; :func:`evaluate` counts exactly).
    """
    equal = inside = near = 0
    for i in range(len(regions)):
        for k in range(1, 12):
            river = imgs[i][k]
            low = label[(river & -river).bit_length() - 1]
            high = label[river.bit_length() - 1]
            host = regions[low]
            if river & ~host == 0:
                inside += 1
                if river == host:
                    equal += 1
            if (river ^ host).bit_count() <= 2:
                near += 1
            if high != low and (river ^ regions[high]).bit_count() <= 2:
                near += 1
    return equal, inside, near


def anneal(
    rng: random.Random,
    regions: list[int],
    target: dict[int, int],
    steps: int,
    temps: tuple[float, float],
    weights: tuple[int, int, int],
) -> list[int]:
    """Move boundary fields between regions: compact shapes, ``target`` sizes, no clashes.

    Energy: ``DEFICIT_WEIGHT`` per missing neighbouring pair (see :func:`deficit`),
    ``DANGLING_WEIGHT`` per dangling field (see :func:`dangling`), ``HISTOGRAM_WEIGHT`` per unit
    of histogram distance, and per river (over the eleven boards) ``weights[0]`` if it equals
    a mountain, ``weights[1]`` if it lies inside one and ``weights[2]`` per near copy (see
    :func:`clashes`; all 0 skips that costly count). The temperature
    falls geometrically from ``temps[0]`` to ``temps[1]``.
    """
    label = [0] * N_FIELDS
    for i, m in enumerate(regions):
        for f in fields_of(m):
            label[f] = i
    adj = [adjacencies(m) for m in regions]
    size = [m.bit_count() for m in regions]
    imgs = [images(m) for m in regions]
    hist = Counter(size)

    def hist_cost(h: Counter[int]) -> int:
        return sum(abs(h[s] - target.get(s, 0)) for s in range(MIN_SIZE, MAX_SIZE + 1))

    use_clash = any(weights)

    def clash_cost() -> int:
        if not use_clash:
            return 0
        equal, inside, near = clashes(regions, imgs, label)
        return weights[0] * equal + weights[1] * inside + weights[2] * near

    clash = clash_cost()
    t0, t1 = temps
    for step in range(steps):
        temp = t0 * (t1 / t0) ** (step / steps)
        f = rng.randrange(N_FIELDS)
        a = label[f]
        others = [label[g] for g in NEIGHBOURS[f] if label[g] != a]
        if not others:
            continue
        b = rng.choice(others)
        if size[a] <= MIN_SIZE or size[b] >= MAX_SIZE:
            continue
        rest = regions[a] & ~(1 << f)
        if not is_connected(rest):
            continue
        in_a = (NEIGHBOUR_MASKS[f] & regions[a]).bit_count()
        in_b = (NEIGHBOUR_MASKS[f] & regions[b]).bit_count()
        new_adj_a, new_adj_b = adj[a] - in_a, adj[b] + in_b
        old_def = (max_adjacencies(size[a]) - adj[a]) + (max_adjacencies(size[b]) - adj[b])
        new_def = (max_adjacencies(size[a] - 1) - new_adj_a) + (
            max_adjacencies(size[b] + 1) - new_adj_b
        )
        h2 = hist.copy()
        h2[size[a]] -= 1
        h2[size[b]] -= 1
        h2[size[a] - 1] += 1
        h2[size[b] + 1] += 1
        # tentatively apply to measure the clashes
        old_a, old_b, old_ia, old_ib = regions[a], regions[b], imgs[a], imgs[b]
        regions[a], regions[b] = rest, old_b | 1 << f
        if use_clash:
            imgs[a], imgs[b] = images(regions[a]), images(regions[b])
        label[f] = b
        new_clash = clash_cost()
        old_dangling = dangling([old_a, old_b])
        new_dangling = dangling([regions[a], regions[b]])
        delta = (
            DEFICIT_WEIGHT * (new_def - old_def)
            + DANGLING_WEIGHT * (new_dangling - old_dangling)
            + HISTOGRAM_WEIGHT * (hist_cost(h2) - hist_cost(hist))
            + (new_clash - clash)
        )
        if delta <= 0 or rng.random() < math.exp(-delta / temp):
            adj[a], adj[b] = new_adj_a, new_adj_b
            size[a] -= 1
            size[b] += 1
            hist = h2
            clash = new_clash
        else:
            regions[a], regions[b], imgs[a], imgs[b] = old_a, old_b, old_ia, old_ib
            label[f] = a
    return regions


# --- judging ------------------------------------------------------------------------------


def enclosed(regions: list[int]) -> bool:
    """Whether some region's neighbours all belong to one other region."""
    for i, m in enumerate(regions):
        around = 0
        for f in fields_of(m):
            around |= NEIGHBOUR_MASKS[f]
        around &= ~m
        touching = [j for j, o in enumerate(regions) if j != i and o & around]
        if len(touching) == 1:
            return True
    return False


def dangling(regions: list[int]) -> int:
    """Fields with exactly one neighbour in their own region."""
    return sum(
        1 for m in regions for f in fields_of(m) if (NEIGHBOUR_MASKS[f] & m).bit_count() == 1
    )


def evaluate(regions: list[int], target: dict[int, int]) -> dict[str, int] | None:
    """Figures of a candidate, or ``None`` when it breaks a hard rule."""
    mountains = set(regions)
    if enclosed(regions):
        return None
    lone = 0
    near = 0
    for k in range(1, 12):
        for m in regions:
            river = image(m, k)
            if river in mountains:
                return None
            hit = [o for o in regions if o & river]
            if len(hit) == 1:
                lone += 1
            for o in hit:
                if (o ^ river).bit_count() <= 2:
                    near += 1
    sizes = Counter(m.bit_count() for m in regions)
    figures = {
        "deficit": sum(deficit(m) for m in regions),
        "histogram": sum(abs(sizes[s] - target.get(s, 0)) for s in range(MIN_SIZE, MAX_SIZE + 1)),
        "dangling": dangling(regions),
        "lone_rivers": lone,
        "near_copies": near,
        "missing_sizes": sum(1 for s in range(MIN_SIZE, MAX_SIZE + 1) if sizes[s] == 0),
    }
    figures["score"] = (
        10 * figures["deficit"]
        + 15 * figures["dangling"]
        + 5 * figures["histogram"]
        + 10 * figures["missing_sizes"]
        + 12 * figures["lone_rivers"]
        + 2 * figures["near_copies"]
    )
    return figures


def rank(figures: dict[str, int]) -> tuple[int, int]:
    """Order of preference: fewest rivers inside a single mountain, then lowest score."""
    return figures["lone_rivers"], figures["score"]


def single_moves(regions: list[int]) -> list[tuple[int, int, int]]:
    """Every ``(field, from, to)`` move keeping both regions connected and within 3..8 fields."""
    label = [0] * N_FIELDS
    for i, m in enumerate(regions):
        for f in fields_of(m):
            label[f] = i
    out = []
    for f in range(N_FIELDS):
        a = label[f]
        if regions[a].bit_count() <= MIN_SIZE or not is_connected(regions[a] & ~(1 << f)):
            continue
        for b in sorted({label[g] for g in NEIGHBOURS[f]} - {a}):
            if regions[b].bit_count() < MAX_SIZE:
                out.append((f, a, b))
    return out


def moved(regions: list[int], move: tuple[int, int, int]) -> list[int]:
    """``regions`` after ``move`` (a new list)."""
    f, a, b = move
    out = list(regions)
    out[a] &= ~(1 << f)
    out[b] |= 1 << f
    return out


def polish(regions: list[int], target: dict[int, int]) -> tuple[list[int], dict[str, int]]:
    """Steepest descent on :func:`rank` over single moves and pairs of moves.

    The second move of a pair touches a region the first one changed. Deterministic.
    """
    figures = evaluate(regions, target)
    assert figures is not None
    while True:
        best: tuple[tuple[int, int], list[int], dict[str, int]] | None = None
        for first in single_moves(regions):
            one = moved(regions, first)
            tries = [one] + [
                moved(one, second)
                for second in single_moves(one)
                if {second[1], second[2]} & {first[1], first[2]} and second[0] != first[0]
            ]
            for cand in tries:
                fig = evaluate(cand, target)
                if fig is not None and rank(fig) < (best[0] if best else rank(figures)):
                    best = (rank(fig), cand, fig)
        if best is None:
            return regions, figures
        _, regions, figures = best


def candidate(
    seed: int, steps: int, weights: tuple[int, int, int] = CLASH_WEIGHTS
) -> tuple[list[int], dict[str, int]] | None:
    """One candidate layout from ``seed`` with its figures, or ``None`` if rejected."""
    rng = random.Random(seed)
    target = rng.choice(HISTOGRAMS)
    sizes = [s for s, n in target.items() for _ in range(n)]
    rng.shuffle(sizes)
    regions = chop(sizes)
    regions = anneal(rng, regions, target, steps, (12.0, 0.05), weights)
    assert all(is_connected(m) for m in regions)
    assert sum(m.bit_count() for m in regions) == N_FIELDS
    figures = evaluate(regions, target)
    if figures is None:
        return None
    regions.sort(key=lambda m: m & -m)
    return regions, figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="master seed")
    parser.add_argument("--candidates", type=int, default=DEFAULT_CANDIDATES)
    parser.add_argument("--steps", type=int, default=40000, help="annealing steps per candidate")
    parser.add_argument("--polish", type=int, default=40, help="best candidates to polish")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument(
        "--weights", default=",".join(map(str, CLASH_WEIGHTS)), help="equal,inside,near"
    )
    parser.add_argument("--write", action="store_true", help="write the chosen layout")
    parser.add_argument("--output", type=Path, default=LAYOUT_PATH, help="layout file to write")
    args = parser.parse_args(argv)
    w = [int(x) for x in args.weights.split(",")]
    weights = (w[0], w[1], w[2])

    master = random.Random(args.seed)
    seeds = [master.randrange(1, 10**6) for _ in range(args.candidates)]
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.starmap(candidate, [(seed, args.steps, weights) for seed in seeds])
    ranked = sorted(
        (
            (rank(result[1]), seed, result[0])
            for seed, result in zip(seeds, results, strict=True)
            if result is not None
        ),
    )
    print(f"accepted {len(ranked)}/{len(seeds)}", file=sys.stderr)
    if not ranked:
        print("no acceptable candidate", file=sys.stderr)
        return 1
    chosen = ranked[: args.polish]
    with multiprocessing.Pool(args.jobs) as pool:
        done = pool.starmap(
            polish,
            [(regions, random.Random(seed).choice(HISTOGRAMS)) for _, seed, regions in chosen],
        )
    polished = []
    for (before, seed, _), (better, figures) in zip(chosen, done, strict=True):
        better.sort(key=lambda m: m & -m)
        print(f"seed {seed}: {before} -> {figures}", file=sys.stderr)
        polished.append((rank(figures), seed, better, figures))
    _, seed, regions, figures = min(polished, key=lambda p: (p[0], p[1]))
    sizes = Counter(m.bit_count() for m in regions)
    print(f"best: candidate seed {seed}, {figures}")
    print("sizes:", " ".join(f"{s}:{sizes[s]}" for s in range(MIN_SIZE, MAX_SIZE + 1)))
    if args.write:
        args.output.write_text(dump_layout(regions), encoding="utf-8")
        print(f"wrote {args.output}")
    else:
        print(dump_layout(regions))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
