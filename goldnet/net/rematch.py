"""A rematch at a finished network table: the host's offer, the members' answers, the new table.

docs/rematch.md. The finished table's host (the member whose process ran its relay) offers a
rematch through that relay, which stays open while its window shows the end screen; every other
member's process keeps a *watch* connection to it after the game (:class:`RematchWatch`). Three
*notes* travel there, each signed by its member's key over :data:`NOTE_TAG` (never an envelope:
they enter no log, journal or record, and no game's history can hold one):

- ``offer`` — ``[seconds]``: the host offers a rematch, answers taken for that long;
- ``answer`` — ``[accepted]``: a member's yes or no;
- ``table`` — ``[invite code, member keys]``: the new table, hosted once the answers are in: the
  members who accepted, the host and its bots, in their old seat order.

Invariants: a note is taken only for the finished game's id, only signed by one of its members
(the offer and the table by the host — the relay's key —, an answer by the member whose
connection sent it); a member joins a new table only after it signed an acceptance itself, only
one whose note lists its key, at the invite the host signed — and the relay there is pinned to the
host's key. Nothing of the finished game decides the new one's dice or deal: the new table's
``table`` envelope carries a fresh nonce and its beacon starts afresh.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from protocol.codec import pack, unpack
from protocol.errors import RemoteProtocolError
from protocol.identity import Identity, verify

from .connection import RelayConnection
from .errors import NetError
from .frames import Refused as RefusedFrame
from .frames import Rematch as RematchFrame
from .invite import Invite, InviteError, parse_invite

log = logging.getLogger("goldnet.net.rematch")

NOTE_TAG = b"goldnet/rematch/v1"
"""What every note's signature is over, before the note's bytes."""
KINDS = ("offer", "answer", "table")
OFFER_SECONDS = 60
"""How long the host waits for the answers by default."""
MAX_OFFER_SECONDS = 600
WATCH_WINDOW = 180.0
"""Seconds a member watches the finished table's relay for an offer, at most."""
HEARTBEAT = 5.0
MAX_NOTES = 4
"""Notes a relay takes from one member of a finished table, at most."""
MAX_INVITE = 200
MAX_NOTE = 1024
"""Largest note, in bytes (six keys and an invite code fit)."""


class RematchError(NetError):
    """A rematch note that cannot be taken; the message says why in one line."""


@dataclass(frozen=True, slots=True)
class Note:
    """A checked note (module docstring): ``kind``, the finished ``game_id``, its ``signer``
    (32-byte key) and its fields (``seconds``, ``accepted``, ``invite`` and ``members`` as
    the kind has them)."""

    kind: str
    game_id: bytes
    signer: bytes
    seconds: int = 0
    accepted: bool = False
    invite: Invite | None = None
    members: tuple[bytes, ...] = ()


def sign_note(identity: Identity, kind: str, game_id: bytes, *fields: Any) -> tuple[bytes, bytes]:
    """The bytes of a note and ``identity``'s signature over them."""
    data = pack([kind, game_id, identity.public, *fields])
    return data, identity.sign(NOTE_TAG + data)


def read_note(data: bytes, signature: bytes, game_id: bytes, members: Sequence[bytes]) -> Note:
    """Check a note: its shape, that it is about the finished game ``game_id``, and that one of
    its ``members`` signed it.

    Raises:
        RematchError: malformed, of another game, or not signed by a member (one line).
    """
    try:
        body = unpack(data, MAX_NOTE)
    except (RemoteProtocolError, ValueError):
        raise RematchError("a rematch note that is not a msgpack array") from None
    if not isinstance(body, tuple) or len(body) < 3 or body[0] not in KINDS:
        raise RematchError("a rematch note is [kind, game id, signer, ...]")
    kind, gid, signer, *fields = body
    if gid != game_id:
        raise RematchError("the rematch offered is not for this game")
    if signer not in members:
        raise RematchError("a rematch note signed by a key that is no member of this game")
    if not (isinstance(signature, bytes) and verify(signer, signature, NOTE_TAG + data)):
        raise RematchError("a rematch note whose signature is not its member's")
    if kind == "offer":
        if len(fields) != 1 or not _seconds(fields[0]):
            raise RematchError(f"a rematch offer is [seconds], 1 to {MAX_OFFER_SECONDS}")
        return Note(kind, gid, signer, seconds=fields[0])
    if kind == "answer":
        if len(fields) != 1 or not isinstance(fields[0], bool):
            raise RematchError("a rematch answer is [accepted]")
        return Note(kind, gid, signer, accepted=fields[0])
    if len(fields) != 2 or not isinstance(fields[0], str) or len(fields[0]) > MAX_INVITE:
        raise RematchError("a rematch table is [invite code, member keys]")
    keys = fields[1]
    if (
        not isinstance(keys, tuple)
        or not all(k in members for k in keys)
        or len(set(keys)) < len(keys)
    ):
        raise RematchError("a rematch table seats someone who was not at this table")
    try:
        invite = parse_invite(fields[0])
    except InviteError as exc:
        raise RematchError(f"a rematch table's invite code: {exc}") from None
    return Note(kind, gid, signer, invite=invite, members=keys)


def _seconds(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value <= MAX_OFFER_SECONDS


def seating(
    members: Sequence[bytes], names: Sequence[str], here: Sequence[bytes], accepted: Sequence[bytes]
) -> list[tuple[bytes, str]]:
    """The new table's seats: the finished table's ``members`` (with ``names``) that are
    ``here`` (the host and its bots) or ``accepted``, in their old seat order (the numbers
    compacted)."""
    return [(k, n) for k, n in zip(members, names, strict=True) if k in here or k in accepted]


class RematchWatch:
    """A member's connection to its finished table's relay, after the game: it takes the host's
    notes (``on_note(Note)``) and sends this member's answer (:meth:`answer`).

    Args:
        identity, name: the member's key and name (its ``auth``).
        invite: the finished table's relay.
        game_id, members: the finished game's id and member keys (seat order).
        host: the key the offer and the table must be signed by (the relay's).
        on_note: called on the loop with each checked note of the host.
        window: seconds this watch lasts at most.
    """

    def __init__(
        self,
        identity: Identity,
        name: str,
        invite: Invite,
        game_id: bytes,
        members: Sequence[bytes],
        host: bytes,
        on_note: Callable[[Note], None],
        window: float = WATCH_WINDOW,
    ) -> None:
        self.identity, self.name, self.invite = identity, name, invite
        self.game_id, self.members, self.host = game_id, tuple(members), host
        self.on_note = on_note
        self.window = window
        self.offer: Note | None = None
        """The host's offer, once it came."""
        self.answered: bool | None = None
        """This member's answer, once given."""
        self._link: RelayConnection | None = None

    async def run(self) -> None:
        """Watch until the window ends, the relay closes, or :meth:`stop` (never raises but
        cancellation: a finished table whose relay is gone offers no rematch)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._run(), self.window)

    async def _run(self) -> None:
        try:
            link = await RelayConnection.open(self.invite)
            if link.relay_key != self.host:
                await link.close()
                return
            self._link = link
            await link.greet(self.identity, "watch", self.name)
            ping = asyncio.get_running_loop().call_later(HEARTBEAT, self._ping)
            try:
                while True:
                    frame = await link.next_frame()
                    if isinstance(frame, RefusedFrame):
                        return
                    if isinstance(frame, RematchFrame):
                        self._take(frame)
            finally:
                ping.cancel()
        except (OSError, EOFError, NetError) as exc:
            log.info("rematch watch ended: %s", exc)
        finally:
            self._link = None

    def _ping(self) -> None:
        link = self._link
        if link is not None and not link.writer.is_closing():
            link.send(["ping"])
            asyncio.get_running_loop().call_later(HEARTBEAT, self._ping)

    def _take(self, frame: RematchFrame) -> None:
        try:
            note = read_note(frame.data, frame.signature, self.game_id, self.members)
        except RematchError as exc:
            log.info("rematch note refused: %s", exc)
            return
        if note.signer != self.host or note.kind == "answer":
            return  # only the host offers and seats
        if note.kind == "offer":
            if self.offer is not None:
                return  # a replayed offer: the same
            self.offer = note
        elif note.kind == "table" and (
            self.answered is not True or self.identity.public not in note.members
        ):
            return  # a table this member did not accept, or that does not seat it
        self.on_note(note)

    def answer(self, accepted: bool) -> bool:
        """Send this member's signed answer to the offer (once); False if there is no offer or
        no connection any more."""
        link = self._link
        if self.offer is None or self.answered is not None or link is None:
            return False
        self.answered = accepted
        data, signature = sign_note(self.identity, "answer", self.game_id, accepted)
        link.send(["rematch", data, signature])
        return True

    async def stop(self) -> None:
        link = self._link
        if link is not None:
            await link.close()


@dataclass(frozen=True)
class Plan:
    """A rematch to host (:func:`offer`): the finished game and the new table's seats."""

    game_id: bytes
    game: str
    options: tuple[Any, ...]
    abandon_after: int
    seats: tuple[tuple[bytes, str], ...]
    """The new table's members and names, in order (:func:`seating`)."""
    bots: tuple[tuple[str, str], ...]
    """The host's bots, ``(level, name)``, in the order of its bots' profiles."""
    relay: Any
    """The finished table's relay (a :class:`~.relay.Relay`), kept open for the table note."""

    def announce(self, identity: Identity, invite: Invite) -> None:
        """Tell the members who accepted where the new table is (a signed ``table`` note)."""
        keys = tuple(k for k, _ in self.seats)
        self.relay.send_note(*sign_note(identity, "table", self.game_id, str(invite), keys))


async def offer(service: Any, seconds: int = OFFER_SECONDS) -> Plan | None:
    """The host's side: offer a rematch through the finished table's relay and take the
    answers for ``seconds`` at most (until every other member answered); ``service`` is the
    host's :class:`~.service.TableService` whose game is over. Reports to its listener
    ``rematch-offered`` (seconds), ``rematch-answer`` ((seat, accepted)) for each answer and
    ``rematch-silent`` (seats that did not answer) at the end.

    Returns:
        The new table's plan, or None — nobody accepted, or too few for the game (reported as
        ``rematch-none``).

    Raises:
        RematchError: this service hosts no finished table.
    """
    from .. import games

    peer, relay = service.peer, service.relay
    table = peer.machine.table if peer is not None else None
    if relay is None or table is None or peer.outcome is None or relay.game_id != table.game_id:
        raise RematchError("only the host of a finished table offers a rematch")
    identity = service.profile.identity
    here = [identity.public, *(b.identity.public for b in service.bots)]
    others = [k for k in table.members if k not in here]
    answers: dict[bytes, bool] = {}
    done = asyncio.Event()
    listener = service.listener

    def take(key: bytes, data: bytes, signature: bytes) -> None:
        try:
            note = read_note(data, signature, table.game_id, table.members)
        except RematchError as exc:
            log.info("rematch answer refused: %s", exc)
            return
        if note.kind != "answer" or note.signer != key or key not in others or key in answers:
            return
        answers[key] = note.accepted
        listener.on_status("rematch-answer", (table.members.index(key), note.accepted))
        if len(answers) == len(others):
            done.set()

    relay.on_note = take
    relay.send_note(*sign_note(identity, "offer", table.game_id, seconds))
    listener.on_status("rematch-offered", seconds)
    if others:
        closing = asyncio.ensure_future(service.closing.wait())
        answered = asyncio.ensure_future(done.wait())
        await asyncio.wait((closing, answered), timeout=seconds, return_when="FIRST_COMPLETED")
        closing.cancel()
        answered.cancel()
    relay.on_note = None
    if service.closing.is_set():
        return None
    silent = tuple(table.members.index(k) for k in others if k not in answers)
    if silent:
        listener.on_status("rematch-silent", silent)
    accepted = [k for k in others if answers.get(k)]
    seats = seating(table.members, table.names, here, accepted)
    if not accepted or len(seats) not in games.get(table.game).seats:
        listener.on_status("rematch-none", None)
        return None
    bots = tuple((b.bot_level, b.name) for b in service.bots)
    return Plan(
        table.game_id,
        table.game,
        table.options,
        table.abandon_after,
        tuple(seats),
        bots,
        relay,
    )


def watch(service: Any, peer: Any) -> RematchWatch | None:
    """The member's side, once its game is over: a watch of the finished table's relay when
    another member hosts it (the host is the relay's key), reporting ``rematch-offer`` ((host
    seat, seconds)) and ``rematch-table`` ((invite, game, options, member keys)) to
    ``service``'s listener; None when there is nothing to watch."""
    table = peer.machine.table
    relay_key = next((k for k in table.members if _fingerprint(k) == peer.invite.fingerprint), None)
    me = service.profile.identity.public
    if peer.role != "player" or relay_key is None or relay_key == me or service.relay is not None:
        return None
    listener = service.listener

    def on_note(note: Note) -> None:
        if note.kind == "offer":
            listener.on_status("rematch-offer", (table.members.index(note.signer), note.seconds))
        elif note.kind == "table":
            listener.on_status(
                "rematch-table", (note.invite, table.game, table.options, note.members)
            )

    return RematchWatch(
        service.profile.identity,
        service.name,
        peer.invite,
        table.game_id,
        table.members,
        relay_key,
        on_note,
    )


def _fingerprint(key: bytes) -> str:
    from protocol.identity import fingerprint

    return fingerprint(key)
