"""The announcing side of LAN discovery: :class:`Announcer`, one DNS-SD service per table.

Invariants: ``start``, ``update``, ``withdraw`` and ``close`` run one at a time (one lock), so a
caller may fire them as tasks; while announced, the instance carries the addresses of the
interfaces zeroconf is open on (without loopback when there are others), never ``info.host``;
every record has the announcer's TTL (``_TTL`` seconds unless told otherwise); once closed, the
announcer announces nothing again.
"""

from __future__ import annotations

import asyncio
import ipaddress
import time
import uuid
from dataclasses import replace
from types import TracebackType
from typing import Self

from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

from ._const import SERVICE_TYPE, log
from ._interfaces import DiscoveryError, bound_addresses, open_zeroconf
from ._txt import TableInfo, instance_name, txt_properties

# The records' TTL (seconds): RFC 6762 §10's 120 s for records naming a host (SRV, A). A table
# whose host vanished without a goodbye leaves a browser's view when its SRV record expires, at
# most this long after the host last answered (the browser asks again at 80-95 % of it).
# python-zeroconf stretches a received PTR record's TTL to at least 1125 s: the PTR's expiry is
# not what withdraws a table.
_TTL = 120
# After an update, when to announce it once more (s): past python-zeroconf's answer delay of
# up to 1 s + 120 ms for records multicast in the last second (RFC 6762 §6).
_REPEAT_DELAY = 1.5


class Announcer:
    """Announces one table (one DNS-SD service instance) while it has free seats.

    Pass ``interfaces`` (IPv4 addresses, None = all) to have the announcer open and own its
    zeroconf on :meth:`start`, or an open ``zeroconf`` to share (then :meth:`close` leaves it
    open). The caller decides when to :meth:`withdraw` (table full or closed); :meth:`update`
    or :meth:`start` announce it again. ``ttl``: the records' TTL in seconds (a test shortens
    it; ``ValueError`` below 1). Usable as ``async with Announcer(...) as a:``.
    """

    def __init__(
        self,
        interfaces: list[str] | None = None,
        *,
        zeroconf: AsyncZeroconf | None = None,
        ttl: int = _TTL,
    ) -> None:
        if not isinstance(ttl, int) or ttl < 1:
            raise ValueError(f"Announcer ttl must be a whole number of seconds >= 1: {ttl!r}")
        self._ttl = ttl
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
        props = txt_properties(info)
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
            host_ttl=self._ttl,
            other_ttl=self._ttl,
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
                properties=txt_properties(info),
                server=self._service.server,
                host_ttl=self._ttl,
                other_ttl=self._ttl,
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
