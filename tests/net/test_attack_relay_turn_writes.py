"""The relay's writes at the end of a loop turn, attacked by its clients (real relay, TLS on
127.0.0.1): two members send bursts of envelopes in one write each — so that the relay reads
many in one turn of its loop and sends the ones after the first at the turn's end — while the
relay's writes to a third client fail (its TLS engine refuses them). Every other client still
receives every envelope, each once, in the order of the relay's log, with its log index; the
failing client alone is dropped; no member's burst holds up the other's."""

from __future__ import annotations

import ssl
from typing import Any

from goldnet.net.frames import encode
from goldnet.net.relay import Relay
from protocol.envelope import ZERO_HASH, Envelope
from protocol.identity import Identity

from .relaykit import GAME, HOST, Raw, run, until

BURST = 200
"""Envelopes in one member's write (about 30 KiB: more than one push batch of 16 KiB)."""


def burst(identity: Identity, first: int) -> list[bytes]:
    return [
        Envelope.seal(identity, "commit", bytes(32), seq, ZERO_HASH, ()).raw
        for seq in range(first, first + BURST)
    ]


class Refusing:
    """A TLS engine whose writes fail (what ``send`` sees when a connection breaks)."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine

    def write(self, data: bytes) -> int:
        raise ssl.SSLError("the connection broke")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)


def test_a_burst_read_in_one_turn_reaches_every_client_in_log_order_despite_a_failing_one() -> None:
    async def scenario() -> None:
        relay = Relay(Identity.generate(), table_name="t", game=GAME, seats=2)
        port = await relay.start(HOST, 0)
        try:
            ids = [Identity.generate(), Identity.generate()]
            members = [await Raw.connect(port) for _ in ids]
            for raw, identity in zip(members, ids, strict=True):
                assert (await raw.auth(identity))[0] == "welcome"
            watcher, failing = await Raw.connect(port), await Raw.connect(port)
            assert (await watcher.auth(Identity.generate(), "spectator"))[0] == "welcome"
            bad = Identity.generate()
            assert (await failing.auth(bad, "spectator"))[0] == "welcome"
            (broken,) = [c for c in relay._clients if c.key == bad.public]
            broken._ssl = Refusing(broken._ssl)  # type: ignore[assignment]
            deferred: list[int] = []  # envelopes left for the end of their loop turn
            forward = relay._forward

            def counted() -> None:
                if relay._turn is not None:
                    deferred.append(len(relay.log))
                forward()

            relay._forward = counted  # type: ignore[method-assign]
            bursts = [burst(ids[0], 0), burst(ids[1], 0)]
            for raw, envelopes in zip(members, bursts, strict=True):
                raw.writer.write(b"".join(encode(["env", e]) for e in envelopes))
            await until(lambda: len(relay.log) == 2 * BURST)
            assert len(deferred) > BURST  # most left together at their turn's end
            logged = list(enumerate(relay.log))
            assert await watcher.envelopes(2 * BURST) == logged
            for seat, raw in enumerate(members):  # the other member's, none of its own
                theirs = [(i, d) for i, d in logged if d in bursts[1 - seat]]
                assert await raw.envelopes(BURST) == theirs
            await until(lambda: broken.closed)
            assert broken not in relay._clients or broken.closed
            assert relay.connected == 3
        finally:
            await relay.close()

    run(scenario())
