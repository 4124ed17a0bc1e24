"""Blame only with proof (DESIGN §5; docs/protocol.md §7 and §8).

A member is named — and every honest peer halts — only on what it signed: a malformed body, a
reveal that does not hash or breaks the beacon's rules, an illegal or out-of-place envelope, a
state hash that differs while the digests agree, a digest that contradicts its own envelope,
or two histories (both envelopes kept as proof). Whatever a relay could have done — drop,
delay, reorder, replay, garbage, another game's envelopes, a copied commitment delivered before
the original, one history to some members and another to the others — names no honest member.
Every halt is reproduced by a fresh spectator fed the halted peer's ``halt_record()``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol.beacon import OwnChain
from protocol.envelope import ZERO_HASH, Envelope
from protocol.errors import LocalProtocolError, RemoteProtocolError
from protocol.history import Equivocation
from protocol.lockstep import Applied, Drawn, Forward, Lockstep
from protocol.messages import Adjudicate

from .toy import (
    Node,
    key,
    make_nodes,
    played,
    propose,
    relay,
    reseal,
    seed,
    spectate,
    toy_engines,
)

Act = Callable[[list[Node], Node, bytes], list[bytes]]
"""What a cheating member sends in place of one of its envelopes (given every node)."""


def body_of(data: bytes) -> tuple[Any, ...]:
    return Envelope.decode(data).body


def chain_of(node: Node, nodes: list[Node], index: int = 0, after: int = 0) -> OwnChain:
    """A toy node's chain ``index`` (its seeds are public in tests)."""
    game_id = nodes[0].machine.game_id
    return OwnChain(seed(node.label, index), game_id, node.key, after, 512)


def game_of(node: Node) -> tuple[Any, list[tuple[int, int]], list[tuple[int, Any]]]:
    """What happened in ``node``'s game: its result, its draws, its moves. (Envelope bytes
    depend on delivery order through their history digests; the game does not.)"""
    draws = [(e.draw, e.index) for e in node.events if isinstance(e, Drawn)]
    moves = [(e.seat, e.action) for e in node.events if isinstance(e, Applied)]
    return node.result, draws, moves


def assert_same_game(nodes: list[Node], clean: list[Node]) -> None:
    """Every node finished the clean game, and they agree on one record a spectator replays."""
    for node, twin in zip(nodes, clean, strict=True):
        assert node.machine.finished and game_of(node) == game_of(twin)
        assert node.machine.record == nodes[0].machine.record
    assert spectate(nodes[0].machine.record).record == nodes[0].machine.record


def replay_halt(node: Node, rounds: int = 12) -> RemoteProtocolError:
    """What a fresh spectator fed ``node``'s halt record halts on."""
    late = Lockstep(None, toy_engines(rounds))
    record = node.machine.halt_record()
    for data in record:
        try:
            late.receive(data)
        except RemoteProtocolError:
            pass
        except LocalProtocolError:
            break
    assert late.halted is not None, "the halt record does not reach the halt"
    return late.halted


class Rechain:
    """A cheating member's hand on its own outgoing envelopes: ``change`` gives the bytes it
    signs instead of one (``None``: keep them); once one was changed, every later envelope is
    signed again to follow it (``prev`` and its own digest entry), so that its history stays
    one history."""

    def __init__(
        self, node: Node, seat: int, change: Callable[[Envelope, bytes], bytes | None]
    ) -> None:
        self.node, self.seat, self.change = node, seat, change
        self.last: Envelope | None = None

    def __call__(self, sender: Node, data: bytes) -> list[bytes]:
        if sender is not self.node:
            return [data]
        out = self.change(Envelope.decode(data), data)
        if self.last is not None:
            base = Envelope.decode(out if out is not None else data)
            seq, prev = self.last.seq + 1, self.last.hash
            seen = list(base.seen)
            seen[self.seat] = (seq, prev)
            out = reseal(sender, base.raw, seq=seq, prev=prev, seen=tuple(seen))
        if out is None:
            return [data]
        self.last = Envelope.decode(out)
        return [out]


class Trap:
    """A tamper that acts once, on the ``nth`` envelope of ``type_`` sent by ``cheater``, and
    remembers every other node's engine hash and record just before. The cheater keeps its own
    history consistent: after the forgery its later envelopes are signed again to follow the
    forged one (``prev`` and its own digest entry)."""

    def __init__(self, nodes: list[Node], cheater: int, type_: str, nth: int, act: Act) -> None:
        self.nodes = nodes
        self.cheater = nodes[cheater]
        self.seat = cheater
        self.type_ = type_
        self.nth = nth
        self.act = act
        self.count = 0
        self.last: Envelope | None = None
        self.before: dict[str, tuple[bytes, list[bytes]]] = {}

    def __call__(self, sender: Node, data: bytes) -> list[bytes]:
        if sender is not self.cheater:
            return [data]
        env = Envelope.decode(data)
        if self.last is not None:
            seq, prev = self.last.seq + 1, self.last.hash
            seen = list(env.seen)
            seen[self.seat] = (seq, prev)
            self.last = Envelope.decode(reseal(sender, data, seq=seq, prev=prev, seen=tuple(seen)))
            return [self.last.raw]
        if env.type != self.type_:
            return [data]
        self.count += 1
        if self.count != self.nth:
            return [data]
        self.before = {
            n.label: (n.engine.state_hash(), list(n.machine.record))
            for n in self.nodes
            if n is not sender
        }
        out = self.act(self.nodes, sender, data)
        self.last = Envelope.decode(out[-1])
        return out

    def assert_honest_nodes_unchanged(self) -> None:
        assert self.before, "the trap never fired"
        for node in self.nodes:
            if node is not self.cheater:
                assert (node.engine.state_hash(), node.machine.record) == self.before[node.label]


def value_at(d: int) -> Act:
    """The cheater's reveal of draw ``d`` with its own chain value for that draw."""
    return lambda ns, n, data: [
        reseal(n, data, type_="reveal", body=(d, chain_of(n, ns).value_for(d)))
    ]


def seen_with(data: bytes, seat: int, entry: tuple[int, bytes]) -> tuple[Any, ...]:
    seen = list(Envelope.decode(data).seen)
    seen[seat] = entry
    return tuple(seen)


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


# --- what a relay could have done --------------------------------------------------------


def outsider_copy(nodes: list[Node], node: Node, data: bytes) -> list[bytes]:
    env = Envelope.decode(data)
    forged = Envelope.seal(key("outsider"), env.type, env.game_id, 0, ZERO_HASH, env.body)
    return [forged.raw, data]


def version_one(nodes: list[Node], node: Node, data: bytes) -> list[bytes]:
    from protocol.codec import pack

    env = Envelope.decode(data)
    fields = [1, env.type, env.game_id, env.sender, env.seq, env.prev, env.body]
    assert node.machine.identity is not None
    old = pack([*fields, node.machine.identity.sign(b"goldnet/envelope/v1" + pack(fields))])
    return [old, data]


DROPS: dict[str, tuple[str, int, Act, str]] = {
    # name: (type, nth, what the relay delivers, reason) — all from seat 1 of 3
    "bad signature": (
        "action",
        2,
        lambda ns, n, d: [d[:-1] + bytes([d[-1] ^ 1]), d],
        "bad signature",
    ),
    "replayed envelope": ("reveal", 3, lambda ns, n, d: [d, d], "replayed envelope"),
    "replayed old envelope": (
        "action",
        3,
        lambda ns, n, d: [d, ns[1].machine.received[1]],
        "replayed envelope",
    ),
    "envelope of another game": (
        "action",
        1,
        lambda ns, n, d: [reseal(n, d, game_id=b"\x07" * 32), d],
        "another game",
    ),
    "forged sender outside the table": ("action", 1, outsider_copy, "not a member of this table"),
    "undecodable bytes": ("reveal", 2, lambda ns, n, d: [d[:40], d], "truncated"),
    "envelope of protocol version 1": ("reveal", 2, version_one, "protocol version 1"),
}


class Once:
    """A relay tamper acting once, on the ``nth`` envelope of ``type_`` sent by seat 1."""

    def __init__(self, nodes: list[Node], type_: str, nth: int, act: Act) -> None:
        self.nodes, self.type_, self.nth, self.act = nodes, type_, nth, act
        self.count = 0

    def __call__(self, sender: Node, data: bytes) -> list[bytes]:
        if sender is self.nodes[1] and Envelope.decode(data).type == self.type_:
            self.count += 1
            if self.count == self.nth:
                return self.act(self.nodes, sender, data)
        return [data]


@pytest.mark.parametrize("name", list(DROPS))
def test_what_a_relay_could_have_done_names_nobody_and_the_game_goes_on(name: str) -> None:
    type_, nth, act, reason = DROPS[name]
    prefix = f"drop{list(DROPS).index(name)}-"
    clean = played(3, prefix=prefix)
    nodes = make_nodes(3, prefix=prefix)
    once = Once(nodes, type_, nth, act)
    propose(nodes)
    relay(nodes, tamper=once)
    assert once.count >= nth
    for node in (nodes[0], nodes[2]):
        assert [e for e in node.errors if reason in e.reason], node.errors
        assert all(e.culprit is None for e in node.errors)
        assert node.machine.halted is None
    # Nothing was lost: the game finished exactly as without the interference (here even
    # byte for byte: every envelope reached every peer in the same order).
    for node, twin in zip(nodes, clean, strict=True):
        assert node.result == twin.result is not None
        assert node.machine.record == twin.machine.record


def hold_and_release(nodes: list[Node], who: int, type_: str, nth: int, after: int) -> Any:
    """A tamper holding back ``who``'s ``nth`` envelope of ``type_`` and delivering it after
    ``after`` more envelopes of any sender (a delay, hence a reorder); returns the tamper and
    what it held."""
    state: dict[str, Any] = {"count": 0, "held": None, "wait": after}

    def tamper(sender: Node, data: bytes) -> list[bytes]:
        out = [data]
        if sender is nodes[who] and Envelope.decode(data).type == type_:
            state["count"] += 1
            if state["count"] == nth:
                state["held"] = data
                return []
        if state["held"] is not None:
            state["wait"] -= 1
            if state["wait"] <= 0:
                out = [data, state["held"]]
                state["held"] = None
        return out

    return tamper, state


@pytest.mark.parametrize(("type_", "after"), [("reveal", 2), ("reveal", 7), ("action", 4)])
def test_a_delayed_and_reordered_envelope_names_nobody_and_changes_nothing(
    type_: str, after: int
) -> None:
    clean = played(3, prefix=f"delay{after}-")
    nodes = make_nodes(3, prefix=f"delay{after}-")
    tamper, state = hold_and_release(nodes, 1, type_, 3, after)
    propose(nodes)
    relay(nodes, tamper=tamper)
    if state["held"] is not None:  # the game stalled first: the relay lets it go at last
        for node in nodes[:1] + nodes[2:]:
            node.deliver(state["held"])
        state["held"] = None
        relay(nodes)
    assert state["count"] >= 3
    assert all(node.errors == [] and node.machine.halted is None for node in nodes)
    assert_same_game(nodes, clean)


def test_a_gap_waits_names_nobody_and_fills_when_the_envelope_comes() -> None:
    """Seat 1's reveal for draw 4 never reaches seat 0 while seat 1 goes on: its later
    envelopes are held behind the gap; nobody is named; the game goes on once it comes."""
    clean = played(2, prefix="gap-")
    nodes = make_nodes(2, prefix="gap-")
    held: list[bytes] = []

    def hold_back(sender: Node, data: bytes) -> list[bytes]:
        env = Envelope.decode(data)
        if sender is nodes[1] and env.type == "reveal" and env.body[0] == 4:
            held.append(data)
            return []
        return [data]

    propose(nodes)
    relay(nodes, tamper=hold_back)
    honest = nodes[0]
    assert len(held) == 1 and honest.errors == [] and honest.machine.halted is None
    assert honest.machine.draw == 3
    # Seat 1 went on (draw 4 was complete for it, then it played round 4): its action waits
    # behind the gap, and the game says whose envelope is missing.
    waiting = honest.machine.waiting()
    assert waiting is not None and (waiting.kind, waiting.seats) == ("envelope", (1,))
    honest.deliver(held[0])
    relay(nodes)
    assert honest.errors == [] and honest.result == clean[0].result is not None
    assert_same_game(nodes, clean)


def test_held_envelopes_behind_a_gap_say_what_is_missing() -> None:
    nodes = played(2, prefix="held-")
    record = nodes[0].machine.record
    late = Lockstep(None, toy_engines())
    late.receive(record[0])
    late.receive(record[1])  # seat 0's commit
    seat1 = [d for d in record if Envelope.decode(d).sender == nodes[1].key]
    for data in seat1[1:4]:
        late.receive(data)  # seat 1's commit (its envelope 0) is missing
    waiting = late.waiting()
    assert waiting is not None and (waiting.kind, waiting.seats) == ("envelope", (1,))
    late.receive(seat1[0])
    for data in record:
        try:
            late.receive(data)
        except RemoteProtocolError as exc:
            assert exc.culprit is None and "replayed" in exc.reason
    assert late.finished and late.record == record


def test_too_many_envelopes_ahead_of_a_gap_are_refused_naming_nobody() -> None:
    nodes = played(2, prefix="flood-", rounds=100)
    record = nodes[0].machine.record
    seat1 = [d for d in record if Envelope.decode(d).sender == nodes[1].key]
    late = Lockstep(None, toy_engines(100))
    late.receive(record[0])
    for data in seat1[1:65]:
        late.receive(data)
    with pytest.raises(RemoteProtocolError, match="too many envelopes") as info:
        late.receive(seat1[65])
    assert info.value.culprit is None and late.halted is None


# --- a copied commitment ------------------------------------------------------------------


@pytest.mark.parametrize("reveal", ["own", "copied"])
def test_a_copied_commitment_delivered_before_the_original_names_only_the_copier(
    reveal: str,
) -> None:
    """Seat 2 signs seat 1's commitment as its own, and the relay delivers seat 2's copy to
    seat 0 before seat 1's original. Equal commitments are not refused (that would let a relay
    choose whom to blame): the game starts, and the copier is named at its first reveal, which
    cannot link under its own key — whether it reveals its real chain or seat 1's value."""
    nodes = make_nodes(3, prefix=f"copy-{reveal}-")
    honest, original, copier = nodes
    held: list[bytes] = []

    def change(env: Envelope, data: bytes) -> bytes | None:
        if env.type == "commit":
            commitment = Envelope.decode(original.sent[0]).body[0]
            return reseal(copier, data, body=(commitment, 512))
        if env.type == "reveal" and reveal == "copied":
            value = chain_of(original, nodes).value_for(env.body[0])
            return reseal(copier, data, body=(env.body[0], value))
        return None

    def route(sender: Node, receiver: Node, data: bytes) -> list[bytes]:
        env = Envelope.decode(data)
        if receiver is honest and sender is original and env.type == "commit":
            held.append(data)
            return []
        if receiver is honest and sender is copier and env.type == "commit":
            return [data, *held]
        return [data]

    propose(nodes)
    relay(nodes, tamper=Rechain(copier, 2, change), route=route)
    assert held  # the original came after the copy
    copied = [Envelope.decode(d) for d in honest.machine.record[1:4]]
    assert copied[1].body[0] == copied[2].body[0]  # both commitments were taken
    for node in (honest, original):
        halted = node.machine.halted
        assert halted is not None and halted.culprit == copier.key
        assert "does not hash" in halted.reason and "draw 1" in halted.reason
        assert all(e.culprit in (None, copier.key) for e in node.errors)
        assert replay_halt(node).culprit == copier.key


# --- equivocation -------------------------------------------------------------------------


def test_two_envelopes_with_one_number_reaching_one_peer_prove_equivocation() -> None:
    nodes = make_nodes(2, prefix="twice-")

    def twice(sender: Node, data: bytes) -> list[bytes]:
        env = Envelope.decode(data)
        if sender is nodes[1] and env.type == "action" and env.seq == 6:
            return [data, reseal(sender, data, body=(env.body[0], ("take", 1)))]
        return [data]

    propose(nodes)
    relay(nodes, tamper=twice)
    halted = nodes[0].machine.halted
    assert isinstance(halted, Equivocation) and halted.culprit == nodes[1].key
    assert "two different envelopes with sequence number 6" in halted.reason
    first, second = (Envelope.decode(d) for d in halted.proof)
    assert first.seq == second.seq == 6 and first.sender == second.sender == nodes[1].key
    assert first.hash != second.hash
    # The evidence goes to the table, and a spectator reaches the same conclusion.
    forwarded = [e.data for e in nodes[0].events if isinstance(e, Forward)]
    assert set(halted.proof) <= set(forwarded)
    again = replay_halt(nodes[0])
    assert isinstance(again, Equivocation) and again.culprit == nodes[1].key


class SplitView:
    """A member (``cheater``) that signs two histories from its envelope ``seq`` on, and a
    relay that delivers one to the members of ``group_a`` and the other to everyone else,
    passing every other envelope — the ``Forward`` evidence included — unchanged (unless
    ``drop_evidence``). The second history is valid in itself: the same move with an older
    (true) digest, another legal move, or another first chain whose values it then reveals."""

    def __init__(
        self, nodes: list[Node], cheater: int, seq: int, group_a: set[int], drop_evidence: bool
    ) -> None:
        self.nodes = nodes
        self.cheater = nodes[cheater]
        self.seat = cheater
        self.seq = seq
        self.group_a = group_a
        self.drop_evidence = drop_evidence
        self.last_b: Envelope | None = None
        self.pairs: dict[bytes, bytes] = {}
        self.other_chain: OwnChain | None = None

    def fork(self, env: Envelope, data: bytes) -> bytes:
        if env.type == "commit":
            self.other_chain = OwnChain(
                seed(self.cheater.label, 99), env.game_id, env.sender, 0, 512
            )
            return reseal(self.cheater, data, body=(self.other_chain.commitment, 512))
        if env.type == "action" and env.body[1] != ("take", 1):
            return reseal(self.cheater, data, body=(env.body[0], ("take", 1)))
        # The same move with an older digest: one envelope fewer of the next seat.
        seen = list(env.seen)
        seat = (self.seat + 1) % len(seen)
        count = seen[seat][0]
        assert count > 0 and self.cheater.machine.history is not None
        older = (
            self.cheater.machine.history.envelope(seat, count - 2).hash if count > 1 else ZERO_HASH
        )
        seen[seat] = (count - 1, older)
        return reseal(self.cheater, data, seen=tuple(seen))

    def other_history(self, data: bytes) -> bytes:
        env = Envelope.decode(data)
        if env.seq < self.seq:
            self.pairs[data] = data
            return data
        if env.seq == self.seq:
            out = self.fork(env, data)
        else:
            assert self.last_b is not None
            seen = list(env.seen)
            seen[self.seat] = (env.seq, self.last_b.hash)
            body = env.body
            if env.type == "reveal" and self.other_chain is not None:
                body = (env.body[0], self.other_chain.value_for(env.body[0]))
            out = reseal(self.cheater, data, prev=self.last_b.hash, seen=tuple(seen), body=body)
        self.last_b = Envelope.decode(out)
        self.pairs[data] = out
        return out

    def route(self, sender: Node, receiver: Node, data: bytes) -> list[bytes]:
        index = self.nodes.index(receiver)
        if sender is self.cheater:
            if index in self.group_a:
                return [data]
            if data not in self.pairs:
                self.other_history(data)
            return [self.pairs[data]]
        if self.drop_evidence and Envelope.decode(data).sender == self.cheater.key:
            return []  # a Forward of one of the cheater's envelopes
        return [data]


@pytest.mark.parametrize(
    ("cheater", "seq", "type_"), [(1, 3, "action"), (0, 6, "reveal"), (2, 0, "commit")]
)
def test_a_consistent_equivocation_through_the_relay_names_only_the_equivocator(
    cheater: int, seq: int, type_: str
) -> None:
    """Three seats. One member signs two histories from one envelope on; the relay delivers one
    to one honest member and the other to the other, each consistent in itself. The honest
    members' next digests disagree, each forwards its own copy, and both halt naming the
    equivocator with its two envelopes as proof — never each other."""
    nodes = make_nodes(3, prefix=f"split{cheater}-")
    honest = [n for i, n in enumerate(nodes) if i != cheater]
    split = SplitView(nodes, cheater, seq, {nodes.index(honest[0])}, drop_evidence=False)
    propose(nodes)
    relay(nodes, route=split.route)
    original, other = next((a, b) for a, b in split.pairs.items() if a != b)
    assert Envelope.decode(original).type == type_ and Envelope.decode(other).seq == seq
    for node in honest:
        halted = node.machine.halted
        assert isinstance(halted, Equivocation), (node.label, node.errors, node.machine.waiting())
        assert halted.culprit == nodes[cheater].key
        assert "signed two histories" in halted.reason
        proof = [Envelope.decode(d) for d in halted.proof]
        assert {p.sender for p in proof} == {nodes[cheater].key}
        assert all(e.culprit in (None, nodes[cheater].key) for e in node.errors)
        # goldnet verify: a fresh spectator fed the halted peer's record and proof.
        again = replay_halt(node)
        assert isinstance(again, Equivocation) and again.culprit == nodes[cheater].key
    # Both honest members forwarded evidence.
    assert all(any(isinstance(e, Forward) for e in node.events) for node in honest)


@pytest.mark.xfail(
    strict=True,
    reason="known hole (docs/protocol.md §12): no digest follows a game's last envelope",
)
def test_an_equivocation_on_the_last_move_is_proven() -> None:
    """Seat 2 plays the game's last move, signed twice: one move for seat 0, another for seat
    1. No envelope follows it, so no digest ever compares the two: today both honest members
    finish — with different results — and nobody is named. This test says what should
    happen, and fails until the protocol closes a game with an exchange of digests."""
    last = Envelope.decode(played(3, prefix="last-move-")[2].sent[-1])
    assert last.type == "action"  # seat 2 plays round 12, the game's last move
    nodes = make_nodes(3, prefix="last-move-")
    split = SplitView(nodes, 2, last.seq, {0}, drop_evidence=False)
    propose(nodes)
    relay(nodes, route=split.route)
    assert nodes[0].result != nodes[1].result  # what happens today: two results
    for node in nodes[:2]:
        halted = node.machine.halted
        assert isinstance(halted, Equivocation) and halted.culprit == nodes[2].key


def test_an_equivocation_whose_evidence_the_relay_drops_only_waits() -> None:
    """The relay keeps the two histories apart and drops the forwarded evidence: nobody can
    prove anything, so nobody is named; the game waits for the proof (and can only end
    abandoned, see test_abandon.py)."""
    nodes = make_nodes(3, prefix="nodrop-")
    split = SplitView(nodes, 1, 4, {0}, drop_evidence=True)
    propose(nodes)
    relay(nodes, route=split.route)
    kinds = []
    for node in nodes:
        assert node.machine.halted is None
        assert all(e.culprit is None for e in node.errors)
        waiting = node.machine.waiting()
        assert waiting is not None
        kinds.append((waiting.kind, waiting.seats))
    # The member that holds the other history waits for the proof about seat 1; the other
    # honest member waits for the reveals that member can no longer send.
    assert ("proof", (1,)) in kinds


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


# --- any relay behaviour ----------------------------------------------------------------------


CLEAN = played(3, prefix="chaos-", rounds=6)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_mix_of_drops_delays_reorders_and_replays_names_nobody(data: st.DataObject) -> None:
    """Per receiver, the relay delivers, delays (reorders), duplicates, replays an old envelope
    or drops one (sent again later). Then it delivers honestly. Nobody is ever named, nobody
    halts, and the game ends exactly as without the relay's interference."""
    nodes = make_nodes(3, prefix="chaos-", rounds=6)
    links: dict[tuple[int, int], list[bytes]] = {(a, b): [] for a in range(3) for b in range(3)}
    delivered: dict[int, list[bytes]] = {b: [] for b in range(3)}
    lost: list[tuple[int, bytes]] = []

    def pump() -> None:
        for a, node in enumerate(nodes):
            while node.outbox:
                item = node.outbox.popleft()
                for b in range(3):
                    if b != a:
                        links[a, b].append(item)

    propose(nodes)
    pump()
    for _ in range(data.draw(st.integers(20, 200))):
        busy = [k for k, q in links.items() if q]
        if not busy:
            break
        a, b = data.draw(st.sampled_from(busy))
        queue = links[a, b]
        op = data.draw(
            st.sampled_from(["deliver", "deliver", "deliver", "reorder", "dup", "replay", "drop"])
        )
        if op == "reorder":
            item = queue.pop(data.draw(st.integers(0, len(queue) - 1)))
        elif op == "drop":
            lost.append((b, queue.pop(0)))
            continue
        elif op == "replay" and delivered[b]:
            item = data.draw(st.sampled_from(delivered[b]))
        else:
            item = queue.pop(0) if op != "dup" else queue[0]
        nodes[b].deliver(item)
        delivered[b].append(item)
        pump()
    for b, item in lost:  # what was dropped is sent again
        nodes[b].deliver(item)
    pump()
    for _ in range(10_000):
        busy = [k for k, q in links.items() if q]
        if not busy:
            break
        a, b = busy[0]
        nodes[b].deliver(links[a, b].pop(0))
        pump()
    for node in nodes:
        assert all(e.culprit is None for e in node.errors), node.errors
        assert node.machine.halted is None
    assert_same_game(nodes, CLEAN)
