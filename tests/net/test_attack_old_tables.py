"""An old table sent again (real relays, TLS on 127.0.0.1, a real peer).

R proposed a Mountains & Rivers game G1 that A joined, and A committed in it. Later R sits
first at a new table and A joins it: R sends its OLD G1 table as its own envelope (no relay can
tell it from a new one — and a relay that forwarded G1 could do it alone). A's peer used to take
any table that lists it: it signed a fresh commitment at its sequence number 0 of G1, and R's
forwarding A's old G1 commitment as evidence then named A — an equivocation A's peer made.
Now a peer notes every game its profile signs in and refuses a table of one of them (unless it
is that game's, rebuilt from its journal).
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from goldnet.games.mountains_rivers.bots import make_bot
from goldnet.net.client import NetPeer
from goldnet.net.errors import NetError
from goldnet.net.frames import auth_message
from goldnet.net.invite import Invite
from goldnet.net.journal import PLAYED, note_played, played
from goldnet.net.relay import Relay
from protocol.envelope import ZERO_HASH, Envelope
from protocol.identity import Identity
from protocol.messages import Table

from .relaykit import GAME, HOST, Raw, run, table_body, until


async def seated(port: int, identity: Identity) -> Raw:
    raw = await Raw.connect(port)
    message = auth_message(raw.nonce, raw.relay_key, identity.public, "r")
    raw.send(["auth", identity.public, "player", "r", identity.sign(message)])
    assert (await raw.recv())[0] == "welcome"
    return raw


def signed_by(relay: Relay, key: bytes) -> list[str]:
    return [e.type for e in map(Envelope.decode, relay.log) if e.sender == key]


def test_an_old_table_sent_again_is_refused_and_names_nobody(tmp_path: Path) -> None:
    async def scenario() -> None:
        r_id, a_id = Identity.generate(), Identity.generate()
        body = table_body(r_id, a_id, nonce=os.urandom(16))
        old = Envelope.seal(r_id, "table", Table.from_body(body).game_id, 0, ZERO_HASH, body)
        folder = tmp_path / "a"
        relays: list[Relay] = []
        tasks: list[asyncio.Task[object]] = []
        try:
            peers = []
            for round_ in range(2):  # G1 itself, then a new table where G1's table comes again
                relay = Relay(Identity.generate(), table_name="t", game=GAME, seats=2)
                relays.append(relay)
                port = await relay.start(HOST, 0)
                rogue = await seated(port, r_id)
                invite = Invite(HOST, port, relay.fingerprint)
                a = NetPeer(a_id, invite, name="a", folder=folder, bot=make_bot("greedy", 1))
                a.open_journal(folder / "journal" / f"game{round_}.journal", "greedy")
                peers.append(a)
                tasks.append(asyncio.create_task(a.run()))
                await until(lambda relay=relay: len(relay.members) == 2)
                rogue.send(["env", old.raw])
                if round_ == 0:
                    await until(lambda relay=relay: "commit" in signed_by(relay, a_id.public))
                    assert old.game_id in played(folder)
                    rogue.close()
                    tasks[0].cancel()
                    continue
                (outcome,) = await asyncio.gather(tasks[1], return_exceptions=True)
                assert isinstance(outcome, NetError), outcome
                assert "already played" in str(outcome) and "\n" not in str(outcome)
                assert signed_by(relay, a_id.public) == []  # nothing signed: nothing to name
                assert a.machine.table is None and a.machine.halted is None
                rogue.close()
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            for relay in relays:
                await relay.close()

    run(scenario(), timeout=60)


def test_the_list_of_games_played_skips_what_is_no_game_id(tmp_path: Path) -> None:
    """A torn or edited line loses nothing else; a game noted twice is kept once."""
    game = bytes(range(32))
    note_played(tmp_path, game)
    with (tmp_path / PLAYED).open("a", encoding="ascii") as file:
        file.write("not hex\n" + "ab" * 31 + "\n" + "0" * 10)
    note_played(tmp_path, game)
    assert played(tmp_path) == {game}
    assert (tmp_path / PLAYED).read_text().count(game.hex()) == 1


def test_a_list_that_cannot_be_written_stops_in_one_line(tmp_path: Path) -> None:
    from goldnet.net.journal import JournalError

    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("")
    with pytest.raises(JournalError, match=r"cannot (read|write)") as caught:
        note_played(not_a_folder, bytes(32))
    assert "\n" not in str(caught.value)
