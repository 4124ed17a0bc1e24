"""protocol.lockstep: the sans-IO machine, driven with the toy game of ``toy.py``
(DESIGN §3, §5; docs/protocol.md §4–§7).

Whole games between machines over an in-memory relay, with honest and cheating members: the
table setup, the engine-driven order, early envelopes, the beacon, the canonical record order,
every detection (culprit named, the honest machines unchanged), and fuzzing of ``receive``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol.beacon import RECOMMIT_MARGIN, HashChain, draw_bytes, outcome_index
from protocol.codec import pack
from protocol.envelope import TYPES, ZERO_HASH, Envelope
from protocol.errors import LocalProtocolError, RemoteProtocolError
from protocol.lockstep import (
    MAX_EARLY,
    NEED_DATA,
    Applied,
    Drawn,
    GameOver,
    GameStarted,
    Lockstep,
    Table,
    Transmit,
    YourTurn,
)

from .toy import (
    GAME,
    NONCE,
    WEIGHTS,
    Node,
    key,
    make_nodes,
    propose,
    relay,
    reseal,
    scrambled_relay,
    seed,
    spectate,
    toy_engines,
)


def envelopes(record: list[bytes]) -> list[Envelope]:
    return [Envelope.decode(data) for data in record]


def played(n: int = 2, **kwargs: Any) -> list[Node]:
    nodes = make_nodes(n, **kwargs)
    propose(nodes)
    relay(nodes)
    return nodes


def member_key(node: Node) -> bytes:
    assert node.machine.identity is not None
    return node.machine.identity.public


# --- table setup ------------------------------------------------------------------------


def test_the_creator_sends_the_table_then_its_commitment() -> None:
    a, b = make_nodes(2)
    members = (member_key(a), member_key(b))
    table = a.machine.propose(GAME, (), members, ("ann", "bob"), NONCE)
    assert table == Table(GAME, (), members, ("ann", "bob"), NONCE)
    sent = list(iter(a.machine.next_event, NEED_DATA))
    assert [type(e) for e in sent] == [Transmit, Transmit]
    first, second = (Envelope.decode(e.data) for e in sent if isinstance(e, Transmit))
    assert (first.type, first.seq, first.prev) == ("table", 0, ZERO_HASH)
    assert first.body == (GAME, (), members, ("ann", "bob"), NONCE)
    assert (
        first.game_id
        == table.game_id
        == hashlib.sha256(
            pack(["goldnet/table/v1", GAME, (), members, ("ann", "bob"), NONCE])
        ).digest()
    )
    assert (second.type, second.seq, second.prev) == ("commit", 1, first.hash)
    assert second.body[1] == 512 and len(second.body[0]) == 32


def test_the_game_starts_when_every_commitment_is_in_and_they_are_recorded_in_seat_order() -> None:
    nodes = make_nodes(3)
    a, b, c = nodes
    propose(nodes)
    table_env, commit_a = list(a.outbox)
    for node in (b, c):
        node.deliver(table_env)
    commit_b, commit_c = b.outbox[0], c.outbox[0]
    # c hears the commitments in reverse seat order.
    c.deliver(commit_b)
    assert c.machine.engine is not None
    assert not any(isinstance(e, GameStarted) for e in c.events)
    c.deliver(commit_a)
    started = [e for e in c.events if isinstance(e, GameStarted)]
    assert len(started) == 1 and started[0].table.names == ("p0", "p1", "p2")
    assert c.machine.record[:4] == [table_env, commit_a, commit_b, commit_c]


def test_whole_games_for_two_to_six_seats_agree_everywhere() -> None:
    for n in range(2, 7):
        nodes = played(n, prefix=f"seats{n}-")
        record = nodes[0].machine.record
        assert all(node.errors == [] for node in nodes)
        assert all(node.result == nodes[0].result is not None for node in nodes)
        assert all(node.machine.record == record and node.machine.finished for node in nodes)
        assert nodes[0].machine.draw == 12 and nodes[0].machine.actions == 12
        # table + n commits + 12 draws of n reveals + 12 actions
        assert len(record) == 1 + n + 12 * n + 12
        watcher = spectate(record)
        assert watcher.finished and watcher.record == record
        assert watcher.engine is not None and watcher.engine.due() == ("over", nodes[0].result)


def test_outcomes_are_the_documented_function_of_the_recorded_reveals() -> None:
    nodes = played(3)
    record = envelopes(nodes[0].machine.record)
    game_id = record[0].game_id
    seats = {member: seat for seat, member in enumerate(record[0].body[2])}
    values: dict[int, dict[int, bytes]] = {}
    for env in record:
        if env.type == "reveal":
            values.setdefault(env.body[0], {})[seats[env.sender]] = env.body[1]
    expected = [
        outcome_index(draw_bytes(game_id, d, [values[d][s] for s in range(3)]), WEIGHTS)
        for d in sorted(values)
    ]
    drawn = [e for e in nodes[1].events if isinstance(e, Drawn)]
    assert [(e.draw, e.index) for e in drawn] == list(enumerate(expected, 1))
    assert nodes[2].engine.outcomes == expected


def test_the_record_order_is_canonical() -> None:
    nodes = played(3)
    record = envelopes(nodes[0].machine.record)
    assert record[0].type == "table"
    assert [e.type for e in record[1:4]] == ["commit"] * 3
    members = record[0].body[2]
    assert [e.sender for e in record[1:4]] == list(members)
    body = record[4:]
    # Each round: the three reveals in seat order, then the seat's action.
    for r in range(12):
        chunk = body[4 * r : 4 * r + 4]
        assert [e.type for e in chunk] == ["reveal"] * 3 + ["action"]
        assert [e.sender for e in chunk[:3]] == list(members)
        assert all(e.body[0] == r + 1 for e in chunk[:3])
        assert chunk[3].sender == members[r % 3]


@pytest.mark.parametrize("shuffle", range(4))
def test_records_agree_whatever_the_delivery_order_with_recommits(shuffle: int) -> None:
    """Guards the recommit-order fix: a recommit applied while its sender's reveal waited for
    the others went before that reveal at some peers and after it at others."""
    n = 4 + shuffle % 2
    nodes = make_nodes(n, rounds=80, chain_length=70, prefix=f"shuffle{shuffle}-")
    propose(nodes)
    scrambled_relay(nodes, b"order/%d" % shuffle)
    record = nodes[0].machine.record
    assert all(node.errors == [] and node.machine.finished for node in nodes)
    assert all(node.machine.record == record for node in nodes)
    assert sum(e.type == "recommit" for e in envelopes(record)) == 2 * n  # at draws 7 and 77
    assert spectate(record, rounds=80).record == record


def test_a_recommit_does_not_reveal_a_draw_twice() -> None:
    """Guards the duplicate-reveal fix: emitting a recommit pumped the machine, which revealed
    the same draw again; the game then stalled at the first recommit."""
    nodes = played(2, rounds=150, chain_length=70)
    assert all(node.result is not None and node.errors == [] for node in nodes)
    for node in nodes:
        mine = [
            Envelope.decode(e.data)
            for e in node.events
            if isinstance(e, Transmit) and Envelope.decode(e.data).sender == member_key(node)
        ]
        reveals = [e.body[0] for e in mine if e.type == "reveal"]
        assert reveals == list(range(1, 151))
        # Each recommit goes out just before the reveal of the first draw d with
        # d + RECOMMIT_MARGIN past the end of the current segment: 7 + 64 > 70, 77 + 64 > 140…
        recommits = [
            (e.body[0], e.body[2], mine[i + 1].type, mine[i + 1].body[0])
            for i, e in enumerate(mine)
            if e.type == "recommit"
        ]
        assert RECOMMIT_MARGIN == 64
        assert recommits == [
            (71, 70, "reveal", 7),
            (141, 70, "reveal", 77),
            (211, 70, "reveal", 147),
        ]


def test_recommitted_chains_are_verified_like_the_first() -> None:
    nodes = played(2, rounds=150, chain_length=70)
    record = envelopes(nodes[0].machine.record)
    for member in record[0].body[2]:
        anchors = {1: next(e.body[0] for e in record if e.type == "commit" and e.sender == member)}
        firsts = [1]
        for e in record:
            if e.sender != member:
                continue
            if e.type == "recommit":
                anchors[e.body[0]] = e.body[1]
                firsts.append(e.body[0])
            elif e.type == "reveal":
                d, value = e.body
                first = max(f for f in firsts if f <= d)
                assert hashlib.sha256(b"goldnet/beacon/chain/v1" + value).digest() == anchors[first]
                anchors[first] = value
                assert d - first + 1 <= 70


def test_chain_length_must_exceed_the_recommit_margin() -> None:
    """Guards the chain-length fix: with 64 values or fewer an honest peer recommitted at every
    draw and ended by halting its own game."""
    for length in (1, 8, RECOMMIT_MARGIN):
        with pytest.raises(LocalProtocolError, match="chain segment"):
            Lockstep(key("x"), toy_engines(), beacon_seed=seed("x"), chain_length=length)
    nodes = played(2, rounds=200, chain_length=RECOMMIT_MARGIN + 1)
    assert all(node.result is not None and node.errors == [] for node in nodes)


# --- order: early envelopes wait ------------------------------------------------------------


def test_early_envelopes_wait_in_their_senders_queue() -> None:
    nodes = played(3)
    record = nodes[0].machine.record
    envs = envelopes(record)
    by_sender: dict[bytes, list[bytes]] = {}
    for env in envs[1:]:
        by_sender.setdefault(env.sender, []).append(env.raw)
    # The table, then everything of the last seat, then of the middle one, then of the first:
    # each sender's envelopes in order, but every reveal and action long before its time.
    watcher = Lockstep(None, toy_engines())
    watcher.receive(record[0])
    for member in reversed(envs[0].body[2]):
        for data in by_sender[member]:
            watcher.receive(data)
            assert watcher.record == record[: len(watcher.record)]
    assert watcher.finished and watcher.record == record


def test_envelopes_before_the_table_wait_for_it() -> None:
    nodes = played(2)
    record = nodes[0].machine.record
    watcher = Lockstep(None, toy_engines())
    for data in record[1:]:
        watcher.receive(data)  # all before the table: buffered
    assert watcher.table is None and watcher.record == []
    watcher.receive(record[0])
    assert watcher.finished and watcher.record == record


def test_too_many_envelopes_before_the_table_are_refused() -> None:
    nodes = played(2, rounds=100)
    record = nodes[0].machine.record
    watcher = Lockstep(None, toy_engines(100))
    for data in record[1 : MAX_EARLY + 1]:
        watcher.receive(data)
    with pytest.raises(RemoteProtocolError, match="too many envelopes before the table"):
        watcher.receive(record[MAX_EARLY + 1])
    assert watcher.halted is None


def test_each_action_carries_the_hash_of_the_state_it_applies_to() -> None:
    nodes = played(2)
    watcher = Lockstep(None, toy_engines())
    actions = 0
    for env in envelopes(nodes[0].machine.record):
        if env.type == "action":
            assert watcher.engine is not None
            assert env.body[0] == watcher.engine.state_hash()
            actions += 1
        watcher.receive(env.raw)
    assert actions == 12


# --- the local side -------------------------------------------------------------------------


def test_your_turn_comes_once_to_the_seat_whose_turn_it_is() -> None:
    nodes = played(3)
    for seat, node in enumerate(nodes):
        turns = [e.seat for e in node.events if isinstance(e, YourTurn)]
        assert turns == [seat] * 4  # rounds 12, 3 seats
        applied = [e.seat for e in node.events if isinstance(e, Applied)]
        assert applied == [r % 3 for r in range(12)]
        assert [e for e in node.events if isinstance(e, GameOver)] == [GameOver(node.result)]


def test_send_refuses_out_of_turn_and_illegal_moves_without_sending_anything() -> None:
    a, b = make_nodes(2)
    with pytest.raises(LocalProtocolError, match="not started"):
        a.machine.send(("take", 1))
    # Drive by hand: nobody plays automatically.
    members = (member_key(a), member_key(b))
    a.machine.propose(GAME, (), members, ("a", "b"), NONCE)
    for data in [e.data for e in iter(a.machine.next_event, NEED_DATA) if isinstance(e, Transmit)]:
        b.machine.receive(data)
    for data in [e.data for e in iter(b.machine.next_event, NEED_DATA) if isinstance(e, Transmit)]:
        a.machine.receive(data)
    events = list(iter(a.machine.next_event, NEED_DATA))
    assert any(isinstance(e, YourTurn) and e.seat == 0 for e in events)
    assert b.machine.engine is not None and a.machine.engine is not None
    roll = a.engine.roll
    assert roll is not None
    with pytest.raises(LocalProtocolError, match="not this peer's turn"):
        b.machine.send(("take", 1))
    me = a.machine.members[member_key(a)]
    before = (me.next_seq, me.last_hash, a.machine.engine.state_hash(), list(a.machine.record))
    for illegal in [("take", 0), ("take", roll + 1), ("give", 1), ("take",), ("take", True)]:
        with pytest.raises(LocalProtocolError, match="illegal action"):
            a.machine.send(illegal)
        assert a.machine.next_event() is NEED_DATA
        assert a.machine.halted is None
        after = (me.next_seq, me.last_hash, a.machine.engine.state_hash(), a.machine.record)
        assert after == before
    a.machine.send(("take", roll))
    event = a.machine.next_event()
    assert isinstance(event, Transmit) and Envelope.decode(event.data).body[1] == ("take", roll)


def test_propose_refuses_a_table_without_this_peer_or_a_second_table() -> None:
    a, b = make_nodes(2)
    others = (key("x").public, key("y").public)
    with pytest.raises(LocalProtocolError, match="must be one of its members"):
        a.machine.propose(GAME, (), others, ("x", "y"), NONCE)
    a.machine.propose(GAME, (), (member_key(a), member_key(b)), ("a", "b"), NONCE)
    with pytest.raises(LocalProtocolError, match="already has a table"):
        a.machine.propose(GAME, (), (member_key(a), member_key(b)), ("a", "b"), NONCE + b"2")
    with pytest.raises(LocalProtocolError):
        Lockstep(None, toy_engines()).propose(GAME, (), others, ("x", "y"), NONCE)


@pytest.mark.parametrize(
    ("game", "members", "names", "nonce", "reason"),
    [
        ("chess", 2, ("a", "b"), NONCE, "unplayable table"),
        (GAME, 2, ("a", "b" * 41), NONCE, "at most 40 characters"),
        (GAME, 2, ("a", "b"), b"short", "nonce"),
        (GAME, 1, ("a",), NONCE, "2 to 6 members"),
        (GAME, 7, ("a",) * 7, NONCE, "2 to 6 members"),
    ],
)
def test_propose_refuses_a_table_it_would_refuse_from_others_and_sends_nothing(
    game: str, members: int, names: tuple[str, ...], nonce: bytes, reason: str
) -> None:
    """Guards the propose fix: such a table used to be queued for sending before the machine
    refused it, with a RemoteProtocolError naming this very peer."""
    nodes = make_nodes(max(members, 2), prefix="propose-")
    keys = tuple(member_key(n) for n in nodes[:members])
    machine = nodes[0].machine
    with pytest.raises(LocalProtocolError, match=reason):
        machine.propose(game, (), keys, names, nonce)
    assert machine.next_event() is NEED_DATA
    assert machine.table is None and machine.halted is None
    # The machine is still usable for a good table.
    machine.propose(GAME, (), (keys[0], member_key(nodes[1])), ("a", "b"), NONCE)
    assert machine.table is not None


def test_a_spectator_never_sends() -> None:
    nodes = played(2)
    watcher = spectate(nodes[0].machine.record)
    assert watcher.next_event() is not NEED_DATA  # it saw the game…
    events = list(iter(watcher.next_event, NEED_DATA))
    assert not any(isinstance(e, (Transmit, YourTurn)) for e in events)  # …and said nothing
    with pytest.raises(LocalProtocolError):
        watcher.send(("take", 1))


# --- detections ---------------------------------------------------------------------------


class Trap:
    """A relay tamper that acts once, on the ``nth`` envelope of ``type_`` sent by ``cheater``,
    and remembers what every other node's engine hash and record were just before. With
    ``rechain`` the cheater is a member keeping its own history consistent: after the forgery,
    its later envelopes are signed again to follow the forged one."""

    def __init__(
        self, nodes: list[Node], cheater: int, type_: str, nth: int, act: Act, *, rechain: bool
    ) -> None:
        self.nodes = nodes
        self.rechain = rechain
        self.cheater = nodes[cheater]
        self.type_ = type_
        self.nth = nth
        self.act = act
        self.seen = 0
        self.last_hash: bytes | None = None
        self.before: dict[str, tuple[bytes, list[bytes]]] = {}

    def __call__(self, sender: Node, data: bytes) -> list[bytes]:
        if sender is not self.cheater:
            return [data]
        if self.last_hash is not None:
            data = reseal(sender, data, prev=self.last_hash)
            self.last_hash = Envelope.decode(data).hash
            return [data]
        if Envelope.decode(data).type != self.type_:
            return [data]
        self.seen += 1
        if self.seen != self.nth:
            return [data]
        self.before = {
            n.label: (n.engine.state_hash(), list(n.machine.record))
            for n in self.nodes
            if n is not sender
        }
        out = self.act(self.nodes, sender, data)
        if self.rechain:
            self.last_hash = Envelope.decode(out[-1]).hash
        return out

    def assert_honest_nodes_unchanged(self) -> None:
        assert self.before, "the trap never fired"
        for node in self.nodes:
            if node is not self.cheater:
                assert (node.engine.state_hash(), node.machine.record) == self.before[node.label]


Act = Callable[[list[Node], Node, bytes], list[bytes]]
"""What a cheating member sends in place of one of its envelopes (given every node)."""


def body_of(data: bytes) -> tuple[Any, ...]:
    return Envelope.decode(data).body


def own_chain(node: Node) -> HashChain:
    """The first chain of a toy node (its seed is public in tests)."""
    return HashChain(seed(node.label))


HALTS: dict[str, tuple[str, int, Act, str]] = {
    # name: (type, nth, what the cheater sends instead, reason)
    "reveal that does not hash": (
        "reveal",
        3,
        lambda ns, n, d: [reseal(n, d, body=(body_of(d)[0], b"\x55" * 32))],
        "does not hash to the previous value",
    ),
    "reveal of another draw's value": (
        "reveal",
        3,
        lambda ns, n, d: [reseal(n, d, body=(3, own_chain(n).value_for(4)))],
        "does not hash",
    ),
    "reveal of another member's value": (
        "reveal",
        3,
        lambda ns, n, d: [reseal(n, d, body=(3, own_chain(ns[0]).value_for(3)))],
        "does not hash",
    ),
    "reveal for a past draw": (
        "reveal",
        3,
        lambda ns, n, d: [reseal(n, d, body=(2, body_of(d)[1]))],
        "past draw",
    ),
    "malformed reveal": (
        "reveal",
        2,
        lambda ns, n, d: [reseal(n, d, body=(2,))],
        "a reveal body is",
    ),
    "illegal action": (
        "action",
        2,
        lambda ns, n, d: [reseal(n, d, body=(body_of(d)[0], ("take", 6)))],
        "illegal action by seat 1",
    ),
    "action of the wrong shape": (
        "action",
        2,
        lambda ns, n, d: [reseal(n, d, body=(body_of(d)[0], "take 1"))],
        "an action body is",
    ),
    "state-hash mismatch": (
        "action",
        2,
        lambda ns, n, d: [reseal(n, d, body=(b"\x00" * 32, body_of(d)[1]))],
        "state-hash mismatch",
    ),
    "two histories signed": (
        "action",
        2,
        lambda ns, n, d: [reseal(n, d, prev=b"\x01" * 32)],
        "does not follow its previous one",
    ),
    "duplicate commitment": (
        "commit",
        1,
        lambda ns, n, d: [reseal(n, d, body=(own_chain(ns[0]).commitment, 512))],
        "duplicate beacon commitment",
    ),
    "chain too short for the draw": (
        "commit",
        1,
        lambda ns, n, d: [reseal(n, d, body=(body_of(d)[0], 1))],
        "no committed chain covers draw 2",
    ),
    "malformed commitment": (
        "commit",
        1,
        lambda ns, n, d: [reseal(n, d, body=(body_of(d)[0], 0))],
        "a chain has 1 to",
    ),
    "action before its commitment": (
        "commit",
        1,
        lambda ns, n, d: [reseal(n, d, type_="action")],
        "expected a commitment, got action",
    ),
    "commit during the game": (
        "reveal",
        2,
        lambda ns, n, d: [reseal(n, d, type_="commit", body=(b"\x09" * 32, 512))],
        "commit sent during the game",
    ),
    "table during the game": (
        "action",
        1,
        lambda ns, n, d: [reseal(n, d, type_="table")],
        "table sent during the game",
    ),
    "recommit not following the segment": (
        "reveal",
        2,
        lambda ns, n, d: [reseal(n, d, type_="recommit", body=(600, b"\x08" * 32, 512))],
        "recommit must start at draw 513",
    ),
    "recommit repeating a commitment": (
        "reveal",
        2,
        lambda ns, n, d: [reseal(n, d, type_="recommit", body=(513, own_chain(n).commitment, 9))],
        "invalid or duplicate recommitment",
    ),
    "malformed recommit": (
        "reveal",
        2,
        lambda ns, n, d: [reseal(n, d, type_="recommit", body=(513, b"\x08" * 32))],
        "a recommit body is",
    ),
}


DELAYED = {"chain too short for the draw"}
"""Cheats that are accepted when sent and detected later (at draw 2): honest envelopes in
between legitimately move the game on, so only the checks against the record apply."""


@pytest.mark.parametrize("name", list(HALTS))
def test_a_cheating_member_is_named_and_the_honest_ones_lose_nothing(name: str) -> None:
    type_, nth, act, reason = HALTS[name]
    nodes = make_nodes(3, prefix=f"cheat{list(HALTS).index(name)}-")
    cheater = nodes[1]
    trap = Trap(nodes, 1, type_, nth, act, rechain=True)
    propose(nodes)
    relay(nodes, tamper=trap)
    for node in (nodes[0], nodes[2]):
        halted = node.machine.halted
        assert halted is not None, name
        assert reason in halted.reason
        assert halted.culprit == member_key(cheater)
        assert node.errors[-1] is halted
        assert node.result is None
        with pytest.raises(LocalProtocolError, match="halted"):
            node.machine.receive(nodes[0].machine.record[0])
    if name not in DELAYED:
        trap.assert_honest_nodes_unchanged()
    # What the honest nodes recorded is still a valid game prefix, and they agree on it.
    assert nodes[0].machine.record == nodes[2].machine.record
    watcher = spectate(nodes[0].machine.record)
    assert watcher.engine is not None
    assert watcher.engine.state_hash() == nodes[0].engine.state_hash()


def outsider_copy(nodes: list[Node], node: Node, data: bytes) -> list[bytes]:
    env = Envelope.decode(data)
    forged = Envelope.seal(key("outsider"), env.type, env.game_id, 0, ZERO_HASH, env.body)
    return [forged.raw, data]


DROPS: dict[str, tuple[str, int, Act, str, bool]] = {
    # name: (type, nth, what the relay delivers, reason, whether the sender is named)
    "bad signature": (
        "action",
        2,
        lambda ns, n, d: [d[:-1] + bytes([d[-1] ^ 1]), d],
        "bad signature",
        False,
    ),
    "replayed envelope": ("reveal", 3, lambda ns, n, d: [d, d], "replayed envelope", False),
    "replayed old envelope": (
        "action",
        3,
        lambda ns, n, d: [d, ns[1].machine.received[1]],
        "replayed envelope",
        False,
    ),
    "envelope of another game": (
        "action",
        1,
        lambda ns, n, d: [reseal(n, d, game_id=b"\x07" * 32), d],
        "another game",
        False,
    ),
    "forged sender outside the table": (
        "action",
        1,
        outsider_copy,
        "not a member of this table",
        False,
    ),
    "undecodable bytes": ("reveal", 2, lambda ns, n, d: [d[:40], d], "truncated", False),
}


@pytest.mark.parametrize("name", list(DROPS))
def test_what_a_relay_could_have_done_is_dropped_and_the_game_goes_on(name: str) -> None:
    type_, nth, act, reason, named = DROPS[name]
    prefix = f"drop{list(DROPS).index(name)}-"
    clean = played(3, prefix=prefix)
    nodes = make_nodes(3, prefix=prefix)
    trap = Trap(nodes, 1, type_, nth, act, rechain=False)
    propose(nodes)
    relay(nodes, tamper=trap)
    assert trap.before
    for node in (nodes[0], nodes[2]):
        assert [e.reason for e in node.errors if reason in e.reason], node.errors
        (error,) = node.errors
        assert error.culprit == (member_key(nodes[1]) if named else None)
        assert node.machine.halted is None
    # Nothing was lost: the game finished exactly as without the interference.
    for node, twin in zip(nodes, clean, strict=True):
        assert node.result == twin.result is not None
        assert node.machine.record == twin.machine.record


def test_a_reordered_envelope_is_a_gap_and_nothing_is_lost_when_it_is_sent_again() -> None:
    clean = played(2, prefix="reorder-")
    nodes = make_nodes(2, prefix="reorder-")
    held: list[bytes] = []

    def swap(sender: Node, data: bytes) -> list[bytes]:
        if sender is not nodes[1]:
            return [data]
        if Envelope.decode(data).type == "reveal" and Envelope.decode(data).body[0] == 6:
            held.append(data)
            return []
        if held and len(held) == 1:
            held.append(data)
            # The later envelope first, then the earlier, then the later again (a transport
            # resends what was refused).
            return [data, held[0], data]
        return [data]

    propose(nodes)
    relay(nodes, tamper=swap)
    honest = nodes[0]
    (error,) = honest.errors
    assert "gap in the sequence" in error.reason and "expected" in error.reason
    assert error.culprit == member_key(nodes[1]) and honest.machine.halted is None
    assert honest.result == clean[0].result is not None
    assert honest.machine.record == clean[0].machine.record


def test_a_gap_names_the_sender_and_the_game_resumes_when_the_missing_envelope_comes() -> None:
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
    assert len(held) == 1 and honest.machine.halted is None
    frozen = (honest.engine.state_hash(), list(honest.machine.record))
    assert honest.machine.draw == 3
    # Seat 1 went on (draw 4, then its action in round 4) — those envelopes are gaps at seat 0.
    later = [
        d
        for d in nodes[1].machine.received
        if Envelope.decode(d).sender == member_key(nodes[1])
        and Envelope.decode(d).seq > Envelope.decode(held[0]).seq
    ]
    assert later
    for data in later:
        honest.deliver(data)
    assert all("gap in the sequence" in e.reason for e in honest.errors)
    assert {e.culprit for e in honest.errors} == {member_key(nodes[1])}
    assert (honest.engine.state_hash(), honest.machine.record) == frozen
    # The missing reveal, then the rest again: the game resumes and ends normally.
    honest.errors.clear()
    for data in [held[0], *later]:
        honest.deliver(data)
    relay(nodes)
    assert honest.errors == [] and honest.result is not None
    assert honest.machine.record == nodes[1].machine.record


def test_a_withheld_reveal_is_named_after_the_timeout() -> None:
    now = [0]
    nodes = make_nodes(3, prefix="withhold-", clock=lambda: now[0], reveal_timeout_ms=5000)

    def withhold(sender: Node, data: bytes) -> list[bytes]:
        env = Envelope.decode(data)
        if sender is not nodes[0] and env.type == "reveal" and env.body[0] == 4:
            return []
        return [data]

    propose(nodes)
    relay(nodes, tamper=withhold)
    honest = nodes[0]
    frozen = (honest.engine.state_hash(), list(honest.machine.record))
    assert honest.machine.draw == 3
    now[0] = 4999
    honest.machine.tick()
    assert honest.machine.halted is None
    now[0] = 5000
    with pytest.raises(RemoteProtocolError, match="withheld by") as info:
        honest.machine.tick()
    assert info.value.culprit == member_key(nodes[1])  # the first of the two, in seat order
    assert nodes[1].machine.identity is not None and nodes[2].machine.identity is not None
    assert nodes[1].machine.identity.fingerprint in info.value.reason
    assert nodes[2].machine.identity.fingerprint in info.value.reason
    assert "draw 4" in info.value.reason
    assert honest.machine.halted is info.value
    assert (honest.engine.state_hash(), honest.machine.record) == frozen
    honest.machine.tick()  # halted: nothing more to say
    with pytest.raises(LocalProtocolError):
        honest.machine.receive(b"")


def test_tick_is_quiet_outside_draws() -> None:
    now = [10**9]
    nodes = make_nodes(2, clock=lambda: now[0], reveal_timeout_ms=1)
    propose(nodes)
    relay(nodes)
    now[0] += 10**6
    for node in nodes:
        node.machine.tick()  # finished: no draw is pending
        assert node.machine.halted is None


def bad_table(**changes: Any) -> tuple[Lockstep, bytes]:
    members = (key("t0").public, key("t1").public)
    fields: dict[str, Any] = {
        "game": GAME,
        "options": (),
        "members": members,
        "names": ("a", "b"),
        "nonce": NONCE,
    }
    signer = changes.pop("signer", key("t0"))
    seq = changes.pop("seq", 0)
    game_id = changes.pop("game_id", None)
    fields.update(changes)
    body = tuple(fields.values())
    if game_id is None:
        game_id = hashlib.sha256(pack(["goldnet/table/v1", *body])).digest()
    env = Envelope.seal(signer, "table", game_id, seq, ZERO_HASH, body)
    return Lockstep(key("t1"), toy_engines(), beacon_seed=seed("t1")), env.raw


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"members": (key("t0").public,), "names": ("a",)}, "2 to 6 members"),
        ({"members": tuple(key(f"t{i}").public for i in range(7)), "names": ("a",) * 7}, "2 to 6"),
        ({"members": (key("t0").public, key("t0").public)}, "distinct 32-byte"),
        ({"members": (key("t0").public, b"\x01" * 31)}, "distinct 32-byte"),
        ({"names": ("a",)}, "a name of at most 40 characters"),
        ({"names": ("a", "b" * 41)}, "at most 40"),
        ({"names": ("a", b"b")}, "at most 40"),
        ({"nonce": b"\x00" * 15}, "nonce is 16 to 64 bytes"),
        ({"nonce": b"\x00" * 65}, "nonce"),
        ({"game": 7}, "names its game"),
        ({"options": "none"}, "names its game"),
        ({"game_id": b"\x00" * 32}, "not the hash of its body"),
        ({"signer": key("outsider")}, "comes first from one of its members"),
        ({"seq": 1}, "comes first"),
    ],
)
def test_invalid_tables_are_refused_without_halting(changes: dict[str, Any], reason: str) -> None:
    machine, data = bad_table(**changes)
    with pytest.raises(RemoteProtocolError, match=reason) as info:
        machine.receive(data)
    assert info.value.culprit is None
    assert machine.halted is None and machine.table is None and machine.record == []


def test_an_unplayable_table_names_its_proposer_without_halting() -> None:
    machine, data = bad_table(game="chess")
    with pytest.raises(RemoteProtocolError, match="unplayable table") as info:
        machine.receive(data)
    assert info.value.culprit == key("t0").public
    assert machine.halted is None and machine.table is None
    _, good = bad_table()
    machine.receive(good)  # a valid table still gets through
    assert machine.table is not None


def test_an_envelope_after_the_end_halts() -> None:
    nodes = played(2)
    late = reseal(
        nodes[1],
        nodes[1].machine.record[-1],
        seq=nodes[0].machine.members[member_key(nodes[1])].next_seq,
        prev=nodes[0].machine.members[member_key(nodes[1])].last_hash,
        type_="reveal",
        body=(13, b"\x00" * 32),
    )
    with pytest.raises(RemoteProtocolError, match="after the end of the game") as info:
        nodes[0].machine.receive(late)
    assert info.value.culprit == member_key(nodes[1])


# --- fuzzing ------------------------------------------------------------------------------

ROUNDS = 4


def fuzz_stream() -> tuple[list[bytes], list[bytes]]:
    """What seat 0 sends in a clean game, in order, and the clean record."""
    nodes = make_nodes(2, prefix="fuzz-", rounds=ROUNDS)
    propose(nodes)
    sent: list[bytes] = []

    def spy(sender: Node, data: bytes) -> list[bytes]:
        if sender is nodes[0]:
            sent.append(data)
        return [data]

    relay(nodes, tamper=spy)
    return sent, nodes[0].machine.record


STREAM, RECORD = fuzz_stream()


def fresh_seat_one() -> Node:
    """Seat 1 again from scratch: same key and seed, so it replays the same game."""
    return make_nodes(2, prefix="fuzz-", rounds=ROUNDS)[1]


def feed(node: Node, data: bytes) -> RemoteProtocolError | None:
    """Deliver one input; only RemoteProtocolError may come out (LocalProtocolError once
    halted); returns the error, if any."""
    halted_before = node.machine.halted is not None
    try:
        node.machine.receive(data)
    except RemoteProtocolError as exc:
        node.drain()
        return exc
    except LocalProtocolError:
        assert halted_before, "LocalProtocolError from a machine that was not halted"
        return None
    node.drain()
    return None


def mutate(data: bytes, edits: list[tuple[int, int, str]]) -> bytes:
    out = bytearray(data)
    for where, byte, kind in edits:
        where %= len(out) + 1
        if kind == "flip" and where < len(out):
            out[where] ^= byte or 1
        elif kind == "insert":
            out[where:where] = bytes([byte])
        elif kind == "delete" and where < len(out):
            del out[where]
        elif kind == "cut":
            del out[where:]
    return bytes(out)


edits = st.lists(
    st.tuples(
        st.integers(0, 400),
        st.integers(0, 255),
        st.sampled_from(["flip", "insert", "delete", "cut"]),
    ),
    min_size=1,
    max_size=3,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, len(STREAM)),
    st.one_of(st.binary(max_size=300), st.tuples(st.integers(0, len(STREAM) - 1), edits)),
)
def test_garbage_and_mutated_envelopes_change_nothing(position: int, junk: Any) -> None:
    """Random bytes, or one of seat 0's envelopes with bytes flipped, inserted, deleted or cut,
    delivered at any point of a game: a RemoteProtocolError naming nobody, and the game then
    ends exactly as it would have."""
    node = fresh_seat_one()
    data = junk if isinstance(junk, bytes) else mutate(STREAM[junk[0]], junk[1])
    if data in STREAM:
        return
    for item in STREAM[:position]:
        assert feed(node, item) is None
    error = feed(node, data)
    assert isinstance(error, RemoteProtocolError) and error.culprit is None
    assert node.machine.halted is None
    for item in STREAM[position:]:
        assert feed(node, item) is None
    assert node.machine.finished and node.machine.record == RECORD


scalars = (
    st.none()
    | st.booleans()
    | st.integers(-3, 600)
    | st.sampled_from(["take", "reveal", "", "x" * 41])
    | st.binary(min_size=31, max_size=33)
)
bodies = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4).map(tuple), max_leaves=8)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(1, len(STREAM)),
    st.sampled_from(TYPES),
    st.integers(-2, 2),
    st.booleans(),
    st.booleans(),
    st.one_of(bodies.filter(lambda b: isinstance(b, tuple)), st.sampled_from(["real"])),
)
def test_anything_a_member_can_sign_raises_only_protocol_errors_naming_it(
    position: int, type_: str, seq_shift: int, good_prev: bool, good_game: bool, body: Any
) -> None:
    """Seat 0 signs an arbitrary envelope (any type, sequence number near the right one, right
    or wrong previous hash and game id, any body) in the middle of the game: seat 1 raises only
    RemoteProtocolError (LocalProtocolError once halted), never blames itself, and when it
    refuses without halting, the game still ends exactly as it would have."""
    node = fresh_seat_one()
    for item in STREAM[:position]:
        assert feed(node, item) is None
    cheater_key = key("fuzz-0").public
    view = node.machine.members.get(cheater_key)
    previous = Envelope.decode(STREAM[position - 1])
    next_seq = view.next_seq if view else previous.seq + 1
    last_hash = view.last_hash if view else previous.hash
    real = Envelope.decode(STREAM[position]) if position < len(STREAM) else previous
    forged = Envelope.seal(
        key("fuzz-0"),
        type_,
        previous.game_id if good_game else hashlib.sha256(b"other").digest(),
        max(0, next_seq + seq_shift),
        last_hash if good_prev else hashlib.sha256(b"fork").digest(),
        real.body if body == "real" else body,
    ).raw
    if forged in STREAM:
        return
    error = feed(node, forged)
    if error is not None:
        assert error.culprit in (None, cheater_key)
    if node.machine.halted is not None:
        assert node.machine.halted.culprit == cheater_key
    for item in STREAM[position:]:
        later = feed(node, item)
        if later is not None:
            assert later.culprit in (None, cheater_key)
    if node.machine.halted is not None:
        assert node.machine.halted.culprit == cheater_key
    elif error is not None:
        assert node.machine.finished and node.machine.record == RECORD
