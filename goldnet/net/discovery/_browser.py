"""The browsing side of LAN discovery: :class:`Browser` and the one-shot ``find_*`` helpers.

Invariants:

- The browser's view holds at most one table per fingerprint, never by address: among the
  service instances carrying the same ``fp``, the one added or updated most recently wins.
- A TXT record that is malformed or carries another protocol version never reaches the view
  and never raises (:func:`~._txt.parse_service` gives ``None``).
- Only the latest read of an instance may change the view: a resolve superseded by a later one,
  or by the instance's removal, is dropped.
- Every wait on the network is bounded: a resolve by ``_RESOLVE_TIMEOUT_MS``, the browsing of
  each ``find_*`` by its ``timeout``.
- A table leaves the view on its goodbye (python-zeroconf's ``Removed``: at once) and when the
  SRV record of its instance expires unanswered (within ``_SWEEP_MAX`` s of its TTL): the browser
  asks for the SRV and TXT records of every instance in the view at 80, 85, 90 and 95 % of their
  TTL (RFC 6762 §5.2), as python-zeroconf does for PTR records only — and it stretches the TTL of
  PTR records to at least 1125 s, so the PTR's expiry alone would keep a vanished table listed
  for up to ~19 minutes.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
from collections.abc import Callable, Coroutine, Sequence
from types import TracebackType
from typing import Any, Literal, Self

from zeroconf import (
    DNSOutgoing,
    DNSQuestion,
    DNSQuestionType,
    DNSRecord,
    IPVersion,
    RecordUpdate,
    RecordUpdateListener,
    ServiceStateChange,
    Zeroconf,
    current_time_millis,
)
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from ._const import CLASS_IN, QUERY_FLAGS, SERVICE_TYPE, TYPE_SRV, TYPE_TXT, log
from ._interfaces import bound_addresses, local_networks, open_zeroconf
from ._txt import TableInfo, newest_txt, parse_service

# How long one resolve of SRV/TXT/A may take (milliseconds) before the instance is dropped.
_RESOLVE_TIMEOUT_MS = 3000
# When to ask again for the SRV and TXT records of a listed instance, in percent of their TTL
# (RFC 6762 §5.2); past the last one unanswered, the records expire and the table leaves.
_REFRESH_PERCENTS = (80, 85, 90, 95)
# The longest (and shortest) wait between two checks of the listed instances' records (s).
_SWEEP_MAX = 1.0
_SWEEP_MIN = 0.05

EventKind = Literal["added", "updated", "removed"]

TableEvent = tuple[EventKind, TableInfo]
"""What a :class:`Browser` reports: ``(kind, table)``."""


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
        self._names: dict[str, str] = {}  # instance key -> its DNS name as announced
        # instance key -> (``created`` of its SRV record, index of the next refresh percent)
        self._refreshes: dict[str, tuple[float, int]] = {}
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
        self._networks = local_networks(bound_addresses(self._zc))
        self._zc.zeroconf.async_add_listener(self._watcher, None)
        self._browser = AsyncServiceBrowser(
            self._zc.zeroconf,
            SERVICE_TYPE,
            handlers=[self._on_service_state_change],
            question_type=self._question_type,
        )
        self._spawn(self._keep_fresh())

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
        self._spawn(self._resolve(zeroconf, service_type, name, key, self._sequence))

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
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
        text = newest_txt(zeroconf, name) if found else None
        table = None
        if text is not None:
            addresses = service.parsed_addresses(IPVersion.V4Only)
            table = parse_service(name, text, service.port, addresses, self._networks)
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
        self._names[key] = name
        if old is not None and old[1].fingerprint != table.fingerprint:
            self._refresh(old[1].fingerprint)
        self._refresh(table.fingerprint)

    def _forget(self, key: str) -> None:
        old = self._instances.pop(key, None)
        self._names.pop(key, None)
        self._refreshes.pop(key, None)
        if old is not None:
            self._refresh(old[1].fingerprint)

    # --- expiry: a table whose host vanished without a goodbye -----------------------------

    async def _keep_fresh(self) -> None:
        """Check the listed instances' records until closed (:meth:`_sweep`)."""
        while not self._closed:
            await asyncio.sleep(self._sweep())

    def _sweep(self) -> float:
        """Forget each listed instance whose SRV record expired; ask again for the SRV and TXT
        records of those at a refresh point of their TTL. Returns the seconds until the next
        check is due (between ``_SWEEP_MIN`` and ``_SWEEP_MAX``)."""
        if self._zc is None:
            return _SWEEP_MAX
        zc = self._zc.zeroconf
        now = current_time_millis()
        due = now + _SWEEP_MAX * 1000
        for key, name in list(self._names.items()):
            srv = _newest(zc.cache.async_all_by_details(name, TYPE_SRV, CLASS_IN), now)
            if srv is None:
                log.debug("%s: its records expired unanswered", name)
                self._pending.pop(key, None)  # a resolve in flight may not bring it back
                self._forget(key)
                continue
            created, step = self._refreshes.get(key, (srv.created, 0))
            if created != srv.created:  # answered: a fresh record, a fresh schedule
                created, step = srv.created, 0
            if step < len(_REFRESH_PERCENTS) and now >= srv.get_expiration_time(
                _REFRESH_PERCENTS[step]
            ):
                _ask_records(zc, name)
                while step < len(_REFRESH_PERCENTS) and now >= srv.get_expiration_time(
                    _REFRESH_PERCENTS[step]
                ):
                    step += 1
            self._refreshes[key] = (created, step)
            if step < len(_REFRESH_PERCENTS):
                due = min(due, srv.get_expiration_time(_REFRESH_PERCENTS[step]))
            due = min(due, srv.get_expiration_time(100))
        return min(_SWEEP_MAX, max(_SWEEP_MIN, (due - now) / 1000))

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
        current record re-announced after a stale one (see :func:`newest_txt`) would go unseen.
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


def _newest(records: list[DNSRecord], now: float) -> DNSRecord | None:
    """Of ``records``, the unexpired one that expires last (None if every one expired)."""
    live = [record for record in records if not record.is_expired(now)]
    return max(live, key=lambda record: record.get_expiration_time(100), default=None)


def _ask_records(zc: Zeroconf, name: str) -> None:
    """Multicast one question each for the SRV and TXT records of instance ``name`` (QM: the
    answer refreshes every browser's cache on the link)."""
    log.debug("asking again for the SRV and TXT records of %s", name)
    query = DNSOutgoing(QUERY_FLAGS)
    for record_type in (TYPE_SRV, TYPE_TXT):
        query.add_question(DNSQuestion(name, record_type, CLASS_IN))
    zc.async_send(query)


class _TxtWatcher(RecordUpdateListener):
    """Tells a :class:`Browser` about every goldnet TXT record received (event loop only)."""

    def __init__(self, browser: Browser) -> None:
        super().__init__()
        self._browser = browser

    def async_update_records(self, zc: Zeroconf, now: float, records: list[RecordUpdate]) -> None:
        for update in records:
            record = update.new
            if (
                record.type == TYPE_TXT
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
