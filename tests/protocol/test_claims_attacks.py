"""Attacks on claims (docs/protocol.md §4.3, §6, §8): a modified client signing non-canonical
or illegal claims, a relay reordering, dropping, replaying or corrupting reveals that carry
claims, and a spectator replaying the record. Driven with the toy game's tokens (``toy.py``).
"""

from __future__ import annotations

from typing import Any

import pytest

from protocol.envelope import Envelope
from protocol.events import Claimed
from protocol.messages import MAX_CLAIMS, MessageError, Reveal
from tests.forge import mutate

from .cheats import replay_halt
from .toy import (
    Node,
    make_nodes,
    propose,
    relay,
    reseal,
    scrambled_relay,
    spectate,
    watcher,
)

V = b"\x11" * 32


def is_reveal(data: bytes, draw: int | None = None) -> bool:
    env = Envelope.decode(data)
    return env.type == "reveal" and (draw is None or env.body[0] == draw)


def claims_seen(node: Node) -> list[Claimed]:
    return [e for e in node.events if isinstance(e, Claimed)]


def assert_agree(nodes: list[Node], tokens: dict[int, int]) -> None:
    """Every node finished without naming anybody, on one state, with ``tokens``."""
    for node in nodes:
        assert node.machine.finished and node.machine.halted is None
        assert all(e.culprit is None for e in node.errors)
        assert node.engine.tokens == tokens
    assert len({n.engine.state_hash() for n in nodes}) == 1
    assert len({tuple(n.machine.record) for n in nodes}) == 1


def forged_at_draw_3(cheat: int, claims: Any, n: int = 3) -> list[Node]:
    """``n`` seats; seat ``cheat`` signs its reveal for draw 3 as a five-element body with
    ``claims`` (whatever it is). Seat 0 makes an honest claim of token 6 in draw 3 too."""
    nodes = make_nodes(n)
    if cheat != 0:
        nodes[0].plan = {2: [("token", 6)]}

    def tamper(sender: Node, data: bytes) -> list[bytes]:
        if Envelope.decode(data).sender == nodes[cheat].key and is_reveal(data, 3):
            body = Envelope.decode(data).body
            return [reseal(sender, data, body=(*body[:2], None, 0, claims))]
        return [data]

    propose(nodes)
    relay(nodes, tamper=tamper)
    return nodes


def assert_only_named(nodes: list[Node], cheat: int, reason: str) -> None:
    for i, node in enumerate(nodes):
        if i == cheat:
            continue
        halted = node.machine.halted
        assert halted is not None, f"seat {i} did not halt"
        assert halted.culprit == nodes[cheat].key, f"seat {i} named the wrong member"
        assert reason in halted.reason
        # No claim of the faulty draw applied (neither the cheat's nor an honest one).
        assert node.engine.tokens == {}
        assert all(e.culprit in (None, nodes[cheat].key) for e in node.errors)
    assert replay_halt(nodes[(cheat + 1) % len(nodes)]).culprit == nodes[cheat].key


# --- (a) non-canonical claim forms from a modified client ------------------------------------


@pytest.mark.parametrize(
    ("claims", "reason"),
    [
        ((), "without claims"),  # five elements, no claims
        ("token", "in an array"),  # claims not an array
        (5, "in an array"),
        ((("token", 1),) * 0 + ("token", 1), "a claim is an array"),  # a claim not a tuple
        ((("token", 1), b"x"), "a claim is an array"),
        ((("token", 1), 7), "a claim is an array"),
        (tuple(("token", i % 10) for i in range(MAX_CLAIMS + 1)), "at most"),
        (tuple(("token", 0) for _ in range(64)), "at most"),
    ],
)
@pytest.mark.parametrize("cheat", [0, 2])
def test_a_non_canonical_claims_element_is_malformed_and_names_its_signer(
    claims: Any, reason: str, cheat: int
) -> None:
    nodes = forged_at_draw_3(cheat, claims)
    assert_only_named(nodes, cheat, "malformed reveal")
    assert reason in nodes[(cheat + 1) % 3].machine.halted.reason  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "body",
    [
        (3, V, None, 0, (("token", 1), ("token", 1))),
        (3, V, None, 0, (("token", 1), ("token", 2), ("token", 1))),
    ],
)
def test_duplicate_claims_in_one_reveal_are_not_a_second_encoding(body: tuple[Any, ...]) -> None:
    """A reveal listing one claim twice has the same effect as listing it once: two encodings
    of one reveal. An honest client never signs it (``claim`` refuses a pending claim), so the
    only canonical reading is to refuse it as malformed."""
    with pytest.raises(MessageError):
        Reveal.from_body(body)


def test_a_duplicate_claim_signed_by_a_member_is_its_fault() -> None:
    nodes = forged_at_draw_3(2, (("token", 1), ("token", 1)))
    assert_only_named(nodes, 2, "malformed reveal")


@pytest.mark.parametrize(
    "body",
    [
        (3, V, None, 0, ((),)),  # an empty claim array is well-formed, but no toy claim
        (3, V, None, 0, (("token", 1),), None),
        (3, V, None, 0),
    ],
)
def test_odd_but_well_formed_or_malformed_bodies_parse_as_the_spec_says(
    body: tuple[Any, ...],
) -> None:
    if len(body) == 5:
        assert Reveal.from_body(body).claims == ((),)
    else:
        with pytest.raises(MessageError):
            Reveal.from_body(body)


def test_an_empty_claim_is_an_illegal_claim_of_its_signer() -> None:
    nodes = forged_at_draw_3(1, ((),))
    assert_only_named(nodes, 1, "illegal claim () at draw 3")


# --- (b) a malicious relay ------------------------------------------------------------------


def contest(n: int = 4) -> list[Node]:
    """``n`` seats, quiet at seat 1's first turn (seat 1 away); every seat then claims token 5
    and seat i token i too: the claims ride in everyone's reveal for draw 3. Seat 1 has played
    when this returns; its action is in its outbox for the relay under test."""
    nodes = make_nodes(n)
    nodes[1].idle = True
    propose(nodes)
    relay(nodes)
    assert all(node.machine.draw == 2 for node in nodes)
    for i, node in enumerate(nodes):
        node.machine.claim(("token", 5))
        node.machine.claim(("token", i))
    nodes[1].idle = False
    roll = nodes[1].engine.roll
    assert roll is not None
    nodes[1].machine.send(("take", roll))
    nodes[1].drain()
    return nodes


EXPECTED = {5: 0, 0: 0, 1: 1, 2: 2, 3: 3}


def test_the_honest_contest() -> None:
    nodes = contest()
    relay(nodes)
    assert_agree(nodes, EXPECTED)
    for node in nodes:
        assert [(e.seat, e.claim, e.applied) for e in claims_seen(node)] == [
            (0, ("token", 5), True),
            (0, ("token", 0), True),
            (1, ("token", 5), False),
            (1, ("token", 1), True),
            (2, ("token", 5), False),
            (2, ("token", 2), True),
            (3, ("token", 5), False),
            (3, ("token", 3), True),
        ]
        assert all(e.draw == 3 for e in claims_seen(node))


@pytest.mark.parametrize("shuffle", range(6))
def test_a_scrambling_relay_changes_nothing(shuffle: int) -> None:
    nodes = contest()
    scrambled_relay(nodes, b"attack/%d" % shuffle)
    assert_agree(nodes, EXPECTED)


def test_a_relay_replaying_reveals_with_claims_changes_nothing() -> None:
    nodes = contest()

    def tamper(sender: Node, data: bytes) -> list[bytes]:
        return [data, data, data] if is_reveal(data) else [data]

    relay(nodes, tamper=tamper)
    assert_agree(nodes, EXPECTED)
    assert all(len(claims_seen(n)) == 8 for n in nodes)


def test_a_relay_replaying_an_old_reveal_with_claims_later_changes_nothing() -> None:
    nodes = contest()
    kept: list[bytes] = []

    def tamper(sender: Node, data: bytes) -> list[bytes]:
        if is_reveal(data, 3) and sender is nodes[3]:
            kept.append(data)
        if is_reveal(data, 6):
            return [data, *kept]  # the claims of draw 3 again, three draws later
        return [data]

    relay(nodes, tamper=tamper)
    assert kept
    assert_agree(nodes, EXPECTED)


@pytest.mark.parametrize("where", [-40, -60, -80, -100])
def test_a_relay_corrupting_a_reveals_claims_names_nobody(where: int) -> None:
    nodes = contest()
    corrupted: list[bytes] = []

    def tamper(sender: Node, data: bytes) -> list[bytes]:
        if Envelope.decode(data).sender == nodes[1].key and is_reveal(data, 3):
            bad = mutate(data, [(len(data) + where, 0x01, "f")])
            corrupted.append(bad)
            return [bad, data]
        return [data]

    relay(nodes, tamper=tamper)
    assert corrupted
    assert_agree(nodes, EXPECTED)


# --- (c) an illegal claim on the public state -----------------------------------------------


@pytest.mark.parametrize("cheat", [0, 1, 2])
@pytest.mark.parametrize(
    ("claim", "reason"),
    [
        (("token", 3), "token 3 is taken"),  # taken at draw 2 by seat 1's honest claim
        (("token", -1), "there is no token -1"),
        (("token", True), "not a toy claim"),
        (("coin", 1), "not a toy claim"),
    ],
)
def test_an_illegal_claim_names_its_signer_alone(
    cheat: int, claim: tuple[Any, ...], reason: str
) -> None:
    """Seat 1 honestly takes token 3 at draw 2; at draw 3 seat ``cheat`` claims ``claim``
    alongside an honest claim of another seat."""
    nodes = make_nodes(3)
    nodes[1].plan = {1: [("token", 3)]}
    honest = (cheat + 1) % 3
    nodes[honest].plan[2] = [("token", 8)]

    def tamper(sender: Node, data: bytes) -> list[bytes]:
        if Envelope.decode(data).sender == nodes[cheat].key and is_reveal(data, 3):
            body = Envelope.decode(data).body
            return [reseal(sender, data, body=(*body[:2], None, 0, (claim,)))]
        return [data]

    propose(nodes)
    relay(nodes, tamper=tamper)
    for i, node in enumerate(nodes):
        if i == cheat:
            continue
        halted = node.machine.halted
        assert halted is not None and halted.culprit == nodes[cheat].key
        assert reason in halted.reason and "at draw 3" in halted.reason
        assert node.engine.tokens == {3: 1}  # draw 3's honest claim did not apply either
    assert replay_halt(nodes[honest]).culprit == nodes[cheat].key


@pytest.mark.parametrize("shuffle", range(4))
def test_an_illegal_claim_is_named_whatever_the_delivery_order(shuffle: int) -> None:
    nodes = make_nodes(4)
    nodes[1].plan = {1: [("token", 3)]}
    nodes[0].plan = {2: [("token", 9)]}
    culprits = set()
    orig = [n.machine for n in nodes]

    propose(nodes)
    # Seat 2 is modified: its reveal for draw 3 claims the taken token 3.
    cheat = nodes[2]
    real_drain = cheat.drain

    def drain() -> None:
        real_drain()
        for i, data in enumerate(cheat.outbox):
            if is_reveal(data, 3) and len(Envelope.decode(data).body) == 2:
                body = Envelope.decode(data).body
                cheat.outbox[i] = reseal(cheat, data, body=(*body, None, 0, (("token", 3),)))

    cheat.drain = drain  # type: ignore[method-assign]
    scrambled_relay(nodes, b"illegal/%d" % shuffle)
    for node, machine in zip(nodes, orig, strict=True):
        if node is cheat:
            continue
        assert machine.halted is not None
        culprits.add(machine.halted.culprit)
    assert culprits == {cheat.key}


# --- (d) two members claim the same thing at the same draw ----------------------------------


@pytest.mark.parametrize("seats", [(0, 1), (1, 2), (0, 2), (2, 0), (2, 1)])
@pytest.mark.parametrize("shuffle", [None, 0, 1, 2])
def test_the_lower_seat_wins_a_contested_claim_nobody_named(
    seats: tuple[int, int], shuffle: int | None
) -> None:
    nodes = make_nodes(3)
    for s in seats:
        nodes[s].plan = {2: [("token", 4)]}
    propose(nodes)
    if shuffle is None:
        relay(nodes)
    else:
        scrambled_relay(nodes, b"contest/%d" % shuffle)
    low, high = sorted(seats)
    assert_agree(nodes, {4: low})
    for node in nodes:
        assert [(e.seat, e.applied) for e in claims_seen(node)] == [(low, True), (high, False)]


# --- (e) spectators -------------------------------------------------------------------------


def test_a_spectator_live_and_one_fed_the_record_verify_the_contest() -> None:
    nodes = contest()
    live = watcher()
    for data in nodes[0].machine.record:
        live.deliver(data)
    relay(nodes, watchers=[live])
    assert_agree(nodes, EXPECTED)
    assert live.errors == [] and live.machine.finished
    assert live.engine.tokens == EXPECTED
    assert live.engine.state_hash() == nodes[0].engine.state_hash()
    late = spectate(nodes[3].machine.record)
    assert late.finished and late.record == nodes[0].machine.record
    assert late.engine.state_hash() == nodes[0].engine.state_hash()  # type: ignore[union-attr]


def test_a_spectator_fed_a_scrambled_games_record_agrees() -> None:
    a, b = contest(), contest()
    relay(a)
    scrambled_relay(b, b"spectator")
    sa, sb = spectate(a[0].machine.record), spectate(b[2].machine.record)
    assert sa.engine.state_hash() == sb.engine.state_hash()  # type: ignore[union-attr]
    assert sa.engine.tokens == sb.engine.tokens == EXPECTED  # type: ignore[union-attr]


def test_a_spectator_fed_a_halt_record_names_the_cheat() -> None:
    nodes = forged_at_draw_3(1, (("token", 1), 3))
    assert replay_halt(nodes[0]).culprit == nodes[1].key
    nodes = make_nodes(3)
    nodes[1].plan = {1: [("token", 3)]}

    def tamper(sender: Node, data: bytes) -> list[bytes]:
        if Envelope.decode(data).sender == nodes[2].key and is_reveal(data, 3):
            body = Envelope.decode(data).body
            return [reseal(sender, data, body=(*body[:2], None, 0, (("token", 3),)))]
        return [data]

    propose(nodes)
    relay(nodes, tamper=tamper)
    assert replay_halt(nodes[0]).culprit == nodes[2].key
