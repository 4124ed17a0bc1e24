"""Attacks on which table a peer plays (real relay, TLS on 127.0.0.1).

- A member at seat 0 proposes (signs) a table of another game than the one its relay announced:
  a joiner's bot was made for the announced game and raised at its first turn (a remote member
  stopping an honest peer), or played a game its player never chose. The joiner now refuses the
  table before it commits to anything, with one line naming both games.
"""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import pytest

from goldnet import games
from goldnet.net.client import NetPeer
from goldnet.net.errors import NetError
from goldnet.net.invite import Invite
from goldnet.net.journal import Journal, journal_path, read_journal
from goldnet.net.relay import Relay
from goldnet.net.service import TableService
from goldnet.profile import Profile
from protocol.envelope import Envelope
from protocol.identity import Identity

from .relaykit import GAME, HOST, run, until
from .test_service import Recorder


def test_a_joiner_refuses_a_table_of_another_game_than_its_relay_announced(
    tmp_path: Path,
) -> None:
    """The relay announces Mountains & Rivers; seat 0 signs a Golden City table. The joiner,
    whose bot level ('greedy') Golden City has not, stops with one line before it signs its
    commit: its bot is never asked, nothing of it enters the relay's log."""

    async def scenario() -> None:
        relay = Relay(Identity.generate(), table_name="t", game=GAME, seats=2)
        port = await relay.start(HOST, 0)
        invite = Invite(HOST, port, relay.fingerprint)
        ids = [Identity.generate(), Identity.generate()]
        proposer = NetPeer(
            ids[0],
            invite,
            name="p0",
            folder=tmp_path / "p0",
            bot=games.get("golden-city").make_bot("random", "0"),
            game="golden-city",  # what a modified client proposes, whatever the relay says
        )
        joiner = NetPeer(ids[1], invite, name="p1", folder=tmp_path / "p1", bot_level="greedy")
        joiner.open_journal(tmp_path / "p1" / "journal" / "game.journal", "greedy")
        tasks = [asyncio.create_task(proposer.run())]
        try:
            await until(lambda: len(relay.members) == 1)
            tasks.append(asyncio.create_task(joiner.run()))
            with pytest.raises(NetError) as caught:
                await asyncio.wait_for(tasks[1], 30)
            message = str(caught.value)
            assert "\n" not in message
            assert "'golden-city'" in message and f"'{GAME}'" in message
            assert joiner.failure is None and joiner.bot is None  # never asked to play
            assert joiner.machine.table is None
            signed = {Envelope.decode(d).sender for d in relay.log}
            assert ids[1].public not in signed  # no commit: the joiner took no part
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await relay.close()

    run(scenario(), timeout=60)


# --- resuming a hosted table: the bots of this process come back from their own journals ------


async def interrupted(profile: Profile, port: int) -> Path:
    """Host a Mountains & Rivers table against a 'greedy' bot of this process on ``port``,
    leave it at the player's first turn (both journals hold the game); the host's journal."""
    heard = Recorder()
    service = TableService(profile, heard, "Ann", interfaces=[HOST])
    task = asyncio.create_task(
        service.host("mountains-rivers", bots=[("greedy", "Bea")], seat=0, port=port)
    )
    await until(lambda: any(v.on_turn for v in heard.views) and bool(service.bots), 20)
    await until(lambda: service.bots[0].received > 0, 10)
    assert service.peer is not None and service.peer.journal is not None
    path = service.peer.journal.path
    await service.close()
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    return path


@pytest.mark.parametrize("later", ["another game", "a game not started"])
def test_a_hosted_table_resumed_from_the_lobby_brings_back_its_own_bots_journal(
    tmp_path: Path, later: str
) -> None:
    """Two tables hosted one after the other on the same port against the same bot level have
    the same invite code: the bot's newer journal (another game left mid-way, or one a crash
    left before its table came) was taken for the older game's bot — a bot of another game
    sitting in its seat (the table stalled until abandoned), or one with nothing journalled that
    would sign a second commit at its sequence number 0 (an equivocation by a bot of our own).
    Only the bot journal of the resumed game's id comes back."""

    async def scenario() -> None:
        profile = Profile(tmp_path / "me")
        with socket.socket() as probe:
            probe.bind((HOST, 0))
            port = probe.getsockname()[1]
        first = await interrupted(profile, port)
        if later == "another game":
            await interrupted(profile, port)
        else:
            (old,) = (profile.folder / "bots" / "greedy" / "journal").glob("*.journal")
            meta = read_journal(old).meta
            fresh = Journal(journal_path(profile.folder / "bots" / "greedy", "t"))
            fresh.meta(*meta)  # what a crash right after hosting leaves: meta only
            fresh.close()
        service = TableService(profile, Recorder(), "Ann", interfaces=[HOST])
        task = asyncio.create_task(service.resume(first))
        try:
            await until(lambda: service.peer is not None and bool(service.bots), 20)
            assert service.peer is not None
            game_id = service.peer.machine.game_id
            assert [b.machine.game_id for b in service.bots] == [game_id]
        finally:
            await service.close()
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    run(scenario(), timeout=90)


def test_resuming_a_game_whose_host_opened_another_table_on_its_port_takes_no_seat_there(
    tmp_path: Path,
) -> None:
    """A joiner's journal of a game left mid-way; its host has since opened a new table on
    the same port (same key, so the pin holds). ``resume`` authenticates there as a player and
    took the new table's free seat before anything told it the relay hosts another game; its
    peer then refused that table (another game id), which waited for ever for its commit. The
    member's ``auth`` names the game it resumes: the relay refuses it, in one line, and seats
    nobody."""

    async def scenario() -> None:
        with socket.socket() as probe:
            probe.bind((HOST, 0))
            port = probe.getsockname()[1]
        host_profile, joiner_profile = Profile(tmp_path / "h"), Profile(tmp_path / "j")
        heard = Recorder()
        host = TableService(host_profile, heard, "Hal", interfaces=[HOST])
        joiner = TableService(joiner_profile, Recorder(), "Jo", interfaces=[HOST])
        tasks = [asyncio.create_task(host.host(GAME, seats=2, port=port))]
        await until(lambda: host.invite is not None)
        assert host.invite is not None
        tasks.append(asyncio.create_task(joiner.join(host.invite, bot="greedy")))
        await until(lambda: any(v.on_turn for v in heard.views), 20)
        for service in (joiner, host):
            await service.close()
        path = joiner.peer.journal.path if joiner.peer and joiner.peer.journal else None
        assert path is not None
        again = TableService(host_profile, Recorder(), "Hal", interfaces=[HOST])
        back = TableService(joiner_profile, Recorder(), "Jo", interfaces=[HOST])
        tasks.append(asyncio.create_task(again.host(GAME, seats=2, port=port)))
        try:
            await until(lambda: again.relay is not None and len(again.relay.members) == 1)
            assert again.relay is not None
            resumed = asyncio.create_task(back.resume(path))
            tasks.append(resumed)
            (outcome,) = await asyncio.wait_for(asyncio.gather(resumed, return_exceptions=True), 30)
            assert isinstance(outcome, Exception) and "another table" in str(outcome), outcome
            assert joiner_profile.identity.public not in [k for k, _ in again.relay.members]
            assert len(again.relay.members) == 1  # the free seat is still free
        finally:
            for service in (back, again):
                await service.close()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    run(scenario(), timeout=60)
