"""Fuzz targets for the rules engines: what a member can put in a signed action or claim, at
positions of real games of both games. Same contract as :mod:`tests.fuzz.targets`, whose
registry they join.

A hostile action reaches the rules only through the lockstep machine, which names its signer for
an :class:`~goldnet.engine.IllegalAction`; any other exception out of the rules would crash every
honest peer instead. Invariants: as :mod:`tests.fuzz.targets`; the positions are played once per
process by seeded random bots, and every run applies to a clone.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from protocol.codec import pack
from protocol.errors import RemoteProtocolError

from .targets import body_of, target

GAMES = (("mountains-rivers", (3,), 2), ("golden-city", (), 4))
EVERY = 2
"""A position is kept every this many actions."""


@cache
def _positions() -> tuple[Any, ...]:
    """``(state, seats)`` of both games at a seat's turn, along a game between random bots
    each."""
    from goldnet import games
    from goldnet.engine import TurnOf
    from goldnet.rng import Stream
    from goldnet.selfplay import play

    kept: list[Any] = []
    for name, options, seats in GAMES:
        info = games.get(name)
        state = info.make(options, seats)
        bots = [info.make_bot("random", f"fuzz/{name}/{s}") for s in range(seats)]
        played: list[Any] = []
        play(
            state,
            bots,
            Stream("fuzz", name),
            on_action=lambda after, out=played: out.append(after.clone()),
        )
        kept += [(s, seats) for s in played[EVERY - 1 :: EVERY] if isinstance(s.awaiting(), TurnOf)]
    return tuple(kept)


def _seeds() -> list[bytes]:
    out = []
    for i, (state, _) in enumerate(_positions()[:200]):
        seat = state.awaiting().seat
        for action in state.legal_actions(seat)[:2]:
            out.append(bytes([i % 256, 0]) + pack(tuple(action)))
        for claim in state.claims(seat)[:1]:
            out.append(bytes([i % 256, 1]) + pack(tuple(claim)))
    return out


@target("rules", _seeds)
def run_rules(data: bytes) -> None:
    """A seat's action (byte 1 even) or any seat's claim (odd) with any body, at a position of
    a real game (byte 0): IllegalAction with the state unchanged, or applied with every seat's
    observation still made."""
    from goldnet.engine import IllegalAction

    if len(data) < 2:
        return
    positions = _positions()
    kept, seats = positions[data[0] % len(positions)]
    state = kept.clone()
    try:
        body = body_of(data[2:])
    except RemoteProtocolError:
        return
    move = body if isinstance(body, tuple) else (body,)
    before = state.public_hash()
    try:
        if data[1] % 2 == 0:
            state.apply(move)
        else:
            state.apply_claim((data[1] // 2) % seats, move)
    except IllegalAction:
        assert state.public_hash() == before, "a refused action changed the state"
        return
    for seat in (None, *range(seats)):
        state.observation(seat)
