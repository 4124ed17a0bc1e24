"""The journal's cut-back on a failed write (goldnet/net/journal.py), met where no envelope
comes in: the member left alone at a table adjudicates it abandoned from its clock, and the
disk is full then. The step ran in the peer's clock task, whose error nobody awaited: the
adjudication was cut back and never sent (right), but the peer went on waiting, silent, for
frames that would never come. Now it stops with the journal's one line, the journal whole and
unfinished, nothing of the failed step sent (real relay, TLS on 127.0.0.1)."""

from __future__ import annotations

import asyncio
import errno
from pathlib import Path

import pytest

from goldnet.games.mountains_rivers.bots import make_bot
from goldnet.net import journal as journal_module
from goldnet.net.client import NetPeer
from goldnet.net.invite import Invite
from goldnet.net.journal import JournalError, read_journal
from goldnet.net.relay import Relay
from protocol.envelope import Envelope
from protocol.identity import Identity

from .relaykit import BOARD, GAME, HOST, run, until


def test_a_full_disk_when_the_clock_adjudicates_stops_the_peer_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario() -> None:
        relay = Relay(Identity.generate(), table_name="t", game=GAME, seats=2)
        port = await relay.start(HOST, 0)
        invite = Invite(HOST, port, relay.fingerprint)
        ids = [Identity.generate(), Identity.generate()]
        peers = [
            NetPeer(
                ids[i], invite, name=f"p{i}", folder=tmp_path / f"p{i}", bot=make_bot("greedy", i)
            )
            for i in range(2)
        ]
        peers[0].options, peers[0].abandon_after = (BOARD,), 120
        path = tmp_path / "p0" / "game.journal"
        peers[0].open_journal(path, "greedy")
        tasks = []
        try:
            for seat, peer in enumerate(peers):
                tasks.append(asyncio.create_task(peer.run()))
                await until(lambda seat=seat: len(relay.members) > seat)
            await until(lambda: peers[0].received >= 8, 20)
            tasks[1].cancel()  # the other member goes away for good
            await asyncio.gather(tasks[1], return_exceptions=True)
            await until(lambda: peers[0].presence.get(ids[1].public) is False)
            size = path.stat().st_size

            def full(fd: int) -> None:
                raise OSError(errno.ENOSPC, "No space left on device")

            monkeypatch.setattr(journal_module, "_sync", full)
            peers[0].loop_clock.advance(200_000)  # past the table's abandonment time
            with pytest.raises(JournalError) as caught:
                await asyncio.wait_for(tasks[0], 10)
            assert "No space left on device" in str(caught.value)
            assert "\n" not in str(caught.value)
            assert path.stat().st_size == size  # the adjudication cut back: never written
            assert read_journal(path).end is None  # resumable
            sent = [Envelope.decode(d).type for d in relay.log]
            assert "adjudicate" not in sent
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await relay.close()

    run(scenario(), timeout=60)
