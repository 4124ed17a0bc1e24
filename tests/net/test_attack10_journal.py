"""Attacks on the issue-10 journal (goldnet/net/journal.py, peer.py): one sync per step, the
step's own envelopes written together before any of them is sent.

- **A crash mid-write.** The journal as it is on disk the moment a member's move and reveal
  leave, cut at every byte of that last batch (the crash came before its sync completed, so
  nothing of it left): the member resumes from each, keeps every envelope it sent before, and
  finishes the game with the other member — nobody named, one record.
- **Damage.** A journal damaged anywhere but in its torn last entry gives a clear error and is
  never cut: a length field that reaches past the end of the file (it looks like a torn last
  entry, but whole entries follow it), an envelope of another member whose bytes changed (it
  would be skipped while the index past it is kept, and the game would wait for it forever), an
  own envelope whose bytes changed, a beacon seed whose bytes changed (the member would sign
  reveals that do not hash to its chain: named for what its disk did).
"""

from __future__ import annotations

import asyncio
import itertools
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from goldnet.games.mountains_rivers.bots import make_bot
from goldnet.net.client import NetPeer
from goldnet.net.invite import Invite
from goldnet.net.journal import MAX_ENTRY, Journal, JournalError, read_journal
from goldnet.net.relay import Relay
from protocol.codec import pack, unpack
from protocol.envelope import Envelope
from protocol.identity import Identity

from .relaykit import HOST, Member, MemoryRelay, check_records, members, run


@dataclass
class Moment:
    """Both members' journals the instant one of them sent a move and its reveal."""

    mover: int
    journals: tuple[bytes, bytes]
    batch: int
    """Frames in the batch just written (the last entries of the mover's journal)."""
    sent: list[bytes]
    """Every envelope the mover had sent before this batch."""


def moments(tmp_path: Path, wanted: int = 3) -> tuple[list[Member], list[Moment]]:
    found: list[Moment] = []
    sent: dict[int, list[bytes]] = {0: [], 1: []}

    def on_send(member: Member, frames: list[list[Any]]) -> None:
        seat = players.index(member)
        datas = [d for _, d in frames]
        types = [Envelope.decode(d).type for d in datas]
        if types[:2] == ["action", "reveal"] and len(found) < wanted and sent[seat]:
            journals = tuple(m.journal.path.read_bytes() for m in players)  # type: ignore[union-attr]
            found.append(Moment(seat, journals, len(datas), list(sent[seat])))  # type: ignore[arg-type]
        sent[seat].extend(datas)

    relay = MemoryRelay(on_send)
    players = members(tmp_path / "game", relay)
    relay.play()
    return players, found


def frames(data: bytes) -> list[int]:
    """The offsets where the journal's entries start, and its end."""
    offsets, offset = [], 0
    while offset < len(data):
        offsets.append(offset)
        offset += 4 + int.from_bytes(data[offset : offset + 4], "big")
    assert offset == len(data)
    return [*offsets, offset]


def write(folder: Path, data: bytes) -> Path:
    path = folder / "journal" / "game.journal"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    os.chmod(path, 0o600)
    return path


def resumed(member: Member, data: bytes, folder: Path) -> NetPeer:
    path = write(folder, data)
    return NetPeer.from_journal(
        member.identity, read_journal(path), folder, make_bot("greedy", f"r/{member.name}")
    )


def closed(*peers: NetPeer) -> None:
    for peer in peers:
        if peer.journal is not None:
            peer.journal.close()


# --- a crash mid-write ---------------------------------------------------------------------------


def test_a_journal_cut_anywhere_in_its_last_batch_resumes_with_everything_sent_before(
    tmp_path: Path,
) -> None:
    players, found = moments(tmp_path, 20)
    cuts = [
        (moment, cut)
        for moment in (found[0], found[-1])  # early, and later in the game
        for disk in [moment.journals[moment.mover]]
        for cut in range(frames(disk)[-1 - moment.batch], len(disk) + 1)
    ]
    for n, (moment, cut) in enumerate(cuts):
        member = players[moment.mover]
        disk = moment.journals[moment.mover]
        peer = resumed(member, disk[:cut], tmp_path / f"cut-{n}")
        try:
            assert peer.outcome is None and peer.machine.halted is None
            own = set(peer.own.values())
            assert set(moment.sent) <= own  # nothing that left is lost
            me = member.identity.public
            mine = [Envelope.decode(d) for d in peer.machine.received]
            held = {e.seq: e.raw for e in mine if e.sender == me}
            for data in moment.sent:  # nor signed anew under the number it used
                assert held[Envelope.decode(data).seq] == data
            whole = max(o for o in frames(disk) if o <= cut)  # the torn tail is cut off
            assert peer.journal is not None
            assert peer.journal.path.read_bytes()[:whole] == disk[:whole]
            assert frames(peer.journal.path.read_bytes())  # whole entries only, then its own
        finally:
            closed(peer)


@pytest.mark.parametrize("where", ["batch", "first-frame", "between", "second-frame", "whole"])
def test_a_member_resumed_from_a_cut_journal_finishes_the_game_nobody_named(
    tmp_path: Path, where: str
) -> None:
    players, found = moments(tmp_path, 1)
    moment = found[0]
    disk = moment.journals[moment.mover]
    offsets = frames(disk)
    start, middle, end = offsets[-1 - moment.batch], offsets[-moment.batch], len(disk)
    cut = {
        "batch": start,
        "first-frame": start + 7,
        "between": middle,
        "second-frame": middle + 9,
        "whole": end,
    }[where]
    journals = list(moment.journals)
    journals[moment.mover] = disk[:cut]
    outcomes = run(go_on(players, journals, tmp_path / "again"), timeout=60)
    assert all(o.ending == "over" and o.culprit is None for o in outcomes)
    check_records(outcomes)


async def go_on(players: list[Member], journals: list[bytes], folder: Path) -> list[Any]:
    """Both members resumed from ``journals``, through a new relay: each sends all its own
    envelopes again, so the relay gets everything either kept."""
    pairs = enumerate(zip(players, journals, strict=True))
    peers = [resumed(m, j, folder / f"m{i}") for i, (m, j) in pairs]
    relay = Relay(Identity.generate(), table_name="again", game="mountains-rivers", seats=2)
    port = await relay.start(HOST, 0)
    here = Invite(HOST, port, relay.fingerprint)
    for peer in peers:
        peer.switch_relay(here)
    tasks = [asyncio.create_task(p.run()) for p in peers]
    try:
        done, _ = await asyncio.wait(tasks, timeout=20)
        if len(done) < 2:
            raise AssertionError(f"no end: waiting for {[p.machine.waiting() for p in peers]}")
        return [t.result() for t in tasks]
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await relay.close()


# --- damage --------------------------------------------------------------------------------------


def entries(data: bytes) -> Iterator[tuple[int, int, tuple[Any, ...]]]:
    """Each entry of a journal: its offset, its size and its fields."""
    offsets = frames(data)
    for start, end in itertools.pairwise(offsets):
        yield start, end - start, unpack(data[start + 4 : end], MAX_ENTRY)


def test_a_length_reaching_past_the_end_before_whole_entries_is_damage_not_a_torn_entry(
    tmp_path: Path,
) -> None:
    """A length field damaged so that it reaches past the end of the file looks like a torn
    last entry — but whole entries follow it. Cut there, the journal would forget envelopes
    this member sent, which it would then sign anew: proof of two histories against itself."""
    _players, found = moments(tmp_path, 1)
    moment = found[0]
    disk = moment.journals[moment.mover]
    outs = [start for start, _, entry in entries(disk) if entry[0] == "out"]
    for n, start in enumerate(outs[:-1]):  # every own envelope but the last, the last batch's
        rest = len(disk) - start - 4
        for size in {rest + 1, rest + 4096, MAX_ENTRY}:
            if size > MAX_ENTRY:
                continue
            damaged = disk[:start] + size.to_bytes(4, "big") + disk[start + 4 :]
            path = write(tmp_path / f"len-{n}-{size}", damaged)
            with pytest.raises(JournalError, match="damaged"):
                read_journal(path)
            with pytest.raises(JournalError, match="damaged"):
                Journal(path)
            assert path.read_bytes() == damaged  # never cut


def _flip_in_envelope(data: bytes, start: int, size: int) -> bytes:
    """``data`` with one byte changed in the middle of the envelope of the entry at ``start``
    (its frame stays whole and decodable: a bytes field keeps its length)."""
    where = start + size - 40
    return data[:where] + bytes([data[where] ^ 0x5A]) + data[where + 1 :]


@pytest.mark.parametrize("kind", ["in", "out"])
def test_an_envelope_damaged_in_the_journal_is_a_clear_error(tmp_path: Path, kind: str) -> None:
    """An envelope whose bytes changed on disk (the entry still whole): an own one would be
    signed anew, another member's skipped while its log index stays taken — the relay would
    never send it again and the game would wait for it until abandoned. Both are damage."""
    players, found = moments(tmp_path, 3)
    moment = found[-1]
    member = players[moment.mover]
    disk = moment.journals[moment.mover]
    chosen = [(s, n) for s, n, e in entries(disk) if e[0] == kind][1:4]
    assert chosen
    for i, (start, size) in enumerate(chosen):
        damaged = _flip_in_envelope(disk, start, size)
        with pytest.raises(JournalError, match="damaged"):
            closed(resumed(member, damaged, tmp_path / f"{kind}-{i}"))


@pytest.mark.parametrize("batch", ["kept", "cut"])
def test_a_damaged_beacon_seed_is_a_clear_error_never_a_reveal_that_names_its_member(
    tmp_path: Path, batch: str
) -> None:
    """A seed whose bytes changed gives a chain the member never committed to: a reveal made
    from it would not hash to that chain, and every other peer would name this member. The
    member finds out first — a clear error on resuming, nothing signed from the damaged seed,
    the journal left as it was (not ended) — whether its last reveal is in the journal or must
    be made again (``cut``: the crash took the last batch)."""
    players, found = moments(tmp_path, 1)
    moment = found[0]
    member = players[moment.mover]
    disk = moment.journals[moment.mover]
    if batch == "cut":
        disk = disk[: frames(disk)[-1 - moment.batch]]
    (start, size) = next((s, n) for s, n, e in entries(disk) if e[0] == "seed")
    last = start + size - 1
    damaged = disk[:last] + bytes([disk[last] ^ 1]) + disk[last + 1 :]
    with pytest.raises(JournalError, match=r"damaged: .*beacon seed 0 does not give the chain"):
        resumed(member, damaged, tmp_path / "again")
    path = tmp_path / "again" / "journal" / "game.journal"
    state = read_journal(path)
    assert state.end is None and path.read_bytes() == damaged


@pytest.mark.parametrize("index", ["seven", -1, True])
def test_a_damaged_log_index_is_a_clear_error(tmp_path: Path, index: Any) -> None:
    """An ``in`` entry whose log index is no count (its envelope intact): resuming from it
    would ask the relay for the log from a wrong place. A clear error, not a traceback."""
    players, found = moments(tmp_path, 1)
    moment = found[0]
    disk = moment.journals[moment.mover]
    start, size, entry = next((s, n, e) for s, n, e in entries(disk) if e[0] == "in")
    payload = pack(["in", index, entry[2]])
    damaged = disk[:start] + len(payload).to_bytes(4, "big") + payload + disk[start + size :]
    path = write(tmp_path / "again", damaged)
    with pytest.raises(JournalError, match="damaged"):
        read_journal(path)
    with pytest.raises(JournalError, match="damaged"):
        resumed(players[moment.mover], damaged, tmp_path / "again2")


@pytest.mark.parametrize("tail", ["zeros", "header-then-zeros"])
def test_zero_bytes_after_the_last_whole_entry_are_a_torn_entry(tmp_path: Path, tail: str) -> None:
    """Some file systems fill with zeros what a crash left unwritten (never synced, so never
    sent): that tail is cut like a torn entry, and the member resumes."""
    players, found = moments(tmp_path, 1)
    moment = found[0]
    disk = moment.journals[moment.mover]
    extra = bytes(300) if tail == "zeros" else (500).to_bytes(4, "big") + bytes(200)
    peer = resumed(players[moment.mover], disk + extra, tmp_path / "again")
    try:
        assert set(moment.sent) <= set(peer.own.values()) and peer.machine.halted is None
        assert peer.journal is not None
        assert peer.journal.path.read_bytes()[: len(disk)] == disk
        after = peer.journal.path.read_bytes()[len(disk) :]
        assert all(e[0] in ("out", "seed", "in") for _, _, e in entries(after))  # no zeros
    finally:
        closed(peer)
