"""The position a Golden City scenario case reaches (``goldnet render --scenario``): the case's
start, then each step played when it is legal (a refused step leaves the position as it was),
every reveal answered from the case's hidden values as the scenario runner does.

Raises :class:`goldnet.games.golden_city.scenario.ScenarioError` for a malformed case.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from goldnet.engine import IllegalAction
from goldnet.games.golden_city import scenario
from goldnet.games.golden_city.rules import State
from goldnet.games.golden_city.scenario_position import initial_state


def position(case: Mapping[str, Any]) -> State:
    """The state ``case`` reaches."""
    if not isinstance(case, dict):
        raise scenario.ScenarioError("a scenario is a JSON object")
    steps = case.get("steps") or []
    if not isinstance(steps, list):
        raise scenario.ScenarioError("steps must be a list")
    state, hidden = initial_state(case)
    parsed = [scenario._parse_step(i, step, state.n_seats) for i, step in enumerate(steps, 1)]
    scenario._settle(state, hidden)
    for kind, arg in parsed:
        if kind == "query":
            continue
        try:
            state, _ = scenario._play(state, hidden, kind, arg)
        except IllegalAction:
            continue
    return state
