"""A relay against claims in flight, with the test card game (``cards.py``; docs/protocol.md §4.3,
§6, §8, §9).

Claims ride in their member's reveal and apply at that reveal's draw, in seat order. A relay
sees every reveal first and may hold one back, from everyone or from one peer, release it late,
drop it for good, replay an old one, or deliver each link in another order. None of that is a
member's doing, so nobody is named; peers that saw the same envelopes agree on one state and
one record; the game finishes when the envelope finally comes — a member re-sends its own
envelopes on every reconnection — or, when it never does, waits saying for what and ends
abandoned once the table's time has passed, every peer's record verifying as such.

What is not a relay fault, and asserted as what it is: the member whose reveal is held back
completes that draw itself (it has every reveal), so it applies its own claims at once while
the others wait — and if the reveal never comes, its abandoned record holds one draw more than
theirs. (A claim its member can no longer make when its next reveal is due is dropped, never
sent: ``test_claims.py``.)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from goldnet.binding import EngineBinding, make_engine
from goldnet.harness import Harness, Peer, deterministic_peer
from goldnet.records import InvalidRecord, verify
from protocol.envelope import Envelope
from protocol.errors import LocalProtocolError, RemoteProtocolError
from protocol.events import Claimed, GameAbandoned
from protocol.lockstep import NEED_DATA, Lockstep
from protocol.messages import Reveal
from protocol.sampling import HashStream
from tests.forge import resign

from .cards import GAME_INFO, NAME, CardsState

pytestmark = pytest.mark.usefixtures("cards_game")

Attack = Callable[[int, int, bytes], list[bytes]]
"""What the relay delivers now to receiver ``b`` for one envelope sent by seat ``a``."""


class Table:
    """Card-game peers (random bots that claim what they can) and an optional spectator behind
    one relay with a first-in first-out link per sender and receiver. Every event of every
    machine is kept (``events``); the clock is shared (milliseconds)."""

    def __init__(self, label: str, seats: int) -> None:
        self.now = 0
        self.peers = [
            deterministic_peer(
                f"{label}/{s}",
                GAME_INFO.make_bot("random", f"{label}/{s}"),
                clock=lambda: self.now,
            )
            for s in range(seats)
        ]
        self.watcher = Peer(None, Lockstep(None, make_engine))
        self.events: list[list[Any]] = []
        for peer in [*self.peers, self.watcher]:
            self.events.append(_kept(peer))
        receivers = range(seats + 1)  # the spectator last
        self.links = {(a, b): deque[bytes]() for a in range(seats) for b in receivers if a != b}
        self.sent: list[list[bytes]] = [[] for _ in range(seats)]
        """Every envelope each seat sent, in order (what it re-sends when it reconnects)."""
        Harness(self.peers).start(NAME, (0,), f"claims/{label}".encode().ljust(16, b"."))

    @property
    def everyone(self) -> list[Peer]:
        return [*self.peers, self.watcher]

    def collect(self, attack: Attack | None) -> None:
        for a, peer in enumerate(self.peers):
            while peer.outbox:
                data = peer.outbox.popleft()
                self.sent[a].append(data)
                for b in range(len(self.everyone)):
                    if b != a:
                        self.links[a, b].extend(attack(a, b, data) if attack else [data])

    def run(self, attack: Attack | None = None, seed: bytes | None = None) -> None:
        """Deliver until nothing is in flight: the busy links in turn, or chosen by a stream
        drawn from ``seed`` (each link stays in order; the interleaving differs per receiver)."""
        stream = HashStream(seed) if seed is not None else None
        for _ in range(200_000):
            self.collect(attack)
            busy = [link for link, queue in self.links.items() if queue]
            if not busy:
                return
            a, b = busy[stream.below(len(busy))] if stream else busy[0]
            Harness.deliver(self.everyone[b], self.links[a, b].popleft())
        raise AssertionError("the relay did not settle")

    def send(self, a: int, b: int, data: bytes) -> None:
        """The relay delivers ``data`` (sent by seat ``a``) to receiver ``b`` now."""
        self.links[a, b].append(data)

    def reconnect(self, a: int) -> None:
        """Seat ``a`` reconnects and re-sends every envelope it made (goldnet's client does)."""
        for data in self.sent[a]:
            for b in range(len(self.everyone)):
                if b != a:
                    self.send(a, b, data)

    def adjudicate(self) -> None:
        """The table's abandonment time passes: each member signs an adjudication."""
        self.now += 10**9
        for peer in self.peers:
            peer.machine.tick()
            peer.drain()


def _kept(peer: Peer) -> list[Any]:
    """Keep every event ``peer``'s machine gives (the harness's drain only acts on them)."""
    kept: list[Any] = []
    take = peer.machine.next_event

    def next_event() -> Any:
        event = take()
        if event is not NEED_DATA:
            kept.append(event)
        return event

    peer.machine.next_event = next_event  # type: ignore[method-assign]
    return kept


def claims_of(data: bytes) -> tuple[int, tuple[tuple[Any, ...], ...]] | None:
    """``(draw, claims)`` of a reveal that carries claims, else None."""
    env = Envelope.decode(data)
    if env.type != "reveal" or len(env.body) != 5:
        return None
    reveal = Reveal.from_body(env.body)
    return reveal.draw, reveal.claims


def claimed(table: Table, who: int) -> list[tuple[int, int, tuple[Any, ...], bool]]:
    return [
        (e.draw, e.seat, e.claim, e.applied) for e in table.events[who] if isinstance(e, Claimed)
    ]


def state_of(peer: Peer) -> CardsState:
    engine = peer.machine.engine
    assert isinstance(engine, EngineBinding) and isinstance(engine.state, CardsState)
    return engine.state


def assert_nobody_named(table: Table) -> None:
    for peer in table.everyone:
        assert peer.machine.halted is None
        assert all(error.culprit is None for error in peer.errors), peer.errors


def assert_one_finished_game(table: Table) -> None:
    """Every peer and the spectator finished one game: one record, one state, the same claims
    applied at the same draws — each at the draw of the reveal that carried it — and the record
    verifies to that game."""
    assert_nobody_named(table)
    record = table.peers[0].machine.record
    for i, peer in enumerate(table.everyone):
        assert peer.machine.finished, (i, peer.machine.waiting())
        assert peer.machine.record == record
        assert state_of(peer).public_hash() == state_of(table.peers[0]).public_hash()
        assert claimed(table, i) == claimed(table, 0)
    carried = {
        (found[0], table.peers[0].machine.seat_of(Envelope.decode(d).sender), claim)
        for d in record
        if (found := claims_of(d)) is not None
        for claim in found[1]
    }
    assert {(d, s, c) for d, s, c, _ in claimed(table, 0)} == carried
    assert carried, "no claim was in flight: the attack tested nothing"
    checked = verify(record)
    assert checked.ending == "over" and checked.result is not None
    assert list(checked.result.scores) == state_of(table.peers[0]).scores


class Hold:
    """The relay holds back seat ``who``'s first reveal that carries claims (a later one with
    ``nth``) from the receivers ``victims`` (None: everyone); with ``after``, it delivers it
    after that many more envelopes of anyone have passed, else when the test says."""

    def __init__(
        self, table: Table, who: int, victims: Sequence[int] | None = None, after: int | None = None
    ) -> None:
        self.table, self.who, self.victims, self.after = table, who, victims, after
        self.held: dict[int, bytes] = {}
        self.draw = 0
        self.passed = 0

    def __call__(self, a: int, b: int, data: bytes) -> list[bytes]:
        env = Envelope.decode(data)
        mine = a == self.who and env.type == "reveal"
        if mine and not self.draw and claims_of(data) is not None:
            self.draw = env.body[0]
        if mine and env.body[0] == self.draw and (self.victims is None or b in self.victims):
            self.held[b] = data
            return []
        out = [data]
        if self.held and self.after is not None:
            self.passed += 1
            if self.passed >= self.after * len(self.table.everyone):
                self.release()
        return out

    def release(self) -> None:
        for b, data in self.held.items():
            self.table.send(self.who, b, data)
        self.held = {}


# --- held back, then delivered ---------------------------------------------------------------


@pytest.mark.parametrize("after", [1, 3, 8, None])
@pytest.mark.parametrize(("seats", "who"), [(3, 1), (4, 2), (4, 0)])
def test_a_reveal_with_claims_held_back_then_delivered_changes_nothing(
    seats: int, who: int, after: int | None
) -> None:
    table = Table(f"hold{seats}{who}{after}", seats)
    hold = Hold(table, who, after=after)
    table.run(hold)
    assert hold.draw, "no reveal with claims was sent"
    if hold.held:  # the game stalled first: the relay lets it go at last
        stalled = table.peers[(who + 1) % seats].machine.waiting()
        assert stalled is not None and who in stalled.seats
        assert (stalled.kind, stalled.draw) in (("reveal", hold.draw), ("envelope", 0))
        hold.release()
        table.run()
    assert_one_finished_game(table)


@pytest.mark.parametrize("victim", [0, 1, 3])
def test_a_reveal_with_claims_held_back_from_one_peer_only(victim: int) -> None:
    """Seat 2's reveal reaches everyone but ``victim`` (or the spectator, 3): the others
    complete the draw and apply its claims; the victim waits, naming nobody, until it comes."""
    table = Table(f"one{victim}", 3)
    hold = Hold(table, 2, victims=[victim])
    table.run(hold)
    assert hold.held
    late = table.everyone[victim].machine
    assert late.draw == hold.draw - 1 and not late.finished
    waiting = late.waiting()
    assert waiting is not None and 2 in waiting.seats and waiting.kind in ("reveal", "envelope")
    ahead = [p for i, p in enumerate(table.everyone) if i != victim]
    assert all(p.machine.draw >= hold.draw for p in ahead)
    assert_nobody_named(table)
    hold.release()
    table.run()
    assert_one_finished_game(table)


@pytest.mark.parametrize("shuffle", range(6))
def test_every_link_in_another_order_changes_nothing(shuffle: int) -> None:
    table = Table("order", 4)
    table.run(seed=b"claims-order/%d" % shuffle)
    assert_one_finished_game(table)


@pytest.mark.parametrize("shuffle", range(3))
def test_a_held_back_reveal_with_every_link_in_another_order(shuffle: int) -> None:
    table = Table(f"mixed{shuffle}", 4)
    hold = Hold(table, 3, victims=[0, 2], after=2)
    table.run(hold, seed=b"claims-mixed/%d" % shuffle)
    hold.release()
    table.run(seed=b"claims-mixed-after/%d" % shuffle)
    assert_one_finished_game(table)


# --- dropped --------------------------------------------------------------------------------


def test_a_dropped_reveal_with_claims_comes_back_when_its_member_reconnects() -> None:
    table = Table("resend", 3)
    hold = Hold(table, 1)
    table.run(hold)
    assert hold.held
    hold.held = {}  # dropped: the relay never delivers it
    table.run()
    sender = table.peers[1].machine
    others = [p.machine for i, p in enumerate(table.everyone) if i != 1]
    assert all(m.draw == hold.draw - 1 for m in others) and sender.draw >= hold.draw
    table.reconnect(1)  # its client re-sends every own envelope: the others lack only one
    table.run()
    assert_one_finished_game(table)
    replays = [e for p in table.everyone for e in p.errors if "replayed" in e.reason]
    assert replays  # the duplicates were refused as replays, naming nobody


def test_a_reveal_with_claims_never_delivered_stops_the_game_cleanly() -> None:
    """The relay drops seat 1's reveal for good. Seat 1 itself completed that draw (it has
    every reveal) and applied its claims; nobody else did. Everyone waits, saying for what,
    naming nobody; after the table's time the game ends abandoned at every peer, and each
    peer's record verifies as abandoned, naming nobody."""
    table = Table("drop", 3)
    hold = Hold(table, 1)
    table.run(hold)
    draw, held = hold.draw, dict(hold.held)
    assert held
    hold.held = {}
    table.run(hold)
    sender = table.peers[1]
    carried = claims_of(next(iter(held.values())))
    assert carried is not None and carried[0] == draw
    assert [(d, s) for d, s, _, _ in claimed(table, 1) if d == draw and s == 1]
    for i, peer in enumerate(table.everyone):
        if i == 1:
            continue
        assert peer.machine.draw == draw - 1
        assert not [e for e in claimed(table, i) if e[0] >= draw]
        waiting = peer.machine.waiting()  # seat 1 went on: its later envelopes wait behind
        assert waiting is not None and waiting.seats == (1,)
        assert (waiting.kind, waiting.draw) in (("reveal", draw), ("envelope", 0))
    assert sender.machine.waiting() is not None and not sender.machine.ended
    assert_nobody_named(table)
    table.adjudicate()
    table.run()
    for peer in table.peers:
        assert peer.abandoned is not None
        checked = verify(peer.machine.full_record())
        assert checked.ending == "abandoned" and checked.culprit is None
    for i, peer in enumerate(table.peers):
        assert isinstance(peer.abandoned, GameAbandoned)
        if i != 1:
            assert peer.machine.draw == draw - 1
    assert_nobody_named(table)


# --- replayed -------------------------------------------------------------------------------


@pytest.mark.parametrize("later", [1, 2, 5])
def test_an_old_reveal_with_claims_replayed_later_changes_nothing(later: int) -> None:
    """Once its draw is done, the relay delivers a reveal with claims again, ``later`` draws
    on, to everyone: a replay, refused naming nobody; its claims do not apply twice."""
    table = Table(f"replay{later}", 3)
    kept: list[tuple[int, int, bytes]] = []
    replayed: set[int] = set()

    def attack(a: int, b: int, data: bytes) -> list[bytes]:
        found = claims_of(data)
        if found is not None and not kept:
            kept.append((a, found[0], data))
        env = Envelope.decode(data)
        due = kept and env.type == "reveal" and env.body[0] == kept[0][1] + later
        if due and b != kept[0][0] and b not in replayed:
            replayed.add(b)
            return [data, kept[0][2]]
        return [data]

    table.run(attack)
    assert kept
    assert_one_finished_game(table)
    replays = [e for p in table.everyone for e in p.errors if "replayed" in e.reason]
    assert len(replays) == len(table.everyone) - 1


def test_a_reveal_with_claims_kept_from_one_peer_for_good_ends_abandoned_everywhere() -> None:
    """Seat 2's reveal never reaches seat 0: seat 0 cannot complete that draw, so it never
    reveals the next one and everyone stops. Nobody is named; after the table's time every
    member ends the game abandoned and every record verifies so."""
    table = Table("kept", 3)
    hold = Hold(table, 2, victims=[0])
    table.run(hold)
    assert hold.held
    hold.held = {}
    table.run(hold)
    assert not any(p.machine.ended for p in table.peers)
    assert_nobody_named(table)
    assert table.peers[0].machine.draw == hold.draw - 1
    assert all(p.machine.draw >= hold.draw for p in table.peers[1:])
    table.adjudicate()
    table.run(hold)
    for peer in table.peers:
        assert peer.abandoned is not None
        checked = verify(peer.machine.full_record())
        assert checked.ending == "abandoned" and checked.culprit is None
    assert_nobody_named(table)
    # Seat 0 had accepted envelopes of the seats ahead that it could not apply: they are not
    # in its record (nobody can apply anything after the adjudication that ends it).
    behind = table.peers[0].machine
    unapplied = [d for d in behind.received if d not in behind.record]
    assert unapplied
    with pytest.raises(InvalidRecord, match="after the adjudication") as info:
        verify([*behind.record, *unapplied])
    assert info.value.index == len(behind.record)


# --- a member's two reveals -----------------------------------------------------------------


def test_a_member_showing_one_peer_its_claims_and_another_none_is_named_by_proof() -> None:
    """Seat 1 signs two reveals for one draw — with its claims and without — and the relay
    shows each to different peers. The two peers' states part at that draw, but seat 1's next
    envelope follows only one of them: each honest peer holds proof, halts naming seat 1 alone,
    and a fresh spectator fed a halted peer's record reaches the same verdict."""
    table = Table("split", 3)
    cheat = 1
    twin: dict[str, bytes] = {}

    def attack(a: int, b: int, data: bytes) -> list[bytes]:
        if a != cheat or claims_of(data) is None or twin.get("with", data) != data:
            return [data]
        if "without" not in twin:
            identity = table.peers[cheat].identity
            assert identity is not None
            twin["with"] = data
            twin["without"] = resign(identity, data, body=Envelope.decode(data).body[:2])
        return [data] if b == 0 else [twin["without"]]

    table.run(attack)
    assert twin
    for i, peer in enumerate(table.everyone):
        if i == cheat:
            continue
        halted = peer.machine.halted
        assert halted is not None and halted.culprit == table.peers[cheat].identity.public  # type: ignore[union-attr]
        assert "two histories" in halted.reason
        assert all(e.culprit in (None, halted.culprit) for e in peer.errors)
    late = Lockstep(None, make_engine)
    for data in table.peers[0].machine.full_record():
        try:
            late.receive(data)
        except RemoteProtocolError:
            pass
        except LocalProtocolError:
            break
    assert late.halted is not None and late.halted.culprit == table.peers[cheat].identity.public  # type: ignore[union-attr]


# --- everything at once ---------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "seats"), [(0, 3), (1, 4), (2, 5), (3, 5)])
def test_a_relay_dropping_holding_duplicating_and_reordering_at_random(
    seed: int, seats: int
) -> None:
    """For 31 rounds the relay drops 10 % of what it should deliver, holds 20 % back to
    deliver later in any order, doubles 5 %, and delivers every link in another order, while
    members reconnect (re-sending their envelopes) now and then; then it turns honest and every
    member reconnects once more. Nobody is named and everyone finishes one game."""
    table = Table(f"chaos{seed}", seats)
    stream = HashStream(b"chaos/%d" % seed)
    limbo: list[tuple[int, int, bytes]] = []

    def attack(a: int, b: int, data: bytes) -> list[bytes]:
        roll = stream.below(100)
        if roll < 10:
            return []
        if roll < 30:
            limbo.append((a, b, data))
            return []
        return [data, data] if roll < 35 else [data]

    for round_ in range(31):
        table.run(attack, seed=b"chaos-order/%d/%d" % (seed, round_))
        while limbo:
            table.send(*limbo.pop(stream.below(len(limbo))))
            if stream.below(3) == 0:
                break
        if stream.below(4) == 0 or not limbo:
            table.reconnect(stream.below(seats))
    for seat in range(seats):
        table.reconnect(seat)
    table.run(seed=b"chaos-final/%d" % seed)
    assert_one_finished_game(table)
