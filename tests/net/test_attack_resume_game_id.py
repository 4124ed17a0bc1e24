"""Attacks on the game id a resuming member names in its ``auth`` (real relay, TLS on 127.0.0.1).

A standalone relay restarted with an empty log (no ``table`` envelope, no members given) cannot
check that unsigned claim. It used to let the first member seated decide, by what it declared,
which resuming members were let in, and a seat 0 that declared the right game could then
propose another one. Now no claim decides at ``auth``; a ``table`` envelope is compared with
every connected member's claim before it fixes the game, and it frees the seats of keys that
are not its members.
"""

from __future__ import annotations

from typing import Any

from goldnet.net.frames import auth_message
from goldnet.net.relay import Relay
from protocol.envelope import ZERO_HASH, Envelope
from protocol.identity import Identity
from protocol.messages import Table

from .relaykit import GAME, HOST, Raw, refused_with, run, table_body, until


async def auth6(raw: Raw, identity: Identity, game_id: Any, name: str = "raw") -> tuple[Any, ...]:
    message = auth_message(raw.nonce, raw.relay_key, identity.public, name)
    frame: list[Any] = ["auth", identity.public, "player", name, identity.sign(message)]
    if game_id is not None:
        frame.append(game_id)
    raw.send(frame)
    return await raw.recv()


def table_of(seat0: Identity, *others: Identity, nonce: bytes = bytes(16)) -> Envelope:
    """A ``table`` envelope signed by ``seat0`` for it and ``others`` (its game id is the
    table's)."""
    body = table_body(seat0, *others, nonce=nonce)
    return Envelope.seal(seat0, "table", Table.from_body(body).game_id, 0, ZERO_HASH, body)


async def standalone(seats: int) -> tuple[Relay, int]:
    """A standalone relay restarted empty (no log, no members given), and its port."""
    relay = Relay(Identity.generate(), table_name="t", game=GAME, seats=seats)
    return relay, await relay.start(HOST, 0)


def game_of(table: Envelope) -> bytes:
    return table.game_id


def test_a_member_declaring_another_game_first_no_longer_keeps_an_honest_resumer_out() -> None:
    """Both members play G; the relay restarted empty. The rogue authenticates first declaring
    another game (a lie, unsigned): the honest member resuming G is seated anyway. The rogue's
    table of the other game is refused while the honest member says G, and the honest member's
    G table waits while the rogue says otherwise (neither claim wins); once the rogue leaves,
    G's table is taken, and the rogue can come back only to G."""

    async def scenario() -> None:
        relay, port = await standalone(2)
        rogue_id, honest_id = Identity.generate(), Identity.generate()
        g_table = table_of(honest_id, rogue_id)
        other = table_of(rogue_id, honest_id, nonce=bytes([1]) * 16)
        try:
            rogue = await Raw.connect(port)
            assert (await auth6(rogue, rogue_id, game_of(other)))[0] == "welcome"
            honest = await Raw.connect(port)
            assert (await auth6(honest, honest_id, game_of(g_table)))[0] == "welcome"
            rogue.send(["env", other.raw])
            await refused_with(rogue, "resumes another game")
            assert relay.game_id is None and relay.log == []
            rogue = await Raw.connect(port)
            assert (await auth6(rogue, rogue_id, game_of(other)))[0] == "welcome"
            honest.send(["env", g_table.raw])
            await refused_with(honest, "resumes another game")
            assert relay.game_id is None
            rogue.close()
            await until(lambda: relay.connected == 0)
            honest = await Raw.connect(port)
            assert (await auth6(honest, honest_id, game_of(g_table)))[0] == "welcome"
            honest.send(["env", g_table.raw])
            await until(lambda: relay.game_id == game_of(g_table))
            again = await Raw.connect(port)
            answer = await auth6(again, rogue_id, game_of(other))
            assert answer[0] == "refused" and "another table" in answer[1], answer
            back = await Raw.connect(port)
            assert (await auth6(back, rogue_id, game_of(g_table)))[0] == "welcome"
            back.send(["resume", 0])
            assert await back.envelopes(1) == [(0, g_table.raw)]
            back.close()
            honest.close()
        finally:
            await relay.close()

    run(scenario(), timeout=30)


def test_a_stranger_seated_first_is_unseated_when_the_resumed_table_comes() -> None:
    """A non-member sits first with no 6th field (a 'new game') and sends an envelope of its
    own: the members resuming G are seated all the same, the stranger's table is refused while
    they say G, and G's table frees the stranger's seat and drops its envelope from the log."""

    async def scenario() -> None:
        relay, port = await standalone(3)
        stranger_id, a_id, b_id = Identity.generate(), Identity.generate(), Identity.generate()
        g_table = table_of(a_id, b_id)
        try:
            stranger = await Raw.connect(port)
            assert (await auth6(stranger, stranger_id, None))[0] == "welcome"
            junk = Envelope.seal(stranger_id, "commit", bytes(32), 0, ZERO_HASH, ())
            stranger.send(["env", junk.raw])
            await until(lambda: len(relay.log) == 1)
            a = await Raw.connect(port)
            assert (await auth6(a, a_id, game_of(g_table)))[0] == "welcome"
            b = await Raw.connect(port)
            assert (await auth6(b, b_id, game_of(g_table)))[0] == "welcome"
            assert relay.members[0][0] == stranger_id.public
            stranger.send(["env", table_of(stranger_id, a_id).raw])
            await refused_with(stranger, "resumes another game")
            a.send(["env", g_table.raw])
            await until(lambda: relay.game_id == game_of(g_table))
            assert [k for k, _ in relay.members] == [a_id.public, b_id.public]
            assert relay.log == [g_table.raw]  # the stranger's envelope is gone
            # b is sent the rebuilt log from its start: the table, once
            assert await b.envelopes(1) == [(0, g_table.raw)]
            assert relay.seats == 2  # the table's: no seat is left for a non-member
            again = await Raw.connect(port)
            answer = await auth6(again, stranger_id, None)
            assert answer[0] == "refused" and "full" in answer[1], answer
            a.close()
            b.close()
        finally:
            await relay.close()

    run(scenario(), timeout=30)


def test_malformed_sixth_fields_are_refused_in_one_line() -> None:
    """A 6th field that is not 32 bytes (str, int, 31/33 bytes, nil-typed list) is refused as
    a malformed auth, and seats nobody."""

    async def scenario() -> None:
        relay, port = await standalone(2)
        try:
            for bad in ["x" * 32, 7, bytes(31), bytes(33), [bytes(32)]]:
                raw = await Raw.connect(port)
                identity = Identity.generate()
                message = auth_message(raw.nonce, raw.relay_key, identity.public, "n")
                raw.send(["auth", identity.public, "player", "n", identity.sign(message), bad])
                await refused_with(raw, "malformed auth")
                raw.close()
            assert relay.members == []
        finally:
            await relay.close()

    run(scenario(), timeout=30)


def test_a_seat_0_declaring_the_game_cannot_then_propose_another_table() -> None:
    """The rogue (seat 0) declares G like the honest member, both are let in, then it signs a
    ``table`` of another game: refused (the honest member says G), the relay's game stays
    unset, and the honest member's G table is then taken."""

    async def scenario() -> None:
        relay, port = await standalone(2)
        rogue_id, honest_id = Identity.generate(), Identity.generate()
        g_table = table_of(honest_id, rogue_id)
        try:
            rogue = await Raw.connect(port)
            assert (await auth6(rogue, rogue_id, game_of(g_table)))[0] == "welcome"
            honest = await Raw.connect(port)
            assert (await auth6(honest, honest_id, game_of(g_table)))[0] == "welcome"
            rogue.send(["env", table_of(rogue_id, honest_id, nonce=bytes([2]) * 16).raw])
            await refused_with(rogue, "resumes another game")
            assert relay.game_id is None and relay.log == []
            honest.send(["env", g_table.raw])
            await until(lambda: relay.game_id == game_of(g_table))
            honest.close()
        finally:
            await relay.close()

    run(scenario(), timeout=30)


def test_a_table_that_is_no_table_fixes_nothing() -> None:
    """A first seat's ``table`` envelope whose body is not a table is refused in one line."""

    async def scenario() -> None:
        relay, port = await standalone(2)
        me = Identity.generate()
        try:
            raw = await Raw.connect(port)
            assert (await auth6(raw, me, None))[0] == "welcome"
            raw.send(["env", Envelope.seal(me, "table", bytes(32), 0, ZERO_HASH, (1, 2)).raw])
            await refused_with(raw, "bad table")
            assert relay.game_id is None and relay.log == []
        finally:
            await relay.close()

    run(scenario(), timeout=30)
