"""The heuristic bot ("heuristic"): one look at each choice, valued by :class:`~._value.Valuer`.

At the store it buys the tool whose expected worth over the turns left most exceeds its price;
before the roll it rides home on the Pony Express when the sack is worth more at home than on
the road, crosses a lake when the far landing is worth more than rolling here, and uses its
lantern on the face-down hill its die most often reaches (unless the lantern is kept to light
the mine); it moves to the destination of best value after the move (the bank, the share of the
sack expected to reach it, the next roll's prospects); it announces its mission as soon as its
public counters fulfil it. It reads only its observation (:func:`~._view.rebuild`).

Invariants: values are integers; actions are valued in the order given and ties are drawn from
the bot's own seeded stream, so the same seed and observations give the same moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ....engine import Action
from ....rng import Stream
from ..gazette import SALE
from ..setup import HAUL, LANTERN, PICKAXE, SHERIFF, TOOLS
from ..state import Observation
from ._simple import check_choice, mission_met
from ._value import FACES, U, Valuer, Weights, bounty, net_below, sack_value, stops
from ._view import rebuild

HOME_MARGIN = U
"""A ride home must be worth this much more than rolling (units)."""


@dataclass(frozen=True, slots=True)
class ToolRates:
    """What a tool is expected to bring, in units of :data:`~._value.U`: per turn left for the
    kept tools, once for the used-up ones; a tool is bought when its worth exceeds its price
    by :attr:`margin`."""

    revolver: int = 14
    sieve: int = 8
    horse: int = 25
    pickaxe: int = 23
    lantern: int = 40
    pony: int = 160
    margin: int = 50


def after_value(v: Valuer, s: int, action: Action) -> int:
    """Seat ``s``'s value (units) after ``action`` of the move phase, its gains averaged
    (the position is changed and put back)."""
    st = v.st
    p, light = st.pos[s], st.light[s]
    name = action[1]
    assert isinstance(name, str)
    bank = U * st.bank[s]
    sack = sack_value(st, s)
    if action[0] == "descend":
        cave = st.board.surface.index[name]
        where = st.ns + st.board.cave_door[cave]
        gain = v.gain(s, cave) if st.occupant(cave, s) >= 0 else 0
        st.pos[s] = where
        if st.tools[s] & LANTERN:
            st.light[s] = st.setup.lantern_rolls
        gain += v.gain(s, where)
    elif p >= st.ns:
        m = st.board.mine.index[name]
        where = st.ns + m
        gain = v.gain(s, where)
        cave = st.board.door_cave[m]
        if cave >= 0 and st.occupant(where, s) < 0:
            bank += U * net_below(st, st.below[s])
            sack -= U * net_below(st, st.below[s])
            where = cave
        st.pos[s] = where
    else:
        where = st.board.surface.index[name]
        gain = v.gain(s, where)
        st.pos[s] = where
    if where == st.tab.house[s]:
        value = bank + sack + gain + _homecoming(v, s)
    else:
        carried = max(0, sack + gain)
        value = bank + carried * v.keep(s) // 100 + min(0, sack + gain)
    value += v.w.potential * v.potential(s) // 100
    st.pos[s], st.light[s] = p, light
    return value


def _homecoming(v: Valuer, s: int) -> int:
    """Mission progress a homecoming of seat ``s`` makes (the sheriff's and the haul's)."""
    st = v.st
    thieves = st.thieves[s]
    worth = v.mission_step(s, SHERIFF) * thieves
    need = st.setup.thresholds[HAUL]
    if st.nuggets[s] + thieves * bounty(st) >= need:
        worth += v.mission_step(s, HAUL) * need
    return worth


class HeuristicBot:
    """Sensible one-look play ("heuristic"); see the module's description.

    Args:
        seed: names the bot's :class:`~goldnet.rng.Stream` (used to break ties only).
    """

    name = "heuristic"
    weights = Weights()
    rates = ToolRates()

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self._stream = Stream("golden-city", "bot", self.name, seed)

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        """The legal action of best value, ties drawn from the stream.

        Raises:
            ValueError: ``legal_actions`` is empty.
        """
        check_choice(legal_actions)
        if len(legal_actions) == 1:
            return legal_actions[0]
        obs: Observation = observation
        assert obs.seat is not None
        st = rebuild(obs)
        v = Valuer(st, obs.seat, self.weights)
        phase = obs.awaiting[0]
        if phase == "store":
            values = [self._store_value(v, obs.seat, a) for a in legal_actions]
        elif phase == "before":
            values = [self._before_value(v, obs.seat, a) for a in legal_actions]
        else:
            values = [after_value(v, obs.seat, a) for a in legal_actions]
        top = max(values)
        return self._stream.choice(
            [a for a, x in zip(legal_actions, values, strict=True) if x == top]
        )

    def claim(self, observation: Any, claims: Sequence[Action]) -> Action | None:
        """``("mission",)`` as soon as its mission is fulfilled and it may claim, else None."""
        return claims[0] if claims and mission_met(observation) else None

    # --- the store --------------------------------------------------------------------

    def tool_worth(self, v: Valuer, s: int, tool: str) -> int:
        """What ``tool`` is expected to bring seat ``s`` over the turns left (units)."""
        st = v.st
        turns = v.rounds
        r = self.rates
        if tool == "pickaxe":
            if not st.board.galleries or turns < 4:
                return 0
            return r.pickaxe * turns
        if tool == "lantern":
            return r.lantern if turns >= 2 else 0
        if tool == "pony":
            return r.pony if turns >= 3 else 0
        return int(getattr(r, tool)) * turns

    def _store_value(self, v: Valuer, s: int, action: Action) -> int:
        if action[0] == "done":
            return self.rates.margin
        tool = action[1]
        assert isinstance(tool, str)
        price = v.st.setup.price(TOOLS.index(tool), v.st.issue == SALE)
        return self.tool_worth(v, s, tool) - U * price + v.mission_step(s, 8)

    # --- before the roll --------------------------------------------------------------

    def _before_value(self, v: Valuer, s: int, action: Action) -> int:
        st = v.st
        verb = action[0]
        if verb == "roll":
            return v.value(s) + 1
        if verb == "pony":
            p = st.pos[s]
            st.pos[s] = st.tab.house[s]
            home = U * st.bank[s] + sack_value(st, s) + _homecoming(v, s)
            home += v.w.potential * v.potential(s) // 100
            st.pos[s] = p
            return home - HOME_MARGIN
        name = action[1]
        assert isinstance(name, str)
        f = st.board.surface.index[name]
        if verb == "raft":
            return after_value(v, s, ("move", name)) + v.mission_step(s, 4)
        # the lantern: worth keeping to light the mine with a pickaxe; else peek where the
        # die most often reaches
        if st.tools[s] & PICKAXE and st.board.galleries:
            return v.value(s) - U
        faces = sum(1 for face in FACES if f in stops(st, s, face, v.walls)[0])
        return v.value(s) + faces
