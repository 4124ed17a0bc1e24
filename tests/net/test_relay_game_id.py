"""The relay refuses envelopes of another game (issue #8): learned from the first ``table``
envelope it forwards, or from its log when restarted from a journal. A member that floods
another game's envelopes is closed at the first one: nothing of it reaches the relay's log or
any peer's journal, and the game of the others goes on. Real TLS on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from goldnet.net.frames import encode
from goldnet.net.journal import read_journal
from goldnet.net.relay import Relay
from protocol.envelope import ZERO_HASH, Envelope
from protocol.identity import Identity

from .relaykit import (
    GAME,
    HOST,
    Raw,
    caught_up,
    refused_with,
    run,
    start_game,
    table_envelope,
    until,
)

FOREIGN = bytes(range(32))
"""The game id of the flood: no table hashes to it."""


def flood(identity: Identity, count: int) -> list[bytes]:
    """``count`` well-signed envelopes of ``identity`` in another game, chained."""
    out: list[bytes] = []
    prev = ZERO_HASH
    for seq in range(count):
        envelope = Envelope.seal(identity, "action", FOREIGN, seq, prev, (seq, b"x" * 512))
        prev = envelope.hash
        out.append(envelope.raw)
    return out


async def quiet(relay: Relay, peers: list[Any]) -> None:
    """Wait until nothing moves: every peer has the whole log (but its own envelopes), twice
    0.1 s apart."""
    for _ in range(2):
        await until(lambda: all(caught_up(relay, p) for p in peers))
        await asyncio.sleep(0.1)


def test_a_members_flood_of_another_games_envelopes_changes_no_log_and_no_journal(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        game = await start_game(tmp_path)
        try:
            journals = [tmp_path / f"peer-{i}" / "journal" / "game.journal" for i in range(2)]
            await quiet(game.relay, game.peers)
            log_before = list(game.relay.log)
            journals_before = [p.read_bytes() for p in journals]
            # member 1 floods through its own authenticated connection
            rogue = game.peers[1]
            writer = rogue._writer
            assert writer is not None
            for data in flood(rogue.identity, 300):
                writer.write(encode(["env", data]))
            await until(lambda: "envelope of another game" in game.relay.refusals)
            await asyncio.sleep(0.2)  # time for anything that did get through to arrive
            assert game.relay.log == log_before
            assert [p.read_bytes() for p in journals] == journals_before
            # the member reconnects and the game finishes; the flood is nowhere
            outcomes = await game.finish()
            assert all(Envelope.decode(e).game_id != FOREIGN for e in game.relay.log)
            for path in journals:
                state = read_journal(path)
                for _, data in state.incoming:
                    assert Envelope.decode(data).game_id != FOREIGN
            assert outcomes[0].turns == outcomes[1].turns
            assert game.relay.game_id == Envelope.decode(game.relay.log[0]).game_id
        finally:
            await game.close()

    run(scenario())


def test_a_relay_restarted_from_its_log_knows_the_game(tmp_path: Path) -> None:
    async def scenario() -> None:
        member = Identity.generate()
        second = Identity.generate()
        table = table_envelope(member, member, second)
        relay = Relay(
            Identity.generate(),
            table_name="t",
            game=GAME,
            seats=2,
            log=[table.raw],
            members=[(member.public, "m")],
        )
        assert relay.game_id == table.game_id
        port = await relay.start(HOST, 0)
        try:
            raw = await Raw.connect(port)
            assert (await raw.auth(member, name="m"))[0] == "welcome"
            same = Envelope.seal(member, "commit", table.game_id, 1, table.hash, ())
            raw.send(["env", same.raw])
            raw.send(["env", flood(member, 1)[0]])
            await refused_with(raw, "envelope of another game")
            assert relay.log == [table.raw, same.raw]
            assert relay.refusals == ["envelope of another game"]
            # the log's table names the members: a free seat is the second member's only
            stranger = await Raw.connect(port)
            answer = await stranger.auth(Identity.generate(), name="s")
            assert answer == ("refused", "not a member of this relay's table"), answer
            raw = await Raw.connect(port)
            assert (await raw.auth(second, name="b"))[0] == "welcome"
        finally:
            await relay.close()

    run(scenario())


def test_the_first_table_envelope_fixes_the_game(tmp_path: Path) -> None:
    async def scenario() -> None:
        relay = Relay(Identity.generate(), table_name="t", game=GAME, seats=2)
        port = await relay.start(HOST, 0)
        try:
            a, b = Identity.generate(), Identity.generate()
            first = await Raw.connect(port)
            assert (await first.auth(a, name="a"))[0] == "welcome"
            second = await Raw.connect(port)
            assert (await second.auth(b, name="b"))[0] == "welcome"
            table = table_envelope(a, a, b)
            first.send(["env", table.raw])
            await until(lambda: relay.game_id == table.game_id)
            other_table = table_envelope(b, b, a)
            second.send(["env", other_table.raw])
            await refused_with(second, "envelope of another game")
            assert relay.log == [table.raw]
        finally:
            await relay.close()

    run(scenario())


def test_peers_journal_no_envelope_of_another_game_even_if_the_relay_forwards_it(
    tmp_path: Path,
) -> None:
    """A relay that forwards another game's envelopes (here: the check switched off) grows no
    peer's journal: a peer that knows its table drops them before journalling them."""

    async def scenario() -> None:
        game = await start_game(tmp_path)
        try:
            journals = [tmp_path / f"peer-{i}" / "journal" / "game.journal" for i in range(2)]
            await quiet(game.relay, game.peers)
            journals_before = [p.read_bytes() for p in journals]
            log_before = len(game.relay.log)
            game.relay.game_id = None  # a relay that does not check
            writer = game.peers[1]._writer
            assert writer is not None
            for data in flood(game.peers[1].identity, 50):
                writer.write(encode(["env", data]))
            await until(lambda: len(game.relay.log) == log_before + 50)
            await quiet(game.relay, game.peers)
            assert [p.read_bytes() for p in journals] == journals_before
            assert game.peers[0].machine.halted is None
            outcomes = await game.finish()
            assert outcomes[0].turns == outcomes[1].turns
        finally:
            await game.close()

    run(scenario())


def test_only_the_first_seat_proposes_the_table(tmp_path: Path) -> None:
    """A joiner that sends a table of its own before the first seat's (it learnt the host's key
    as a spectator; its table puts itself at seat 0, on its board) is refused: that table used to
    fix the relay's game, which then refused the host's own table and the game never started."""

    async def scenario() -> None:
        relay = Relay(Identity.generate(), table_name="t", game=GAME, seats=2)
        port = await relay.start(HOST, 0)
        try:
            a, b = Identity.generate(), Identity.generate()
            first = await Raw.connect(port)
            assert (await first.auth(a, name="a"))[0] == "welcome"
            second = await Raw.connect(port)
            assert (await second.auth(b, name="b"))[0] == "welcome"
            raced = table_envelope(b, b, a)
            second.send(["env", raced.raw])
            await refused_with(second, "only the first seat proposes the table")
            assert relay.log == [] and relay.game_id is None
            table = table_envelope(a, a, b)
            first.send(["env", table.raw])
            await until(lambda: relay.game_id == table.game_id)
            assert relay.log == [table.raw]
        finally:
            await relay.close()

    run(scenario())
