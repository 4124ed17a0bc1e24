"""Write-ahead journal, one sync per step (issue 10): the envelopes a member makes at one step —
a move and the reveal it makes due — are journalled together with one sync, and only then sent,
together. A crash can lose envelopes that never left, never one that did.

Two members play a whole game through an in-memory relay (what their connection would carry:
each member's frames, in order, to the other member only, with a log index), so that every
send is seen the moment it happens, with the journal's file as it is on disk then.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from goldnet.net import journal as journal_module
from goldnet.net.client import NetPeer
from goldnet.net.journal import read_journal
from protocol.envelope import Envelope

from .relaykit import Member, MemoryRelay, members


def kinds(frames: list[list[Any]]) -> list[str]:
    return [Envelope.decode(data).type for _, data in frames]


def test_a_move_and_its_reveal_are_journalled_with_one_sync_before_they_leave(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    syncs: list[int] = []
    real_sync = journal_module._sync

    def counted(fd: int) -> None:
        syncs.append(fd)
        real_sync(fd)

    monkeypatch.setattr(journal_module, "_sync", counted)
    seen: dict[Member, tuple[int, int]] = {}  # member: (its syncs, its seeds) at its last send
    batches: list[list[str]] = []

    def on_send(member: Member, frames: list[list[Any]]) -> None:
        assert member.journal is not None
        on_disk = read_journal(member.journal.path)
        for _, data in frames:  # written ahead, and on disk now
            assert data in on_disk.outgoing
        fd = member.journal._file.fileno()
        mine = syncs.count(fd)
        before_syncs, before_seeds = seen.get(member, (1, 0))  # the meta entry's sync
        # one sync for the whole batch, besides any beacon seed journalled on the way
        assert mine - before_syncs == 1 + len(on_disk.seeds) - before_seeds
        seen[member] = (mine, len(on_disk.seeds))
        batches.append(kinds(frames))

    relay = MemoryRelay(on_send)
    members(tmp_path, relay)
    relay.play()
    moves = [b for b in batches if "action" in b]
    assert moves, "no move was sent"
    # a move and the reveal it makes due leave together (one sync above), not one by one
    assert sum(b[:2] == ["action", "reveal"] for b in moves) >= len(moves) // 2
    assert ["table", "commit"] in batches  # the proposer's first step, likewise


def test_a_member_that_crashes_right_after_a_send_resumes_with_everything_it_sent(
    tmp_path: Path,
) -> None:
    """A journal as it was on disk the moment a move and its reveal left holds them: a member
    resumed from it reuses them (never signs their sequence numbers anew)."""
    sent: dict[Member, list[bytes]] = {}
    crashes: list[tuple[Member, bytes, list[bytes]]] = []

    def on_send(member: Member, frames: list[list[Any]]) -> None:
        sent.setdefault(member, []).extend(data for _, data in frames)
        if kinds(frames)[:2] == ["action", "reveal"] and len(crashes) < 3:
            assert member.journal is not None
            crashes.append((member, member.journal.path.read_bytes(), list(sent[member])))

    relay = MemoryRelay(on_send)
    members(tmp_path, relay)
    relay.play()
    assert len(crashes) == 3
    for n, (member, disk, so_far) in enumerate(crashes):
        copy = tmp_path / f"crash-{n}" / "journal" / "game.journal"
        copy.parent.mkdir(parents=True)
        copy.write_bytes(disk)
        os.chmod(copy, 0o600)
        resumed = NetPeer.from_journal(member.identity, read_journal(copy), copy.parent, None)
        try:
            assert set(so_far) <= set(resumed.own.values())
            # each is taken again, or held until what it answers comes again: reused
            machine = resumed.machine
            reused = set(machine.received) | {e.raw for e in machine._restored.values()}
            assert set(so_far) <= reused
        finally:
            assert resumed.journal is not None
            resumed.journal.close()
