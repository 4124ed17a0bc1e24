#!/usr/bin/env python3
"""Chaos driver: whole network games between real ``goldnet`` processes on 127.0.0.1, one of
them killed with SIGKILL at a chosen moment of the game, then brought back; every game must
still finish with one verifying record.

Each game (seeded by ``--seed`` and its number) is Mountains & Rivers (2 seats) or Golden City
(3-6 seats, its cards dealt by the deck), every seat a bot in its own ``goldnet`` process with
its own ``--profile``. One fault per game:

- ``peer``: a joiner is killed, then ``goldnet resume`` on its profile;
- ``host``: the host (seat 0, the relay inside its process) is killed, then ``goldnet resume``
  reopens its relay on the same port;
- ``host-rehost``: the host is killed, another member stops and re-hosts the table
  (``goldnet resume --host``), then the host comes back and the table moves to the lowest
  seat's relay;
- ``relay``: the table runs through a standalone ``goldnet relay``; the relay is killed for
  good and a member re-hosts (``resume --host``); the others find it on the LAN.

The moment is chosen by what the victim's journal shows: the driver replays the victim's
journalled envelopes in a spectator's lockstep machine and kills when the game awaits the
chosen thing (Golden City: the deal, a roll, a duel, the store, a move in the mine; Mountains &
Rivers: the commitments, a roll, a move) for the n-th time; if that has not come within a few
dozen actions, it kills at the next look and says so (``fallback``). The kill is placed by the
game's progress, never by a time: the game runs in slices of :data:`POLL` seconds, and for
each look at the journal every process of the game is stopped (SIGSTOP of its session) and
continued (SIGCONT) only after the look; the victim is killed while stopped, so a game — a
greedy Mountains & Rivers game lasts about a second — cannot end between the look that chose
the kill and the kill.

Verdict ``ok`` needs: every seat's last process exited 0 with ending ``over``; every seat's
record is the same file byte for byte; ``goldnet verify`` accepts it; the turns every seat
reports equal the record's action envelopes and its verified turns; no member signed two
envelopes with one sequence number; and every envelope the victim had journalled as its own
before the kill is in the record unchanged (restored, not re-made).

Invariants: every process is started by this driver, in its own session, and killed (the
whole session) when its game ends, on error and on Ctrl-C/SIGTERM; every wait is bounded in
time and every loop in count; the temporary folders are removed unless ``--keep DIR``.
Processes listen on 127.0.0.1 only and mDNS stays on loopback.

Usage: ``python tools/chaos.py --games 20 [--seed S] [--game mixed] [--json] [--keep DIR]``;
the last stdout line is a JSON summary; exit 0 when every game passed, 1 otherwise.

The driver is three modules in ``tools/``: this one (the plans; one game's play, fault and check;
the command), ``chaos_processes.py`` (a game's processes, their sessions and output) and
``chaos_watch.py`` (the look at the victim's journal that places the kill).
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # loaded by its path rather than run as a script
    sys.path.insert(0, str(HERE))

from chaos_processes import LOOPBACK, SCALE, Game, Proc, Stopped, first_json  # noqa: E402
from chaos_watch import Watcher, journal_path  # noqa: E402

from goldnet.net.journal import read_journal  # noqa: E402
from goldnet.records import read, verify  # noqa: E402
from protocol.envelope import Envelope  # noqa: E402

RELAY_SCALE = 6
ABANDON = "86400"
MOMENTS = {
    "golden-city": ("deal", "roll", "duel", "store", "mine"),
    "mountains-rivers": ("commitments", "roll", "move"),
}
NTH = {
    "golden-city": {"deal": 1, "roll": 12, "duel": 2, "store": 6, "mine": 3},
    "mountains-rivers": {"commitments": 1, "roll": 10, "move": 10},
}
"""The kill comes the n-th time the moment is awaited, n drawn from 1 to this."""
GIVE_UP = {"golden-city": (40, 65), "mountains-rivers": (12, 22)}
"""Actions after which the kill comes whatever the moment (games last about 70-190 and 30-70
actions): a moment that has not come by then (a duel, the mine) is not waited for. The victim's
journal may lag the game by a few envelopes, so the kill stays well before the shortest games'
end (a kill seen by the victim at a roll but after every member had the last move ends nothing)."""
FAULTS = ("peer", "host", "host-rehost", "relay")
POLL = 0.03
"""Seconds the game runs between two looks at the victim's journal (it is stopped during a
look)."""


@dataclass
class Plan:
    number: int
    game: str
    seats: int
    options: tuple[str, ...]
    bot: str
    fault: str
    victim: int
    """The profile killed (0: the host's; for ``relay``: the member that re-hosts)."""
    rehost: int
    """For ``host-rehost``: the member that re-hosts."""
    moment: str
    nth: int
    give_up: int
    """Actions after which the kill happens whatever the moment (``fallback``)."""


def plan(number: int, seed: int, which: str, faults: tuple[str, ...] = FAULTS) -> Plan:
    rng = random.Random(f"chaos:{seed}:{number}")
    game = which if which != "mixed" else ("golden-city", "mountains-rivers")[number % 2]
    if game == "golden-city":
        seats, options, bot = rng.randint(3, 6), (), "random"
    else:
        seats, bot = 2, rng.choice(("random", "greedy"))
        options = ("--board", str(rng.randint(1, 11)))
    fault = rng.choice(faults)
    victim = 0 if fault.startswith("host") else rng.randrange(1, seats)
    if fault == "relay":
        victim = rng.randrange(seats)
    rehost = rng.randrange(1, seats)
    moment = rng.choice(MOMENTS[game])
    if fault in ("relay", "host-rehost") and moment == "commitments":
        # only a game that has started can be re-hosted (the re-hosting member may not even
        # have journalled the table yet)
        moment = "roll"
    nth = rng.randint(1, NTH[game][moment])
    give_up = rng.randint(*GIVE_UP[game])
    return Plan(number, game, seats, options, bot, fault, victim, rehost, moment, nth, give_up)


def run_game(p: Plan, base: Path, timeout: float) -> dict[str, Any]:
    """Play, fault and check one game; its report (``verdict`` ``ok`` or ``FAIL: why``)."""
    start = time.monotonic()
    folder = base / f"game-{p.number:03d}"
    folder.mkdir(parents=True)
    # a standalone relay's table keeps the default abandonment time (600 game seconds): its
    # game clock runs slower, so that a re-host (seconds on a busy machine) is not "abandoned"
    g = Game(folder, RELAY_SCALE if p.fault == "relay" else SCALE)
    profiles = [folder / f"seat{i}" for i in range(p.seats)]
    report: dict[str, Any] = {
        "game": p.number,
        "name": p.game,
        "seats": p.seats,
        "bot": p.bot,
        "options": list(p.options),
        "fault": p.fault,
        "victim": p.victim,
        "aimed": f"{p.moment} #{p.nth}",
    }
    try:
        report.update(_play(p, g, profiles, start, timeout))
    except RuntimeError as exc:
        report["verdict"] = f"FAIL: {exc}"
    finally:
        g.stop_all()
    report["seconds"] = round(time.monotonic() - start, 1)
    return report


def _play(p: Plan, g: Game, profiles: list[Path], start: float, timeout: float) -> dict[str, Any]:
    common = ("--bot", p.bot)
    relay: Proc | None = None
    seat: dict[int, Proc] = {}
    if p.fault == "relay":
        relay = g.start(
            "relay",
            g.folder / "relay",
            "relay",
            "--bind",
            LOOPBACK,
            "--port",
            "0",
            "--game",
            p.game,
            "--seats",
            str(p.seats),
        )
        invite = str(first_json(relay, "invite")["invite"])
        first = 0
    else:
        seat[0] = g.start(
            "seat0",
            profiles[0],
            "host",
            p.game,
            "--seats",
            str(p.seats),
            "--port",
            "0",
            "--abandon-after",
            ABANDON,
            *common,
            *p.options,
        )
        invite = str(first_json(seat[0], "invite")["invite"])
        first = 1
    for i in range(first, p.seats):
        seat[i] = g.start(f"seat{i}", profiles[i], "join", invite, *common)

    victim = relay if p.fault == "relay" else seat[p.victim]
    assert victim is not None
    watcher = Watcher(profiles[p.victim], p.game)
    how = "aimed"
    for _ in range(int(timeout / POLL) + 1):
        if time.monotonic() - start > timeout / 2:
            raise RuntimeError(f"the moment never came in {timeout / 2:.0f} s")
        gone = [proc for proc in seat.values() if proc.popen.poll() is not None]
        if gone:
            end, tail = gone[0].last_json(), gone[0].stderr().strip().splitlines()[-1:] or [""]
            raise RuntimeError(
                f"{gone[0].label} ended before the fault: exit {gone[0].popen.returncode}, "
                f"{end}, {tail[0][:200]}"
            )
        with g.frozen():  # the game waits for the look: the kill comes where the look was
            watcher.look()
            aimed = watcher.moment == p.moment and watcher.seen[p.moment] >= p.nth
            late = watcher.actions >= p.give_up and watcher.moment != "end"
            if aimed or late:
                how = "aimed" if aimed else "fallback"
                victim.popen.send_signal(signal.SIGKILL)
                victim.popen.wait(10)
                break
        time.sleep(POLL)
    else:
        raise RuntimeError("the moment never came")
    killed_at = time.monotonic() - start
    after = Watcher(profiles[p.victim], p.game)
    after.look()  # the victim's journal as it was when it died
    before = _own(profiles[p.victim])
    recovery = _recover(p, g, seat, profiles)
    finals = {i: proc for i, proc in seat.items()}
    remaining = max(10.0, timeout - (time.monotonic() - start))
    deadline = time.monotonic() + remaining
    for i, proc in finals.items():
        try:
            proc.popen.wait(max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            raise RuntimeError(
                f"seat {i} ({proc.label}) had not finished in {timeout:.0f} s"
            ) from None
    report = {
        "killed": "relay" if p.fault == "relay" else f"seat {p.victim}",
        "at": f"{after.moment} (actions {after.actions}, envelopes {after.envelopes}, {how})",
        "killed_after_s": round(killed_at, 1),
        "recovery": recovery,
    }
    report["verdict"] = _check(finals, before)
    if report["verdict"] == "ok":
        report["turns"] = finals[0].last_json()["turns"]  # type: ignore[index]
    return report


def _own(profile: Path) -> list[bytes]:
    """The envelopes the member of ``profile`` journalled as its own (read after its kill)."""
    path = journal_path(profile)
    if path is None:
        return []
    try:
        return list(read_journal(path).outgoing)
    except Exception as exc:  # the reader resume uses: a kill must never leave it unreadable
        raise RuntimeError(f"the killed member's journal is unreadable: {exc}") from None


def _recover(p: Plan, g: Game, seat: dict[int, Proc], profiles: list[Path]) -> str:
    """Bring the killed one back (or re-host); replaces the processes in ``seat``."""
    if p.fault == "peer" or p.fault == "host":
        seat[p.victim] = g.start(f"seat{p.victim}-resumed", profiles[p.victim], "resume")
        return f"resume of seat {p.victim}" + (" (its relay reopened)" if p.fault == "host" else "")
    j = p.rehost if p.fault == "host-rehost" else p.victim
    seat[j].popen.send_signal(signal.SIGKILL)
    seat[j].popen.wait(10)
    seat[j] = g.start(f"seat{j}-rehost", profiles[j], "resume", "--host")
    try:
        first_json(seat[j], "rehosted", 60)
    except RuntimeError:
        end = seat[j].last_json() or {}
        if seat[j].popen.returncode == 0 and end.get("ending") == "over":
            raise RuntimeError("the game had ended before the fault took effect") from None
        raise
    if p.fault == "relay":
        return f"re-host by seat {j} (relay gone for good)"
    seat[0] = g.start("seat0-resumed", profiles[0], "resume")
    return f"re-host by seat {j}, then resume of seat 0 (lowest seat's relay kept)"


def _check(finals: dict[int, Proc], before: list[bytes]) -> str:
    ends: list[dict[str, Any]] = []
    for i, proc in sorted(finals.items()):
        end = proc.last_json()
        if proc.popen.returncode != 0 or end is None or end.get("ending") != "over":
            tail = proc.stderr().strip().splitlines()[-1:] or [""]
            return f"FAIL: seat {i} exited {proc.popen.returncode} ({end}) {tail[0][:200]}"
        if "Traceback" in proc.stderr():
            return f"FAIL: seat {i} wrote a traceback"
        ends.append(end)
    records = [Path(str(e["record"])).read_bytes() for e in ends]
    if len(set(records)) != 1:
        return "FAIL: the seats' records differ"
    path = Path(str(ends[0]["record"]))
    verified = subprocess.run(
        [sys.executable, "-m", "goldnet", "verify", "--json", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    if verified.returncode != 0:
        return f"FAIL: goldnet verify exited {verified.returncode}: {verified.stderr[-200:]}"
    checked = verify(read(path))
    envelopes = [Envelope.decode(d) for d in read(path)]
    actions = sum(1 for e in envelopes if e.type == "action")
    turns = {int(e["turns"]) for e in ends}
    if checked.ending != "over" or turns != {checked.turns} or checked.turns != actions:
        return f"FAIL: turns reported {sorted(turns)}, verified {checked.turns}, actions {actions}"
    doubled = [k for k, n in Counter((e.sender, e.seq) for e in envelopes).items() if n > 1]
    if doubled:
        return f"FAIL: {len(doubled)} sequence numbers signed twice"
    kept = set(read(path))
    lost = [d for d in before if Envelope.decode(d).type != "close" and d not in kept]
    if lost:
        return f"FAIL: {len(lost)} envelopes the victim journalled are not in the record"
    return "ok"


def _line(r: dict[str, Any]) -> str:
    return (
        f"game {r['game']:3d} {r['name']:16s} seats {r['seats']}  {r['fault']:11s} "
        f"killed {r.get('killed', '-')} at {r.get('at', '-')} "
        f"after {r.get('killed_after_s', '-')} s"
        f"  recovery: {r.get('recovery', '-')}  {r['seconds']} s  {r['verdict']}"
    )


def _remove(base: Path, timeout: float = 30.0) -> None:
    """Delete the session's folder; a killed process may still be writing into it for a moment
    (its files reappear after a first removal; on a loaded machine one blocked in a disk sync
    dies only once the sync returns): try again, every 0.2 s, for ``timeout`` s, then say on
    stderr what is left."""
    deadline = time.monotonic() + timeout
    for _ in range(int(timeout / 0.2) + 1):
        shutil.rmtree(base, ignore_errors=True)
        if not base.exists():
            return
        if time.monotonic() > deadline:
            break
        time.sleep(0.2)
    left = sorted(str(p.relative_to(base)) for p in base.rglob("*"))[:10]
    print(
        f"chaos: could not remove {base} (left: {', '.join(left) or 'the folder'})", file=sys.stderr
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games to play (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the plans (default 1)")
    parser.add_argument("--game", choices=("mixed", *MOMENTS), default="mixed")
    parser.add_argument("--json", action="store_true", help="one JSON line per game")
    parser.add_argument("--keep", metavar="DIR", help="keep the profiles and outputs in DIR")
    parser.add_argument(
        "--timeout", type=float, default=300.0, help="seconds one game may take (default 300)"
    )
    parser.add_argument(
        "--faults", default=",".join(FAULTS), help=f"faults drawn from (default {','.join(FAULTS)})"
    )
    args = parser.parse_args(argv)
    faults = tuple(args.faults.split(","))
    if not 1 <= args.games <= 1000:
        parser.error("--games must be 1-1000")
    if not set(faults) <= set(FAULTS) or not faults:
        parser.error(f"--faults: choose among {', '.join(FAULTS)}")
    if args.keep:
        base = Path(args.keep)
        base.mkdir(parents=True, exist_ok=True)
    else:
        base = Path(tempfile.mkdtemp(prefix="goldnet-chaos-"))

    def stop(signum: int, _frame: Any) -> None:
        raise Stopped(signal.Signals(signum).name)

    signal.signal(signal.SIGTERM, stop)
    reports: list[dict[str, Any]] = []
    started = time.monotonic()
    try:
        for n in range(args.games):
            p = plan(n, args.seed, args.game, faults)
            r = run_game(p, base, args.timeout)
            reports.append(r)
            print(json.dumps(r) if args.json else _line(r), flush=True)
    except (KeyboardInterrupt, Stopped) as exc:
        print(f"chaos: interrupted ({exc or 'Ctrl-C'}) after {len(reports)} games", file=sys.stderr)
    finally:
        if not args.keep:
            _remove(base)
    passed = sum(1 for r in reports if r["verdict"] == "ok")
    summary = {
        "games": len(reports),
        "passed": passed,
        "failed": len(reports) - passed,
        "seed": args.seed,
        "kind": args.game,
        "by_game": dict(Counter(r["name"] for r in reports)),
        "by_fault": dict(Counter(r["fault"] for r in reports)),
        "by_moment": dict(Counter(str(r.get("at", "-")).split(" ")[0] for r in reports)),
        "seconds": round(time.monotonic() - started, 1),
    }
    print(json.dumps(summary), flush=True)
    return 0 if reports and passed == len(reports) == args.games else 1


if __name__ == "__main__":
    sys.exit(main())
