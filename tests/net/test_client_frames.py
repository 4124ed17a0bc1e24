"""Ill-typed frames from a pinned relay (issue #8): ``goldnet join`` ends with one clear line
and exit status 1, never a traceback and never a hang.

The relay here is a fake one in the test's event loop — real TLS 1.3 on 127.0.0.1 with the
relay's own certificate machinery (``tls.server_context``), so the client's pin holds — that
greets and welcomes like a relay and then sends what the test says. ``goldnet join`` runs as a
subprocess of the same loop. Also the parser itself, frame by frame.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import pytest

from goldnet.net.frames import (
    RELAY_VERSION,
    Env,
    FrameDecoder,
    FrameError,
    Hello,
    Pong,
    Refused,
    Seats,
    Welcome,
    encode,
    parse_relay_frame,
)
from goldnet.net.invite import Invite
from goldnet.net.tls import server_context
from protocol.identity import Identity

from ..processes import ROOT, environment

HOST = "127.0.0.1"
GAME = "mountains-rivers"
KEY = bytes(range(32))


def hello(identity: Identity, *fields: Any) -> list[Any]:
    return ["hello", RELAY_VERSION, identity.public, bytes(32), "t", GAME, 2, *fields]


BAD_HELLOS: dict[str, Any] = {
    "hello-short": lambda i: hello(i)[:-1],
    "hello-long": lambda i: hello(i, "extra"),
    "hello-seats-text": lambda i: [*hello(i)[:-1], "two"],
    "hello-seats-bool": lambda i: [*hello(i)[:-1], True],
    "hello-nonce-int": lambda i: [*hello(i)[:3], 7, *hello(i)[4:]],
    "hello-name-bytes": lambda i: [*hello(i)[:4], b"t", *hello(i)[5:]],
    "not-hello": lambda i: ["welcome", 0],
}

BAD_AFTER_WELCOME: dict[str, list[Any]] = {
    "welcome-text": ["welcome", "0"],
    "seats-int": ["seats", 5, ["a"]],
    "seats-key-text": ["seats", ["k", "l"], ["a", "b"]],
    "seats-name-int": ["seats", [KEY], [7]],
    "seats-unequal": ["seats", [KEY], ["a", "b"]],
    "env-index-text": ["env", "0", b"x"],
    "env-index-negative": ["env", -1, b"x"],
    "env-data-text": ["env", 0, "x"],
    "env-short": ["env", b"x"],
    "presence-short-key": ["presence", b"short", True],
    "presence-int": ["presence", KEY, 1],
    "presence-long": ["presence", KEY, True, 0],
    "refused-int": ["refused", 7],
    "unknown-kind": ["surprise", 1],
    "auth-to-client": ["auth", KEY, "player", "n", b"s"],
}


async def fake_relay(identity: Identity, first: list[Any] | None, then: list[Any] | None) -> Any:
    """A TLS server that sends ``first`` instead of a good hello, or a good hello, a welcome
    after the client's auth, and then ``then``."""

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        decoder = FrameDecoder()
        writer.write(encode(first if first is not None else hello(identity)))
        try:
            while data := await reader.read(65536):
                for frame in decoder.feed(data):
                    if frame[0] == "auth" and then is not None:
                        writer.write(encode(["welcome", 0]))
                        writer.write(encode(then))
        except (ConnectionError, OSError):
            pass
        finally:
            writer.close()

    return await asyncio.start_server(serve, HOST, 0, ssl=server_context(identity))


async def join(invite: Invite, profile: Path) -> tuple[int, str]:
    proc = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "goldnet", "join", str(invite), "--bot", "random"),
        *("--profile", str(profile)),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        cwd=ROOT,
        env=environment(),
    )
    try:
        _, err = await asyncio.wait_for(proc.communicate(), 40)
    except TimeoutError:
        proc.kill()
        await proc.wait()
        raise AssertionError("goldnet join hung on a bad frame") from None
    assert proc.returncode is not None
    return proc.returncode, err.decode()


def check_join(tmp_path: Path, first: Any, then: list[Any] | None) -> str:
    """``goldnet join`` against a fake relay that greets with ``first(identity)`` (None: a good
    hello) or sends ``then`` after its welcome; returns its one line on stderr."""

    async def scenario() -> tuple[int, str]:
        identity = Identity.generate()
        server = await fake_relay(identity, None if first is None else first(identity), then)
        port = server.sockets[0].getsockname()[1]
        try:
            return await join(Invite(HOST, port, identity.fingerprint), tmp_path / "p")
        finally:
            server.close()

    status, err = asyncio.run(scenario())
    assert "Traceback" not in err, err
    assert status == 1, err
    assert len(err.strip().splitlines()) == 1, err
    assert "the relay sent a bad frame" in err
    return err


@pytest.mark.parametrize("case", sorted(BAD_HELLOS))
def test_join_ends_in_one_line_on_a_bad_hello(tmp_path: Path, case: str) -> None:
    err = check_join(tmp_path, BAD_HELLOS[case], None)
    assert "hello" in err


@pytest.mark.parametrize("case", sorted(BAD_AFTER_WELCOME))
def test_join_ends_in_one_line_on_a_bad_frame_after_welcome(tmp_path: Path, case: str) -> None:
    err = check_join(tmp_path, None, BAD_AFTER_WELCOME[case])
    kind = BAD_AFTER_WELCOME[case][0]
    assert repr(kind) in err or kind in err


def test_join_ends_in_one_line_on_bytes_that_are_no_frame(tmp_path: Path) -> None:
    async def scenario() -> tuple[int, str]:
        identity = Identity.generate()

        async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            writer.write(b"\x00\x00\x00\x04\xc1\xc1\xc1\xc1")
            await reader.read(65536)
            writer.close()

        server = await asyncio.start_server(serve, HOST, 0, ssl=server_context(identity))
        port = server.sockets[0].getsockname()[1]
        try:
            return await join(Invite(HOST, port, identity.fingerprint), tmp_path / "p")
        finally:
            server.close()

    status, err = asyncio.run(scenario())
    assert "Traceback" not in err, err
    assert status == 1, err
    assert len(err.strip().splitlines()) == 1, err
    assert "the relay sent a bad frame: malformed frame" in err


# --- the parser itself ---------------------------------------------------------------------------


def test_good_frames_parse_to_typed_values() -> None:
    key = bytes(range(32))
    assert parse_relay_frame(("hello", 1, key, bytes(32), "t", GAME, 2)) == Hello(
        1, key, bytes(32), "t", GAME, 2
    )
    assert parse_relay_frame(("welcome", 3)) == Welcome(3)
    assert parse_relay_frame(("refused", "the table is full")) == Refused("the table is full")
    assert parse_relay_frame(("seats", (key,), ("a",))) == Seats((key,), ("a",))
    assert parse_relay_frame(("env", 4, b"data")) == Env(4, b"data")
    assert parse_relay_frame(("pong",)) == Pong()


@pytest.mark.parametrize("case", sorted(BAD_AFTER_WELCOME))
def test_every_ill_typed_frame_is_a_frame_error(case: str) -> None:
    with pytest.raises(FrameError) as info:
        parse_relay_frame(tuple(BAD_AFTER_WELCOME[case]))
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("case", ["twice-the-same-key", "seven-seats"])
def test_join_ends_in_one_line_on_seats_that_make_no_table(tmp_path: Path, case: str) -> None:
    """Well-typed seats that no table can hold — the joiner at seat 0 twice, or seven seats —
    make a joiner at seat 0 propose an impossible table: one line, exit 1, no traceback (it
    printed the LocalProtocolError's traceback)."""

    async def scenario() -> tuple[int, str]:
        identity = Identity.generate()
        seats = 7 if case == "seven-seats" else 2

        async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            decoder = FrameDecoder()
            writer.write(encode([*hello(identity)[:-1], seats]))
            try:
                while data := await reader.read(65536):
                    for frame in decoder.feed(data):
                        if frame[0] == "auth":
                            me = frame[1]
                            others = [bytes([i]) * 32 for i in range(1, seats)]
                            keys = [me, me] if case == "twice-the-same-key" else [me, *others]
                            writer.write(encode(["welcome", 0]))
                            writer.write(encode(["seats", keys, ["n"] * len(keys)]))
            except (ConnectionError, OSError):
                pass
            finally:
                writer.close()

        server = await asyncio.start_server(serve, HOST, 0, ssl=server_context(identity))
        port = server.sockets[0].getsockname()[1]
        try:
            return await join(Invite(HOST, port, identity.fingerprint), tmp_path / "p")
        finally:
            server.close()

    status, err = asyncio.run(scenario())
    assert "Traceback" not in err, err
    assert status == 1, err
    assert len(err.strip().splitlines()) == 1, err
    assert "the relay sent a bad frame: seats" in err
