"""Constants every part of LAN discovery shares, and its one logger.

Invariants: the service type and the protocol version are what the TXT record and the browser
agree on (a table announcing another ``v`` is ignored); every module of the package logs on the
one logger ``goldnet.net.discovery`` (docs/discovery.md names it), whichever module the message
comes from.
"""

from __future__ import annotations

import logging

SERVICE_TYPE = "_goldnet._tcp.local."
PROTOCOL_VERSION = 2

TYPE_TXT, TYPE_SRV, CLASS_IN = 16, 33, 1  # DNS record types TXT and SRV, class IN (RFC 1035, 2782)
QUERY_FLAGS = 0x0000  # a DNS message's flags for a standard query (RFC 1035 §4.1.1)

log = logging.getLogger("goldnet.net.discovery")
