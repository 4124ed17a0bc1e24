"""Small maps and drivers for the Golden City tests.

``small()`` is the test map ``maps/small.json`` (99 fields, 18 hills, one lake with three
landings, two caves, an 11-gallery mine); :func:`tiny` builds one-row maps for the rules that
need a bare board. :func:`game` starts a game with chosen missions; :func:`feed` answers
whatever the game awaits (an action on a turn, an outcome for a chance request, a card value
for a reveal).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from goldnet.engine import ChanceOf, Event, RevealOf, TurnOf, Wire
from goldnet.games.golden_city.board import Board, load_map
from goldnet.games.golden_city.rules import State, mission_kinds

MAPS = Path(__file__).parent / "maps"


def small_data() -> dict[str, Any]:
    """A fresh copy of the small map's JSON object."""
    data: dict[str, Any] = json.loads((MAPS / "small.json").read_text(encoding="utf-8"))
    return data


@lru_cache(maxsize=1)
def small() -> Board:
    return load_map(small_data())


def tiny(row: str, track: list[str], **extra: Any) -> Board:
    """A one-row map ``row`` (houses 0 and 1 for two seats) with ``track``."""
    data: dict[str, Any] = {
        "format": "golden-city-map/1",
        "name": "tiny",
        "surface": [row],
        "track": track,
        "rafts": [],
        "caves": {},
        "houses": {"2": [0, 1]},
        "locomotive": {"2": 0},
    }
    data.update(extra)
    return load_map(data)


def game(
    seats: int = 2, missions: tuple[str, ...] | None = None, board: Board | None = None
) -> State:
    """A new game on ``board`` (the small map) with ``missions`` dealt (default: the first
    kinds), at the start of seat 0's turn."""
    board = board or small()
    st = State(board, seats)
    kinds = missions or mission_kinds(board)[:seats]
    for seat in range(seats):
        st.apply_reveal("mission", seat, seat, kinds[seat])
    return st


def feed(st: State, *inputs: Wire) -> list[Event]:
    """Answer what ``st`` awaits with each of ``inputs`` in turn; the events, all together."""
    events: list[Event] = []
    for value in inputs:
        request = st.awaiting()
        if isinstance(request, TurnOf):
            assert isinstance(value, tuple), (value, request)
            events += st.apply(value)
        elif isinstance(request, ChanceOf):
            events += st.apply_chance(value)
        else:
            assert isinstance(request, RevealOf), request
            events += st.apply_reveal(request.deck, request.card, request.to, value)
    return events


def begin(st: State, seat: int) -> list[Event]:
    """Start ``seat``'s turn afresh from the position as it stands (tests set a position up,
    then begin a turn on it)."""
    return st.start_turn(seat)


def field(st: State, name: str) -> int:
    """The surface field named ``name``."""
    return st.board.surface.index[name]


def put(st: State, seat: int, name: str, *, below: bool = False) -> None:
    """Stand ``seat`` on field ``name`` (of the mine when ``below``)."""
    st.pos[seat] = st.ns + st.board.mine.index[name] if below else field(st, name)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def only(events: list[Event], kind: str) -> Event:
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, (kind, kinds(events))
    return found[0]


def gold_in_play(st: State) -> int:
    """Banks + sacks (nuggets and gold found below) + loot under thieves."""
    return sum(st.bank) + sum(st.nuggets) + sum(st.below) + sum(st.loot_nuggets)
