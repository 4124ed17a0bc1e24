"""A re-hosted relay found on the LAN is only a candidate (DESIGN §6): one whose key is not the
member key it claims (anyone on the LAN can announce a member's fingerprint with the game's id,
both shown in a real re-host's announcement) is left for the relay before it, and the search
goes on. It used to end the peer's game with `the relay's key … does not match`. Real TLS on
127.0.0.1; the LAN search is a function the test gives.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from goldnet.net.invite import GAME_PREFIX, Invite
from goldnet.net.relay import Relay
from goldnet.net.tls import server_context
from protocol.identity import Identity

from .relaykit import GAME, HOST, check_records, run, start_game


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
