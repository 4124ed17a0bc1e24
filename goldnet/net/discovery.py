"""LAN discovery of goldnet tables over mDNS / DNS-SD (DESIGN §6), on python-zeroconf's asyncio API.

A hosting peer announces one ``_goldnet._tcp.local.`` service per open table; the lobby browses
for them. The TXT record carries ``v`` (protocol version), ``game``, ``name`` (the human table
name), ``free`` (free seats) and ``fp`` (the host's key fingerprint text). See docs/discovery.md.

Invariants:

- IPv4 only. The interfaces are injectable everywhere (``None`` = every IPv4 interface, the
  product default); tests keep mDNS on 127.0.0.1 or on network namespaces of their own.
- An interface that cannot be opened is skipped with a warning, never a crash; only when no
  interface at all can be opened does :func:`open_zeroconf` raise :class:`DiscoveryError`.
- The browser's view holds at most one table per fingerprint, never by address: among the
  service instances carrying the same ``fp``, the one added or updated most recently wins.
- A TXT record that is malformed or carries another protocol version is ignored (logged at
  debug level); it never reaches the view and never raises.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import os
import time
import traceback
import unicodedata
import uuid
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from types import TracebackType
from typing import Any, Literal, Self

import ifaddr
from zeroconf import (
    DNSQuestionType,
    InterfaceChoice,
    IPVersion,
    RecordUpdate,
    RecordUpdateListener,
    ServiceStateChange,
    Zeroconf,
)
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

__all__ = [
    "ENV_INTERFACES",
    "PROTOCOL_VERSION",
    "SERVICE_TYPE",
    "Announcer",
    "Browser",
    "DiscoveryError",
    "EventKind",
    "TableEvent",
    "TableInfo",
    "all_ipv4_addresses",
    "bound_addresses",
    "find_table",
    "find_tables",
    "instance_name",
    "interfaces_from_env",
    "open_zeroconf",
]

SERVICE_TYPE = "_goldnet._tcp.local."
PROTOCOL_VERSION = 2
ENV_INTERFACES = "GOLDNET_MDNS_INTERFACES"

log = logging.getLogger("goldnet.net.discovery")

# RFC 6763 §4.1.1: an instance name is one DNS label, at most 63 bytes of UTF-8. python-zeroconf
# renames on a conflict by appending "-2", "-3", …, so our own names stop 4 bytes short.
_MAX_LABEL_BYTES = 63
_RENAME_ROOM = 4
# RFC 6763 §6.1: one TXT string ("key=value") is at most 255 bytes.
_MAX_TXT_ENTRY = 255
# Short TTLs (seconds) so a table whose host vanished without a goodbye leaves lobbies within
# about two minutes instead of python-zeroconf's 75-minute default for PTR records.
_TTL = 120
# How long one resolve of SRV/TXT/A may take (milliseconds) before the instance is dropped.
_RESOLVE_TIMEOUT_MS = 3000
# After an update, when to announce it once more (s): past python-zeroconf's answer delay of
# up to 1 s + 120 ms for records multicast in the last second (RFC 6762 §6).
_REPEAT_DELAY = 1.5
_TYPE_TXT, _CLASS_IN = 16, 1  # DNS record type TXT, class IN (RFC 1035)

EventKind = Literal["added", "updated", "removed"]


class DiscoveryError(Exception):
    """No mDNS interface could be opened (the message names each interface and its error)."""


@dataclass(frozen=True, slots=True)
class TableInfo:
    """One open table as announced on the LAN; validated on construction.

    ``name``: the human table name (non-empty). ``game``: the game id, e.g. ``"mountains-rivers"``.
    ``free_seats``: seats still free, >= 0. ``fingerprint``: the host's key fingerprint text
    (``"abcd-efgh-…"``); tables are deduplicated by it and TLS pins it. ``host``: an IPv4 address
    string the host can be reached at. ``port``: its TCP port, 1–65535. ``version``: the protocol
    version announced (``PROTOCOL_VERSION`` for tables this build can join). ``game_id``: for a
    table a member re-hosted, the game id's first 16 bytes in hex (TXT ``gid``); else empty.

    Raises ``ValueError`` (or ``TypeError`` for a wrong type) on an invalid field, so a table
    parsed off the network that gets built is well-formed.
    """

    name: str
    game: str
    free_seats: int
    fingerprint: str
    host: str
    port: int
    version: int = PROTOCOL_VERSION
    game_id: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.game_id, str) or (
            self.game_id and (len(self.game_id) != 32 or self.game_id.strip("0123456789abcdef"))
        ):
            raise ValueError(f"TableInfo.game_id must be 32 hex digits or empty: {self.game_id!r}")
        for field in ("name", "game", "fingerprint", "host"):
            value = getattr(self, field)
            if not isinstance(value, str):
                raise TypeError(f"TableInfo.{field} must be a str, not {type(value).__name__}")
            if not value.strip() or _has_control(value):
                raise ValueError(f"TableInfo.{field} must be non-empty printable text: {value!r}")
        for field in ("free_seats", "port", "version"):
            value = getattr(self, field)
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"TableInfo.{field} must be an int, not {type(value).__name__}")
        if self.free_seats < 0:
            raise ValueError(f"TableInfo.free_seats must be >= 0: {self.free_seats}")
        if not 0 < self.port < 65536:
            raise ValueError(f"TableInfo.port must be in 1..65535: {self.port}")
        if self.version < 0:
            raise ValueError(f"TableInfo.version must be >= 0: {self.version}")
        ipaddress.IPv4Address(self.host)  # ValueError names the bad text


TableEvent = tuple[EventKind, TableInfo]
"""What a :class:`Browser` reports: ``(kind, table)``."""


def _has_control(text: str) -> bool:
    return any(unicodedata.category(ch) in ("Cc", "Zl", "Zp") for ch in text)


# --------------------------------------------------------------------------------- interfaces


def interfaces_from_env(value: str | None = None) -> list[str] | None:
    """The mDNS interfaces to use: ``value`` or, if None, the ``GOLDNET_MDNS_INTERFACES`` env var.

    The text is a comma-separated list of IPv4 interface addresses; an item ``loopback`` means
    ``127.0.0.1``. Unset, empty or ``all`` gives None: every IPv4 interface (the product
    default). Duplicates are dropped, order is kept. Raises ``ValueError`` naming the bad item.
    """
    text = os.environ.get(ENV_INTERFACES) if value is None else value
    if text is None or not text.strip() or text.strip().lower() == "all":
        return None
    result: list[str] = []
    for raw in text.split(","):
        item = raw.strip()
        if item.lower() == "loopback":
            item = "127.0.0.1"
        try:
            address = ipaddress.IPv4Address(item)
        except ValueError:
            raise ValueError(
                f"{ENV_INTERFACES}: {item!r} is not an IPv4 address (expected a comma-separated "
                f"list of IPv4 interface addresses, 'loopback' or 'all')"
            ) from None
        if address.is_multicast or address.is_unspecified:
            raise ValueError(
                f"{ENV_INTERFACES}: {item!r} is not an interface address (multicast/unspecified)"
            )
        if str(address) not in result:
            result.append(str(address))
    return result


def _checked_interfaces(interfaces: Sequence[str]) -> list[str]:
    result: list[str] = []
    for item in interfaces:
        try:
            address = str(ipaddress.IPv4Address(item))
        except ValueError:
            raise ValueError(f"mDNS interface {item!r} is not an IPv4 address") from None
        if address not in result:
            result.append(address)
    if not result:
        raise ValueError("empty mDNS interface list (pass None for all interfaces)")
    return result


def all_ipv4_addresses() -> list[str]:
    """Every IPv4 address of every adapter (what ``InterfaceChoice.All`` opens)."""
    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if ip.is_IPv4 and isinstance(ip.ip, str) and ip.ip not in found:
                found.append(ip.ip)
    return found


def _local_networks(addresses: Sequence[str]) -> list[ipaddress.IPv4Network]:
    """The IPv4 networks (address/prefix) of the adapters holding ``addresses``."""
    wanted = set(addresses)
    networks: list[ipaddress.IPv4Network] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if ip.is_IPv4 and isinstance(ip.ip, str) and ip.ip in wanted:
                networks.append(ipaddress.IPv4Interface(f"{ip.ip}/{ip.network_prefix}").network)
    return networks


def bound_addresses(zc: AsyncZeroconf) -> list[str]:
    """The IPv4 interface addresses ``zc`` actually sends on (after it has started), in order."""
    found: list[str] = []
    for sender in zc.zeroconf.engine.senders:
        if not sender.is_ipv6:
            address = str(sender.sock_name[0])
            if address not in found:
                found.append(address)
    return found


async def _try_open(choice: list[str] | InterfaceChoice) -> AsyncZeroconf:
    try:
        zc = AsyncZeroconf(interfaces=choice, ip_version=IPVersion.V4Only)
    except OSError as exc:
        # python-zeroconf drops the sockets it opened before the failing one (0.0.0.0:5353,
        # joined to the group) without closing them; only the traceback's frames still hold
        # them. Clearing those frames closes them now rather than whenever the error dies.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ResourceWarning)  # that unclosed-socket warning
            traceback.clear_frames(exc.__traceback__)
        raise
    await zc.zeroconf.async_wait_for_start()
    return zc


async def open_zeroconf(interfaces: list[str] | None) -> AsyncZeroconf:
    """Open an IPv4-only ``AsyncZeroconf`` on ``interfaces`` (IPv4 addresses; None = all).

    Must be called with the event loop running (the instance attaches to it). If opening on the
    whole list raises ``OSError`` (e.g. a Windows VPN adapter), each interface is tried alone and
    the ones that work are kept; every interface skipped, there or silently by python-zeroconf,
    is logged as a warning on ``goldnet.net.discovery``. Raises ``DiscoveryError`` (naming each
    interface and its error) if none works, ``ValueError`` for a malformed address. The caller
    closes the result with ``await zc.async_close()``.
    """
    requested = None if interfaces is None else _checked_interfaces(interfaces)
    choice: list[str] | InterfaceChoice = InterfaceChoice.All if requested is None else requested
    failures: dict[str, str] = {}
    try:
        zc = await _try_open(choice)
    except OSError as exc:
        candidates = all_ipv4_addresses() if requested is None else requested
        log.warning(
            "opening mDNS on %s failed (%s); trying each interface alone",
            "all interfaces" if requested is None else ", ".join(requested),
            exc,
        )
        working: list[str] = []
        for address in candidates:
            try:
                trial = await _try_open([address])
            except OSError as trial_exc:
                failures[address] = str(trial_exc)
                log.warning("mDNS: skipping interface %s: %s", address, trial_exc)
                continue
            if bound_addresses(trial):
                working.append(address)
            else:
                failures[address] = "python-zeroconf opened no socket on it"
                log.warning("mDNS: skipping interface %s: %s", address, failures[address])
            await trial.async_close()
        if not working:
            raise DiscoveryError(_failure_text(failures or {"(none)": str(exc)})) from exc
        try:
            zc = await _try_open(working)
        except OSError as again:
            failures.update(dict.fromkeys(working, str(again)))
            raise DiscoveryError(_failure_text(failures)) from again
    bound = bound_addresses(zc)
    for address in requested or []:
        if address not in bound and address not in failures:
            failures[address] = "python-zeroconf could not bind or join the multicast group"
            log.warning("mDNS: skipping interface %s: %s", address, failures[address])
    if not bound:
        await zc.async_close()
        raise DiscoveryError(_failure_text(failures or {"(all)": "no IPv4 interface opened"}))
    return zc


def _failure_text(failures: Mapping[str, str]) -> str:
    parts = "; ".join(f"{address}: {reason}" for address, reason in failures.items())
    return f"no mDNS interface could be opened ({parts})"


# ------------------------------------------------------------------------------ TXT records


def instance_name(table_name: str, fingerprint: str) -> str:
    """The DNS-SD instance name for a table: ``"<table name> (<first 4 chars of fp>)"``.

    Control characters, dots and backslashes become spaces, runs of spaces collapse, and the
    table name is cut (on a character boundary) so the whole name is at most 59 UTF-8 bytes —
    one DNS label (63) minus room for python-zeroconf's "-2" rename on a conflict.
    """
    tag = "".join(ch for ch in fingerprint if ch.isalnum())[:4] or "0000"
    cleaned = "".join(" " if (_has_control(ch) or ch in ".\\") else ch for ch in table_name)
    base = " ".join(cleaned.split()) or "table"
    suffix = f" ({tag})"
    room = _MAX_LABEL_BYTES - _RENAME_ROOM - len(suffix.encode())
    base = base.encode()[:room].decode(errors="ignore").rstrip() or "table"
    return base + suffix


def _txt_properties(info: TableInfo) -> dict[str, str]:
    props = {
        "v": str(info.version),
        "game": info.game,
        "name": info.name,
        "free": str(info.free_seats),
        "fp": info.fingerprint,
    }
    if info.game_id:
        props["gid"] = info.game_id
    for key, value in props.items():
        if len(key.encode()) + 1 + len(value.encode()) > _MAX_TXT_ENTRY:
            raise ValueError(f"TXT entry {key!r} longer than {_MAX_TXT_ENTRY} bytes")
    return props


def _choose_host(addresses: Sequence[str], networks: Sequence[ipaddress.IPv4Network]) -> str:
    """A non-loopback address on one of our networks, else any non-loopback, else loopback."""
    parsed = [ipaddress.IPv4Address(a) for a in addresses]
    for address in parsed:
        if not address.is_loopback and any(address in net for net in networks):
            return str(address)
    for address in parsed:
        if not address.is_loopback:
            return str(address)
    return str(parsed[0])


def _parse_txt(text: bytes) -> dict[str, str]:
    """RFC 6763 §6 TXT data (length-prefixed ``key=value`` strings) as a dict.

    Keys are case-insensitive (lower-cased here) and the first occurrence of a key wins (§6.4);
    strings without ``=`` are ignored. Raises ``ValueError`` on a truncated record and
    ``UnicodeDecodeError`` on text that is not UTF-8.
    """
    props: dict[str, str] = {}
    at = 0
    while at < len(text):
        end = at + 1 + text[at]
        if end > len(text):
            raise ValueError("truncated TXT record")
        key, sep, value = text[at + 1 : end].partition(b"=")
        if sep and key:
            props.setdefault(key.decode("ascii").lower(), value.decode("utf-8"))
        at = end
    return props


def _newest_txt(zc: Zeroconf, name: str) -> bytes | None:
    """The current TXT data of ``name`` in ``zc``'s cache: the record that expires last.

    python-zeroconf can hold two TXT records for one instance, and ``ServiceInfo`` may read the
    wrong one: a replaced record is only marked to expire in a second (RFC 6762 §10.2: its
    ``created`` is reset, its TTL set to 1 s), and one received less than a second before its
    replacement is kept for its whole TTL. Of records with the announcer's TTL, the one that
    expires last is the one received last.
    """
    records = zc.cache.async_all_by_details(name, _TYPE_TXT, _CLASS_IN)
    newest = max(records, key=lambda record: record.get_expiration_time(100), default=None)
    text = getattr(newest, "text", None)  # a DNSText
    return text if isinstance(text, bytes) else None


def _parse_service(
    name: str,
    text: bytes,
    port: int | None,
    addresses: Sequence[str],
    networks: Sequence[ipaddress.IPv4Network],
) -> TableInfo | None:
    """The table a resolved service announces, or None (logged at debug) if it is malformed."""
    try:
        props = _parse_txt(text)
        version_text, free_text = props["v"], props["free"]
        if not (version_text.isascii() and version_text.isdigit()):
            raise ValueError(f"v={version_text!r} is not a number")
        if int(version_text) != PROTOCOL_VERSION:
            log.debug("ignoring %s: protocol version %s", name, version_text)
            return None
        if not (free_text.isascii() and free_text.isdigit()):
            raise ValueError(f"free={free_text!r} is not a number")
        if not addresses:
            raise ValueError("no IPv4 address")
        if port is None:
            raise ValueError("no port")
        return TableInfo(
            name=props["name"],
            game=props["game"],
            free_seats=int(free_text),
            fingerprint=props["fp"],
            host=_choose_host(addresses, networks),
            port=port,
            version=int(version_text),
            game_id=props.get("gid", ""),
        )
    except (KeyError, ValueError, TypeError) as exc:  # UnicodeDecodeError is a ValueError
        log.debug("ignoring malformed goldnet service %s: %r", name, exc)
        return None


# -------------------------------------------------------------------------------- announcer


class Announcer:
    """Announces one table (one DNS-SD service instance) while it has free seats.

    Pass ``interfaces`` (IPv4 addresses, None = all) to have the announcer open and own its
    zeroconf on :meth:`start`, or an open ``zeroconf`` to share (then :meth:`close` leaves it
    open). The caller decides when to :meth:`withdraw` (table full or closed); :meth:`update`
    or :meth:`start` announce it again. Usable as ``async with Announcer(...) as a:``.
    """

    def __init__(
        self, interfaces: list[str] | None = None, *, zeroconf: AsyncZeroconf | None = None
    ) -> None:
        self._interfaces = interfaces
        self._zc = zeroconf
        self._owns_zc = zeroconf is None
        self._service: AsyncServiceInfo | None = None
        self._info: TableInfo | None = None
        self._addresses: list[str] = []
        self._closed = False
        self._repeat: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()  # start / update / withdraw / close, one at a time
        self.registration_seconds: float | None = None
        """Wall time (s) the last :meth:`start` spent probing and announcing."""

    @property
    def info(self) -> TableInfo | None:
        """The table as announced (``host`` = first announced address), or None if not announced."""
        return self._info if self._service is not None else None

    @property
    def service_name(self) -> str | None:
        """The registered instance's full DNS name (after any rename), or None."""
        return self._service.name if self._service is not None else None

    async def start(self, info: TableInfo) -> TableInfo:
        """Register the service for ``info`` and return the table as announced.

        ``info.host`` is not announced as given: the A records carry the addresses of the
        interfaces zeroconf is open on (without loopback when there are others), and the
        returned table's ``host`` is the first of them. Takes ~1.6–1.7 s (RFC 6762 probing and
        announcing; measured in ``registration_seconds``). Raises ``RuntimeError`` if already
        announced or closed, ``ValueError`` if a TXT entry exceeds 255 bytes, ``DiscoveryError``
        if no interface can be opened. A conflicting instance name is renamed ("… (abcd)-2"),
        so python-zeroconf's ``NonUniqueNameException`` does not escape.
        """
        async with self._lock:
            return await self._start(info)

    async def _start(self, info: TableInfo) -> TableInfo:
        if self._closed:
            raise RuntimeError("Announcer is closed")
        if self._service is not None:
            raise RuntimeError("already announced; withdraw() first")
        props = _txt_properties(info)
        if self._zc is None:
            self._zc = await open_zeroconf(self._interfaces)
        zc = self._zc
        await zc.zeroconf.async_wait_for_start()
        bound = bound_addresses(zc)
        addresses = [a for a in bound if not ipaddress.IPv4Address(a).is_loopback] or bound
        if not addresses:
            raise DiscoveryError("zeroconf is open on no IPv4 interface")
        name = instance_name(info.name, info.fingerprint)
        service = AsyncServiceInfo(
            SERVICE_TYPE,
            f"{name}.{SERVICE_TYPE}",
            port=info.port,
            properties=props,
            server=f"goldnet-{uuid.uuid4().hex[:12]}.local.",  # our own A records' owner
            host_ttl=_TTL,
            other_ttl=_TTL,
            parsed_addresses=addresses,
        )
        began = time.perf_counter()
        announcing = await zc.async_register_service(service, allow_name_change=True)
        self._service = service  # registered: withdraw() must unregister it from here on
        self._addresses = addresses
        self._info = replace(info, host=addresses[0])
        await announcing
        self.registration_seconds = time.perf_counter() - began
        log.debug(
            "announced %s on %s in %.2f s", service.name, addresses, self.registration_seconds
        )
        return self._info

    async def update(self, free_seats: int) -> None:
        """Announce ``free_seats`` (>= 0) in the TXT record; a no-op if unchanged.

        After a :meth:`withdraw` this announces the table again (a full :meth:`start`, ~1.6 s),
        so a caller can withdraw when the table fills and update when a seat frees up. Calls are
        serialised with :meth:`start` and :meth:`withdraw`; after :meth:`close` it does nothing.
        Raises ``RuntimeError`` if never started, ``ValueError`` for a negative count.
        """
        async with self._lock:
            if self._closed:
                return
            if self._info is None:
                raise RuntimeError("nothing announced; start() first")
            info = replace(self._info, free_seats=free_seats)  # validates
            if self._service is None:
                await self._start(info)
                return
            if info == self._info:
                return
            assert self._zc is not None
            service = AsyncServiceInfo(
                SERVICE_TYPE,
                self._service.name,
                port=info.port,
                properties=_txt_properties(info),
                server=self._service.server,
                host_ttl=_TTL,
                other_ttl=_TTL,
                parsed_addresses=self._addresses,
            )
            await (await self._zc.async_update_service(service))
            self._service = service
            self._info = info
            self._cancel_repeat()
            self._repeat = asyncio.get_running_loop().create_task(self._announce_again(service))

    async def _announce_again(self, service: AsyncServiceInfo) -> None:
        """Announce an updated TXT record once more, after any answer queued before the update.

        python-zeroconf delays an answer by up to a second when the record was multicast in the
        last second (RFC 6762 §6), and that answer carries the TXT record as it was when the
        question came: it can land after the update. Repeating the update once those answers
        are out leaves the current record the last one every browser received.
        """
        await asyncio.sleep(_REPEAT_DELAY)
        async with self._lock:
            if self._service is not service or self._zc is None:
                return
            try:
                await (await self._zc.async_update_service(service))
            except Exception:  # a background nicety: never let it crash the loop
                log.exception("repeating the announcement of %s failed", service.name)

    def _cancel_repeat(self) -> None:
        if self._repeat is not None:
            self._repeat.cancel()
            self._repeat = None

    async def withdraw(self) -> None:
        """Unregister the service (goodbye packets, TTL 0); idempotent, a no-op if not announced."""
        async with self._lock:
            await self._withdraw()

    async def _withdraw(self) -> None:
        self._cancel_repeat()
        service, self._service = self._service, None
        if service is not None and self._zc is not None:
            await (await self._zc.async_unregister_service(service))
            log.debug("withdrew %s", service.name)

    async def close(self) -> None:
        """Withdraw, then close the zeroconf if this announcer opened it; idempotent."""
        async with self._lock:
            if self._closed:
                return
            self._closed = True
            try:
                await self._withdraw()
            finally:
                if self._owns_zc and self._zc is not None:
                    await self._zc.async_close()
                self._zc = None

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()


# ---------------------------------------------------------------------------------- browser


class Browser:
    """Watches the LAN for goldnet tables; a live view deduplicated by fingerprint.

    Events ``("added" | "updated" | "removed", TableInfo)`` are about the deduplicated view: a
    fingerprint appearing, its winning table changing, its last instance leaving (the
    ``TableInfo`` of "removed" is the last one seen). They go to ``on_event`` (called on the
    event loop; it must not block) and to every queue from :meth:`subscribe`. Several instances
    with one fingerprint (a host restarted, or announcing twice) show as one table: the one
    added or updated most recently. Malformed TXT records and other protocol versions are
    ignored (debug log). ``interfaces`` / ``zeroconf`` work as for :class:`Announcer`.
    ``question_type`` is QM (multicast answers: every mDNS stack on the host hears them) by
    default; None is python-zeroconf's default (QU first, unicast answers) — see
    docs/discovery.md for the measured trade-off.
    """

    def __init__(
        self,
        interfaces: list[str] | None = None,
        *,
        zeroconf: AsyncZeroconf | None = None,
        on_event: Callable[[EventKind, TableInfo], None] | None = None,
        question_type: DNSQuestionType | None = DNSQuestionType.QM,
    ) -> None:
        self._interfaces = interfaces
        self._question_type = question_type
        self._zc = zeroconf
        self._owns_zc = zeroconf is None
        self._on_event = on_event
        self._queues: list[asyncio.Queue[TableEvent]] = []
        self._browser: AsyncServiceBrowser | None = None
        self._networks: list[ipaddress.IPv4Network] = []
        # instance key (lower-cased DNS name) -> (sequence of its last change, table)
        self._instances: dict[str, tuple[int, TableInfo]] = {}
        self._view: dict[str, TableInfo] = {}  # fingerprint -> winning table
        # instance key -> id of its latest resolve; only that resolve may change the view
        self._pending: dict[str, int] = {}
        self._sequence = 0  # counts resolves and view changes; orders "most recent"
        self._watcher = _TxtWatcher(self)
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False

    async def start(self) -> None:
        """Open zeroconf if needed, start browsing (QM questions); may raise ``DiscoveryError``."""
        if self._closed:
            raise RuntimeError("Browser is closed")
        if self._browser is not None:
            return
        if self._zc is None:
            self._zc = await open_zeroconf(self._interfaces)
        await self._zc.zeroconf.async_wait_for_start()
        self._networks = _local_networks(bound_addresses(self._zc))
        self._zc.zeroconf.async_add_listener(self._watcher, None)
        self._browser = AsyncServiceBrowser(
            self._zc.zeroconf,
            SERVICE_TYPE,
            handlers=[self._on_service_state_change],
            question_type=self._question_type,
        )

    def subscribe(self) -> asyncio.Queue[TableEvent]:
        """A new unbounded queue receiving every later event; drop it with :meth:`unsubscribe`."""
        queue: asyncio.Queue[TableEvent] = asyncio.Queue()
        self._queues.append(queue)
        return queue

    def unsubscribe(self, queue: asyncio.Queue[TableEvent]) -> None:
        """Stop feeding ``queue`` (no error if it was not subscribed)."""
        with contextlib.suppress(ValueError):
            self._queues.remove(queue)

    def tables(self) -> list[TableInfo]:
        """The current view: one table per fingerprint, sorted by (name, fingerprint)."""
        return sorted(self._view.values(), key=lambda t: (t.name, t.fingerprint))

    async def close(self) -> None:
        """Stop browsing, cancel pending resolves, close zeroconf if owned; idempotent."""
        if self._closed:
            return
        self._closed = True
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        zc, self._zc = self._zc, None
        try:
            if self._browser is not None and zc is not None:
                zc.zeroconf.async_remove_listener(self._watcher)
                await self._browser.async_cancel()
        finally:
            if self._owns_zc and zc is not None:
                await zc.async_close()

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    # python-zeroconf calls handlers by keyword, on the event loop.
    def _on_service_state_change(
        self,
        zeroconf: Zeroconf,
        service_type: str,
        name: str,
        state_change: ServiceStateChange,
        **_: Any,
    ) -> None:
        if state_change is ServiceStateChange.Removed:
            self._pending.pop(name.lower(), None)  # cancels any resolve in flight
            self._forget(name.lower())
        else:
            self._schedule(zeroconf, service_type, name)

    def _schedule(self, zeroconf: Zeroconf, service_type: str, name: str) -> None:
        """(Re)read ``name`` from the cache or the network; supersedes any earlier read."""
        if self._closed:
            return
        self._sequence += 1
        key = name.lower()
        self._pending[key] = self._sequence
        task = asyncio.get_running_loop().create_task(
            self._resolve(zeroconf, service_type, name, key, self._sequence)
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _resolve(
        self, zeroconf: Zeroconf, service_type: str, name: str, key: str, generation: int
    ) -> None:
        service = AsyncServiceInfo(service_type, name)
        found = await service.async_request(
            zeroconf, _RESOLVE_TIMEOUT_MS, question_type=self._question_type
        )
        if self._closed or self._pending.get(key) != generation:
            return  # removed, or superseded by a later read
        text = _newest_txt(zeroconf, name) if found else None
        table = None
        if text is not None:
            addresses = service.parsed_addresses(IPVersion.V4Only)
            table = _parse_service(name, text, service.port, addresses, self._networks)
        if table is None:
            if not found:
                log.debug("could not resolve %s within %d ms", name, _RESOLVE_TIMEOUT_MS)
            self._forget(key)
            return
        old = self._instances.get(key)
        if old is not None and old[1] == table:
            return
        self._sequence += 1
        self._instances[key] = (self._sequence, table)
        if old is not None and old[1].fingerprint != table.fingerprint:
            self._refresh(old[1].fingerprint)
        self._refresh(table.fingerprint)

    def _forget(self, key: str) -> None:
        old = self._instances.pop(key, None)
        if old is not None:
            self._refresh(old[1].fingerprint)

    def _refresh(self, fingerprint: str) -> None:
        """Recompute the winner for ``fingerprint`` and emit the view change, if any."""
        candidates = [
            entry for entry in self._instances.values() if entry[1].fingerprint == fingerprint
        ]
        before = self._view.get(fingerprint)
        if not candidates:
            if before is not None:
                del self._view[fingerprint]
                self._emit("removed", before)
            return
        winner = max(candidates, key=lambda entry: entry[0])[1]
        if winner == before:
            return
        self._view[fingerprint] = winner
        self._emit("added" if before is None else "updated", winner)

    def _on_txt(self, zeroconf: Zeroconf, name: str) -> None:
        """A TXT record of ``name`` arrived, maybe one already cached: re-read a known instance.

        python-zeroconf's browser reports "updated" only for a TXT record it had not cached; a
        current record re-announced after a stale one (see :func:`_newest_txt`) would go unseen.
        """
        if name.lower() in self._pending:
            self._schedule(zeroconf, SERVICE_TYPE, name)

    def _emit(self, kind: EventKind, table: TableInfo) -> None:
        log.debug("%s: %s", kind, table)
        for queue in self._queues:
            queue.put_nowait((kind, table))
        if self._on_event is not None:
            try:
                self._on_event(kind, table)
            except Exception:
                log.exception("discovery on_event callback failed")


class _TxtWatcher(RecordUpdateListener):
    """Tells a :class:`Browser` about every goldnet TXT record received (event loop only)."""

    def __init__(self, browser: Browser) -> None:
        super().__init__()
        self._browser = browser

    def async_update_records(self, zc: Zeroconf, now: float, records: list[RecordUpdate]) -> None:
        for update in records:
            record = update.new
            if (
                record.type == _TYPE_TXT
                and record.name.lower().endswith(SERVICE_TYPE)
                and not record.is_expired(now)
            ):
                self._browser._on_txt(zc, record.name)

    def async_update_records_complete(self) -> None:
        pass


# ---------------------------------------------------------------------------- one-shot helpers


async def find_tables(timeout: float, interfaces: list[str] | None = None) -> list[TableInfo]:
    """Browse for ``timeout`` seconds; the tables seen, one per fingerprint, sorted by name.

    Give it at least 1.5 s: a responder holds back a multicast answer for up to ~1.1 s when it
    multicast the same records in the last second (RFC 6762 §6), e.g. to another browser.
    Raises ``DiscoveryError`` if no interface can be opened.
    """
    async with Browser(interfaces) as browser:
        await asyncio.sleep(timeout)
        return browser.tables()


async def find_table(
    name: str, timeout: float, interfaces: list[str] | None = None
) -> TableInfo | None:
    """The first table named exactly ``name`` seen within ``timeout`` seconds, else None.

    Returns as soon as it shows up. Raises ``DiscoveryError`` if no interface can be opened.
    """
    async with Browser(interfaces) as browser:
        queue = browser.subscribe()
        for table in browser.tables():
            if table.name == name:
                return table
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while (remaining := deadline - loop.time()) > 0:
            try:
                kind, table = await asyncio.wait_for(queue.get(), remaining)
            except TimeoutError:
                break
            if kind != "removed" and table.name == name:
                return table
        return None


async def find_rehost(
    game_id: str, members: Sequence[str], timeout: float, interfaces: list[str] | None = None
) -> TableInfo | None:
    """The re-hosted relay of game ``game_id`` (32 hex digits) with the lowest seat, among
    tables announced within ``timeout`` seconds whose host fingerprint is one of ``members``
    (fingerprints in seat order); ``None`` if none shows up. Returns early once seat 0's
    relay is seen (no lower seat can win).

    Raises ``DiscoveryError`` if no interface can be opened.
    """
    seat_of = {fp: seat for seat, fp in enumerate(members)}

    def best(tables: Sequence[TableInfo]) -> TableInfo | None:
        found = [t for t in tables if t.game_id == game_id and t.fingerprint in seat_of]
        return min(found, key=lambda t: seat_of[t.fingerprint], default=None)

    async with Browser(interfaces) as browser:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while (remaining := deadline - loop.time()) > 0:
            choice = best(browser.tables())
            if choice is not None and seat_of[choice.fingerprint] == 0:
                return choice
            await asyncio.sleep(min(0.1, remaining))
        return best(browser.tables())
