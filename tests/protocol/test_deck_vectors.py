"""The test vectors of docs/deck.md §10, read from the page and recomputed."""

from __future__ import annotations

import re
from pathlib import Path

from protocol.deck import challenge_bits, key_context, lock_context
from protocol.deck_group import (
    base,
    card_point,
    check_dleq,
    check_key,
    hash_scalar,
    mul,
    permutation,
    prove_dleq,
    prove_key,
    smul,
)
from protocol.deck_own import SECRET_TAG
from protocol.deck_seal import check_ephemeral, context, identity_scalars, seal, unseal
from protocol.identity import Identity

DOC = Path(__file__).resolve().parents[2] / "docs" / "deck.md"
KEY_A = "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
"""Member A's private key (docs/protocol.md §11)."""


def doc_vectors() -> dict[str, str]:
    """``name = value`` lines of the ```text blocks of the test-vector section; indented lines
    continue the previous value."""
    text = DOC.read_text(encoding="utf-8")
    match = re.search(r"^## \d+\. Test vectors\n(.*?)(?=^## )", text, re.S | re.M)
    assert match, "docs/deck.md has no test-vector section"
    out: dict[str, str] = {}
    name = ""
    for block in re.findall(r"```text\n(.*?)```", match[1], re.S):
        for line in block.splitlines():
            item = re.fullmatch(r"([A-Za-z0-9_.]+)\s*= (\S.*)", line)
            if item:
                name = item[1]
                out[name] = item[2].strip()
            elif line.startswith(" ") and name:
                out[name] += " " + line.strip()
            elif line.strip():
                raise AssertionError(f"unparsable vector line: {line!r}")
    return out


V = doc_vectors()


def h(name: str) -> bytes:
    return bytes.fromhex(V[name].replace(" ", ""))


def test_the_doc_holds_every_vector() -> None:
    cards = {"card.hill.0", "card.hill.1", "card.mission.3"}
    keys = {"seed", "deck.x", "deck.X", "deck.proof", "perm.10", "bits.20"}
    lock = {"lock.r", "lock.L", "lock.D", "lock.proof"}
    sealing = {"A.h", "A.y", "seal.share", "seal.R", "seal.proof", "seal.box"}
    assert set(V) == {"game_id"} | cards | keys | lock | sealing


def test_card_points() -> None:
    game = h("game_id")
    assert game == bytes(range(32))
    for name in ("card.hill.0", "card.hill.1", "card.mission.3"):
        _, deck, index = name.split(".")
        assert card_point(game, deck, int(index)) == h(name)


def test_deck_key_and_its_proof() -> None:
    game = h("game_id")
    x = hash_scalar(SECRET_TAG, h("seed"), game, 0, "key")
    assert x == h("deck.x") and base(x) == h("deck.X")
    assert prove_key(x, h("deck.X"), key_context(game, 0)) == h("deck.proof")
    assert check_key(h("deck.X"), h("deck.proof"), key_context(game, 0))
    assert not check_key(h("deck.X"), h("deck.proof"), key_context(game, 1))


def test_permutation_and_challenge_bits() -> None:
    assert permutation(10, bytes(32)) == tuple(int(v) for v in V["perm.10"].split())
    bits = challenge_bits(h("game_id"), 0, b"\xaa" * 32, 20)
    assert "".join(map(str, bits)) == V["bits.20"]


def test_lock_proof() -> None:
    game = h("game_id")
    r, x, card = h("lock.r"), h("deck.x"), h("card.hill.0")
    assert r == hash_scalar("vector", "lock ratio")
    assert base(smul(r, x)) == h("lock.L") == mul(r, h("deck.X"))
    assert mul(r, card) == h("lock.D")
    ctx = lock_context(game, 0, "hill", 0)
    bases, images = (h("deck.X"), card), (h("lock.L"), h("lock.D"))
    assert prove_dleq(r, bases, images, ctx, first_log=x) == h("lock.proof")
    assert prove_dleq(r, bases, images, ctx) == h("lock.proof")  # the shortcut changes nothing
    assert check_dleq(bases, images, h("lock.proof"), ctx)
    assert not check_dleq(bases, images, h("lock.proof"), lock_context(game, 0, "hill", 1))


def test_sealed_share() -> None:
    game = h("game_id")
    a = Identity(bytes.fromhex(KEY_A))
    hh, y = identity_scalars(a.private_bytes())
    assert (hh, y) == (h("A.h"), h("A.y")) and base(y) == a.public
    share = hash_scalar("vector", "share")
    assert share == h("seal.share")
    sealed = (h("seal.R"), h("seal.proof"), h("seal.box"))
    assert seal(share, a.public, game, "mission", 0, 1, 0) == sealed
    assert check_ephemeral(h("seal.R"), h("seal.proof"), game, "mission", 0, 1, 0)
    assert not check_ephemeral(h("seal.R"), h("seal.proof"), game, "mission", 1, 1, 0)
    assert not check_ephemeral(h("seal.R"), h("seal.proof"), game, "mission", 0, 2, 0)
    info = context(game, "mission", 0, 1, 0, h("seal.R"))
    assert unseal(hh, h("seal.R"), h("seal.box"), info) == share
