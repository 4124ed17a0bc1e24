"""``goldnet bench``'s six-party TLS echo through a relay: a die's messages among six members,
without the protocol's work (issue 12) — the reference the 6-peer die and public reveal are
judged against (:mod:`goldnet.bench_table`).

A die at a six-seat table is a fan-out: the mover's envelope goes through the relay to the five
others, each of the five answers with its reveal through the relay to all six, and the die is
known at a member once it holds the five reveals. The echo sends exactly those frames between
six processes (``python -m goldnet.bench_fanout party SPEC``, one per member, as the members
are), through one table of the same relay:

- round ``r``'s mover is party ``r mod 6``; it waits :data:`~goldnet.bench_roll.THINK` seconds
  once it knows round ``r − 1`` (as a bot thinks before a move), then sends one envelope;
- each other party, on reading the move, sends one envelope at once (its "reveal"), which the
  relay forwards to the five others;
- a party knows round ``r`` once it holds the five answers (an answering party holds its own);
  the round's latency is from the move leaving the mover until the last of the six knows it
  — as the die's is "until its outcome is known at every member" (:func:`fanout_latencies`).

Without the protocol's work: every envelope is signed before the first round (each party's
identity comes from a seed all six know, so each knows every envelope of the echo by its bytes
and decodes none), nothing is checked, nothing is journalled, no rules run. Same relay, same
TLS connection code as the members (:class:`~goldnet.net.connection.RelayConnection`), frames
taken as the members take them: in the read's own callback
(:meth:`~goldnet.net.connection.RelayConnection.dispatch`). The clocks are
``time.perf_counter``, system-wide (see :mod:`goldnet.bench_roll`), so the parties' times
compare. Loopback only; every wait is bounded.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from protocol.envelope import ZERO_HASH, Envelope
from protocol.identity import Identity

from .bench_relay import GAME_ID, HOST
from .bench_roll import THINK, finish
from .launch import module_command

if TYPE_CHECKING:
    from .bench_roll import Tables

TIMEOUT = 60.0
"""Seconds one series of rounds may take before the bench gives up."""


def fanout_latencies(reports: Sequence[dict[str, Any]], warm: int = 0) -> list[float]:
    """Each round's latency (s) from what the parties report: ``moved`` (round, when its move
    left the mover; the mover's report only) and ``known`` (round, when this party held the
    round's every answer). A round's latency runs from its move to the latest party knowing it;
    the first ``warm`` rounds are left out, and so is a round some party never knew."""
    moved: dict[int, float] = {}
    for report in reports:
        moved.update((int(r), at) for r, at in report["moved"])
    known = [{int(k[0]): k[1] for k in report["known"]} for report in reports]
    return [
        max(k[r] for k in known) - at
        for r, at in sorted(moved.items())
        if r >= warm and all(r in k for k in known)
    ]


def fanout_cpu(reports: Sequence[dict[str, Any]], warm: int = 0) -> list[float]:
    """Each party's CPU (s) per round after the first ``warm``: its own CPU
    (``time.process_time``, reported beside each ``known`` time) from knowing round ``warm``
    to knowing its last round, over the rounds between; a party that knew too few is left
    out."""
    out = []
    for report in reports:
        cpu = {int(r): c for r, _, c in report["known"]}
        last = max(cpu, default=-1)
        if warm in cpu and last > warm:
            out.append((cpu[last] - cpu[warm]) / (last - warm))
    return out


def identities(seed: str, parties: int) -> list[Identity]:
    """The parties' identities, from ``seed`` (all six know them all: no secret here)."""
    return [Identity(hashlib.sha256(f"{seed}/{i}".encode()).digest()) for i in range(parties)]


def envelopes(identity: Identity, rounds: int) -> list[bytes]:
    """One party's envelope for each round (a chain of ``commit`` envelopes), signed now."""
    out, prev = [], ZERO_HASH
    for seq in range(rounds):
        envelope = Envelope.seal(identity, "commit", GAME_ID, seq, prev, ())
        out.append(envelope.raw)
        prev = envelope.hash
    return out


async def fanout_echoes(
    tables: Tables, parties: int, rounds: int, warm: int, seed: str
) -> tuple[list[float], list[float]]:
    """``rounds`` rounds of the six-party echo (``parties`` processes) through a new table of
    ``tables``' relay: the latencies (s) of those after the first ``warm``
    (:func:`fanout_latencies`), and each party's CPU per round (s, :func:`fanout_cpu`).

    Raises:
        RuntimeError: a party failed or took longer than :data:`TIMEOUT`.
    """
    port, fingerprint = await tables.table(seats=parties)
    spec = {"port": port, "fingerprint": fingerprint, "parties": parties, "rounds": rounds}
    procs: list[subprocess.Popen[str]] = []
    loop = asyncio.get_running_loop()
    try:  # started inside: a party that cannot start leaves none of the others running
        for i in range(parties):
            party = {**spec, "me": i, "seed": seed}
            procs.append(
                subprocess.Popen(
                    module_command("goldnet.bench_fanout", "party", json.dumps(party)),
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE,
                    text=True,
                )
            )
        reports = [await loop.run_in_executor(None, finish, p, TIMEOUT) for p in procs]
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            for pipe in (proc.stdout, proc.stderr):
                if pipe is not None:
                    pipe.close()
    return fanout_latencies(reports, warm), fanout_cpu(reports, warm)


async def _party(spec: dict[str, Any]) -> dict[str, Any]:
    """One party of the echo (module docstring): ``spec`` gives the table's port and
    fingerprint, the number of ``parties``, this one's index ``me``, the ``rounds`` and the
    ``seed`` of the identities. Returns when this party moved (``moved``: round, time) and
    knew (``known``: round, time, this process's CPU then) each round."""
    from .net.connection import RelayConnection
    from .net.frames import Env, Seats
    from .net.invite import Invite

    parties, me, rounds = spec["parties"], spec["me"], spec["rounds"]
    everyone = identities(spec["seed"], parties)
    sent = [envelopes(identity, rounds) for identity in everyone]
    who = {data: (party, r) for party, chain in enumerate(sent) for r, data in enumerate(chain)}
    answers: list[set[int]] = [set() for _ in range(rounds)]
    moved: list[tuple[int, float]] = []
    known: list[tuple[int, float, float]] = []
    link = await RelayConnection.open(Invite(HOST, spec["port"], spec["fingerprint"]))
    await link.greet(everyone[me], "player", f"echo {me}")
    loop = asyncio.get_running_loop()
    done: asyncio.Future[None] = loop.create_future()
    state = {"seated": False}

    def move(r: int) -> None:
        moved.append((r, time.perf_counter()))
        link.send(["env", sent[me][r]])

    def heard(party: int, r: int) -> None:
        answers[r].add(party)
        if len(answers[r]) == parties - 1:
            known.append((r, time.perf_counter(), time.process_time()))
            if r + 1 == rounds:
                if not done.done():
                    done.set_result(None)
            elif (r + 1) % parties == me:
                loop.call_later(THINK, move, r + 1)

    def on_read() -> None:
        try:
            while (frame := link.buffered()) is not None:
                if isinstance(frame, Seats) and len(frame.keys) == parties:
                    if me == 0 and not state["seated"]:  # everyone is in: the first move
                        loop.call_later(THINK, move, 0)
                    state["seated"] = True
                if not isinstance(frame, Env) or frame.data not in who:
                    continue
                party, r = who[frame.data]
                if party == r % parties:  # a move: answer it at once
                    link.send(["env", sent[me][r]])
                    heard(me, r)
                else:
                    heard(party, r)
            link.reader.check()
        except Exception as exc:  # the end of the stream, a bad frame: this party fails
            if not done.done():
                done.set_exception(exc)

    link.dispatch(on_read)
    on_read()  # what came with the welcome
    try:
        await asyncio.wait_for(done, TIMEOUT)
        await link.writer.drain()
    finally:
        link.dispatch(None)
        await link.close()
    return {"moved": moved, "known": known}


if __name__ == "__main__":
    # python -m goldnet.bench_fanout party SPEC: one party of the echo (internal).
    if len(sys.argv) != 3 or sys.argv[1] != "party":
        sys.exit("usage: python -m goldnet.bench_fanout party SPEC")
    print(json.dumps(asyncio.run(_party(json.loads(sys.argv[2])))), flush=True)
