"""Presence notices (issue #8): the relay tells the table when a seated member's connection
drops and when it comes back — ``["presence", key, connected]`` to every client, and right after
``welcome`` one such frame per seated member. Information for the screen, never evidence.
Real TLS on 127.0.0.1.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from goldnet.net.frames import Presence, parse_relay_frame
from goldnet.net.relay import Relay
from protocol.identity import Identity

from .relaykit import GAME, HOST, Raw, run, start_game, until


async def frames_until_pong(raw: Raw) -> list[tuple[Any, ...]]:
    """Every frame the relay sent ``raw`` before it answers a ping sent now."""
    raw.send(["ping"])
    frames: list[tuple[Any, ...]] = []
    while not frames or frames[-1] != ("pong",):
        frames.append(await raw.recv())
    return frames[:-1]


def presences(frames: list[tuple[Any, ...]]) -> list[tuple[bytes, bool]]:
    return [(f[1], f[2]) for f in frames if f[0] == "presence"]


def test_presence_after_welcome_and_on_every_drop_and_return() -> None:
    async def scenario() -> None:
        reserved = Identity.generate()  # a seat kept for a member that has not come yet
        relay = Relay(
            Identity.generate(),
            table_name="t",
            game=GAME,
            seats=3,
            members=[(reserved.public, "r")],
        )
        port = await relay.start(HOST, 0)
        try:
            a, b = Identity.generate(), Identity.generate()
            first = await Raw.connect(port)
            assert (await first.auth(a, name="a"))[0] == "welcome"
            after_welcome = await frames_until_pong(first)
            # right after welcome: one frame per seated member, in seat order, current state
            assert after_welcome[:2] == [
                ("presence", reserved.public, False),
                ("presence", a.public, True),
            ]
            second = await Raw.connect(port)
            assert (await second.auth(b, name="b"))[0] == "welcome"
            assert presences(await frames_until_pong(second)) == [
                (reserved.public, False),
                (a.public, True),
                (b.public, True),
            ]
            assert presences(await frames_until_pong(first)) == [(b.public, True)]
            watcher = await Raw.connect(port)
            assert (await watcher.auth(Identity.generate(), "spectator"))[0] == "welcome"
            assert len(presences(await frames_until_pong(watcher))) == 3
            # a spectator is no member: nobody hears of it
            assert presences(await frames_until_pong(first)) == []
            # b drops: everyone else hears it; b comes back: everyone hears it
            second.close()
            await until(lambda: relay.connected == 2)
            assert presences(await frames_until_pong(first)) == [(b.public, False)]
            assert presences(await frames_until_pong(watcher)) == [(b.public, False)]
            again = await Raw.connect(port)
            assert (await again.auth(b, name="b"))[0] == "welcome"
            assert presences(await frames_until_pong(first)) == [(b.public, True)]
            assert presences(await frames_until_pong(watcher)) == [(b.public, True)]
            # the reserved member arrives
            late = await Raw.connect(port)
            assert (await late.auth(reserved, name="r"))[0] == "welcome"
            assert presences(await frames_until_pong(first)) == [(reserved.public, True)]
            # a member that reconnects while its old connection is still open stays present
            newer = await Raw.connect(port)
            assert (await newer.auth(b, name="b"))[0] == "welcome"
            await again.recv_until_closed()
            assert presences(await frames_until_pong(first)) == []
        finally:
            await relay.close()

    run(scenario())


def test_a_netpeer_hears_its_opponent_drop_and_return(tmp_path: Path) -> None:
    async def scenario() -> None:
        heard: list[tuple[bytes, bool]] = []
        game = await start_game(tmp_path)
        host, joiner = game.peers
        try:
            # both are present (told right after welcome, or when the other arrived)
            await until(lambda: host.presence.get(joiner.identity.public) is True)
            assert host.presence == {host.identity.public: True, joiner.identity.public: True}
            host.on_presence = lambda key, connected: heard.append((key, connected))
            writer = joiner._writer
            assert writer is not None
            writer.close()
            await until(lambda: len(heard) >= 2)
            assert heard[:2] == [(joiner.identity.public, False), (joiner.identity.public, True)]
            assert host.presence[joiner.identity.public] is True
            assert host.machine.halted is None  # never evidence
            await game.finish()
        finally:
            await game.close()

    run(scenario())


@pytest.mark.parametrize(
    "frame",
    [
        ("presence", bytes(31), True),
        ("presence", bytes(32), 1),
        ("presence", bytes(32)),
        ("presence", "k" * 32, False),
    ],
    ids=["short-key", "int", "short", "text-key"],
)
def test_an_ill_typed_presence_frame_is_refused(frame: tuple[Any, ...]) -> None:
    from goldnet.net.frames import FrameError

    with pytest.raises(FrameError, match="presence"):
        parse_relay_frame(frame)


def test_a_presence_frame_parses() -> None:
    assert parse_relay_frame(("presence", bytes(32), False)) == Presence(bytes(32), False)
