"""What a relay can do names no honest member (docs/protocol.md §7 and §8; docs/network.md §6).

Drop, delay, reorder, replay, garbage, another game's envelopes, an outsider's copy, a copied
commitment delivered before its original, one history of a member to some peers and another to
the others — in any mix: nobody honest is named, nothing is lost, and the game goes on or
waits. A member that equivocates is named by every honest peer with its two envelopes as proof,
and a fresh spectator fed a halted peer's ``full_record()`` reaches the same halt.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol.envelope import ZERO_HASH, Envelope
from protocol.errors import RemoteProtocolError
from protocol.events import Forward
from protocol.history import Equivocation
from protocol.lockstep import Lockstep

from .cheats import Act, Rechain, SplitView, assert_same_game, chain_of, replay_halt
from .toy import Node, key, make_nodes, played, propose, relay, reseal, toy_engines

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


def test_an_equivocation_on_the_last_move_is_proven() -> None:
    """Seat 2 plays the game's last move, signed twice: one move for seat 0, another for seat
    1. No move follows it; the members' ``close`` envelopes do, and their history digests
    disagree: the evidence goes round, and both honest members halt naming seat 2 instead of
    finishing with two different results."""
    sent = [Envelope.decode(d) for d in played(3, prefix="last-move-")[2].sent]
    last = [e for e in sent if e.type == "action"][-1]
    assert sent[-1].type == "close" and sent[-2] == last  # round 12, the game's last move
    nodes = make_nodes(3, prefix="last-move-")
    split = SplitView(nodes, 2, last.seq, {0}, drop_evidence=False)
    propose(nodes)
    relay(nodes, route=split.route)
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
