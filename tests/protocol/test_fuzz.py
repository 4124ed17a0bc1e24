"""protocol.lockstep fuzzed (docs/protocol.md §8): garbage and mutated envelopes
change nothing and name nobody; anything a member can sign raises only protocol errors and
names nobody but that member."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol.envelope import TYPES, Envelope
from protocol.errors import LocalProtocolError, RemoteProtocolError

from .toy import Node, key, make_nodes, propose, relay

# --- fuzzing ------------------------------------------------------------------------------

ROUNDS = 4


def fuzz_stream() -> tuple[list[bytes], list[bytes]]:
    """What seat 0 sends in a clean game, in order, and the clean record."""
    nodes = make_nodes(2, prefix="fuzz-", rounds=ROUNDS)
    propose(nodes)
    sent: list[bytes] = []

    def spy(sender: Node, data: bytes) -> list[bytes]:
        if sender is nodes[0]:
            sent.append(data)
        return [data]

    relay(nodes, tamper=spy)
    return sent, nodes[0].machine.record


STREAM, RECORD = fuzz_stream()


def fresh_seat_one() -> Node:
    """Seat 1 again from scratch: same key and seeds, so it replays the same game."""
    return make_nodes(2, prefix="fuzz-", rounds=ROUNDS)[1]


def feed(node: Node, data: bytes) -> RemoteProtocolError | None:
    """Deliver one input; only RemoteProtocolError may come out (LocalProtocolError once the
    game has ended); returns the error, if any."""
    ended_before = node.machine.ended
    try:
        node.machine.receive(data)
    except RemoteProtocolError as exc:
        node.drain()
        return exc
    except LocalProtocolError:
        assert ended_before, "LocalProtocolError from a machine whose game had not ended"
        return None
    node.drain()
    return None


def mutate(data: bytes, edits: list[tuple[int, int, str]]) -> bytes:
    out = bytearray(data)
    for where, byte, kind in edits:
        where %= len(out) + 1
        if kind == "flip" and where < len(out):
            out[where] ^= byte or 1
        elif kind == "insert":
            out[where:where] = bytes([byte])
        elif kind == "delete" and where < len(out):
            del out[where]
        elif kind == "cut":
            del out[where:]
    return bytes(out)


edits = st.lists(
    st.tuples(
        st.integers(0, 500),
        st.integers(0, 255),
        st.sampled_from(["flip", "insert", "delete", "cut"]),
    ),
    min_size=1,
    max_size=3,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, len(STREAM) - 1),
    st.one_of(st.binary(max_size=300), st.tuples(st.integers(0, len(STREAM) - 1), edits)),
)
def test_garbage_and_mutated_envelopes_change_nothing(position: int, junk: Any) -> None:
    """Random bytes, or one of seat 0's envelopes with bytes flipped, inserted, deleted or cut,
    delivered at any point of a game before its end: a RemoteProtocolError naming nobody, and
    the game then ends exactly as it would have. (After the end, ``receive`` refuses
    everything with a LocalProtocolError: see test_a_finished_machine_takes_nothing.)"""
    node = fresh_seat_one()
    data = junk if isinstance(junk, bytes) else mutate(STREAM[junk[0]], junk[1])
    if data in STREAM:
        return
    for item in STREAM[:position]:
        assert feed(node, item) is None
    error = feed(node, data)
    assert isinstance(error, RemoteProtocolError) and error.culprit is None
    assert node.machine.halted is None
    for item in STREAM[position:]:
        assert feed(node, item) is None
    assert node.machine.finished and node.machine.record == RECORD


def test_a_finished_machine_changes_nothing_but_still_takes_proof() -> None:
    """Once over, a machine still takes its members' envelopes — the closes, whose digests
    show an equivocation on the last move, and any proof — but nothing changes the game."""
    node = fresh_seat_one()
    for item in STREAM:
        assert feed(node, item) is None
    assert node.machine.finished
    result = node.result
    with pytest.raises(RemoteProtocolError) as info:
        node.machine.receive(b"")
    assert info.value.culprit is None
    for data in (STREAM[0], STREAM[-1]):
        with pytest.raises(RemoteProtocolError, match="replayed") as info:
            node.machine.receive(data)
        assert info.value.culprit is None
    assert node.machine.finished and node.machine.record == RECORD and node.result == result


scalars = (
    st.none()
    | st.booleans()
    | st.integers(-3, 600)
    | st.sampled_from(["take", "abandoned", "", "x" * 41])
    | st.binary(min_size=31, max_size=33)
)
bodies = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4).map(tuple), max_leaves=8)
digests = st.one_of(
    st.just("real"),
    st.lists(st.tuples(st.integers(0, 40), st.binary(min_size=32, max_size=32)), max_size=3).map(
        tuple
    ),
)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(1, len(STREAM)),
    st.sampled_from(TYPES),
    st.integers(-2, 2),
    st.booleans(),
    st.booleans(),
    st.one_of(bodies.filter(lambda b: isinstance(b, tuple)), st.sampled_from(["real"])),
    digests,
)
def test_anything_a_member_can_sign_raises_only_protocol_errors_naming_it(
    position: int,
    type_: str,
    seq_shift: int,
    good_prev: bool,
    good_game: bool,
    body: Any,
    seen: Any,
) -> None:
    """Seat 0 signs an arbitrary envelope (any type, sequence number near the right one, right
    or wrong previous hash and game id, any body, its real digest or any other) in the middle
    of the game: seat 1 raises only RemoteProtocolError (LocalProtocolError once the game has
    ended), never names anyone but seat 0, and the game ends in one of four ways — exactly as
    it would have, halted naming seat 0, abandoned by seat 0's signed adjudication, or waiting
    (for an envelope, or for proof about a digest seat 0 signed)."""
    node = fresh_seat_one()
    for item in STREAM[:position]:
        assert feed(node, item) is None
    cheater = key("fuzz-0").public
    previous = Envelope.decode(STREAM[position - 1])
    real = Envelope.decode(STREAM[position]) if position < len(STREAM) else previous
    seq = max(0, previous.seq + 1 + seq_shift)
    prev = previous.hash if good_prev else hashlib.sha256(b"fork").digest()
    forged = Envelope.seal(
        key("fuzz-0"),
        type_,
        previous.game_id if good_game else hashlib.sha256(b"other").digest(),
        seq,
        prev,
        real.body if body == "real" else body,
        ((seq, prev), real.seen[1]) if seen == "real" and real.seen else seen,
    ).raw
    if forged in STREAM:
        return
    errors = [feed(node, forged)]
    errors += [feed(node, item) for item in STREAM[position:]]
    assert all(e.culprit in (None, cheater) for e in errors if e is not None)
    machine = node.machine
    if machine.halted is not None:
        assert machine.halted.culprit == cheater
    elif machine.abandoned is not None:
        assert machine.abandoned.by == 0
        assert Envelope.decode(machine.record[-1]).type == "adjudicate"
    elif not machine.finished:
        waiting = machine.waiting()
        assert waiting is not None and waiting.kind in ("envelope", "proof", "reveal", "action")
    else:
        assert machine.record == RECORD
