#!/usr/bin/env python3
"""Load run: several Golden City tables at once on 127.0.0.1, each game through a relay
process of its own (as ``goldnet relay`` runs one table), with spectators on the first table,
for a bounded time; what the relays sustain, measured.

Each table plays whole games one after another until ``--seconds`` have passed: ``--seats``
members per game, each a process of its own (``python -m goldnet.bench_roll member``: a
:class:`~goldnet.net.client.NetPeer` with its journal on and a random bot that thinks
``--think`` seconds before each move, as a person does; the deck deals every game), through a
new relay process (:class:`~goldnet.bench_relay.RelayProcess`). ``--spectators`` real clients
(TLS, pinned key, ``auth`` as spectators, ``resume`` from the log's start) watch every game of
the first table, all from one process. During each game of the first table a TLS echo runs
through the same relay process (another table of it: a frame from this process to an answering
process and back, :class:`~goldnet.bench_roll.Echo`): the reference for the die's latency, on
the same relay, under the same load.

Measured: games, dice (rolls) and envelopes per second; die latency (from the move that makes
a die due until every member knows its outcome) and the echo's, p50/p95/p99; each relay's
resident memory (sampled every second, and its peak ``VmHWM``), CPU (share of one core, and
per envelope received: what bounds the envelopes one core can take); the machine's CPU use and
load average. Checked, per game: every member ends ``over``; no envelope lost — each
member received every other member's envelopes (``down = total − own``), and each spectator
every envelope of the game. A failure is named in the report, never raised.

Invariants: every process is started here and stopped (killed on error, timeout or Ctrl-C);
every wait is bounded in time and every loop in count (at most :data:`MAX_GAMES` games per
table); loopback only. Linux: the memory and CPU figures read ``/proc`` (elsewhere they are
left out).

Usage: ``python tools/load.py [--tables 3] [--seats 6] [--spectators 20] [--seconds 600]
[--think 0.25] [--json]``; the last stdout line is the JSON report; exit 0 when no failure.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from goldnet.bench_relay import HOST, RelayProcess, rss  # noqa: E402
from goldnet.bench_roll import Echo, finish, spawn  # noqa: E402
from goldnet.bench_table import latencies  # noqa: E402

GAME = "golden-city"
MAX_GAMES = 1000
"""Games one table plays at most, whatever the time."""
GAME_TIMEOUT = 300.0
"""Seconds one game may take before it counts as a failure."""
ECHO_EVERY = 2.0
"""Seconds between two series of echoes; :data:`ECHO_BATCH` echoes per series."""
ECHO_BATCH = 5
ECHO_BATCHES = int(GAME_TIMEOUT / ECHO_EVERY) + 10
"""Series of echoes during one game, at most."""
PING_EVERY = 10.0
"""Seconds between a spectator's pings (the relay closes a client silent for 30 s)."""


def percentile(samples: list[float], q: float) -> float | None:
    """The ``q``-th percentile (nearest rank) of ``samples``; None if there are none."""
    if not samples:
        return None
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of process ``pid`` (Linux ``/proc``; None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_rss(pid: int) -> int | None:
    """Peak resident memory (``VmHWM``) of process ``pid`` in bytes (Linux; None elsewhere)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def machine_busy() -> tuple[int, int] | None:
    """(busy, total) jiffies of every core since boot (Linux ``/proc/stat``; None elsewhere)."""
    try:
        values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return None
    idle = values[3] + (values[4] if len(values) > 4 else 0)
    return sum(values) - idle, sum(values)


class Table:
    """One table: its games one after another, each through a relay process of its own, and
    what they measured."""

    def __init__(self, number: int, seats: int, spectators: int) -> None:
        self.number, self.seats, self.spectators = number, seats, spectators
        self.options = {"game": GAME, "seats": seats, "max_spectators": max(8, spectators)}
        self.relay: RelayProcess | None = None
        """The relay process of the game under way."""
        self.rss: list[int] = []
        """The relay's resident memory, once a second (bytes)."""
        self.peaks: list[int] = []
        """Each game's relay process's peak resident memory (bytes)."""
        self.cpu = 0.0
        """CPU seconds of the relay processes from their table's opening to the end of their
        game (the interpreter's start left out)."""
        self.games = self.dice = self.envelopes_in = self.envelopes_out = 0
        self.die: list[float] = []
        self.echo: list[float] = []
        self.failures: list[str] = []


async def play_game(t: Table, folder: Path, n: int, think: float) -> None:
    """One whole game at table ``t`` through a new relay process, checked; its figures added
    to ``t``."""
    relay = t.relay = RelayProcess(dict(t.options))
    started = cpu_seconds(relay.proc.pid) or 0.0  # its start (the interpreter's) left out
    echo: asyncio.Future[list[float]] | None = None
    stop = asyncio.Event()
    if t.spectators:  # the first table: an echo through the same relay while the game runs
        echo = asyncio.ensure_future(echoes(relay, stop))
    try:
        await _play(t, relay.port, relay.fingerprint, folder, n, think)
    finally:
        stop.set()
        if echo is not None:
            try:
                t.echo += await asyncio.wait_for(echo, 120)
            except Exception as exc:  # named in the report, never raised
                t.failures.append(f"table {t.number} game {n}: the echo failed: {exc!r}")
        cpu, peak = cpu_seconds(relay.proc.pid), peak_rss(relay.proc.pid)
        t.cpu += (cpu or started) - started
        if peak is not None:
            t.peaks.append(peak)
        t.relay = None
        relay.stop()


async def _play(t: Table, port: int, fingerprint: str, folder: Path, n: int, think: float) -> None:
    loop = asyncio.get_running_loop()
    watchers = None
    if t.spectators:
        spec = {"port": port, "fingerprint": fingerprint, "count": t.spectators}
        watchers = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--spectate", json.dumps(spec)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert watchers.stdout is not None
        ready = await loop.run_in_executor(None, watchers.stdout.readline)
        if ready.strip() != "ready":
            watchers.kill()
            t.failures.append(f"table {t.number} game {n}: the spectators did not connect")
            watchers.communicate()
            watchers = None
    specs = [
        {
            "port": port,
            "fingerprint": fingerprint,
            "folder": str(folder / f"t{t.number}-g{n}-s{i}"),
            "game": GAME,
            "options": [],
            "seed": f"load/{t.number}/{n}/{i}",
            "timeout": GAME_TIMEOUT,
            "think": think,
        }
        for i in range(t.seats)
    ]
    procs = [spawn("member", json.dumps(s)) for s in specs]
    members: list[dict[str, Any]] = []
    try:
        for proc in procs:
            members.append(await loop.run_in_executor(None, finish, proc, GAME_TIMEOUT + 30))
    except RuntimeError as exc:
        t.failures.append(f"table {t.number} game {n}: {exc}")
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        seen = await loop.run_in_executor(None, _stop_watchers, watchers)
    if len(members) != t.seats:
        return
    where = f"table {t.number} game {n}"
    endings = {m["ending"] for m in members}
    if endings != {"over"}:
        t.failures.append(f"{where}: ended {sorted(endings)}")
        return
    total = sum(m["up"] for m in members)
    short = [i for i, m in enumerate(members) if m["down"] != total - m["up"]]
    if short:
        t.failures.append(f"{where}: members {short} did not receive every other's envelopes")
    if watchers is not None:
        if seen is None or len(seen) != t.spectators:
            t.failures.append(f"{where}: the spectators did not report")
        elif any(count != total for count in seen):
            t.failures.append(f"{where}: spectators received {sorted(set(seen))} of {total}")
        else:
            t.envelopes_out += sum(seen)
    t.games += 1
    t.dice += len(members[0]["drawn"])
    t.envelopes_in += total
    t.envelopes_out += sum(m["down"] for m in members)
    t.die += latencies(members, "draw")


def _stop_watchers(watchers: subprocess.Popen[str] | None) -> list[int] | None:
    """Tell the spectators' process the game is over (a short grace for the last frames to
    arrive); how many envelopes each spectator received."""
    if watchers is None:
        return None
    time.sleep(1.0)
    try:
        out, _ = watchers.communicate("stop\n", timeout=30)
    except subprocess.TimeoutExpired:
        watchers.kill()
        watchers.communicate()
        return None
    try:
        return list(json.loads(out.strip().splitlines()[-1])["received"])
    except (ValueError, IndexError, KeyError):
        return None


async def run_table(t: Table, folder: Path, deadline: float, think: float) -> None:
    for n in range(MAX_GAMES):
        if time.monotonic() >= deadline:
            return
        await play_game(t, folder, n, think)


async def sample(tables: list[Table], done: asyncio.Event, seconds: float) -> None:
    """Each table's relay's resident memory, once a second until ``done`` (bounded in
    count)."""
    for _ in range(int(seconds) + int(GAME_TIMEOUT) + 600):
        for t in tables:
            relay = t.relay
            value = rss(relay.proc.pid) if relay is not None else None
            if value is not None:
                t.rss.append(value)
        if done.is_set():
            return
        await asyncio.sleep(1.0)


class _EchoTables:
    """The echo's table: another table of a game's relay process."""

    def __init__(self, relay: RelayProcess) -> None:
        self.relay = relay

    async def table(self) -> tuple[int, str]:
        return self.relay.table({"game": "mountains-rivers", "seats": 2})


async def echoes(relay: RelayProcess, stop: asyncio.Event) -> list[float]:
    """Echoes through ``relay``, :data:`ECHO_BATCH` every :data:`ECHO_EVERY` seconds, until
    ``stop`` (at most :data:`ECHO_BATCHES` series)."""
    warm = 10
    echo = await Echo.open(_EchoTables(relay), warm + ECHO_BATCHES * ECHO_BATCH)  # type: ignore[arg-type]
    out: list[float] = []
    try:
        await asyncio.wait_for(echo.run(warm), 60)
        for _ in range(ECHO_BATCHES):
            got, _ = await asyncio.wait_for(echo.run(ECHO_BATCH), 60)
            out += got
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(stop.wait(), ECHO_EVERY)
            if stop.is_set():
                break
    finally:
        echo.answerer.kill()  # it would wait for echoes that will not come
        await echo.close()
    return out


async def run(args: argparse.Namespace) -> dict[str, Any]:
    tables = [Table(i, args.seats, args.spectators if i == 0 else 0) for i in range(args.tables)]
    try:
        busy0, wall0 = machine_busy(), time.monotonic()
        deadline = wall0 + args.seconds
        done = asyncio.Event()
        sampler = asyncio.ensure_future(sample(tables, done, args.seconds))
        with tempfile.TemporaryDirectory(prefix="goldnet-load-") as folder:
            tasks = [run_table(t, Path(folder), deadline, args.think) for t in tables]
            results = await asyncio.gather(*tasks, return_exceptions=True)
        done.set()
        await sampler
        wall = time.monotonic() - wall0
        busy1 = machine_busy()
        failures = [f for t in tables for f in t.failures]
        failures += [f"{type(r).__name__}: {r}" for r in results if isinstance(r, BaseException)]
        report = _report(args, tables, wall, failures)
        if busy0 is not None and busy1 is not None and busy1[1] > busy0[1]:
            cores = os.cpu_count() or 1
            report["machine_cpu_percent"] = round(
                100 * (busy1[0] - busy0[0]) / (busy1[1] - busy0[1]), 1
            )
            report["machine_cores"] = cores
        report["load_average_1m"] = (
            round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None
        )
        return report
    finally:
        for t in tables:
            if t.relay is not None:
                t.relay.stop()


def _ms(value: float | None) -> float | None:
    return None if value is None else round(value * 1000, 2)


def _report(
    args: argparse.Namespace,
    tables: list[Table],
    wall: float,
    failures: list[str],
) -> dict[str, Any]:
    die = [x for t in tables for x in t.die]
    echo = [x for t in tables for x in t.echo]
    relays = []
    for t in tables:
        relays.append(
            {
                "table": t.number,
                "spectators": t.spectators,
                "games": t.games,
                "dice": t.dice,
                "envelopes_in_per_s": round(t.envelopes_in / wall, 1),
                "envelopes_out_per_s": round(t.envelopes_out / wall, 1),
                "rss_first_mib": round(t.rss[0] / 2**20, 1) if t.rss else None,
                "rss_last_mib": round(t.rss[-1] / 2**20, 1) if t.rss else None,
                "rss_peak_mib": round(max(t.peaks) / 2**20, 1) if t.peaks else None,
                "rss_peak_per_game_mib": [round(x / 2**20, 1) for x in t.peaks],
                "cpu_percent_of_a_core": round(100 * t.cpu / wall, 1),
                "cpu_us_per_envelope_in": (
                    round(1e6 * t.cpu / t.envelopes_in) if t.envelopes_in else None
                ),
            }
        )
    games = sum(t.games for t in tables)
    return {
        "tables": args.tables,
        "seats": args.seats,
        "spectators": args.spectators,
        "think_s": args.think,
        "seconds": round(wall, 1),
        "games": games,
        "dice_per_s": round(sum(t.dice for t in tables) / wall, 2),
        "envelopes_in_per_s": round(sum(t.envelopes_in for t in tables) / wall, 1),
        "envelopes_out_per_s": round(sum(t.envelopes_out for t in tables) / wall, 1),
        "die_ms": {f"p{q}": _ms(percentile(die, q)) for q in (50, 95, 99)} | {"n": len(die)},
        "echo_ms": {f"p{q}": _ms(percentile(echo, q)) for q in (50, 95, 99)} | {"n": len(echo)},
        "relays": relays,
        "failures": failures,
    }


# --- the spectators' process ---------------------------------------------------------------


async def spectate(spec: dict[str, Any]) -> None:
    """``count`` spectators of one table: each connects, asks the log from its start, and counts
    the distinct envelopes it receives until a line (or the end) on standard input."""
    from goldnet.net.connection import RelayConnection
    from goldnet.net.frames import Env
    from goldnet.net.invite import Invite
    from protocol.identity import Identity

    invite = Invite(HOST, spec["port"], spec["fingerprint"])
    links = []
    for i in range(spec["count"]):
        link = await RelayConnection.open(invite)
        await link.greet(Identity.generate(), "spectator", f"watcher {i}")
        link.send(["resume", 0])
        links.append(link)
    seen: list[set[bytes]] = [set() for _ in links]

    async def read(i: int) -> None:
        while True:
            frame = await links[i].next_frame()
            if isinstance(frame, Env):
                seen[i].add(frame.data)

    async def ping() -> None:
        for _ in range(int(GAME_TIMEOUT / PING_EVERY) + 10):
            await asyncio.sleep(PING_EVERY)
            for link in links:
                link.send(["ping"])

    readers = [asyncio.ensure_future(read(i)) for i in range(len(links))]
    pinger = asyncio.ensure_future(ping())
    print("ready", flush=True)
    loop = asyncio.get_running_loop()
    await asyncio.wait_for(loop.run_in_executor(None, sys.stdin.readline), GAME_TIMEOUT + 60)
    for task in [*readers, pinger]:
        task.cancel()
    await asyncio.gather(*readers, pinger, return_exceptions=True)
    for link in links:
        await link.close()
    print(json.dumps({"received": [len(s) for s in seen]}), flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=3, help="tables at once (default 3)")
    parser.add_argument("--seats", type=int, default=6, help="members per table (default 6)")
    parser.add_argument(
        "--spectators", type=int, default=20, help="spectators of the first table (default 20)"
    )
    parser.add_argument("--seconds", type=float, default=600.0, help="run time (default 600)")
    parser.add_argument(
        "--think", type=float, default=0.25, help="seconds a bot thinks per move (default 0.25)"
    )
    parser.add_argument("--json", action="store_true", help="the report only, as one JSON line")
    parser.add_argument("--spectate", metavar="SPEC", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.spectate:
        asyncio.run(spectate(json.loads(args.spectate)))
        return 0
    if not 1 <= args.tables <= 20:
        parser.error("--tables must be 1-20")
    if not 3 <= args.seats <= 6:
        parser.error("--seats must be 3-6 (a Golden City table)")
    if not 0 <= args.spectators <= 100:
        parser.error("--spectators must be 0-100")
    if not 1 <= args.seconds <= 7200:
        parser.error("--seconds must be 1-7200")
    if not 0 <= args.think <= 10:
        parser.error("--think must be 0-10 seconds")
    try:
        report = asyncio.run(run(args))
    except KeyboardInterrupt:
        print("load: interrupted", file=sys.stderr)
        return 1
    if not args.json:
        for key, value in report.items():
            print(f"{key}: {value}")
    print(json.dumps(report), flush=True)
    return 0 if not report["failures"] and report["games"] > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
