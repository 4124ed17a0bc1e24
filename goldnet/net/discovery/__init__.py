"""LAN discovery of goldnet tables over mDNS / DNS-SD, on python-zeroconf's asyncio API.

A hosting peer announces one ``_goldnet._tcp.local.`` service per open table; the lobby browses
for them. The TXT record carries ``v`` (protocol version), ``game``, ``name`` (the human table
name), ``free`` (free seats) and ``fp`` (the host's key fingerprint text). See docs/discovery.md.

This module is the package's public face; import from it, never from the private modules behind
it (the layout of python-zeroconf):

- ``_const``: the service type, the protocol version, the one logger.
- ``_interfaces``: choosing interfaces, this machine's addresses, opening zeroconf.
- ``_txt``: :class:`TableInfo`, instance names, TXT encoding and parsing.
- ``_announcer``: :class:`Announcer`.
- ``_browser``: :class:`Browser`, :func:`find_tables`, :func:`find_table`, :func:`find_rehost`.

Invariants (each module states its own in detail):

- IPv4 only. The interfaces are injectable everywhere (``None`` = every IPv4 interface, the
  product default); tests keep mDNS on 127.0.0.1 or on network namespaces of their own.
- An interface that cannot be opened is skipped with a warning, never a crash; only when no
  interface at all can be opened does :func:`open_zeroconf` raise :class:`DiscoveryError`.
- The browser's view holds at most one table per fingerprint, never by address: among the
  service instances carrying the same ``fp``, the one added or updated most recently wins.
- A TXT record that is malformed or carries another protocol version is ignored (logged at
  debug level); it never reaches the view and never raises.
- Importing the package does not import python-zeroconf: the announcer, the browser and the
  ``find_*`` helpers load on first use; ``_const``, ``_txt`` and ``_interfaces`` import it only
  inside the functions that open or read zeroconf.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ._const import PROTOCOL_VERSION, SERVICE_TYPE
from ._interfaces import (
    ENV_INTERFACES,
    Candidate,
    DiscoveryError,
    all_ipv4_addresses,
    bound_addresses,
    interfaces_from_env,
    open_zeroconf,
    survey,
)
from ._txt import TableInfo, instance_name

if TYPE_CHECKING:
    from ._announcer import Announcer
    from ._browser import Browser, EventKind, TableEvent, find_rehost, find_table, find_tables

_LAZY = {
    "Announcer": "._announcer",
    "Browser": "._browser",
    "EventKind": "._browser",
    "TableEvent": "._browser",
    "find_rehost": "._browser",
    "find_table": "._browser",
    "find_tables": "._browser",
}
"""What imports python-zeroconf, imported on first use (PEP 562): a program that only reads
``TableInfo`` or the interfaces setting — the desktop client before its first paint — does not
pay for it."""


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "ENV_INTERFACES",
    "PROTOCOL_VERSION",
    "SERVICE_TYPE",
    "Announcer",
    "Browser",
    "Candidate",
    "DiscoveryError",
    "EventKind",
    "TableEvent",
    "TableInfo",
    "all_ipv4_addresses",
    "bound_addresses",
    "find_rehost",
    "find_table",
    "find_tables",
    "instance_name",
    "interfaces_from_env",
    "open_zeroconf",
    "survey",
]
