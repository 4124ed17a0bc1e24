"""A member takes the relay's frames in the read's own callback (issue 10, the roll's CPU:
docs/network.md §10).

- the frames of one read are taken in order, each once, with no task woken per frame;
- after a frame whose handling sent something, the rest of the read waits until the event
  loop's other work that was ready (the host's relay, reading what was just sent) ran;
- a bad frame, the end of the stream and an error in a frame's handling end the connection
  with that error, after the frames read before it;
- what was read before the handler was set is handed on only when asked (the greeting's).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from goldnet.net.client import NetPeer
from goldnet.net.connection import FrameReader
from goldnet.net.errors import NetError
from goldnet.net.frames import Env, encode
from goldnet.net.invite import Invite
from protocol.identity import Identity


class Link:
    """The part of a RelayConnection that NetPeer._on_read uses, over a real FrameReader."""

    def __init__(self, reader: FrameReader) -> None:
        self.reader = reader

    def buffered(self) -> Any:
        return self.reader.frames.popleft() if self.reader.frames else None


def env(index: int) -> bytes:
    return encode(["env", index, bytes([index]) * 8])


async def wired(tmp_path: Path, handle: Any) -> tuple[NetPeer, FrameReader, asyncio.Future[None]]:
    loop = asyncio.get_running_loop()
    peer = NetPeer(Identity.generate(), Invite("127.0.0.1", 1, "x" * 24), name="p", folder=tmp_path)
    reader = FrameReader(loop)
    done: asyncio.Future[None] = loop.create_future()
    peer._link, peer._link_done = Link(reader), done  # type: ignore[assignment]
    peer._on_frame = handle  # type: ignore[method-assign]
    reader.sink = peer._on_read
    return peer, reader, done


def test_frames_of_one_read_are_taken_in_order_and_wait_after_a_send(tmp_path: Path) -> None:
    async def scenario() -> list[Any]:
        order: list[Any] = []

        def handle(frame: Any) -> None:
            assert isinstance(frame, Env)
            order.append(frame.index)
            if frame.index == 0:
                peer._writes += 1  # this frame's handling sent something

        peer, reader, _ = await wired(tmp_path, handle)
        reader.feed_data(env(0) + env(1) + env(2))  # one read: a move and two reveals
        assert order == [0]  # the rest waits for the loop's ready work
        asyncio.get_running_loop().call_soon(order.append, "relay")
        for _ in range(20):
            await asyncio.sleep(0)
        reader.feed_data(env(3)[:5])  # half a frame: nothing yet
        reader.feed_data(env(3)[5:])
        return order

    assert asyncio.run(scenario()) == [0, "relay", 1, 2, 3]


@pytest.mark.parametrize("end", ["bad frame", "eof", "handler raises"])
def test_what_ends_the_reading_ends_the_connection_after_the_frames_before_it(
    tmp_path: Path, end: str
) -> None:
    async def scenario() -> tuple[list[int], BaseException | None]:
        taken: list[int] = []

        def handle(frame: Any) -> None:
            taken.append(frame.index)
            if end == "handler raises" and frame.index == 1:
                raise ConnectionError("the relay closed this connection: testing")

        _, reader, done = await wired(tmp_path, handle)
        if end == "bad frame":
            reader.feed_data(env(0) + env(1) + encode(["nonsense", 1]) + env(2))
        elif end == "eof":
            reader.feed_data(env(0) + env(1))
            reader.feed_eof()
        else:
            reader.feed_data(env(0) + env(1) + env(2))
        assert done.done()
        reader.feed_data(env(9))  # nothing is taken after the end
        return taken, done.exception()

    taken, error = asyncio.run(scenario())
    if end == "bad frame":
        assert taken == [0, 1] and isinstance(error, NetError)
        assert "bad frame" in str(error) and "unknown frame" in str(error)
    elif end == "eof":
        assert taken == [0, 1] and isinstance(error, EOFError)
    else:
        assert taken == [0, 1] and isinstance(error, ConnectionError)


def test_next_frame_still_reads_in_a_task_without_a_handler() -> None:
    """The greeting (and the bench's echo) read through ``next_frame``: frames wait in the
    reader until asked for, and a handler set later sees only what comes after."""

    async def scenario() -> list[int]:
        from goldnet.net.connection import RelayConnection

        loop = asyncio.get_running_loop()
        reader = FrameReader(loop)
        link = RelayConnection(reader, None, b"")  # type: ignore[arg-type]
        reader.feed_data(env(0) + env(1))
        got = [(await link.next_frame()).index]  # type: ignore[union-attr]
        waiting = asyncio.ensure_future(link.next_frame())
        got.append((await waiting).index)  # type: ignore[union-attr]
        waiting = asyncio.ensure_future(link.next_frame())
        await asyncio.sleep(0)
        loop.call_soon(reader.feed_data, env(2))
        got.append((await asyncio.wait_for(waiting, 5)).index)  # type: ignore[union-attr]
        return got

    assert asyncio.run(scenario()) == [0, 1, 2]
