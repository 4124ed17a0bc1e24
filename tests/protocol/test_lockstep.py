"""protocol.lockstep: the sans-IO machine, driven with the toy game of ``toy.py``
(DESIGN §3, §5; docs/protocol.md §4–§6).

Whole honest games between machines over an in-memory relay: the table setup, the
engine-driven order, early envelopes, the beacon and its next chains, history digests, the
canonical record order whatever the delivery order, and the local side. Fuzzing of ``receive``
is in test_fuzz.py, signed faults in test_blame.py, what a relay can do in test_relay.py, the
beacon's attacks in test_grinding.py, waiting, abandonment and restarts in test_abandon.py.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from protocol.beacon import MARGIN, MIN_LENGTH, draw_bytes, outcome_index
from protocol.codec import pack
from protocol.envelope import ZERO_HASH, Envelope
from protocol.errors import LocalProtocolError, RemoteProtocolError
from protocol.events import Applied, Drawn, GameOver, GameStarted, Secret, Transmit, YourTurn
from protocol.lockstep import MAX_EARLY, NEED_DATA, Lockstep, Phase, Table
from protocol.messages import Over
from protocol.sampling import HashStream

from .toy import (
    GAME,
    NONCE,
    WEIGHTS,
    Node,
    ToyEngine,
    entropy,
    key,
    make_nodes,
    played,
    propose,
    relay,
    scrambled_relay,
    spectate,
    toy_engines,
    watcher,
)


def envelopes(record: list[bytes]) -> list[Envelope]:
    return [Envelope.decode(data) for data in record]


# --- table setup ------------------------------------------------------------------------


def test_the_creator_sends_the_table_then_its_commitment() -> None:
    a, b = make_nodes(2)
    members = (a.key, b.key)
    table = a.machine.propose(GAME, (), members, ("ann", "bob"), NONCE)
    assert table == Table(GAME, (), members, ("ann", "bob"), NONCE, 600)
    sent = list(iter(a.machine.next_event, NEED_DATA))
    assert [type(e) for e in sent] == [Transmit, Secret, Transmit]
    first, second = (Envelope.decode(e.data) for e in sent if isinstance(e, Transmit))
    assert (first.type, first.seq, first.prev, first.seen) == ("table", 0, ZERO_HASH, ())
    assert first.body == (GAME, (), members, ("ann", "bob"), NONCE, 600)
    assert (
        first.game_id
        == table.game_id
        == hashlib.sha256(
            pack(["goldnet/table/v2", GAME, (), members, ("ann", "bob"), NONCE, 600])
        ).digest()
    )
    assert (second.type, second.seq, second.prev) == ("commit", 1, first.hash)
    # Its history digest: the table it accepted (1 envelope of seat 0), nothing of seat 1.
    assert second.seen == ((1, first.hash), (0, ZERO_HASH))
    assert second.body[1] == 512 and len(second.body[0]) == 32


def test_the_game_starts_when_every_commitment_is_in_and_they_are_recorded_in_seat_order() -> None:
    nodes = make_nodes(3)
    a, b, c = nodes
    propose(nodes)
    table_env, commit_a = list(a.outbox)
    for node in (b, c):
        node.deliver(table_env)
    commit_b, commit_c = b.outbox[0], c.outbox[0]
    assert c.machine.phase is Phase.COMMITS
    # c hears the commitments in reverse seat order.
    c.deliver(commit_b)
    assert c.machine.engine is not None
    assert not any(isinstance(e, GameStarted) for e in c.events)
    assert c.machine.waiting() is not None and c.machine.waiting().seats == (0,)  # type: ignore[union-attr]
    c.deliver(commit_a)
    started = [e for e in c.events if isinstance(e, GameStarted)]
    assert len(started) == 1 and started[0].table.names == ("p0", "p1", "p2")
    assert c.machine.record[:4] == [table_env, commit_a, commit_b, commit_c]
    assert c.machine.phase is Phase.PLAY


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_whole_games_for_two_to_six_seats_agree_everywhere(n: int) -> None:
    nodes = make_nodes(n, prefix=f"seats{n}-")
    live = watcher()
    propose(nodes)
    relay(nodes, watchers=[live])
    record = nodes[0].machine.record
    assert all(node.errors == [] for node in nodes)
    assert all(node.result == nodes[0].result is not None for node in nodes)
    assert all(node.machine.record == record and node.machine.finished for node in nodes)
    assert nodes[0].machine.draw == 12 and nodes[0].machine.actions == 12
    # table + n commits + 12 draws of n reveals + 12 actions
    assert len(record) == 1 + n + 12 * n + 12
    # A spectator that watched the game live, and one fed the record afterwards, agree.
    assert live.errors == [] and live.machine.finished and live.machine.record == record
    later = spectate(record)
    assert later.finished and later.record == record
    assert later.engine is not None and later.engine.due() == Over(nodes[0].result)


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
def test_records_agree_whatever_the_delivery_order_across_next_chains(shuffle: int) -> None:
    """Each sender's envelopes in order, but the interleaving of senders differs at every
    receiver; 150 draws with chains of 64 cross two chain ends per member."""
    n = 3 + shuffle % 3
    nodes = make_nodes(n, rounds=150, chain_length=MIN_LENGTH, prefix=f"shuffle{shuffle}-")
    propose(nodes)
    scrambled_relay(nodes, b"order/%d" % shuffle)
    record = nodes[0].machine.record
    assert all(node.errors == [] and node.machine.finished for node in nodes)
    assert all(node.machine.record == record for node in nodes)
    nexts = [e for e in envelopes(record) if e.type == "reveal" and len(e.body) == 4]
    assert sorted(e.body[0] for e in nexts) == sorted([48, 112] * n)
    assert spectate(record, rounds=150).record == record


def test_each_member_commits_its_next_chain_in_its_reveal_for_last_minus_margin_only() -> None:
    nodes = played(2, rounds=150, chain_length=70)
    for node in nodes:
        mine = [envelopes([d])[0] for d in node.sent]
        reveals = [e.body for e in mine if e.type == "reveal"]
        assert [b[0] for b in reveals] == list(range(1, 151))  # one reveal per draw, no repeat
        carrying = [(b[0], b[3]) for b in reveals if len(b) == 4]
        # Chains of 70: draws 1-70, 71-140, 141-210; each next one rides at last - 16.
        assert carrying == [(70 - MARGIN, 70), (140 - MARGIN, 70)]
        # One fresh seed per chain, announced before the envelope that commits to it.
        assert len(node.secrets) == 3 and len(set(node.secrets)) == 3
        # Each Secret comes right before the envelope that commits to its chain.
        following = [
            Envelope.decode(after.data)
            for event, after in zip(node.events, node.events[1:], strict=False)
            if isinstance(event, Secret) and isinstance(after, Transmit)
        ]
        assert len(following) == 3
        assert following[0].type == "commit"
        assert [(e.type, e.body[0]) for e in following[1:]] == [("reveal", 54), ("reveal", 124)]


def test_chain_length_must_be_at_least_the_minimum() -> None:
    for length in (1, MARGIN, MIN_LENGTH - 1, True):
        with pytest.raises(LocalProtocolError, match="at least 64"):
            Lockstep(key("x"), toy_engines(), chain_length=length)
    nodes = played(2, rounds=200, chain_length=MIN_LENGTH)
    assert all(node.result is not None and node.errors == [] for node in nodes)


def test_each_digest_is_its_senders_accepted_history() -> None:
    nodes = played(3)
    record = envelopes(nodes[0].machine.record)
    counts = {m: 0 for m in record[0].body[2]}
    hashes = {m: ZERO_HASH for m in record[0].body[2]}
    members = list(record[0].body[2])
    for env in envelopes(nodes[0].machine.received):
        if env.type != "table":
            assert len(env.seen) == 3
            # Its own entry is its own sequence number and previous hash.
            assert env.seen[members.index(env.sender)] == (env.seq, env.prev)
            # What it counts of the others is never more than exists at that point.
            for seat, (count, last) in enumerate(env.seen):
                if count:
                    older = [e for e in record + envelopes(nodes[0].machine.received)]
                    assert any(
                        e.sender == members[seat] and e.seq == count - 1 and e.hash == last
                        for e in older
                    )
        counts[env.sender] += 1
        hashes[env.sender] = env.hash
    assert nodes[0].machine.history is not None
    assert nodes[0].machine.history.seen() == tuple((counts[m], hashes[m]) for m in members)


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
    late = Lockstep(None, toy_engines())
    late.receive(record[0])
    for member in reversed(envs[0].body[2]):
        for data in by_sender[member]:
            late.receive(data)
            assert late.record == record[: len(late.record)]
    assert late.finished and late.record == record


def test_each_senders_envelopes_may_come_in_any_order() -> None:
    """Reversed within every sender: all but the first are held until the gap fills."""
    nodes = played(2)
    record = nodes[0].machine.record
    late = Lockstep(None, toy_engines())
    late.receive(record[0])
    for data in reversed(record[1:]):
        late.receive(data)
    assert late.finished and late.record == record


@pytest.mark.parametrize("shuffle", range(6))
def test_any_delivery_order_of_a_whole_game_gives_its_record(shuffle: int) -> None:
    """Every envelope of a 3-seat game of 80 draws (each member crossing a chain end), in a
    random order — senders interleaved and each sender's envelopes reordered: a spectator
    ends with the same record, naming nobody."""
    nodes = played(3, prefix="any-order-", rounds=80, chain_length=MIN_LENGTH)
    record = nodes[0].machine.record
    stream = HashStream(b"any-order/%d" % shuffle)
    pending = list(record)
    late = Lockstep(None, toy_engines(80))
    for _ in range(len(record)):
        data = pending.pop(stream.below(len(pending)))
        try:
            late.receive(data)
        except RemoteProtocolError as exc:  # more than 64 held behind one gap: sent again
            assert exc.culprit is None and "too many" in exc.reason
            pending.append(data)
    for data in sorted(pending, key=lambda d: Envelope.decode(d).seq):  # sent again in order
        if not late.finished:
            late.receive(data)
    assert late.finished and late.record == record


def test_envelopes_before_the_table_wait_for_it() -> None:
    nodes = played(2)
    record = nodes[0].machine.record
    late = Lockstep(None, toy_engines())
    for data in record[1:]:
        late.receive(data)  # all before the table: buffered
    assert late.table is None and late.record == []
    assert late.waiting() is not None and late.waiting().kind == "table"  # type: ignore[union-attr]
    late.receive(record[0])
    assert late.finished and late.record == record


def test_too_many_envelopes_before_the_table_are_refused() -> None:
    nodes = played(2, rounds=100)
    record = nodes[0].machine.record
    late = Lockstep(None, toy_engines(100))
    for data in record[1 : MAX_EARLY + 1]:
        late.receive(data)
    with pytest.raises(RemoteProtocolError, match="too many envelopes before the table") as info:
        late.receive(record[MAX_EARLY + 1])
    assert info.value.culprit is None and late.halted is None


def test_each_action_carries_the_hash_of_the_state_it_applies_to() -> None:
    nodes = played(2)
    late = Lockstep(None, toy_engines())
    actions = 0
    for env in envelopes(nodes[0].machine.record):
        if env.type == "action":
            assert late.engine is not None
            assert env.body[0] == late.engine.state_hash()
            actions += 1
        late.receive(env.raw)
    assert actions == 12


# --- the local side -------------------------------------------------------------------------


class CountingEngine(ToyEngine):
    """The toy game, counting the checks and applications of actions."""

    def __init__(self, seats: int, rounds: int) -> None:
        super().__init__(seats, rounds)
        self.checks: list[tuple[int, tuple[Any, ...]]] = []
        self.applies: list[tuple[int, tuple[Any, ...]]] = []

    def check_action(self, seat: int, action: tuple[Any, ...]) -> None:
        self.checks.append((seat, action))
        super().check_action(seat, action)

    def apply_action(self, seat: int, action: tuple[Any, ...]) -> None:
        self.applies.append((seat, action))
        super().apply_action(seat, action)


def counting_nodes(n: int, prefix: str) -> list[Node]:
    def engines(game: str, options: tuple[Any, ...], seats: int) -> CountingEngine:
        toy_engines()(game, options, seats)  # refuses what the toy factory refuses
        return CountingEngine(seats, 12)

    return [
        Node(
            f"{prefix}{i}", Lockstep(key(f"{prefix}{i}"), engines, entropy=entropy(f"{prefix}{i}"))
        )
        for i in range(n)
    ]


@pytest.mark.parametrize("n", [2, 3])
def test_each_peer_checks_each_move_once_and_applies_it_once(n: int) -> None:
    """The member on turn checks its move as it sends it and applies it without checking it
    again; every other member checks it once on receipt (a remote move loses no check)."""
    nodes = counting_nodes(n, f"count{n}-")
    propose(nodes)
    relay(nodes)
    moves = [(e.seat, e.action) for e in nodes[0].events if isinstance(e, Applied)]
    assert len(moves) == 12
    for node in nodes:
        engine = node.machine.engine
        assert isinstance(engine, CountingEngine) and node.machine.finished
        assert engine.applies == moves
        assert engine.checks == moves  # one check per move: on sending it, or on receiving it


def test_a_journalled_move_is_checked_again_after_a_restart() -> None:
    """A member restarted from its journal did not check its journalled move in this process:
    it is judged like any other."""
    nodes = counting_nodes(2, "recount-")
    nodes[1].idle = True
    propose(nodes)
    relay(nodes)
    assert nodes[1].machine.actions == 1  # seat 0 played; seat 1 is on turn
    roll = nodes[1].engine.roll
    assert roll is not None
    nodes[1].machine.send(("take", roll))
    nodes[1].drain()
    own = list(nodes[1].sent)
    others = [d for d in nodes[1].machine.received if d not in own]
    seeds = list(nodes[1].secrets)

    def engines(game: str, options: tuple[Any, ...], seats: int) -> CountingEngine:
        return CountingEngine(seats, 12)

    machine = Lockstep(key("recount-1"), engines, seeds=seeds, entropy=entropy("x"))
    machine.restore(own)
    for data in others:
        machine.receive(data)
    engine = machine.engine
    assert isinstance(engine, CountingEngine)
    assert engine.applies == [(0, engine.applies[0][1]), (1, ("take", roll))]
    assert engine.checks == engine.applies


def test_your_turn_comes_once_to_the_seat_whose_turn_it_is() -> None:
    nodes = played(3)
    for seat, node in enumerate(nodes):
        turns = [e.seat for e in node.events if isinstance(e, YourTurn)]
        assert turns == [seat] * 4  # rounds 12, 3 seats
        applied = [e.seat for e in node.events if isinstance(e, Applied)]
        assert applied == [r % 3 for r in range(12)]
        assert [e for e in node.events if isinstance(e, GameOver)] == [GameOver(node.result)]


def by_hand() -> tuple[Lockstep, Lockstep]:
    """Two machines that exchanged their setup by hand, nobody playing automatically."""
    a, b = make_nodes(2)
    a.machine.propose(GAME, (), (a.key, b.key), ("a", "b"), NONCE)
    for data in [e.data for e in iter(a.machine.next_event, NEED_DATA) if isinstance(e, Transmit)]:
        b.machine.receive(data)
    for data in [e.data for e in iter(b.machine.next_event, NEED_DATA) if isinstance(e, Transmit)]:
        a.machine.receive(data)
    return a.machine, b.machine


def test_send_refuses_out_of_turn_and_illegal_moves_without_sending_anything() -> None:
    with pytest.raises(LocalProtocolError, match="no move can be sent now"):
        make_nodes(2)[0].machine.send(("take", 1))
    a, b = by_hand()
    events = list(iter(a.next_event, NEED_DATA))
    assert any(isinstance(e, YourTurn) and e.seat == 0 for e in events)
    assert a.engine is not None and a.history is not None
    roll = a.engine.roll  # type: ignore[attr-defined]
    with pytest.raises(LocalProtocolError, match="not this peer's turn"):
        b.send(("take", 1))
    before = (a.history.seen(), a.engine.state_hash(), list(a.record))
    for illegal in [("take", 0), ("take", roll + 1), ("give", 1), ("take",), ("take", True)]:
        with pytest.raises(LocalProtocolError):
            a.send(illegal)
        assert a.next_event() is NEED_DATA
        assert a.halted is None
        assert (a.history.seen(), a.engine.state_hash(), a.record) == before
    a.send(("take", roll))
    event = a.next_event()
    assert isinstance(event, Transmit) and Envelope.decode(event.data).body[1] == ("take", roll)
    with pytest.raises(LocalProtocolError, match="not this peer's turn"):
        a.send(("take", roll))


def test_propose_refuses_a_table_without_this_peer_or_a_second_table() -> None:
    a, b = make_nodes(2)
    others = (key("x").public, key("y").public)
    with pytest.raises(LocalProtocolError, match="must be one of its members"):
        a.machine.propose(GAME, (), others, ("x", "y"), NONCE)
    a.machine.propose(GAME, (), (a.key, b.key), ("a", "b"), NONCE)
    with pytest.raises(LocalProtocolError, match="already has a table"):
        a.machine.propose(GAME, (), (a.key, b.key), ("a", "b"), NONCE + b"2")
    with pytest.raises(LocalProtocolError):
        Lockstep(None, toy_engines()).propose(GAME, (), others, ("x", "y"), NONCE)


@pytest.mark.parametrize(
    ("game", "members", "names", "nonce", "abandon", "reason"),
    [
        ("chess", 2, ("a", "b"), NONCE, None, "unknown game"),
        (GAME, 2, ("a", "b" * 41), NONCE, None, "at most 40 characters"),
        (GAME, 2, ("a", "b"), b"short", None, "nonce"),
        (GAME, 1, ("a",), NONCE, None, "2 to 6 members"),
        (GAME, 7, ("a",) * 7, NONCE, None, "2 to 6 members"),
        (GAME, 2, ("a", "b"), NONCE, 29, "abandonment time"),
        (GAME, 2, ("a", "b"), NONCE, 86_401, "abandonment time"),
    ],
)
def test_propose_refuses_a_table_it_would_refuse_from_others_and_sends_nothing(
    game: str, members: int, names: tuple[str, ...], nonce: bytes, abandon: Any, reason: str
) -> None:
    nodes = make_nodes(max(members, 2), prefix="propose-")
    keys = tuple(n.key for n in nodes[:members])
    machine = nodes[0].machine
    with pytest.raises(LocalProtocolError, match=reason):
        machine.propose(game, (), keys, names, nonce, abandon)
    assert machine.next_event() is NEED_DATA
    assert machine.table is None and machine.halted is None
    # The machine is still usable for a good table.
    machine.propose(GAME, (), (keys[0], nodes[1].key), ("a", "b"), NONCE)
    assert machine.table is not None


def test_a_spectator_never_sends() -> None:
    nodes = played(2)
    late = spectate(nodes[0].machine.record)
    events = list(iter(late.next_event, NEED_DATA))
    assert any(isinstance(e, GameOver) for e in events)  # it saw the game…
    assert not any(isinstance(e, (Transmit, YourTurn, Secret)) for e in events)  # …said nothing
    with pytest.raises(LocalProtocolError):
        late.send(("take", 1))
    late.tick()
    assert late.next_event() is NEED_DATA


def bad_table(**changes: Any) -> tuple[Lockstep, bytes]:
    members = (key("t0").public, key("t1").public)
    fields: dict[str, Any] = {
        "game": GAME,
        "options": (),
        "members": members,
        "names": ("a", "b"),
        "nonce": NONCE,
        "abandon_after": 600,
    }
    signer = changes.pop("signer", key("t0"))
    seq = changes.pop("seq", 0)
    seen = changes.pop("seen", ())
    game_id = changes.pop("game_id", None)
    receiver = changes.pop("receiver", "t1")
    fields.update(changes)
    body = tuple(fields.values())
    if game_id is None:
        game_id = hashlib.sha256(pack(["goldnet/table/v2", *body])).digest()
    env = Envelope.seal(signer, "table", game_id, seq, ZERO_HASH, body, seen)
    machine = Lockstep(key(receiver), toy_engines(), entropy=lambda n: b"\x01" * n)
    return machine, env.raw


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"members": (key("t1").public,), "names": ("a",)}, "2 to 6 members"),
        ({"members": tuple(key(f"t{i}").public for i in range(7)), "names": ("a",) * 7}, "2 to 6"),
        ({"members": (key("t1").public, key("t1").public)}, "distinct 32-byte"),
        ({"members": (key("t1").public, b"\x01" * 31)}, "distinct 32-byte"),
        ({"names": ("a",)}, "a name of at most 40 characters"),
        ({"names": ("a", "b" * 41)}, "at most 40"),
        ({"names": ("a", b"b")}, "at most 40"),
        ({"nonce": b"\x00" * 15}, "nonce is 16 to 64 bytes"),
        ({"nonce": b"\x00" * 65}, "nonce"),
        ({"game": 7}, "names its game"),
        ({"options": "none"}, "names its game"),
        ({"abandon_after": 10}, "abandonment time"),
        ({"abandon_after": True}, "abandonment time"),
        ({"game_id": b"\x00" * 32}, "not the hash of its body"),
        ({"signer": key("outsider")}, "first envelope of one of its members"),
        ({"seq": 1}, "first envelope"),
        ({"seen": ((0, ZERO_HASH), (0, ZERO_HASH))}, "first envelope"),
        ({"receiver": "t2"}, "does not list this player"),
        ({"game": "chess"}, "unplayable table"),
    ],
)
def test_invalid_tables_are_refused_without_halting_or_naming(
    changes: dict[str, Any], reason: str
) -> None:
    foreign = "receiver" in changes
    machine, data = bad_table(**changes)
    with pytest.raises(RemoteProtocolError, match=reason) as info:
        machine.receive(data)
    assert info.value.culprit is None
    assert machine.halted is None and machine.table is None and machine.record == []
    assert machine.next_event() is NEED_DATA
    # A valid table still gets through afterwards.
    if not foreign:
        machine.receive(bad_table()[1])
        assert machine.table is not None
