"""A hostile relay's frame order: every env frame sent twice, and each pair of frames queued
for a member swapped (later envelope first). The lockstep machine holds what comes after a
gap and skips what it has by content: the game ends, nobody named, one record."""

from __future__ import annotations

from pathlib import Path

from .relaykit import Member, MemoryRelay, check_ended_cleanly, members


class Reordering(MemoryRelay):
    def deliveries(self) -> list[tuple[Member, int]]:
        batch = [self.queue.popleft()]
        if self.queue and self.queue[0][0] is batch[0][0]:
            batch.insert(0, self.queue.popleft())  # the later one first
        return batch * 2  # and each twice


def test_a_relay_swapping_and_doubling_frames_changes_no_outcome(tmp_path: Path) -> None:
    relay = Reordering()
    players = members(tmp_path, relay)
    relay.play()
    outcomes = [m.outcome for m in players]
    assert all(o is not None and o.ending == "over" and o.culprit is None for o in outcomes)
    check_ended_cleanly(players, relay)
