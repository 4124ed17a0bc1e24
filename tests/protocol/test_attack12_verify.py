"""Issue 12, records crafted for ``goldnet verify`` and tables proposed below the issue's minimum
(docs/protocol.md §4.1, §6.1; docs/deck.md §11 "Records").

- ``k`` lowered by a proposer: a table of Golden City with ``shadows`` 19 (signed, its game id
  right), with ``shadows`` true or nil, or with no ``shadows`` at all — refused by a member's
  machine (nobody named: a refused table is as if it had not come) and by ``verify``, whose
  command prints one line and exits 1;
- a member that rewrites its own shuffle in a finished record (a substituted card, its own
  later envelopes signed again to follow it): the other members' digests no longer agree, the
  record is invalid — never a finished game;
- envelopes dressed as every member's audit appended to a halted record — which would let the
  verifier skip the shuffle answers' shadows and the lock proofs, relying on audits it never
  gets to check — do not change the verdict: the record still proves its cheater.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest

from goldnet.binding import make_engine
from goldnet.records import InvalidRecord, verify, write
from protocol.codec import pack
from protocol.deck_group import card_point, mul
from protocol.deck_messages import Lock
from protocol.deck_own import OwnDeck
from protocol.envelope import ZERO_HASH, Envelope
from protocol.errors import LocalProtocolError, RemoteProtocolError
from protocol.identity import Identity
from protocol.lockstep import Lockstep, Phase
from protocol.messages import TABLE_TAG
from tests.forge import resign

from ..processes import goldnet
from .dealt import dealt_table, types

pytestmark = pytest.mark.usefixtures("cards_game")

CHEAT = 1
KEYS = [Identity(hashlib.sha256(b"attack12/verify/%d" % i).digest()) for i in range(3)]


def table_envelope(*extra: Any, game: str = "golden-city") -> bytes:
    """A table signed by its first member, its game id the hash of its body (``extra``: the
    fields after ``abandon_after``)."""
    members = tuple(k.public for k in KEYS)
    body = (game, (), members, ("a", "b", "c"), b"attack12 nonce..", 600, *extra)
    game_id = hashlib.sha256(pack([TABLE_TAG, *body])).digest()
    return Envelope.seal(KEYS[0], "table", game_id, 0, ZERO_HASH, body).raw


@pytest.mark.parametrize(
    ("extra", "why"),
    [
        ((19,), "shadows"),
        ((True,), "shadows"),
        ((None,), "shadows"),
        ((), "a game with cards names its shuffle proofs"),
    ],
    ids=["19", "true", "nil", "none"],
)
def test_a_table_below_the_minimum_is_refused_by_members_and_verify(
    extra: tuple[Any, ...], why: str, tmp_path: Path
) -> None:
    data = table_envelope(*extra)
    member = Lockstep(KEYS[1], make_engine, entropy=lambda n: bytes(n))
    with pytest.raises(RemoteProtocolError, match=why) as caught:
        member.receive(data)
    assert caught.value.culprit is None and member.halted is None
    assert member.phase is Phase.TABLE and member.table is None
    assert member.next_event().__class__.__name__ == "NeedData"  # nothing sent: no commit
    with pytest.raises(InvalidRecord, match=why):
        verify([data])
    path = tmp_path / "low.goldnet"
    write(path, [data])
    result = goldnet("verify", str(path), timeout=60)
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "INVALID" in lines[0] and why in lines[0]
    assert "Traceback" not in result.stderr + result.stdout


def test_a_proposer_cannot_propose_below_the_minimum() -> None:
    proposer = Lockstep(KEYS[0], make_engine, entropy=lambda n: bytes(n))
    members = tuple(k.public for k in KEYS)
    for shadows in (19, 0, 65):
        with pytest.raises(LocalProtocolError, match="shadows"):
            proposer.propose(
                "golden-city", (), members, ("a", "b", "c"), b"x" * 16, shadows=shadows
            )
    assert proposer.table is None and proposer.next_event().__class__.__name__ == "NeedData"


def test_a_shuffle_rewritten_in_a_finished_record_never_verifies_as_finished() -> None:
    harness, peers, _ = dealt_table("rewritten", 3)
    harness.run()
    record = list(peers[0].machine.record)
    assert verify(record).ending == "over"
    identity = peers[CHEAT].machine.identity
    assert identity is not None
    envelopes = [Envelope.decode(d) for d in record]
    mine = [i for i, e in enumerate(envelopes) if e.sender == identity.public]
    at = next(i for i in mine if envelopes[i].type == "shuffle")
    decks, shadows = envelopes[at].body
    foreign = mul(bytes([3]) + bytes(31), card_point(bytes(32), "cards", 0))
    forged = list(record)
    forged[at] = resign(
        identity, record[at], body=(((foreign, *decks[0][1:]), *decks[1:]), shadows)
    )
    last = Envelope.decode(forged[at])
    for i in (i for i in mine if i > at):  # its own later envelopes follow the forged one
        env = envelopes[i]
        seen = list(env.seen)
        seen[CHEAT] = (env.seq, last.hash)
        forged[i] = resign(identity, record[i], prev=last.hash, seen=tuple(seen))
        last = Envelope.decode(forged[i])
    try:
        checked = verify(forged)
    except InvalidRecord:
        return  # the others' digests name the true shuffle: no position for the forged one
    assert checked.ending == "halted" and checked.culprit == identity.public


def test_audits_dressed_onto_a_halted_record_do_not_change_its_verdict(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seat 1's lock swaps two locked cards: named at its lock. Envelopes that look like every
    member's audit (types and senders right, signatures not) appended to the record would turn
    the proofs off; the verdict must stay."""
    real = OwnDeck.lock

    def swapped(self: OwnDeck) -> Lock:
        honest = real(self)
        if self.seat != CHEAT:
            return honest
        first = honest.decks[0]
        return Lock(
            ((first[1], first[0], *first[2:]), *honest.decks[1:]), honest.keys, honest.proofs
        )

    monkeypatch.setattr(OwnDeck, "lock", swapped)
    harness, peers, _ = dealt_table("dressed", 3)
    harness.run()
    record = peers[0].machine.full_record()
    cheater = peers[CHEAT].machine.identity
    assert cheater is not None
    checked = verify(record)
    assert checked.ending == "halted" and checked.culprit == cheater.public
    game_id = peers[0].machine.game_id
    fakes = []
    for peer in peers:
        identity = peer.machine.identity
        assert identity is not None
        fake = Envelope.seal(identity, "deck-audit", game_id, 99, ZERO_HASH, ())
        fakes.append(fake.raw[:-64] + bytes(64))  # its signature wiped: nobody signed it
    assert "deck-audit" not in types(record)
    try:
        again = verify([*record, *fakes])
    except InvalidRecord:
        pytest.fail("audits nobody signed turned a proven cheat into an invalid record")
    assert again.ending == "halted" and again.culprit == cheater.public
    assert again.reason == checked.reason
