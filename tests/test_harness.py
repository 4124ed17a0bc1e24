"""goldnet.harness: Mountains & Rivers through the whole protocol stack in the in-memory
harness (docs/protocol.md §6–§8): honest games, every detection with the culprit named and nothing
lost for the honest peers, and fuzzing of the lockstep machine bound to the real rules engine."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from goldnet.binding import EngineBinding, make_engine
from goldnet.engine import Action, ChanceOf, IllegalAction, Terminal, TurnOf
from goldnet.games.mountains_rivers.boards import load_board
from goldnet.games.mountains_rivers.rules import FIELD_NAMES, State
from goldnet.harness import Harness, Peer, deterministic_peer
from goldnet.records import verify
from goldnet.rng import Stream
from protocol.envelope import Envelope
from protocol.errors import LocalProtocolError, RemoteProtocolError
from protocol.events import Waiting
from protocol.lockstep import Lockstep
from protocol.messages import Chance, Turn
from tests.forge import resign

GAME = "mountains-rivers"


class RandomBot:
    """Uniform over the legal actions, from its own seeded stream."""

    name = "random"

    def __init__(self, seed: str) -> None:
        self.stream = Stream("tests/session/bot", seed)

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        return self.stream.choice(legal_actions)


def make_peers(label: str, clock: Callable[[], int] = lambda: 0) -> list[Peer]:
    return [
        deterministic_peer(f"{label}/{seat}", RandomBot(f"{label}/{seat}"), clock=clock)
        for seat in range(2)
    ]


def start(
    label: str,
    board: int = 1,
    *,
    tamper: Callable[[int, bytes], bytes | None] | None = None,
    clock: Callable[[], int] = lambda: 0,
) -> tuple[Harness, list[Peer], Peer]:
    """Two random bots and a spectator at a table on ``board``; not yet run."""
    peers = make_peers(label, clock)
    watcher = Peer(None, Lockstep(None, make_engine, clock=clock))
    harness = Harness(peers, spectators=[watcher], tamper=tamper)
    harness.start(GAME, (board,), f"nonce/{label}".encode().ljust(16, b"."))
    return harness, peers, watcher


def public_hash(peer: Peer) -> bytes:
    return peer.engine.state.public_hash()


def replayed_hash(record: list[bytes]) -> bytes:
    """The public hash a fresh spectator reaches from ``record`` (which must be valid so far)."""
    machine = Lockstep(None, make_engine)
    for data in record:
        machine.receive(data)
    assert isinstance(machine.engine, EngineBinding)
    return machine.engine.state.public_hash()


def reseal(peer: Peer, data: bytes, **changes: Any) -> bytes:
    """``data`` signed again by ``peer`` with fields changed: what a cheating member sends."""
    assert peer.identity is not None
    return resign(peer.identity, data, **changes)


def key_of(peer: Peer) -> bytes:
    assert peer.identity is not None
    return peer.identity.public


# --- honest games ---------------------------------------------------------------------------


def test_one_hundred_games_between_honest_random_bots_all_verify() -> None:
    turns = []
    for game in range(100):
        board = 1 + game % 11
        peers = make_peers(f"honest/{game}")
        harness = Harness(peers)
        harness.start(GAME, (board,), b"hundred/%03d/nonce" % game)
        harness.run()
        record = peers[0].machine.record
        for peer in peers:
            assert peer.errors == []
            assert peer.machine.halted is None and peer.machine.finished
            assert peer.machine.record == record
        result = peers[0].result
        assert isinstance(result, Terminal) and peers[1].result == result
        assert sum(result.scores) == 91  # every marker collected
        checked = verify(record)
        assert checked.result == result
        assert checked.table.options == (board,)
        assert checked.turns == peers[0].machine.actions == peers[1].machine.actions
        assert checked.draws == peers[0].machine.draw
        assert checked.envelopes == len(record)
        turns.append(checked.turns)
    assert len(set(turns)) > 10  # a hundred different games, not one game a hundred times


def test_games_are_reproducible_from_their_labels() -> None:
    first, second = start("same")[0:2], start("same")[0:2]
    first[0].run()
    second[0].run()
    assert first[1][0].machine.record == second[1][0].machine.record
    other = start("other")
    other[0].run()
    assert other[1][0].machine.record != first[1][0].machine.record


# --- the binding ------------------------------------------------------------------------------


def test_the_binding_reports_what_is_due() -> None:
    binding = make_engine(GAME, (1,), 2)
    state = binding.state
    request = state.awaiting()
    assert isinstance(request, ChanceOf)
    assert binding.due() == Chance(request.weights) == Chance((1, 2, 2, 2, 1))
    binding.apply_outcome(2)  # roll 3
    assert state.roll == 3 and binding.due() == Turn(0)
    before = binding.state_hash()
    with pytest.raises(IllegalAction, match="not seat 1's turn"):
        binding.check_action(1, state.legal_actions(0)[0])
    with pytest.raises(IllegalAction):
        binding.check_action(0, ("reveal", "0,0", "0,0"))  # one marker, the roll is 3
    assert binding.state_hash() == before  # checking never changes the state
    binding.apply_action(0, state.legal_actions(0)[0])
    assert binding.state_hash() != before and binding.events


def test_an_action_checked_then_applied_gives_what_applying_it_alone_gives() -> None:
    """The binding keeps the clone a check made and adopts it when the same seat's same action
    is applied next (docs/network.md §10): the state and events must be exactly those of an
    unchecked apply, and anything else — another action, a failed check between — applies
    afresh."""

    def rolled() -> EngineBinding:
        binding = make_engine(GAME, (3,), 2)
        binding.apply_outcome(2)
        return binding

    legal = rolled().state.legal_actions(0)
    assert len(legal) >= 2
    first, second = legal[0], legal[-1]
    for checked, applied, between in [
        (first, first, None),
        (first, second, None),  # another action than the one checked
        (first, first, ("reveal", "0,0", "0,0")),  # a failed check between
        (first, list(first), None),  # equal, not the same types: applied afresh (and refused)
    ]:
        plain, binding = rolled(), rolled()
        before = binding.state
        binding.check_action(0, checked)
        if between is not None:
            with pytest.raises(IllegalAction):
                binding.check_action(0, between)
        assert binding.state is before and binding.state.canonical() == plain.state.canonical()
        outcomes = []
        for b in (plain, binding):
            try:
                b.apply_action(0, applied)  # type: ignore[arg-type]
                outcomes.append((b.state.canonical(), b.events))
            except IllegalAction as exc:
                outcomes.append((b.state.canonical(), str(exc)))
        assert outcomes[0] == outcomes[1]
        assert binding.state_hash() == plain.state_hash()


@pytest.mark.parametrize(
    ("game", "options", "seats"),
    [
        ("chess", (1,), 2),
        (GAME, (1,), 3),
        (GAME, (0,), 2),
        (GAME, (12,), 2),
        (GAME, (True,), 2),
        (GAME, ("1",), 2),
        (GAME, (), 2),
        (GAME, (1, 2), 2),
    ],
)
def test_make_engine_refuses_unknown_games_and_options(
    game: str, options: tuple[Any, ...], seats: int
) -> None:
    with pytest.raises(ValueError):
        make_engine(game, options, seats)


def test_make_engine_builds_each_standard_board() -> None:
    for number in range(1, 12):
        state = make_engine(GAME, (number,), 2).state
        assert isinstance(state, State)
        assert state.board == load_board(number)


# --- detections -------------------------------------------------------------------------------


class Cheat:
    """A harness tamper that replaces the ``nth`` envelope of ``type_`` from peer 1 by what
    ``forge`` returns, remembering the honest peers' public hashes and records just before."""

    def __init__(self, type_: str, nth: int, forge: Callable[[Peer, bytes], bytes | None]) -> None:
        self.type_ = type_
        self.nth = nth
        self.forge = forge
        self.seen = 0
        self.peers: list[Peer] = []
        self.honest: list[Peer] = []
        self.before: list[tuple[bytes, list[bytes]]] = []

    def __call__(self, sender: int, data: bytes) -> bytes | None:
        if sender != 1 or Envelope.decode(data).type != self.type_:
            return data
        self.seen += 1
        if self.seen != self.nth:
            return data
        self.before = [(public_hash(p), list(p.machine.record)) for p in self.honest]
        return self.forge(self.peers[1], data)

    def run(self, label: str) -> tuple[Harness, list[Peer], Peer]:
        harness, peers, watcher = start(label, tamper=self)
        self.peers, self.honest = peers, [peers[0], watcher]
        harness.run()
        assert self.before, "the cheat never happened"
        return harness, peers, watcher

    def assert_nothing_lost(self) -> None:
        """Each honest peer's public hash and record are what they were before the bad
        envelope, and its record still replays to that hash."""
        for peer, (hash_, record) in zip(self.honest, self.before, strict=True):
            assert public_hash(peer) == hash_
            assert peer.machine.record == record
            assert replayed_hash(record) == hash_


def assert_halted_naming(peers: Sequence[Peer], culprit: Peer, reason: str) -> None:
    for peer in peers:
        halted = peer.machine.halted
        assert halted is not None
        assert reason in halted.reason
        assert halted.culprit == key_of(culprit)
        assert peer.errors == [halted]
        assert peer.result is None


def face_down_field(peer: Peer) -> str:
    fields = peer.engine.state.facedown_fields
    return FIELD_NAMES[(fields & -fields).bit_length() - 1]


def test_an_illegal_action_halts_naming_the_cheater() -> None:
    def bury_face_down(cheater: Peer, data: bytes) -> bytes:
        state_hash = Envelope.decode(data).body[0]
        return reseal(cheater, data, body=(state_hash, ("bury", face_down_field(cheater))))

    cheat = Cheat("action", 2, bury_face_down)
    _, peers, watcher = cheat.run("cheat/illegal")
    assert_halted_naming([peers[0], watcher], peers[1], "illegal action")
    # The reason keeps the rules' English words (the refusal's code stays with the engine).
    for peer in (peers[0], watcher):
        halted = peer.machine.halted
        assert halted is not None
        assert "holds no exposed gold to bury" in halted.reason, halted.reason
    cheat.assert_nothing_lost()


def test_a_state_hash_mismatch_halts_naming_the_cheater() -> None:
    def wrong_hash(cheater: Peer, data: bytes) -> bytes:
        action = Envelope.decode(data).body[1]
        return reseal(cheater, data, body=(hashlib.sha256(b"another state").digest(), action))

    cheat = Cheat("action", 3, wrong_hash)
    _, peers, watcher = cheat.run("cheat/desync")
    assert_halted_naming([peers[0], watcher], peers[1], "state-hash mismatch")
    cheat.assert_nothing_lost()


def test_a_reveal_that_does_not_hash_to_the_previous_one_halts_naming_the_cheater() -> None:
    def other_value(cheater: Peer, data: bytes) -> bytes:
        draw, value = Envelope.decode(data).body
        return reseal(cheater, data, body=(draw, hashlib.sha256(value).digest()))

    cheat = Cheat("reveal", 4, other_value)
    _, peers, watcher = cheat.run("cheat/reveal")
    assert_halted_naming([peers[0], watcher], peers[1], "does not hash to its chain")
    cheat.assert_nothing_lost()


def test_a_withheld_reveal_names_nobody_the_game_waits_then_is_adjudicated_abandoned() -> None:
    now = [1_000]
    cheat = Cheat("reveal", 5, lambda cheater, data: None)
    harness, peers, watcher = start("cheat/withhold", tamper=cheat, clock=lambda: now[0])
    cheat.peers, cheat.honest = peers, [peers[0], watcher]
    harness.run()
    for peer in (peers[0], watcher):
        assert peer.machine.waiting() == Waiting("reveal", (1,), 5)
        assert peer.errors == [] and peer.machine.halted is None
    now[0] += 599_000  # not yet the table's abandonment time (600 s): nothing happens
    peers[0].machine.tick()
    peers[0].drain()
    assert not peers[0].outbox and peers[0].abandoned is None
    cheat.assert_nothing_lost()
    now[0] += 1_000
    peers[0].machine.tick()  # seat 0 signs an adjudication: the game ends abandoned
    peers[0].drain()
    harness.run()
    for peer in (peers[0], watcher):
        assert peer.abandoned is not None and peer.abandoned.by == 0
        assert peer.machine.halted is None and peer.result is None
    assert peers[0].machine.record == watcher.machine.record
    verified = verify(peers[0].machine.full_record())
    assert verified.ending == "abandoned" and verified.result is None


def test_a_bad_signature_is_dropped_and_the_game_goes_on() -> None:
    harness_ref: list[Harness] = []

    def flip_then_send(cheater: Peer, data: bytes) -> bytes:
        bad = bytearray(data)
        bad[-5] ^= 0x10  # inside the signature
        for peer in harness_ref[0].peers[:1] + harness_ref[0].spectators:
            Harness.deliver(peer, bytes(bad))
        return data  # the relay then delivers the genuine envelope

    clean, _, _ = start("cheat/signature")
    clean.run()
    cheat = Cheat("action", 2, flip_then_send)
    harness, peers, watcher = start("cheat/signature", tamper=cheat)
    harness_ref.append(harness)
    cheat.peers, cheat.honest = peers, [peers[0], watcher]
    harness.run()
    for peer in (peers[0], watcher):
        (error,) = peer.errors
        assert error.reason == "bad signature" and error.culprit is None
        assert peer.machine.halted is None
    assert peers[0].machine.record == clean.peers[0].machine.record
    assert verify(peers[0].machine.record).result == clean.peers[0].result


def test_a_replayed_envelope_is_dropped_and_the_game_goes_on() -> None:
    harness_ref: list[Harness] = []

    def replay_old(cheater: Peer, data: bytes) -> bytes:
        old = cheater.machine.record[1]  # an early envelope of the game, already applied
        for peer in harness_ref[0].peers[:1] + harness_ref[0].spectators:
            Harness.deliver(peer, old)
            Harness.deliver(peer, data)  # and the current one, delivered twice
        return data

    clean, _, _ = start("cheat/replay")
    clean.run()
    cheat = Cheat("action", 3, replay_old)
    harness, peers, watcher = start("cheat/replay", tamper=cheat)
    harness_ref.append(harness)
    cheat.peers, cheat.honest = peers, [peers[0], watcher]
    harness.run()
    for peer in (peers[0], watcher):
        assert [e.reason.split(" ")[0] for e in peer.errors] == ["replayed", "replayed"]
        assert all(e.culprit is None for e in peer.errors)
        assert peer.machine.halted is None
        assert peer.machine.record == clean.peers[0].machine.record
    assert verify(peers[0].machine.record).result == clean.peers[0].result


def test_a_reordered_envelope_names_nobody_and_nothing_is_lost() -> None:
    harness_ref: list[Harness] = []
    held: list[bytes] = []
    snapshots: list[bytes] = []

    def hold_then_swap(sender: int, data: bytes) -> bytes | None:
        if sender != 1:
            return data
        env = Envelope.decode(data)
        if env.type == "reveal" and env.body[0] == 2 and not held:
            held.append(data)
            return None  # held back…
        if held and len(held) == 1:
            held.append(data)
            honest = harness_ref[0].peers[:1] + harness_ref[0].spectators
            for peer in honest:
                snapshots.append(public_hash(peer))
                Harness.deliver(peer, data)  # …the next one arrives first: held, not applied
                assert public_hash(peer) == snapshots[-1]
                assert peer.machine.waiting() == Waiting("envelope", (1,))
                Harness.deliver(peer, held[0])  # then the held one
        return data  # and the next one again, as a transport would resend it

    clean, _, _ = start("cheat/reorder")
    clean.run()
    harness, peers, watcher = start("cheat/reorder", tamper=hold_then_swap)
    harness_ref.append(harness)
    harness.run()
    assert len(held) == 2
    for peer in (peers[0], watcher):
        assert all(e.culprit is None for e in peer.errors)
        assert peer.machine.halted is None
        assert peer.machine.record == clean.peers[0].machine.record
    assert verify(watcher.machine.record).result == clean.peers[0].result


def test_a_lost_envelope_names_nobody_the_game_waits_and_resumes_when_it_comes() -> None:
    lost: list[bytes] = []

    def lose_one(sender: int, data: bytes) -> bytes | None:
        env = Envelope.decode(data)
        if sender == 1 and env.type == "reveal" and env.body[0] == 2 and not lost:
            lost.append(data)
            return None
        return data

    clean, _, _ = start("cheat/gap")
    clean.run()
    harness, peers, watcher = start("cheat/gap", tamper=lose_one)
    harness.run()
    honest = [peers[0], watcher]
    assert len(lost) == 1
    frozen = [(public_hash(p), list(p.machine.record)) for p in honest]
    # Seat 1 saw the draw complete and played on: the others hold what followed the loss.
    after = [d for d in peers[1].machine.received if Envelope.decode(d).sender == key_of(peers[1])]
    after = after[after.index(lost[0]) + 1 :]
    assert after
    for peer, (hash_, record) in zip(honest, frozen, strict=True):
        assert peer.errors == [] and peer.machine.halted is None
        assert peer.machine.waiting() in (Waiting("envelope", (1,)), Waiting("reveal", (1,), 2))
        assert (public_hash(peer), peer.machine.record) == (hash_, record)
        assert replayed_hash(record) == hash_
    # The lost envelope comes at last, with what followed it: the game resumes and ends.
    for peer in honest:
        for data in [lost[0], *after]:
            Harness.deliver(peer, data)
    harness.run()
    for peer in honest:
        assert all(e.culprit is None for e in peer.errors) and peer.machine.finished
        # The same dice and moves as without the loss (history digests in the envelopes
        # depend on timing, so the bytes may differ); every peer holds one record.
        assert peer.result == clean.peers[0].result
        assert peer.machine.record == peers[1].machine.record


# --- fuzzing the machine bound to the real rules ----------------------------------------------


def clean_stream(label: str) -> tuple[list[bytes], list[bytes]]:
    """What seat 0 sends in the first 60 envelopes of a game, and seat 1's record then."""
    sent: list[bytes] = []

    def spy(sender: int, data: bytes) -> bytes | None:
        if sender == 0:
            sent.append(data)
        return data

    harness, peers, _ = start(label, tamper=spy)
    harness.run()
    return sent[:60], peers[1].machine.record


STREAM, FULL_RECORD = clean_stream("fuzz")

fields = st.sampled_from(FIELD_NAMES) | st.sampled_from(
    ["0, 0", "99,99", "-1,0", "a,b", "1,2,3", "", "٣,1", "0,0 ", "1" * 50 + ",0"]
)
wire = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 100) | st.text(max_size=6) | st.binary(max_size=33),
    lambda inner: st.lists(inner, max_size=4).map(tuple),
    max_leaves=8,
)
actions = st.one_of(
    st.tuples(st.just("reveal"), fields, fields),
    st.tuples(st.just("bury"), fields),
    st.tuples(st.sampled_from(["reveal", "bury"]), fields, fields, fields),
    wire,
)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(3, len(STREAM) - 1), actions, st.booleans())
def test_any_action_a_member_signs_is_checked_by_the_rules_before_it_changes_anything(
    position: int, action: Any, good_hash: bool
) -> None:
    """Seat 0 signs any action body, at the right place in its history: seat 1 (running the
    real rules) either applies it because it is legal, or halts naming seat 0 with its state
    untouched — and raises nothing but RemoteProtocolError."""
    peer = make_peers("fuzz")[1]
    for data in STREAM[:position]:
        Harness.deliver(peer, data)
    assert peer.errors == []
    history = peer.machine.history
    assert history is not None
    count = history.count(0)
    state_hash = peer.engine.state_hash() if good_hash else b"\x00" * 32
    seat0 = make_peers("fuzz")[0]
    assert seat0.identity is not None
    forged = Envelope.seal(
        seat0.identity,
        "action",
        Envelope.decode(STREAM[0]).game_id,
        count,
        history.envelope(0, count - 1).hash,
        (state_hash, action),
        history.seen(),
    ).raw
    before = (peer.engine.state_hash(), list(peer.machine.record))
    expected = peer.engine.state.clone()
    due = peer.engine.due()
    try:
        peer.machine.receive(forged)
    except RemoteProtocolError as exc:
        assert exc.culprit == seat0.identity.public
        assert peer.machine.halted is exc
        assert (peer.engine.state_hash(), peer.machine.record) == before
        with pytest.raises(LocalProtocolError):
            peer.machine.receive(STREAM[position])
        return
    if peer.machine.record == before[1]:
        # Not seat 0's turn: the action waits in its queue, and nothing has changed.
        assert due != Turn(0)
        assert peer.engine.state_hash() == before[0]
    else:
        # Seat 0's turn, the right hash, a move the rules accept: applied as the rules say.
        assert due == Turn(0) and good_hash
        assert peer.machine.record == [*before[1], forged]
        expected.apply(action)
        assert peer.engine.state_hash() == expected.public_hash()


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(STREAM)), st.binary(max_size=200))
def test_random_bytes_into_a_real_game_change_nothing(position: int, junk: bytes) -> None:
    peer = make_peers("fuzz")[1]
    for data in STREAM[:position]:
        Harness.deliver(peer, data)
    before = (peer.engine.state_hash() if peer.machine.engine else None, list(peer.machine.record))
    with pytest.raises(RemoteProtocolError) as info:
        peer.machine.receive(junk)
    assert info.value.culprit is None and peer.machine.halted is None
    after = (peer.engine.state_hash() if peer.machine.engine else None, peer.machine.record)
    assert after == before


def test_the_fuzz_stream_is_a_real_game_prefix() -> None:
    peer = make_peers("fuzz")[1]
    for data in STREAM:
        Harness.deliver(peer, data)
    assert peer.errors == [] and peer.machine.actions > 5
    assert peer.machine.record == FULL_RECORD[: len(peer.machine.record)]
    assert isinstance(peer.engine.state.awaiting(), (ChanceOf, TurnOf))
