"""Helpers of the issue-12 attack tests (``test_attack12_*.py``): a relay that shows different
bytes to different peers, a cheater that re-signs one of its envelopes in flight, and checks of
who is named.

The tables are those of :func:`tests.protocol.dealt.dealt_table`: three random bots of the test
card game with private peeks (or Golden City) and a spectator, in memory."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from goldnet.harness import Harness, Peer
from protocol.envelope import Envelope
from protocol.identity import Identity
from tests.forge import resign

Route = Callable[[int, int, bytes], bytes | None]
"""``route(sender, receiver, data)``: what the relay hands ``receiver`` (a peer index, the
spectators after the members) of ``sender``'s envelope; ``None`` drops it for that receiver."""


class SplitRelay(Harness):
    """A :class:`~goldnet.harness.Harness` whose relay may hand each receiver other bytes
    (``route``): what a relay does with a member that signs two envelopes with one number."""

    def __init__(self, peers: list[Peer], *, spectators: list[Peer], route: Route) -> None:
        super().__init__(peers, spectators=spectators)
        self.route = route

    def run(self, max_rounds: int = 1_000_000) -> None:
        for _ in range(max_rounds):
            sender = next((i for i, p in enumerate(self.peers) if p.outbox), None)
            if sender is None:
                return
            data = self.peers[sender].outbox.popleft()
            self.log.append((sender, data))
            for i, peer in enumerate(self.peers + self.spectators):
                if i == sender:
                    continue
                out = self.route(sender, i, data)
                if out is not None:
                    self.deliver(peer, out)
        raise RuntimeError("the harness passed its round limit")


def is_forward(peers: list[Peer], sender: int, data: bytes) -> bool:
    """Whether ``data`` sent by peer ``sender`` is a copy of another member's envelope (the
    evidence of a dispute), not one of its own."""
    identity = peers[sender].identity
    return identity is None or Envelope.decode(data).sender != identity.public


class Resigned:
    """The cheater at seat ``cheat`` re-signs its ``nth`` envelope of type ``type_`` with the
    fields ``change(env, peers)`` gives (see :func:`tests.forge.resign`); with ``silent``, it
    sends nothing after it (its history stays one history)."""

    def __init__(
        self,
        cheat: int,
        type_: str,
        change: Callable[[Envelope, list[Peer]], dict[str, Any]],
        *,
        nth: int = 1,
        silent: bool = True,
    ) -> None:
        self.cheat, self.type_, self.change = cheat, type_, change
        self.nth, self.silent = nth, silent
        self.peers: list[Peer] = []
        self.count = 0
        self.done = False

    def __call__(self, sender: int, data: bytes) -> bytes | None:
        if sender != self.cheat:
            return data
        if self.done:
            return None if self.silent else data
        env = Envelope.decode(data)
        if env.type != self.type_:
            return data
        self.count += 1
        if self.count < self.nth:
            return data
        self.done = True
        identity = self.peers[self.cheat].machine.identity
        assert isinstance(identity, Identity)
        return resign(identity, data, **self.change(env, self.peers))


def honest(peers: list[Peer], cheat: int) -> list[Peer]:
    return [p for i, p in enumerate(peers) if i != cheat]


def named(peer: Peer) -> bytes | None:
    """Whom ``peer`` named (the culprit of its halt), if anyone."""
    halted = peer.machine.halted
    return None if halted is None else halted.culprit


def key_of(peer: Peer) -> bytes:
    identity = peer.machine.identity
    assert identity is not None
    return identity.public
