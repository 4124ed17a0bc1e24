"""Missions: the kinds a map allows, the claim's moment, and the check at the end
(docs/rules/golden-city.md, "Missions").

A seat's mission is a card of the ``"mission"`` deck dealt to it alone; what it has done is public
(one counter per kind, :data:`~.setup.MISSIONS`). A claim ``("mission",)`` records the claimant's
counters as they stand; at the end, when every mission is shown, the claim pays the bonus if
those counters fulfilled the mission. A seat that did not claim is paid if its mission is fulfilled
at the end and was not yet at its last claiming moment (``st.window``, its counters when its die
was last due).

Invariants: every judgement reads public counters only; the bonus enters the bank with an event
that carries ``enter``.
"""

from __future__ import annotations

from ...engine import Event, Terminal
from .board import Board
from .setup import MISSIONS, NEEDS_LAKE, NEEDS_MINE
from .state import Core, ev


def mission_kinds(board: Board) -> tuple[str, ...]:
    """The mission kinds a map can fulfil (no mine missions without galleries, no raft mission
    without a lake): the ``"mission"`` deck."""
    has_mine = bool(board.galleries) and any(c >= 0 for c in board.cave_door)
    has_lake = bool(board.landings)
    return tuple(
        m
        for m in MISSIONS
        if (has_mine or m not in NEEDS_MINE) and (has_lake or m not in NEEDS_LAKE)
    )


def score(st: Core) -> tuple[list[Event], Terminal]:
    """Mission bonuses to the banks (docs/rules/golden-city.md, "Missions"), then the end:
    only the bank counts, equal banks share the win."""
    events: list[Event] = []
    bonus = st.setup.mission_bonus
    for seat in range(st.n_seats):
        kind = st.shown[seat]
        assert kind is not None
        index = MISSIONS.index(kind)
        need = st.setup.threshold(kind)
        claim = st.claimed[seat]
        if claim is not None:
            paid = claim[index] >= need
            if not paid:
                events.append(ev("false-claim", seat, mission=kind))
        else:
            done = st.counters[seat][index] >= need
            paid = done and st.window[seat][index] < need
            if done and not paid:
                events.append(ev("unannounced", seat, mission=kind))
        if paid:
            st.bank[seat] += bonus
            events.append(ev("bonus", seat, mission=kind, gold=bonus, enter=bonus))
    best = max(st.bank)
    winners = tuple(s for s, b in enumerate(st.bank) if b == best)
    events.append(ev("result", None, banks=tuple(st.bank), winners=winners))
    return events, Terminal(tuple(st.bank), winners)
