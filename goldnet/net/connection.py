"""A client's connection to a relay: TCP + TLS 1.3, the relay's key pinned, the greeting.

:meth:`RelayConnection.open` connects and checks that the relay shows the key the invite code
(or LAN announcement) names — before a byte of the protocol is sent; :meth:`RelayConnection.greet`
reads ``hello``, authenticates (``auth``) and reads ``welcome``; then :meth:`next_frame` reads
the relay's frames, each checked by :func:`~goldnet.net.frames.parse_relay_frame`. The game
itself — catch-up, journal, lockstep — is :class:`goldnet.net.client.NetPeer`'s.

:func:`probe` and :func:`shows_key` open a connection only to check a relay's key: the first
connection of a join (a wrong address is reported at once, not after the client's retries) and
a re-hosted relay announced on the LAN (an announcement alone proves nothing).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

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


class RelayConnection:
    """One open connection to a relay whose key was checked (see the module docstring).

    Attributes:
        reader, writer: the TLS stream.
        relay_key: the relay's 32-byte public key, as its certificate shows it.
    """

    def __init__(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, relay_key: bytes
    ) -> None:
        self.reader = reader
        self.writer = writer
        self.relay_key = relay_key
        self._decoder = FrameDecoder()
        self._pending: list[RelayFrame] = []

    @classmethod
    async def open(cls, invite: Invite, timeout: float = CONNECT_TIMEOUT) -> RelayConnection:
        """Connect to the relay of ``invite`` and check its key.

        Raises:
            OSError, TimeoutError: nothing answers at that address (in time).
            PinError: something answers there with another key.
        """
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(invite.host, invite.port, ssl=client_context()), timeout
        )
        try:
            relay_key = check_pin(writer.get_extra_info("ssl_object"), invite.fingerprint)
        except BaseException:
            writer.close()
            raise
        return cls(reader, writer, relay_key)

    async def greet(
        self, identity: Identity, role: str, name: str, timeout: float = CONNECT_TIMEOUT
    ) -> Hello:
        """Read ``hello``, authenticate as ``identity`` in ``role`` with ``name``, read
        ``welcome``; returns the relay's ``hello``.

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
        self.send(["auth", me, role, name, signature])
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
        while not self._pending:
            data = await self.reader.read(65536)
            if not data:
                raise EOFError("the relay closed the connection")
            try:
                self._pending.extend(parse_relay_frame(m) for m in self._decoder.feed(data))
            except FrameError as exc:
                raise NetError(f"the relay sent a bad frame: {exc}") from None
        return self._pending.pop(0)

    def buffered(self) -> RelayFrame | None:
        """The relay's next frame if it was read already (None: :meth:`next_frame` must wait
        for it)."""
        return self._pending.pop(0) if self._pending else None

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
