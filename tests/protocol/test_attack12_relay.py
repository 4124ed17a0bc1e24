"""Issue 12, the relay and the spectators against the deck (docs/deck.md §6, §11; docs/protocol.md
§8): the relay holds no member key, so all it can do is drop, delay, reorder, replay, corrupt,
or carry envelopes of another game — and read what it carries.

- deck messages of another game of the same members (every deck envelope of a first game,
  injected into a second): each refused as "of another game", nobody named; the second game's
  record is the very record it has undisturbed;
- every deck envelope corrupted on its way (one bit), then delivered intact: each corrupted
  copy refused, nobody named, the game's record unchanged;
- a sealed share kept from its recipient only: the recipient waits for it, so do the others
  once they need the recipient; nobody named; delivered late, the game finishes;
- what the relay and a spectator carry of a private reveal is ciphertext: no sealed share of a
  whole game opens under the key of anyone but its recipient (other members, a spectator's or
  the relay's own identity), and the spectator's engine never holds a peeked value.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from goldnet import games
from goldnet.binding import make_engine
from goldnet.harness import Harness, Peer, deterministic_peer
from goldnet.records import verify
from protocol.deck_seal import context, identity_scalars, unseal
from protocol.envelope import DECK_TYPES, Envelope
from protocol.identity import Identity
from protocol.lockstep import Lockstep

from .attack12 import SplitRelay, key_of
from .cards import NAME
from .dealt import state_of, types

pytestmark = pytest.mark.usefixtures("cards_game")

Tamper = Callable[[int, bytes], bytes | None]


def game(
    label: str, nonce: bytes, tamper: Tamper | None = None
) -> tuple[Harness, list[Peer], Peer]:
    """Three bots of the card game with peeks (keys and seeds from ``label``) and a spectator,
    the table proposed with ``nonce``; not yet run."""
    info = games.get(NAME)
    peers = [
        deterministic_peer(f"{label}/{s}", info.make_bot("random", f"{label}/{s}"))
        for s in range(3)
    ]
    watcher = Peer(None, Lockstep(None, make_engine))
    harness = Harness(peers, spectators=[watcher], tamper=tamper)
    harness.start(NAME, (1,), nonce)
    return harness, peers, watcher


def nobody_named(everyone: list[Peer]) -> None:
    for peer in everyone:
        assert peer.machine.halted is None
        assert all(e.culprit is None for e in peer.errors)


def undisturbed(label: str, nonce: bytes) -> list[bytes]:
    harness, peers, _ = game(label, nonce)
    harness.run()
    assert peers[0].machine.finished
    return peers[0].machine.record


def test_deck_messages_of_another_game_are_refused_naming_nobody() -> None:
    """The same three members played a first game; the relay injects each of its deck
    envelopes into their second game, just before the second game's envelope of that type
    from the same member."""
    first, _, _ = game("cross", b"the first game's nonce")
    first.run()
    old = [(s, d) for s, d in first.log if Envelope.decode(d).type in DECK_TYPES]
    assert len(old) > 12
    box: list[list[Peer]] = []

    def inject(sender: int, data: bytes) -> bytes:
        kind = Envelope.decode(data).type
        found = next(
            (i for i, (s, d) in enumerate(old) if s == sender and Envelope.decode(d).type == kind),
            None,
        )
        if found is not None:
            _, stale = old.pop(found)
            for peer in box[0]:
                Harness.deliver(peer, stale)
        return data

    nonce = b"the second game's nonce"
    harness, peers, watcher = game("cross", nonce, inject)
    everyone = [*peers, watcher]
    box.append(everyone)
    harness.run()
    refused = [e for p in everyone for e in p.errors]
    assert len(refused) >= 4 * 10 and all("another game" in e.reason for e in refused)
    nobody_named(everyone)
    assert all(p.machine.finished for p in everyone)
    assert peers[0].machine.record == undisturbed("cross", nonce)


def test_corrupted_deck_envelopes_are_refused_and_the_intact_ones_taken() -> None:
    box: list[list[Peer]] = []

    def corrupt(sender: int, data: bytes) -> bytes:
        if Envelope.decode(data).type in DECK_TYPES:
            bad = bytearray(data)
            bad[len(bad) // 2] ^= 0x10  # inside the body: the signature no longer holds
            for peer in box[0]:
                Harness.deliver(peer, bytes(bad))
        return data

    nonce = b"corrupted deck envelopes"
    harness, peers, watcher = game("corrupt", nonce, corrupt)
    everyone = [*peers, watcher]
    box.append(everyone)
    harness.run()
    assert sum(len(p.errors) for p in everyone) > 40
    nobody_named(everyone)
    assert all(p.machine.finished for p in everyone)
    assert peers[0].machine.record == undisturbed("corrupt", nonce)


def test_a_sealed_share_kept_from_its_recipient_waits_naming_nobody() -> None:
    held: list[bytes] = []
    released = [False]

    def route(sender: int, receiver: int, data: bytes) -> bytes | None:
        if released[0]:
            return data
        env = Envelope.decode(data)
        if held and sender == held_from[0] and receiver == held_to[0]:
            held.append(data)  # what follows it waits behind it
            return None
        if not held and env.type == "sealed-share" and receiver == env.body[2]:
            held_from[:], held_to[:] = [sender], [receiver]
            held.append(data)
            return None
        return data

    held_from: list[int] = []
    held_to: list[int] = []
    _, peers, watcher = game("kept-box", b"a sealed share kept")
    relay = SplitRelay(peers, spectators=[watcher], route=route)
    relay.run()
    assert held
    everyone = [*peers, watcher]
    nobody_named(everyone)
    recipient = peers[held_to[0]]
    waiting = recipient.machine.waiting()
    assert waiting is not None and (waiting.kind, waiting.seats) == (
        "sealed-share",
        tuple(held_from),
    )
    for peer in everyone:
        assert not peer.machine.finished  # everyone needs the recipient sooner or later
    released[0] = True
    for data in held:
        relay.deliver(recipient, data)
    relay.run()
    nobody_named(everyone)
    assert all(p.machine.finished for p in everyone)
    assert verify(peers[0].machine.record).ending == "over"


def test_no_sealed_share_opens_for_anyone_but_its_recipient() -> None:
    """A whole game with peeks: each sealed share opens for its recipient only — not for the
    other members, nor for a spectator's or the relay's own key — and the spectator's engine
    never holds a peeked value (only that the seat peeked)."""
    harness, peers, watcher = game("ciphertext", b"only ciphertext, nothing more")
    harness.run()
    assert all(p.machine.finished for p in [*peers, watcher])
    record = peers[0].machine.record
    members = [key_of(p) for p in peers]
    outsiders = [Identity(bytes([7]) * 32), Identity(bytes([9]) * 32)]  # spectator, relay
    keys = {key_of(p): p.machine.identity for p in peers} | {o.public: o for o in outsiders}
    game_id = peers[0].machine.game_id
    sealed = [e for e in map(Envelope.decode, record) if e.type == "sealed-share"]
    assert len(sealed) >= 4
    for env in sealed:
        deck, card, to, ephemeral, _, box = env.body
        sender = members.index(env.sender)
        info = context(game_id, deck, card, sender, to, ephemeral)
        for key, identity in keys.items():
            assert identity is not None
            h, _ = identity_scalars(identity.private_bytes())
            opened = unseal(h, ephemeral, box, info)
            assert (opened is not None) == (key == members[to]), (key == members[to], env.body[:3])
    peeked = [p for p in state_of(watcher).peeked if p]
    assert peeked  # some seat peeked...
    assert state_of(watcher).observation(None).known == ()  # ...and the spectator saw no value
    assert "deck-audit" in types(record)
