"""Scenario cases of Golden City: a small map of the case's own, a position, then steps — actions,
the outcome of each chance request, claims and queries — each with what it must print
(docs/scenarios.md, "Golden City").

The runner is the dealer and the dice: a step gives each chance outcome (``die``, ``duel``,
``sieve``, ``gazette``, ``place``); every reveal the game asks for is answered at once from the
case's hidden values (:class:`~.scenario_position.Hidden`), so the printed state never waits on a
reveal. An input step is atomic: it is played on a copy, and an illegal one prints ``"legal":
false`` with its refusal code and leaves the state as it was.

Invariants: a malformed case raises :class:`ScenarioError` (the file-level parts before the first
step is printed); everything printed is plain JSON (fields ``"q,r"``, tools, tokens, issues and
missions by name); the printed state is the public one, plus one seat's mission and peeks only
when a ``state`` query names that seat.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ...engine import ChanceOf, Event, IllegalAction, RevealOf, Terminal, TurnOf, Wire
from .gazette import ISSUES
from .refusals import refuse
from .rules import State
from .scenario_position import Hidden, ScenarioError, initial_state, is_int, keys
from .setup import CAVE_IN, GALLERY_NAMES, GHOST, MISSIONS, THIEF, TOOLS
from .state import DOWN, EMPTY, WALL

__all__ = ["ScenarioError", "mismatches", "run", "snapshot"]

Printed = dict[str, Any]

CASE_KEYS = ("name", "game", "ruling", "source", "note", "seats", "map", "setup", "position",
             "steps")  # fmt: skip
"""The keys a case may have (any other makes the file malformed)."""
CHANCES = ("die", "duel", "sieve", "gazette", "place")
"""The chance requests a step answers, by the request's kind."""
QUERIES = ("state", "destinations", "actions")
STEP_KEYS = ("action", *CHANCES, "claim", "query", "roll", "seat", "expect", "note")


# --- the printed state -------------------------------------------------------------------


def _hill_name(code: int) -> str:
    if code == DOWN:
        return "down"
    if code == EMPTY:
        return "empty"
    return f"thief-{code - THIEF}" if code > THIEF else f"nugget-{code}"


def _mine_name(code: int) -> str:
    if code == DOWN:
        return "down"
    if code == EMPTY:
        return "empty"
    if code == WALL:
        return "wall"
    return GALLERY_NAMES[code] if code in (GHOST, CAVE_IN) else f"vein-{code}"


def _at(st: State, seat: int) -> str:
    if st.at_home(seat):
        return "home"
    p = st.pos[seat]
    return f"mine {st.place_name(p)}" if p >= st.ns else st.place_name(p)


def _awaiting(st: State) -> Printed:
    request = st.awaiting()
    head = st.todo[0] if st.todo else ("over",)
    out: Printed = {}
    if isinstance(request, Terminal):
        out["awaiting"] = "over"
    elif isinstance(request, TurnOf):
        out["awaiting"] = head[0]
        if head[0] == "move":
            out["steps"] = list(head[1])
    elif isinstance(request, ChanceOf):
        out["awaiting"] = request.kind
        if request.kind == "duel":
            out["duel"] = head[1]
        if request.kind in ("gazette", "place"):
            out["outcomes"] = [o for o, _ in request.outcomes]
    else:
        out["awaiting"] = "reveal"
    return out


def snapshot(st: State, seat: int | None = None) -> Printed:
    """The whole public state as printed (docs/scenarios.md): with ``seat``, also that seat's
    mission and the tokens it peeked at (``"mission"``, ``"known"``)."""
    board, seats = st.board, range(st.n_seats)
    names = board.surface.names
    request = st.awaiting()
    out: Printed = {"active": st.active, "turn": st.turn, **_awaiting(st)}
    out["roll"] = None if st.roll is None else ("loco" if st.roll == 0 else st.roll)
    out["at"] = [_at(st, s) for s in seats]
    out["sacks"] = [
        {"nuggets": st.nuggets[s], "thieves": st.thieves[s], "below": st.below[s]} for s in seats
    ]
    out["banks"] = list(st.bank)
    out["tools"] = [[t for i, t in enumerate(TOOLS) if st.tools[s] >> i & 1] for s in seats]
    out["light"] = list(st.light)
    out["lost_turn"] = [bool(x) for x in st.lost]
    out["hills"] = {names[f]: _hill_name(st.hill[h]) for h, f in enumerate(board.hills)}
    out["loot"] = {
        names[f]: {"nuggets": st.loot_nuggets[h], "thieves": st.loot_thieves[h]}
        for h, f in enumerate(board.hills)
        if st.loot_nuggets[h] or st.loot_thieves[h]
    }
    out["mine"] = {
        board.mine.names[m]: "door" if board.door_cave[m] >= 0 else _mine_name(code)
        for m, code in enumerate(st.gal)
    }
    out["rafts"] = [names[f] for f in st.rafts]
    out["locomotive"] = {"at": names[board.track[st.loco]], "advances": st.advances}
    out["gazette"] = {
        "issue": None if st.issue < 0 else ISSUES[st.issue],
        "published": [n for i, n in enumerate(ISSUES) if st.published >> i & 1],
        "wanted": None if st.wanted < 0 else st.wanted,
        "chest": st.chest,
        "cow": st.cow,
    }
    out["hidden_gold"] = st.hidden_gold
    out["counters"] = [dict(zip(MISSIONS, st.counters[s], strict=True)) for s in seats]
    out["claimed"] = [c is not None for c in st.claimed]
    out["peeked"] = [[names[board.hills[h]] for h in st.peeked[s]] for s in seats]
    out["missions"] = list(st.shown)
    out["end"] = st.end
    out["finished"] = isinstance(request, Terminal)
    out["result"] = (
        {"banks": list(request.scores), "winners": list(request.winners)}
        if isinstance(request, Terminal)
        else None
    )
    if seat is not None:
        out["mission"] = st.mission[seat]
        out["known"] = {names[board.hills[h]]: v for h, v in sorted(st.known[seat].items())}
    return out


# --- playing a step ----------------------------------------------------------------------


def _settle(st: State, hidden: Hidden) -> list[Event]:
    """Answer every reveal the game awaits from the case's hidden values."""
    events: list[Event] = []
    for _ in range(10_000):
        request = st.awaiting()
        if not isinstance(request, RevealOf):
            return events
        if request.deck == "mission":
            value: Wire = hidden.missions[request.card]
        elif request.deck == "hill":
            value = hidden.hills[request.card]
        else:
            value = hidden.galleries[request.card]
        try:
            events += st.apply_reveal(request.deck, request.card, request.to, value)
        except IllegalAction as exc:  # pragma: no cover - the position's checks prevent it
            raise ScenarioError(
                f"the reveal of {request.deck} {request.card} failed: {exc}"
            ) from None
    raise ScenarioError("the game never stops revealing")  # pragma: no cover


def _action(where: str, value: Any) -> tuple[Wire, ...]:
    """An action written ``"roll"`` or ``["move", "q,r"]`` as the engine's tuple (the engine
    judges its verb and arguments: an unknown verb is an illegal action, not a malformed file)."""
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise ScenarioError(f'{where}: action must be a verb "roll" or a list ["move", "q,r"]')


def _chance(where: str, kind: str, value: Any) -> list[Wire]:
    """The outcomes a chance step gives, in order (a list gives several of one kind)."""
    values = value if isinstance(value, list) and kind in ("duel", "place") else [value]
    if not values:
        raise ScenarioError(f"{where}: {kind} needs at least one outcome")
    for v in values:
        if kind == "die" and not (is_int(v) or v == "loco"):
            raise ScenarioError(f'{where}: die must be a number or "loco"')
        if kind in ("duel", "sieve") and not is_int(v):
            raise ScenarioError(f"{where}: {kind} must be a number or a list of numbers")
        if kind in ("gazette", "place") and not isinstance(v, str):
            raise ScenarioError(f"{where}: {kind} must be a name")
    return list(values)


def _play(st: State, hidden: Hidden, kind: str, arg: Any) -> tuple[State, list[Event]]:
    """``st`` after one input step, on a copy.

    Raises:
        IllegalAction: the step is illegal; ``st`` is unchanged.
    """
    after = st.clone()
    events: list[Event] = []
    if kind == "action":
        events += after.apply(arg)
    elif kind == "claim":
        events += after.apply_claim(arg, ("mission",))
    else:
        for outcome in arg:
            request = after.awaiting()
            if isinstance(request, ChanceOf) and request.kind != kind:
                raise refuse("not-awaited", kind=kind)
            events += after.apply_chance(outcome)
            events += _settle(after, hidden)
    events += _settle(after, hidden)
    return after, events


def _destinations(st: State, roll: Any) -> Printed:
    """Where the active seat's move may end: for ``roll`` thrown now (the die yet to be thrown
    this turn), or for the move awaited; null fields when no such move exists now."""
    none: Printed = {"destinations": None, "descents": None, "steps": None}
    trial = st.clone()
    seat = trial.active
    try:
        if roll is not None:
            for _ in range(3):
                head = trial.todo[0] if trial.todo else ("over",)
                if head == ("store", 0):
                    trial.apply(("done",))
                elif head == ("before",):
                    trial.apply(("roll",))
            if not trial.todo or trial.todo[0] != ("roll",) or trial.active != seat:
                return none
            trial.apply_chance(roll)
            moving: tuple[Any, ...] = trial.todo[0] if trial.todo else ("over",)
            if moving[0] != "move" or trial.active != seat:
                return {"destinations": [], "descents": [], "steps": []}
        elif not trial.todo or trial.todo[0][0] != "move":
            return none
    except IllegalAction:
        return none
    actions = trial.legal_actions(seat)
    return {
        "destinations": [a[1] for a in actions if a[0] == "move"],
        "descents": [a[1] for a in actions if a[0] == "descend"],
        "steps": list(trial.todo[0][1]),
    }


def _query(st: State, step: Mapping[str, Any]) -> Printed:
    query = step["query"]
    if query == "state":
        return snapshot(st, step.get("seat"))
    if query == "destinations":
        return _destinations(st, step.get("roll"))
    return {"actions": [list(a) for a in st.legal_actions(st.active)]}


def _parse_step(i: int, step: Any, seats: int) -> tuple[str, Any]:
    where = f"step {i}"
    step = keys(where, step, STEP_KEYS)
    kinds = [k for k in ("action", *CHANCES, "claim", "query") if k in step]
    if len(kinds) != 1:
        raise ScenarioError(f"{where} needs exactly one of action, {', '.join(CHANCES)}, claim, "
                            "query")  # fmt: skip
    if "expect" in step and not isinstance(step["expect"], dict):
        raise ScenarioError(f"{where}: expect must be an object")
    kind = kinds[0]
    if ("roll" in step and (kind, step.get("query")) != ("query", "destinations")) or (
        "seat" in step and (kind, step.get("query")) != ("query", "state")
    ):
        raise ScenarioError(f"{where}: roll goes with a destinations query, seat with a state one")
    if "seat" in step and not (is_int(step["seat"]) and 0 <= step["seat"] < seats):
        raise ScenarioError(f"{where}: seat must be 0 to {seats - 1}")
    if "roll" in step and not (is_int(step["roll"]) or step["roll"] == "loco"):
        raise ScenarioError(f'{where}: roll must be a number or "loco"')
    if kind == "query":
        if step["query"] not in QUERIES:
            raise ScenarioError(f"{where}: unknown query {step['query']!r} ({', '.join(QUERIES)})")
        return kind, None
    if kind == "action":
        return kind, _action(where, step["action"])
    if kind == "claim":
        if not is_int(step["claim"]) or not 0 <= step["claim"] < seats:
            raise ScenarioError(f"{where}: claim names the claiming seat, 0 to {seats - 1}")
        return kind, step["claim"]
    return kind, _chance(where, kind, step[kind])


def run(case: Mapping[str, Any]) -> Iterator[tuple[Mapping[str, Any], Printed]]:
    """Run a parsed case: yields ``(step, printed)`` for each step in order.

    Raises:
        ScenarioError: the case breaks the schema or sets an impossible position (raised before
            the first step is yielded).
    """
    if not isinstance(case, dict):
        raise ScenarioError("a scenario is a JSON object")
    keys("the case", case, CASE_KEYS)
    for key in ("name", "ruling", "source", "note"):
        value = case.get(key, "")
        if not isinstance(value, str) and not (
            isinstance(value, list) and all(isinstance(v, str) for v in value)
        ):
            raise ScenarioError(f"{key} must be a text or a list of texts")
    steps = case.get("steps")
    if not isinstance(steps, list):
        raise ScenarioError("steps must be a list")
    st, hidden = initial_state(case)
    parsed = [_parse_step(i, step, st.n_seats) for i, step in enumerate(steps, 1)]
    _settle(st, hidden)
    for step, (kind, arg) in zip(steps, parsed, strict=True):
        if kind == "query":
            yield step, _query(st, step)
            continue
        try:
            st, events = _play(st, hidden, kind, arg)
        except IllegalAction as exc:
            printed = {"legal": False, "code": exc.code, "error": str(exc), "events": []}
            yield step, {**printed, **snapshot(st)}
        else:
            yield step, {"legal": True, "events": [e.kind for e in events], **snapshot(st)}


# --- comparing ---------------------------------------------------------------------------

UNORDERED = frozenset({"destinations", "descents", "rafts", "published", "outcomes", "actions"})
"""Lists compared as multisets (their order is not part of the rules)."""
PER_SEAT_UNORDERED = frozenset({"tools", "peeked"})
"""Per-seat lists whose inner lists compare as multisets."""


def _sorted(values: list[Any]) -> list[str]:
    import json

    return sorted(json.dumps(v, sort_keys=True) for v in values)


def _same(want: Any, got: Any, key: str) -> bool:
    """Whether ``got`` meets ``want``: objects partially (only the keys named; a key not
    printed is null), lists element by element (or as multisets for :data:`UNORDERED`), other
    values equal and of one type."""
    if isinstance(want, dict):
        return isinstance(got, dict) and all(_same(w, got.get(k), k) for k, w in want.items())
    if isinstance(want, list):
        if not isinstance(got, list) or len(want) != len(got):
            return False
        if key in UNORDERED:
            return _sorted(want) == _sorted(got)
        inner = "*" if key in PER_SEAT_UNORDERED else ""
        if key == "*":
            return _sorted(want) == _sorted(got)
        return all(_same(w, g, inner) for w, g in zip(want, got, strict=True))
    return bool(want == got) and type(want) is type(got)


def mismatches(expect: Mapping[str, Any], printed: Printed) -> list[tuple[str, Any, Any]]:
    """The ``(key, expected, printed)`` triples where a step's outcome differs from its
    ``expect`` object (see :func:`_same`; a key not printed is ``"<not printed>"``)."""
    out = []
    for key, want in expect.items():
        got = printed.get(key, "<not printed>")
        if not _same(want, got, key):
            out.append((key, want, got))
    return out
