"""A re-hosted relay found on the LAN is only a candidate (docs/network.md §8): one whose key is not
the member key it claims (anyone on the LAN can announce a member's fingerprint with the game's id,
both shown in a real re-host's announcement) is left for the relay before it, and the search
goes on. It used to end the peer's game with `the relay's key … does not match`. Real TLS on
127.0.0.1; the LAN search is a function the test gives.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from goldnet.net.invite import GAME_PREFIX, Invite
from goldnet.net.relay import Relay
from goldnet.net.tls import server_context
from protocol.identity import Identity

from .relaykit import GAME, HOST, check_records, run, start_game, until


def test_a_fake_re_host_claiming_a_members_key_is_left_and_the_game_finishes(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        game = await start_game(tmp_path)
        fake_server = None
        rehosted = None
        try:
            first, second = game.peers
            prefix = first.machine.game_id[:GAME_PREFIX].hex()
            log, members = list(game.relay.log), list(game.relay.members)
            await game.relay.close()  # the relay dies mid-game

            async def hold(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
                await reader.read(65536)  # a TLS server with its own key that says nothing
                writer.close()

            impostor = Identity.generate()
            fake_server = await asyncio.start_server(hold, HOST, 0, ssl=server_context(impostor))
            fake_port = fake_server.sockets[0].getsockname()[1]
            fake = Invite(HOST, fake_port, first.identity.fingerprint, prefix)
            # seat 0 re-hosts the table for real, with its own (member) key
            rehosted = Relay(
                first.identity, table_name="t", game=GAME, seats=2, log=log, members=members
            )
            real = Invite(HOST, await rehosted.start(HOST, 0), first.identity.fingerprint, prefix)
            answers = [fake]

            async def on_the_lan() -> Invite | None:
                return answers.pop(0) if answers else real

            async def seat_0_relay() -> Invite | None:
                return real

            second.find_relay = on_the_lan
            first.find_relay = seat_0_relay
            outcomes = await game.finish(timeout=60)
            check_records(outcomes)
            assert not answers  # the impostor was tried, and left
        finally:
            if fake_server is not None:
                fake_server.close()
            if rehosted is not None:
                await rehosted.close()
            await game.close()

    run(scenario(), timeout=90)


def test_a_re_hosting_member_keeps_its_relay_when_a_lower_seat_is_only_announced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seat 1 re-hosts; an announcement claims seat 0 re-hosted too, from a relay that shows
    another key. Seat 1 must check that relay's key before it closes its own and moves there
    (it closed its relay on the announcement alone, then ended its game on the pin error)."""
    from goldnet.net import discovery, hosting
    from goldnet.net.discovery import TableInfo

    async def scenario() -> None:
        game = await start_game(tmp_path)
        fake_server = None
        try:
            seat0, seat1 = game.peers
            prefix = seat1.machine.game_id[:GAME_PREFIX].hex()
            impostor = Identity.generate()

            async def hold(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
                await reader.read(65536)
                writer.close()

            fake_server = await asyncio.start_server(hold, HOST, 0, ssl=server_context(impostor))
            port = fake_server.sockets[0].getsockname()[1]
            claim = TableInfo("t", GAME, 0, seat0.identity.fingerprint, HOST, port, game_id=prefix)
            looked: list[str] = []

            async def announced(game_id: str, *args: object, **kwargs: object) -> TableInfo:
                looked.append(game_id)
                return claim

            monkeypatch.setattr(discovery, "find_rehost", announced)
            invite_before = seat1.invite
            watcher = asyncio.create_task(hosting.yield_to_lower_seat(seat1, game.relay, None))
            try:
                await until(lambda: len(looked) >= 2)  # it looked, and went on looking
            finally:
                watcher.cancel()
            assert seat1.invite == invite_before
            outcomes = await game.finish(timeout=60)  # its relay still serves the game
            check_records(outcomes)
        finally:
            if fake_server is not None:
                fake_server.close()
            await game.close()

    run(scenario(), timeout=90)
