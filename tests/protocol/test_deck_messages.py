"""The deck's messages refuse what is malformed (protocol/deck_messages.py): invalid points
(the identity, small-order and mixed-order points, non-canonical encodings, values off the
curve), non-canonical scalars, broken shapes — and a deal turns each into a fault naming the
member that sent it, never a crash."""

from __future__ import annotations

from typing import Any

import nacl.bindings as sodium
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol.deck import DeckFault
from protocol.deck_group import GENERATOR, ORDER, hash_scalar, is_point, is_scalar
from protocol.deck_messages import (
    BODIES,
    Accusation,
    BrokenCard,
    CardShare,
    DeckAudit,
    DeckKey,
    Lock,
    Opening,
    SealedShare,
    Shuffle,
    parse,
)
from protocol.errors import LocalProtocolError
from protocol.messages import MessageError

from .deck_table import run_deal, table

P = 2**255 - 19
TORSION_8 = bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05")


def _off_curve() -> bytes:
    """The first ``y`` from 2 that is the y-coordinate of no curve point."""
    for y in range(2, 100):
        candidate = y.to_bytes(32, "little")
        try:
            sodium.crypto_core_ed25519_add(candidate, GENERATOR)
        except Exception:
            return candidate
    raise AssertionError("no off-curve y below 100")


VALID = sodium.crypto_core_ed25519_from_uniform(bytes(range(32)))
INVALID_POINTS = {
    "identity": (1).to_bytes(32, "little"),
    "order 4 (y = 0)": bytes(32),
    "order 2 (y = -1)": (P - 1).to_bytes(32, "little"),
    "order 8": TORSION_8,
    "mixed order": bytes(sodium.crypto_core_ed25519_add(VALID, TORSION_8)),
    "non-canonical y = p + 1": (P + 1).to_bytes(32, "little"),
    "non-canonical y = p": P.to_bytes(32, "little"),
    "identity with the sign bit": (1 + (1 << 255)).to_bytes(32, "little"),
    "off the curve": _off_curve(),
    "31 bytes": VALID[:31],
    "text": "x" * 32,
}
INVALID_SCALARS = {
    "zero": bytes(32),
    "the order": ORDER.to_bytes(32, "little"),
    "order + 1": (ORDER + 1).to_bytes(32, "little"),
    "all ones": b"\xff" * 32,
    "33 bytes": hash_scalar(1) + b"\0",
}


def test_the_valid_point_is_valid_and_the_invalid_ones_are_not() -> None:
    assert is_point(VALID) and is_point(GENERATOR)
    for name, value in INVALID_POINTS.items():
        assert not is_point(value), name
    assert is_scalar(hash_scalar(1))
    for name, value in INVALID_SCALARS.items():
        assert not is_scalar(value), name


@pytest.mark.parametrize("name", sorted(INVALID_POINTS))
def test_every_message_refuses_an_invalid_point(name: str) -> None:
    bad = INVALID_POINTS[name]
    proof = bytes(64)
    box = bytes(48)
    cases: list[tuple[type[Any], tuple[Any, ...]]] = [
        (DeckKey, (bad, proof)),
        (Shuffle, (((VALID, bad),), (bytes(32),) * 20)),
        (Lock, (((bad,),), ((VALID,),), ((proof,),))),
        (Lock, (((VALID,),), ((bad,),), ((proof,),))),
        (SealedShare, ("hill", 0, 1, bad, proof, box)),
        (Accusation, ("hill", 0, 1, bad, proof)),
    ]
    for cls, body in cases:
        with pytest.raises(MessageError, match="valid point"):
            cls.from_body(body)


@pytest.mark.parametrize("name", sorted(INVALID_SCALARS))
def test_every_message_refuses_a_non_canonical_scalar(name: str) -> None:
    bad = INVALID_SCALARS[name]
    perms = ((0, 1),)
    with pytest.raises(MessageError, match="scalar"):
        CardShare("hill", 0, bad)
    with pytest.raises(MessageError, match="scalar"):
        Opening(bad, perms)
    with pytest.raises(MessageError, match="scalar"):
        DeckAudit(bad, perms, ((hash_scalar(1), hash_scalar(2)),))
    with pytest.raises(MessageError, match="scalar"):
        DeckAudit(hash_scalar(1), perms, ((hash_scalar(1), bad),))


@pytest.mark.parametrize(
    ("kind", "body", "match"),
    [
        ("deck-key", (VALID,), "body is"),
        ("deck-key", [VALID, bytes(64)], "body is"),
        ("deck-key", (VALID, bytes(63)), "64 bytes"),
        ("shuffle", ((), (bytes(32),) * 20), "1 to 8 decks"),
        ("shuffle", (((VALID,),), (bytes(32),) * 19), "20 to 64 shadows"),
        ("shuffle", (((VALID,),), (bytes(31),) * 20), "32-byte hash"),
        ("shuffle", ((((VALID,),),), (bytes(32),) * 20), "valid point"),
        ("shuffle-answer", ((),), "20 to 64"),
        ("shuffle-answer", (((hash_scalar(1), ((0, 0),)),) * 20,), "permutation"),
        ("shuffle-answer", (((hash_scalar(1), ((1, 2),)),) * 20,), "permutation"),
        ("shuffle-answer", (((hash_scalar(1),),) * 20,), "opening is"),
        ("lock", (((VALID,),), ((VALID,), (VALID,)), ((bytes(64),),)), "one key per card"),
        ("lock", (((VALID,),), ((VALID,),), ((bytes(63),),)), "64 bytes"),
        ("card-share", ("", 0, hash_scalar(1)), "names its deck"),
        ("card-share", ("hill", -1, hash_scalar(1)), "names a card"),
        ("card-share", ("hill", True, hash_scalar(1)), "names a card"),
        ("sealed-share", ("hill", 0, 6, VALID, bytes(64), bytes(48)), "seat 0 to 5"),
        ("sealed-share", ("hill", 0, 1, VALID, bytes(64), bytes(47)), "48 bytes"),
        ("sealed-share", ("hill", 0, 1, VALID, bytes(63), bytes(48)), "proof is 64 bytes"),
        ("sealed-share", ("hill", 0, 1, VALID, bytes(48)), "body is"),
        ("broken-card", ("hill",), "body is"),
        ("broken-card", ("", 0), "names its deck"),
        ("broken-card", ("hill", 256), "names a card"),
        ("deck-audit", (hash_scalar(1), ((0,),), ((hash_scalar(1),), (hash_scalar(1),))), "ratio"),
        ("no-such-kind", (), "no deck message type"),
    ],
)
def test_a_malformed_body_names_its_sender(kind: str, body: Any, match: str) -> None:
    deal = table(3)[0].deal
    with pytest.raises(MessageError, match=match):
        parse(kind, body)
    with pytest.raises(DeckFault, match=match) as caught:
        deal.take_body(2, kind, body)
    assert caught.value.seat == 2 and caught.value.culprit == deal.members[2]


def test_bodies_round_trip() -> None:
    peers = table(2)
    run_deal(peers)
    deal = peers[0].deal
    messages = [peers[0].own.deck_key(), deal.shuffles[1], deal.answers[0], deal.locks[1]]
    messages += [peers[1].own.share("hill", 0), peers[1].own.sealed_share("hill", 0, 0)]
    messages += [BrokenCard("hill", 3)]
    for message in messages:
        assert type(message).from_body(message.body()) == message  # type: ignore[union-attr]
    assert set(BODIES) == {
        "deck-key",
        "shuffle",
        "shuffle-answer",
        "lock",
        "card-share",
        "sealed-share",
        "accusation",
        "broken-card",
        "deck-audit",
    }


_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**64 - 1)
    | st.text(max_size=8)
    | st.binary(max_size=64)
    | st.sampled_from([VALID, GENERATOR, hash_scalar(1), *INVALID_POINTS.values()]),
    lambda inner: st.lists(inner, max_size=4).map(tuple),
    max_leaves=24,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(sorted(BODIES)), body=_values, seat=st.integers(0, 2))
def test_a_hostile_body_never_crashes_a_deal(kind: str, body: Any, seat: int) -> None:
    """Whatever a member sends, a deal raises a fault naming it or keeps it as not due."""
    deal = table(3)[0].deal
    try:
        deal.take_body(seat, kind, body)
    except DeckFault as exc:
        assert exc.seat == seat
    except LocalProtocolError:
        pass
