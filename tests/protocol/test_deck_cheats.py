"""Every deck cheat is caught and its author named by every honest member (docs/deck.md §8):
a substituted or duplicated card in a shuffle, a rogue key, a wrong lock, a wrong public or
sealed share, a false accusation, a forged proof, a message replayed from another game, deck
or card, a wrong audit — and a shuffle cheat that guessed its challenge, which only a
challenge drawn after the shuffle defeats (and the audit names)."""

from __future__ import annotations

from dataclasses import replace

import nacl.bindings as sodium
import pytest

from protocol.deck import Deal, DeckBroken, DeckFault, Stage, challenge_bits, shadow_hash
from protocol.deck_group import (
    SCHNORR_TAG,
    apply,
    base,
    card_point,
    hash_scalar,
    mul,
    permutation,
    sadd,
    smul,
)
from protocol.deck_messages import (
    Accusation,
    CardShare,
    DeckAudit,
    DeckKey,
    Opening,
    SealedShare,
    Shuffle,
    ShuffleAnswer,
)
from protocol.deck_seal import ephemeral, proof_context, seal
from protocol.errors import LocalProtocolError

from .deck_table import (
    Peer,
    deliver,
    draw,
    reveal_public,
    run_deal,
    send,
    spectator,
    table,
)

CHEAT = 1
"""The cheating member's seat in a table of three."""


def named(peers: list[Peer], seat: int, message: object) -> set[int]:
    """The seats that every honest member's deal names for ``seat``'s ``message`` (each must
    name someone)."""
    honest = [p.deal for p in peers if p.seat != seat]
    faults = deliver(honest, seat, message)  # type: ignore[arg-type]
    assert all(f is not None for f in faults), faults
    return {f.seat for f in faults if f is not None}


def keys_in(peers: list[Peer]) -> None:
    for p in peers:
        send(peers, p.seat, "deck-key", p.own.deck_key(), None)


def shuffles_until(peers: list[Peer], seat: int) -> None:
    """Keys, then every shuffle (with challenge and answer) before ``seat``'s."""
    keys_in(peers)
    for p in peers[:seat]:
        send(peers, p.seat, "shuffle", p.own.shuffle(), None)
        for q in peers:
            q.deal.challenge(draw("deck", p.seat))
        send(peers, p.seat, "shuffle-answer", p.own.answer(), None)


def challenge(peers: list[Peer], seat: int) -> None:
    for q in peers:
        q.deal.challenge(draw("deck", seat))


# --- shuffles ---------------------------------------------------------------------------


def test_a_substituted_card_names_its_shuffler() -> None:
    peers = table(3)
    shuffles_until(peers, CHEAT)
    cheat = peers[CHEAT].own
    honest = cheat.shuffle()
    foreign = mul(cheat.secret, card_point(peers[0].deal.game_id, "hill", 99))
    decks = ((foreign, *honest.decks[0][1:]), *honest.decks[1:])
    send(peers, CHEAT, "shuffle", replace(honest, decks=decks), None)  # taken: it looks right
    challenge(peers, CHEAT)
    assert named(peers, CHEAT, cheat.answer()) == {CHEAT}


def test_a_duplicated_card_names_its_shuffler() -> None:
    """Twice the same point is refused at once; a copy masked with another scalar (so the
    points differ) is caught by the challenge."""
    peers = table(3)
    shuffles_until(peers, CHEAT)
    cheat = peers[CHEAT].own
    honest = cheat.shuffle()
    hill = honest.decks[0]
    twice = (hill[0], hill[0], *hill[2:])
    for deal in (p.deal for p in peers if p.seat != CHEAT):
        with pytest.raises(DeckFault, match="two equal cards") as caught:
            deal.take_body(CHEAT, "shuffle", ((twice, *honest.decks[1:]), honest.shadows))
        assert caught.value.seat == CHEAT
    source = peers[0].deal.decks
    first = cheat._perms("perm", source)[0][0]  # the input card at position 0
    copy = mul(hash_scalar("another mask"), source[0][first])
    decks = ((hill[0], copy, *hill[2:]), *honest.decks[1:])
    send(peers, CHEAT, "shuffle", replace(honest, decks=decks), None)
    challenge(peers, CHEAT)
    assert named(peers, CHEAT, cheat.answer()) == {CHEAT}


def _guessing_shuffle(
    peers: list[Peer], seat: int, guess: tuple[int, ...]
) -> tuple[Shuffle, ShuffleAnswer]:
    """A shuffle that substitutes a card and whose shadows are made to open for the challenge
    bits ``guess``: from the input where the guess is 0, from the forged output where it is 1."""
    own, deal = peers[seat].own, peers[seat].deal
    source = deal.decks
    perms = own._perms("perm", source)
    out = apply(own.secret, perms, source)
    forged = ((mul(own.secret, card_point(deal.game_id, "hill", 99)), *out[0][1:]), *out[1:])
    hashes, openings = [], []
    for t, bit in enumerate(guess):
        scalar = hash_scalar("guess", t)
        sigma = tuple(permutation(size, bytes([t, d])) for d, size in enumerate(deal.sizes))
        if bit == 0:
            key, shadow = base(scalar), apply(scalar, sigma, source)
        else:
            key, shadow = mul(scalar, own.public), apply(scalar, sigma, forged)
        hashes.append(shadow_hash(deal.game_id, seat, t, key, shadow))
        openings.append(Opening(scalar, sigma))
    return Shuffle(forged, tuple(hashes)), ShuffleAnswer(tuple(openings))


def test_a_shuffler_that_guesses_its_challenge_wrong_is_named() -> None:
    peers = table(3)
    shuffles_until(peers, CHEAT)
    bits = challenge_bits(peers[0].deal.game_id, CHEAT, draw("deck", CHEAT), 20)
    guess = (1 - bits[0], *bits[1:])  # right but for one bit of twenty
    shuffle, answer = _guessing_shuffle(peers, CHEAT, guess)
    send(peers, CHEAT, "shuffle", shuffle, None)
    challenge(peers, CHEAT)
    assert named(peers, CHEAT, answer) == {CHEAT}


def test_a_challenge_known_in_advance_is_beaten_and_the_audit_names_the_cheat() -> None:
    """Were the challenge computable before the shuffle (Fiat–Shamir over the transcript), a
    substituted card would pass every check: the bits must come from a later beacon draw.
    The audit still names the cheat."""
    peers = table(3)
    shuffles_until(peers, CHEAT)
    bits = challenge_bits(peers[0].deal.game_id, CHEAT, draw("deck", CHEAT), 20)
    shuffle, answer = _guessing_shuffle(peers, CHEAT, bits)
    send(peers, CHEAT, "shuffle", shuffle, None)
    challenge(peers, CHEAT)
    send(peers, CHEAT, "shuffle-answer", answer, None)  # every member accepts it
    for p in peers[CHEAT + 1 :]:
        send(peers, p.seat, "shuffle", p.own.shuffle(), None)
        challenge(peers, p.seat)
        send(peers, p.seat, "shuffle-answer", p.own.answer(), None)
    for p in peers:
        send(peers, p.seat, "lock", p.own.lock(), None)
    broken = 0
    for card in range(peers[0].deal.sizes[0]):
        try:
            reveal_public(peers, "hill", card)
        except DeckBroken:
            broken += 1
            break
    assert broken == 1  # the game stops at the broken card; the audit follows
    for deal in (p.deal for p in peers):
        assert deal.stage is Stage.DEALT
        deal.finish()
    for p in peers:
        audit = p.own.audit()
        if p.seat != CHEAT:
            send(peers, p.seat, "deck-audit", audit, None)
        else:
            assert named(peers, CHEAT, audit) == {CHEAT}


def test_a_forged_opening_names_its_shuffler() -> None:
    peers = table(3)
    shuffles_until(peers, CHEAT)
    cheat = peers[CHEAT].own
    send(peers, CHEAT, "shuffle", cheat.shuffle(), None)
    challenge(peers, CHEAT)
    honest = cheat.answer()
    forged = Opening(hash_scalar("forged"), honest.openings[3].perms)
    openings = (*honest.openings[:3], forged, *honest.openings[4:])
    assert named(peers, CHEAT, ShuffleAnswer(openings)) == {CHEAT}


# --- keys -------------------------------------------------------------------------------


def test_a_rogue_deck_key_names_its_member() -> None:
    """A key whose secret the member does not know — one copied from another seat, one made
    to cancel another's, one with its proof from another game — is refused."""
    peers = table(3)
    other = table(3, label="another game")
    copied = peers[0].own.deck_key()
    cancelling = DeckKey(mul(hash_scalar("k"), copied.key), copied.proof)
    replayed = other[CHEAT].own.deck_key()
    for key in (copied, cancelling, replayed):
        assert named(peers, CHEAT, key) == {CHEAT}


def test_a_forged_key_proof_names_its_member() -> None:
    peers = table(3)
    key = peers[CHEAT].own.deck_key()
    flipped = bytes([key.proof[0] ^ 1]) + key.proof[1:]
    swapped = key.proof[32:] + key.proof[:32]
    for proof in (flipped, swapped, bytes(64)):
        assert named(peers, CHEAT, DeckKey(key.key, proof)) == {CHEAT}


# --- locks ------------------------------------------------------------------------------


def _locking(peers: list[Peer]) -> None:
    """Everything before seat CHEAT's lock."""
    shuffles_until(peers, len(peers))
    for p in peers[:CHEAT]:
        send(peers, p.seat, "lock", p.own.lock(), None)


def test_a_wrong_lock_names_its_member() -> None:
    peers = table(3)
    _locking(peers)
    lock = peers[CHEAT].own.lock()
    source = peers[0].deal.decks
    other = mul(hash_scalar("other ratio"), source[0][2])
    decks = ((*lock.decks[0][:2], other, *lock.decks[0][3:]), *lock.decks[1:])
    keys = ((*lock.keys[0][:2], base(hash_scalar("other key")), *lock.keys[0][3:]), *lock.keys[1:])
    for bad in (replace(lock, decks=decks), replace(lock, keys=keys)):
        assert named(peers, CHEAT, bad) == {CHEAT}


def test_a_lock_proof_from_another_card_or_game_names_its_member() -> None:
    peers = table(3)
    other = table(3, label="another game")
    _locking(peers)
    _locking(other)
    lock = peers[CHEAT].own.lock()
    proofs = ((lock.proofs[0][1], lock.proofs[0][0], *lock.proofs[0][2:]), *lock.proofs[1:])
    assert named(peers, CHEAT, replace(lock, proofs=proofs)) == {CHEAT}
    assert named(peers, CHEAT, other[CHEAT].own.lock()) == {CHEAT}


# --- reveals ----------------------------------------------------------------------------


def _dealt(label: str = "deck") -> list[Peer]:
    peers = table(3, label=label)
    run_deal(peers, label=label)
    return peers


def test_a_wrong_public_share_names_its_member() -> None:
    peers = _dealt()
    other = _dealt("another game")
    for p in peers:
        p.deal.open_reveal("hill", 0, None)
    own = peers[CHEAT].own
    wrong = [
        CardShare("hill", 0, own.lock_key("hill", 1)),  # another card's key
        CardShare("hill", 0, own.lock_key("mission", 0)),  # another deck's key
        CardShare("hill", 0, other[CHEAT].own.lock_key("hill", 0)),  # another game's key
        CardShare("hill", 0, hash_scalar("made up")),
    ]
    for share in wrong:
        assert named(peers, CHEAT, share) == {CHEAT}
    assert reveal_public_after(peers, "hill", 0) is not None


def reveal_public_after(peers: list[Peer], deck: str, card: int) -> object:
    """Finish an already open public reveal honestly."""
    for p in peers:
        send(peers, p.seat, "card-share", p.own.share(deck, card), None)
    return peers[0].deal.value(deck, card)


def _sealed_wrong(peers: list[Peer], sender: int, to: int, share: bytes) -> SealedShare:
    deal = peers[sender].deal
    return SealedShare(
        "mission", 0, to, *seal(share, deal.members[to], deal.game_id, "mission", 0, sender, to)
    )


@pytest.mark.parametrize("how", ["another card", "another game", "made up", "garbage box"])
def test_a_wrong_sealed_share_is_proven_and_its_sender_named(how: str) -> None:
    """The recipient finds it, names the sender, and its accusation lets every other member
    (and a spectator) name the sender too — without learning the card."""
    peers = table(3)
    watcher = spectator(peers)
    run_deal(peers, extra=[watcher])
    other = _dealt("another game")
    to = 2
    for deal in [p.deal for p in peers] + [watcher]:
        deal.open_reveal("mission", 0, to)
    own = peers[CHEAT].own
    honest = own.sealed_share("mission", 0, to)
    if how == "another card":
        sealed = _sealed_wrong(peers, CHEAT, to, own.lock_key("mission", 1))
    elif how == "another game":
        sealed = _sealed_wrong(peers, CHEAT, to, other[CHEAT].own.lock_key("mission", 0))
    elif how == "made up":
        sealed = _sealed_wrong(peers, CHEAT, to, hash_scalar("made up"))
    else:
        sealed = replace(honest, box=bytes(48))
    for p in peers:
        if p.seat != to:
            message = sealed if p.seat == CHEAT else p.own.sealed_share("mission", 0, to)
            send(peers, p.seat, "sealed-share", message, None, extra=[watcher])
    with pytest.raises(DeckFault) as caught:
        peers[to].own.open("mission", 0)
    assert caught.value.seat == CHEAT
    accusation = caught.value.evidence
    assert isinstance(accusation, Accusation)
    faults = deliver([p.deal for p in peers] + [watcher], to, accusation)
    assert {f.seat for f in faults if f is not None} == {CHEAT} and None not in faults
    with pytest.raises(LookupError):  # nobody but the recipient learned the card
        watcher.value("mission", 0)


@pytest.mark.parametrize("how", ["another card's", "another game's", "another seat's"])
def test_a_replayed_sealed_share_names_its_sender_when_taken(how: str) -> None:
    """A box replayed whole (ephemeral point, proof, box) from another card, another game or
    another seat: its proof of the ephemeral key is bound to that other box, so every other
    member and a spectator name its sender at once — the recipient never accuses it (docs/deck.md
    §6: an accusation of a copied ephemeral point would open that other box)."""
    peers = table(3)
    watcher = spectator(peers, proofs=False)
    run_deal(peers, extra=[watcher])
    to = 2
    for deal in [p.deal for p in peers] + [watcher]:
        deal.open_reveal("mission", 0, to)
    if how == "another card's":
        sealed = replace(peers[CHEAT].own.sealed_share("mission", 1, to), card=0)
    elif how == "another game's":
        sealed = _dealt("another game")[CHEAT].own.sealed_share("mission", 0, to)
    else:
        sealed = peers[0].own.sealed_share("mission", 0, to)
    others = [p.deal for p in peers if p.seat != CHEAT] + [watcher]
    faults = deliver(others, CHEAT, sealed)
    assert all(f is not None and f.seat == CHEAT for f in faults), faults
    assert all("no proof of its ephemeral key" in str(f) for f in faults)
    assert all(not d.reveals[("mission", 0, to)].sealed for d in others)


def test_a_false_accusation_names_the_accuser() -> None:
    """An accusation of a right share, or one with a forged proof, names its author."""
    peers = _dealt()
    to = 2
    for p in peers:
        p.deal.open_reveal("mission", 0, to)
    for p in peers:
        if p.seat != to:
            send(peers, p.seat, "sealed-share", p.own.sealed_share("mission", 0, to), None)
    assert peers[to].own.open("mission", 0)[1] in ("m1", "m2", "m3", "m4")
    sealed = peers[to].deal.reveals[("mission", 0, to)].sealed[CHEAT]
    honest_fault = peers[to].own._accuse("mission", 0, CHEAT, sealed)
    accusation = honest_fault.evidence
    assert isinstance(accusation, Accusation)
    assert named(peers, to, accusation) == {to}  # a right share: the accuser is named
    forged = replace(accusation, proof=accusation.proof[32:] + accusation.proof[:32])
    assert named(peers, to, forged) == {to}
    framed = replace(accusation, shared=base(hash_scalar("framed")))
    assert named(peers, to, framed) == {to}


# --- audits -----------------------------------------------------------------------------


def test_a_wrong_audit_names_its_member() -> None:
    peers = _dealt()
    for p in peers:
        p.deal.finish()
    audit = peers[CHEAT].own.audit()
    swapped = tuple(p[::-1] for p in audit.perms)
    wrong = [
        replace(audit, key=hash_scalar("another secret")),
        replace(audit, perms=swapped),
        replace(
            audit,
            locks=((audit.locks[0][1], audit.locks[0][0], *audit.locks[0][2:]), *audit.locks[1:]),
        ),
    ]
    for bad in wrong:
        assert named(peers, CHEAT, bad) == {CHEAT}
    with pytest.raises(DeckFault, match="audit has decks"):
        peers[0].deal.take(CHEAT, DeckAudit(audit.key, ((0,), (0,)), ((audit.key,), (audit.key,))))


def test_an_audit_names_a_sealed_share_nobody_accused() -> None:
    """A recipient that keeps quiet about a wrong sealed share (a colluder) does not hide it:
    the audit recomputes every sealed share."""
    peers = _dealt()
    to = 2
    for p in peers:
        p.deal.open_reveal("mission", 0, to)
    wrong = _sealed_wrong(peers, CHEAT, to, hash_scalar("made up"))
    for p in peers:
        if p.seat != to:
            message = wrong if p.seat == CHEAT else p.own.sealed_share("mission", 0, to)
            send(peers, p.seat, "sealed-share", message, None)
    for p in peers:
        p.deal.finish()
    assert named(peers, CHEAT, peers[CHEAT].own.audit()) == {CHEAT}


def test_an_audit_names_a_sealed_share_whose_proof_is_not_the_protocol_s() -> None:
    """A sealed share whose proof of its ephemeral key holds but was made with another nonce
    than the protocol's (proofs are deterministic, §4) passes when taken and opens to the right
    share; the audit, which re-makes every sealed share whole, names its sender."""
    peers = _dealt()
    to = 2
    for p in peers:
        p.deal.open_reveal("mission", 0, to)
    own = peers[CHEAT].own
    honest = own.sealed_share("mission", 0, to)
    r = ephemeral(own.lock_key("mission", 0), own.deal.game_id, "mission", 0, CHEAT, to)
    t = hash_scalar("another nonce")
    ctx = proof_context(own.deal.game_id, "mission", 0, CHEAT, to)
    e = hash_scalar(SCHNORR_TAG, *ctx, honest.ephemeral, base(t))
    other = replace(honest, proof=e + sadd(t, smul(e, r)))
    assert other.proof != honest.proof
    for p in peers:
        if p.seat != to:
            message = other if p.seat == CHEAT else p.own.sealed_share("mission", 0, to)
            send(peers, p.seat, "sealed-share", message, None)
    assert peers[to].own.open("mission", 0)[1] in ("m1", "m2", "m3", "m4")
    for p in peers:
        p.deal.finish()
    assert named(peers, CHEAT, own.audit()) == {CHEAT}


def test_an_identity_that_is_no_group_point_is_named() -> None:
    peers = table(3)
    members = list(peers[0].deal.members)
    torsion = bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05")
    members[1] = bytes(sodium.crypto_core_ed25519_add(members[1], torsion))  # mixed order
    with pytest.raises(DeckFault) as caught:
        Deal(peers[0].deal.game_id, members, (("hill", (1, 2)),))
    assert caught.value.seat == 1


def test_a_fault_changes_nothing() -> None:
    peers = table(3)
    shuffles_until(peers, CHEAT)
    deal = peers[0].deal
    before = (deal.stage, deal.turn, deal.decks)
    shuffle = peers[CHEAT].own.shuffle()
    with pytest.raises(DeckFault):
        deal.take(CHEAT, replace(shuffle, shadows=shuffle.shadows[:20] + shuffle.shadows[:1]))
    assert (deal.stage, deal.turn, deal.decks) == before
    with pytest.raises(LocalProtocolError):
        deal.take(2, shuffle)  # seat 2's turn is not now: kept, not blamed
    assert (deal.stage, deal.turn, deal.decks) == before
