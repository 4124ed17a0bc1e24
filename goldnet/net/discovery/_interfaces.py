"""Which interfaces LAN discovery runs on, and opening python-zeroconf on them.

Holds the choice of interfaces (:func:`interfaces_from_env`, ``GOLDNET_MDNS_INTERFACES``), the
addresses and networks of this machine's adapters, and :func:`open_zeroconf`, which opens an
IPv4-only ``AsyncZeroconf`` and falls back to each interface alone when the whole list fails.

Invariants:

- IPv4 only. The interfaces are injectable everywhere (``None`` = every IPv4 interface, the
  product default); tests keep mDNS on 127.0.0.1 or on network namespaces of their own.
- An interface that cannot be opened is skipped with a warning, never a crash; only when no
  interface at all can be opened does :func:`open_zeroconf` raise :class:`DiscoveryError`, whose
  message names each interface and its error.
- With every interface (``None``) the candidates are this machine's IPv4 addresses
  (:func:`survey`), less the adapters that cannot carry mDNS to a LAN where the system shows
  their flags (Linux: no multicast, a point-to-point tunnel); each interface skipped — before
  opening, by a failure, or silently by python-zeroconf — is one warning line naming it.
- :attr:`Candidate.virtual` marks a VPN, container or virtual-machine adapter (by its names or a
  carrier-grade NAT address): the address an invite names
  (``goldnet.net.hosting.lan_address``) is a plain LAN adapter's whenever there is one.
- The sockets python-zeroconf half-opened before a failure are closed at once (see
  ``_try_open``), not whenever the error is collected; every trial instance is closed.
"""

from __future__ import annotations

import ipaddress
import os
import traceback
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import ifaddr

from ..errors import NetError
from ._const import log

if TYPE_CHECKING:  # python-zeroconf is imported when zeroconf is opened (package docstring)
    from zeroconf.asyncio import AsyncZeroconf

ENV_INTERFACES = "GOLDNET_MDNS_INTERFACES"


class DiscoveryError(NetError):
    """No mDNS interface could be opened (the message names each interface and its error)."""


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


IFF_UP = 0x1
IFF_LOOPBACK = 0x8
IFF_POINTOPOINT = 0x10
IFF_MULTICAST = 0x1000
"""The adapter flags :func:`survey` reads (``<net/if.h>``, the same values on every Unix)."""

VIRTUAL_NAMES = (
    "docker", "br-", "veth", "virbr", "vboxnet", "vmnet", "cni", "flannel", "podman", "lxcbr",
    "lxdbr", "vethernet", "virtual", "hyper-v", "vmware", "tun", "tap", "utun", "wg",
    "wireguard", "tailscale", "zerotier", "zt", "openvpn", "nordlynx", "proton",
)  # fmt: skip
"""Names (or name prefixes) of container, virtual-machine and VPN adapters, in lower case,
matched against the start of each word of the adapter's names (its system name, description
and, on Windows, the friendly name: ``vEthernet (WSL)``, ``TAP-Windows Adapter V9``)."""

CGNAT = ipaddress.IPv4Network("100.64.0.0/10")
"""Carrier-grade NAT space, where overlay VPNs (Tailscale …) put their addresses."""


@dataclass(frozen=True)
class Candidate:
    """One IPv4 address of one adapter, as :func:`survey` sees it."""

    address: str
    adapter: str
    """The adapter's name as the player knows it (``eth0``, ``en0``; on Windows ``Wi-Fi``)."""
    skip: str
    """Why mDNS does not run on it ("" when it does)."""
    virtual: bool
    """A container, virtual-machine or VPN adapter, by its name or address."""


def adapter_flags(name: str) -> int | None:
    """The adapter's ``IFF_*`` flags where the system shows them (Linux: ``/sys/class/net``),
    else None (then nothing is skipped before trying it)."""
    try:
        return int(Path("/sys/class/net", name, "flags").read_text(encoding="ascii"), 16)
    except (OSError, ValueError):
        return None


def _virtual(names: Sequence[str], address: ipaddress.IPv4Address) -> bool:
    words = " ".join(names).lower().replace("(", " ").split()
    return address in CGNAT or any(w.startswith(VIRTUAL_NAMES) for w in words)


def survey() -> list[Candidate]:
    """Every IPv4 address of every adapter (``ifaddr``), in the system's order, with why mDNS
    would not run on it: an adapter without multicast, or a point-to-point link (a VPN tunnel:
    no LAN behind it) — known where :func:`adapter_flags` shows flags; loopback is kept."""
    found: list[Candidate] = []
    seen: set[str] = set()
    for adapter in ifaddr.get_adapters():
        flags = adapter_flags(adapter.name)
        for ip in adapter.ips:
            if not (ip.is_IPv4 and isinstance(ip.ip, str)) or ip.ip in seen:
                continue
            seen.add(ip.ip)
            address = ipaddress.IPv4Address(ip.ip)
            skip = ""
            if flags is not None and not address.is_loopback and not flags & IFF_LOOPBACK:
                if flags & IFF_POINTOPOINT:
                    skip = "a point-to-point link (a VPN tunnel): no LAN behind it"
                elif not flags & IFF_MULTICAST:
                    skip = "the adapter does not do multicast"
            names = [str(n) for n in (adapter.name, adapter.nice_name, ip.nice_name) if n]
            shown = str(ip.nice_name or adapter.nice_name or adapter.name)
            found.append(Candidate(ip.ip, shown, skip, _virtual(names, address)))
    return found


def all_ipv4_addresses() -> list[str]:
    """Every IPv4 address of every adapter (what ``InterfaceChoice.All`` opens)."""
    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if ip.is_IPv4 and isinstance(ip.ip, str) and ip.ip not in found:
                found.append(ip.ip)
    return found


def local_networks(addresses: Sequence[str]) -> list[ipaddress.IPv4Network]:
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


async def _try_open(choice: list[str]) -> AsyncZeroconf:
    from zeroconf import IPVersion
    from zeroconf.asyncio import AsyncZeroconf

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
    is logged as a warning on ``goldnet.net.discovery`` (one line each); with None, the adapters
    :func:`survey` skips are not tried. Raises ``DiscoveryError`` (naming each
    interface and its error) if none works, ``ValueError`` for a malformed address. The caller
    closes the result with ``await zc.async_close()``.
    """
    requested = None if interfaces is None else _checked_interfaces(interfaces)
    failures: dict[str, str] = {}
    shown: dict[str, str] = {}  # address -> "address (adapter)", for the log

    def skipped(address: str, why: object) -> None:
        failures[address] = str(why)
        log.warning("mDNS: skipping interface %s: %s", shown.get(address, address), why)

    if requested is None:
        candidates = []
        for candidate in survey():
            shown[candidate.address] = f"{candidate.address} ({candidate.adapter})"
            if candidate.skip:
                skipped(candidate.address, candidate.skip)
            else:
                candidates.append(candidate.address)
        if not candidates:
            raise DiscoveryError(_failure_text(failures or {"(all)": "no IPv4 interface"}))
    else:
        candidates = requested
    try:
        zc = await _try_open(candidates)
    except OSError as exc:
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
                skipped(address, trial_exc)
                continue
            if bound_addresses(trial):
                working.append(address)
            else:
                skipped(address, "python-zeroconf opened no socket on it")
            await trial.async_close()
        if not working:
            raise DiscoveryError(_failure_text(failures or {"(none)": str(exc)})) from exc
        try:
            zc = await _try_open(working)
        except OSError as again:
            failures.update(dict.fromkeys(working, str(again)))
            raise DiscoveryError(_failure_text(failures)) from again
    bound = bound_addresses(zc)
    for address in candidates:
        if address not in bound and address not in failures:
            skipped(address, "python-zeroconf could not bind or join the multicast group")
    if not bound:
        await zc.async_close()
        raise DiscoveryError(_failure_text(failures or {"(all)": "no IPv4 interface opened"}))
    return zc


def _failure_text(failures: Mapping[str, str]) -> str:
    parts = "; ".join(f"{address}: {reason}" for address, reason in failures.items())
    return f"no mDNS interface could be opened ({parts})"
