"""``goldnet bench`` figures of the protocol and the network.

- messages per roll: envelopes every peer sends for one draw (the physical minimum is n);
- in-memory roll latency: two lockstep machines, from the draw becoming due to its outcome;
- verifying a finished game's record;
- verifying one envelope's signature, with the verifier goldnet used before (OpenSSL through
  ``cryptography``, the key decoded at every call) measured in the same run as the reference;
- time until an announced table shows in a browsing lobby, over loopback mDNS.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from typing import Any

from protocol.codec import pack
from protocol.envelope import SIGNING_TAG, VERSION, Envelope, forget_checked
from protocol.events import Drawn, Transmit
from protocol.identity import verify as identity_verify
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
        forget_checked()  # each machine checks the other's reveal, as in separate processes
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
        forget_checked()  # every signature checked, as by `goldnet verify` in a new process
        start = time.perf_counter()
        verify(record)
        samples.append(time.perf_counter() - start)
    return samples


def _signed(record: list[bytes]) -> list[tuple[bytes, bytes, bytes]]:
    """``(public key, signature, signed bytes)`` of each envelope of ``record``."""
    out = []
    for data in record:
        env = Envelope.decode(data)
        fields = [VERSION, env.type, env.game_id, env.sender, env.seq, env.prev, env.seen]
        out.append((env.sender, env.signature, SIGNING_TAG + pack([*fields, env.body])))
    return out


def _openssl_verify(public: bytes, signature: bytes, data: bytes) -> bool:
    """The signature check goldnet made before: OpenSSL's Ed25519 through ``cryptography``,
    the public key decoded at every call (the reference of "verify one envelope")."""
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    try:
        Ed25519PublicKey.from_public_bytes(public).verify(signature, data)
    except (InvalidSignature, ValueError):
        return False
    return True


def envelope_verification(runs: int) -> tuple[list[float], list[float]]:
    """Seconds per envelope signature check over a whole game's record: goldnet's verifier and
    the reference, taking turns on the same envelopes in each run."""
    peers = [deterministic_peer(f"bench/sig/{i}", make_bot("random", f"sig/{i}")) for i in (0, 1)]
    harness = Harness(peers)
    harness.start("mountains-rivers", (2,), b"bench/signature.")
    harness.run()
    signed = _signed(list(peers[0].machine.record))
    ours: list[float] = []
    reference: list[float] = []
    for run in range(runs):
        pair = [(ours, identity_verify), (reference, _openssl_verify)]
        for samples, check in pair if run % 2 == 0 else pair[::-1]:
            start = time.perf_counter()
            for public, signature, data in signed:
                if not check(public, signature, data):
                    raise RuntimeError("a valid signature did not verify")  # a bug
            samples.append((time.perf_counter() - start) / len(signed))
    return ours, reference


class _DrawTimer:
    """Times each draw at one peer: from the last event before it (the previous action or the
    start of the game, after which the draw is due) to its outcome."""

    def __init__(self, latencies: list[float]) -> None:
        self.latencies = latencies
        self.due = 0.0

    def __call__(self, event: Any) -> None:
        now = time.perf_counter()
        if isinstance(event, Drawn):
            self.latencies.append(now - self.due)
        elif not isinstance(event, Transmit):
            self.due = now


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
    signatures, openssl = envelope_verification(max(5, repeat // 5))
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
        "verify one envelope": {
            "median": statistics.median(signatures) * 1e6,
            "unit": "us",
            "runs": len(signatures),
            "reference": statistics.median(openssl) * 1e6,
            "reference_is": "OpenSSL Ed25519 via cryptography, key decoded per call (before)",
            "ratio": statistics.median(openssl) / statistics.median(signatures),
            "target": "ratio >= 1.5 (reference / median)",
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
