"""The relay sends no member its own envelopes back (issue 10): with 2 members, one frame down
per envelope up instead of two. A member needs no echo — its envelopes are journalled before
they leave, sent again after every reconnection, and known by content — so a relay that echoes
anyway (an older or a hostile one) changes nothing, and blames nobody. Evidence, a member's
envelope forwarded by another, still reaches every client, its signer included. Real TLS on
127.0.0.1, but for the echoing relay (in memory: every frame seen).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from goldnet.bench_roll import _rolls
from goldnet.net.client import NetPeer
from goldnet.net.frames import Env
from protocol.envelope import ZERO_HASH, Envelope

from .relaykit import (
    MemoryRelay,
    Raw,
    check_ended_cleanly,
    members,
    no_env_before_pong,
    quiet_table,
    run,
    start_game,
)

GAME_ID = bytes(32)


def test_an_envelope_goes_to_every_client_but_the_member_that_sent_it() -> None:
    async def scenario() -> None:
        table = await quiet_table()
        try:
            table.rogue.send(["resume", 0])
            mine = Envelope.seal(table.honest_id, "commit", GAME_ID, 0, ZERO_HASH, ())
            table.honest.send(["env", mine.raw])
            assert await table.rogue.envelopes(1) == [(0, mine.raw)]
            assert await table.watcher.envelopes(1) == [(0, mine.raw)]
            assert await no_env_before_pong(table.honest) == []
            theirs = Envelope.seal(table.rogue_id, "commit", GAME_ID, 0, ZERO_HASH, ())
            table.rogue.send(["env", theirs.raw])
            assert await table.honest.envelopes(1) == [(1, theirs.raw)]
            assert await no_env_before_pong(table.rogue) == []
        finally:
            await table.relay.close()

    run(scenario())


def test_a_member_that_reconnects_gets_the_log_without_its_own_envelopes() -> None:
    """Its place in the log is the last entry it received: the entries of its own after it are
    skipped again, and its own envelopes sent again are logged once."""

    async def scenario() -> None:
        table = await quiet_table()
        try:
            a, b = table.honest_id, table.rogue_id
            a0 = Envelope.seal(a, "commit", GAME_ID, 0, ZERO_HASH, ())
            b0 = Envelope.seal(b, "commit", GAME_ID, 0, ZERO_HASH, ())
            a1 = Envelope.seal(a, "commit", GAME_ID, 1, a0.hash, ())
            for raw, envelope in ((table.honest, a0), (table.rogue, b0), (table.honest, a1)):
                raw.send(["env", envelope.raw])
                await no_env_before_pong(raw)  # logged before the next one
            assert table.relay.log == [a0.raw, b0.raw, a1.raw]
            table.honest.close()
            again = await Raw.connect(table.port)
            assert (await again.auth(a, name="honest"))[0] == "welcome"
            again.send(["resume", 0])
            again.send(["env", a0.raw])  # what a member sends again after every reconnection
            again.send(["env", a1.raw])
            assert await no_env_before_pong(again) == [("env", 1, b0.raw)]
            again.send(["resume", 2])  # one past the last entry it received
            assert await no_env_before_pong(again) == []
            assert table.relay.log == [a0.raw, b0.raw, a1.raw]
        finally:
            await table.relay.close()

    run(scenario())


def test_through_a_real_relay_each_member_receives_only_the_others_envelopes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    received: dict[NetPeer, list[bytes]] = {}
    on_frame = NetPeer._on_frame

    def counting(self: NetPeer, frame: Any) -> None:
        if isinstance(frame, Env):
            received.setdefault(self, []).append(frame.data)
        on_frame(self, frame)

    monkeypatch.setattr(NetPeer, "_on_frame", counting)

    async def scenario() -> None:
        game = await start_game(tmp_path, pause_at=None)
        try:
            await game.finish()
            for peer in game.peers:
                theirs = [
                    data
                    for data in game.relay.log
                    if Envelope.decode(data).sender != peer.identity.public
                ]
                assert received[peer] == theirs  # each once, in the log's order, no own one
        finally:
            await game.close()

    run(scenario())


def test_a_relay_that_echoes_own_envelopes_changes_nothing_and_blames_nobody(
    tmp_path: Path,
) -> None:
    """Every envelope echoed to its sender, as relays did before: the members take none of the
    echoes, journal none of them as received, and finish the game, naming nobody."""
    echoing = MemoryRelay(echo=True)
    players = members(tmp_path / "echo", echoing)
    echoing.play()
    assert echoing.echoed == len(echoing.log) > 0  # every own envelope came back
    check_ended_cleanly(players, echoing)


def test_the_bench_plays_through_both_relays_and_counts_one_envelope_down_per_envelope_up() -> None:
    """``goldnet bench``'s roll figures (goldnet/bench_roll.py): whole games between member
    processes, journals on, through the host's relay and a standalone one; with 2 members the
    relay sends down exactly one envelope per envelope sent up. (Counts, not times: speed is
    the bench's to report.)"""
    for hosted in (True, False):
        run = asyncio.run(_rolls(1, hosted))
        assert run["up"] > 0 and run["down"] == run["up"]
        assert run["rolls"] and run["echoes"] and run["pings"] and run["syncs"]
        assert all(t > 0 for t in run["rolls"] + run["echoes"])
