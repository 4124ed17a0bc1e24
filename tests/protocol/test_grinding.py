"""Attacks on the beacon (docs/protocol.md §5).

- The grinding attacker: a modified member that waits for the others' reveals of a draw, then
  tries to commit a fresh chain ground to give the roll it wants — a second ``commit``, a
  reveal from an uncommitted chain, a next chain at the wrong draw, a chain shorter than the
  minimum. Each is refused as a signed fault naming it, and in every game against it each
  draw equals the value recomputed, from the record alone, out of commitments made before that
  draw's first reveal (``spec.record_draws``, a second implementation).
- Prediction past a chain's end: nothing an honest member revealed — its whole chain, its last
  value included — lets anyone compute its next chain's values.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

import pytest

from protocol.beacon import MIN_LENGTH, OwnChain, link
from protocol.envelope import Envelope
from protocol.events import Drawn
from protocol.lockstep import Lockstep
from protocol.messages import Reveal
from protocol.rounds import BeaconRounds

from .spec import record_draws, spec_chain, spec_draw, spec_weighted, spec_words, u64
from .toy import (
    WEIGHTS,
    Node,
    entropy,
    make_nodes,
    propose,
    relay,
    reseal,
    toy_engines,
)

ROUNDS = 100
FIVE = 4
"""The outcome index of a roll of 5, the grinder's wish."""


def drawn(node: Node) -> list[tuple[int, int]]:
    return [(e.draw, e.index) for e in node.events if isinstance(e, Drawn)]


class Grinder:
    """A modified member (seat ``seat``) that holds its reveal of each draw until every other
    member's reveal of that draw has reached it — it then knows what any value of its own
    would make the draw give — and lets ``attack(draw, reveal bytes)`` decide what it signs
    instead (a list of envelopes), or ``None`` to send its reveal as it is. After a change,
    its later envelopes are signed again to follow what it sent, and it forwards no
    evidence."""

    def __init__(
        self,
        nodes: list[Node],
        seat: int,
        attack: Callable[[Grinder, int, bytes], list[bytes] | None],
    ) -> None:
        self.nodes = nodes
        self.node = nodes[seat]
        self.seat = seat
        self.attack = attack
        self.last: Envelope | None = None
        self.tries = 0
        self.done: set[bytes] = set()

    def others_values(self, draw: int) -> list[bytes] | None:
        """Every other member's revealed value for ``draw``, as the grinder saw them."""
        out = {}
        for data in self.node.machine.received:
            env = Envelope.decode(data)
            if env.type == "reveal" and env.body[0] == draw and env.sender != self.node.key:
                out[self.node.machine.seat_of(env.sender)] = env.body[1]
        if len(out) != len(self.nodes) - 1:
            return None
        return [out[s] for s in sorted(out)]

    def grind(self, draw: int, wish: int = FIVE) -> tuple[OwnChain, int]:
        """A fresh chain covering ``draw`` whose value gives ``wish`` with the others' values:
        what a commitment made now could force, if the protocol took it."""
        others = self.others_values(draw)
        assert others is not None
        for attempt in range(1000):
            self.tries += 1
            fresh = OwnChain(
                hashlib.sha256(b"grind%d" % attempt).digest(),
                self.node.machine.game_id,
                self.node.key,
                draw - 1,
                MIN_LENGTH,
            )
            values = list(others)
            values.insert(self.seat, fresh.value_for(draw))
            data = spec_draw(self.node.machine.game_id, draw, values)
            if spec_weighted(spec_words(data), WEIGHTS) == wish:
                return fresh, attempt
        raise AssertionError("no seed gave the wish")

    def send(self, data: bytes) -> list[bytes]:
        """What the grinder signs in place of its own envelope ``data``."""
        env = Envelope.decode(data)
        if env.sender != self.node.key or data in self.done:
            return []  # a cheating client forwards no evidence, not even against itself
        self.done.add(data)
        out: list[bytes] | None = None
        if env.type == "reveal":
            out = self.attack(self, env.body[0], data)
        if self.last is not None:
            out = [self.follow(item) for item in (out or [data])]
        elif out is not None:
            self.last = Envelope.decode(out[-1])
        return out if out is not None else [data]

    def follow(self, data: bytes) -> bytes:
        assert self.last is not None
        env = Envelope.decode(data)
        seq, prev = self.last.seq + 1, self.last.hash
        seen = list(env.seen)
        seen[self.seat] = (seq, prev)
        out = reseal(self.node, data, seq=seq, prev=prev, seen=tuple(seen))
        self.last = Envelope.decode(out)
        return out

    def ready(self, data: bytes) -> bool:
        """Whether the grinder has seen every other reveal of the draw ``data`` reveals."""
        env = Envelope.decode(data)
        if env.type != "reveal" or env.sender != self.node.key:
            return True
        return self.others_values(env.body[0]) is not None

    def relay(self, max_steps: int = 200_000) -> None:
        """The relay: every envelope to every other node in order, except that the grinder's
        reveal of a draw goes out only after the others' reveals of that draw reached it."""
        nodes = self.nodes
        for _ in range(max_steps):
            ready = [
                n for n in nodes if n.outbox and (n is not self.node or self.ready(n.outbox[0]))
            ]
            if not ready:
                if not self.node.outbox:
                    return
                ready = [self.node]  # nobody else can move: it must send as it is
            sender = ready[0]
            data = sender.outbox.popleft()
            items = self.send(data) if sender is self.node else [data]
            for item in items:
                for node in nodes:
                    if node is not sender:
                        node.deliver(item)
        raise AssertionError("the relay did not settle")


def play_against(
    attack: Callable[[Grinder, int, bytes], list[bytes] | None],
    *,
    seats: int = 3,
    seat: int = 1,
    prefix: str = "grind-",
) -> tuple[list[Node], Grinder]:
    nodes = make_nodes(seats, prefix=prefix, rounds=ROUNDS, chain_length=MIN_LENGTH)
    grinder = Grinder(nodes, seat, attack)
    propose(nodes)
    grinder.relay()
    return nodes, grinder


def assert_draws_recomputed(nodes: list[Node], grinder: Grinder) -> None:
    """The honest members agree on every draw, and each is exactly the one recomputed from
    their record out of commitments made before that draw's first reveal."""
    honest = [node for node in nodes if node is not grinder.node]
    for node in honest:
        assert drawn(node) == drawn(honest[0])
        assert drawn(node) == record_draws(node.machine.record, WEIGHTS)


def attack_at(draw: int, how: str) -> Callable[[Grinder, int, bytes], list[bytes] | None]:
    def attack(g: Grinder, d: int, data: bytes) -> list[bytes] | None:
        if d != draw:
            return None
        env = Envelope.decode(data)
        if how == "no next chain":  # its reveal at last - MARGIN without the next chain
            return [reseal(g.node, data, body=env.body[:2])]
        fresh, _ = g.grind(d)
        if how == "commit":  # the version-1 recommit: a new chain, then its value
            commit = reseal(g.node, data, type_="commit", body=(fresh.commitment, MIN_LENGTH))
            nxt = Envelope.decode(commit)
            seen = list(env.seen)
            seen[g.seat] = (nxt.seq + 1, nxt.hash)
            reveal = reseal(
                g.node,
                data,
                seq=nxt.seq + 1,
                prev=nxt.hash,
                seen=tuple(seen),
                body=(d, fresh.value_for(d)),
            )
            return [commit, reveal]
        if how == "uncommitted":  # the ground value itself
            return [reseal(g.node, data, body=(d, fresh.value_for(d)))]
        if how == "next chain":  # its true value, and a ground chain for the draws to come
            return [reseal(g.node, data, body=(*env.body[:2], fresh.commitment, MIN_LENGTH))]
        if how == "short next chain":  # at the right draw, but a chain of one draw
            return [reseal(g.node, data, body=(*env.body[:2], fresh.commitment, 1))]
        raise AssertionError(how)

    return attack


ATTACKS = [
    ("commit", 1, "a commit envelope while playing"),
    ("commit", 30, "a commit envelope while playing"),
    ("commit", 70, "a commit envelope while playing"),
    ("uncommitted", 5, "does not hash to its chain"),
    ("uncommitted", 65, "does not hash to its chain"),
    ("next chain", 3, "must be committed in the reveal for draw 48"),
    ("next chain", 49, "must be committed in the reveal for draw 48"),
    ("next chain", 64, "must be committed in the reveal for draw 48"),
    ("next chain", 65, "must be committed in the reveal for draw 112"),
    ("short next chain", 48, "malformed reveal"),
    ("no next chain", 48, "must be committed in the reveal for draw 48"),
]


@pytest.mark.parametrize(("how", "draw", "reason"), ATTACKS)
def test_a_grinding_member_is_named_and_no_draw_is_steered(
    how: str, draw: int, reason: str
) -> None:
    nodes, grinder = play_against(attack_at(draw, how), prefix=f"grind-{how}-{draw}-")
    # The grinder did find a chain that would have given it a 5 (but for "no next chain",
    # which only tries to skip the commitment).
    assert grinder.tries > 0 or how == "no next chain"
    for node in nodes:
        if node is grinder.node:
            continue
        halted = node.machine.halted
        assert halted is not None and halted.culprit == grinder.node.key, (how, draw)
        assert reason in halted.reason
        assert all(e.culprit in (None, grinder.node.key) for e in node.errors)
        # The draw under attack never completed; every earlier one is the committed one.
        assert node.machine.draw == draw - 1
    assert_draws_recomputed(nodes, grinder)


def test_a_next_chain_copying_a_revealed_value_is_useless_to_its_author(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A modified client commits, at the right draw (48), another member's revealed value as
    its next chain's head — equal commitments are not refused. Nobody can open it under the
    cheater's key: its first reveal from that chain (draw 65) does not link, and it is named
    there; every earlier draw is the committed one."""
    nodes = make_nodes(3, prefix="copy-next-", rounds=ROUNDS, chain_length=MIN_LENGTH)
    cheater = nodes[1].key
    original = BeaconRounds.own_reveal

    def own_reveal(self: BeaconRounds, draw: int) -> Reveal:
        reveal = original(self, draw)
        if self.me != cheater or reveal.next_commitment is None:
            return reveal
        view = self.views[0]
        assert view is not None and view.at == draw - 1  # seat 0's value for draw 47
        return Reveal(draw, reveal.value, view.known, MIN_LENGTH)

    def own_fault(self: BeaconRounds) -> str | None:  # a modified client checks nothing
        return None if self.me == cheater else original_fault(self)

    original_fault = BeaconRounds.own_fault
    monkeypatch.setattr(BeaconRounds, "own_reveal", own_reveal)
    monkeypatch.setattr(BeaconRounds, "own_fault", own_fault)
    propose(nodes)
    relay(nodes)
    copied = [
        e
        for e in map(Envelope.decode, nodes[0].machine.record)
        if e.type == "reveal" and len(e.body) == 4 and e.sender == cheater
    ]
    assert len(copied) == 1 and copied[0].body[2] in values_of(nodes[0], nodes[0].key).values()
    for node in (nodes[0], nodes[2]):
        halted = node.machine.halted
        assert halted is not None and halted.culprit == cheater
        assert "does not hash" in halted.reason and node.machine.draw == 64
        assert drawn(node) == record_draws(node.machine.record, WEIGHTS)


def test_a_grinding_member_at_the_allowed_place_steers_nothing() -> None:
    """Seat 2's client draws its next chain's seed only after the others' reveals of draw 48
    (the draw whose reveal carries it) have reached it — the relay holds back the move before
    draw 48 until then — and grinds it to give a 5 at draw 65 with its best guess of the
    others' values. The commitment is legal; but the others' values for 65 are committed and
    unrevealed, so the guess is wrong, and every draw is the committed one."""
    nodes = make_nodes(3, prefix="late-", rounds=ROUNDS, chain_length=MIN_LENGTH)
    grinder = nodes[2]
    honest_entropy = entropy("late-2")
    calls: list[int] = []
    guesses: dict[int, bytes] = {}

    def others_at(d: int) -> list[bytes]:
        values = {}
        for data in grinder.machine.received:
            env = Envelope.decode(data)
            if env.type == "reveal" and env.body[0] == d and env.sender != grinder.key:
                values[grinder.machine.seat_of(env.sender)] = env.body[1]
        assert len(values) == 2, "the grinder has not seen the others' reveals"
        return [values[0], values[1]]

    def grinding_entropy(size: int) -> bytes:
        calls.append(size)
        if len(calls) == 1:
            return honest_entropy(size)
        others = others_at(48)
        game_id = grinder.machine.game_id
        for attempt in range(1000):
            candidate = hashlib.sha256(b"late%d" % attempt).digest()
            value = spec_chain(candidate, game_id, grinder.key, 64, MIN_LENGTH)[65]
            guess = spec_draw(game_id, 65, [*others, value])
            if spec_weighted(spec_words(guess), WEIGHTS) == FIVE:
                guesses[65] = guess
                return candidate
        raise AssertionError("no seed gave the wish")

    grinder.machine = Lockstep(
        grinder.machine.identity,
        toy_engines(ROUNDS),
        entropy=grinding_entropy,
        chain_length=MIN_LENGTH,
    )
    held: dict[str, Any] = {"action": None, "released": False}

    def route(sender: Node, receiver: Node, data: bytes) -> list[bytes]:
        if receiver is not grinder or held["released"]:
            return [data]
        env = Envelope.decode(data)
        if held["action"] is None and env.type == "action" and receiver.machine.draw == 47:
            held["action"] = data  # the move before draw 48, until the others revealed 48
            return []
        if held["action"] is not None and env.type == "reveal" and env.body[0] == 48:
            have = {env.sender} | {
                e.sender
                for e in map(Envelope.decode, receiver.machine.received)
                if e.type == "reveal" and e.body[0] == 48
            }
            if len(have) == 2:
                held["released"] = True
                return [data, held["action"]]
        return [data]

    propose(nodes)
    relay(nodes, route=route)
    assert len(calls) == 2 and 65 in guesses
    assert all(n.machine.finished and n.errors == [] for n in nodes), [
        (n.machine.halted, n.machine.waiting()) for n in nodes
    ]
    record = nodes[0].machine.record
    assert all(n.machine.record == record for n in nodes)
    # The grinder's next chain rode in its reveal for 48, made after the others' reveals.
    order = [Envelope.decode(d) for d in grinder.machine.received]
    at_48 = [(e.sender, len(e.body)) for e in order if e.type == "reveal" and e.body[0] == 48]
    assert at_48[-1] == (grinder.key, 4)
    assert drawn(nodes[0]) == record_draws(record, WEIGHTS)
    actual = spec_draw(
        nodes[0].machine.game_id,
        65,
        [values_of(nodes[0], n.key)[65] for n in nodes],
    )
    assert actual != guesses[65]


def test_a_chain_shorter_than_the_minimum_is_refused_at_commit() -> None:
    """The version-1 attack began with chains of length 1: now a commit of fewer than 64
    draws is a signed fault, whatever the relay does."""
    nodes = make_nodes(2, prefix="short-", rounds=ROUNDS, chain_length=MIN_LENGTH)
    propose(nodes)
    table, commit = list(nodes[0].outbox)
    nodes[1].deliver(table)
    short = reseal(nodes[0], commit, body=(Envelope.decode(commit).body[0], 1))
    nodes[1].deliver(short)
    halted = nodes[1].machine.halted
    assert halted is not None and halted.culprit == nodes[0].key
    assert "malformed commitment" in halted.reason and "64" in halted.reason


# --- prediction past a chain's end -------------------------------------------------------------


def run(label_of_chain_one: bytes) -> list[Node]:
    """A 2-seat game of 100 draws with chains of 64, seat 1's seed for its second chain
    replaced by ``label_of_chain_one``."""
    nodes = make_nodes(2, prefix="predict-", rounds=ROUNDS, chain_length=MIN_LENGTH)
    base = entropy("predict-1")
    calls = iter(range(100))

    def draw(size: int) -> bytes:
        n = next(calls)
        return hashlib.sha256(label_of_chain_one).digest() if n == 1 else base(size)

    nodes[1].machine = Lockstep(
        nodes[1].machine.identity,
        toy_engines(ROUNDS),
        entropy=draw,
        chain_length=MIN_LENGTH,
    )
    propose(nodes)
    relay(nodes)
    assert all(n.machine.finished and n.errors == [] for n in nodes)
    return nodes


def values_of(node: Node, member: bytes) -> dict[int, bytes]:
    out = {}
    for data in node.machine.record:
        env = Envelope.decode(data)
        if env.type == "reveal" and env.sender == member:
            out[env.body[0]] = env.body[1]
    return out


def test_values_past_a_chain_end_are_a_function_of_nothing_revealed_before() -> None:
    """Two games identical in everything but seat 1's fresh seed for its second chain: every
    value anyone revealed up to draw 64 — seat 1's whole first chain, its last value included —
    is the same in both, yet seat 1's values from draw 65 on differ. So no function of what
    was revealed predicts them (the version-1 chain ended in its seed, and the next seed was
    derived from it: 588 of 588 later reveals were predicted)."""
    one, two = run(b"fresh seed A"), run(b"fresh seed B")
    member = one[1].key
    a, b = values_of(one[0], member), values_of(two[0], member)
    others_a, others_b = values_of(one[0], one[0].key), values_of(two[0], two[0].key)
    assert all(a[d] == b[d] and others_a[d] == others_b[d] for d in range(1, 65))
    assert all(a[d] != b[d] for d in range(65, ROUNDS + 1))


def test_no_guess_from_the_revealed_values_finds_the_next_chain() -> None:
    """An adversary holding every value seat 1 revealed up to its first chain's end (and the
    next chain's head) tries the obvious derivations under every tag of the protocol, old and
    new: the last value as the next seed (version 1), the version-1 derivation of the next
    seed, hashes and links of any revealed value. None gives a value of the next chain or its
    seed, and no revealed value is ever a seed."""
    (node0, node1) = run(b"fresh seed A")
    member, game_id = node1.key, node0.machine.game_id
    revealed = values_of(node0, member)
    seeds = node1.secrets
    assert len(seeds) >= 2
    chain_one = spec_chain(seeds[1], game_id, member, 64, MIN_LENGTH)
    future = {chain_one[d] for d in range(65, ROUNDS + 1)}
    assert future == {revealed[d] for d in range(65, ROUNDS + 1)}
    tags = [
        b"goldnet/beacon/seed/v2",
        b"goldnet/beacon/link/v2",
        b"goldnet/beacon/draw/v2",
        b"goldnet/beacon/chain/v1",
        b"goldnet/beacon/next/v1",
        b"",
    ]
    known = [revealed[d] for d in range(1, 65)]
    guesses: set[bytes] = set(known)
    for value in known:
        for tag in tags:
            guesses.add(hashlib.sha256(tag + value).digest())
            for d in (63, 64, 65, 80):
                guesses.add(hashlib.sha256(tag + value + u64(d)).digest())
        for d in range(60, ROUNDS + 2):
            guesses.add(link(game_id, member, d, value))
    # Seeds guessed, then turned into chains: the first values of each guessed chain.
    for guess in list(guesses)[:400]:
        chain = spec_chain(guess, game_id, member, 64, MIN_LENGTH)
        guesses.update(chain[d] for d in range(64, 70))
    assert not guesses & future
    assert seeds[1] not in guesses
    assert not set(revealed.values()) & set(seeds)
    # The chain's last value is a hash of its seed, not the seed.
    assert revealed[64] == hashlib.sha256(b"goldnet/beacon/seed/v2" + seeds[0]).digest()
