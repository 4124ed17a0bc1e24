"""A finished network game saves the record its lockstep machine built from what it accepted:
nothing is verified again at the end (docs/protocol.md §6.1) — the offline ``goldnet verify``
of the saved file still checks everything. Real TCP + TLS on 127.0.0.1."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

import goldnet.records
from goldnet.records import read, verify
from protocol import lockstep

from .relaykit import run, start_game


def test_a_finished_network_game_is_not_verified_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    machines: list[Any] = []
    verified: list[Any] = []
    init = lockstep.Lockstep.__init__

    def counted(self: lockstep.Lockstep, *args: Any, **kwargs: Any) -> None:
        machines.append(self)
        init(self, *args, **kwargs)

    def spy(*args: Any, **kwargs: Any) -> Any:
        verified.append(args)
        return verify(*args, **kwargs)

    monkeypatch.setattr(lockstep.Lockstep, "__init__", counted)
    monkeypatch.setattr(goldnet.records, "verify", spy)

    async def play() -> list[Any]:
        game = await start_game(tmp_path, pause_at=None)
        try:
            return list(await asyncio.wait_for(asyncio.gather(*game.tasks), 20))
        finally:
            await game.close()

    outcomes = run(play())
    assert verified == []
    # One machine per peer: no verifier (a spectator machine) replayed the game at its end.
    assert len(machines) == 2
    for outcome, machine in zip(outcomes, machines[:2], strict=True):
        assert outcome.ending == "over"
        assert list(read(outcome.record)) == machine.record
        assert verify(read(outcome.record)).result == outcome.result
