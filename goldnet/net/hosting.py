"""The relay side of a table service: the table a host may open (seats, options and bots
checked: :func:`plan_table`), where a hosted relay listens, its LAN announcement, a relay rebuilt
from a journal, and finding or yielding to a member's re-hosted relay.

Rules (the decisions of docs/network.md §9a):

- A table whose seats are all taken in this process (a game against bots on this computer)
  listens on 127.0.0.1 only and is not announced; any other listens on the first mDNS interface
  when one is set, else on every interface, and is announced on the LAN.
- A port asked for explicitly is that port or an error (:class:`~.errors.CannotListen`); the
  usual port (:data:`DEFAULT_PORT`) falls back to any free port when it is taken.
- A re-hosted relay (``resume --host``, or the host reopening its own table) holds the
  journal's envelopes in the game's order, then this member's own; it is announced with the
  game id, and gives way to a lower seat's relay only once that relay showed its member's key.
- A table's ``shadows`` (the deck's ``k``) is chosen by its host only for a game whose cards
  the deck deals, within the protocol's range (:func:`check_shadows`).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import secrets
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from protocol.deck_messages import MAX_SHADOWS, MIN_SHADOWS
from protocol.identity import Identity, fingerprint

from .. import games
from ..profile import Profile
from .client import NetPeer
from .connection import shows_key
from .errors import CannotListen
from .invite import GAME_PREFIX, Invite
from .journal import JournalState, game_id_of, read_journal, unfinished
from .relay import Relay

log = logging.getLogger("goldnet.net.hosting")

DEFAULT_PORT = 47001
"""The usual port of a hosted table."""
LOOPBACK = "127.0.0.1"
REHOST_BROWSE = 3.0
"""Seconds a peer listens on the LAN for a re-hosted relay of its game."""


def drawn(n: int) -> int:
    """A number in ``[0, n)`` from the operating system's randomness (table options, seats)."""
    return secrets.randbelow(n)


def table_options(info: games.GameInfo, given: Mapping[str, Any] | None) -> tuple[int, ...]:
    """A table's options: those ``given`` by name, the others (missing or ``None``) drawn.

    Raises:
        ValueError: a given value is not one of its option's values.
    """
    texts = {name: None if value is None else str(value) for name, value in (given or {}).items()}
    return info.parse_options(texts, lambda _name, n: drawn(n))


def reach(bind: str) -> str:
    """The address this process reaches its own relay at (bound to ``bind``)."""
    return LOOPBACK if bind in ("0.0.0.0", "") else bind


@dataclass(frozen=True)
class TablePlan:
    """A hosted table's seats and options, checked (:func:`plan_table`)."""

    seats: int
    options: tuple[int, ...]
    plays: bool
    """The host's player takes a seat."""
    local_only: bool
    """Every seat is taken in this process: nobody joins over the network."""

    def members(
        self, me: tuple[bytes, str], others: Sequence[tuple[bytes, str]], seat: int
    ) -> list[tuple[bytes, str]]:
        """The seats taken in this process, in seat order: the host's player (``me``) first,
        then its bots (``others``) — or, when every seat is here, the player at ``seat`` (-1 or
        out of range: drawn) and the bots around it."""
        if not self.plays:
            return list(others)
        if not self.local_only:
            return [me, *others]
        where = seat if 0 <= seat < self.seats else drawn(self.seats)
        return [*others[:where], me, *others[where:]]


def plan_table(
    info: games.GameInfo,
    seats: int | None,
    options: Mapping[str, Any] | None,
    shadows: int | None,
    plays: bool,
    bot: str,
    bot_levels: Sequence[str],
) -> TablePlan:
    """Check a table to host: ``seats`` (``None``: the fewest the game has), ``options`` by name
    (the others drawn), ``shadows`` (:func:`check_shadows`), whether the host's player takes a
    seat (``plays``, played by the bot level ``bot`` or by hand: ``""``) and the levels of the
    bots of this process.

    Raises:
        ValueError: an unknown option, seat count or bot level, ``shadows`` out of place, or
            more players in this process than seats.
    """
    count = seats or info.seats[0]
    chosen = table_options(info, options)
    info.check(chosen, count)
    check_shadows(info, chosen, count, shadows)
    for level in [bot, *bot_levels]:
        if level and level not in info.bot_levels:
            raise ValueError(f"{info.title} has no bot {level!r}: {', '.join(info.bot_levels)}")
    local = int(plays) + len(bot_levels)
    if local > count:
        raise ValueError(f"{local} players in this process for a table of {count} seats")
    return TablePlan(count, chosen, plays, local == count)


def bind_address(interfaces: list[str] | None, local_only: bool) -> str:
    """Where a hosted relay listens (module docstring)."""
    if local_only:
        return LOOPBACK
    return interfaces[0] if interfaces else "0.0.0.0"


def lan_address(interfaces: list[str] | None) -> str:
    """The address others should connect to (the one an invite names): the first mDNS
    interface, else this machine's first address on a plain LAN adapter — before a virtual
    (VPN, container, virtual machine) or skipped adapter's, before a link-local one
    (169.254/16: an adapter no DHCP server answered), never loopback while there is another
    (docs/discovery.md, "Interfaces")."""
    if interfaces:
        return interfaces[0]
    from .discovery import Candidate, survey

    def rank(candidate: Candidate) -> tuple[bool, bool]:
        return bool(candidate.skip) or candidate.virtual, candidate.address.startswith("169.254.")

    found = [c for c in survey() if not c.address.startswith("127.")]
    return min(found, key=rank).address if found else LOOPBACK


async def listen(relay: Relay, bind: str, port: int | None) -> int:
    """Start ``relay`` on ``bind``: on ``port``, or (``None``) on :data:`DEFAULT_PORT` and any
    free port if that one is taken; returns the port.

    Raises:
        CannotListen: the port is taken or the address is not this machine's.
    """
    try:
        return await relay.start(bind, DEFAULT_PORT if port is None else port)
    except OSError as exc:
        if port is None:
            with contextlib.suppress(OSError):
                return await relay.start(bind, 0)
        taken = exc.errno == errno.EADDRINUSE
        hint = "try --port 0" if taken or port is None else f"check the address {bind}"
        shown = DEFAULT_PORT if port is None else port
        raise CannotListen(f"cannot listen on port {shown}: {exc.strerror}; {hint}") from None


class Announcement:
    """A hosted table's announcement on the LAN, its free seats kept up to date from the
    relay's seats. A full table stays announced with no free seat — while it plays, others
    find it to watch it as spectators — until the service closes the announcement. Failing to
    announce is no error: the invite code still works."""

    def __init__(self, interfaces: list[str] | None) -> None:
        self.interfaces = interfaces
        self._announcer: Any = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(
        self, relay: Relay, name: str, address: str, port: int, game_id: str = ""
    ) -> bool:
        """Announce ``relay``'s table (``game_id``: a re-hosted game's, in hex); False when no
        interface could announce it."""
        from .discovery import Announcer, DiscoveryError, TableInfo

        announcer = Announcer(self.interfaces)
        self._announcer = announcer
        identity_fp = relay.fingerprint
        info = TableInfo(
            name[:60], relay.game, relay.free_seats, identity_fp, address, port, game_id=game_id
        )
        try:
            await announcer.start(info)
        except (DiscoveryError, OSError, ValueError) as exc:
            log.warning("cannot announce the table: %s", exc)
            return False
        if game_id:
            return True  # a re-hosted table: its seats are the game's, never free

        def on_seats(members: list[tuple[bytes, str]]) -> None:
            self._spawn(announcer.update(max(0, relay.seats - len(members))))

        relay.on_seats = on_seats
        if relay.free_seats != info.free_seats:  # seats taken while the announcement started
            self._spawn(announcer.update(max(0, relay.free_seats)))
        return True

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        """Withdraw the announcement (bounded; idempotent)."""
        for task in list(self._tasks):
            task.cancel()
        announcer, self._announcer = self._announcer, None
        if announcer is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(announcer.close(), 3.0)


def table_name_of(names: tuple[str, ...]) -> str:
    """The name a re-hosted table is shown under: its first seat's."""
    return f"{names[0]}'s table"[:60]


def relay_from_journal(identity: Identity, peer: NetPeer, state: JournalState) -> Relay:
    """A relay of ``identity`` for the table of ``peer``'s game, holding every envelope the
    journal has: the game's own order first (each envelope after what it answers), then the
    rest, so that a peer reading the log from 0 never holds a long queue."""
    table = peer.machine.table
    assert table is not None
    envelopes = list(dict.fromkeys([*peer.machine.full_record(), *state.outgoing]))
    return Relay(
        identity,
        table_name=table_name_of(table.names),
        game=table.game,
        seats=len(table.members),
        log=envelopes,
        members=list(zip(table.members, table.names, strict=True)),
    )


def game_prefix(peer: NetPeer) -> str:
    """The game id's prefix that invite codes and announcements of a re-hosted table carry."""
    return peer.machine.game_id[:GAME_PREFIX].hex()


def rehost_finder(
    peer: NetPeer, interfaces: list[str] | None
) -> Callable[[], Awaitable[Invite | None]]:
    """What ``peer`` calls when its relay stays gone: a member's re-hosted relay of its game on
    the LAN (the lowest seat's), or ``None``."""

    async def find() -> Invite | None:
        from .discovery import DiscoveryError, find_rehost

        table = peer.machine.table
        if table is None:
            return None
        game = game_prefix(peer)
        members = [fingerprint(k) for k in table.members]
        try:
            info = await find_rehost(game, members, REHOST_BROWSE, interfaces)
        except DiscoveryError as exc:
            log.info("cannot look for a re-hosted table: %s", exc)
            return None
        return None if info is None else Invite(info.host, info.port, info.fingerprint, game)

    return find


async def yield_to_lower_seat(peer: NetPeer, relay: Relay, interfaces: list[str] | None) -> None:
    """While this member re-hosts, watch for a lower seat's re-host of the same game; if one
    appears and shows its member's key, move there and close this relay (the others follow
    the lowest seat too)."""
    from .discovery import find_rehost

    table = peer.machine.table
    assert table is not None
    me = peer.machine.seat_of(peer.identity.public)
    members = [fingerprint(k) for k in table.members]
    game = game_prefix(peer)
    while peer.outcome is None:
        with contextlib.suppress(Exception):
            info = await find_rehost(game, members[: me or 0], REHOST_BROWSE, interfaces)
            if info is not None and await shows_key(info.host, info.port, info.fingerprint):
                log.info("seat %s re-hosted this table too: moving there", info.fingerprint)
                peer.switch_relay(Invite(info.host, info.port, info.fingerprint, game))
                await relay.close()
                return
        await asyncio.sleep(1.0)


def check_shadows(
    info: games.GameInfo, options: tuple[Any, ...], seats: int, shadows: int | None
) -> None:
    """Check the shadow shuffles a host asks of a table (``None``: the protocol's default).

    Raises:
        ValueError: ``shadows`` for a game without cards, or outside 20 to 64.
    """
    if shadows is None:
        return
    if not info.new_state(options, seats).decks():
        raise ValueError(f"{info.title} has no cards to deal: shadow shuffles do not apply")
    if type(shadows) is not int or not MIN_SHADOWS <= shadows <= MAX_SHADOWS:
        raise ValueError(f"{shadows!r} shadow shuffles is outside {MIN_SHADOWS}-{MAX_SHADOWS}")


def bots_of(folder: Path, game_id: bytes) -> dict[bytes, tuple[Profile, JournalState]]:
    """The bots of the profile ``folder`` (profiles under its ``bots/``) with an unfinished
    journal of the game ``game_id``, by key. Matched by the game id its table gives, never by
    the invite code: tables hosted one after another on one port share it, and a bot resumed
    from another game's journal — or from one a crash left before its table came, with nothing
    journalled — would take the seat of this game's bot, or sign a second commit at its
    sequence number 0 (docs/security.md, "Which table")."""
    found: dict[bytes, tuple[Profile, JournalState]] = {}
    for bot_folder in sorted((folder / "bots").glob("*")):
        if not (bot_folder / "identity.key").exists():
            continue
        bot_profile = Profile(bot_folder)
        for path in unfinished(bot_folder / "journal"):
            bot_state = read_journal(path)
            if game_id_of(bot_state) == game_id:
                found[bot_profile.identity.public] = (bot_profile, bot_state)
                break
    return found
