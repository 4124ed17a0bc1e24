"""Blame only with proof: signed faults (docs/protocol.md §7 and §8).

A member is named — and every honest peer halts — only on what it signed: a malformed body, a
reveal that does not hash or breaks the beacon's rules, an illegal or out-of-place envelope, a
state hash that differs while the digests agree, a digest that contradicts its own envelope,
or two histories. The honest peers lose nothing, and every halt is reproduced by a fresh
spectator fed the halted peer's ``full_record()``. A digest ahead of the receiver waits; one
that disagrees opens a dispute. What a relay can do is in test_relay.py.
"""

from __future__ import annotations

import pytest

from protocol.envelope import ZERO_HASH, Envelope
from protocol.errors import LocalProtocolError
from protocol.events import Forward
from protocol.lockstep import Lockstep
from protocol.messages import Adjudicate

from .cheats import Act, Trap, body_of, chain_of, replay_halt, seen_with
from .toy import Node, make_nodes, propose, relay, reseal, toy_engines


def value_at(d: int) -> Act:
    """The cheater's reveal of draw ``d`` with its own chain value for that draw."""
    return lambda ns, n, data: [
        reseal(n, data, type_="reveal", body=(d, chain_of(n, ns).value_for(d)))
    ]


HALTS: dict[str, tuple[str, int, Act, str]] = {
    # name: (type, nth, what the cheater (seat 1 of 3) sends instead, reason)
    "reveal that does not hash": (
        "reveal",
        3,
        lambda ns, n, d: [reseal(n, d, body=(3, b"\x55" * 32))],
        "does not hash to its chain",
    ),
    "reveal of another draw's value": (
        "reveal",
        3,
        lambda ns, n, d: [reseal(n, d, body=(3, chain_of(n, ns).value_for(4)))],
        "does not hash",
    ),
    "reveal of another member's value": (
        "reveal",
        3,
        lambda ns, n, d: [reseal(n, d, body=(3, chain_of(ns[0], ns).value_for(3)))],
        "does not hash",
    ),
    "reveal for a past draw": (
        "reveal",
        3,
        lambda ns, n, d: [reseal(n, d, body=(2, chain_of(n, ns).value_for(2)))],
        "a reveal for draw 2 when draw 3 is due",
    ),
    "reveal skipping a draw": ("reveal", 3, value_at(4), "a reveal for draw 4 when draw 3 is due"),
    "malformed reveal": ("reveal", 2, lambda ns, n, d: [reseal(n, d, body=(2,))], "malformed"),
    "reveal with a draw of zero": (
        "reveal",
        2,
        lambda ns, n, d: [reseal(n, d, body=(0, body_of(d)[1]))],
        "malformed reveal",
    ),
    "next chain at the wrong draw": (
        "reveal",
        3,
        lambda ns, n, d: [reseal(n, d, body=(*body_of(d), b"\x09" * 32, 512))],
        "must be committed in the reveal for draw 496",
    ),
    "next chain shorter than the minimum": (
        "reveal",
        3,
        lambda ns, n, d: [reseal(n, d, body=(*body_of(d), b"\x09" * 32, 63))],
        "malformed reveal",
    ),
    "illegal action": (
        "action",
        2,
        lambda ns, n, d: [reseal(n, d, body=(body_of(d)[0], ("take", 6)))],
        "illegal action",
    ),
    "action of the wrong shape": (
        "action",
        2,
        lambda ns, n, d: [reseal(n, d, body=(body_of(d)[0], "take 1"))],
        "malformed action",
    ),
    "state-hash mismatch": (
        "action",
        2,
        lambda ns, n, d: [reseal(n, d, body=(b"\x00" * 32, body_of(d)[1]))],
        "state-hash mismatch",
    ),
    "an action where its reveal is due": (
        "reveal",
        3,
        lambda ns, n, d: [reseal(n, d, type_="action", body=(b"\x00" * 32, ("take", 1)))],
        "an action where its reveal for draw 3 is due",
    ),
    "a reveal where its action is due": (
        "action",
        2,
        value_at(6),
        "a reveal where its action is due",
    ),
    "an action whose digest misses envelopes before it": (
        "action",
        2,
        lambda ns, n, d: [
            reseal(
                n,
                d,
                body=(b"\x00" * 32, body_of(d)[1]),
                seen=seen_with(d, 2, (2, ns[2].machine.history.envelope(2, 1).hash)),  # type: ignore[union-attr]
            )
        ],
        "misses envelopes before it",
    ),
    "two histories signed": (
        "action",
        2,
        lambda ns, n, d: [
            reseal(
                n,
                d,
                prev=b"\x01" * 32,
                seen=seen_with(d, 1, (Envelope.decode(d).seq, b"\x01" * 32)),
            )
        ],
        "signed two histories",
    ),
    "digest contradicting its own envelope": (
        "reveal",
        2,
        lambda ns, n, d: [reseal(n, d, seen=seen_with(d, 1, (0, ZERO_HASH)))],
        "contradicts its envelope",
    ),
    "digest of the wrong length": (
        "reveal",
        2,
        lambda ns, n, d: [reseal(n, d, seen=Envelope.decode(d).seen[:2])],
        "has not 3 entries",
    ),
    "digest naming an envelope it counts as none": (
        "reveal",
        2,
        lambda ns, n, d: [reseal(n, d, seen=seen_with(d, 2, (0, b"\x02" * 32)))],
        "counts as none",
    ),
    "malformed commitment": (
        "commit",
        1,
        lambda ns, n, d: [reseal(n, d, body=(body_of(d)[0], 0))],
        "malformed commitment",
    ),
    "chain shorter than the minimum": (
        "commit",
        1,
        lambda ns, n, d: [reseal(n, d, body=(body_of(d)[0], 63))],
        "malformed commitment",
    ),
    "first envelope naming a previous one": (
        "commit",
        1,
        lambda ns, n, d: [reseal(n, d, prev=b"\x03" * 32, seen=seen_with(d, 1, (0, b"\x03" * 32)))],
        "names a previous envelope",
    ),
    "action before its commitment": (
        "commit",
        1,
        lambda ns, n, d: [reseal(n, d, type_="action")],
        "before its commitment",
    ),
    "commit during the game": (
        "reveal",
        2,
        lambda ns, n, d: [reseal(n, d, type_="commit", body=(b"\x09" * 32, 512))],
        "a commit envelope while playing",
    ),
    "table during the game": (
        "action",
        1,
        lambda ns, n, d: [reseal(n, d, type_="table")],
        "a table envelope while playing",
    ),
    "malformed adjudication": (
        "action",
        1,
        lambda ns, n, d: [reseal(n, d, type_="adjudicate", body=(-1, "abandoned"))],
        "malformed adjudication",
    ),
    "adjudication for another reason": (
        "action",
        1,
        lambda ns, n, d: [reseal(n, d, type_="adjudicate", body=(0, "won"))],
        "malformed adjudication",
    ),
}


@pytest.mark.parametrize("name", list(HALTS))
def test_a_cheating_member_is_named_and_the_honest_ones_lose_nothing(name: str) -> None:
    type_, nth, act, reason = HALTS[name]
    nodes = make_nodes(3, prefix=f"cheat{list(HALTS).index(name)}-")
    cheater = nodes[1]
    trap = Trap(nodes, 1, type_, nth, act)
    propose(nodes)
    relay(nodes, tamper=trap)
    for node in (nodes[0], nodes[2]):
        halted = node.machine.halted
        assert halted is not None, name
        assert reason in halted.reason, halted.reason
        assert halted.culprit == cheater.key
        assert node.errors[-1] is halted
        assert all(e.culprit in (None, cheater.key) for e in node.errors)
        assert node.result is None
        with pytest.raises(LocalProtocolError, match="halted"):
            node.machine.receive(nodes[0].machine.record[0])
        # A spectator fed what the halted peer keeps reaches the same halt.
        again = replay_halt(node)
        assert again.culprit == cheater.key and again.reason == halted.reason
    trap.assert_honest_nodes_unchanged()
    # What the honest nodes recorded is a valid game prefix, and they agree on it.
    assert nodes[0].machine.record == nodes[2].machine.record


# --- digests and state hashes --------------------------------------------------------------


def turn_of_seat_zero(prefix: str) -> tuple[list[Node], bytes]:
    """Three members at round 3, seat 0 on turn; returns the nodes and seat 0's real action
    (not delivered yet)."""
    nodes = make_nodes(3, prefix=prefix)
    action: list[bytes] = []

    def stop(sender: Node, data: bytes) -> list[bytes]:
        env = Envelope.decode(data)
        if sender is nodes[0] and env.type == "action" and env.body and len(action) < 2:
            action.append(data)
            if len(action) == 2:  # its second action: round 3
                return []
        if action and len(action) == 2:
            return [] if sender is nodes[0] else [data]
        return [data]

    propose(nodes)
    relay(nodes, tamper=stop)
    assert len(action) == 2 and nodes[1].machine.draw == 4 and nodes[1].machine.actions == 3
    return nodes, action[1]


def test_a_state_hash_mismatch_names_its_signer_when_the_digests_agree() -> None:
    nodes, real = turn_of_seat_zero("hash-agree-")
    forged = reseal(nodes[0], real, body=(b"\x00" * 32, body_of(real)[1]))
    nodes[1].deliver(forged)
    halted = nodes[1].machine.halted
    assert halted is not None and halted.culprit == nodes[0].key
    assert "state-hash mismatch" in halted.reason
    assert replay_halt(nodes[1]).culprit == nodes[0].key


def test_a_state_hash_mismatch_with_a_digest_ahead_waits_until_the_receiver_catches_up() -> None:
    """Seat 0's action claims a wrong state hash and a digest that counts an envelope of seat
    2 that seat 1 has not received (a relay may delay it): seat 1 cannot tell whose history is
    short, so it waits, naming nobody. Once the envelope comes the digests agree, and seat 0
    is named."""
    nodes, real = turn_of_seat_zero("hash-ahead-")
    receiver, third = nodes[1], nodes[2]
    # Seat 2 signs its next envelope (its reveal for draw 5, early) and only seat 0 gets it.
    assert third.machine.history is not None
    history = third.machine.history
    game_id = third.machine.game_id
    last = history.envelope(2, history.count(2) - 1)
    early = Envelope.seal(
        third.machine.identity,  # type: ignore[arg-type]
        "reveal",
        game_id,
        last.seq + 1,
        last.hash,
        (5, chain_of(third, nodes).value_for(5)),
        history.seen(),
    )
    nodes[0].machine.receive(early.raw)
    seen = seen_with(real, 0, (Envelope.decode(real).seq, Envelope.decode(real).prev))
    seen = tuple((early.seq + 1, early.hash) if s == 2 else e for s, e in enumerate(seen))
    forged = reseal(nodes[0], real, body=(b"\x00" * 32, body_of(real)[1]), seen=seen)
    before = (receiver.engine.state_hash(), list(receiver.machine.record))
    receiver.deliver(forged)
    assert receiver.machine.halted is None and receiver.errors == []
    waiting = receiver.machine.waiting()
    assert waiting is not None and (waiting.kind, waiting.seats) == ("envelope", (2,))
    assert (receiver.engine.state_hash(), receiver.machine.record) == before
    receiver.deliver(early.raw)
    halted = receiver.machine.halted
    assert halted is not None and halted.culprit == nodes[0].key
    assert "state-hash mismatch" in halted.reason
    assert replay_halt(receiver).culprit == nodes[0].key


def test_a_digest_that_disagrees_opens_a_dispute_and_the_peer_forwards_its_copy() -> None:
    """Seat 0's action (right state hash) carries a digest that gives another hash for seat
    2's last envelope. Either seat 2 signed two envelopes, or seat 0 lied: seat 1 cannot tell,
    so it names nobody, forwards its own copy as evidence, and waits for the proof."""
    nodes, real = turn_of_seat_zero("dispute-")
    receiver = nodes[1]
    env = Envelope.decode(real)
    count = env.seen[2][0]
    seen = seen_with(real, 2, (count, b"\x0d" * 32))
    before = (receiver.engine.state_hash(), list(receiver.machine.record))
    receiver.deliver(reseal(nodes[0], real, seen=seen))
    assert receiver.machine.halted is None and receiver.errors == []
    assert receiver.machine.history is not None
    mine = receiver.machine.history.envelope(2, count - 1).raw
    assert Forward(mine) in receiver.events
    assert receiver.outbox and receiver.outbox[-1] == mine
    waiting = receiver.machine.waiting()
    assert waiting is not None and (waiting.kind, waiting.seats) == ("proof", (2,))
    assert (receiver.engine.state_hash(), receiver.machine.record) == before


def test_an_adjudication_ahead_of_the_receiver_waits_for_its_step() -> None:
    nodes, real = turn_of_seat_zero("adj-future-")
    receiver = nodes[1]
    steps = receiver.machine.steps
    future = reseal(nodes[0], real, type_="adjudicate", body=Adjudicate(steps + 1).body())
    receiver.deliver(future)
    assert receiver.machine.abandoned is None and receiver.machine.halted is None
    assert receiver.errors == []
    # The same envelope number with the step the receiver stands at: applied at once.
    now = reseal(nodes[0], real, type_="adjudicate", body=Adjudicate(steps).body())
    late = Lockstep(None, toy_engines())
    for data in receiver.machine.received:
        if data != future:
            late.receive(data)
    late.receive(now)
    assert late.abandoned is not None and late.abandoned.by == 0
