"""The envelopes a member takes from one read of its connection are journalled together, in one
write (``TablePeer.holding``, issue 12): the journal holds every envelope of the others that the
machine accepted, with its relay log index, in order — as one write per envelope did — and a
resumed member rebuilds the game from it.

Two members play a whole game through an in-memory relay that hands each member everything
queued for it at once, as one read of a connection would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from goldnet.net.frames import Env
from goldnet.net.journal import Journal, read_journal
from protocol.envelope import Envelope

from .relaykit import MEMORY_STEPS, Member, MemoryRelay, members


class ReadsRelay(MemoryRelay):
    """Hands each member all its queued frames as one read: held, then written once."""

    def play(self) -> None:
        from goldnet.net.frames import Seats

        seats = Seats(tuple(m.identity.public for m in self.members), ("a", "b"))
        for member in self.members:
            member._on_frame(seats)
        for _ in range(MEMORY_STEPS):
            if not self.queue:
                break
            member = self.queue[0][0]
            read = [index for m, index in self.queue if m is member]
            self.queue = type(self.queue)((m, i) for m, i in self.queue if m is not member)
            member.holding = True
            try:
                for index in read:
                    member._on_frame(Env(index, self.log[index]))
                    if member.outcome is not None:
                        break
                member.write_accepted()
            finally:
                member.holding = False
        assert all(m.outcome is not None for m in self.members), "the game did not end"


def test_a_read_of_several_envelopes_is_journalled_in_one_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    writes: list[list[Any]] = []
    real = Journal._write

    def counted(self: Journal, *entries: list[Any], sync: bool = False) -> None:
        if any(entry[0] == "in" for entry in entries):
            writes.append([entry[0] for entry in entries])
        real(self, *entries, sync=sync)

    monkeypatch.setattr(Journal, "_write", counted)
    relay = ReadsRelay()
    made: list[Member] = members(tmp_path, relay)
    relay.play()
    assert all(m.outcome is not None and m.outcome.ending == "over" for m in made)
    assert any(len(w) > 1 for w in writes)  # reads of several envelopes: one write each
    assert all(kinds == ["in"] * len(kinds) for kinds in writes)
    for member, other in ((made[0], made[1]), (made[1], made[0])):
        assert member.journal is not None
        state = read_journal(member.journal.path)
        theirs = [d for d in relay.log if Envelope.decode(d).sender == other.identity.public]
        # every envelope of the other member, in order, each with its index in the log
        assert [d for _, d in state.incoming] == theirs
        assert all(relay.log[index] == data for index, data in state.incoming)
