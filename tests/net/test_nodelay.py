"""TCP_NODELAY at both ends of a relay connection (issue 10, the roll's path): a small frame
written right after another must not wait for the other side's delayed ACK. The relay sets it
on every accepted socket (tests/net/test_relay_memory.py); a client's socket gets it from
asyncio, which sets it on a socket of protocol IPPROTO_TCP — this checks that the client's
connection is one, and that the relay's end of that very connection has it too."""

from __future__ import annotations

import socket

from goldnet.net.connection import RelayConnection
from goldnet.net.invite import Invite
from goldnet.net.relay import Relay
from protocol.identity import Identity

from .relaykit import run


def test_both_ends_of_a_relay_connection_send_small_frames_at_once() -> None:
    async def scenario() -> None:
        relay = Relay(Identity.generate(), table_name="t", game="mountains-rivers", seats=2)
        port = await relay.start("127.0.0.1", 0)
        try:
            link = await RelayConnection.open(Invite("127.0.0.1", port, relay.fingerprint))
            await link.greet(Identity.generate(), "player", "nodelay")
            mine = link.writer.get_extra_info("socket")
            assert mine.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
            (theirs,) = relay._clients
            assert theirs._transport is not None
            sock = theirs._transport.get_extra_info("socket")
            assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
            assert sock.getsockname() == mine.getpeername()  # the same connection's two ends
            await link.close()
        finally:
            await relay.close()

    run(scenario())
