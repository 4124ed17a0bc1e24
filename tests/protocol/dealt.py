"""Tables whose cards the mental-poker deck deals through the lockstep (docs/protocol.md §6.3):
random bots and a spectator behind the in-memory harness, with the test card game
(``cards.py``, private variant: public flips and private peeks) or Golden City."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from goldnet import games
from goldnet.binding import EngineBinding, make_engine
from goldnet.harness import Harness, Peer, deterministic_peer
from goldnet.records import Verified, verify
from protocol.envelope import Envelope
from protocol.lockstep import Lockstep

from .cards import NAME

Tamper = Callable[[int, bytes], bytes | None]


def dealt_table(
    label: str,
    seats: int = 3,
    *,
    game: str = NAME,
    options: tuple[Any, ...] = (1,),
    tamper: Tamper | None = None,
    clock: Callable[[], int] = lambda: 0,
    engines: Callable[[str, tuple[Any, ...], int], Any] = make_engine,
) -> tuple[Harness, list[Peer], Peer]:
    """``seats`` random bots (keys and seeds from ``label``; their machines' engines from
    ``engines``) and a spectator at a table of ``game`` dealt by the deck, started (the table
    proposed), not yet run."""
    info = games.get(game)
    peers = [
        deterministic_peer(
            f"{label}/{s}",
            info.make_bot("random", f"{label}/{s}"),
            clock=clock,
            engines=engines,
        )
        for s in range(seats)
    ]
    watcher = Peer(None, Lockstep(None, make_engine))
    harness = Harness(peers, spectators=[watcher], tamper=tamper)
    harness.start(game, options, f"deck/{label}".encode().ljust(16, b"."))
    return harness, peers, watcher


def types(record: list[bytes]) -> list[str]:
    """The envelope types of ``record``, in order."""
    return [Envelope.decode(d).type for d in record]


def state_of(peer: Peer) -> Any:
    engine = peer.machine.engine
    assert isinstance(engine, EngineBinding)
    return engine.state


def assert_named(peers: list[Peer], cheater: int, match: str) -> Verified:
    """Every peer but ``cheater`` halted naming it for a reason containing ``match``, and each
    honest peer's full record verifies to that same verdict; the honest records agree."""
    key = peers[cheater].machine.identity
    assert key is not None
    honest = [p for i, p in enumerate(peers) if i != cheater]
    verdicts = []
    for peer in honest:
        halted = peer.machine.halted
        assert halted is not None, peer.machine.waiting()
        assert halted.culprit == key.public, halted
        assert match in halted.reason, halted.reason
        checked = verify(peer.machine.full_record())
        assert checked.ending == "halted" and checked.culprit == key.public
        assert match in checked.reason
        verdicts.append(checked)
    assert len({tuple(p.machine.record) for p in honest}) == 1
    return verdicts[0]
