"""A relay cannot grow a client's memory without bound (issue #8: bounded buffers).

The relay is the host, that is the other player: whatever it sends — envelopes the lockstep
machine refuses, presence notices about keys that sit at no seat — must leave nothing behind in
the client once refused. Driven frame by frame through ``NetPeer._on_frame``, as the client's
connection loop does.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from goldnet.net.client import NetPeer
from goldnet.net.frames import Env, Presence
from goldnet.net.invite import Invite
from protocol.identity import Identity
from protocol.messages import MAX_SEATS

FLOOD = 2_000


def peer(tmp_path: Path) -> NetPeer:
    relay = Identity.generate()
    return NetPeer(
        Identity.generate(), Invite("127.0.0.1", 1, relay.fingerprint), name="p", folder=tmp_path
    )


def junk(i: int) -> bytes:
    return hashlib.sha256(i.to_bytes(8, "big")).digest() * 3


def test_refused_envelopes_from_the_relay_leave_nothing_behind(tmp_path: Path) -> None:
    client = peer(tmp_path)
    for i in range(FLOOD):
        client._on_frame(Env(i, junk(i)))
    assert client.machine.received == []
    assert len(client.taken) == 0, "every refused envelope's hash is kept for ever"


def test_presence_of_keys_at_no_seat_is_not_kept(tmp_path: Path) -> None:
    client = peer(tmp_path)
    for i in range(FLOOD):
        client._on_frame(Presence(hashlib.sha256(b"k%d" % i).digest(), True))
    assert len(client.presence) <= MAX_SEATS, "presence of any key is kept for ever"
