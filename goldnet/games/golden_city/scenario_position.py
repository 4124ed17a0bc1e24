"""The position a Golden City scenario case starts from: the case's own map, its overrides of the
setup's numbers and the position itself (docs/scenarios.md, "Golden City").

A case never depends on the designed map: it brings a map in the format ``golden-city-map/1``.
Every hill and gallery field it does not list is empty; a face-down token is written with its
hidden value (``{"down": "nugget-3"}``), which only the case's dealer (:class:`Hidden`) knows:
the state holds it face down and the runner answers each reveal from here.

Invariants: every malformed or impossible part raises :class:`ScenarioError` with one line naming
where it is and what is wrong, never another exception; the state built keeps the invariants of
:mod:`.state` — ``left_hill``/``left_gallery``/``hidden_gold`` count exactly the case's face-down
tokens, the gold found below and the lantern's light belong only to a seat in the mine, a loot lies
only under a revealed thief, a revealed cave-in only under a seat, and at most one prospector
stands on a field (houses aside).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...errors import GoldnetError
from .board import LAKE, Board, MapError, load_map
from .gazette import CHEST, COW, ISSUES, WANTED
from .missions import mission_kinds
from .rules import State
from .setup import (
    CAVE_IN,
    GALLERY_CODES,
    GHOST,
    HILL_CODES,
    MISSIONS,
    SETUPS,
    THIEF,
    TOOLS,
    Setup,
)
from .state import DOWN, EMPTY, WALL


class ScenarioError(GoldnetError, ValueError):
    """A scenario file that breaks the schema or sets an impossible position; the message says
    where and what."""


@dataclass(frozen=True)
class Hidden:
    """What only the case's dealer knows: the hidden value of each face-down token (by hill
    number and by gallery number) and each seat's mission (card ``i`` is seat ``i``'s)."""

    hills: Mapping[int, str]
    galleries: Mapping[int, str]
    missions: tuple[str, ...]


PHASES = ("start", "before", "roll", "end")
"""Where the active seat's turn stands when the case begins (docs/scenarios.md)."""

_SETUP_NUMBERS = (
    "starting_bank", "bounty", "doubled_bounty", "company", "lantern_rolls", "peek_range",
    "revolver", "guard", "mission_bonus", "mayor", "wanted", "chest",
)  # fmt: skip
_SETUP_LISTS = ("gold_rush", "new_veins", "bandits")
_POSITION_KEYS = (
    "prospectors", "hills", "loot", "mine", "rafts", "locomotive", "gazette", "active", "phase",
    "turn",
)  # fmt: skip
_PROSPECTOR_KEYS = (
    "at", "sack", "bank", "tools", "light", "lost_turn", "mission", "counters", "claimed",
    "peeked",
)  # fmt: skip


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def keys(where: str, value: Any, allowed: tuple[str, ...] | frozenset[str]) -> dict[str, Any]:
    """``value`` as an object whose keys are all ``allowed``."""
    if not isinstance(value, dict):
        raise ScenarioError(f"{where} must be an object")
    for key in value:
        if key not in allowed:
            raise ScenarioError(f"{where}: unknown key {key!r}")
    return value


def number(where: str, value: Any, low: int = 0, high: int | None = None) -> int:
    """A whole number in ``[low, high]``."""
    if not is_int(value) or value < low or (high is not None and value > high):
        span = f"at least {low}" if high is None else f"{low} to {high}"
        raise ScenarioError(f"{where} must be a whole number, {span}")
    result: int = value
    return result


def flag(where: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ScenarioError(f"{where} must be true or false")
    return value


def name_list(where: str, value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ScenarioError(f"{where} must be a list of names")
    return value


def load_case_map(spec: Any) -> Board:
    """The case's own map (an object in the format ``golden-city-map/1``).

    Raises:
        ScenarioError: no map, or a map that breaks its format (the map's own message).
    """
    if not isinstance(spec, dict):
        raise ScenarioError('"map" must be a map object in the format golden-city-map/1')
    try:
        return load_map(spec)
    except MapError as exc:
        raise ScenarioError(str(exc)) from None


def load_setup(seats: int, spec: Any) -> Setup:
    """The setup of ``seats`` seats with the case's overrides (prices and thresholds by name).

    Raises:
        ScenarioError: an unknown key, tool or mission, or a number out of range.
    """
    base = SETUPS[seats]
    if spec is None:
        return base
    spec = keys("setup", spec, (*_SETUP_NUMBERS, *_SETUP_LISTS, "prices", "thresholds"))
    changes: dict[str, Any] = {}
    for key in _SETUP_NUMBERS:
        if key in spec:
            changes[key] = number(f"setup.{key}", spec[key], 1 if key == "lantern_rolls" else 0)
    for key in _SETUP_LISTS:
        if key in spec:
            values = spec[key]
            if not isinstance(values, list) or not values:
                raise ScenarioError(f"setup.{key} must be a non-empty list of numbers 1 to 9")
            changes[key] = tuple(number(f"setup.{key}", v, 1, 9) for v in values)
    for key, names, current in (
        ("prices", TOOLS, base.prices),
        ("thresholds", MISSIONS, base.thresholds),
    ):
        if key in spec:
            given = keys(f"setup.{key}", spec[key], names)
            low = 0 if key == "prices" else 1
            changes[key] = tuple(
                number(f"setup.{key}.{n}", given[n], low) if n in given else old
                for n, old in zip(names, current, strict=True)
            )
    return dataclasses.replace(base, **changes)


def _surface(board: Board, where: str, text: Any) -> int:
    if not isinstance(text, str):
        raise ScenarioError(f"{where}: a field is written 'q,r', not {text!r}")
    f = board.surface.index.get(text)
    if f is None:
        raise ScenarioError(f"{where}: field {text} is not on the map's surface")
    return f


def _below(board: Board, where: str, text: Any) -> int:
    if not isinstance(text, str):
        raise ScenarioError(f"{where}: a mine field is written 'q,r', not {text!r}")
    m = board.mine.index.get(text)
    if m is None:
        raise ScenarioError(f"{where}: field {text} is not in the map's mine")
    return m


def _where(st: State, seat: int, text: Any) -> int:
    """A seat's place from ``"home"``, ``"q,r"`` (the surface) or ``"mine q,r"``."""
    where = f"prospector {seat}.at"
    board = st.board
    if text == "home":
        return st.tab.house[seat]
    if isinstance(text, str) and text.startswith("mine "):
        return st.ns + _below(board, where, text[5:])
    f = _surface(board, where, text)
    if board.terrain[f] == LAKE:
        raise ScenarioError(f"{where}: {text} is a lake")
    if st.tab.owner[f] not in (-1, seat):
        raise ScenarioError(f"{where}: {text} is the house of seat {st.tab.owner[f]}")
    return f


def _token(where: str, value: Any, down: dict[str, int], visible: dict[str, int]) -> int | str:
    """A listed token: ``{"down": value}`` (its hidden value, returned as a name) or a visible
    token's code."""
    if isinstance(value, dict):
        value = keys(where, value, ("down",))
        hidden = value.get("down")
        if not isinstance(hidden, str) or hidden not in down:
            raise ScenarioError(f"{where}: a face-down token is one of {', '.join(down)}")
        result: str = hidden
        return result
    if not isinstance(value, str) or value not in visible:
        raise ScenarioError(f"{where}: {value!r} is no token ({', '.join(visible)})")
    return visible[value]


_VISIBLE_HILL = {
    "empty": EMPTY,
    **{f"nugget-{v}": v for v in range(1, 10)},
    **{f"thief-{s}": THIEF + s for s in range(1, 10)},
}
_VISIBLE_GALLERY = {
    "empty": EMPTY,
    **{f"vein-{v}": v for v in range(1, 10)},
    "ghost": GHOST,
    "cave-in": CAVE_IN,
    "wall": WALL,
}


def _tokens(st: State, pos: dict[str, Any]) -> tuple[dict[int, str], dict[int, str]]:
    """Set the hills, loot and mine; return the hidden values by hill and gallery number."""
    board = st.board
    hidden_hills: dict[int, str] = {}
    hidden_galleries: dict[int, str] = {}
    st.hill = [EMPTY] * len(board.hills)
    hills = keys("position.hills", pos.get("hills", {}), frozenset(board.surface.names))
    for name, value in hills.items():
        h = board.hill_of[board.surface.index[name]]
        if h < 0:
            raise ScenarioError(f"position.hills: {name} is not a hill")
        token = _token(f"position.hills.{name}", value, HILL_CODES, _VISIBLE_HILL)
        if isinstance(token, str):
            hidden_hills[h] = token
            st.hill[h] = DOWN
        else:
            st.hill[h] = token
    st.loot_nuggets = [0] * len(board.hills)
    st.loot_thieves = [0] * len(board.hills)
    loot = keys("position.loot", pos.get("loot", {}), frozenset(board.surface.names))
    for name, value in loot.items():
        h = board.hill_of[board.surface.index[name]]
        if h < 0 or st.hill[h] <= THIEF:
            raise ScenarioError(f"position.loot: {name} holds no revealed thief to keep a loot")
        value = keys(f"position.loot.{name}", value, ("nuggets", "thieves"))
        st.loot_nuggets[h] = number(f"position.loot.{name}.nuggets", value.get("nuggets", 0))
        st.loot_thieves[h] = number(f"position.loot.{name}.thieves", value.get("thieves", 0))
    st.gal = [EMPTY] * len(board.mine.names)
    mine = keys("position.mine", pos.get("mine", {}), frozenset(board.mine.names))
    for name, value in mine.items():
        m = board.mine.index[name]
        g = board.gallery_of[m]
        if g < 0:
            raise ScenarioError(f"position.mine: {name} is a door, which holds no token")
        token = _token(f"position.mine.{name}", value, GALLERY_CODES, _VISIBLE_GALLERY)
        if isinstance(token, str):
            hidden_galleries[g] = token
            st.gal[m] = DOWN
        else:
            st.gal[m] = token
    st.left_hill = [0] * 20
    for value in hidden_hills.values():
        st.left_hill[HILL_CODES[value]] += 1
    st.left_gallery = [0] * 22
    for value in hidden_galleries.values():
        st.left_gallery[GALLERY_CODES[value]] += 1
    st.hidden_gold = sum(st.left_hill[1:10]) + sum(st.left_gallery[1:10])
    return hidden_hills, hidden_galleries


def _mission(seat: int, spec: Any) -> str | None:
    """The mission seat ``seat``'s object names, if any."""
    mission = keys(f"prospector {seat}", spec, _PROSPECTOR_KEYS).get("mission")
    if mission is not None and not isinstance(mission, str):
        raise ScenarioError(f"prospector {seat}.mission must be a mission's name")
    return mission


def _prospector(st: State, seat: int, spec: dict[str, Any], hidden_hills: dict[int, str]) -> None:
    """Set seat ``seat`` from its object."""
    where = f"prospector {seat}"
    st.pos[seat] = _where(st, seat, spec.get("at", "home"))
    sack = keys(f"{where}.sack", spec.get("sack", {}), ("nuggets", "thieves", "below"))
    st.nuggets[seat] = number(f"{where}.sack.nuggets", sack.get("nuggets", 0))
    st.thieves[seat] = number(f"{where}.sack.thieves", sack.get("thieves", 0))
    st.below[seat] = number(f"{where}.sack.below", sack.get("below", 0))
    st.bank[seat] = number(f"{where}.bank", spec.get("bank", st.setup.starting_bank))
    mask = 0
    for tool in name_list(f"{where}.tools", spec.get("tools", [])):
        if tool not in TOOLS:
            raise ScenarioError(f"{where}.tools: no tool {tool!r} ({', '.join(TOOLS)})")
        if mask >> TOOLS.index(tool) & 1:
            raise ScenarioError(f"{where}.tools: {tool} listed twice (one of each at most)")
        mask |= 1 << TOOLS.index(tool)
    st.tools[seat] = mask
    st.light[seat] = number(f"{where}.light", spec.get("light", 0), 0, st.setup.lantern_rolls)
    st.lost[seat] = int(flag(f"{where}.lost_turn", spec.get("lost_turn", False)))
    if not st.in_mine(seat) and (st.below[seat] or st.light[seat]):
        raise ScenarioError(f"{where}: gold found below and light belong to a seat in the mine")
    counters = keys(f"{where}.counters", spec.get("counters", {}), MISSIONS)
    st.counters[seat] = [number(f"{where}.counters.{k}", counters.get(k, 0)) for k in MISSIONS]
    st.window[seat] = tuple(st.counters[seat])
    st.claimed[seat] = (
        tuple(st.counters[seat]) if flag(f"{where}.claimed", spec.get("claimed", False)) else None
    )
    seen: list[int] = []
    for name in name_list(f"{where}.peeked", spec.get("peeked", [])):
        h = st.board.hill_of[_surface(st.board, f"{where}.peeked", name)]
        if h not in hidden_hills:
            raise ScenarioError(f"{where}.peeked: {name} holds no face-down token")
        seen.append(h)
        st.known[seat][h] = hidden_hills[h]
    st.peeked[seat] = tuple(sorted(set(seen)))


def _check_standing(st: State) -> None:
    """At most one prospector a field (houses aside); nobody on a token it would have taken."""
    board = st.board
    for seat, p in enumerate(st.pos):
        other = st.occupant(p, seat)
        if other >= 0:
            raise ScenarioError(
                f"position: seats {min(seat, other)} and {max(seat, other)} both stand on "
                f"{st.place_name(p)}"
            )
        if p >= st.ns:
            code = st.gal[p - st.ns]
            if code == DOWN or 0 < code < GHOST:
                raise ScenarioError(
                    f"position: seat {seat} cannot stand on {st.place_name(p)} in the mine, "
                    "which holds a face-down token or a vein"
                )
            continue
        token = st.hill[board.hill_of[p]] if board.hill_of[p] >= 0 else EMPTY
        if token == DOWN or 0 < token < THIEF:
            raise ScenarioError(
                f"position: seat {seat} cannot stand on {st.place_name(p)}, which holds a "
                "face-down token or a nugget"
            )
    for m, code in enumerate(st.gal):
        if code == CAVE_IN and st.ns + m not in st.pos:
            raise ScenarioError(
                f"position.mine: a revealed cave-in at {board.mine.names[m]} needs a seat "
                "standing on it (once left, it is a wall)"
            )


def _rafts(st: State, value: Any) -> None:
    board = st.board
    rafts = [_surface(board, "position.rafts", n) for n in name_list("position.rafts", value)]
    for f in rafts:
        if board.lake_of[f] < 0 or f not in board.landings[board.lake_of[f]]:
            raise ScenarioError(f"position.rafts: {board.surface.names[f]} is not a landing")
    for lake in range(len(board.landings)):
        count = sum(1 for f in rafts if board.lake_of[f] == lake)
        if count != 2:
            first = board.surface.names[board.landings[lake][0]]
            raise ScenarioError(
                f"position.rafts: the lake of landing {first} has two rafts, not {count}"
            )
    st.rafts = sorted(rafts)


def _locomotive(st: State, value: Any) -> None:
    spec = keys("position.locomotive", value, ("at", "advances"))
    board = st.board
    if "at" in spec:
        f = _surface(board, "position.locomotive.at", spec["at"])
        index = board.track_index[f]
        if index < 0 or index == len(board.track) - 1:
            raise ScenarioError(
                f"position.locomotive.at: {spec['at']} is not a track field before the station"
            )
        st.loco = index
    st.advances = number("position.locomotive.advances", spec.get("advances", 0))


def _gazette(st: State, value: Any) -> None:
    spec = keys("position.gazette", value, ("issue", "published", "wanted", "chest", "cow"))
    issue = spec.get("issue")
    if issue is not None and issue not in ISSUES:
        raise ScenarioError(f"position.gazette.issue: no issue {issue!r} ({', '.join(ISSUES)})")
    published = 0
    for name in name_list("position.gazette.published", spec.get("published", [])):
        if name not in ISSUES:
            raise ScenarioError(f"position.gazette.published: no issue {name!r}")
        published |= 1 << ISSUES.index(name)
    st.issue = -1 if issue is None else ISSUES.index(issue)
    if issue is not None:
        published |= 1 << st.issue
    st.published = published
    for key, code in (("wanted", WANTED), ("chest", CHEST), ("cow", COW)):
        if key in spec and st.issue != code:
            raise ScenarioError(f"position.gazette.{key} needs the issue {ISSUES[code]} in force")
    st.chest = st.issue == CHEST and flag("position.gazette.chest", spec.get("chest", True))
    st.cow = st.issue == COW and flag("position.gazette.cow", spec.get("cow", True))
    st.wanted = -1
    if st.issue == WANTED:
        leader = st.bank.index(max(st.bank)) if st.bank.count(max(st.bank)) == 1 else None
        wanted = spec.get("wanted", leader)
        if wanted is not None:
            st.wanted = number("position.gazette.wanted", wanted, 0, st.n_seats - 1)


def _seats(case: Mapping[str, Any], board: Board, prospectors: Any) -> int:
    given = case.get("seats")
    if prospectors is not None and not isinstance(prospectors, list):
        raise ScenarioError("position.prospectors must be a list, one object per seat")
    count = len(prospectors) if prospectors is not None else None
    if given is None:
        given = count if count is not None else board.seat_counts[0]
    if given not in board.seat_counts or not is_int(given):
        counts = ", ".join(map(str, board.seat_counts))
        raise ScenarioError(f"seats {given!r}: the map is made for {counts} seats")
    if count is not None and count != given:
        raise ScenarioError(f"position.prospectors lists {count} seats, not {given}")
    seats: int = given
    return seats


def initial_state(case: Mapping[str, Any]) -> tuple[State, Hidden]:
    """The case's position and its dealer: the game started on the case's map with the case's
    missions dealt, the position set, then the active seat's turn begun in the case's phase.

    Raises:
        ScenarioError: a malformed map, setup or position, or an impossible position.
    """
    board = load_case_map(case.get("map"))
    pos = keys("position", case.get("position", {}) or {}, _POSITION_KEYS)
    prospectors = pos.get("prospectors")
    seats = _seats(case, board, prospectors)
    setup = load_setup(seats, case.get("setup"))
    kinds = mission_kinds(board)
    if len(kinds) < seats:
        raise ScenarioError(f"the map offers {len(kinds)} missions for {seats} seats")
    specs = prospectors or [{}] * seats
    named = [_mission(s, spec) for s, spec in enumerate(specs)]
    for s, mission in enumerate(named):
        if mission is not None and mission not in kinds:
            raise ScenarioError(f"prospector {s}.mission: {mission!r} is not a mission of this map")
    if len({m for m in named if m is not None}) < sum(m is not None for m in named):
        raise ScenarioError("position: two seats hold the same mission (each card is one)")
    spare = iter(k for k in kinds if k not in named)
    missions = tuple(m if m is not None else next(spare) for m in named)
    # The missions are dealt as in a game (the new state awaits those reveals first), then the
    # position is set on the state that awaits seat 0's first turn.
    st = State(board, seats, setup)
    for s in range(seats):
        st.apply_reveal("mission", s, s, missions[s])
    hidden_hills, hidden_galleries = _tokens(st, pos)
    for s, spec in enumerate(specs):
        _prospector(st, s, spec, hidden_hills)
    _check_standing(st)
    if "rafts" in pos:
        _rafts(st, pos["rafts"])
    if "locomotive" in pos:
        _locomotive(st, pos["locomotive"])
    _gazette(st, pos.get("gazette", {}))
    active = number("position.active", pos.get("active", 0), 0, seats - 1)
    phase = pos.get("phase", "start")
    if phase not in PHASES:
        raise ScenarioError(f"position.phase must be one of {', '.join(PHASES)}")
    st.turn = number("position.turn", pos.get("turn", 1), 1) - 1
    _begin(st, active, phase)
    return st, Hidden(hidden_hills, hidden_galleries, missions)


def _begin(st: State, seat: int, phase: str) -> None:
    """Begin ``seat``'s turn at ``phase``: its start (the store at home, a lost turn, the
    choice before the roll), the choice before the roll, the die, or the turn's end."""
    if phase == "start":
        st.start_turn(seat)
        return
    st.active, st.turn, st.roll = seat, st.turn + 1, None
    if phase == "before":
        st.todo[:] = [("before",)]
        if len(st.legal_actions(seat)) < 2:
            raise ScenarioError(f"position.phase before: seat {seat} has nothing to choose there")
    elif phase == "roll":
        st.todo[:] = [("roll",)]
    else:
        st.todo[:] = [("end-turn",)]
        st._run()
