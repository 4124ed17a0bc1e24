"""Memory per idle connection (issue #8): a relay holding hundreds of idle TLS connections —
handshake done, ``hello`` read, then silence — spends at most 100 KiB on each (asyncio's own TLS
transport spent ~280 KiB), and still serves real clients. The relay runs in a subprocess so
that its resident memory is its own (Linux ``/proc``; skipped elsewhere). Loopback only.
"""

from __future__ import annotations

import asyncio
import os
import socket
import time

import pytest

from goldnet.bench_relay import Pair, RelayProcess, open_idle, rss
from goldnet.net.relay import Relay
from goldnet.net.tls import check_pin, client_context
from protocol.identity import Identity

from .relaykit import run, until

IDLE = 300


@pytest.mark.skipif(rss(os.getpid()) is None, reason="resident memory is read from /proc")
def test_an_idle_tls_connection_costs_the_relay_at_most_100_kib() -> None:
    relay = RelayProcess({"handshake_timeout": 120.0, "max_pending": IDLE + 16})
    held = []
    try:
        pair = Pair(relay.port, relay.fingerprint)
        pair.echo()
        time.sleep(0.2)
        before = relay.rss
        held, failed = open_idle(relay.port, IDLE, 60)
        time.sleep(0.3)
        after = relay.rss
        assert (len(held), failed) == (IDLE, 0)
        assert before is not None and after is not None
        per_connection = (after - before) / IDLE
        assert per_connection <= 100 * 1024, f"{per_connection / 1024:.0f} KiB per connection"
        # what is held is real TLS 1.3 with the relay's pinned key ...
        assert held[0].version() == "TLSv1.3"
        check_pin(held[-1], relay.fingerprint)
        # ... and the relay still serves real clients meanwhile
        assert pair.echo() > 0
        pair.close()
    finally:
        for sock in held:
            sock.close()
        relay.stop()


def test_the_relays_connections_send_small_frames_at_once() -> None:
    """TCP_NODELAY on every accepted connection: a frame written right after another must not
    wait for the client's delayed ACK (it cost a draw ~40 ms). asyncio sets it only on sockets
    whose protocol number is IPPROTO_TCP, which a socket from ``socket.create_server`` lacks."""

    async def scenario() -> None:
        relay = Relay(Identity.generate(), table_name="t", game="mountains-rivers", seats=2)
        port = await relay.start("127.0.0.1", 0)
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port, ssl=client_context())
            await until(lambda: len(relay._connections) == 1)
            (connection,) = relay._connections
            transport = connection._transport
            assert transport is not None
            sock = transport.get_extra_info("socket")
            assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
            writer.close()
        finally:
            await relay.close()

    run(scenario())
