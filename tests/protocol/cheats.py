"""Cheating members and misbehaving relays for the blame tests: tampers a relay or a member
applies to envelopes in flight, and checks of what the honest peers kept."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from protocol.beacon import OwnChain
from protocol.envelope import ZERO_HASH, Envelope
from protocol.errors import LocalProtocolError, RemoteProtocolError
from protocol.lockstep import Applied, Drawn, Lockstep

from .toy import Node, reseal, seed, spectate, toy_engines

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
    record = node.machine.full_record()
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


def seen_with(data: bytes, seat: int, entry: tuple[int, bytes]) -> tuple[Any, ...]:
    seen = list(Envelope.decode(data).seen)
    seen[seat] = entry
    return tuple(seen)


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
