"""The relay: every peer of a table connects to it over TCP + TLS 1.3 (DESIGN §6).

The relay forwards envelopes and enforces seats; it cannot forge (envelopes are signed),
bias (beacon), peek (deck) or reorder undetectably (sequence chains). It keeps a *log* of every
envelope it forwarded, in order, and sends each one to every client — the sender included —
with its index, so a client that reconnects asks for the log from the index it has.

Connection: TLS handshake (certificate self-signed by the relay's identity, pinned by the
client), then ``hello`` with a fresh nonce; the client answers ``auth`` signed over the nonce and
both keys within ``handshake_timeout``; players take the free seats in arrival order, a member
that reconnects gets its seat back, spectators are read-only. Frames are bounded
(:data:`~goldnet.net.frames.MAX_FRAME`); a connection that sends garbage, oversized frames,
other keys' envelopes, or nothing for ``idle_timeout`` is closed with a logged reason; the game
goes on for the others.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import ssl
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from protocol.envelope import Envelope
from protocol.errors import RemoteProtocolError
from protocol.identity import Identity, fingerprint, verify

from .frames import RELAY_VERSION, FrameDecoder, FrameError, auth_message, encode
from .tls import server_context

log = logging.getLogger("goldnet.net.relay")

HANDSHAKE_TIMEOUT = 10.0
IDLE_TIMEOUT = 30.0
READ_CHUNK = 65536


@dataclass(eq=False)
class _Client:
    writer: asyncio.StreamWriter
    key: bytes = b""
    name: str = ""
    role: str = ""
    peer: str = ""
    sent: int = 0
    """Log entries already sent to this client."""
    wake: asyncio.Event = field(default_factory=asyncio.Event)


class Relay:
    """One table's relay.

    Args:
        identity: the relay's key (its certificate and ``hello``).
        table_name, game, seats: what the table is (sent in ``hello``).
        log: envelopes forwarded before (a relay restarted from a journal).
        members: ``(key, name)`` seats already taken (same).
        on_seats: called with the seats after every change (e.g. to update the announcement).
    """

    def __init__(
        self,
        identity: Identity,
        *,
        table_name: str,
        game: str,
        seats: int,
        log: list[bytes] | None = None,
        members: list[tuple[bytes, str]] | None = None,
        on_seats: Callable[[list[tuple[bytes, str]]], None] | None = None,
        handshake_timeout: float = HANDSHAKE_TIMEOUT,
        idle_timeout: float = IDLE_TIMEOUT,
    ) -> None:
        self.identity = identity
        self.table_name = table_name
        self.game = game
        self.seats = seats
        self.log: list[bytes] = list(log or [])
        self.members: list[tuple[bytes, str]] = list(members or [])
        self.on_seats = on_seats
        self.handshake_timeout = handshake_timeout
        self.idle_timeout = idle_timeout
        self.refusals: list[str] = []
        """Why connections were refused or closed (for logs and tests)."""
        self.game_id: bytes | None = None
        """The table's game id: from the first ``table`` envelope logged, None until then."""
        self._seen: set[bytes] = set()
        for data in self.log:
            envelope = Envelope.decode(data)
            self._seen.add(envelope.hash)
            if self.game_id is None and envelope.type == "table":
                self.game_id = envelope.game_id
        self._clients: set[_Client] = set()
        self._presence: dict[bytes, bool] = {}
        """What the clients were last told of each member's presence."""
        self._server: asyncio.Server | None = None
        self._context: ssl.SSLContext = server_context(identity)

    @property
    def fingerprint(self) -> str:
        return self.identity.fingerprint

    @property
    def connected(self) -> int:
        """How many clients are connected and authenticated."""
        return len(self._clients)

    @property
    def free_seats(self) -> int:
        return self.seats - len(self.members)

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on ``host:port`` (port 0: any free port); returns the port.

        Raises:
            OSError: the address cannot be bound (e.g. the port is taken).
        """
        self._server = await asyncio.start_server(
            self._serve, host, port, ssl=self._context, ssl_handshake_timeout=self.handshake_timeout
        )
        port = int(self._server.sockets[0].getsockname()[1])
        log.info("relay %s listening on %s:%d", self.fingerprint, host, port)
        return port

    async def close(self) -> None:
        """Stop listening and close every connection."""
        if self._server is not None:
            self._server.close()
        for client in list(self._clients):
            client.writer.close()
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2)

    # --- one connection -----------------------------------------------------------------

    def _refuse(self, client: _Client, reason: str) -> None:
        self.refusals.append(reason)
        log.info("relay: refused %s: %s", client.peer or "a client", reason)
        with contextlib.suppress(Exception):
            client.writer.write(encode(["refused", reason]))
        client.writer.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        client = _Client(writer, peer=str(writer.get_extra_info("peername")))
        decoder = FrameDecoder()
        nonce = os.urandom(32)
        try:
            writer.write(
                encode(
                    [
                        "hello",
                        RELAY_VERSION,
                        self.identity.public,
                        nonce,
                        self.table_name,
                        self.game,
                        self.seats,
                    ]
                )
            )
            first = await asyncio.wait_for(self._read(reader, decoder), self.handshake_timeout)
            if not self._authenticate(client, first, nonce):
                return
            self._clients.add(client)
            changes = self._presence_changes()
            writer.write(encode(["welcome", len(self.log)]))
            for key, _ in self.members:  # the newcomer: every seat's presence, in seat order
                writer.write(encode(["presence", key, self._presence[key]]))
            self._broadcast_seats()
            self._broadcast_presence(changes, but=client)
            pusher = asyncio.create_task(self._push(client))
            try:
                while True:
                    messages = await asyncio.wait_for(
                        self._read(reader, decoder), self.idle_timeout
                    )
                    for message in messages:
                        self._handle(client, message)
            finally:
                pusher.cancel()
        except TimeoutError:
            stage = "handshake" if not client.key else "idle"
            self._refuse(client, f"{stage} timeout")
        except FrameError as exc:
            self._refuse(client, f"bad frame: {exc}")
        except _Refused as exc:
            self._refuse(client, str(exc))
        except (ConnectionError, asyncio.IncompleteReadError, ssl.SSLError, EOFError):
            pass
        finally:
            self._clients.discard(client)
            writer.close()
            self._broadcast_presence(self._presence_changes())

    async def _read(
        self, reader: asyncio.StreamReader, decoder: FrameDecoder
    ) -> list[tuple[Any, ...]]:
        while True:
            data = await reader.read(READ_CHUNK)
            if not data:
                raise EOFError
            messages = decoder.feed(data)
            if messages:
                return messages

    def _authenticate(self, client: _Client, messages: list[tuple[Any, ...]], nonce: bytes) -> bool:
        message = messages[0]
        if message[0] != "auth" or len(message) != 5:
            raise _Refused("expected auth")
        _, key, role, name, signature = message
        if not (isinstance(key, bytes) and isinstance(name, str) and isinstance(signature, bytes)):
            raise _Refused("malformed auth")
        if role not in ("player", "spectator"):
            raise _Refused("malformed auth")
        if len(name) > 40:
            raise _Refused("a name has at most 40 characters")
        if not name.isprintable():
            raise _Refused("a name is one line of printable text")
        if not verify(key, signature, auth_message(nonce, self.identity.public, key, name)):
            raise _Refused("authentication failed (bad signature)")
        client.key, client.name, client.role = key, name, role
        if role == "player":
            seat = next((i for i, (k, _) in enumerate(self.members) if k == key), None)
            if seat is None:
                if self.free_seats <= 0:
                    raise _Refused("the table is full")
                self.members.append((key, name))
            for other in list(self._clients):
                if other.key == key and other is not client:
                    other.writer.close()  # the same member reconnected
                    self._clients.discard(other)
        log.info("relay: %s joined as %s (%s)", name, role, fingerprint(key))
        for extra in messages[1:]:
            self._handle(client, extra)
        return True

    def _handle(self, client: _Client, message: tuple[Any, ...]) -> None:
        kind = message[0]
        if kind == "ping":
            client.writer.write(encode(["pong"]))
        elif kind == "pong":
            pass
        elif kind == "resume":
            if len(message) != 2 or not isinstance(message[1], int) or message[1] < 0:
                raise _Refused("malformed resume")
            client.sent = min(message[1], len(self.log))
            client.wake.set()
        elif kind in ("env", "evidence"):
            self._receive(client, message)
        else:
            raise _Refused(f"unknown frame {kind!r}")

    def _receive(self, client: _Client, message: tuple[Any, ...]) -> None:
        """An ``env`` (the client's own envelope) or ``evidence`` (any member's envelope, e.g.
        the other half of an equivocation) frame: log and forward it, once."""
        kind = message[0]
        if client.role != "player":
            raise _Refused("spectators are read-only")
        if len(message) != 2 or not isinstance(message[1], bytes):
            raise _Refused(f"malformed {kind} frame")
        try:
            envelope = Envelope.decode(message[1])
        except RemoteProtocolError as exc:
            raise _Refused(f"bad envelope: {exc}") from None
        if kind == "env" and envelope.sender != client.key:
            raise _Refused("a client may only send its own envelopes")
        if kind == "evidence" and envelope.sender not in {k for k, _ in self.members}:
            raise _Refused("evidence signed by a non-member")
        if self.game_id is not None and envelope.game_id != self.game_id:
            raise _Refused("envelope of another game")
        if envelope.hash in self._seen:
            return  # a resent envelope: already forwarded
        if self.game_id is None and envelope.type == "table":
            self.game_id = envelope.game_id
        self._seen.add(envelope.hash)
        self.log.append(envelope.raw)
        for other in self._clients:
            other.wake.set()

    async def _push(self, client: _Client) -> None:
        """Send the log to ``client`` from where it is, whenever it grows."""
        while True:
            await client.wake.wait()
            client.wake.clear()
            while client.sent < len(self.log):
                index = client.sent
                client.writer.write(encode(["env", index, self.log[index]]))
                client.sent += 1
            await client.writer.drain()

    def _presence_changes(self) -> list[tuple[bytes, bool]]:
        """Members whose presence changed since last told, with their new state (and remember
        it). A member is present while the relay holds an authenticated connection of its key;
        a seat never taken counts as absent."""
        connected = {c.key for c in self._clients if c.role == "player"}
        changes = []
        for key, _ in self.members:
            now = key in connected
            if self._presence.get(key) != now:
                self._presence[key] = now
                changes.append((key, now))
        return changes

    def _broadcast_presence(
        self, changes: list[tuple[bytes, bool]], but: _Client | None = None
    ) -> None:
        """Tell every client (``but`` one) which members dropped or came back: information for
        the screen, never evidence."""
        for key, now in changes:
            frame = encode(["presence", key, now])
            for client in self._clients:
                if client is not but:
                    client.writer.write(frame)

    def _broadcast_seats(self) -> None:
        frame = encode(["seats", [k for k, _ in self.members], [n for _, n in self.members]])
        for client in self._clients:
            client.writer.write(frame)
        if self.on_seats is not None:
            self.on_seats(list(self.members))


class _Refused(Exception):
    """Close this connection with the given reason."""
