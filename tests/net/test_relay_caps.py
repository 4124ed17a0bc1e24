"""Caps and bounded buffers (issue #8): spectators and connections per table are capped, a
client that never reads is dropped once its unsent backlog passes a limit, and the relay's log
has a size limit. Each refusal says why; the table goes on for the others. Real TLS on
127.0.0.1.
"""

from __future__ import annotations

import asyncio
import socket
import ssl
from pathlib import Path

import pytest

from goldnet.net.frames import FrameDecoder, auth_message, encode
from goldnet.net.invite import parse_invite
from goldnet.net.relay import MAX_PENDING, MAX_SPECTATORS, Relay
from goldnet.net.tls import client_context
from protocol.envelope import ZERO_HASH, Envelope
from protocol.identity import Identity

from ..processes import Process, goldnet
from .relaykit import GAME, HOST, Raw, refused_with, run, start_game, until


async def closed_at_once(port: int) -> bool:
    """A plain TCP connection that the relay closes before any TLS (reads EOF at once)."""
    reader, writer = await asyncio.open_connection(HOST, port)
    try:
        return await asyncio.wait_for(reader.read(), 5) == b""
    finally:
        writer.close()


def test_defaults() -> None:
    relay = Relay(Identity.generate(), table_name="t", game=GAME, seats=2)
    assert (relay.max_spectators, relay.max_pending) == (MAX_SPECTATORS, MAX_PENDING) == (8, 16)
    assert relay.max_backlog == 1 << 20
    assert (relay.max_log_entries, relay.max_log_bytes) == (200_000, 64 << 20)


def test_spectators_over_the_cap_are_refused_while_the_game_goes_on(tmp_path: Path) -> None:
    async def scenario() -> None:
        game = await start_game(tmp_path, relay_kwargs={"max_spectators": 2})
        try:
            watchers = []
            for _ in range(2):
                raw = await Raw.connect(game.port)
                assert (await raw.auth(Identity.generate(), "spectator"))[0] == "welcome"
                watchers.append(raw)
            third = await Raw.connect(game.port)
            answer = await third.auth(Identity.generate(), "spectator")
            reason = "the table has no room for another spectator (at most 2)"
            assert answer == ("refused", reason)
            assert game.relay.refusals == [reason]
            # one leaves: there is room again
            watchers.pop().close()
            await until(lambda: game.relay.connected == 3)
            again = await Raw.connect(game.port)
            assert (await again.auth(Identity.generate(), "spectator"))[0] == "welcome"
            await game.finish()
        finally:
            await game.close()

    run(scenario())


def test_connections_waiting_to_authenticate_are_capped_before_tls(tmp_path: Path) -> None:
    async def scenario() -> None:
        game = await start_game(tmp_path, relay_kwargs={"max_pending": 3})
        holders = []
        try:
            for _ in range(3):  # TCP only: they hold a slot without any TLS
                holders.append(await asyncio.open_connection(HOST, game.port))
            await until(lambda: len(game.relay._connections) == 5)
            assert await closed_at_once(game.port)
            reason = "too many connections waiting to authenticate (at most 3)"
            assert game.relay.refusals == [reason]
            # the members are not disturbed, and a slot freed is a slot again
            holders.pop()[1].close()
            await until(lambda: len(game.relay._connections) == 4)
            raw = await Raw.connect(game.port)
            assert (await raw.auth(Identity.generate(), "spectator"))[0] == "welcome"
            await game.finish()
        finally:
            for _, writer in holders:
                writer.close()
            await game.close()

    run(scenario())


def test_connections_per_table_are_capped() -> None:
    """Seats + spectators + pending: a table of 2 with 1 spectator and 1 pending holds 4."""

    async def scenario() -> None:
        relay = Relay(
            Identity.generate(),
            table_name="t",
            game=GAME,
            seats=2,
            max_spectators=1,
            max_pending=1,
        )
        port = await relay.start(HOST, 0)
        try:
            clients = []
            for role in ("player", "player", "spectator"):
                raw = await Raw.connect(port)
                assert (await raw.auth(Identity.generate(), role))[0] == "welcome"
                clients.append(raw)
            # a member reconnecting while its old connection is open takes the pending slot
            pending = await asyncio.open_connection(HOST, port)
            await until(lambda: len(relay._connections) == 4)
            assert await closed_at_once(port)
            assert relay.refusals[-1] in (
                "too many connections (at most 4)",
                "too many connections waiting to authenticate (at most 1)",
            )
            pending[1].close()
        finally:
            await relay.close()

    run(scenario())


def deaf_spectator(port: int, limit: int) -> int:
    """In a thread: a spectator that asks (ping) and never reads an answer, until the relay
    drops it or ``limit`` bytes are sent; returns the bytes sent."""
    raw = socket.create_connection((HOST, port), timeout=10)
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sent = 0
    with client_context().wrap_socket(raw) as sock:
        frame = FrameDecoder().feed(sock.recv(65536))[0]
        me = Identity.generate()
        signed = auth_message(frame[3], frame[2], me.public, "deaf")
        sock.sendall(encode(["auth", me.public, "spectator", "deaf", me.sign(signed)]))
        pings = encode(["ping"]) * 8192
        while sent < limit:
            try:
                sock.sendall(pings)
            except (OSError, ssl.SSLError):
                break
            sent += len(pings)
    return sent


def test_a_client_that_never_reads_is_dropped_once_its_backlog_passes_the_limit() -> None:
    async def scenario() -> None:
        relay = Relay(
            Identity.generate(), table_name="t", game=GAME, seats=2, max_backlog=256 * 1024
        )
        port = await relay.start(HOST, 0)
        try:
            listener = await Raw.connect(port)
            assert (await listener.auth(Identity.generate(), "spectator"))[0] == "welcome"
            loop = asyncio.get_running_loop()
            sent = await loop.run_in_executor(None, deaf_spectator, port, 100 << 20)
            assert sent < 100 << 20  # dropped on the way
            await until(lambda: any("too slow" in r for r in relay.refusals))
            reason = next(r for r in relay.refusals if "too slow" in r)
            assert reason.endswith("bytes unsent (at most 262144)")
            # the others are still served
            listener.send(["ping"])
            while await listener.recv() != ("pong",):
                pass
            assert relay.connected == 1
        finally:
            await relay.close()

    run(scenario())


@pytest.mark.parametrize(
    ("options", "reason", "kept"),
    [
        ({"max_log_entries": 3}, "the table's log is full (at most 3 envelopes)", 3),
        ({"max_log_bytes": 600}, "the table's log is full (at most 600 bytes)", 2),
    ],
    ids=["entries", "bytes"],
)
def test_the_log_is_bounded(options: dict[str, int], reason: str, kept: int) -> None:
    async def scenario() -> None:
        relay = Relay(Identity.generate(), table_name="t", game=GAME, seats=2, **options)
        port = await relay.start(HOST, 0)
        try:
            me = Identity.generate()
            raw = await Raw.connect(port)
            assert (await raw.auth(me))[0] == "welcome"
            prev = ZERO_HASH
            for seq in range(4):
                envelope = Envelope.seal(me, "commit", bytes(32), seq, prev, (b"x" * 100,))
                prev = envelope.hash
                raw.send(["env", envelope.raw])
            await refused_with(raw, reason)
            assert relay.refusals == [reason]
            assert len(relay.log) == kept  # envelopes of 281 bytes
            assert sum(map(len, relay.log)) <= options.get("max_log_bytes", 1 << 30)
        finally:
            await relay.close()

    run(scenario())


def test_the_caps_are_command_line_options(tmp_path: Path) -> None:
    for command in (["host", "mountains-rivers"], ["relay"]):
        result = goldnet(*command, "--max-spectators", "-1", "--profile", str(tmp_path / "p"))
        assert result.returncode == 2
        assert "--max-spectators" in result.stderr and "Traceback" not in result.stderr
        result = goldnet(*command, "--help")
        assert "--max-spectators" in result.stdout and "--max-pending" in result.stdout
    relay = Process(
        tmp_path,
        "relay",
        *("relay", "--bind", HOST, "--port", "0", "--max-spectators", "1", "--max-pending", "2"),
        *("--json", "--profile", str(tmp_path / "r")),
    )
    try:
        invite = parse_invite(str(relay.first_json()["invite"]))

        async def scenario() -> None:
            first = await Raw.connect(invite.port)
            assert (await first.auth(Identity.generate(), "spectator"))[0] == "welcome"
            second = await Raw.connect(invite.port)
            answer = await second.auth(Identity.generate(), "spectator")
            assert answer == ("refused", "the table has no room for another spectator (at most 1)")
            holders = [await asyncio.open_connection(HOST, invite.port) for _ in range(2)]
            await asyncio.sleep(0.2)
            assert await closed_at_once(invite.port)
            for _, writer in holders:
                writer.close()
            first.close()

        run(scenario())
    finally:
        relay.stop()
