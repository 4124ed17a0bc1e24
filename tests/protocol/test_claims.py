"""Claims: inputs no turn asks for (docs/protocol.md §4.3, §6).

A claim rides inside its sender's next reveal and applies at that draw, once every reveal is
in: in seat order, before the draw's outcome — whatever order a relay delivers the reveals in.
A claim the rules refuse on the state of its draw is a signed fault of the reveal's signer; a
claim an earlier claim of the same draw made illegal is void and names nobody. The wire forms
of a reveal without claims are unchanged. Driven with the toy game's tokens (``toy.py``).
"""

from __future__ import annotations

from typing import Any

import pytest

from protocol.envelope import Envelope
from protocol.errors import LocalProtocolError
from protocol.events import ClaimDropped, Claimed, Transmit
from protocol.lockstep import Lockstep
from protocol.messages import MAX_CLAIMS, MessageError, Reveal

from .cheats import replay_halt
from .toy import (
    Node,
    ToyEngine,
    entropy,
    key,
    make_nodes,
    propose,
    relay,
    reseal,
    scrambled_relay,
    spectate,
    toy_engines,
)

V = b"\x11" * 32
C = b"\x22" * 32


def reveals_of(node: Node, draw: int) -> list[Reveal]:
    """The reveals of ``draw`` in ``node``'s record, in seat order."""
    out = []
    for data in node.machine.record:
        env = Envelope.decode(data)
        if env.type == "reveal" and env.body[0] == draw:
            out.append(Reveal.from_body(env.body))
    return out


def at_seat_ones_turn(n: int, seed: bytes | None = None) -> list[Node]:
    """``n`` toy nodes, quiet at seat 1's first turn (after draw 2): seat 1 is away."""
    nodes = make_nodes(n)
    nodes[1].idle = True
    propose(nodes)
    if seed is None:
        relay(nodes)
    else:
        scrambled_relay(nodes, seed)
    assert all(node.machine.draw == 2 and node.machine.actions == 1 for node in nodes)
    return nodes


def play_seat_one(nodes: list[Node], seed: bytes | None = None) -> None:
    """Seat 1 comes back, plays its turn, and the game goes on to its end."""
    nodes[1].idle = False
    roll = nodes[1].engine.roll
    assert roll is not None
    nodes[1].machine.send(("take", roll))
    nodes[1].drain()
    if seed is None:
        relay(nodes)
    else:
        scrambled_relay(nodes, seed)


# --- the wire -------------------------------------------------------------------------------


def test_a_reveal_without_claims_keeps_its_two_forms() -> None:
    assert Reveal(3, V).body() == (3, V)
    assert Reveal(3, V, C, 64).body() == (3, V, C, 64)
    assert Reveal.from_body((3, V)) == Reveal(3, V)


@pytest.mark.parametrize(
    "reveal",
    [
        Reveal(3, V, claims=(("token", 1),)),
        Reveal(3, V, C, 64, (("token", 1), ("token", 2))),
        Reveal(3, V, claims=tuple(("token", i) for i in range(MAX_CLAIMS))),
    ],
)
def test_a_reveal_with_claims_has_one_five_element_form(reveal: Reveal) -> None:
    body = reveal.body()
    assert len(body) == 5 and body[4] == reveal.claims
    assert Reveal.from_body(body) == reveal
    assert body[2:4] == ((None, 0) if reveal.next_commitment is None else (C, 64))


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ((3, V, None, 0, ()), "without claims"),
        ((3, V, None, 1, (("token", 1),)), "without its commitment"),
        ((3, V, None, False, (("token", 1),)), "without its commitment"),
        ((3, V, C, 0, (("token", 1),)), "a chain covers"),
        ((3, V, None, 0, "token"), "in an array"),
        ((3, V, None, 0, ("token",)), "a claim is an array"),
        ((3, V, None, 0, tuple(("token", i) for i in range(MAX_CLAIMS + 1))), "at most"),
        ((3, V, None, 0, (("token", 1),), 9), "reveal body is"),
    ],
)
def test_malformed_claim_forms_are_refused(body: tuple[Any, ...], why: str) -> None:
    with pytest.raises(MessageError, match=why):
        Reveal.from_body(body)


# --- where claims apply ---------------------------------------------------------------------


def claim_contest(seed: bytes | None) -> list[Node]:
    """Four seats; while seat 1 is away, seats 3, 1 and 2 claim tokens 5 and 7 (3 wants
    both); seat 1 then plays, and the claims ride in everyone's reveal for draw 3."""
    nodes = at_seat_ones_turn(4, seed)
    nodes[3].machine.claim(("token", 5))
    nodes[3].machine.claim(("token", 7))
    nodes[1].machine.claim(("token", 5))
    nodes[2].machine.claim(("token", 7))
    assert nodes[3].machine.pending_claims == (("token", 5), ("token", 7))
    play_seat_one(nodes, seed)
    return nodes


@pytest.mark.parametrize("shuffle", [None, *range(8)])
def test_claims_apply_at_their_draw_in_seat_order_whatever_the_delivery_order(
    shuffle: int | None,
) -> None:
    nodes = claim_contest(None if shuffle is None else b"claims/%d" % shuffle)
    expected = [
        Claimed(3, 1, ("token", 5), True),
        Claimed(3, 2, ("token", 7), True),
        Claimed(3, 3, ("token", 5), False),  # void: seat 1 came first
        Claimed(3, 3, ("token", 7), False),  # void: seat 2 came first
    ]
    for node in nodes:
        assert node.errors == [] and node.machine.finished
        assert node.engine.tokens == {5: 1, 7: 2}
        claims = [e for e in node.events if isinstance(e, Claimed)]
        assert claims == expected
        # The claims come right before their draw's outcome.
        drawn = [type(e).__name__ for e in node.events if type(e).__name__ in ("Claimed", "Drawn")]
        assert drawn[2:7] == ["Claimed"] * 4 + ["Drawn"]
        assert node.machine.pending_claims == ()
    assert [r.claims for r in reveals_of(nodes[0], 3)] == [
        (),
        (("token", 5),),
        (("token", 7),),
        (("token", 5), ("token", 7)),
    ]
    # Every peer holds the same game; a spectator replays the claims from the record.
    watcher = spectate(nodes[0].machine.record)
    assert watcher.finished and watcher.engine.tokens == {5: 1, 7: 2}  # type: ignore[union-attr]
    assert watcher.engine.state_hash() == nodes[2].engine.state_hash()  # type: ignore[union-attr]


def test_the_game_does_not_depend_on_the_delivery_order() -> None:
    games = [claim_contest(b"order/%d" % i) for i in range(3)] + [claim_contest(None)]
    for nodes in games[1:]:
        assert [n.engine.state_hash() for n in nodes] == [n.engine.state_hash() for n in games[0]]
        assert [n.engine.outcomes for n in nodes] == [n.engine.outcomes for n in games[0]]


def test_claims_beyond_one_reveals_limit_ride_in_the_next() -> None:
    nodes = at_seat_ones_turn(2)
    for token in range(MAX_CLAIMS + 1):
        nodes[0].machine.claim(("token", token))
    play_seat_one(nodes)
    assert nodes[0].machine.finished and nodes[0].errors == nodes[1].errors == []
    assert len(reveals_of(nodes[1], 3)[0].claims) == MAX_CLAIMS
    assert reveals_of(nodes[1], 4)[0].claims == (("token", MAX_CLAIMS),)
    assert nodes[1].engine.tokens == dict.fromkeys(range(MAX_CLAIMS + 1), 0)


def test_a_claim_no_longer_legal_by_its_reveal_is_dropped_never_signed() -> None:
    """Seat 2 claims token 4 after its reveal for draw 3 left, while seat 0's reveal for draw
    3, which claims token 4 too, is still on its way: by seat 2's next reveal the token is
    taken, so seat 2 never signs that claim (it would be a fault)."""
    nodes = at_seat_ones_turn(3)
    nodes[0].machine.claim(("token", 4))
    nodes[1].idle = False
    roll = nodes[1].engine.roll
    assert roll is not None
    nodes[1].machine.send(("take", roll))
    nodes[1].drain()
    action = nodes[1].outbox.popleft()
    nodes[0].deliver(action)
    nodes[2].deliver(action)
    held = nodes[0].outbox.popleft()  # seat 0's reveal for draw 3, held back by the relay
    for sender in (1, 2):
        data = nodes[sender].outbox.popleft()
        for node in nodes:
            if node is not nodes[sender]:
                node.deliver(data)
    assert nodes[2].machine.draw == 2 and not any(n.outbox for n in nodes)
    nodes[2].machine.claim(("token", 4))  # legal for all seat 2 knows
    nodes[0].outbox.append(held)
    relay(nodes)
    assert all(node.machine.finished and node.errors == [] for node in nodes)
    dropped = [e for e in nodes[2].events if isinstance(e, ClaimDropped)]
    assert dropped == [ClaimDropped(4, ("token", 4), "token 4 is taken")]
    assert reveals_of(nodes[0], 4)[2].claims == ()
    assert nodes[1].engine.tokens == {4: 0} and nodes[2].machine.pending_claims == ()


def test_a_claimer_decides_as_its_reveal_is_signed_on_the_state_of_that_draw() -> None:
    """The machine's ``claimer`` is asked just before its member signs each reveal, on the
    state of that draw (what a claim is judged on), and what it gives rides in that very
    reveal — the only way to make a claim whose one moment is a draw whose reveal is signed as
    soon as it is due; a claim the rules refuse then is dropped, never signed."""
    nodes = make_nodes(2)
    asked: list[int] = []

    def claimer() -> list[tuple[Any, ...]]:
        draw = nodes[1].machine.draw + 1  # the draw whose reveal is being signed
        asked.append(draw)
        return {3: [("token", 1)], 5: [("token", 1), ("token", 99)]}.get(draw, [])

    nodes[1].machine.claimer = claimer
    propose(nodes)
    relay(nodes)
    assert all(node.machine.finished and node.errors == [] for node in nodes)
    draws = nodes[1].machine.draw
    assert asked == list(range(1, draws + 1))  # once per reveal, before it was signed
    assert [r.claims for r in reveals_of(nodes[0], 3)] == [(), (("token", 1),)]
    assert nodes[0].engine.tokens == {1: 1}
    dropped = [e for e in nodes[1].events if isinstance(e, ClaimDropped)]
    assert dropped == [
        ClaimDropped(5, ("token", 1), "token 1 is taken"),
        ClaimDropped(5, ("token", 99), "there is no token 99"),
    ]
    assert all(r.claims == () for d in range(4, draws + 1) for r in reveals_of(nodes[0], d))


# --- what a member may claim ----------------------------------------------------------------


def test_claim_refuses_what_cannot_be_claimed_now_and_sends_nothing() -> None:
    early = make_nodes(2)
    with pytest.raises(LocalProtocolError, match="no claim can be made now"):
        early[1].machine.claim(("token", 1))
    nodes = at_seat_ones_turn(2)
    machine = nodes[0].machine
    machine.claim(("token", 1))
    sent = len(nodes[0].sent)
    for claim, why in [
        (("token", 1), "already pending"),
        (("token", 10), "there is no token 10"),
        (("coin", 1), "not a toy claim"),
        (("token", 1.5), "float is not allowed"),
        (("token", 1, "x" * 2000), "at most 1024 bytes"),
    ]:
        with pytest.raises(LocalProtocolError, match=why):
            machine.claim(claim)
    nodes[0].drain()
    assert len(nodes[0].sent) == sent and machine.pending_claims == (("token", 1),)
    watcher = Lockstep(None, toy_engines())
    for data in machine.record:
        watcher.receive(data)
    with pytest.raises(LocalProtocolError, match="spectator"):
        watcher.claim(("token", 2))


def cheat_at_draw_3(claims: tuple[Any, ...], form: int = 5) -> list[Node]:
    """Three seats; seat 2 signs its reveal for draw 3 with ``claims`` (as a ``form``-element
    body)."""
    nodes = make_nodes(3)
    nodes[2].plan = {1: [("token", 3)]}  # an honest claim first: token 3 is seat 2's at draw 2

    def tamper(sender: Node, data: bytes) -> list[bytes]:
        env = Envelope.decode(data)
        if sender is nodes[2] and env.type == "reveal" and env.body[0] == 3:
            body = (*env.body[:2], None, 0, claims) if form == 5 else (*env.body, claims)
            return [reseal(sender, data, body=body)]
        return [data]

    propose(nodes)
    relay(nodes, tamper=tamper)
    assert nodes[0].engine.tokens.get(3) == 2
    return nodes


@pytest.mark.parametrize(
    ("claims", "form", "reason"),
    [
        ((("token", 3),), 5, "illegal claim ('token', 3) at draw 3: token 3 is taken"),
        ((("token", 99),), 5, "there is no token 99"),
        ((("token", 1), ("coin", 1)), 5, "not a toy claim"),
        ((), 5, "malformed reveal: a reveal without claims has no claims element"),
        ((("token", 1),), 3, "malformed reveal"),
    ],
)
def test_a_claim_the_state_of_its_draw_refuses_is_a_signed_fault(
    claims: tuple[Any, ...], form: int, reason: str
) -> None:
    nodes = cheat_at_draw_3(claims, form)
    for honest in nodes[:2]:
        assert honest.machine.halted is not None
        assert honest.machine.halted.culprit == nodes[2].key
        assert reason in honest.machine.halted.reason
        assert 1 not in honest.engine.tokens  # nothing of the bad reveal applied
    assert replay_halt(nodes[0]).culprit == nodes[2].key


def test_a_member_restarted_from_its_journal_resends_its_claims_as_it_signed_them() -> None:
    """A member restarted from its journal re-sends its reveal with the claims it signed, as
    it signed it, and the game goes on with the same claims."""
    nodes = at_seat_ones_turn(2)
    nodes[0].machine.claim(("token", 8))
    nodes[1].idle = False
    roll = nodes[1].engine.roll
    assert roll is not None
    nodes[1].machine.send(("take", roll))
    nodes[1].drain()
    nodes[0].deliver(nodes[1].outbox.popleft())  # seat 0 signs its reveal for draw 3
    nodes[0].outbox.clear()  # ... and crashes before sending it
    victim = nodes[0]
    assert victim.machine.identity is not None
    others = [d for d in victim.machine.received if Envelope.decode(d).sender != victim.key]
    machine = Lockstep(
        victim.machine.identity,
        toy_engines(),
        seeds=victim.secrets,
        chain_length=512,
    )
    restarted = Node(victim.label, machine)
    machine.restore(victim.sent)
    restarted.drain()
    for data in others:
        restarted.deliver(data)
    nodes[0] = restarted
    relay(nodes)
    assert all(node.machine.finished for node in nodes)
    assert all(e.culprit is None for node in nodes for e in node.errors)  # replays only
    assert nodes[0].machine.record == nodes[1].machine.record
    assert nodes[1].engine.tokens == {8: 0}
    resent = [Envelope.decode(e.data) for e in restarted.events if isinstance(e, Transmit)]
    assert any(e.type == "reveal" and e.body[0] == 3 and len(e.body) == 5 for e in resent)


def test_an_engine_whose_claims_change_the_draw_is_refused_locally() -> None:
    """The last member to reveal knows the draw's outcome when it signs its claims: claims
    that changed the draw's weights would let it steer the draw. Such an engine is a bug of the
    game, refused at every peer alike, naming nobody."""

    class Shifty(ToyEngine):
        def apply_claim(self, seat: int, claim: tuple[Any, ...]) -> None:
            super().apply_claim(seat, claim)
            self.roll = 1  # the roll is "thrown" by the claim: no draw is due any more

    def engines(game: str, options: tuple[Any, ...], seats: int) -> Shifty:
        return Shifty(seats, 12)

    nodes = [
        Node(f"s{i}", Lockstep(key(f"s{i}"), engines, entropy=entropy(f"s{i}"))) for i in (0, 1)
    ]
    nodes[1].plan = {1: [("token", 1)]}
    propose(nodes)
    with pytest.raises(LocalProtocolError, match="claims changed what draw 2 is for"):
        relay(nodes)
    assert all(node.errors == [] for node in nodes)
