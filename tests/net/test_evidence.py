"""Evidence forwarding (issue #8): a member sends ``["evidence", envelope]`` — any envelope of
the table's game signed by a member (not necessarily itself), e.g. the other half of an
equivocation — and the relay logs it once and forwards it like any envelope. Spectators may
not; a non-member's envelope, another game's, a malformed one are refused. Real TLS on
127.0.0.1.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from goldnet.net.relay import Relay
from goldnet.records import read, verify
from protocol.envelope import ZERO_HASH, Envelope
from protocol.identity import Identity

from .relaykit import GAME, HOST, Raw, refused_with, run, start_game, table_envelope, until


class Table:
    """A relay, two members a and b (the table and one envelope each), a spectator."""

    def __init__(self) -> None:
        self.relay = Relay(Identity.generate(), table_name="t", game=GAME, seats=2)
        self.a, self.b = Identity.generate(), Identity.generate()
        self.port = 0

    async def open(self) -> None:
        self.port = await self.relay.start(HOST, 0)
        self.ra = await Raw.connect(self.port)
        assert (await self.ra.auth(self.a, name="a"))[0] == "welcome"
        self.rb = await Raw.connect(self.port)
        assert (await self.rb.auth(self.b, name="b"))[0] == "welcome"
        self.rb.send(["resume", 0])
        self.table = table_envelope(self.a, self.a, self.b)
        self.ra.send(["env", self.table.raw])
        await until(lambda: len(self.relay.log) == 1)
        self.b0 = Envelope.seal(self.b, "commit", self.table.game_id, 0, ZERO_HASH, (1,))
        self.rb.send(["env", self.b0.raw])
        await until(lambda: len(self.relay.log) == 2)

    def equivocation(self) -> Envelope:
        """b's other envelope with b's sequence number 0: never sent to the relay by b."""
        return Envelope.seal(self.b, "commit", self.table.game_id, 0, ZERO_HASH, (2,))


def test_a_member_forwards_another_members_envelope_as_evidence() -> None:
    async def scenario() -> None:
        t = Table()
        await t.open()
        try:
            other = t.equivocation()
            t.ra.send(["evidence", other.raw])
            await until(lambda: len(t.relay.log) == 3)
            assert t.relay.log[2] == other.raw
            # forwarded like an env, with its index — to its signer b too (it is about b),
            # while neither member gets its own env back
            assert await t.rb.envelopes(2) == [(0, t.table.raw), (2, other.raw)]
            assert await t.ra.envelopes(2) == [(1, t.b0.raw), (2, other.raw)]
            # again, or sent as evidence by b itself: logged once
            t.ra.send(["evidence", other.raw])
            t.rb.send(["evidence", t.table.raw])
            t.ra.send(["ping"])
            while await t.ra.recv() != ("pong",):
                pass
            t.rb.send(["ping"])
            while await t.rb.recv() != ("pong",):
                pass
            assert len(t.relay.log) == 3
            assert t.relay.refusals == []
        finally:
            await t.relay.close()

    run(scenario())


@pytest.mark.parametrize(
    ("case", "reason"),
    [
        ("stranger", "evidence signed by a non-member"),
        ("other-game", "envelope of another game"),
        ("not-bytes", "malformed evidence frame"),
        ("extra-field", "malformed evidence frame"),
        ("junk", "bad envelope: an envelope is an array of 9 fields"),
        ("spectator", "spectators are read-only"),
    ],
)
def test_bad_evidence_is_refused_and_not_logged(case: str, reason: str) -> None:
    async def scenario() -> None:
        t = Table()
        await t.open()
        try:
            sender = t.ra
            frame: list[Any]
            if case == "stranger":
                stranger = Identity.generate()
                frame = [
                    "evidence",
                    Envelope.seal(stranger, "commit", t.table.game_id, 0, ZERO_HASH, ()).raw,
                ]
            elif case == "other-game":
                frame = [
                    "evidence",
                    Envelope.seal(t.b, "commit", bytes(31) + b"\x01", 0, ZERO_HASH, ()).raw,
                ]
            elif case == "not-bytes":
                frame = ["evidence", "text"]
            elif case == "extra-field":
                frame = ["evidence", t.equivocation().raw, 1]
            elif case == "junk":
                frame = ["evidence", b"\x93\x01\x02\x03"]
            else:
                sender = await Raw.connect(t.port)
                assert (await sender.auth(Identity.generate(), "spectator"))[0] == "welcome"
                frame = ["evidence", t.equivocation().raw]
            sender.send(frame)
            await refused_with(sender, reason)
            assert t.relay.refusals == [reason]
            assert t.relay.log == [t.table.raw, t.b0.raw]
        finally:
            await t.relay.close()

    run(scenario())


def test_evidence_of_two_histories_forwarded_by_a_peer_halts_every_peer_naming_the_signer(
    tmp_path: Path,
) -> None:
    """The joiner signs a second, different envelope with a sequence number it already used;
    the host forwards it as evidence: every peer (the joiner included) holds two envelopes of
    one sequence number, halts naming the joiner, and saves the proof in its record."""

    async def scenario() -> None:
        game = await start_game(tmp_path)
        try:
            host, joiner = game.peers
            history = host.machine.history
            assert history is not None and host.machine.table is not None
            used = history.envelope(1, 0)  # the joiner's commitment
            evidence = Envelope.seal(
                joiner.identity, "commit", host.machine.game_id, 0, ZERO_HASH, (bytes(32), 64)
            )
            assert evidence.raw != used.raw
            host.forward_evidence(evidence.raw)
            await until(lambda: evidence.raw in game.relay.log)
            outcomes = await asyncio.wait_for(asyncio.gather(*game.tasks), 10)
            for outcome in outcomes:
                assert outcome.ending == "halted" and outcome.culprit == joiner.identity.public
                assert "two histories" in outcome.reason
                checked = verify(read(outcome.record))
                assert checked.ending == "halted" and checked.culprit == joiner.identity.public
            assert game.relay.refusals == []
        finally:
            await game.close()

    run(scenario())
