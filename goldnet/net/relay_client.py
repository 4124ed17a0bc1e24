"""One connection to a relay (:class:`~goldnet.net.relay.Relay`): the TLS stream of one client,
pending until its ``auth`` is accepted, then a member, a spectator or a member's rematch watch.

Invariants: every frame the client sends goes to the relay in order, one at a time, and a frame
the relay refuses (:class:`_Refused`) closes this connection with its reason, logged and kept;
a connection silent past its timeout (the handshake's, then the relay's idle time) is closed;
a client whose backlog passes the relay's limit is dropped without a frame (it does not read).
"""

from __future__ import annotations

import asyncio
import os
from typing import TYPE_CHECKING

from .frames import RELAY_VERSION, FrameDecoder, FrameError, encode
from .server import TLSConnection

if TYPE_CHECKING:
    from .relay import Relay


class _Client(TLSConnection):
    """One connection to the relay: pending until its ``auth`` is accepted, then a client."""

    def __init__(self, relay: Relay) -> None:
        super().__init__(relay._context)
        self.relay = relay
        self.key = b""
        self.name = ""
        self.role = ""
        self.seat = -1
        """The member's seat (its index in the relay's members); -1 for a spectator."""
        self.sent = 0
        """Log entries already sent to this client (or skipped: its own)."""
        self.decoder = FrameDecoder()
        self.nonce = b""
        self.active = 0.0
        """Loop time of the last bytes received (for the idle timeout)."""
        self.timer: asyncio.TimerHandle | None = None

    @property
    def authenticated(self) -> bool:
        return bool(self.key)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        assert isinstance(transport, asyncio.WriteTransport)
        # the log is pushed up to the high-water mark: well below the backlog that drops
        transport.set_write_buffer_limits(high=min(64 * 1024, self.relay.max_backlog // 4))
        self.relay._connections.add(self)
        self._arm(self.relay.handshake_timeout)  # the TLS handshake

    def secure_made(self) -> None:
        self.nonce = os.urandom(32)
        relay = self.relay
        hello = ["hello", RELAY_VERSION, relay.identity.public, self.nonce]
        self.send(encode([*hello, relay.table_name, relay.game, relay.seats]))
        self._arm(relay.handshake_timeout)  # the whole auth frame, however it is sent

    def plain_received(self, data: bytes) -> None:
        self.active = asyncio.get_running_loop().time()
        try:
            for message in self.decoder.feed(data):
                if self.closed:
                    return
                self.relay._on_message(self, message)
        except FrameError as exc:
            self.refuse(f"bad frame: {exc}")
        except _Refused as exc:
            self.refuse(str(exc))

    def writable(self) -> None:
        self.relay._push(self)

    def send(self, data: bytes) -> None:
        """Queue ``data``; a client whose backlog passes the relay's limit is dropped (it does
        not read: nothing more would reach it, a refusal included)."""
        super().send(data)
        backlog = self.backlog()
        if backlog > self.relay.max_backlog and not self.closed:
            self.relay._note(
                f"too slow: {backlog} bytes unsent (at most {self.relay.max_backlog})", self.peer
            )
            self.abort()

    def secure_lost(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.relay._lost(self)

    def refuse(self, reason: str) -> None:
        """Send ``refused`` with ``reason`` and close; the reason is logged and kept."""
        self.relay._note(reason, self.peer)
        self.send(encode(["refused", reason]))
        self.close()

    def _arm(self, delay: float) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.timer = asyncio.get_running_loop().call_later(delay, self._timeout)

    def _timeout(self) -> None:
        self.timer = None
        if self.closed:
            return
        if not self.authenticated:
            self.refuse("handshake timeout")  # before TLS: closed without a frame
            return
        idle = asyncio.get_running_loop().time() - self.active
        if idle >= self.relay.idle_timeout:
            self.refuse("idle timeout")
        else:
            self._arm(self.relay.idle_timeout - idle)


class _Refused(Exception):
    """Close this connection with the given reason."""
