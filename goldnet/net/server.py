"""The relay's server side of TCP + TLS 1.3: a listener and a lean TLS connection.

Why not ``asyncio.start_server(ssl=…)``: asyncio's TLS transport allocates a 256 KiB buffer per
connection (~280 KiB per idle connection measured), which lets a few thousand idle connections
cost a relay most of a gigabyte. :class:`TLSConnection` runs the same stdlib ``ssl`` engine
(``SSLContext.wrap_bio`` over two :class:`ssl.MemoryBIO`) on a plain TCP transport, with no
buffer of its own beyond what OpenSSL keeps: well under 100 KiB per idle connection (measured by
``goldnet bench``). The context is :func:`.tls.server_context`'s (TLS 1.3 only, the relay's
pinned certificate), so nothing changes for clients.

Invariants:

- a connection's plaintext is handed on only after the handshake completed;
- :meth:`TLSConnection.backlog` is every byte accepted by :meth:`TLSConnection.send` and not yet
  handed to the kernel: the caller bounds it;
- the :class:`Listener` never stops on an accept error: running out of descriptors or memory
  (EMFILE, ENFILE, ENOBUFS, ENOMEM) backs off (50 ms doubling to 1 s) and is logged once per
  episode, as one warning line (an episode ends after 30 s without such an error); a
  connection over the caller's cap is closed before any TLS state exists for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import socket
import ssl
from collections.abc import Callable

log = logging.getLogger("goldnet.net.relay")

READ_SIZE = 16384
"""Plaintext read from the TLS engine at a time: one TLS record at most."""
RESOURCE_ERRORS = frozenset(
    code
    for code in (
        getattr(errno, "EMFILE", None),
        getattr(errno, "ENFILE", None),
        getattr(errno, "ENOBUFS", None),
        getattr(errno, "ENOMEM", None),
    )
    if code is not None
)
"""Accept errors that mean "out of descriptors or memory": wait, then try again."""
BACKOFF_FIRST = 0.05
BACKOFF_MAX = 1.0
"""Seconds between accept attempts while out of resources: 50 ms, doubling up to 1 s."""
EPISODE_GAP = 30.0
"""An episode of resource errors ends after this many seconds without one."""


class TLSConnection(asyncio.Protocol):
    """One server-side TLS connection on a plain TCP transport.

    Subclasses override :meth:`secure_made` (handshake done), :meth:`plain_received`
    (decrypted bytes), :meth:`secure_lost` (the connection is gone, whatever the cause) and may
    override :meth:`writable` (the kernel took the backlog down below the low-water mark).
    """

    def __init__(self, context: ssl.SSLContext) -> None:
        self._context = context
        self._transport: asyncio.Transport | None = None
        self._ssl: ssl.SSLObject | None = None
        self._incoming = ssl.MemoryBIO()
        self._outgoing = ssl.MemoryBIO()
        self.secure = False
        """The handshake is done."""
        self.closed = False
        self.paused = False
        """The transport asked to stop writing (its buffer is above the high-water mark)."""
        self.peer = ""

    # --- asyncio.Protocol -------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport
        self.peer = str(transport.get_extra_info("peername"))
        self._ssl = self._context.wrap_bio(self._incoming, self._outgoing, server_side=True)

    def data_received(self, data: bytes) -> None:
        if self.closed or self._ssl is None:
            return
        self._incoming.write(data)
        if not self.secure:
            try:
                self._ssl.do_handshake()
            except ssl.SSLWantReadError:
                self._flush()
                return
            except (ssl.SSLError, OSError) as exc:
                log.debug("relay: TLS handshake with %s failed: %s", self.peer, exc)
                self.abort()
                return
            self.secure = True
            self._flush()
            self.secure_made()
        while not self.closed:
            try:
                chunk = self._ssl.read(READ_SIZE)
            except ssl.SSLWantReadError:
                break
            except ssl.SSLZeroReturnError:  # the client's close_notify
                self.close()
                return
            except (ssl.SSLError, OSError) as exc:
                log.debug("relay: TLS error from %s: %s", self.peer, exc)
                self.abort()
                return
            if not chunk:
                self.close()
                return
            self.plain_received(chunk)
        self._flush()

    def eof_received(self) -> bool:
        return False  # the transport closes itself

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self._transport = None
        self._ssl = None
        self.secure_lost()

    def pause_writing(self) -> None:
        self.paused = True

    def resume_writing(self) -> None:
        self.paused = False
        if not self.closed:
            self.writable()

    # --- for subclasses -----------------------------------------------------------------

    def secure_made(self) -> None:
        """The TLS handshake is done: :meth:`send` may be used."""

    def plain_received(self, data: bytes) -> None:
        """Decrypted bytes from the client."""

    def secure_lost(self) -> None:
        """The connection is closed (by either side, or aborted)."""

    def writable(self) -> None:
        """The backlog went down below the transport's low-water mark."""

    def send(self, data: bytes) -> None:
        """Encrypt ``data`` and queue it (nothing happens once closed)."""
        if self.closed or self._ssl is None or not self.secure:
            return
        try:
            self._ssl.write(data)
        except (ssl.SSLError, OSError):
            self.abort()
            return
        self._flush()

    def backlog(self) -> int:
        """Bytes queued for this client and not yet taken by the kernel."""
        if self._transport is None:
            return 0
        return self._transport.get_write_buffer_size() + self._outgoing.pending

    def close(self) -> None:
        """Close gracefully: TLS close_notify, then the TCP connection once the queued bytes
        are sent. The caller aborts a client that never reads (see ``backlog``)."""
        if self.closed:
            return
        self.closed = True
        if self._ssl is not None and self.secure:
            with contextlib.suppress(ssl.SSLError, OSError, ValueError):
                self._ssl.unwrap()  # queues close_notify; the client's is not awaited
        self._flush()
        if self._transport is not None:
            self._transport.close()

    def abort(self) -> None:
        """Drop the connection at once, queued bytes included."""
        self.closed = True
        if self._transport is not None:
            self._transport.abort()

    def _flush(self) -> None:
        if self._transport is None or self._transport.is_closing():
            return
        data = self._outgoing.read()
        if data:
            self._transport.write(data)


class Listener:
    """Accepts TCP connections on ``host:port`` and hands each to ``accept(sock)``, which
    returns the protocol to run it with — or ``None`` to close it at once, before any TLS
    state exists for it (a connection over a cap)."""

    def __init__(self, accept: Callable[[socket.socket], asyncio.Protocol | None]) -> None:
        self._accept = accept
        self._sockets: list[socket.socket] = []
        self._tasks: list[asyncio.Task[None]] = []
        self.episodes = 0
        """How many times accepting stopped on a resource error."""

    async def start(self, host: str, port: int) -> int:
        """Listen; returns the port (an ephemeral one for ``port`` 0).

        Raises:
            OSError: the address cannot be bound or resolved.
        """
        loop = asyncio.get_running_loop()
        infos = await loop.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
        if not infos:
            raise OSError(errno.EADDRNOTAVAIL, f"no address for {host}")
        family, _, _, _, address = infos[0]
        sock = socket.create_server(address[:2], family=family, backlog=128)
        sock.setblocking(False)
        self._sockets.append(sock)
        self._tasks.append(asyncio.create_task(self._serve(sock)))
        return int(sock.getsockname()[1])

    async def close(self) -> None:
        """Stop accepting and close the listening socket."""
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks)  # a cancellation of close() itself goes through
        self._tasks.clear()
        for sock in self._sockets:
            sock.close()
        self._sockets.clear()

    async def _serve(self, listening: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        delay = 0.0  # the back-off: > 0 after a resource error, until an accept succeeds
        last_error = -EPISODE_GAP  # loop time of the last resource error
        while True:
            try:
                sock, _ = await loop.sock_accept(listening)
            except OSError as exc:
                if exc.errno not in RESOURCE_ERRORS:
                    log.debug("relay: accept failed: %s", exc)  # e.g. the client gave up
                    continue
                now = loop.time()
                if now - last_error >= EPISODE_GAP:  # a new episode: one line
                    self.episodes += 1
                    log.warning(
                        "relay: cannot accept connections (%s); retrying until some close",
                        exc.strerror or exc,
                    )
                last_error = now
                delay = min(2 * delay, BACKOFF_MAX) if delay else BACKOFF_FIRST
                await asyncio.sleep(delay)
                continue
            delay = 0.0
            # asyncio sets TCP_NODELAY only on sockets whose proto is IPPROTO_TCP, and one made
            # by socket.create_server has proto 0: without it a small frame written after
            # another waits for the peer's delayed ACK (~40 ms a draw).
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            protocol = self._accept(sock)
            if protocol is None:
                sock.close()
                continue
            try:
                await loop.connect_accepted_socket(_Factory(protocol), sock)
            except OSError as exc:
                log.debug("relay: could not set up an accepted connection: %s", exc)
                sock.close()


class _Factory:
    """A protocol factory that returns the one protocol made for an accepted socket."""

    def __init__(self, protocol: asyncio.Protocol) -> None:
        self.protocol = protocol

    def __call__(self) -> asyncio.Protocol:
        return self.protocol
