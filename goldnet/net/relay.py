"""The relay: every peer of a table connects to it over TCP + TLS 1.3.

The relay forwards envelopes and enforces seats; it cannot forge (envelopes are signed),
bias (beacon), peek (deck) or reorder undetectably (sequence chains). It keeps a *log* of every
envelope it forwarded, in order, and sends each one with its index to every client but the
member that sent it as its own (``env``: that member has it, journalled before it left), so a
client that reconnects asks for the log from the index it has, and the entries of its own in
it are skipped. Evidence (``evidence``: a member's envelope forwarded by any member) goes to
every client, its signer included. Nothing waits for an echo: a member sends all its
envelopes again after every reconnection, and the relay logs only those it lacks.

Connection: TLS handshake (certificate self-signed by the relay's identity, pinned by the
client), then ``hello`` with a fresh nonce; the client answers ``auth`` signed over the nonce and
both keys within ``handshake_timeout``; players take the free seats in arrival order, a member
that reconnects gets its seat back, spectators are read-only. Frames are bounded
(:data:`~goldnet.net.frames.MAX_FRAME`); a connection that sends garbage, oversized frames,
other keys' envelopes, or nothing for ``idle_timeout`` is closed with a logged reason; the game
goes on for the others.

Invariants: one table's log holds envelopes of one game only (from its first ``table``
envelope on), each once, and only that table's members hold seats; every connection is
driven by callbacks on the event loop — no task per connection — so closing the relay leaves
nothing for the loop to cancel.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from collections.abc import Callable
from typing import Any

from protocol.envelope import Envelope
from protocol.errors import RemoteProtocolError
from protocol.identity import Identity, fingerprint, verify
from protocol.messages import MessageError, Table

from .frames import auth_message, encode
from .relay_client import _Client, _Refused
from .server import Listener
from .tls import server_context

log = logging.getLogger("goldnet.net.relay")

HANDSHAKE_TIMEOUT = 10.0
IDLE_TIMEOUT = 30.0
MAX_SPECTATORS = 8
MAX_PENDING = 16
"""Connections accepted and not authenticated yet (TLS handshake or ``auth`` under way)."""
MAX_BACKLOG = 1 << 20
"""Bytes queued for one client and not taken by its network yet, before it is dropped."""
MAX_LOG_ENTRIES = 200_000
MAX_LOG_BYTES = 64 << 20
PUSH_BATCH = 16 * 1024
"""Bytes of frames written to a client at once, at most (one TLS record's worth)."""
MAX_BEFORE_TABLE = 4096
"""Envelopes a relay logs before any ``table`` (members resending what a lost log held, before
the member whose table starts it is back): taking the table sorts them without decoding."""
MAX_REFUSALS = 1000
"""Refusal reasons kept in :attr:`Relay.refusals` (the oldest are dropped)."""
CLOSE_GRACE = 1.0
"""Seconds :meth:`Relay.close` lets connections send what is queued before dropping them."""
MAX_NOTES = 4
"""``rematch`` frames the relay takes from one member, at most (docs/rematch.md)."""


class Relay:
    """One table's relay.

    Args:
        identity: the relay's key (its certificate and ``hello``).
        table_name, game, seats: what the table is (sent in ``hello``).
        log: envelopes forwarded before (a relay restarted from a journal).
        members: ``(key, name)`` seats already taken (same).
        on_seats: called with the seats after every change (e.g. to update the announcement).
        handshake_timeout: seconds for the TLS handshake, and again for the ``auth`` frame.
        idle_timeout: seconds an authenticated client may stay silent.
        max_spectators: spectators at once; more are refused at ``auth``.
        max_pending: connections not authenticated yet; more are closed on arrival, before
            TLS. Connections per table are thus at most seats + max_spectators + max_pending.
        max_backlog: bytes queued for a client (it does not read) before it is dropped.
        max_log_entries, max_log_bytes: the log's limits; an envelope beyond them is refused.
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
        max_spectators: int = MAX_SPECTATORS,
        max_pending: int = MAX_PENDING,
        max_backlog: int = MAX_BACKLOG,
        max_log_entries: int = MAX_LOG_ENTRIES,
        max_log_bytes: int = MAX_LOG_BYTES,
    ) -> None:
        self.identity = identity
        self.table_name = table_name
        self.game = game
        self.seats = seats
        self.log: list[bytes] = list(log or [])
        self.members: list[tuple[bytes, str]] = list(members or [])
        self._resumes: dict[bytes, bytes | None] = {}
        """The game each member seated by its ``auth`` said it resumes (None: a new game):
        unsigned claims; until a ``table`` is logged, the first seat's speaks for the table
        (:meth:`_may_resume`, :meth:`_proposal`); members given at the start are not in it."""
        self._new_table = bool(self.members) and not self.log
        """Its host opened this relay for a new game (members given, no log): nobody resumes
        another game here (a relay given no members cannot tell, until a ``table`` comes)."""
        self.on_seats = on_seats
        self.handshake_timeout = handshake_timeout
        self.idle_timeout = idle_timeout
        self.max_spectators = max_spectators
        self.max_pending = max_pending
        self.max_backlog = max_backlog
        self.max_log_entries = max_log_entries
        self.max_log_bytes = max_log_bytes
        self.refusals: list[str] = []
        """Why connections were refused or closed, oldest first (the last
        :data:`MAX_REFUSALS`; for logs and tests)."""
        self.game_id: bytes | None = None
        """The table's game id: from the first ``table`` envelope logged, None until then."""
        self.on_note: Callable[[bytes, bytes, bytes], None] | None = None
        """Given (member key, note, signature) for each member's ``rematch`` frame."""
        self._notes: dict[bytes, int] = {}
        self._last_note: bytes | None = None
        self._table: frozenset[bytes] | None = None  # its members: no other player is seated
        self._seen: set[bytes] = set()
        self._rebuilt = bool(self.log)
        """The log was rebuilt from a journal, in another order than the one the members'
        indices count in (theirs are of the relay it replaces): every ``resume`` is served
        from 0, and the members drop by content what they already have."""
        self._before: list[tuple[bytes, bytes, bytes]] = []
        """Parallel to ``log`` while no ``table`` is logged (at most :data:`MAX_BEFORE_TABLE`
        entries): each entry's game id, signer and hash — what taking the table needs, without
        decoding the log again."""
        self._senders: list[int] = []
        """Parallel to ``log``: the seat of the member each entry is not sent to — its signer,
        who sent it as its own (or, for a log from a journal, signed it) — or -1 (evidence,
        sent to everyone)."""
        self._log_bytes = sum(map(len, self.log))
        for data in self.log:
            envelope = Envelope.decode(data)
            self._seen.add(envelope.hash)
            self._senders.append(self._seat_of(envelope.sender))
            if self.game_id is None and envelope.type == "table":
                self.game_id = envelope.game_id
                self._table = frozenset(Table.from_body(envelope.body).members)
        self._connections: set[_Client] = set()
        """Every open connection, pending or authenticated."""
        self._clients: set[_Client] = set()
        """The authenticated ones."""
        self._presence: dict[bytes, bool] = {}
        """What the clients were last told of each member's presence."""
        self._listener: Listener | None = None
        self._context = server_context(identity)
        self._turn: asyncio.Handle | None = None
        """Due at the end of the event loop's turn in which an envelope was forwarded at once:
        sends the ones read after it (:meth:`_forward`)."""

    @property
    def fingerprint(self) -> str:
        return self.identity.fingerprint

    @property
    def connected(self) -> int:
        """How many clients are connected and authenticated (members' rematch watches apart)."""
        return sum(c.role != "watch" for c in self._clients)

    @property
    def free_seats(self) -> int:
        return self.seats - len(self.members)

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on ``host:port`` (port 0: any free port); returns the port.

        Raises:
            OSError: the address cannot be bound (e.g. the port is taken).
        """
        self._listener = Listener(self._accept)
        port = await self._listener.start(host, port)
        log.info("relay %s listening on %s:%d", self.fingerprint, host, port)
        return port

    async def close(self) -> None:
        """Stop listening and close every connection: what is queued is sent for up to
        :data:`CLOSE_GRACE` seconds, then the rest are dropped."""
        if self._listener is not None:
            await self._listener.close()
        for connection in list(self._connections):
            connection.close()
        deadline = asyncio.get_running_loop().time() + CLOSE_GRACE
        while self._connections and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.02)
        for connection in list(self._connections):
            connection.abort()
        if self._turn is not None:
            self._turn.cancel()
            self._turn = None

    # --- connections --------------------------------------------------------------------

    def _accept(self, sock: socket.socket) -> _Client | None:
        """A connection for ``sock``, or None (closed at once, before TLS) over a cap."""
        pending = len(self._connections) - len(self._clients)
        most = self.seats + self.max_spectators + self.max_pending
        reason = ""
        if len(self._connections) >= most:
            reason = f"too many connections (at most {most})"
        elif pending >= self.max_pending:
            reason = f"too many connections waiting to authenticate (at most {self.max_pending})"
        if not reason:
            return _Client(self)
        try:
            peer = str(sock.getpeername())
        except OSError:
            peer = ""
        self._note(reason, peer)
        return None

    def _note(self, reason: str, peer: str) -> None:
        self.refusals.append(reason)
        del self.refusals[:-MAX_REFUSALS]
        log.info("relay: refused %s: %s", peer or "a client", reason)

    def _lost(self, client: _Client) -> None:
        self._connections.discard(client)
        if client in self._clients:
            self._clients.discard(client)
            self._broadcast_presence(self._presence_changes())

    def _on_message(self, client: _Client, message: tuple[Any, ...]) -> None:
        if not client.authenticated:
            self._authenticate(client, message)
        else:
            self._handle(client, message)

    def _authenticate(self, client: _Client, message: tuple[Any, ...]) -> None:
        if message[0] != "auth" or len(message) not in (5, 6):
            raise _Refused("expected auth")
        _, key, role, name, signature = message[:5]
        if not (isinstance(key, bytes) and isinstance(name, str) and isinstance(signature, bytes)):
            raise _Refused("malformed auth")
        resumed = message[5] if len(message) == 6 else None
        if resumed is not None and not (isinstance(resumed, bytes) and len(resumed) == 32):
            raise _Refused("malformed auth")
        if role not in ("player", "spectator", "watch"):
            raise _Refused("malformed auth")
        if len(name) > 40:
            raise _Refused("a name has at most 40 characters")
        if not name.isprintable():
            raise _Refused("a name is one line of printable text")
        if not verify(key, signature, auth_message(client.nonce, self.identity.public, key, name)):
            raise _Refused("authentication failed (bad signature)")
        if role == "player":
            seat = next((i for i, (k, _) in enumerate(self.members) if k == key), None)
            if resumed is not None and not self._may_resume(key, resumed):
                raise _Refused(
                    "this relay now hosts another table: the game you resume is not played here"
                )
            if seat is None:
                if self.free_seats <= 0:
                    raise _Refused("the table is full")
                if self._table is not None and key not in self._table:
                    raise _Refused("not a member of this relay's table")
                self.members.append((key, name))
            self._resumes[key] = resumed  # seated members' only: refused keys leave nothing
            for other in list(self._clients):
                if other.key == key and other.role == "player":
                    self._clients.discard(other)  # the same member reconnected
                    other.close()
        elif role == "watch":  # a member's rematch watch (docs/rematch.md): no seat, no log
            if self._seat_of(key) < 0:
                raise _Refused("only a member of this table may watch it for a rematch")
            for other in list(self._clients):
                if other.key == key and other.role == "watch":
                    self._clients.discard(other)
                    other.close()
            client.sent = len(self.log)
        elif sum(c.role == "spectator" for c in self._clients) >= self.max_spectators:
            raise _Refused(
                f"the table has no room for another spectator (at most {self.max_spectators})"
            )
        client.key, client.name, client.role = key, name, role
        client.seat = self._seat_of(key) if role == "player" else -1
        log.info("relay: %s joined as %s (%s)", name, role, fingerprint(key))
        self._clients.add(client)
        client._arm(self.idle_timeout)
        changes = self._presence_changes()
        client.send(encode(["welcome", len(self.log)]))
        for member, _ in self.members:  # the newcomer: every seat's presence, in seat order
            client.send(encode(["presence", member, self._presence[member]]))
        if self._last_note is not None and role != "spectator":
            client.send(self._last_note)
        self._broadcast_seats()
        self._broadcast_presence(changes, but=client)

    def _may_resume(self, key: bytes, resumed: bytes) -> bool:
        """Whether member ``key`` resuming the game ``resumed`` may sit at this relay's table:
        the table's game once its ``table`` envelope is logged; before that, no if its host
        opened the relay for a new game, else the game the first seat said it resumes (the
        first seat speaks for a table until it is set, as it proposes it: the claims are
        unsigned, and any other rule lets a joiner's claim override the first seat's)."""
        if self.game_id is not None:
            return resumed == self.game_id
        if self._new_table:
            return False
        first = self._first()
        return first is None or first == key or self._resumes.get(first) == resumed

    def _proposal(self, envelope: Envelope, kind: str) -> str:
        """Why ``envelope``, a ``table`` the log would start with, cannot fix this relay's
        game ('' if it can): it comes as its signer's own ``env``, from the first seat — of the
        game the first seat said it resumes, if it said one — or from a member that resumes the
        same game as the first seat (the game's own first seat, resending its table)."""
        if kind != "env":
            return "a table is sent by its signer"
        first, game_id = self._first(), envelope.game_id
        claim = self._resumes.get(first) if first is not None else None
        if envelope.sender == first:
            if claim not in (None, game_id):
                return "the first seat resumes another game than this table's"
            return ""
        if claim is None or claim != game_id or self._resumes.get(envelope.sender) != game_id:
            # The first seat proposes a new table (the client's rule): another member's table,
            # raced in before it, would fix the game and get the first seat's own refused.
            return "only the first seat proposes the table"
        return ""

    def _settle(self, envelope: Envelope) -> None:
        """Fix the game to ``envelope``'s table: the relay keeps as many seats as it has
        members; seats of keys that are not its members are freed (their connections, rematch
        watches too, refused), and what the log took before from another game, or signed by a
        non-member, is dropped — then the log is rebuilt (served from 0, members drop by
        content what they have), as a log from a journal is.

        Raises:
            _Refused: the table is one no peer takes — its body is not a table, or it is not
                the first envelope of one of its members — or the log, once rebuilt, has no
                room for it (nothing changes).
        """
        try:
            table = Table.from_body(envelope.body)
        except MessageError as exc:
            raise _Refused(f"bad table: {exc}") from None
        if envelope.sender not in table.members or envelope.seq != 0 or envelope.seen:
            raise _Refused("bad table: a table is the first envelope of one of its members")
        if table.game_id != envelope.game_id:  # peers refuse it: the relay would wait for ever
            raise _Refused("bad table: its game id is not the hash of its body")
        before = self._before
        ours = [g == envelope.game_id and k in table.members for g, k, _ in before]
        kept = [d for d, keep in zip(self.log, ours, strict=True) if keep]  # no stranger's
        self._room(envelope, len(kept), sum(map(len, kept)))
        self._before = []
        self.game_id, self._table = envelope.game_id, frozenset(table.members)
        self.seats = len(table.members)  # the table's seats are its members', no more
        strangers = [k for k, _ in self.members if k not in table.members]
        if not strangers and len(kept) == len(self.log):
            if self.on_seats is not None:
                self.on_seats(list(self.members))
            return
        self.members = [(k, n) for k, n in self.members if k in table.members]
        for client in list(self._clients):
            if client.key in strangers and client.role in ("player", "watch"):  # no seat, no note
                self._clients.discard(client)
                client.refuse("not a member of this relay's table")
            client.seat = self._seat_of(client.key) if client.role == "player" else -1
            client.sent = 0
        self.log = kept
        signers = [(k, h) for (_, k, h), keep in zip(before, ours, strict=True) if keep]
        self._senders = [self._seat_of(k) for k, _ in signers]
        self._seen = {h for _, h in signers}
        self._log_bytes = sum(map(len, kept))
        self._rebuilt = True
        self._broadcast_seats()

    def _handle(self, client: _Client, message: tuple[Any, ...]) -> None:
        kind = message[0]
        if kind == "ping":
            client.send(encode(["pong"]))
        elif kind == "pong":
            pass
        elif kind == "resume":
            if len(message) != 2 or not isinstance(message[1], int) or message[1] < 0:
                raise _Refused("malformed resume")
            # From the asked index on, but never again what this connection was already sent
            # (the log grew between its auth and its resume: those entries are on their way).
            asked = 0 if self._rebuilt else message[1]
            client.sent = max(client.sent, min(asked, len(self.log)))
            self._push(client)
        elif kind in ("env", "evidence"):
            self._receive(client, message)
        elif kind == "rematch":
            self._note_from(client, message)
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
        if self.game_id is None and envelope.type == "table":
            refusal = self._proposal(envelope, kind)
            if refusal:
                raise _Refused(refusal)
        if envelope.hash in self._seen:
            return  # a resent envelope: already forwarded
        if self.game_id is None and envelope.type == "table":
            self._settle(envelope)  # room is counted once other games' entries are dropped
        elif self.game_id is None and len(self.log) >= MAX_BEFORE_TABLE:
            raise _Refused(f"no table yet: at most {MAX_BEFORE_TABLE} envelopes before it")
        else:
            self._room(envelope, len(self.log), self._log_bytes)
        if self.game_id is None:
            self._before.append((envelope.game_id, envelope.sender, envelope.hash))
        self._seen.add(envelope.hash)
        self.log.append(envelope.raw)
        self._senders.append(client.seat if kind == "env" else -1)
        self._log_bytes += len(envelope.raw)
        self._forward()

    def _room(self, envelope: Envelope, entries: int, size: int) -> None:
        """Refuse ``envelope`` if a log of ``entries`` envelopes and ``size`` bytes has no room
        for it."""
        if entries >= self.max_log_entries:
            raise _Refused(f"the table's log is full (at most {self.max_log_entries} envelopes)")
        if size + len(envelope.raw) > self.max_log_bytes:
            raise _Refused(f"the table's log is full (at most {self.max_log_bytes} bytes)")

    def _note_from(self, client: _Client, message: tuple[Any, ...]) -> None:
        """A member's rematch note: to :attr:`on_note`, within :data:`MAX_NOTES`."""
        if client.role == "spectator":
            raise _Refused("spectators are read-only")
        if len(message) != 3 or not all(isinstance(m, bytes) for m in message[1:]):
            raise _Refused("malformed rematch frame")
        count = self._notes.get(client.key, 0)
        if count >= MAX_NOTES:
            raise _Refused(f"too many rematch notes (at most {MAX_NOTES})")
        self._notes[client.key] = count + 1
        if self.on_note is not None:
            self.on_note(client.key, message[1], message[2])

    def send_note(self, data: bytes, signature: bytes) -> None:
        """Send the host's rematch note to every member connected, and to those who connect
        later (the last one only)."""
        frame = encode(["rematch", data, signature])
        self._last_note = frame
        for client in list(self._clients):
            if client.role != "spectator":
                client.send(frame)

    def _forward(self) -> None:
        """Send what the log gained to every client: at once for the first envelope of this
        turn of the event loop (a move goes on before its reveal is read), and the ones read
        after it in the same turn — other members' envelopes that came in together — in one
        write per client at the turn's end: one TLS record and one wake-up of each client for
        all of them, instead of one per envelope (on a machine whose cores the peers share,
        each costs every one of them CPU)."""
        if self._turn is not None:
            return  # the turn's end sends it, with the others read meanwhile
        for client in list(self._clients):
            self._push(client)
        self._turn = asyncio.get_running_loop().call_soon(self._turn_end)

    def _turn_end(self) -> None:
        self._turn = None
        for client in list(self._clients):
            self._push(client)

    def _first(self) -> bytes | None:
        """The key at seat 0, if taken."""
        return self.members[0][0] if self.members else None

    def _seat_of(self, key: bytes) -> int:
        """The seat of member ``key`` at this relay, -1 if it is none."""
        return next((i for i, (k, _) in enumerate(self.members) if k == key), -1)

    def _push(self, client: _Client) -> None:
        """Send the log to ``client`` from where it is, as far as its transport takes it now
        (the rest when it is :meth:`~_Client.writable` again), up to :data:`PUSH_BATCH` bytes
        of frames in one write (a client catching up gets few, full TLS records); the entries
        it sent as its own are skipped (module docstring)."""
        if client.role == "watch":
            return  # a rematch watch takes notes only
        while client.sent < len(self.log) and not client.paused and not client.closed:
            batch: list[bytes] = []
            size = 0
            while client.sent < len(self.log) and size < PUSH_BATCH:
                index = client.sent
                client.sent += 1
                if client.seat < 0 or self._senders[index] != client.seat:
                    batch.append(encode(["env", index, self.log[index]]))
                    size += len(batch[-1])
            if batch:
                client.send(b"".join(batch))

    # --- presence and seats -------------------------------------------------------------

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
            for client in list(self._clients):
                if client is not but:
                    client.send(frame)

    def _broadcast_seats(self) -> None:
        frame = encode(["seats", [k for k, _ in self.members], [n for _, n in self.members]])
        for client in list(self._clients):
            client.send(frame)
        if self.on_seats is not None:
            self.on_seats(list(self.members))
