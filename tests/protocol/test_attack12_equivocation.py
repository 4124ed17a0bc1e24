"""Issue 12, equivocation in the deal (docs/protocol.md §7, docs/deck.md §11): a member signs two
different deck messages for one slot (one sequence number) and a relay on its side shows each
to different peers.

- Two shuffles: the peers reveal the challenge draw with digests that disagree; the dispute
  forwards each copy, and the two envelopes prove two histories: the shuffler is named, by
  every honest peer and the spectator, and nobody else.
- Two sealed shares of one peek — a right box to everyone but the recipient, a garbage box to
  the recipient — to frame the honest recipient: its accusation would be a false one at peers
  holding the right box. It never is judged there: the accusation's digest disagrees with
  theirs, so they wait for proof, and the proof (the two boxes) names the sender. With the
  relay also dropping every forwarded copy, nobody is named at all where the proof is missing
  (a relay's doing), and the honest recipient — never.
"""

from __future__ import annotations

import pytest

from goldnet.harness import Peer
from goldnet.records import verify
from protocol.envelope import Envelope
from protocol.identity import Identity
from tests.forge import resign

from .attack12 import SplitRelay, honest, is_forward, key_of, named
from .dealt import dealt_table, types

pytestmark = pytest.mark.usefixtures("cards_game")

CHEAT = 1


class Fork:
    """The relay of a member (seat :data:`CHEAT`) that signed a second ``type_`` envelope:
    ``others`` (peer indices) get the second one, everyone else the first; with
    ``drop_evidence``, no forwarded copy reaches anyone."""

    def __init__(
        self, type_: str, others: set[int], *, to: int | None = None, drop_evidence: bool = False
    ) -> None:
        self.type_, self.others, self.to, self.drop_evidence = type_, others, to, drop_evidence
        self.peers: list[Peer] = []
        self.first: bytes | None = None
        self.second: bytes | None = None

    def fork(self, data: bytes) -> bytes:
        env = Envelope.decode(data)
        identity = self.peers[CHEAT].machine.identity
        assert isinstance(identity, Identity)
        if env.type == "shuffle":  # another shuffle, valid in itself: shadows in another order
            decks, shadows = env.body
            return resign(identity, data, body=(decks, shadows[::-1]))
        deck, card, to, ephemeral, proof, _box = env.body  # a sealed share: a garbage box
        return resign(identity, data, body=(deck, card, to, ephemeral, proof, bytes(48)))

    def __call__(self, sender: int, receiver: int, data: bytes) -> bytes | None:
        if is_forward(self.peers, sender, data):
            return None if self.drop_evidence else data
        if sender != CHEAT:
            return data
        env = Envelope.decode(data)
        if (
            self.first is None
            and env.type == self.type_
            and (self.to is None or env.body[2] == self.to)
        ):
            self.first, self.second = data, self.fork(data)
        if data == self.first and receiver in self.others:
            return self.second
        return data


def run(label: str, fork: Fork) -> tuple[list[Peer], Peer]:
    _, peers, watcher = dealt_table(label, 3)  # started: the table is in its creator's outbox
    fork.peers = peers
    relay = SplitRelay(peers, spectators=[watcher], route=fork)
    relay.run()
    assert fork.first is not None
    return peers, watcher


def test_two_shuffles_for_one_slot_name_the_shuffler_on_its_two_signatures() -> None:
    fork = Fork("shuffle", {2, 3})  # peer 2 and the spectator (index 3) get the second
    peers, watcher = run("two-shuffles", fork)
    for peer in [*honest(peers, CHEAT), watcher]:
        assert named(peer) == key_of(peers[CHEAT]), peer.machine.waiting()
        halted = peer.machine.halted
        assert halted is not None and "two histories" in halted.reason
        record = peer.machine.full_record()
        # The proof: both shuffles, or the second and the shuffler's next envelope, which
        # follows the first.
        assert fork.second in record
        assert fork.first in record or "does not follow" in halted.reason
        checked = verify(record)
        assert checked.ending == "halted" and checked.culprit == key_of(peers[CHEAT])


@pytest.mark.parametrize("drop_evidence", [False, True], ids=["evidence", "no-evidence"])
def test_two_sealed_shares_for_one_slot_never_frame_the_recipient(drop_evidence: bool) -> None:
    """Seat 1 shows the recipient (seat 2) a garbage box and everyone else the right one."""
    fork = Fork("sealed-share", {2}, to=2, drop_evidence=drop_evidence)
    peers, watcher = run(f"two-boxes/{drop_evidence}", fork)
    recipient = peers[2]
    # The recipient holds the garbage box: its accusation names the sender, at its own machine.
    assert named(recipient) == key_of(peers[CHEAT])
    assert "accusation" in types(recipient.machine.received)
    for peer in (peers[0], watcher):
        assert named(peer) != key_of(recipient)  # never the honest recipient
        assert all(e.culprit != key_of(recipient) for e in peer.errors)
        if drop_evidence:  # the proof never came: a relay's doing names nobody
            assert peer.machine.halted is None
            waiting = peer.machine.waiting()
            assert waiting is not None and waiting.kind == "proof"
        else:
            assert named(peer) == key_of(peers[CHEAT]), peer.machine.waiting()
            halted = peer.machine.halted
            assert halted is not None and "two histories" in halted.reason
            checked = verify(peer.machine.full_record())
            assert checked.culprit == key_of(peers[CHEAT])
