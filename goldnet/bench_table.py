"""``goldnet bench`` figures of a 6-peer Golden City table through a relay (issue 12), against a
TLS echo through the same relay in the same run.

Six members play whole Golden City games on 127.0.0.1, each a process of its own
(``python -m goldnet.bench_roll member SPEC``: a :class:`~goldnet.net.client.NetPeer` with its
journal on and a random bot that thinks :data:`~goldnet.bench_roll.THINK` seconds before each
move), through a standalone relay in a process of its own
(:class:`~goldnet.bench_relay.RelayProcess`); the deck deals every game with ``k`` = 20
shadows. The echoes' tables are other tables of the same relay process, run after each game: the
two-party echo's answering process is one more process (:class:`~goldnet.bench_roll.Echo`),
the six-party echo's parties six more (:func:`~goldnet.bench_fanout.fanout_echoes`).

- **Deal wall time**: from the first member to have every commitment (the deal begins there)
  to the last member to see the deal done (play begins everywhere): six deck keys, six
  shuffles each with its challenge draw and its answer, six locks — every message signed,
  journalled, sent through the relay and checked by the five others, on this machine's cores
  (not one core per peer, as the deck's critical path assumes).
- **Public reveal latency**: from the move that makes a public card due at once (a hill or
  gallery token turned face up; the mover's bot has chosen) until the card is known at every
  member (the latest of the six).
- **Die latency**: from the move that makes a die due at once until its outcome is known at
  every member.
- **Two-party TLS echo** (the roll bench's reference): a frame from this process through the
  relay to an answering process and back, each after :data:`~goldnet.bench_roll.THINK` seconds
  idle, as in the roll figures of :mod:`goldnet.bench_roll`: one answer, not a die's five.
- **Six-party TLS echo** (the reference the ≤ 3× target is judged against,
  :mod:`goldnet.bench_fanout`): a die's messages without the protocol's work — one frame from
  one of six processes through the relay to the five others, each answering at once with one
  frame to all six, until every one of the six holds every answer; after
  :data:`~goldnet.bench_roll.THINK` seconds idle, pre-signed frames, the members' connection
  code. No six-peer die can take less: it sends these frames in this order, and more work.
  With each party's CPU per round, beside the members' CPU per die below.
- **CPU per peer** of a die and of a public reveal: each member's own CPU
  (``time.process_time``) for it — from the start of the step that sent its envelopes for it
  until they left, less the journal's write-ahead, then until it knew the outcome; and the six
  members' CPU for one over this machine's cores (the least wall time it can give it).
- **Critical path** (:func:`critical_paths`): the same work as if each member had a core of its
  own, plus the two-party TLS echo for the two legs through the relay, with the journal's
  write-aheads measured after each game with no member running (:func:`write_aheads`: the
  in-game figure is mostly the wait for a core after the sync). The real ratios above are
  unchanged.

The members' clocks are ``time.perf_counter``, a system-wide clock (see
:mod:`goldnet.bench_roll`), so the processes' times compare. Median and 95th percentile
(nearest rank); the ratios compare the medians (and the 95th percentiles), each ratio's name
saying which echo it is to. Loopback only; every wait is bounded.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from .bench_fanout import fanout_echoes
from .bench_relay import Figure
from .bench_roll import ECHOES, Echo, Tables, finish, p95, ratio, spawn
from .net.journal import Journal

GAME = "golden-city"
SEATS = 6
TIMEOUT = 600.0
"""Seconds one six-member game may take before the bench gives up."""


def latencies(members: Sequence[dict[str, Any]], kind: str) -> list[float]:
    """Each latency (s) of ``kind`` — ``"draw"`` (a die) or ``"card"`` (a public card) — from
    what the members of one game report: the moves that made one due at once (``due``, from
    the mover) and when each member knew it (``drawn``, ``cards``); left out when a member
    never knew it."""
    if kind == "draw":
        known = [{draw: at for draw, at in m["drawn"]} for m in members]
    else:
        known = [{(deck, card): at for deck, card, at in m["cards"]} for m in members]
    out = []
    for member in members:
        for entry in member["due"]:
            if entry[0] != kind:
                continue
            key = entry[1] if kind == "draw" else (entry[1], entry[2])
            if all(key in k for k in known):
                out.append(max(k[key] for k in known) - entry[-1])
    return out


def critical_paths(
    members: Sequence[dict[str, Any]], kind: str, alone: float, together: float
) -> tuple[list[float], list[float], list[float]]:
    """The work on the way of each ``kind`` (as :func:`latencies`) made due by a move, from the
    CPU the members report (``paths``: per key, this member's CPU from the start of the step
    that sent its envelopes for it until they left, its journal write-ahead then — wall time,
    not used here — and its CPU from then until the key was known there).

    Returns, per key: the critical path (s) as if each member had a core of its own — the
    mover's step, one write-ahead (``alone``), the slowest of the others' steps (each answers
    the move), the slowest of five write-aheads at once (``together``), then the slowest
    member's CPU until it knows the outcome; the relay's forwarding and the network are the
    TLS echo's, added by the caller. Then each member's CPU per key (s), and all the members'
    CPU per key together (s)."""
    own = [{tuple(p[:-3]): p[-3:] for p in m["paths"]} for m in members]
    critical, cpu, total = [], [], []
    for mover, member in enumerate(members):
        for entry in member["due"]:
            if entry[0] != kind:
                continue
            key = tuple(entry[:-1])
            if not all(key in o for o in own):
                continue
            steps = [o[key] for o in own]
            answer = max(react for j, (react, _, _) in enumerate(steps) if j != mover)
            finish = max(f for _, _, f in steps)
            critical.append(steps[mover][0] + alone + answer + together + finish)
            cpu += [react + f for react, _, f in steps]
            total.append(sum(react + f for react, _, f in steps))
    return critical, cpu, total


def write_aheads(folder: Path, writers: int, runs: int = 20) -> tuple[list[float], list[float]]:
    """The journal's write-ahead with no member running (the disk's time, not the wait for a
    core): seconds for one journal to write and sync a batch of two 300-byte envelopes, as a
    mover does, and seconds until the slowest of ``writers`` journals (threads, each its own
    file in ``folder``) has done so, all at once, as the members answering a move do; ``runs``
    of each, in turn, after a few not counted (a new file's first syncs)."""
    journals = [Journal(folder / f"probe-{i}.journal") for i in range(writers)]
    batch = (bytes(300), bytes(300))
    alone: list[float] = []
    together: list[float] = []
    try:
        with ThreadPoolExecutor(writers) as pool:
            for run in range(runs + 3):
                start = time.perf_counter()
                journals[0].outgoing(*batch)
                middle = time.perf_counter()
                list(pool.map(lambda j: j.outgoing(*batch), journals))
                if run >= 3:
                    alone.append(middle - start)
                    together.append(time.perf_counter() - middle)
    finally:
        for journal in journals:
            journal.close()
    return alone, together


def deal_time(members: Sequence[dict[str, Any]]) -> float:
    """Seconds from the first member with every commitment to the last with the deal done."""
    return float(max(m["dealt"] for m in members) - min(m["started"] for m in members))


async def _game(tables: Tables, folder: Path, number: int, seats: int) -> list[dict[str, Any]]:
    """One whole game of ``seats`` member processes through a new table of the relay."""
    port, fingerprint = await tables.table(GAME, seats)
    specs = [
        {
            "port": port,
            "fingerprint": fingerprint,
            "folder": str(folder / f"{number}-{i}"),
            "game": GAME,
            "options": [],
            "seed": f"bench/city/{number}/{i}",
            "timeout": TIMEOUT,
        }
        for i in range(seats)
    ]
    loop = asyncio.get_running_loop()
    procs = [spawn("member", json.dumps(spec)) for spec in specs]
    try:
        members = [await loop.run_in_executor(None, finish, proc, TIMEOUT) for proc in procs]
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    endings = {m["ending"] for m in members}
    if endings != {"over"}:
        raise RuntimeError(f"a bench game of {GAME} did not end with a result: {endings}")
    return members


async def _echoes(tables: Tables) -> list[float]:
    """:data:`~goldnet.bench_roll.ECHOES` echoes through a new table of the relay, after a few
    to warm up (a new connection each time: one left idle through a game would be closed by
    the relay)."""
    warm = 20
    echo = await Echo.open(tables, warm + ECHOES)
    try:
        await asyncio.wait_for(echo.run(warm), TIMEOUT)
        echoed, _ = await asyncio.wait_for(echo.run(ECHOES), TIMEOUT)
    finally:
        await echo.close()
    return echoed


async def _run(games: int, seats: int = SEATS) -> dict[str, list[float]]:
    """``games`` games of ``seats`` members, each followed by echoes: the samples (s)."""
    tables = Tables(hosted=False)
    run: dict[str, list[float]] = {"deal": [], "draw": [], "card": [], "echo": [], "sync": []}
    run["fanout"], run["fanout cpu"] = [], []
    run["alone"], run["together"] = [], []
    for kind in ("draw", "card"):
        run[f"{kind} path"], run[f"{kind} cpu"], run[f"{kind} total"] = [], [], []
    try:
        with tempfile.TemporaryDirectory(prefix="goldnet-bench-") as folder:
            for number in range(games):
                game = _game(tables, Path(folder), number, seats)
                members = await asyncio.wait_for(game, TIMEOUT)
                run["deal"].append(deal_time(members))
                run["draw"] += latencies(members, "draw")
                run["card"] += latencies(members, "card")
                probe = Path(folder) / f"probe-{number}"
                probe.mkdir()
                alone, together = map(statistics.median, write_aheads(probe, seats - 1))
                run["alone"].append(alone)
                run["together"].append(together)
                for kind in ("draw", "card"):
                    critical, cpu, total = critical_paths(members, kind, alone, together)
                    run[f"{kind} path"] += critical
                    run[f"{kind} cpu"] += cpu
                    run[f"{kind} total"] += total
                run["sync"] += [t for m in members for t in m["syncs"]]
                run["echo"] += await _echoes(tables)
                fanout = fanout_echoes(tables, seats, 20 + ECHOES, 20, f"bench/fanout/{number}")
                echoed, cpu = await asyncio.wait_for(fanout, TIMEOUT)
                run["fanout"] += echoed
                run["fanout cpu"] += cpu
    finally:
        await tables.close()
    return run


def run_table_bench(repeat: int = 50) -> dict[str, Figure]:
    """The figures of the module docstring; ``repeat`` scales the number of games (one per 25,
    at least one).

    Returns ``{name: {"median": value, "p95": value, "unit": …, "runs": n, "target": text}}``
    like :func:`goldnet.bench.run_bench`.
    """
    run = asyncio.run(_run(max(1, repeat // 25)))
    echo, echoes = statistics.median(run["echo"]), run["echo"]
    fan, fans = statistics.median(run["fanout"]), run["fanout"]
    figures: dict[str, Figure] = {
        "Golden City deal, 6 processes through a relay (k=20, wall time)": {
            "median": statistics.median(run["deal"]),
            "unit": "s",
            "runs": len(run["deal"]),
            "target": "",
        },
        "relay TLS echo, 2 parties (one answer), 6-peer Golden City run (same run)": {
            "median": echo * 1000,
            "p95": p95(echoes) * 1000,
            "unit": "ms",
            "runs": len(echoes),
        },
        "relay TLS echo, 6 parties (a die's frames: 1 out, 5 answers to all), same run": {
            "median": fan * 1000,
            "p95": p95(fans) * 1000,
            "unit": "ms",
            "runs": len(fans),
            "target": "the reference of the <= 3x targets",
        },
        "relay TLS echo, 6 parties, CPU per party per round (one process's CPU)": {
            "median": statistics.median(run["fanout cpu"]) * 1000,
            "unit": "ms",
            "runs": len(run["fanout cpu"]),
        },
    }
    syncs = run["sync"]
    figures["journal write-ahead per batch, 6-peer Golden City run (2 on a die's path)"] = {
        "median": statistics.median(syncs) * 1000,
        "p95": p95(syncs) * 1000,
        "unit": "ms",
        "runs": len(syncs),
    }
    for name, samples in (
        ("journal write-ahead alone, no member running (critical path)", run["alone"]),
        ("journal write-ahead, slowest of 5 at once, no member running", run["together"]),
    ):
        figures[name] = {
            "median": statistics.median(samples) * 1000,
            "unit": "ms",
            "runs": len(samples),
        }
    for kind, what in (("card", "public reveal"), ("draw", "die")):
        samples = run[kind]
        if not samples:
            continue
        figures[f"Golden City {what} from the move, 6 peers (journals on)"] = {
            "median": statistics.median(samples) * 1000,
            "p95": p95(samples) * 1000,
            "unit": "ms",
            "runs": len(samples),
            "target": "<= 3x the 6-party TLS echo",
        }
        figures[f"Golden City {what} / 6-party TLS echo, 6 peers"] = ratio(samples, fans, "<= 3x")
        figures[f"Golden City {what} / 2-party TLS echo, 6 peers"] = ratio(samples, echoes)
        cpu, path, total = run[f"{kind} cpu"], run[f"{kind} path"], run[f"{kind} total"]
        if not path:
            continue
        figures[f"Golden City {what}, CPU per peer (one process's CPU, 6 peers)"] = {
            "median": statistics.median(cpu) * 1000,
            "p95": p95(cpu) * 1000,
            "unit": "ms",
            "runs": len(cpu),
        }
        cores = os.cpu_count() or 1
        floor = f"Golden City {what}, CPU of the 6 peers / {cores} cores (this machine's floor)"
        figures[floor] = {
            "median": statistics.median(total) / cores * 1000,
            "p95": p95(total) / cores * 1000,
            "unit": "ms",
            "runs": len(total),
        }
        modelled = f"Golden City {what} critical path, 6 peers (one core per peer, + 2-party echo)"
        figures[modelled] = {
            "median": (statistics.median(path) + echo) * 1000,
            "p95": (p95(path) + echo) * 1000,
            "unit": "ms",
            "runs": len(path),
        }
        figures[f"Golden City {what} critical path / 2-party TLS echo, 6 peers (core per peer)"] = {
            "median": (statistics.median(path) + echo) / echo,
            "p95": (p95(path) + echo) / echo,
            "unit": "x",
            "runs": len(path),
            "target": "(the target is judged against the 6-party echo)",
        }
    return figures


if __name__ == "__main__":
    # python -m goldnet.bench_table [REPEAT]: these figures alone (as goldnet bench --repeat).
    given = int(sys.argv[1]) if len(sys.argv) == 2 and sys.argv[1].isdigit() else 50
    print(json.dumps(run_table_bench(given), indent=1))
