"""The mental-poker deck inside the lockstep (docs/protocol.md §6.3, docs/deck.md §11): whole
honest games dealt through envelopes — Golden City with 2 to 6 peers and the test card game —
in the canonical record order, what a missing deck message waits for (naming nobody), what a
relay's replays and reorders do (nothing), and a member that restarts from its journal during
the deal or the game."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections import Counter, deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from goldnet.binding import EngineBinding, make_engine
from goldnet.harness import Harness, Peer, deterministic_peer
from goldnet.records import InvalidRecord, verify, write
from protocol.deck import Stage
from protocol.envelope import DECK_TYPES, Envelope
from protocol.errors import LocalProtocolError, RemoteProtocolError
from protocol.events import Dealt, DeckSecret, Transmit
from protocol.lockstep import NEED_DATA, Lockstep
from protocol.messages import Card
from protocol.phases import Phase
from protocol.sampling import HashStream

from .cards import GAME_INFO, NAME
from .dealt import dealt_table, state_of, types

pytestmark = pytest.mark.usefixtures("cards_game")

ROOT = Path(__file__).resolve().parents[2]


# --- honest games ------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_an_honest_golden_city_game_is_dealt_revealed_and_audited(seats: int) -> None:
    """Every peer and a spectator agree on one record holding the deal, the shares and the
    audits; each seat's mission and lantern peeks are the cards the audit shows were dealt, and
    nobody else's state holds them; the record verifies, with its audit, to the same result."""
    harness, peers, watcher = dealt_table(f"gc/{seats}", seats, game="golden-city", options=())
    harness.run()
    record = peers[0].machine.record
    result = peers[0].result
    assert result is not None
    for peer in [*peers, watcher]:
        assert peer.errors == [] and peer.machine.finished and peer.machine.record == record
        assert state_of(peer).public_hash() == state_of(peers[0]).public_hash()
    count = Counter(types(record))
    for kind in ("commit", "deck-key", "shuffle", "shuffle-answer", "lock", "deck-audit"):
        assert count[kind] == seats, kind
    assert count["sealed-share"] >= seats * (seats - 1)  # every mission, sealed to its seat
    deal = watcher.machine.dealing
    assert deal is not None and deal.deal.stage is Stage.AUDITED and deal.deal.dealt is not None
    dealt = dict(zip(deal.deal.names, deal.deal.dealt, strict=True))
    for seat, peer in enumerate(peers):
        state = state_of(peer)
        assert state.mission[seat] == dealt["mission"][seat]
        assert all(state.mission[s] is None for s in range(seats) if s != seat)
        assert all(dealt["hill"][card] == v for card, v in state.known[seat].items())
        assert all(not state.known[s] for s in range(seats) if s != seat)
        assert peer.deck_seed is not None  # journalled before the deck key left
    assert state_of(watcher).mission == [None] * seats
    assert list(state_of(watcher).shown) == list(dealt["mission"][:seats])  # shown at the end
    # No envelope carries a card's value: a deck message names decks, never a token or a
    # mission (its cards are points, its keys scalars, its private shares ciphertext).
    for data in record:
        env = Envelope.decode(data)
        if env.type in DECK_TYPES:
            assert set(texts(env.body)) <= set(deal.deal.names), env.type
    checked = verify(record)
    assert checked.ending == "over" and checked.result == result


def texts(value: object) -> list[str]:
    """Every text inside a decoded msgpack value."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, tuple):
        return [t for item in value for t in texts(item)]
    return []


def test_the_deal_comes_first_and_the_audits_last_in_the_record() -> None:
    harness, peers, _ = dealt_table("order", 3)
    harness.run()
    kinds = types(peers[0].machine.record)
    deal = ["deck-key"] * 3
    for _ in range(3):
        deal += ["shuffle", "reveal", "reveal", "reveal", "shuffle-answer"]
    deal += ["lock"] * 3
    assert kinds[:4] == ["table", "commit", "commit", "commit"]
    assert kinds[4 : 4 + len(deal)] == deal
    assert kinds[-3:] == ["deck-audit"] * 3 and "deck-audit" not in kinds[:-3]
    assert "accusation" not in kinds
    # The challenge draws are the game's draws 1 to 3: its dice come after them.
    draws = [
        Envelope.decode(d).body[0]
        for d in peers[0].machine.record[4 : 4 + len(deal)]
        if Envelope.decode(d).type == "reveal"
    ]
    assert draws == [1, 1, 1, 2, 2, 2, 3, 3, 3]


def test_a_member_journals_its_deck_seed_before_its_deck_key_leaves() -> None:
    peer = deterministic_peer("journal/0", GAME_INFO.make_bot("random", "j"))
    other = deterministic_peer("journal/1", GAME_INFO.make_bot("random", "k"))
    members = (peer.machine.identity.public, other.machine.identity.public)  # type: ignore[union-attr]
    peer.machine.propose(NAME, (1,), members, ("a", "b"), b"journal-nonce-0123")
    events = []
    while (event := peer.machine.next_event()) is not NEED_DATA:
        events.append(event)
    seed = next(i for i, e in enumerate(events) if isinstance(e, DeckSecret))
    key = next(
        i
        for i, e in enumerate(events)
        if isinstance(e, Transmit) and Envelope.decode(e.data).type == "deck-key"
    )
    assert seed < key


def test_a_table_of_a_game_with_cards_names_its_shadows_and_one_without_does_not() -> None:
    harness, peers, _ = dealt_table("shadows", 2)
    table = peers[0].machine.table
    assert table is not None and table.shadows == 20 and len(table.body()) == 7
    harness, peers, _ = dealt_table("public", 2, options=(0,))  # no cards: no deal
    table = peers[0].machine.table
    assert table is not None and table.shadows is None and len(table.body()) == 6
    harness.run()
    assert peers[0].machine.finished and peers[0].machine.dealing is None


# --- waiting, and the relay --------------------------------------------------------------


def test_a_withheld_share_waits_names_nobody_and_the_game_goes_on_when_it_comes() -> None:
    """The relay holds back seat 2's first card share and everything seat 2 sends after it."""
    held: list[bytes] = []

    def hold(sender: int, data: bytes) -> bytes | None:
        if sender == 2 and (held or Envelope.decode(data).type == "card-share"):
            held.append(data)
            return None
        return data

    harness, peers, watcher = dealt_table("withheld", 3, tamper=hold)
    harness.run()
    assert held
    for peer in [peers[0], peers[1], watcher]:
        waiting = peer.machine.waiting()
        assert waiting is not None and (waiting.kind, waiting.seats) == ("card-share", (2,))
    for peer in [*peers, watcher]:
        assert peer.errors == [] and peer.machine.halted is None and not peer.machine.ended
    for data in held:
        for peer in [peers[0], peers[1], watcher]:
            Harness.deliver(peer, data)
    harness.tamper = None
    harness.run()
    record = peers[0].machine.record
    assert all(p.machine.finished and p.machine.record == record for p in [*peers, watcher])
    assert verify(record).result == peers[0].result


def test_a_withheld_sealed_share_and_a_withheld_shuffle_wait_naming_nobody() -> None:
    for kind, wanted in (("sealed-share", "sealed-share"), ("shuffle", "shuffle")):
        held: list[bytes] = []

        def hold(
            sender: int, data: bytes, kind: str = kind, held: list[bytes] = held
        ) -> bytes | None:
            if sender == 1 and (held or Envelope.decode(data).type == kind):
                held.append(data)
                return None
            return data

        harness, peers, watcher = dealt_table(f"withheld-{kind}", 3, tamper=hold)
        harness.run()
        assert held, kind
        waiting = peers[0].machine.waiting()
        assert waiting is not None and waiting.kind == wanted and 1 in waiting.seats
        assert all(p.errors == [] and p.machine.halted is None for p in [*peers, watcher])
        for data in held:
            for peer in [peers[0], peers[2], watcher]:
                Harness.deliver(peer, data)
        harness.tamper = None
        harness.run()
        assert all(p.machine.finished for p in [*peers, watcher]), kind


def relay_scrambled(harness: Harness, seed: bytes, *, replay: bool) -> None:
    """Every envelope to every other peer and spectator over first-in first-out links, the
    next link chosen from a seeded stream (each sender's envelopes in order, senders
    interleaved differently at each receiver); with ``replay``, every deck envelope and every
    reveal is delivered twice, the copy later."""
    everyone = harness.peers + harness.spectators
    stream = HashStream(seed)
    links: dict[tuple[int, int], deque[bytes]] = {}
    for _ in range(2_000_000):
        for a, peer in enumerate(harness.peers):
            while peer.outbox:
                data = peer.outbox.popleft()
                again = replay and Envelope.decode(data).type in (*DECK_TYPES, "reveal")
                for b in range(len(everyone)):
                    if b != a:
                        links.setdefault((a, b), deque()).append(data)
                        if again:
                            links[(a, b)].append(data)
        busy = sorted(k for k, q in links.items() if q)
        if not busy:
            return
        a, b = busy[stream.below(len(busy))]
        Harness.deliver(everyone[b], links[(a, b)].popleft())
    raise AssertionError("the relay did not settle")


@pytest.mark.parametrize("seats", [3, 4])
def test_deck_messages_replayed_and_reordered_by_the_relay_name_nobody(seats: int) -> None:
    """Deck messages arrive early (they wait in their signer's queue), interleaved differently
    at every peer, and twice (a replay is refused, naming nobody): every peer and the spectator
    hold the same record, which verifies."""
    harness, peers, watcher = dealt_table(f"scrambled/{seats}", seats)
    relay_scrambled(harness, f"scramble/{seats}".encode(), replay=True)
    record = peers[0].machine.record
    for peer in [*peers, watcher]:
        assert peer.machine.finished and peer.machine.record == record, peer.machine.waiting()
        assert peer.errors and all(e.culprit is None for e in peer.errors)
        assert all("replayed" in e.reason for e in peer.errors)
    assert verify(record).result == peers[0].result


# --- restarting from a journal -------------------------------------------------------------


def run_until(harness: Harness, stop: Callable[[], bool], limit: int = 200_000) -> None:
    """Deliver as :meth:`Harness.run` does until ``stop()`` holds."""
    for _ in range(limit):
        if stop():
            return
        sender = next((i for i, p in enumerate(harness.peers) if p.outbox), None)
        assert sender is not None, "the game settled before the stop"
        data = harness.peers[sender].outbox.popleft()
        harness.log.append((sender, data))
        for i, peer in enumerate(harness.peers + harness.spectators):
            if i != sender:
                Harness.deliver(peer, data)
    raise AssertionError("no stop")


def restart(harness: Harness, seat: int) -> tuple[Peer, list[LocalProtocolError]]:
    """Kill seat ``seat``'s peer and start it again from its journal: its identity, beacon
    seeds and deck seed, its own envelopes (sent or made), then what it had accepted; with the
    local errors its machine raised on the way."""
    old = harness.peers[seat]
    own = [d for s, d in harness.log if s == seat] + list(old.outbox)
    accepted = [d for d in old.machine.received if d not in set(own)]
    machine = Lockstep(
        old.identity,
        old.machine._engines,
        entropy=os.urandom,
        seeds=old.secrets,
        deck_seed=old.deck_seed,
    )
    new = Peer(old.identity, machine, old.bot, secrets=list(old.secrets), deck_seed=old.deck_seed)
    local: list[LocalProtocolError] = []
    try:
        machine.restore(own)
        for data in accepted:
            with contextlib.suppress(RemoteProtocolError):
                machine.receive(data)
    except LocalProtocolError as exc:
        local.append(exc)
    new.drain()
    harness.peers[seat] = new
    return new, local


@pytest.mark.parametrize("when", ["mid-deal", "mid-game"])
def test_a_member_restarted_from_its_journal_deals_the_same_and_the_game_finishes(
    when: str,
) -> None:
    harness, peers, watcher = dealt_table(f"restart/{when}", 3)

    def stop() -> bool:
        dealing = harness.peers[1].machine.dealing
        if dealing is None:
            return False
        if when == "mid-deal":
            return ("shuffle",) in dealing.sent and ("shuffle-answer",) not in dealing.sent
        return harness.peers[1].machine.phase is Phase.PLAY and harness.peers[1].machine.steps > 8

    run_until(harness, stop)
    new, local = restart(harness, 1)
    assert local == [] and new.deck_seed == peers[1].deck_seed
    harness.run()
    record = peers[0].machine.record
    for peer in [*harness.peers, watcher]:
        assert peer.machine.finished and peer.machine.record == record
        assert all(e.culprit is None for e in peer.errors)
    assert verify(record).result == peers[0].result


def test_a_restarted_member_whose_deck_seed_is_damaged_signs_nothing_new() -> None:
    harness, peers, _ = dealt_table("damaged", 3)
    run_until(harness, lambda: peers[1].machine.phase is Phase.DEAL and bool(peers[1].deck_seed))
    peers[1].deck_seed = bytes(32)  # a damaged journal gives another seed back
    new, local = restart(harness, 1)
    if not local:
        try:
            for _ in range(100_000):
                sender = next((i for i, p in enumerate(harness.peers) if p.outbox), None)
                if sender is None:
                    break
                data = harness.peers[sender].outbox.popleft()
                for i, peer in enumerate(harness.peers + harness.spectators):
                    if i != sender:
                        with contextlib.suppress(RemoteProtocolError):
                            peer.machine.receive(data)
                        peer.drain()
        except LocalProtocolError as exc:
            local.append(exc)
    assert local and "deck seed does not give the deck key" in str(local[0])
    made = [Envelope.decode(d).type for d in new.outbox]
    assert "shuffle" not in made and "lock" not in made  # nothing signed from the wrong seed


def test_every_step_of_the_deal_is_told() -> None:
    harness, peers, _ = dealt_table("told", 2)
    seen: list[Dealt] = []
    machine = peers[0].machine
    real = machine.next_event

    def spy() -> object:
        event = real()
        if isinstance(event, Dealt):
            seen.append(event)
        return event

    machine.next_event = spy  # type: ignore[method-assign,assignment]
    harness.run()
    steps = [(e.step, e.seat) for e in seen]
    assert steps[0] == ("keys", None)
    assert ("dealt", None) in steps and steps[-1] == ("audited", None)
    for seat in (0, 1):
        for step in ("shuffle", "challenge", "answer", "lock"):
            assert (step, seat) in steps


# --- records -----------------------------------------------------------------------------


def test_a_dealt_record_verifies_with_its_audit_and_not_without(tmp_path: Path) -> None:
    """``goldnet verify`` checks a dealt game's record — deal, shares, audits — offline; cut
    before its audits, the game is not over and the record does not verify."""
    harness, peers, _ = dealt_table("record", 3)
    harness.run()
    record = peers[0].machine.record
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
    summary = json.loads(done.stdout.splitlines()[-1])
    assert summary["valid"] and summary["ending"] == "over"
    assert summary["scores"] == list(peers[0].result.scores)  # type: ignore[union-attr]
    with pytest.raises(InvalidRecord, match="ends before the game does"):
        verify(record[:-3])  # no audit
    with pytest.raises(InvalidRecord, match="never applied"):
        verify(record[:-1])  # one audit missing: the others are never applied
    with pytest.raises(InvalidRecord, match="canonical record order"):
        verify([*record[:-3], record[-2], record[-3], record[-1]])  # audits out of seat order


def test_a_deal_withheld_for_good_ends_abandoned_every_record_verifying_so() -> None:
    """Seat 1's shuffle never comes: the deal waits, naming nobody; past the abandonment time
    a member adjudicates, and every peer's record — keys and shuffles so far — verifies as
    abandoned."""
    now = [0]

    dropped: list[bytes] = []

    def drop(sender: int, data: bytes) -> bytes | None:
        if sender == 1 and (dropped or Envelope.decode(data).type == "shuffle"):
            dropped.append(data)  # its shuffle and all it sends after it
            return None
        return data

    harness, peers, watcher = dealt_table("abandoned", 3, tamper=drop, clock=lambda: now[0])
    harness.run()
    waiting = peers[0].machine.waiting()
    assert waiting is not None and (waiting.kind, waiting.seats) == ("shuffle", (1,))
    assert peers[0].machine.phase is Phase.DEAL
    now[0] = 3_600_000
    peers[2].machine.tick()
    peers[2].drain()
    harness.run()
    for peer in (peers[0], peers[2], watcher):
        assert peer.abandoned is not None and peer.abandoned.by == 2
        assert all(e.culprit is None for e in peer.errors)
        checked = verify(peer.machine.record)
        assert checked.ending == "abandoned" and checked.culprit is None
    assert "deck-key" in types(peers[0].machine.record)


class AskedTwice(EngineBinding):
    """The card game's engine, asking for every card it reveals a second time (what an engine
    may do to show a card again): the values it was given, per card."""

    def __init__(self, binding: EngineBinding) -> None:
        super().__init__(binding.state)
        self.again: Card | None = None
        self.given: list[tuple[Card, Any]] = []

    def due(self) -> Any:
        return self.again if self.again is not None else super().due()

    def apply_card(self, deck: str, card: int, to: int | None, value: Any) -> None:
        self.given.append((Card(deck, card, to), value))
        if self.again is not None:
            self.again = None
            return
        super().apply_card(deck, card, to, value)
        self.again = Card(deck, card, to)


def test_a_card_asked_again_is_served_from_its_shares_without_an_envelope() -> None:
    harness, peers, watcher = dealt_table(
        "twice",
        2,
        engines=lambda game, options, seats: AskedTwice(make_engine(game, options, seats)),
    )
    harness.run()
    engines = [p.machine.engine for p in peers]
    assert all(isinstance(e, AskedTwice) for e in engines)
    record = peers[0].machine.record
    # The spectator's engine asks once: it holds the very same record.
    assert all(p.machine.finished and p.machine.record == record for p in [*peers, watcher])
    for engine in engines:
        assert isinstance(engine, AskedTwice)
        given = engine.given
        assert given and len(given) % 2 == 0
        assert given[::2] == given[1::2]  # the same card, the same value (None: another's)
    assert isinstance(engines[0], AskedTwice)
    asked = [card for card, _ in engines[0].given[::2]]
    shares = Counter(types(record))
    assert shares["card-share"] == 2 * sum(c.to is None for c in asked)
    assert shares["sealed-share"] == sum(c.to is not None for c in asked)


def test_a_false_mission_claim_is_judged_at_the_end_on_the_missions_the_deck_shows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Bots that announce "mission fulfilled" at their first chance (the draw of their own
    die), fulfilled or not: each claim rides in its reveal; at the end the deck shows every
    mission to everyone, and every peer's engine — and a verifier's — pays the true claims and
    refuses the false ones alike."""
    from goldnet.games.golden_city.bots import RandomBot as CityBot

    monkeypatch.setattr(CityBot, "claim", lambda self, view, claims: claims[0] if claims else None)
    harness, peers, watcher = dealt_table("claims", 3, game="golden-city", options=())
    harness.run()
    judged = []
    for peer in [*peers, watcher]:
        assert peer.machine.finished and peer.errors == []
        events = peer.engine.events
        claims = sorted({e.seat for e in events if e.kind == "claim"})
        verdicts = [(e.kind, e.seat) for e in events if e.kind in ("false-claim", "bonus")]
        judged.append((claims, verdicts))
    assert len(set(map(repr, judged))) == 1  # every peer and the spectator judged alike
    claims, verdicts = judged[0]
    assert claims  # some seat claimed (at its first chance)...
    assert any(kind == "false-claim" for kind, _ in verdicts)  # ...and falsely
    seen: list[tuple[str, int | None]] = []

    def step(state: Any, events: tuple[Any, ...]) -> None:
        seen.extend((e.kind, e.seat) for e in events if e.kind in ("false-claim", "bonus"))

    assert verify(peers[0].machine.record, on_step=step).ending == "over"
    assert seen == verdicts


def test_an_honest_bot_announces_its_fulfilled_mission_at_its_own_die_and_is_paid() -> None:
    """A mission may be announced only at the draw of its seat's own die, and the reveal of
    that draw is signed the moment the draw is due: the bot decides as its machine signs it
    (the machine's ``claimer``), so a fulfilled mission is announced and paid, never left
    "unannounced" for want of a moment (seat 0's mission in this game is fulfilled by then)."""
    harness, peers, watcher = dealt_table("a", 3, game="golden-city", options=())
    harness.run()
    judged = set()
    for peer in [*peers, watcher]:
        assert peer.machine.finished and peer.errors == []
        missions = [
            (e.kind, e.seat)
            for e in peer.engine.events
            if e.kind in ("claim", "false-claim", "bonus", "unannounced")
        ]
        judged.add(tuple(missions))
    assert judged == {(("claim", 0), ("bonus", 0))}
