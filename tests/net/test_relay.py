"""goldnet.net.relay and goldnet.net.client in one asyncio loop, over real TCP + TLS on 127.0.0.1.

Two NetPeers with bots play whole games through a Relay while other connections misbehave:
wrong pin, full table, bad auth, oversized frames, garbage, silent and slow clients, foreign
envelopes, spectators trying to write. Every test checks the refusal (its reason in
``relay.refusals`` and, where the connection got that far, the ``refused`` frame) *and* that
the game of the others still ends with identical records that verify.

No pytest-asyncio: each test is a plain function that calls ``asyncio.run``.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import time
from pathlib import Path
from typing import Any

import pytest

import goldnet.net.client as client_module
from goldnet.binding import make_engine
from goldnet.games.mountains_rivers.bots import make_bot
from goldnet.net.client import RECONNECT_DELAYS, NetPeer
from goldnet.net.errors import NetError, Refused
from goldnet.net.frames import MAX_FRAME, RELAY_VERSION, FrameDecoder, auth_message, encode
from goldnet.net.invite import Invite
from goldnet.net.journal import Journal, read_journal
from goldnet.net.relay import Relay
from goldnet.net.tls import client_context, peer_public_key, server_context
from goldnet.records import read
from protocol.envelope import ZERO_HASH, Envelope
from protocol.identity import Identity
from protocol.lockstep import Lockstep

from .relaykit import (
    BOARD,
    GAME,
    HOST,
    Raw,
    authenticated,
    quiet_table,
    refused_with,
    run,
    start_game,
    until,
)

# --- whole games --------------------------------------------------------------------------


def test_two_bots_play_a_whole_game_through_the_relay(tmp_path: Path) -> None:
    async def scenario() -> None:
        game = await start_game(tmp_path, pause_at=None)
        try:
            outcomes = await game.finish()
            assert [o.names for o in outcomes] == [("p0", "p1")] * 2
            assert outcomes[0].options == (BOARD,)
            record = read(outcomes[0].record)
            # the relay's log is the record's envelopes and the closes, each once (its order is
            # arrival order)
            closes = [e for e in game.relay.log if Envelope.decode(e).type == "close"]
            assert len(closes) == 2
            assert sorted(record + closes) == sorted(game.relay.log)
            assert len(set(game.relay.log)) == len(game.relay.log)
            assert game.relay.refusals == []
            for i, peer in enumerate(game.peers):
                journal = read_journal(tmp_path / f"peer-{i}" / "journal" / "game.journal")
                # the others' envelopes of the log, each once, in log order; its own only
                # as "out" entries
                indices = [index for index, _ in journal.incoming]
                assert indices == sorted(set(indices))
                incoming = [e for _, e in journal.incoming]
                assert set(incoming).isdisjoint(journal.outgoing)
                assert (
                    set(record) | set(closes)
                    >= set(incoming) | set(journal.outgoing)
                    >= set(record)
                )
                assert journal.end == ("over", str(outcomes[i].record), "")
                own = [Envelope.decode(e) for e in journal.outgoing]
                assert {e.sender for e in own} == {peer.identity.public}
                assert sorted(e.seq for e in own) == list(range(len(own)))
        finally:
            await game.close()

    run(scenario())


def test_the_connection_is_tls_1_3_with_the_relays_own_key(tmp_path: Path) -> None:
    async def scenario() -> None:
        identity = Identity.generate()
        relay = Relay(identity, table_name="t", game=GAME, seats=2)
        port = await relay.start(HOST, 0)
        try:
            raw = await Raw.connect(port)
            ssl_object = raw.writer.get_extra_info("ssl_object")
            assert ssl_object.version() == "TLSv1.3"
            assert peer_public_key(ssl_object) == identity.public == raw.relay_key
            assert raw.hello[1] == RELAY_VERSION
            assert raw.hello[4:] == ("t", GAME, 2)
            assert len(raw.nonce) == 32
            raw.close()
            # the relay accepts nothing older than TLS 1.3
            old = client_context()
            old.minimum_version = ssl.TLSVersion.TLSv1_2
            old.maximum_version = ssl.TLSVersion.TLSv1_2
            with pytest.raises((ssl.SSLError, ConnectionError)):
                await Raw.connect(port, old)
            # each connection gets a fresh nonce
            again = await Raw.connect(port)
            assert again.nonce != raw.nonce
            again.close()
        finally:
            await relay.close()

    run(scenario())


# --- refusals while a game goes on ---------------------------------------------------------


def test_a_client_pinning_another_key_stops_and_names_both_fingerprints(tmp_path: Path) -> None:
    async def scenario() -> None:
        game = await start_game(tmp_path)
        try:
            expected = Identity.generate().fingerprint
            wrong = Invite(HOST, game.port, expected)
            stranger = NetPeer(
                Identity.generate(), wrong, name="x", folder=tmp_path / "x", bot=make_bot("random")
            )
            stranger.open_journal(tmp_path / "x" / "journal" / "x.journal")
            with pytest.raises(NetError) as info:
                await stranger.run()
            assert expected in str(info.value)
            assert game.relay.fingerprint in str(info.value)
            assert stranger.received == 0
            Journal(tmp_path / "x" / "journal" / "x.journal").close()  # released for a resume
            assert len(game.relay.members) == 2
            await game.finish()
        finally:
            await game.close()

    run(scenario())


def test_a_third_player_is_refused_because_the_table_is_full(tmp_path: Path) -> None:
    async def scenario() -> None:
        game = await start_game(tmp_path)
        try:
            third = NetPeer(
                Identity.generate(),
                game.invite,
                name="late",
                folder=tmp_path / "late",
                bot=make_bot("random"),
            )
            with pytest.raises(Refused, match="the table is full"):
                await third.run()
            assert game.relay.refusals == ["the table is full"]
            assert [k for k, _ in game.relay.members] == [i.public for i in game.identities]
            await game.finish()
        finally:
            await game.close()

    run(scenario())


@pytest.mark.parametrize("fault", ["other key", "other nonce", "other name"])
def test_a_bad_auth_signature_is_refused(tmp_path: Path, fault: str) -> None:
    async def scenario() -> None:
        game = await start_game(tmp_path)
        try:
            raw = await Raw.connect(game.port)
            me, other = Identity.generate(), Identity.generate()
            if fault == "other key":  # claims `me`, signs with `other`
                message = auth_message(raw.nonce, raw.relay_key, me.public, "raw")
                raw.send(["auth", me.public, "player", "raw", other.sign(message)])
            elif fault == "other nonce":  # a replayed auth from another connection
                message = auth_message(bytes(32), raw.relay_key, me.public, "raw")
                raw.send(["auth", me.public, "player", "raw", me.sign(message)])
            else:
                message = auth_message(raw.nonce, raw.relay_key, me.public, "raw")
                raw.send(["auth", me.public, "player", "someone else", me.sign(message)])
            await refused_with(raw, "authentication failed (bad signature)")
            assert game.relay.refusals == ["authentication failed (bad signature)"]
            assert me.public not in [k for k, _ in game.relay.members]
            await game.finish()
        finally:
            await game.close()

    run(scenario())


def test_a_replayed_auth_of_a_member_is_refused(tmp_path: Path) -> None:
    """An observer that saw a member's auth (say, a malicious relay) cannot reuse it."""

    async def scenario() -> None:
        game = await start_game(tmp_path)
        try:
            first = await Raw.connect(game.port)
            member = game.identities[1]
            message = auth_message(first.nonce, first.relay_key, member.public, "p1")
            signature = member.sign(message)
            first.close()
            second = await Raw.connect(game.port)
            second.send(["auth", member.public, "player", "p1", signature])
            await refused_with(second, "authentication failed")
            await game.finish()
        finally:
            await game.close()

    run(scenario())


@pytest.mark.parametrize(
    ("garbage", "reason"),
    [
        ((MAX_FRAME + 1).to_bytes(4, "big"), f"exceeds the limit of {MAX_FRAME}"),
        (b"\xff\xff\xff\xff" + b"x" * 100, f"exceeds the limit of {MAX_FRAME}"),
        (b"\x00\x00\x00\x04\xc1\xc1\xc1\xc1", "malformed frame"),
        (encode(["nonsense"]), "unknown frame 'nonsense'"),
        (b"\x00\x00\x00\x01\x07", "a frame holds [kind, ...]"),
        (encode(["resume", -1]), "malformed resume"),
    ],
    ids=["oversized", "huge-length", "garbage", "unknown", "not-array", "resume"],
)
def test_garbage_after_auth_is_refused_with_a_reason_while_the_game_goes_on(
    tmp_path: Path, garbage: bytes, reason: str
) -> None:
    async def scenario() -> None:
        game = await start_game(tmp_path)
        try:
            raw = await authenticated(game)
            raw.writer.write(garbage)
            await refused_with(raw, reason)
            assert len(game.relay.refusals) == 1
            assert reason in game.relay.refusals[0]
            assert game.relay.connected == 2
            await game.finish()
        finally:
            await game.close()

    run(scenario())


@pytest.mark.parametrize(
    ("frame", "reason"),
    [
        (["env", "not bytes"], "malformed env frame"),
        (["env", b"\x93\x01\x02\x03"], "bad envelope: an envelope is an array of 9 fields"),
        (["env", b"\x01", b"\x02"], "malformed env frame"),
    ],
    ids=["text", "junk", "extra-field"],
)
def test_a_bad_env_frame_from_a_member_is_refused(frame: list[Any], reason: str) -> None:
    async def scenario() -> None:
        table = await quiet_table()
        try:
            table.rogue.send(frame)
            await refused_with(table.rogue, reason)
            assert table.relay.refusals == [reason]
            await table.honest_still_served()
        finally:
            await table.relay.close()

    run(scenario())


def test_envelopes_signed_by_another_key_are_refused() -> None:
    async def scenario() -> None:
        table = await quiet_table()
        try:
            await table.honest_still_served()
            # the honest member's genuine envelope, sent again by the rogue
            table.rogue.send(["env", table.relay.log[0]])
            await refused_with(table.rogue, "a client may only send its own envelopes")
            assert table.relay.refusals == ["a client may only send its own envelopes"]
            assert len(table.relay.log) == 1
            await table.honest_still_served()
        finally:
            await table.relay.close()

    run(scenario())


def test_a_forged_envelope_in_a_members_name_is_refused() -> None:
    async def scenario() -> None:
        table = await quiet_table()
        try:
            mine = Envelope.seal(table.rogue_id, "action", bytes(32), 0, ZERO_HASH, (1,))
            forged = bytearray(mine.raw)
            at = forged.find(mine.sender)
            forged[at : at + 32] = table.honest_id.public  # the rogue's signature, not its own
            table.rogue.send(["env", bytes(forged)])
            await refused_with(table.rogue, "bad envelope: bad signature")
            assert table.relay.log == []
            await table.honest_still_served()
        finally:
            await table.relay.close()

    run(scenario())


def test_an_authenticated_client_that_goes_silent_is_closed_after_the_idle_timeout() -> None:
    async def scenario() -> None:
        relay = Relay(Identity.generate(), table_name="t", game=GAME, seats=2, idle_timeout=1.0)
        port = await relay.start(HOST, 0)
        try:
            silent = await Raw.connect(port)
            assert (await silent.auth(Identity.generate(), "spectator"))[0] == "welcome"
            alive = await Raw.connect(port)
            assert (await alive.auth(Identity.generate(), "spectator"))[0] == "welcome"
            start = time.monotonic()
            closing = asyncio.create_task(refused_with(silent, "idle timeout"))
            for _ in range(10):  # 2 s of heartbeats: twice the idle timeout
                alive.send(["ping"])
                while await alive.recv() != ("pong",):
                    pass
                await asyncio.sleep(0.2)
            await closing
            assert time.monotonic() - start > 0.9
            assert relay.refusals == ["idle timeout"]
            assert relay.connected == 1  # the one that sent heartbeats
        finally:
            await relay.close()

    run(scenario())


def test_garbage_instead_of_auth_is_refused(tmp_path: Path) -> None:
    async def scenario() -> None:
        game = await start_game(tmp_path)
        try:
            raw = await Raw.connect(game.port)
            raw.writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            await refused_with(raw, "bad frame")
            raw2 = await Raw.connect(game.port)
            raw2.send(["ping"])
            await refused_with(raw2, "expected auth")
            assert len(game.relay.refusals) == 2
            await game.finish()
        finally:
            await game.close()

    run(scenario())


def test_a_client_that_never_authenticates_is_closed_after_the_handshake_timeout(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        game = await start_game(tmp_path, relay_kwargs={"handshake_timeout": 0.5})
        try:
            silent = await Raw.connect(game.port)
            # a slow client: a byte of its auth frame now and then does not buy it more time
            dribbler = await Raw.connect(game.port)
            start = time.monotonic()

            async def dribble() -> None:
                with contextlib.suppress(ConnectionError, RuntimeError):
                    for byte in encode(["auth", b"k" * 32, "player", "slow", b"s" * 64])[:20]:
                        dribbler.writer.write(bytes([byte]))
                        await asyncio.sleep(0.1)

            feeding = asyncio.create_task(dribble())
            await refused_with(silent, "handshake timeout")
            await refused_with(dribbler, "handshake timeout")
            feeding.cancel()
            assert 0.4 < time.monotonic() - start < 5.0  # far below the default of 10 s
            assert game.relay.refusals == ["handshake timeout", "handshake timeout"]
            await game.finish()
        finally:
            await game.close()

    run(scenario())


def test_a_tcp_client_that_never_starts_tls_is_closed_after_the_handshake_timeout(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        game = await start_game(tmp_path, relay_kwargs={"handshake_timeout": 0.5})
        try:
            start = time.monotonic()
            reader, writer = await asyncio.open_connection(HOST, game.port)  # no ssl
            data = await asyncio.wait_for(reader.read(), 5)  # until the relay closes
            elapsed = time.monotonic() - start
            assert data == b""
            assert 0.4 < elapsed < 5.0
            writer.close()
            await game.finish()
        finally:
            await game.close()

    run(scenario())


# --- spectators -----------------------------------------------------------------------------


def test_a_spectator_gets_the_whole_log_and_verifies_the_game_as_it_goes(tmp_path: Path) -> None:
    async def scenario() -> None:
        game = await start_game(tmp_path)
        try:
            raw = await authenticated(game, "spectator")
            watcher = Lockstep(None, make_engine)
            # catch up: the log so far, from index 0
            raw.send(["resume", 0])
            so_far = len(game.relay.log)
            assert so_far > 0
            seen: list[tuple[int, bytes]] = await raw.envelopes(so_far)
            for _, data in seen:
                watcher.receive(data)
            assert watcher.table is not None and watcher.engine is not None
            assert not watcher.finished
            mid_actions = watcher.actions
            # then the rest as it is played
            game.go.set()
            while not watcher.finished:
                index, data = (await raw.envelopes(1))[0]
                seen.append((index, data))
                watcher.receive(data)
            outcomes = await game.finish()
            assert [i for i, _ in seen] == list(range(len(seen)))
            assert watcher.actions == outcomes[0].turns > mid_actions
            assert watcher.record == read(outcomes[0].record)
            assert watcher.halted is None
            # read-only: a spectator that sends an envelope is closed
            raw.send(["env", seen[0][1]])
            await refused_with(raw, "spectators are read-only")
            assert game.relay.refusals == ["spectators are read-only"]
        finally:
            await game.close()

    run(scenario())


def test_a_spectator_netpeer_follows_the_game_and_saves_the_same_record(tmp_path: Path) -> None:
    async def scenario() -> None:
        game = await start_game(tmp_path)
        try:
            spectator = NetPeer(
                Identity.generate(),
                game.invite,
                name="watcher",
                folder=tmp_path / "watcher",
                role="spectator",
            )
            watching = asyncio.create_task(spectator.run())
            await until(lambda: game.relay.connected == 3)
            outcomes = await game.finish()
            seen = await asyncio.wait_for(watching, 10)
            assert seen.record.read_bytes() == outcomes[0].record.read_bytes()
            assert seen.result == outcomes[0].result
            assert len(game.relay.members) == 2  # a spectator takes no seat
        finally:
            await game.close()

    run(scenario())


# --- reconnection, resume, duplicates --------------------------------------------------------


def test_a_member_that_loses_its_connection_catches_up_and_the_game_finishes(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        game = await start_game(tmp_path)
        try:
            joiner = game.peers[1]
            at = joiner.received
            assert at > 0
            writer = joiner._writer
            assert writer is not None
            writer.close()  # the connection drops mid-game ...
            game.go.set()  # ... and the other peer plays on meanwhile
            await until(lambda: len(game.relay.log) > at)
            await until(lambda: joiner._writer is not None and joiner._writer is not writer)
            outcomes = await game.finish()
            journal = read_journal(tmp_path / "peer-1" / "journal" / "game.journal")
            indices = [i for i, _ in journal.incoming]
            assert at < indices[-1] + 1 <= len(game.relay.log)
            assert indices == sorted(set(indices))  # nothing twice
            logged = {e for _, e in journal.incoming} | set(journal.outgoing)
            assert logged == set(game.relay.log)  # nothing lost
            assert len(set(game.relay.log)) == len(game.relay.log)
            assert outcomes[1].turns == outcomes[0].turns
            assert game.relay.refusals == []
        finally:
            await game.close()

    run(scenario())


def test_resume_sends_the_log_from_the_asked_index(tmp_path: Path) -> None:
    async def scenario() -> None:
        game = await start_game(tmp_path, pause_at=None)
        try:
            await game.finish()
            total = len(game.relay.log)
            raw = await authenticated(game)
            raw.send(["resume", total - 5])
            got = await raw.envelopes(5)
            assert got == [(i, game.relay.log[i]) for i in range(total - 5, total)]
            raw.send(["resume", total + 100])  # past the end: nothing, no error
            raw.send(["ping"])
            assert await raw.recv() == ("pong",)
        finally:
            await game.close()

    run(scenario())


def test_a_resent_envelope_is_forwarded_once(tmp_path: Path) -> None:
    async def scenario() -> None:
        relay = Relay(Identity.generate(), table_name="t", game=GAME, seats=2)
        port = await relay.start(HOST, 0)
        try:
            me = Identity.generate()
            sender = await Raw.connect(port)
            assert (await sender.auth(me))[0] == "welcome"
            watcher = await Raw.connect(port)
            assert (await watcher.auth(Identity.generate(), "spectator"))[0] == "welcome"
            first = Envelope.seal(me, "commit", bytes(32), 0, ZERO_HASH, ())
            second = Envelope.seal(me, "commit", bytes(32), 1, first.hash, ())
            for data in (first.raw, first.raw, second.raw, first.raw):
                sender.send(["env", data])
            await until(lambda: len(relay.log) == 2)
            # resent after a reconnection: still once
            sender.close()
            again = await Raw.connect(port)
            assert (await again.auth(me))[0] == "welcome"
            again.send(["env", second.raw])
            again.send(["ping"])
            while await again.recv() != ("pong",):
                pass
            assert relay.log == [first.raw, second.raw]
            watcher.send(["ping"])
            frames = []
            while ("pong",) not in frames:
                frames.append(await watcher.recv())
            envs = [f for f in frames if f[0] == "env"]
            assert envs == [("env", 0, first.raw), ("env", 1, second.raw)]
            assert relay.refusals == []
        finally:
            await relay.close()

    run(scenario())


def test_a_member_gets_its_seat_back_and_the_old_connection_is_dropped(tmp_path: Path) -> None:
    async def scenario() -> None:
        relay = Relay(Identity.generate(), table_name="t", game=GAME, seats=2)
        port = await relay.start(HOST, 0)
        try:
            me = Identity.generate()
            old = await Raw.connect(port)
            assert (await old.auth(me, name="me"))[0] == "welcome"
            other = await Raw.connect(port)
            assert (await other.auth(Identity.generate(), name="other"))[0] == "welcome"
            new = await Raw.connect(port)
            assert (await new.auth(me, name="me"))[0] == "welcome"  # not "the table is full"
            await old.recv_until_closed()  # the old connection is closed by the relay
            assert relay.members == [(me.public, "me"), (relay.members[1][0], "other")]
            assert relay.connected == 2
            new.send(["ping"])
            frames = []
            while ("pong",) not in frames:
                frames.append(await new.recv())
            seats = [f for f in frames if f[0] == "seats"]
            assert seats[-1][2] == ("me", "other")
        finally:
            await relay.close()

    run(scenario())


def test_a_member_closed_for_idleness_reconnects_and_the_game_finishes(tmp_path: Path) -> None:
    """The relay closing a member's connection mid-game (idle: say the machine slept) is a lost
    connection like any other: the member reconnects instead of leaving the game."""

    async def scenario() -> None:
        game = await start_game(tmp_path, relay_kwargs={"idle_timeout": 0.5})
        try:
            await until(lambda: len(game.relay.refusals) >= 2)  # both idle while seat 0 holds
            assert set(game.relay.refusals) == {"idle timeout"}
            await until(lambda: game.relay.connected == 2)  # and both came back
            outcomes = await game.finish()
            assert outcomes[0].turns == outcomes[1].turns
        finally:
            await game.close()

    run(scenario())


def test_a_member_survives_more_drops_than_its_retries_over_a_long_game(tmp_path: Path) -> None:
    """The retry budget is for one outage: each reconnection that gets the game going again
    starts it afresh, so a flaky network over a whole game does not end it."""

    async def scenario() -> None:
        game = await start_game(tmp_path, pause_at=None)
        joiner = game.peers[1]
        wanted = len(RECONNECT_DELAYS) + 2
        drops = 0
        take = joiner._on_frame

        def take_then_drop(frame: Any) -> None:
            """Drop the connection right after each entry that moved the game on — from the
            frame's own handling, not a poll: a fast game would end between two polls."""
            nonlocal drops
            before = joiner.received
            take(frame)
            if joiner.received > before and drops < wanted and joiner._writer is not None:
                joiner._writer.close()
                drops += 1

        joiner._on_frame = take_then_drop  # type: ignore[method-assign]
        try:
            outcomes = await game.finish()
            assert drops == wanted
            assert outcomes[1].turns == outcomes[0].turns
        finally:
            await game.close()

    run(scenario())


def test_a_relay_gone_silent_is_left_and_reconnected(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A relay that stops answering (its machine lost power, the Wi-Fi dropped: no FIN ever
    comes) is noticed by the missing pongs, and the peer reconnects."""
    monkeypatch.setattr(client_module, "HEARTBEAT", 0.2)
    monkeypatch.setattr(client_module, "IDLE_TIMEOUT", 1.0)

    async def scenario() -> None:
        identity = Identity.generate()
        connections: list[asyncio.StreamWriter] = []
        pings = 0

        async def silent_relay(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            nonlocal pings
            connections.append(writer)
            decoder = FrameDecoder()
            writer.write(encode(["hello", RELAY_VERSION, identity.public, bytes(32), "t", GAME, 2]))
            answered = False
            while data := await reader.read(65536):
                for frame in decoder.feed(data):
                    if frame[0] == "auth" and not answered:
                        writer.write(encode(["welcome", 0]))
                        answered = True
                    pings += frame[0] == "ping"  # never answered: the relay is gone

        server = await asyncio.start_server(silent_relay, HOST, 0, ssl=server_context(identity))
        port = server.sockets[0].getsockname()[1]
        peer = NetPeer(
            Identity.generate(),
            Invite(HOST, port, identity.fingerprint),
            name="p",
            folder=tmp_path,
            bot=make_bot("random"),
        )
        task = asyncio.create_task(peer.run())
        try:
            await until(lambda: len(connections) >= 2, timeout=8)
            assert pings >= 1
            assert not task.done()
        finally:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
            server.close()
            for writer in connections:
                writer.close()

    run(scenario())


def test_resuming_a_journal_whose_game_ended_before_its_end_entry_needs_no_relay(
    tmp_path: Path,
) -> None:
    """Killed between saving the record and journaling the end: the journal alone finishes it."""

    async def scenario() -> None:
        game = await start_game(tmp_path, pause_at=None)
        outcomes = await game.finish()
        await game.close()  # the relay is gone
        path = tmp_path / "peer-1" / "journal" / "game.journal"
        data = path.read_bytes()
        path.write_bytes(data[: data.rindex(b"\xa3end") - 5])  # length, array header: the end
        outcomes[1].record.unlink()
        state = read_journal(path)
        assert state.end is None
        peer = NetPeer.from_journal(game.identities[1], state, tmp_path / "peer-1", None)
        assert peer.outcome is not None
        assert peer.outcome.record.read_bytes() == outcomes[0].record.read_bytes()
        assert peer.outcome.result == outcomes[0].result
        assert read_journal(path).end == ("over", str(peer.outcome.record), "")

    run(scenario())


@pytest.mark.parametrize(
    ("role", "name", "reason"),
    [
        ("player", "n" * 41, "a name has at most 40 characters"),
        ("player", "two\nlines", "a name is one line of printable text"),
        ("referee", "n", "malformed auth"),
        ("player", 7, "malformed auth"),
        ("player", None, "expected auth"),  # a field short
        (None, None, "expected auth"),  # another frame first
    ],
    ids=["long-name", "newline", "role", "name-type", "short", "not-auth"],
)
def test_a_malformed_auth_is_refused_with_its_reason(role: Any, name: Any, reason: str) -> None:
    async def scenario() -> None:
        relay = Relay(Identity.generate(), table_name="t", game=GAME, seats=2)
        port = await relay.start(HOST, 0)
        try:
            raw = await Raw.connect(port)
            me = Identity.generate()
            signed = auth_message(raw.nonce, raw.relay_key, me.public, str(name))
            if role is None:
                raw.send(["welcome", 0])
            elif name is None:
                raw.send(["auth", me.public, role, me.sign(signed)])
            else:
                raw.send(["auth", me.public, role, name, me.sign(signed)])
            await refused_with(raw, reason)
            assert relay.refusals == [reason]
            assert relay.members == []
        finally:
            await relay.close()

    run(scenario())
