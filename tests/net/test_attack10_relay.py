"""Attacks on the issue-10 relay and client (goldnet/net/relay.py, client.py, peer.py): no echo
to the sender, every own envelope sent again after a reconnection, ``received`` one past the
last entry received.

- a member that sends again, after reconnecting, one of its envelopes changed (equivocation
  through the resend path) is named by the honest member on the two envelopes it signed, and
  by nothing else; the honest member is never named;
- a relay that lies about log indices (huge, zero, repeated, out of order) and replays every
  member's own envelopes back to it changes nothing: the game finishes, nobody named, no own
  envelope journalled as received;
- a relay that delivers a member's envelopes to nobody until that member reconnects, then
  honestly: the game waits, names nobody, and finishes.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from goldnet.net.frames import Env, Seats
from goldnet.net.journal import read_journal
from goldnet.records import read, verify
from protocol.envelope import Envelope
from tests.forge import resign

from .relaykit import (
    MEMORY_STEPS,
    MemoryRelay,
    check_ended_cleanly,
    check_records,
    members,
    run,
    start_game,
    until,
)


@pytest.mark.parametrize("which", ["action", "reveal"])
def test_a_member_that_changes_an_envelope_it_sends_again_is_named_on_its_signatures(
    tmp_path: Path, which: str
) -> None:
    """The joiner's connection drops; on reconnecting it sends all its envelopes again — one of
    them signed anew with another body, under the same sequence number. The relay logs it (it
    is new bytes) and forwards it: the host holds two envelopes of the joiner with one number,
    halts naming the joiner, and its record proves it offline. The host is named by nothing."""

    async def scenario() -> None:
        game = await start_game(tmp_path)
        host, joiner = game.peers
        try:
            mine = [Envelope.decode(d) for d in joiner.own.values()]
            original = [e for e in mine if e.type == which][-1]
            await until(lambda: original.raw in host.machine.received)
            if which == "action":  # another state hash
                body = (bytes(32), *original.body[1:])
            else:  # another chain value
                body = (original.body[0], bytes(32), *original.body[2:])
            changed = resign(joiner.identity, original.raw, body=body)
            joiner.own = {
                (Envelope.decode(changed).hash if d == original.raw else k): (
                    changed if d == original.raw else d
                )
                for k, d in joiner.own.items()
            }
            writer = joiner._writer
            assert writer is not None
            writer.close()  # the drop: it reconnects and sends every own envelope again
            await until(lambda: changed in game.relay.log)
            outcome = await asyncio.wait_for(game.tasks[0], 10)
            assert outcome.ending == "halted" and outcome.culprit == joiner.identity.public
            assert "two histories" in outcome.reason
            checked = verify(read(outcome.record))
            assert checked.ending == "halted" and checked.culprit == joiner.identity.public
            assert original.raw in read(outcome.record) and changed in read(outcome.record)
            assert not game.tasks[1].done() or game.tasks[1].result().culprit != (
                host.identity.public
            )
        finally:
            await game.close()

    run(scenario())


class LyingRelay(MemoryRelay):
    """A relay in memory that numbers its log entries as it pleases and sends every member its
    own envelopes back, each twice, with indices of its choosing."""

    def play(self) -> None:
        seats = Seats(tuple(m.identity.public for m in self.members), ("a", "b"))
        for member in self.members:
            member._on_frame(seats)
        lies = [10**12, 0, 7, 10**6, 3, 3]
        sent = 0
        for step in range(MEMORY_STEPS):
            if not self.queue:
                break
            member, index = self.queue.popleft()
            told = lies[step % len(lies)] + index % 5
            member._on_frame(Env(told, self.log[index]))
            sent += 1
            for other in self.members:  # the sender's own envelope, back at it
                if other is not member and Envelope.decode(self.log[index]).sender == (
                    other.identity.public
                ):
                    other._on_frame(Env(told + 1, self.log[index]))
                    other._on_frame(Env(0, self.log[index]))
        assert sent and all(m.outcome is not None for m in self.members), "no end"


def test_a_relay_lying_about_indices_and_echoing_own_envelopes_changes_nothing(
    tmp_path: Path,
) -> None:
    relay = LyingRelay()
    players = members(tmp_path, relay)
    relay.play()
    check_ended_cleanly(players, relay)
    for member in players:
        assert member.journal is not None
        state = read_journal(member.journal.path)
        theirs = [d for d in relay.log if Envelope.decode(d).sender != member.identity.public]
        assert sorted(d for _, d in state.incoming) == sorted(theirs)  # each once


def test_a_relay_that_withholds_a_member_until_it_reconnects_names_nobody(
    tmp_path: Path,
) -> None:
    """A real relay whose log takes none of the host's envelopes for a while (they are lost,
    as with a relay that drops them): the joiner waits, names nobody. The host's connection
    then drops; it sends every own envelope again, the relay logs what it lacks, and the game
    finishes with identical, verifying records."""

    async def scenario() -> None:
        game = await start_game(tmp_path)
        host, joiner = game.peers
        receive = game.relay._receive
        dropped: list[bytes] = []

        def dropping(client: Any, message: tuple[Any, ...]) -> None:
            if client.key == host.identity.public and message[0] == "env" and not resumed:
                dropped.append(message[1])
                return
            receive(client, message)

        resumed = False
        game.relay._receive = dropping  # type: ignore[method-assign]
        try:
            actions = joiner.machine.actions
            game.go.set()  # the host plays its held turn: its move and reveal are lost
            await until(lambda: [Envelope.decode(d).type for d in dropped][:1] == ["action"])
            assert joiner.machine.actions == actions
            waiting = joiner.waiting()
            assert waiting is not None and waiting.seats == (0,)
            assert not any(t.done() for t in game.tasks)
            assert joiner.machine.halted is None and host.machine.halted is None
            resumed = True
            writer = host._writer
            assert writer is not None
            writer.close()
            outcomes = await asyncio.wait_for(asyncio.gather(*game.tasks), 20)
            assert all(o.ending == "over" and o.culprit is None for o in outcomes)
            check_records(outcomes)
            assert set(dropped) <= set(game.relay.log)
        finally:
            await game.close()

    run(scenario())
