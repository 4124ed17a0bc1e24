"""``goldnet bench`` figures of the protocol and the network.

- messages per roll: envelopes every peer sends for one draw (the physical minimum is n);
- in-memory roll latency: two lockstep machines, from the draw becoming due to its outcome;
- verifying a finished game's record;
- time until an announced table shows in a browsing lobby, over loopback mDNS.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from typing import Any

from protocol.envelope import Envelope
from protocol.events import Drawn
from protocol.lockstep import NEED_DATA, Lockstep

from .games.mountains_rivers.bots import make_bot
from .harness import Harness, deterministic_peer
from .records import verify

Figure = dict[str, Any]


def _table(label: str) -> tuple[Lockstep, Lockstep, list[bytes], list[bytes]]:
    """Two machines with a started table, up to the first draw (not yet delivered)."""
    peers = [deterministic_peer(f"bench/{label}/{i}", None) for i in range(2)]
    harness = Harness(peers)
    a, b = (p.machine for p in peers)
    out_a: list[bytes] = []
    out_b: list[bytes] = []
    harness.start("mountains-rivers", (1,), f"bench/{label}".encode().ljust(16, b"."))
    # Deliver the setup (table, commitments) but keep each side's first reveal.
    moved = True
    while moved:
        moved = False
        for src, dst, keep in ((peers[0], b, out_a), (peers[1], a, out_b)):
            src.drain()
            while src.outbox:
                data = src.outbox.popleft()
                if Envelope.decode(data).type == "reveal":
                    keep.append(data)
                    continue
                dst.receive(data)
                moved = True
    return a, b, out_a, out_b


def roll_in_memory(runs: int) -> tuple[list[float], int]:
    """Latencies (s) of one draw between two machines, and the messages it took."""
    samples: list[float] = []
    messages = 0
    for i in range(runs):
        a, b, out_a, out_b = _table(str(i))
        start = time.perf_counter()
        for data in out_a:
            b.receive(data)
        for data in out_b:
            a.receive(data)
        drawn = False
        while (event := a.next_event()) is not NEED_DATA:
            drawn = drawn or isinstance(event, Drawn)
        samples.append(time.perf_counter() - start)
        messages = len(out_a) + len(out_b)
        assert drawn, "the draw did not complete"
    return samples, messages


def record_verification(runs: int) -> list[float]:
    """Seconds to verify the record of a whole greedy-vs-greedy game."""
    peers = [
        deterministic_peer(f"bench/rec/{i}", make_bot("greedy", f"bench/{i}")) for i in range(2)
    ]
    harness = Harness(peers)
    harness.start("mountains-rivers", (4,), b"bench/record....")
    harness.run()
    record = list(peers[0].machine.record)
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        verify(record)
        samples.append(time.perf_counter() - start)
    return samples


async def _table_visibility(runs: int) -> tuple[list[float], list[float]]:
    from .net.discovery import Announcer, Browser, TableInfo

    seen_after_start: list[float] = []
    registration: list[float] = []
    for i in range(runs):
        fp = f"bench-{i:04d}"
        async with Browser(["127.0.0.1"]) as browser:
            queue = browser.subscribe()
            announcer = Announcer(["127.0.0.1"])
            start = time.perf_counter()
            await announcer.start(
                TableInfo(f"bench table {i}", "mountains-rivers", 1, fp, "127.0.0.1", 47001)
            )
            announced = time.perf_counter()
            registration.append(announced - start)
            while True:
                kind, table = await asyncio.wait_for(queue.get(), 10)
                if table.fingerprint == fp and kind != "removed":
                    break
            seen_after_start.append(time.perf_counter() - start)
            await announcer.close()
    return seen_after_start, registration


def run_protocol_bench(repeat: int) -> dict[str, Figure]:
    """The protocol and network figures; ``repeat`` scales the number of runs."""
    rolls, messages = roll_in_memory(max(5, repeat))
    verifying = record_verification(max(3, repeat // 10))
    # The browser sees the table while registration is still probing, so the time after the
    # announcement itself is nil; report the time from the start of hosting instead.
    seen, registration = asyncio.run(_table_visibility(max(1, repeat // 25)))
    return {
        "messages per roll (2 peers)": {
            "median": messages,
            "unit": "messages",
            "runs": 1,
            "target": "n = 2",
        },
        "roll latency in memory (2 peers)": {
            "median": statistics.median(rolls) * 1000,
            "unit": "ms",
            "runs": len(rolls),
        },
        "verify a record": {
            "median": statistics.median(verifying),
            "unit": "s",
            "runs": len(verifying),
            "target": "<= 0.5 s",
        },
        "table visible in a lobby (from hosting)": {
            "median": statistics.median(seen),
            "unit": "s",
            "runs": len(seen),
            "target": "<= 1 s after the announcement",
        },
        "table registration (mDNS probing)": {
            "median": statistics.median(registration),
            "unit": "s",
            "runs": len(registration),
        },
    }
