"""Attack on the issue-10 ``received`` index (one past the last log entry a member received; its
own entries are never sent back to it): a relay that comes back with its log in another order.

The host of a table runs its relay in its own process. Killed, it reopens the relay where it
was — the same key, the same address — rebuilt from its journal (goldnet/net/hosting.py): the
game's order, then its own envelopes. The joiner reconnects to what is, for it, the same relay,
and asks for the log from its ``received``: an index into the *old* log. Entries of the rebuilt
log below that index are never sent to it.

The crash that makes this bite is ordinary: the host journals and sends its reveal of a draw,
the joiner gets it; the host then takes the joiner's reveal of that draw, plays its move and
journals it with the reveal the move makes due — and is killed before that move leaves and
before the joiner's reveal, taken, is journalled (the ``in`` entry follows the step's ``out``
batch). The host's journal then lacks an envelope that the old log held *before* the host's
reveal, so in the rebuilt log the host's unsent move sits at an index the joiner has already
passed. The joiner waits for that move forever (nobody named — the game ends abandoned after
the abandonment time) though every envelope it needs is in the relay's log.

What must hold: the game finishes, the records agree and verify, nobody is named.
"""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from goldnet.games.mountains_rivers.bots import make_bot
from goldnet.net.client import NetPeer
from goldnet.net.frames import Env
from goldnet.net.hosting import relay_from_journal
from goldnet.net.invite import Invite
from goldnet.net.journal import read_journal
from protocol.envelope import Envelope
from protocol.identity import Identity

from .relaykit import HOST, Member, MemoryRelay, check_records, members, run


@dataclass
class Crash:
    """The host's journal as a crash left it, and the joiner's as it stood a moment later."""

    host: bytes
    joiner: bytes
    joiner_received: int
    lost: list[bytes]
    """The host's envelopes journalled and never sent."""


def crashes(tmp_path: Path, wanted: int) -> tuple[list[Member], list[Crash]]:
    """Play a game in memory; at each of the host's (seat 0's) sends of a move, keep its
    journal as it is on disk then (the move written ahead, not sent: the crash), and the
    joiner's journal once it has taken everything the host had sent before."""
    found: list[Crash] = []
    pending: list[tuple[bytes, list[bytes], set[bytes]]] = []

    def on_send(member: Member, frames: list[list[Any]]) -> None:
        datas = [data for _, data in frames]
        if member is host and Envelope.decode(datas[0]).type == "action" and len(found) < wanted:
            assert member.journal is not None
            already = set(relay.log)
            pending.append((member.journal.path.read_bytes(), datas, already))

    relay = MemoryRelay(on_send)
    host, joiner = players = members(tmp_path / "game", relay)
    deliver = joiner._on_frame

    def joiner_frame(frame: Any) -> None:
        deliver(frame)
        if not isinstance(frame, Env) or not pending:
            return
        disk, lost, before = pending[0]
        mine = {hash_of(d) for d in joiner.machine.received}
        if all(hash_of(d) in mine for d in before if sender_of(d) == host.identity.public):
            pending.pop(0)
            assert joiner.journal is not None
            found.append(Crash(disk, joiner.journal.path.read_bytes(), joiner.received, lost))

    joiner._on_frame = joiner_frame  # type: ignore[method-assign]
    relay.play()
    return players, found


def hash_of(data: bytes) -> bytes:
    return Envelope.decode(data).hash


def sender_of(data: bytes) -> bytes:
    return Envelope.decode(data).sender


def restored(member: Member, data: bytes, folder: Path) -> NetPeer:
    path = folder / "journal" / "game.journal"
    path.parent.mkdir(parents=True)
    path.write_bytes(data)
    os.chmod(path, 0o600)
    bot = make_bot("greedy", f"restored/{member.name}")
    return NetPeer.from_journal(member.identity, read_journal(path), folder, bot)


def skipped(players: list[Member], crash: Crash, folder: Path) -> list[bytes]:
    """The envelopes the joiner lacks that the host's rebuilt relay holds below the index the
    joiner will ask from."""
    host = restored(players[0], crash.host, folder / "h")
    joiner = restored(players[1], crash.joiner, folder / "j")
    try:
        relay = relay_from_journal(Identity.generate(), host, read_journal(host.journal.path))  # type: ignore[union-attr]
        have = set(joiner.machine.received)
        return [d for d in relay.log[: crash.joiner_received] if d not in have]
    finally:
        for peer in (host, joiner):
            assert peer.journal is not None
            peer.journal.close()


def test_a_host_killed_mid_step_can_rebuild_a_log_that_hides_its_move_from_the_joiner(
    tmp_path: Path,
) -> None:
    """The precondition, counted: at some of the host's moves, a crash leaves a rebuilt log
    whose entries below the joiner's index include envelopes the joiner lacks."""
    players, found = crashes(tmp_path, 30)
    assert found
    hidden = [c for n, c in enumerate(found) if skipped(players, c, tmp_path / f"c{n}")]
    assert hidden, "no crash point hides anything: the scenario needs another game"


def test_the_game_finishes_after_the_host_comes_back_with_a_rebuilt_log(tmp_path: Path) -> None:
    players, found = crashes(tmp_path, 30)
    hidden = [c for n, c in enumerate(found) if skipped(players, c, tmp_path / f"c{n}")]
    assert hidden
    crash = hidden[0]
    outcomes = run(back_again(players, crash, tmp_path / "again"), timeout=60)
    assert all(o.ending == "over" and o.culprit is None for o in outcomes)
    check_records(outcomes)


async def back_again(players: list[Member], crash: Crash, folder: Path) -> list[Any]:
    """The host reopens its relay from its journal (same key, same address as far as the
    joiner knows) and both members go on: returns their outcomes (or fails after a bound)."""
    relay_id = Identity.generate()
    host = restored(players[0], crash.host, folder / "h")
    joiner = restored(players[1], crash.joiner, folder / "j")
    assert host.journal is not None
    relay = relay_from_journal(relay_id, host, read_journal(host.journal.path))
    port = await relay.start(HOST, 0)
    here = Invite(HOST, port, relay.fingerprint)
    host.switch_relay(here)  # as the service does for the host's own peer
    joiner.invite = here  # the joiner: the same relay, back where it was
    assert joiner.received == crash.joiner_received
    tasks = [asyncio.create_task(p.run()) for p in (host, joiner)]
    try:
        done, _ = await asyncio.wait(tasks, timeout=20)
        if len(done) < 2:
            waiting = [p.machine.waiting() for p in (host, joiner)]
            raise AssertionError(f"the game did not finish: waiting for {waiting}")
        return [t.result() for t in tasks]
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await relay.close()
