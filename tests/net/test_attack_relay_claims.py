"""Attacks on how a relay without a logged ``table`` envelope takes its first one (the unsigned
"game I resume" claim of an ``auth``, :meth:`Relay._may_resume`, :meth:`Relay._proposal` and
:meth:`Relay._settle`: the first seat speaks for the table until it is set), as a member, a
stranger holding the invite code, and through the real client. Real relay, TLS on 127.0.0.1.

Some of these attacks SUCCEED on the relay as it is: their tests pass while the attack works and
say so in their docstring (``ATTACK SUCCEEDS``), so that the fix turns them red on purpose
(none is left).
The others assert the defence (``DEFENDED``).
"""

from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path
from typing import Any

import pytest

from goldnet.games.mountains_rivers.bots import make_bot
from goldnet.net import client as client_module
from goldnet.net.client import NetPeer
from goldnet.net.errors import NetError
from goldnet.net.frames import auth_message, encode
from goldnet.net.invite import Invite
from goldnet.net.journal import note_played
from goldnet.net.relay import Relay
from protocol.envelope import ZERO_HASH, Envelope
from protocol.identity import Identity
from protocol.messages import Table

from .relaykit import (
    HOST,
    Raw,
    refused_with,
    run,
    standalone,
    table_body,
    table_envelope,
    until,
)


def auth_frame(raw: Raw, identity: Identity, claim: bytes | None, name: str = "raw") -> list[Any]:
    """An ``auth`` of a player, with ``claim`` as the game it says it resumes (6th field)."""
    message = auth_message(raw.nonce, raw.relay_key, identity.public, name)
    frame: list[Any] = ["auth", identity.public, "player", name, identity.sign(message)]
    return frame if claim is None else [*frame, claim]


async def sit(raw: Raw, identity: Identity, claim: bytes | None, name: str = "raw") -> None:
    raw.send(auth_frame(raw, identity, claim, name))
    answer = await raw.recv()
    assert answer[0] == "welcome", answer


table_of = table_envelope


def golden_table(signer: Identity, *members: Identity) -> Envelope:
    keys = tuple(m.public for m in members)
    table = Table("golden-city", (), keys, tuple(f"g{i}" for i in range(len(keys))), bytes(16))
    body = Table(**{**table_fields(table), "shadows": 20}).body()
    return Envelope.seal(signer, "table", Table.from_body(body).game_id, 0, ZERO_HASH, body)


def table_fields(table: Table) -> dict[str, Any]:
    return {
        "game": table.game,
        "options": table.options,
        "members": table.members,
        "names": table.names,
        "nonce": table.nonce,
        "abandon_after": table.abandon_after,
    }


async def seats_seen_by_a_spectator(port: int) -> list[bytes]:
    """The keys seated at the relay, as anyone holding the invite code learns them."""
    watcher = await Raw.connect(port)
    assert (await watcher.auth(Identity.generate(), "spectator", name="w"))[0] == "welcome"
    while (frame := await watcher.recv())[0] != "seats":
        pass
    watcher.close()
    return list(frame[1])


# --- a joiner's claim at a NEW table (a standalone relay, `goldnet relay`) ----------------


def test_a_joiner_claiming_its_own_tables_game_cannot_propose_in_place_of_the_first_seat(
    tmp_path: Path,
) -> None:
    """DEFENDED. A standalone relay (``goldnet relay``: no members given, no log) opened for a
    new 3-seat Golden City table; the honest organizer A, a real peer, sits first and waits for
    the others. The rogue R learns A's key as a spectator, then sends its ``auth`` claiming to
    resume the game of a table R signed itself (R at seat 0, A and a third key after it) and
    that table in the same write. The first seat speaks for the table until it is set, and A
    resumes no game: R is refused at ``auth`` ("this relay now hosts another table"), its table
    is never read. Seated without a claim, R's table is refused too ("only the first seat
    proposes the table"). No game is fixed and A's peer takes no table."""

    async def scenario() -> None:
        relay = Relay(Identity.generate(), table_name="t", game="golden-city", seats=3)
        port = await relay.start(HOST, 0)
        a_id, r_id, c_id = Identity.generate(), Identity.generate(), Identity.generate()
        invite = Invite(HOST, port, relay.fingerprint)
        a = NetPeer(a_id, invite, name="a", folder=tmp_path / "a", bot_level="random")
        a.open_journal(tmp_path / "a" / "journal" / "game.journal", "random")
        task = asyncio.create_task(a.run())
        try:
            await until(lambda: len(relay.members) == 1)
            (a_key,) = await seats_seen_by_a_spectator(port)
            assert a_key == a_id.public
            rogue_table = golden_table(r_id, r_id, a_id, c_id)
            rogue = await Raw.connect(port)
            rogue.writer.write(
                encode(auth_frame(rogue, r_id, rogue_table.game_id))
                + encode(["env", rogue_table.raw])
            )
            await refused_with(rogue, "this relay now hosts another table")
            rogue = await Raw.connect(port)
            await sit(rogue, r_id, None, "r")
            rogue.send(["env", rogue_table.raw])
            await refused_with(rogue, "only the first seat proposes the table")
            assert relay.game_id is None and relay.log == []
            assert [k for k, _ in relay.members] == [a_id.public, r_id.public]
            assert a.machine.table is None and not task.done()
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            await relay.close()

    run(scenario(), timeout=40)


def test_a_joiner_claiming_a_table_without_the_first_seat_cannot_unseat_it() -> None:
    """DEFENDED. At a new table of a standalone relay, the organizer A sits first; R tries to
    sit second claiming the game of a table of R and an accomplice X (not A), sent with its
    ``auth``. The first seat resumes no game: R is refused at ``auth`` ("this relay now hosts
    another table"), its table never read; A keeps its seat, no game is fixed, and A's own
    table is then taken."""

    async def scenario() -> None:
        relay, port = await standalone(2)
        a_id, r_id, x_id = Identity.generate(), Identity.generate(), Identity.generate()
        try:
            a = await Raw.connect(port)
            await sit(a, a_id, None, "a")
            rogue_table = table_of(r_id, r_id, x_id)
            rogue = await Raw.connect(port)
            rogue.writer.write(
                encode(auth_frame(rogue, r_id, rogue_table.game_id))
                + encode(["env", rogue_table.raw])
            )
            await refused_with(rogue, "this relay now hosts another table")
            assert relay.game_id is None and relay.log == []
            assert [k for k, _ in relay.members] == [a_id.public]
            own = table_of(a_id, a_id, x_id)
            a.send(["env", own.raw])
            await until(lambda: relay.game_id == own.game_id)
            a.close()
        finally:
            await relay.close()

    run(scenario(), timeout=30)


def test_a_member_claiming_a_made_up_game_cannot_keep_the_table_from_being_set() -> None:
    """DEFENDED. At a new 2-seat table of a standalone relay, S tries to sit second claiming a
    game that does not exist (32 random bytes). Another member's claim no longer blocks a
    table: S is refused at ``auth`` (the first seat resumes no game), and the first seat's
    table is taken; S can then sit only without a claim, as a member of that table."""

    async def scenario() -> None:
        relay, port = await standalone(2)
        a_id, s_id = Identity.generate(), Identity.generate()
        try:
            a = await Raw.connect(port)
            await sit(a, a_id, None, "a")
            s = await Raw.connect(port)
            s.send(auth_frame(s, s_id, os.urandom(32), "s"))
            await refused_with(s, "this relay now hosts another table")
            table = table_of(a_id, a_id, s_id)
            a.send(["env", table.raw])
            await until(lambda: relay.game_id == table.game_id)
            assert relay.log == [table.raw]
            s = await Raw.connect(port)
            s.send(auth_frame(s, s_id, os.urandom(32), "s"))
            await refused_with(s, "this relay now hosts another table")
            s = await Raw.connect(port)
            await sit(s, s_id, None, "s")
            assert [k for k, _ in relay.members] == [a_id.public, s_id.public]
            a.close()
            s.close()
        finally:
            await relay.close()

    run(scenario(), timeout=30)


# --- strangers and the table ``_settle`` takes --------------------------------------------


def test_a_table_no_member_would_take_fixes_no_game() -> None:
    """DEFENDED (fixed here). A stranger sitting first at an empty relay sends a ``table``
    listing other keys than its own (or one that is not its sequence number 0). The relay used
    to take it: the game was fixed to a table no peer accepts (a table is the first envelope of
    one of its members), the stranger's own seat was freed by ``_settle`` while it was the
    sender being handled, and every honest table after it was refused as "of another game".
    Now it is refused in one line and fixes nothing."""

    async def scenario() -> None:
        relay, port = await standalone(3)
        s_id, a_id, b_id = Identity.generate(), Identity.generate(), Identity.generate()
        try:
            s = await Raw.connect(port)
            await sit(s, s_id, None, "s")
            s.send(["env", table_of(s_id, a_id, b_id).raw])
            await refused_with(s, "bad table")
            assert relay.game_id is None and relay.log == []
            s = await Raw.connect(port)
            body = table_body(s_id, a_id)
            await sit(s, s_id, None, "s")
            late = Envelope.seal(s_id, "table", Table.from_body(body).game_id, 1, ZERO_HASH, body)
            s.send(["env", late.raw])
            await refused_with(s, "bad table")
            assert relay.game_id is None and relay.log == []
            # a table the first seat signed as one of its members is still taken
            s = await Raw.connect(port)
            await sit(s, s_id, None, "s")
            good = table_of(s_id, s_id, a_id)
            s.send(["env", good.raw])
            await until(lambda: relay.game_id == good.game_id)
            assert relay.log == [good.raw]
            s.close()
        finally:
            await relay.close()

    run(scenario(), timeout=30)


def test_claims_refused_for_a_full_table_are_not_kept() -> None:
    """DEFENDED (fixed here). Every player ``auth`` used to record its claim before the relay
    checked for a free seat: a stranger reconnecting with fresh keys to a full table grew the
    relay's memory without bound. Now only seated members' claims are kept (a claim the first
    seat's does not match is refused before the seats are counted)."""

    async def scenario() -> None:
        relay, port = await standalone(2)
        try:
            seated = []
            for _ in range(2):
                raw = await Raw.connect(port)
                await sit(raw, Identity.generate(), None)
                seated.append(raw)
            for attempt in range(12):  # with a claim, then without one
                raw = await Raw.connect(port)
                claim = os.urandom(32) if attempt % 2 == 0 else None
                raw.send(auth_frame(raw, Identity.generate(), claim))
                await refused_with(
                    raw, "this relay now hosts another table" if claim else "the table is full"
                )
            assert len(relay._resumes) <= relay.seats
            for raw in seated:
                raw.close()
        finally:
            await relay.close()

    run(scenario(), timeout=30)


def test_a_stranger_cannot_take_a_seat_the_table_freed_nor_keep_a_resumer_out() -> None:
    """DEFENDED (fixed here; docs/security.md lists "a stranger holding a seat the resumers
    need"). A standalone relay restarted empty, 3 seats; member a sits first resuming G, the
    stranger S sits second claiming no game, and a sends G's table (members a and b):
    ``_settle`` frees S's seat. S reconnecting, and another stranger, used to be seated in the
    seat b needs (b was then refused "the table is full" for good, and S could log envelopes of
    G signed by itself). Now the relay keeps the table's members: every other player key is
    refused at ``auth`` ("not a member of this relay's table"), and b resuming G is seated."""

    async def scenario() -> None:
        relay, port = await standalone(3)
        s_id, a_id, b_id = Identity.generate(), Identity.generate(), Identity.generate()
        g_table = table_of(a_id, a_id, b_id)
        game = g_table.game_id
        try:
            a = await Raw.connect(port)
            await sit(a, a_id, game, "a")
            s = await Raw.connect(port)
            await sit(s, s_id, None, "s")
            a.send(["env", g_table.raw])
            await refused_with(s, "not a member of this relay's table")
            for stranger, claim in ((s_id, None), (s_id, game), (Identity.generate(), None)):
                s = await Raw.connect(port)
                s.send(auth_frame(s, stranger, claim, "s"))
                await refused_with(s, "not a member of this relay's table")
            b = await Raw.connect(port)
            await sit(b, b_id, game, "b")
            assert [k for k, _ in relay.members] == [a_id.public, b_id.public]
            assert relay.log == [g_table.raw]
            a.close()
            b.close()
        finally:
            await relay.close()

    run(scenario(), timeout=30)


def test_a_log_filled_before_the_table_does_not_refuse_the_resumed_table() -> None:
    """DEFENDED (fixed here). A stranger sitting at an empty relay (second, after the member
    that resumes G) fills its log with envelopes of its own before the resumed table comes.
    ``_settle`` drops them all, yet the table used to be refused first ("the table's log is
    full"), leaving the relay stuck for good; now its room is counted once they are dropped:
    the table is taken, the log holds it alone, the stranger is unseated. (A log of 4 entries
    stands for the real 200 000.)"""

    async def scenario() -> None:
        relay, port = await standalone(3, max_log_entries=4)
        s_id, a_id, b_id = Identity.generate(), Identity.generate(), Identity.generate()
        g_table = table_of(a_id, a_id, b_id)
        try:
            a = await Raw.connect(port)
            await sit(a, a_id, g_table.game_id, "a")
            s = await Raw.connect(port)
            await sit(s, s_id, None, "s")
            for seq in range(4):
                s.send(["env", Envelope.seal(s_id, "commit", bytes(32), seq, ZERO_HASH, ()).raw])
            await until(lambda: len(relay.log) == 4)
            a.send(["env", g_table.raw])
            await until(lambda: relay.game_id == g_table.game_id)
            assert relay.log == [g_table.raw]
            await refused_with(s, "not a member of this relay's table")
            a.close()
        finally:
            await relay.close()

    run(scenario(), timeout=30)


def test_a_table_whose_game_id_is_not_its_bodys_fixes_no_game() -> None:
    """DEFENDED. The first seat signs a ``table`` of itself and another member whose game id
    is not its body's hash. The relay used to fix that id: every peer refuses such a table,
    and every real table after it was "of another game" — nobody got a table to adjudicate.
    Now the relay refuses it in one line and fixes nothing; the real table is then taken."""

    async def scenario() -> None:
        relay, port = await standalone(2)
        s_id, a_id = Identity.generate(), Identity.generate()
        try:
            s = await Raw.connect(port)
            await sit(s, s_id, None, "s")
            forged = Envelope.seal(s_id, "table", bytes(32), 0, ZERO_HASH, table_body(s_id, a_id))
            s.send(["env", forged.raw])
            await refused_with(s, "bad table: its game id is not the hash of its body")
            assert relay.game_id is None and relay.log == []
            s = await Raw.connect(port)
            await sit(s, s_id, None, "s")
            real = table_of(s_id, s_id, a_id)
            s.send(["env", real.raw])
            await until(lambda: relay.game_id == real.game_id)
            s.close()
        finally:
            await relay.close()

    run(scenario(), timeout=30)


# --- an honest member's old envelopes, replayed as evidence -------------------------------


def old_game_of(a_id: Identity, *others: Identity) -> list[bytes]:
    """What ``a_id`` signed when it proposed an earlier Golden City game with ``others`` (its
    table, its commitment, its deck key): every member of that game holds them."""
    from goldnet.binding import make_engine
    from protocol import events as ev
    from protocol.lockstep import Lockstep

    machine = Lockstep(a_id, make_engine, entropy=os.urandom)
    members = (a_id.public, *(o.public for o in others))
    names = tuple(f"old{i}" for i in range(len(members)))
    machine.propose("golden-city", (), members, names, os.urandom(16), shadows=20)
    sent = []
    while not isinstance(event := machine.next_event(), ev.NeedData):
        if isinstance(event, ev.Transmit):
            sent.append(event.data)
    return sent


def test_an_old_table_of_the_first_seat_replayed_as_evidence_is_refused(
    tmp_path: Path,
) -> None:
    """DEFENDED at the relay (fixed here). R played a Golden City game G1 with A, A proposing
    it: R holds A's G1 table and commitment. A opens a NEW 3-seat table (here its own host
    relay: members given, no log) and sits first; R joins and, with its ``auth``, sends A's old
    G1 table as *evidence*. The relay used to take it as the first table (its signer is the
    first seat): A's peer took it, signed a fresh commitment at sequence number 1 of G1, and R's
    replay of A's old G1 commitment got A NAMED for an "equivocation" across two games it played
    in good faith. Now a first ``table`` is taken only as an ``env`` of its signer: R is refused
    ("a table is sent by its signer"), no game is fixed, A's peer takes no table and is not
    halted. Left for the lead: a relay itself can still send A's old table to A; a peer should
    refuse a table signed with its own key that its journal does not hold."""

    async def scenario() -> None:
        a_id, r_id, c_id = Identity.generate(), Identity.generate(), Identity.generate()
        old = old_game_of(a_id, r_id, c_id)
        old_table = old[0]
        assert Envelope.decode(old[1]).type == "commit"
        relay = Relay(  # A's host relay (members given, no log: a new game)
            a_id, table_name="t", game="golden-city", seats=3, members=[(a_id.public, "a")]
        )
        port = await relay.start(HOST, 0)
        invite = Invite(HOST, port, relay.fingerprint)
        a = NetPeer(a_id, invite, name="a", folder=tmp_path / "a", bot_level="random")
        a.open_journal(tmp_path / "a" / "journal" / "game.journal", "random")
        task = asyncio.create_task(a.run())
        try:
            await until(lambda: relay.connected == 1)
            rogue = await Raw.connect(port)
            rogue.writer.write(
                encode(auth_frame(rogue, r_id, None)) + encode(["evidence", old_table])
            )
            assert (await rogue.recv())[0] == "welcome"
            await refused_with(rogue, "a table is sent by its signer")
            assert relay.game_id is None and relay.log == []
            assert a.machine.table is None and a.machine.halted is None
            assert not task.done()
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            await relay.close()

    run(scenario(), timeout=40)


def test_the_first_seat_replaying_its_old_table_names_nobody(tmp_path: Path) -> None:
    """DEFENDED (the peer's side: no relay rule can tell an old table from a new one). R
    proposed a Mountains & Rivers game G1 that A joined (A's profile noted G1 when A's peer
    took its table, as every peer does before signing). Later R sits first at a new table and
    A joins; R sends its OLD G1 table as its own ``env``. A's peer used to take any table
    listing it, sign a fresh commitment at its sequence number 0 of G1, and get named when R
    forwarded A's old G1 commitment. Now it refuses the table in one line and signs nothing
    (``tests/net/test_attack_old_tables.py`` plays G1 through a real peer too)."""

    async def scenario() -> None:
        from goldnet.binding import make_engine
        from protocol import events as ev
        from protocol.lockstep import Lockstep

        r_id, a_id = Identity.generate(), Identity.generate()
        old_table = table_of(r_id, r_id, a_id, nonce=os.urandom(16))
        earlier = Lockstep(a_id, make_engine, entropy=os.urandom)  # A in G1
        earlier.table_guard = lambda table: note_played(tmp_path / "a", table.game_id)
        earlier.receive(old_table.raw)
        while not isinstance(earlier.next_event(), ev.NeedData):
            pass
        relay, port = await standalone(2)
        rogue = await Raw.connect(port)
        await sit(rogue, r_id, None, "r")
        invite = Invite(HOST, port, relay.fingerprint)
        a = NetPeer(a_id, invite, name="a", folder=tmp_path / "a", bot=make_bot("greedy", 1))
        a.open_journal(tmp_path / "a" / "journal" / "game.journal", "greedy")
        task = asyncio.create_task(a.run())
        try:
            await until(lambda: len(relay.members) == 2)
            rogue.send(["env", old_table.raw])
            (outcome,) = await asyncio.gather(task, return_exceptions=True)
            assert isinstance(outcome, NetError) and "already played" in str(outcome), outcome
            assert not [d for d in relay.log if Envelope.decode(d).sender == a_id.public]
            assert a.machine.halted is None
            rogue.close()
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            await relay.close()

    run(scenario(), timeout=40)


# --- the real client when its table is refused after welcome ------------------------------


def test_a_proposer_whose_table_is_refused_backs_off_and_journals_nothing_more(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """DEFENDED. The real first seat proposes its table at a standalone relay whose log has no
    room for it (a log of 100 bytes): the relay refuses the table after ``welcome`` (the client
    raises ConnectionError and retries). Each retry waits the next of RECONNECT_DELAYS (no
    spin), the journal does not grow per attempt, and the peer keeps its table (it does not give
    up: its abandonment time ends it)."""
    caplog.set_level(logging.INFO, logger="goldnet.net.client")

    async def scenario() -> None:
        relay, port = await standalone(2, max_log_bytes=100)
        a_id, s_id = Identity.generate(), Identity.generate()
        invite = Invite(HOST, port, relay.fingerprint)
        a = NetPeer(a_id, invite, name="a", folder=tmp_path / "a", bot=make_bot("greedy", 0))
        journal = tmp_path / "a" / "journal" / "game.journal"
        a.open_journal(journal, "greedy")
        task = asyncio.create_task(a.run())
        refused = "the table's log is full (at most 100 bytes)"
        try:
            await until(lambda: len(relay.members) == 1)
            s = await Raw.connect(port)
            await sit(s, s_id, None, "s")
            await until(lambda: relay.refusals.count(refused) >= 2)
            size = journal.stat().st_size
            await until(lambda: relay.refusals.count(refused) >= 4, timeout=15)
            s.send(["ping"])
            assert journal.stat().st_size == size
            assert not task.done() and a.machine.table is not None
            assert relay.game_id is None
            delays = [
                float(r.getMessage().rsplit("retrying in ", 1)[1].split(" ")[0])
                for r in caplog.records
                if "retrying in" in r.getMessage()
            ]
            assert len(delays) >= 3
            assert delays == list(client_module.RECONNECT_DELAYS[: len(delays)])
            s.close()
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            await relay.close()

    run(scenario(), timeout=40)


def test_a_spectator_is_served_the_rebuilt_log_from_its_start() -> None:
    """DEFENDED. A spectator watching an empty relay got a stranger's envelope at index 0; when
    the resumed table is taken the log is rebuilt: the spectator is told the new seats (the
    stranger's gone) and sent the rebuilt log from index 0 — the table first — and a reconnection
    asking from its old index is served from 0 too (a peer drops by content what it has)."""

    async def scenario() -> None:
        relay, port = await standalone(3)
        s_id, a_id, b_id = Identity.generate(), Identity.generate(), Identity.generate()
        g_table = table_of(a_id, a_id, b_id)
        try:
            a = await Raw.connect(port)
            await sit(a, a_id, g_table.game_id, "a")
            s = await Raw.connect(port)
            await sit(s, s_id, None, "s")
            junk = Envelope.seal(s_id, "commit", bytes(32), 0, ZERO_HASH, ())
            s.send(["env", junk.raw])
            watcher = await Raw.connect(port)
            assert (await watcher.auth(Identity.generate(), "spectator", name="w"))[0] == "welcome"
            watcher.send(["resume", 0])
            assert await watcher.envelopes(1) == [(0, junk.raw)]
            a.send(["env", g_table.raw])
            frames = []
            while (frame := await watcher.recv())[0] != "env":
                frames.append(frame)
            assert frame == ("env", 0, g_table.raw)
            seats = [f for f in frames if f[0] == "seats"]
            assert seats and list(seats[-1][1]) == [a_id.public]
            watcher.close()
            again = await Raw.connect(port)  # a reconnection asking from its old index
            assert (await again.auth(Identity.generate(), "spectator", name="w"))[0] == "welcome"
            again.send(["resume", 5])
            assert await again.envelopes(1) == [(0, g_table.raw)]
            a.close()
            again.close()
        finally:
            await relay.close()

    run(scenario(), timeout=30)
