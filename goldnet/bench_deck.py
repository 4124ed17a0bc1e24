"""``goldnet bench`` figures of the mental-poker deck (docs/deck.md §9).

- **deck setup, 6 peers, GC deck, k=20**: six members deal Golden City's hill, gallery and
  mission decks in one process. Each member's CPU time (``time.process_time``) is measured per
  step — making its deck key, its shuffle, its answer, its lock, and checking each of the
  others' messages (decoding the body included, as from the wire) — and the critical path is
  computed from those figures as if each member had its own core: the slowest key, then the
  slowest check of all keys; then per seat in order its shuffle and answer, each followed by
  the slowest of the other members' checks of them; then per seat its lock followed by the
  slowest check. Beacon draws and the network are not part of it (they are a draw's latency).
- **verify a 6-peer deal with its audit**: a record verifier (a deal with no secret) takes
  every message of such a deal — keys, shuffles, answers, locks, a private reveal of each
  seat's mission, a public reveal of every hill and gallery card, every audit — from its
  body, recomputing the deal from the audits instead of re-checking the shadows and locks'
  proofs; the ``reference`` is the same with every proof checked.
- the figures also give one scalar multiplication (µs) in the same run, the unit every
  figure above is made of.
"""

from __future__ import annotations

import hashlib
import statistics
import time
from collections.abc import Callable
from typing import Any

import nacl.bindings as sodium

from protocol.deck import Deal, Stage
from protocol.deck_group import card_point
from protocol.deck_messages import KINDS, CardShare, DeckAudit, DeckMessage, SealedShare, parse
from protocol.deck_own import OwnDeck
from protocol.identity import Identity

from . import games

Figure = dict[str, Any]
SEATS = 6
SHADOWS = 20
GAME = "golden-city"


def _h(*parts: object) -> bytes:
    return hashlib.sha256(repr(parts).encode()).digest()


def _cpu(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.process_time()
    out = fn()
    return time.process_time() - start, out


class _Setup:
    """Six members dealing, every step timed per member."""

    def __init__(self, label: str) -> None:
        self.decks = games.get(GAME).new_state((), SEATS).decks()
        identities = [Identity(_h(label, "identity", i)) for i in range(SEATS)]
        members = [i.public for i in identities]
        self.game_id = _h(label, "game")
        self.deals = [Deal(self.game_id, members, self.decks, SHADOWS, me=s) for s in range(SEATS)]
        self.owns = [
            OwnDeck(self.deals[s], s, _h(label, "seed", s), identities[s].private_bytes())
            for s in range(SEATS)
        ]
        self.log: list[tuple[int, str, Any]] = []
        """Every message in order: ``(seat, kind, body)``, or ``(seat, "challenge", bytes)``."""
        self.label = label

    def _send(self, seat: int, message: DeckMessage) -> list[float]:
        """Every other member's CPU to decode and take ``message``; the sender takes it too."""
        kind, body = KINDS[type(message)], message.body()
        self.log.append((seat, kind, body))
        self.deals[seat].take(seat, message)
        spent = []
        for s in range(SEATS):
            if s != seat:
                start = time.process_time()
                self.deals[s].take_body(seat, kind, body)
                spent.append(time.process_time() - start)
        return spent

    def run(self) -> dict[str, float]:
        steps: dict[str, list[float]] = {"shuffle": [], "shuffle check": [], "lock": []}
        steps["lock check"] = []
        made = [_cpu(own.deck_key) for own in self.owns]
        checks = [0.0] * SEATS
        for seat, (_, key) in enumerate(made):
            others = [s for s in range(SEATS) if s != seat]
            for s, spent in zip(others, self._send(seat, key), strict=True):
                checks[s] += spent
        path = max(t for t, _ in made) + max(checks)
        for seat, own in enumerate(self.owns):
            proving, shuffle = _cpu(own.shuffle)
            checking = self._send(seat, shuffle)
            draw = _h(self.label, "beacon", seat)
            self.log.append((seat, "challenge", draw))
            for deal in self.deals:
                deal.challenge(draw)
            answering, answer = _cpu(own.answer)
            checking = [a + b for a, b in zip(checking, self._send(seat, answer), strict=True)]
            path += proving + answering + max(checking)
            steps["shuffle"].append(proving + answering)
            steps["shuffle check"].append(max(checking))
        for seat, own in enumerate(self.owns):
            proving, lock = _cpu(own.lock)
            checking = self._send(seat, lock)
            path += proving + max(checking)
            steps["lock"].append(proving)
            steps["lock check"].append(max(checking))
        assert all(d.stage is Stage.DEALT for d in self.deals)
        out = {name: statistics.median(values) for name, values in steps.items()}
        out["path"] = path
        return out

    def finish(self) -> None:
        """Play the reveals of a game's worth of cards, then the audits (all logged)."""
        names = [name for name, _ in self.decks]
        for seat in range(SEATS):  # each seat's mission, privately
            for deal in self.deals:
                deal.open_reveal("mission", seat, seat)
            for s, own in enumerate(self.owns):
                if s != seat:
                    self._deliver(s, own.sealed_share("mission", seat, seat))
            self.owns[seat].open("mission", seat)
        for name, size in ((n, len(v)) for n, v in self.decks if n != "mission"):
            assert name in names
            for card in range(size):
                for deal in self.deals:
                    deal.open_reveal(name, card, None)
                for s, own in enumerate(self.owns):
                    self._deliver(s, own.share(name, card))
        for deal in self.deals:
            deal.finish()
        for s, own in enumerate(self.owns):
            self._deliver(s, own.audit())
        assert all(d.stage is Stage.AUDITED for d in self.deals)

    def _deliver(self, seat: int, message: DeckMessage) -> None:
        kind, body = KINDS[type(message)], message.body()
        self.log.append((seat, kind, body))
        for deal in self.deals:
            deal.take(seat, message)

    def verify(self, proofs: bool) -> float:
        """Seconds for a deal with no secret to take the whole log (``proofs``: check every
        shadow and lock proof too)."""
        start = time.perf_counter()
        deal = Deal(self.game_id, self.deals[0].members, self.decks, SHADOWS, proofs=proofs)
        for seat, kind, body in self.log:
            if kind == "challenge":
                deal.challenge(body)
                continue
            message = parse(kind, body)
            if isinstance(message, CardShare | SealedShare):
                to = message.to if isinstance(message, SealedShare) else None
                if (message.deck, message.card, to) not in deal.reveals:  # as the engine asks
                    deal.open_reveal(message.deck, message.card, to)
            if isinstance(message, DeckAudit) and deal.stage is Stage.DEALT:
                deal.finish()
            deal.take(seat, message)
        assert deal.stage is Stage.AUDITED and deal.dealt == self.deals[0].dealt
        return time.perf_counter() - start


def _multiplication(runs: int = 2000) -> float:
    """CPU seconds of one ``crypto_scalarmult_ed25519_noclamp``."""
    point = card_point(bytes(32), "bench", 0)
    scalar = sodium.crypto_core_ed25519_scalar_reduce(bytes(range(64)))
    start = time.process_time()
    for _ in range(runs):
        sodium.crypto_scalarmult_ed25519_noclamp(scalar, point)
    return (time.process_time() - start) / runs


def run_deck_bench(repeat: int) -> dict[str, Figure]:
    """The deck's figures; one deal per run (``repeat`` below 5: one run, else three)."""
    runs = 1 if repeat < 5 else 3
    results, verified, full = [], [], []
    for i in range(runs):
        setup = _Setup(f"bench/deck/{i}")
        results.append(setup.run())
        setup.finish()
        verified.append(setup.verify(proofs=False))
        full.append(setup.verify(proofs=True))
    med = {k: statistics.median(r[k] for r in results) for k in results[0]}
    return {
        "deck setup, 6 peers, GC deck, k=20": {
            "median": med["path"],
            "unit": "s",
            "runs": runs,
            "target": "<= 3 s critical path, one core per peer",
            "shuffle": med["shuffle"],
            "shuffle check": med["shuffle check"],
            "lock": med["lock"],
            "lock check": med["lock check"],
        },
        "verify a 6-peer deal with its audit": {
            "median": statistics.median(verified),
            "unit": "s",
            "runs": runs,
            "target": "<= 2 s",
            "reference": statistics.median(full),
        },
        "deck scalar multiplication": {
            "median": _multiplication() * 1e6,
            "unit": "us",
            "runs": 1,
            "target": "",
        },
    }
