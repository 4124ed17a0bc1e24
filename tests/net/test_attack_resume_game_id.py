"""Attacks on the game id a resuming member names in its ``auth`` (real relay, TLS on 127.0.0.1).

A standalone relay restarted with an empty log (no ``table`` envelope, no members given) cannot
check that unsigned claim. The first seat speaks for the table until a ``table`` envelope is
logged: a resumer is seated only if the first seat claims the same game, and a first table is
taken only from the first seat (of its claimed game, if it claimed one) or from the game's own
seat 0 resending its table. Accepted limitation: on such a relay whoever sits first owns the
table, as its operator would; resumers refused there are told "this relay now hosts another
table" and re-host. A table frees the seats of keys that are not its members, and those keys
are then refused at ``auth``.
"""

from __future__ import annotations

from typing import Any

from goldnet.net.frames import auth_message
from protocol.envelope import ZERO_HASH, Envelope
from protocol.identity import Identity

from .relaykit import Raw, refused_with, run, standalone, table_envelope, until


async def auth6(raw: Raw, identity: Identity, game_id: Any, name: str = "raw") -> tuple[Any, ...]:
    message = auth_message(raw.nonce, raw.relay_key, identity.public, name)
    frame: list[Any] = ["auth", identity.public, "player", name, identity.sign(message)]
    if game_id is not None:
        frame.append(game_id)
    raw.send(frame)
    return await raw.recv()


def table_of(seat0: Identity, *others: Identity, nonce: bytes = bytes(16)) -> Envelope:
    """A ``table`` envelope signed by ``seat0`` for it and ``others``."""
    return table_envelope(seat0, seat0, *others, nonce=nonce)


def game_of(table: Envelope) -> bytes:
    return table.game_id


def test_the_first_seat_speaks_for_an_empty_relay_and_a_later_claim_decides_nothing() -> None:
    """Both members play G; the relay restarted empty. The rogue authenticates first declaring
    another game (a lie, unsigned): it speaks for the table until one is set (accepted
    limitation, as the relay's operator would), so the honest member resuming G is refused
    "this relay now hosts another table" (its client re-hosts G). The other way round — the
    honest member first — the rogue's lie is refused at ``auth``, its table of the other game
    is refused ("only the first seat proposes the table"), G's table is taken, and the rogue
    can come back only to G."""

    async def scenario() -> None:
        rogue_id, honest_id = Identity.generate(), Identity.generate()
        g_table = table_of(honest_id, rogue_id)
        other = table_of(rogue_id, honest_id, nonce=bytes([1]) * 16)
        relay, port = await standalone(2)
        try:
            rogue = await Raw.connect(port)
            assert (await auth6(rogue, rogue_id, game_of(other)))[0] == "welcome"
            honest = await Raw.connect(port)
            answer = await auth6(honest, honest_id, game_of(g_table))
            assert answer[0] == "refused" and "another table" in answer[1], answer
            rogue.close()
        finally:
            await relay.close()
        relay, port = await standalone(2)
        try:
            honest = await Raw.connect(port)
            assert (await auth6(honest, honest_id, game_of(g_table)))[0] == "welcome"
            rogue = await Raw.connect(port)
            answer = await auth6(rogue, rogue_id, game_of(other))
            assert answer[0] == "refused" and "another table" in answer[1], answer
            rogue = await Raw.connect(port)
            assert (await auth6(rogue, rogue_id, None))[0] == "welcome"
            rogue.send(["env", other.raw])
            await refused_with(rogue, "only the first seat proposes the table")
            assert relay.game_id is None and relay.log == []
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


def test_a_stranger_seated_first_owns_an_empty_relay_and_is_unseated_when_not_first() -> None:
    """A non-member sits first at a relay restarted empty, with no 6th field (a 'new game'):
    the members resuming G are refused "this relay now hosts another table" (accepted
    limitation: they re-host). Seated after a member resuming G, the stranger's envelope is
    logged, its table refused, and G's table frees its seat, drops its envelope from the log
    and keeps it out for good ("not a member of this relay's table")."""

    async def scenario() -> None:
        stranger_id, a_id, b_id = Identity.generate(), Identity.generate(), Identity.generate()
        g_table = table_of(a_id, b_id)
        relay, port = await standalone(3)
        try:
            stranger = await Raw.connect(port)
            assert (await auth6(stranger, stranger_id, None))[0] == "welcome"
            a = await Raw.connect(port)
            answer = await auth6(a, a_id, game_of(g_table))
            assert answer[0] == "refused" and "another table" in answer[1], answer
            stranger.close()
        finally:
            await relay.close()
        relay, port = await standalone(3)
        try:
            a = await Raw.connect(port)
            assert (await auth6(a, a_id, game_of(g_table)))[0] == "welcome"
            stranger = await Raw.connect(port)
            assert (await auth6(stranger, stranger_id, None))[0] == "welcome"
            junk = Envelope.seal(stranger_id, "commit", bytes(32), 0, ZERO_HASH, ())
            stranger.send(["env", junk.raw])
            await until(lambda: len(relay.log) == 1)
            b = await Raw.connect(port)
            assert (await auth6(b, b_id, game_of(g_table)))[0] == "welcome"
            stranger.send(["env", table_of(stranger_id, a_id).raw])
            await refused_with(stranger, "only the first seat proposes the table")
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
    ``table`` of another game: refused (the first seat resumes another game than this table's),
    the relay's game stays unset, and the honest member's G table (G's own seat 0, resending
    it) is then taken."""

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
