"""The broken-card claim (docs/deck.md §11) against a relay that suppresses it: the recipient
of a broken card (a shuffle cheat that beat its challenge) signs its claim; the relay drops the
claim and everything its signer sends after it. Nobody may be named for that, and nobody may
play on past the claimant's next input as if no claim existed — the table waits there; once the
relay delivers, the audits name the shuffler, every record alike."""

from __future__ import annotations

from typing import Any

import pytest

from goldnet.harness import Harness
from protocol.envelope import Envelope

from .dealt import assert_named, dealt_table, types
from .test_attack12_broken import broken_position, peek_first
from .test_deck_lockstep_cheats import CHEAT, knowing_shuffle

pytestmark = pytest.mark.usefixtures("cards_game")


def test_a_broken_card_claim_the_relay_suppresses_stops_the_play_naming_nobody(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    box: list[Any] = []
    knowing_shuffle(monkeypatch, box)
    peek_first(monkeypatch, lambda: broken_position(box[0]))
    held: list[bytes] = []

    def suppress(sender: int, data: bytes) -> bytes | None:
        if sender == 0 and (held or Envelope.decode(data).type == "broken-card"):
            held.append(data)  # the claim, and everything the claimant signs after it
            return None
        return data

    harness, peers, watcher = dealt_table("broken-held", 3, tamper=suppress)
    box.append(peers)
    harness.run()
    assert held and Envelope.decode(held[0]).type == "broken-card"
    others = [*peers[1:], watcher]
    for peer in others:
        assert peer.machine.halted is None and not peer.machine.finished
        assert all(e.culprit is None for e in peer.errors)
        assert "broken-card" not in types(peer.machine.full_record())
        waiting = peer.machine.waiting()
        assert waiting is not None and 0 in waiting.seats  # for the claimant's next input
    actions = [types(p.machine.full_record()).count("action") for p in others]
    assert len(set(actions)) == 1  # nobody played on further than the others
    for data in held:  # the relay relents
        for peer in others:
            Harness.deliver(peer, data)
    harness.run()
    assert_named(peers, CHEAT, "its shuffle is not its secret's permutation")
    assert watcher.machine.record == peers[0].machine.record
