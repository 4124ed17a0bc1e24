"""A second implementation of the beacon, written from the text of docs/protocol.md with
nothing but hashlib: what an independent verifier would do. The tests check the code against
it, and recompute whole games' draws from their records with it."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from protocol.envelope import Envelope

MARGIN = 16


def u64(n: int) -> bytes:
    return n.to_bytes(8, "big")


def spec_link(game_id: bytes, member: bytes, d: int, value: bytes) -> bytes:
    """x[d-1] from x[d]."""
    return hashlib.sha256(b"goldnet/beacon/link/v2" + game_id + member + u64(d) + value).digest()


def spec_chain(seed: bytes, game_id: bytes, member: bytes, after: int, n: int) -> dict[int, bytes]:
    """x[after .. after+n] of the chain covering draws after+1 .. after+n."""
    x = {after + n: hashlib.sha256(b"goldnet/beacon/seed/v2" + seed).digest()}
    for d in range(after + n, after, -1):
        x[d - 1] = spec_link(game_id, member, d, x[d])
    return x


def spec_draw(game_id: bytes, draw: int, values: Sequence[bytes]) -> bytes:
    return hashlib.sha256(
        b"goldnet/beacon/draw/v2" + game_id + u64(draw) + b"".join(values)
    ).digest()


def spec_words(seed: bytes) -> Iterator[int]:
    block = 0
    while True:
        digest = hashlib.sha256(b"goldnet/stream/v1" + seed + u64(block)).digest()
        for k in range(4):
            yield int.from_bytes(digest[8 * k : 8 * k + 8], "big")
        block += 1


def spec_below(words: Iterator[int], n: int) -> int:
    if n == 1:
        return 0
    b = (n - 1).bit_length()
    while True:
        w = next(words) % (1 << b)
        if w < n:
            return w


def spec_weighted(words: Iterator[int], weights: Sequence[int]) -> int:
    r = spec_below(words, sum(weights))
    total = 0
    for i, w in enumerate(weights):
        total += w
        if r < total:
            return i
    raise AssertionError("unreachable")


@dataclass
class _Chain:
    after: int
    last: int
    head: bytes
    committed_at: int
    """Index in the record of the envelope that committed it."""


def record_draws(record: Sequence[bytes], weights: Sequence[int]) -> list[tuple[int, int]]:
    """``(draw, outcome index)`` of every draw a record completes, recomputed from the record
    alone, after checking that each member's value for each draw links back to the head of a
    chain that member committed **before that draw's first reveal** in the record.

    Raises:
        AssertionError: a reveal that does not link, a chain committed too late or at a place
            docs/protocol.md §5 does not allow.
    """
    envs = [Envelope.decode(data) for data in record]
    assert envs[0].type == "table"
    game_id, members = envs[0].game_id, list(envs[0].body[2])
    chains: dict[bytes, list[_Chain]] = {}
    known: dict[bytes, tuple[int, bytes]] = {}
    first_reveal: dict[int, int] = {}
    values: dict[int, dict[int, bytes]] = {}
    for i, env in enumerate(envs):
        member = env.sender
        if env.type == "commit":
            head, length = env.body
            assert length >= 64 and member not in chains
            chains[member] = [_Chain(0, length, head, i)]
            known[member] = (0, head)
        elif env.type == "reveal":
            d, value = env.body[0], env.body[1]
            first_reveal.setdefault(d, i)
            at, previous = known[member]
            assert d == at + 1, f"draw {d} after {at}"
            assert spec_link(game_id, member, d, value) == previous, f"draw {d} does not link"
            chain = next(c for c in chains[member] if c.after < d <= c.last)
            assert chain.committed_at < first_reveal[d], f"chain for draw {d} committed late"
            if len(env.body) == 4:
                assert d == chain.last - MARGIN and env.body[3] >= 64
                chains[member].append(_Chain(chain.last, chain.last + env.body[3], env.body[2], i))
            else:
                assert d != chain.last - MARGIN
            if d == chain.last:
                known[member] = (d, chains[member][-1].head)
            else:
                known[member] = (d, value)
            values.setdefault(d, {})[members.index(member)] = value
    out = []
    for d in sorted(values):
        if len(values[d]) == len(members):
            data = spec_draw(game_id, d, [values[d][s] for s in range(len(members))])
            out.append((d, spec_weighted(spec_words(data), weights)))
    return out
