"""The chaos driver's look at a game (part of ``tools/chaos.py``): a spectator's replay of one
member's journal, which tells what the game awaits as that member saw it — the moment at which
the driver kills.

Invariants: a look only reads the journal (one being written is read again at the next look);
each envelope is fed to the spectator's machine once, and one the machine refuses is skipped —
a spectator's view only: the record itself is checked at the end.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from goldnet.engine import ChanceOf, RevealOf, TurnOf
from goldnet.net.journal import read_journal
from goldnet.records import _engines
from protocol.envelope import Envelope
from protocol.lockstep import Lockstep
from protocol.phases import Phase


def journal_path(profile: Path) -> Path | None:
    found = sorted((profile / "journal").glob("*.journal"))
    return found[-1] if found else None


class Watcher:
    """A spectator's replay of one member's journal: what the game awaits as that member saw it.

    :meth:`look` reads the journal again and feeds the envelopes not fed yet (its own and the
    others', in any order: the machine orders them); :attr:`moment` is then what the game
    awaits, named as in :data:`chaos.MOMENTS`, and :attr:`seen` counts the steps at which each
    moment was awaited (steps passed between two looks included)."""

    def __init__(self, profile: Path, game: str) -> None:
        self.profile, self.game = profile, game
        self.fed: set[bytes] = set()
        self.seen: Counter[str] = Counter()
        self.actions = 0
        self.moment = "table"
        self.envelopes = 0
        self.machine = Lockstep(None, _engines(self._step), deck_proofs=False)

    def _name(self, state: Any) -> str:
        awaiting = state.awaiting()
        if isinstance(awaiting, ChanceOf) and awaiting.kind == "duel":
            return "duel"
        in_mine = getattr(state, "in_mine", None)  # Golden City: the active seat is below
        if in_mine is not None and state.todo and in_mine(state.active):
            return "mine"
        if isinstance(awaiting, ChanceOf):
            return "roll" if awaiting.kind in ("die", "roll") else "draw"
        if isinstance(awaiting, TurnOf):
            head = state.todo[0][0] if getattr(state, "todo", None) else ""
            return "store" if head == "store" else "move"
        if isinstance(awaiting, RevealOf):
            return "reveal"
        return "end"

    def _step(self, state: Any, _events: Any) -> None:
        name = self._name(state)
        self.seen[name] += 1
        self.moment = name

    def look(self) -> None:
        path = journal_path(self.profile)
        if path is None:
            return
        try:
            state = read_journal(path)
        except Exception:  # being written: the next look reads it
            return
        for data in [*(d for _, d in state.incoming), *state.outgoing]:
            if data in self.fed:
                continue
            self.fed.add(data)
            self.envelopes += 1
            self.actions += Envelope.decode(data).type == "action"
            try:
                self.machine.receive(data)
            except Exception:  # a spectator's view only; the record itself is checked
                continue
        if self.machine.phase is Phase.DEAL:
            if self.moment != "deal":
                self.seen["deal"] += 1
            self.moment = "deal"
        elif self.machine.phase is Phase.COMMITS:  # the table journalled, not every commitment
            self.seen["commitments"] = max(1, self.seen["commitments"])
            self.moment = "commitments"
        elif self.machine.phase in (Phase.AUDIT, Phase.OVER):
            self.moment = "end"
