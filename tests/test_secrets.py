"""The test card game (tests/protocol/cards.py) through the whole stack — registry, session
binding, lockstep, records: private reveals dealt by a trusted local deck that every peer of
the in-memory harness shares, claims at their draw in seat order whatever the delivery order,
records of the public variant that ``goldnet.records.verify`` and ``goldnet verify`` accept,
and a signed fault for an illegal claim."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from goldnet import games
from goldnet.binding import EngineBinding, make_engine
from goldnet.harness import Harness, Peer, deterministic_peer
from goldnet.local_deck import LocalDeck
from goldnet.records import InvalidRecord, verify, write
from protocol.envelope import Envelope
from protocol.lockstep import Lockstep
from protocol.messages import Reveal
from protocol.sampling import HashStream
from tests.forge import resign
from tests.protocol.cards import NAME, CardsState

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.usefixtures("cards_game")


def table(
    label: str, seats: int, private: int, *, dealt: bool = True, tamper: Any = None
) -> tuple[Harness, list[Peer], Peer, LocalDeck | None]:
    """``seats`` random bots and a spectator at a card table; with ``dealt`` they share one
    local deck as their dealer. Started, not yet run."""
    info = games.get(NAME)
    deck = LocalDeck.for_state(info.make((private,), seats), label, "deck") if dealt else None
    peers = [
        deterministic_peer(
            f"{label}/{seat}", info.make_bot("random", f"{label}/{seat}"), dealer=deck
        )
        for seat in range(seats)
    ]
    watcher = Peer(None, Lockstep(None, make_engine, dealer=deck))
    harness = Harness(peers, spectators=[watcher], tamper=tamper)
    harness.start(NAME, (private,), f"cards/{label}".encode().ljust(16, b"."))
    return harness, peers, watcher, deck


def state_of(peer: Peer) -> CardsState:
    engine = peer.machine.engine
    assert isinstance(engine, EngineBinding) and isinstance(engine.state, CardsState)
    return engine.state


def claims_in(record: Sequence[bytes]) -> list[tuple[int, int, tuple[Any, ...]]]:
    """``(draw, seat, claim)`` of every claim the record's reveals carry, in record order."""
    out = []
    for data in record:
        env = Envelope.decode(data)
        if env.type == "reveal":
            reveal = Reveal.from_body(env.body)
            seat = seat_of(record, env.sender)
            out += [(reveal.draw, seat, claim) for claim in reveal.claims]
    return out


def seat_of(record: Sequence[bytes], key: bytes) -> int:
    members = Envelope.decode(record[0]).body[2]
    return list(members).index(key)


def winners_by_seat_order(record: Sequence[bytes]) -> list[tuple[int, int]]:
    """``(value, seat)`` of the pairs the record's claims win: at each draw in seat order, the
    first claim of a value not yet won."""
    won: dict[int, int] = {}
    for _, seat, claim in claims_in(record):  # record order is draw order, then seat order
        won.setdefault(claim[1], seat)
    return list(won.items())


# --- private reveals, in memory ------------------------------------------------------------


@pytest.mark.parametrize("seats", range(2, 7))
def test_private_reveals_play_in_memory_every_peer_agreeing(seats: int) -> None:
    harness, peers, watcher, deck = table(f"private/{seats}", seats, 1)
    harness.run()
    record = peers[0].machine.record
    result = peers[0].result
    assert result is not None and deck is not None
    hashes = {state_of(p).public_hash() for p in [*peers, watcher]}
    assert len(hashes) == 1
    for seat, peer in enumerate(peers):
        assert peer.errors == [] and peer.machine.finished and peer.result == result
        assert peer.machine.record == record
        state = state_of(peer)
        # Each peer knows what its own seat saw, as dealt, and nothing any other seat saw.
        assert set(state.known[seat]) == set(state.peeked[seat])
        assert all(deck.value("cards", c) == v for c, v in state.known[seat].items())
        assert all(not known for other, known in enumerate(state.known) if other != seat)
        assert state.faces == [deck.value("cards", c) for c in range(len(state.faces))]
    assert all(not known for known in state_of(watcher).known)  # a spectator sees no peek
    assert any(state_of(peers[0]).peeked)  # private reveals happened
    # Without the dealer nobody can replay the cards: a clear error, no traceback.
    with pytest.raises(InvalidRecord, match="without a dealer"):
        verify(record)


def test_without_a_dealer_the_deck_deals_and_the_record_verifies() -> None:
    """Peers without a trusted dealer deal the cards themselves (the mental-poker deck, through
    envelopes): every peek stays its seat's, and the record — deal, shares and audits — is
    verified by anyone."""
    harness, peers, watcher, _ = table("no-dealer", 3, 1, dealt=False)
    assert peers[0].machine.table is not None and peers[0].machine.table.shadows == 20
    harness.run()
    record = peers[0].machine.record
    assert all(p.errors == [] and p.machine.finished and p.machine.record == record for p in peers)
    for seat, peer in enumerate(peers):
        state = state_of(peer)
        assert set(state.known[seat]) == set(state.peeked[seat])
        assert all(not known for other, known in enumerate(state.known) if other != seat)
    assert any(state_of(peers[0]).peeked)  # private reveals happened
    assert all(not known for known in state_of(watcher).known)
    assert verify(record).result == peers[0].result


# --- the public variant: records -----------------------------------------------------------


@pytest.mark.parametrize("seats", range(2, 7))
def test_the_public_variant_leaves_records_that_verify(seats: int, tmp_path: Path) -> None:
    harness, peers, watcher, _ = table(f"public/{seats}", seats, 0, dealt=False)
    harness.run()
    record = peers[0].machine.record
    assert all(p.errors == [] and p.machine.record == record for p in peers)
    checked = verify(record)
    assert checked.result == peers[0].result and checked.table.game == NAME
    assert checked.draws == peers[0].machine.draw and checked.envelopes == len(record)
    assert state_of(watcher).public_hash() == state_of(peers[0]).public_hash()
    # The claims the record carries won exactly the pairs every peer holds.
    assert state_of(peers[0]).pairs == winners_by_seat_order(record)
    if seats == 6:
        write(tmp_path / "cards.goldnet", record)
        env = {**os.environ, "GOLDNET_GAMES": "tests.protocol.cards", "PYTHONPATH": str(ROOT)}
        done = subprocess.run(
            [sys.executable, "-m", "goldnet", "verify", "--json", str(tmp_path / "cards.goldnet")],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env=env,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        summary = json.loads(done.stdout)
        assert summary["valid"] and summary["game"] == NAME and len(summary["names"]) == 6


def test_public_games_carry_claims_in_their_records() -> None:
    claimed = 0
    for seats in (2, 4, 6):
        harness, peers, _, _ = table(f"claims/{seats}", seats, 0, dealt=False)
        harness.run()
        record = peers[0].machine.record
        claimed += len(claims_in(record))
        assert verify(record).result == peers[0].result  # its claims replayed by a spectator
    assert claimed > 3


def test_verify_tells_each_claim_as_a_step_of_the_game() -> None:
    """``records.verify``'s step callback (what replays are made of) sees the claims a record
    carries, each as its own step, as well as every action and draw."""
    harness, peers, _, _ = table("steps/4", 4, 0, dealt=False)
    harness.run()
    record = peers[0].machine.record
    hashes: list[bytes] = []
    kinds: list[str] = []

    def step(state: Any, events: tuple[Any, ...]) -> None:
        hashes.append(state.public_hash())
        kinds.extend(e.kind for e in events)

    checked = verify(record, on_step=step)
    pairs = kinds.count("pair")  # one per claim applied (a claim an earlier one voided is not)
    assert 0 < pairs <= len(claims_in(record))
    assert len(hashes) == 1 + checked.turns + checked.draws + pairs
    assert hashes[-1] == state_of(peers[0]).public_hash()
    assert len(set(hashes)) == len(hashes)  # every step changed the position


# --- claims in seat order, whatever the delivery ----------------------------------------------


def scrambled_run(harness: Harness, seed: bytes, max_steps: int = 200_000) -> None:
    """Deliver every envelope to every other peer and spectator over separate first-in
    first-out links, choosing which link delivers next from a seeded stream (the harness's
    version of ``tests/protocol/toy.scrambled_relay``)."""
    everyone = harness.peers + harness.spectators
    stream = HashStream(seed)
    links: dict[tuple[int, int], deque[bytes]] = {}
    for _ in range(max_steps):
        for a, peer in enumerate(harness.peers):
            while peer.outbox:
                data = peer.outbox.popleft()
                for b in range(len(everyone)):
                    if b != a:
                        links.setdefault((a, b), deque()).append(data)
        busy = [link for link, queue in links.items() if queue]
        if not busy:
            return
        a, b = busy[stream.below(len(busy))]
        harness.deliver(everyone[b], links[a, b].popleft())
    raise AssertionError("the scrambled relay did not settle")


@pytest.mark.parametrize("shuffle", range(4))
def test_claims_apply_in_seat_order_under_scrambled_delivery(shuffle: int) -> None:
    harness, peers, watcher, _ = table("scrambled", 5, 1)
    scrambled_run(harness, b"cards/scrambled/%d" % shuffle)
    record = peers[0].machine.record
    assert all(p.errors == [] and p.machine.finished for p in peers)
    assert all(p.machine.record == record for p in [*peers, watcher])
    pairs = state_of(peers[0]).pairs
    assert pairs and pairs == winners_by_seat_order(record)
    assert all(state_of(p).pairs == pairs for p in [*peers, watcher])
    # Some draw carried rival claims of one pair: the lower seat won it.
    by_draw = [(d, c) for d, _, c in claims_in(record)]
    assert len(by_draw) > len(set(by_draw))


# --- an illegal claim is its signer's fault ---------------------------------------------------


def test_an_illegal_claim_names_its_signer() -> None:
    """Seat 2 signs a reveal claiming a pair no two cards show."""
    cheater: list[Peer] = []

    def tamper(sender: int, data: bytes) -> bytes | None:
        env = Envelope.decode(data)
        if sender == 2 and env.type == "reveal" and env.body[0] == 4:
            identity = cheater[0].identity
            assert identity is not None
            return resign(identity, data, body=(*env.body[:2], None, 0, (("pair", 4),)))
        return data

    harness, peers, watcher, _ = table("cheat", 3, 0, dealt=False, tamper=tamper)
    cheater.append(peers[2])
    harness.run()
    for peer in (peers[0], peers[1], watcher):
        halted = peer.machine.halted
        assert halted is not None and halted.culprit == peers[2].identity.public  # type: ignore[union-attr]
        assert "illegal claim ('pair', 4) at draw 4" in halted.reason
    assert verify(peers[0].machine.full_record()).ending == "halted"


def test_the_registry_loads_the_test_game_from_the_environment() -> None:
    env = {**os.environ, "GOLDNET_GAMES": "tests.protocol.cards", "PYTHONPATH": str(ROOT)}
    code = "from goldnet import games; print(games.names()); print(games.get('cards').seats)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd="/", timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "('mountains-rivers', 'golden-city', 'cards')",
        "range(2, 7)",
    ]
