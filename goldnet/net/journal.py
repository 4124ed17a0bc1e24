"""The journal: an append-only file per game in the profile.

A crashed or rebooted client rebuilds its game from it and rejoins (``goldnet resume``).
Entries are frames (4-byte big-endian length + canonical msgpack array):

| entry | fields | when |
| --- | --- | --- |
| ``meta`` | invite code, role, name, game, options (array), bot level or "" | first |
| ``seed`` | chain number, beacon seed (32 bytes, secret) | before the chain's commitment is sent |
| ``deckseed`` | deck seed (32 bytes, secret): a game the deck deals | before the deck key is sent |
| ``bind`` | the address this peer's relay listens on | the host: after ``meta`` |
| ``out`` | an envelope this peer made | before it is sent (write-ahead, fsynced per batch) |
| ``in`` | log index, envelope bytes | each envelope of the game the peer accepted |
| ``moved`` | invite code of the relay the game moved to | when a member re-hosts the table |
| ``end`` | how it ended (``over``, ``abandoned``, ``halted``), record path, reason | at the end |
| ``local`` | dealer seed (32 bytes), ``[seat, bot level, private key]`` per bot | after ``meta`` |
| ``botseed`` | a bot's seat, chain number, beacon seed (32 bytes, secret) | as ``seed`` |

A game against bots on this computer (:mod:`goldnet.botgame`) is journalled in the same file
format and folder: its ``meta`` has no invite code (``""``); its ``local`` entry (secret, like
``seed``) holds the bots' keys and the dealer's seed (this process is every bot and the trusted
dealer); ``out`` holds the player's envelopes and ``in`` the bots', each indexed by its place in
the game's one order of envelopes.

Each write is flushed; ``seed``, ``deckseed``, ``out`` and ``end`` entries are also fsynced, so
that a peer never signs two different envelopes with one sequence number across a crash, and
never commits to a chain (or deals with a deck seed) it could lose. The ``out`` entries of the
envelopes a peer makes at one step (a move and the reveal it makes due) are written together
with one fsync, before any of them is sent: a crash may lose envelopes that never left, never
one that did. A journal of protocol version 1 (one ``seed`` entry of two fields) is read, but
its game cannot be resumed.
A torn last entry (the process died mid-write: a proper prefix of one entry) is ignored when
reading, and cut off when the journal is reopened to go on; damage anywhere else — a length
field that reaches past the end of the file over whole entries included — is a
:class:`JournalError` (never cut off: the entries after it may be envelopes this peer signed).
An open journal is locked (POSIX): a second process (``goldnet resume`` while the game still
runs) gets a :class:`JournalError` instead of playing the same seat. It holds this peer's beacon
seed, so it is its owner's only: mode 0600 in a 0700 folder on POSIX (both tightened when an
older version left them open).
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

import msgpack

from protocol.codec import pack, unpack
from protocol.envelope import Envelope
from protocol.errors import RemoteProtocolError
from protocol.messages import MessageError, Table

from ..errors import GoldnetError
from ..profile import private_folder

SUFFIX = ".journal"
_sync = getattr(os, "fdatasync", os.fsync)
"""What "fsynced" means here: ``fdatasync`` where the system has it (the data and what reading
it back needs, such as the file's length — not its times), else ``fsync``."""
PRIVATE_FILE = 0o600
MAX_ENTRY = 1 << 20


class JournalError(GoldnetError):
    """A journal that cannot be read or written; names the file and the problem."""


@dataclass
class JournalState:
    """What a journal holds."""

    path: Path
    meta: tuple[Any, ...] = ()
    seeds: list[bytes] = field(default_factory=list)
    deck_seed: bytes | None = None
    """This peer's deck seed, for a game whose cards the deck deals (None: none drawn)."""
    bind: str | None = None
    """The address this peer's own relay was bound to (the host), so that ``resume`` rebinds
    there; None for a joiner or a journal written before this entry existed."""
    incoming: list[tuple[int, bytes]] = field(default_factory=list)
    outgoing: list[bytes] = field(default_factory=list)
    moved: str | None = None
    """The invite code of the relay the game moved to last (a re-host), if any."""
    end: tuple[str, str, str] | None = None
    """``(how, record path, reason)`` once the game has ended."""
    protocol: int = 2
    local: LocalSeats | None = None
    """A game against bots on this computer: its bots and dealer seed (``None``: a network
    game)."""
    bot_seeds: dict[int, list[bytes]] = field(default_factory=dict)
    """A game against bots on this computer: each bot seat's beacon seeds, chain 0 first."""


@dataclass(frozen=True)
class LocalSeats:
    """The ``local`` entry of a game against bots on this computer: the dealer's seed and, per
    bot seat, ``(seat, bot level, 32-byte private key)``."""

    dealer: bytes
    bots: tuple[tuple[int, str, bytes], ...]


class Journal:
    """An open journal file, appended to."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            private_folder(path.parent)
            flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0)
            fd = os.open(path, flags, PRIVATE_FILE)
            self._file: BinaryIO = os.fdopen(fd, "ab", buffering=0)
            if os.name == "posix" and stat.S_IMODE(os.fstat(fd).st_mode) != PRIVATE_FILE:
                os.fchmod(fd, PRIVATE_FILE)
        except OSError as exc:
            raise JournalError(f"cannot open the journal {path}: {exc.strerror}") from None
        try:
            _lock(self._file)
        except OSError:
            self._file.close()
            raise JournalError(
                f"the journal {path} is in use by another goldnet process: "
                "that game is still running"
            ) from None
        try:  # resuming: new entries must follow the last whole one
            data = path.read_bytes()
            whole = _whole(path, data)
            if whole < len(data):
                self._file.truncate(whole)  # a torn last entry
        except OSError as exc:
            self._file.close()
            raise JournalError(f"cannot open the journal {path}: {exc.strerror}") from None
        except JournalError:
            self._file.close()
            raise
        self._size = whole
        """Bytes of whole entries in the file: where a failed write is cut back to."""
        self._fault = ""
        """Why a write failed ("" until one did): nothing more is written after it."""

    def _write(self, *entries: list[Any], sync: bool = False) -> None:
        """Append ``entries`` (one write, one flush; one fsync for all of them if ``sync``)."""
        frames = []
        for entry in entries:
            payload = pack(entry)
            frames.append(len(payload).to_bytes(4, "big") + payload)
        if self._file.closed:
            raise JournalError(f"cannot write the journal {self.path}: it is closed")
        if self._fault:
            raise JournalError(self._fault)
        data = memoryview(b"".join(frames))
        fd = self._file.fileno()
        try:
            while data:  # the file is unbuffered: a short write (a disk filling up) goes on
                data = data[os.write(fd, data) :]
            if sync:
                _sync(fd)
        except OSError as exc:
            # A full or failing disk: cut the entries back to the last whole one and write
            # nothing more, so that the journal never holds a torn entry before whole ones
            # (which would be damage: the game could not be resumed from it).
            self._fault = f"cannot write the journal {self.path}: {exc.strerror}"
            with contextlib.suppress(OSError):
                os.ftruncate(fd, self._size)
            raise JournalError(self._fault) from None
        self._size += sum(map(len, frames))

    def meta(
        self, invite: str, role: str, name: str, game: str, options: tuple[Any, ...], bot: str
    ) -> None:
        self._write(["meta", invite, role, name, game, list(options), bot], sync=True)

    def seed(self, index: int, seed: bytes) -> None:
        self._write(["seed", index, seed], sync=True)

    def deck_seed(self, seed: bytes) -> None:
        """This peer's deck seed, before the deck key derived from it is sent."""
        self._write(["deckseed", seed], sync=True)

    def bind(self, address: str) -> None:
        self._write(["bind", address], sync=True)

    def outgoing(self, *envelopes: bytes) -> None:
        """Journal ``envelopes`` this peer made, in order, with one fsync: call it before any
        of them is sent (write-ahead)."""
        if envelopes:
            self._write(*(["out", envelope] for envelope in envelopes), sync=True)

    def incoming(self, index: int, envelope: bytes) -> None:
        self._write(["in", index, envelope])

    def moved(self, invite: str) -> None:
        self._write(["moved", invite], sync=True)

    def end(self, how: str, record: str, reason: str = "") -> None:
        self._write(["end", how, record, reason], sync=True)

    def local(self, seats: LocalSeats) -> None:
        """A game against bots on this computer: its bots (with their private keys) and the
        dealer's seed, before anything is signed."""
        bots = [[seat, level, key] for seat, level, key in seats.bots]
        self._write(["local", seats.dealer, bots], sync=True)

    def bot_seed(self, seat: int, index: int, seed: bytes) -> None:
        """A bot's beacon seed (a game against bots on this computer), before its commitment."""
        self._write(["botseed", seat, index, seed], sync=True)

    def close(self) -> None:
        self._file.close()


def hold(path: Path) -> BinaryIO:
    """Open ``path`` (created if needed) and lock it for this process alone, until the file is
    closed (POSIX; on Windows it is only opened, see :func:`_lock`).

    Raises:
        OSError: another open file holds it (another process, or another holder here).
    """
    file = path.open("ab")
    try:
        _lock(file)
    except OSError:
        file.close()
        raise
    return file


def _lock(file: BinaryIO) -> None:
    """Hold ``file`` for this process alone: two processes playing one seat from one journal
    would sign two different envelopes with one sequence number (OSError if already held).
    POSIX advisory lock; not on Windows, whose byte-range locks would also block reading."""
    if sys.platform != "win32":
        import fcntl

        fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)


def _scan(data: bytes) -> Iterator[tuple[int, Any]]:
    """Each whole entry of ``data`` and the offset where it ends; stops at a torn one."""
    offset = 0
    while offset + 4 <= len(data):
        size = int.from_bytes(data[offset : offset + 4], "big")
        if size > MAX_ENTRY or offset + 4 + size > len(data):
            return  # a torn last entry
        try:
            entry = unpack(data[offset + 4 : offset + 4 + size], MAX_ENTRY)
        except RemoteProtocolError:
            return
        offset += 4 + size
        yield offset, entry


def _whole(path: Path, data: bytes) -> int:
    """Where the whole entries of ``data`` end. What follows may only be a torn last entry (a
    prefix of one frame: the process died mid-write); anything else is damage, and cutting it
    off would forget envelopes this peer signed, which it would then sign anew.

    Raises:
        JournalError: damage before the end, naming the byte.
    """
    whole = max((offset for offset, _ in _scan(data)), default=0)
    rest = data[whole:]
    if len(rest) >= 4 and rest.strip(b"\0"):  # zeros only: what a crash left unwritten
        size = int.from_bytes(rest[:4], "big")
        if size > MAX_ENTRY or 4 + size <= len(rest) or _holds_a_value(rest[4:]):
            raise JournalError(
                f"the journal {path} is damaged at byte {whole}: resuming from it could sign "
                "an envelope twice"
            )
    return whole


def _holds_a_value(payload: bytes) -> bool:
    """Whether ``payload`` (what follows a last length field that reaches past the end) cannot
    be the start of a torn entry: it begins with a whole msgpack value, or with bytes that
    start none. A torn entry is a proper prefix of one value's encoding, and msgpack encodings
    are prefix-free: such a prefix holds no whole value — but a damaged length field followed by
    the entries it used to count does. Zero bytes only (a file system may fill with them what
    a crash left unwritten) are a torn entry."""
    if not payload.strip(b"\0"):
        return False
    unpacker = msgpack.Unpacker(max_buffer_size=MAX_ENTRY, raw=False)
    unpacker.feed(payload)
    try:
        unpacker.unpack()
    except msgpack.OutOfData:
        return False
    except Exception:  # bytes that start no value: damage, whatever msgpack calls it
        return True
    return True


def _entries(data: bytes) -> Iterator[tuple[Any, ...]]:
    for _, entry in _scan(data):
        if isinstance(entry, tuple) and entry and isinstance(entry[0], str):
            yield entry


def read_journal(path: Path) -> JournalState:
    """Everything a journal file holds.

    Raises:
        JournalError: unreadable, or without its meta and seed entries.
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise JournalError(f"cannot read the journal {path}: {exc.strerror}") from None
    _whole(path, data)
    state = JournalState(path)
    for entry in _entries(data):
        kind = entry[0]
        if kind == "meta" and len(entry) == 7:
            state.meta = entry[1:]
        elif kind == "seed" and len(entry) == 2:
            state.protocol = 1
        elif kind == "seed" and len(entry) == 3 and isinstance(entry[2], bytes):
            if entry[1] != len(state.seeds) or len(entry[2]) != 32:
                raise JournalError(f"the journal {path} has its beacon seeds out of order")
            state.seeds.append(entry[2])
        elif kind == "deckseed" and len(entry) == 2:
            if not isinstance(entry[1], bytes) or len(entry[1]) != 32 or state.deck_seed:
                raise JournalError(f"the journal {path} is damaged: a second or bad deck seed")
            state.deck_seed = entry[1]
        elif kind == "bind" and len(entry) == 2 and isinstance(entry[1], str):
            state.bind = entry[1]
        elif kind == "in" and len(entry) == 3 and isinstance(entry[2], bytes):
            if type(entry[1]) is not int or entry[1] < 0:  # resuming would ask from anywhere
                raise JournalError(f"the journal {path} is damaged: a log index is not a count")
            state.incoming.append((entry[1], entry[2]))
        elif kind == "out" and len(entry) == 2 and isinstance(entry[1], bytes):
            state.outgoing.append(entry[1])
        elif kind == "moved" and len(entry) == 2 and isinstance(entry[1], str):
            state.moved = entry[1]
        elif kind == "end" and len(entry) == 2:
            state.end = ("over", str(entry[1]), "")
        elif kind == "end" and len(entry) == 4:
            state.end = (str(entry[1]), str(entry[2]), str(entry[3]))
        elif kind == "local" and len(entry) == 3:
            state.local = _local_seats(path, entry[1], entry[2])
        elif kind == "botseed" and len(entry) == 4:
            _, seat, index, seed = entry
            seeds = state.bot_seeds.setdefault(seat, []) if type(seat) is int else []
            if index != len(seeds) or not isinstance(seed, bytes) or len(seed) != 32:
                raise JournalError(f"the journal {path} has a bot's beacon seeds out of order")
            seeds.append(seed)
    if not state.meta:
        raise JournalError(f"the journal {path} lacks its meta entry")
    return state


def _local_seats(path: Path, dealer: Any, bots: Any) -> LocalSeats:
    """The ``local`` entry's fields, checked.

    Raises:
        JournalError: malformed (names the file).
    """
    good = isinstance(dealer, bytes) and len(dealer) == 32 and isinstance(bots, tuple)
    seats: list[tuple[int, str, bytes]] = []
    for bot in bots if good else ():
        if not (
            isinstance(bot, tuple)
            and len(bot) == 3
            and type(bot[0]) is int
            and isinstance(bot[1], str)
            and isinstance(bot[2], bytes)
            and len(bot[2]) == 32
        ):
            good = False
            break
        seats.append((bot[0], bot[1], bot[2]))
    if not good:
        raise JournalError(f"the journal {path} is damaged: its bots cannot be read")
    return LocalSeats(dealer, tuple(seats))


def unfinished(folder: Path) -> list[Path]:
    """Journals in ``folder`` whose game has not ended, newest first (journals of protocol
    version 1 are left out: their games cannot go on under version 2)."""
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob(f"*{SUFFIX}"):
        try:
            state = read_journal(path)
            if state.end is None and state.protocol == 2:
                found.append(path)
        except JournalError:
            continue
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)


PLAYED = "games-played"
"""A profile's file of the game ids it signed in, one in hex per line (:func:`note_played`)."""


def played(folder: Path) -> set[bytes]:
    """The game ids the profile ``folder`` signed in (lines that are no game id are skipped:
    a torn last line loses nothing else)."""
    try:
        text = (folder / PLAYED).read_text(encoding="ascii", errors="replace")
    except FileNotFoundError:
        return set()
    except OSError as exc:
        raise JournalError(f"cannot read {folder / PLAYED}: {exc.strerror}") from None
    found = set()
    for line in text.splitlines():
        with contextlib.suppress(ValueError):
            game_id = bytes.fromhex(line.strip())
            if len(game_id) == 32:
                found.add(game_id)
    return found


def note_played(folder: Path, game_id: bytes) -> None:
    """Add ``game_id`` to the games the profile ``folder`` signed in, synced to disk before
    it returns — before the peer signs anything in that game (docs/security.md, "Which table").

    Raises:
        JournalError: the file cannot be written (a full disk, a read-only folder).
    """
    if game_id in played(folder):
        return
    path = folder / PLAYED
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="ascii") as file:
            file.write(game_id.hex() + "\n")
            file.flush()
            os.fsync(file.fileno())
    except OSError as exc:
        raise JournalError(f"cannot write {path}: {exc.strerror}") from None


def journal_path(folder: Path, label: str) -> Path:
    """A new journal's path in the profile ``folder``: ``journal/LABEL-RANDOM.journal``, the
    label (a table name, a host) made safe for a file name."""
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in label)[:40]
    return folder / "journal" / f"{safe}-{os.urandom(4).hex()}{SUFFIX}"


def record_path(folder: Path, game: str, first_name: str, game_id: bytes) -> Path:
    """Where the record of a game is saved in the profile ``folder`` (created if needed):
    ``records/GAME-FIRSTNAME-GAMEID.goldnet``, the first seat's name made safe for a file name."""
    records = folder / "records"
    records.mkdir(parents=True, exist_ok=True)
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in first_name)[:30]
    return records / f"{game}-{safe}-{game_id.hex()[:12]}.goldnet"


def describe_journal(path: Path) -> dict[str, Any]:
    """What an interrupted game's journal says: ``invite`` (``""`` for a game against bots on
    this computer), ``name`` (the player's), ``modified`` (seconds since the epoch),
    ``entries`` (envelopes received), ``local`` (a game against bots on this computer),
    ``game`` (the registry name), ``options`` (the table's, or those this peer would have
    proposed; ``()`` when none are known), and once the table is known ``names`` (every seat's, in
    seat order; ``()`` before) and ``seat`` (the player's; ``None`` before, or a spectator).

    Raises:
        JournalError: unreadable.
    """
    state = read_journal(path)
    table, seat = _table_of(state)
    return {
        "invite": state.meta[0],
        "name": state.meta[2],
        "modified": path.stat().st_mtime,
        "entries": len(state.incoming),
        "local": state.local is not None,
        "game": table.game if table is not None else str(state.meta[3]),
        "options": table.options if table is not None else tuple(state.meta[4] or ()),
        "names": table.names if table is not None else (),
        "seat": seat,
    }


def game_id_of(state: JournalState) -> bytes | None:
    """The game id of a journal's game (its table's), ``None`` before the table came."""
    table, _ = _table_of(state)
    return None if table is None else table.game_id


def _table_of(state: JournalState) -> tuple[Table | None, int | None]:
    """The table of a journal's game (its first envelope, this peer's or another's) and this
    peer's seat at it (the sender of its own envelopes), when the journal holds them."""
    own = _sender(state.outgoing[0]) if state.outgoing else None
    for data in [*state.outgoing[:1], *(d for _, d in state.incoming[:1])]:
        try:
            env = Envelope.decode(data)
            if env.type != "table":
                continue
            table = Table.from_body(env.body)
        except (RemoteProtocolError, MessageError):
            continue
        seat = table.members.index(own) if own in table.members else None
        return table, seat
    return None, None


def _sender(data: bytes) -> bytes | None:
    try:
        return Envelope.decode(data).sender
    except RemoteProtocolError:
        return None
