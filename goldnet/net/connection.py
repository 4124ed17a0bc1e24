"""A client's connection to a relay: TCP + TLS 1.3, the relay's key pinned, the greeting.

:meth:`RelayConnection.open` connects and checks that the relay shows the key the invite code
(or LAN announcement) names — before a byte of the protocol is sent; :meth:`RelayConnection.greet`
reads ``hello``, authenticates (``auth``) and reads ``welcome``; then :meth:`next_frame` reads
the relay's frames, each checked by :func:`~goldnet.net.frames.parse_relay_frame` — or, once
:meth:`dispatch` gave a handler, the handler is called from the read itself, in the event loop's
callback that took the bytes from the socket: no task wakes up to take a frame (a member's
reveal leaves one loop turn sooner). The game itself — catch-up, journal, lockstep — is
:class:`goldnet.net.client.NetPeer`'s.

Frames are decoded as their bytes arrive (:class:`FrameReader`), in order, once each; a bad frame
ends the reading (the frames before it are still handed on).

:func:`probe` and :func:`shows_key` open a connection only to check a relay's key: the first
connection of a join (a wrong address is reported at once, not after the client's retries) and
a re-hosted relay announced on the LAN (an announcement alone proves nothing).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any, SupportsIndex

from protocol.identity import Identity

from .errors import NetError, PinError, Refused
from .frames import (
    RELAY_VERSION,
    FrameDecoder,
    FrameError,
    Hello,
    RelayFrame,
    Welcome,
    auth_message,
    encode,
    parse_relay_frame,
)
from .frames import Refused as RefusedFrame
from .invite import Invite
from .tls import check_pin, client_context

CONNECT_TIMEOUT = 10.0
"""Seconds for the TCP + TLS connection, and again for each of ``hello`` and ``welcome``."""
PROBE_TIMEOUT = 6.0
"""Seconds the first connection to a table may take before it counts as unreachable."""


class FrameReader(asyncio.StreamReader):
    """The stream's reader, decoding the relay's frames as their bytes come in (the stream's
    own buffer stays empty): :attr:`frames` in order, then :attr:`error` if a frame was bad;
    the handler :attr:`sink`, once set, is told after every read (and at the end of the
    stream), from the transport's callback."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(loop=loop)
        self.frames: deque[RelayFrame] = deque()
        self.error: NetError | None = None
        """Why the reading stopped on a bad frame, if it did."""
        self.sink: Callable[[], None] | None = None
        self._decoder = FrameDecoder()
        self._ready: asyncio.Future[None] | None = None

    def feed_data(self, data: Iterable[SupportsIndex]) -> None:
        if self.error is None and data:
            try:
                for message in self._decoder.feed(bytes(data)):
                    self.frames.append(parse_relay_frame(message))
            except FrameError as exc:
                self.error = NetError(f"the relay sent a bad frame: {exc}")
        self._notify()

    def feed_eof(self) -> None:
        super().feed_eof()
        self._notify()

    def set_exception(self, exc: Exception) -> None:
        super().set_exception(exc)
        self._notify()

    def _notify(self) -> None:
        ready, self._ready = self._ready, None
        if ready is not None and not ready.done():
            ready.set_result(None)
        if self.sink is not None:
            self.sink()

    def check(self) -> None:
        """Raise what ended the reading, if anything did (the frames read before it first).

        Raises:
            NetError: a bad frame.
            EOFError: the relay closed the connection.
            OSError: the connection was lost.
        """
        if self.error is not None:
            raise self.error
        exc = self.exception()
        if exc is not None:
            raise exc
        if self.at_eof():
            raise EOFError("the relay closed the connection")

    async def wait(self) -> None:
        """Until the next read or the end of the stream."""
        self._ready = asyncio.get_running_loop().create_future()
        await self._ready


class RelayConnection:
    """One open connection to a relay whose key was checked (see the module docstring).

    Attributes:
        reader, writer: the TLS stream (the reader decodes the frames).
        relay_key: the relay's 32-byte public key, as its certificate shows it.
    """

    def __init__(self, reader: FrameReader, writer: asyncio.StreamWriter, relay_key: bytes) -> None:
        self.reader = reader
        self.writer = writer
        self.relay_key = relay_key

    @classmethod
    async def open(cls, invite: Invite, timeout: float = CONNECT_TIMEOUT) -> RelayConnection:
        """Connect to the relay of ``invite`` and check its key.

        Raises:
            OSError, TimeoutError: nothing answers at that address (in time).
            PinError: something answers there with another key.
        """
        loop = asyncio.get_running_loop()
        reader = FrameReader(loop)
        protocol = asyncio.StreamReaderProtocol(reader, loop=loop)
        transport, _ = await asyncio.wait_for(
            loop.create_connection(
                lambda: protocol, invite.host, invite.port, ssl=client_context()
            ),
            timeout,
        )
        writer = asyncio.StreamWriter(transport, protocol, reader, loop)
        try:
            relay_key = check_pin(writer.get_extra_info("ssl_object"), invite.fingerprint)
        except BaseException:
            writer.close()
            raise
        return cls(reader, writer, relay_key)

    async def greet(
        self,
        identity: Identity,
        role: str,
        name: str,
        timeout: float = CONNECT_TIMEOUT,
        *,
        game_id: bytes | None = None,
    ) -> Hello:
        """Read ``hello``, authenticate as ``identity`` in ``role`` with ``name`` (and
        ``game_id``, the game a member resumes), read ``welcome``; returns the relay's
        ``hello``.

        Raises:
            Refused: the relay refused this peer (final: not worth retrying).
            NetError: the relay's greeting is not a goldnet relay's, or a bad frame.
            EOFError, OSError, TimeoutError: the connection was lost (worth retrying).
        """
        hello = await asyncio.wait_for(self.next_frame(), timeout)
        if not isinstance(hello, Hello):
            raise NetError(f"the relay sent a bad frame: expected hello, got {_kind(hello)}")
        if hello.version != RELAY_VERSION or hello.relay_key != self.relay_key:
            raise NetError("the relay's greeting is not a goldnet relay's (wrong version?)")
        me = identity.public
        signature = identity.sign(auth_message(hello.nonce, self.relay_key, me, name))
        auth: list[Any] = ["auth", me, role, name, signature]
        self.send([*auth, game_id] if game_id is not None else auth)
        welcome = await asyncio.wait_for(self.next_frame(), timeout)
        if isinstance(welcome, RefusedFrame):
            raise Refused(welcome.reason)
        if not isinstance(welcome, Welcome):
            raise NetError(f"the relay sent a bad frame: expected welcome, got {_kind(welcome)}")
        return hello

    async def next_frame(self) -> RelayFrame:
        """The relay's next frame.

        Raises:
            EOFError: the relay closed the connection.
            NetError: the relay sent a bad frame (not retried).
        """
        reader = self.reader
        while not reader.frames:
            reader.check()
            await reader.wait()
        return reader.frames.popleft()

    def buffered(self) -> RelayFrame | None:
        """The relay's next frame if it was read already (None: :meth:`next_frame` must wait
        for it)."""
        frames = self.reader.frames
        return frames.popleft() if frames else None

    def dispatch(self, handler: Callable[[], None] | None) -> None:
        """Call ``handler`` after every read from now on (``None``: stop), from the transport's
        callback: it takes the frames with :meth:`buffered` and looks at the end of the
        stream with :meth:`FrameReader.check`. Not called for what was read before."""
        self.reader.sink = handler

    def send(self, message: list[Any]) -> None:
        """Queue one frame (``[kind, ...]``) to the relay."""
        self.writer.write(encode(message))

    async def close(self, timeout: float = 1.0) -> None:
        """Close, waiting at most ``timeout`` seconds for the TLS close."""
        self.writer.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.writer.wait_closed(), timeout)


def unexpected(frame: RelayFrame) -> NetError:
    """The error of a frame that has no place where it came."""
    return NetError(f"the relay sent a bad frame: unexpected {_kind(frame)}")


def _kind(frame: RelayFrame) -> str:
    """A frame's kind as the relay wrote it (``Welcome`` → ``welcome``)."""
    return type(frame).__name__.lower()


async def probe(invite: Invite, timeout: float = PROBE_TIMEOUT) -> None:
    """Connect once to the relay of ``invite`` and check its key, then hang up.

    Raises:
        OSError, TimeoutError: nothing answers at that address.
        PinError: something answers with another key.
    """
    connection = await RelayConnection.open(invite, timeout)
    await connection.close()


async def shows_key(host: str, port: int, fingerprint: str, timeout: float = 5.0) -> bool:
    """Whether the relay at ``host:port`` shows the key of ``fingerprint`` over TLS (anyone on
    the LAN can announce a member's fingerprint; only the member can show its key)."""
    try:
        await probe(Invite(host, port, fingerprint), timeout)
    except (OSError, TimeoutError, PinError):
        return False
    return True
