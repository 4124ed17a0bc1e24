"""The heuristic bot ("heuristic"): one look at each choice, valued by :class:`~._value.Valuer`.

At the store it buys the tool whose expected worth over the turns left most exceeds its price
(the lantern only with a pickaxe in hand — a lit mine visit is what repays it, a peek does not;
the pickaxe bought first, the lantern may follow at the same store — or as a step towards the
outfitter mission; the Pony Express only with :attr:`ToolRates.pony_turns` turns or more
expected to be left, the pickaxe's rate only with :attr:`ToolRates.pickaxe_turns` — a tool bought
late seldom repays);
before the roll it rides home on the Pony Express when the sack is worth more at home than on
the road, crosses a lake when the far landing is worth more than rolling here, and uses its
lantern on the face-down hill its die most often reaches (unless the lantern is kept to light
the mine); it moves to the destination of best value after the move (the bank, the share of the
sack expected to reach it, the next roll's prospects); it announces its mission as soon as its
public counters fulfil it. It reads only its observation (:func:`~..rebuild.from_observation`).

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
from ..rebuild import from_observation
from ..resolve import bank_home, exit_mine
from ..rules import State
from ..setup import LANTERN, MISSIONS, OUTFITTER, PICKAXE, TOOLS
from ..state import Observation
from ._simple import check_choice, mission_met
from ._value import FACES, U, Valuer, Weights, stops

HOME_MARGIN = U
"""A ride home must be worth this much more than rolling (units)."""


@dataclass(frozen=True, slots=True)
class ToolRates:
    """What a tool is expected to bring, in units of :data:`~._value.U`: per turn left for the
    kept tools, once for the used-up ones (the lantern: one lit mine visit, worth it only to a
    seat holding a pickaxe); a tool is bought when its worth exceeds its price by
    :attr:`margin`. The Pony Express is worth something only with :attr:`pony_turns` or more
    turns expected to be left, the pickaxe's rate only with :attr:`pickaxe_turns` (its share of
    a `mine` or `ghosts` bonus, and its step of the `outfitter` mission, count earlier too)."""

    revolver: int = 14
    sieve: int = 8
    horse: int = 25
    pickaxe: int = 23
    lantern: int = 200
    pony: int = 160
    margin: int = 50
    pickaxe_turns: int = 22
    pony_turns: int = 12


MISSION_TOOLS: dict[tuple[str, str], int] = {
    ("mine", "pickaxe"): 60,
    ("mine", "lantern"): 15,
    ("ghosts", "pickaxe"): 60,
    ("fights", "revolver"): 35,
    ("brawls", "revolver"): 35,
    ("sheriff", "revolver"): 30,
}
"""Per (mission, tool), the share of the mission bonus (per 100) the tool is worth to a seat
whose mission it is, while unfulfilled."""


def lantern_lights(v: Valuer, s: int) -> bool:
    """Whether a lantern bought now would light a mine visit of seat ``s``: it holds a pickaxe,
    the map has a mine, and turns enough are left to go down."""
    st = v.st
    return bool(st.tools[s] & PICKAXE) and bool(st.board.galleries) and v.rounds >= 4


def after_value(v: Valuer, s: int, action: Action) -> int:
    """Seat ``s``'s value (units) after ``action`` of the move phase: the position after the
    move (home banked, the wagon's gold banked at a door, a descent lit by a lantern) valued
    by :meth:`Valuer.value`, plus the move's expected gain on the way (:meth:`Valuer.gain`)
    at the share of the sack that position keeps."""
    st = v.st
    name = action[1]
    assert isinstance(name, str)
    after = st.clone()
    if action[0] == "descend":
        cave = st.board.surface.index[name]
        where = st.ns + st.board.cave_door[cave]
        gain = v.gain(s, cave) if st.occupant(cave, s) >= 0 else 0
        after.pos[s] = where
        after.light[s] = st.setup.lantern_rolls if st.tools[s] & LANTERN else 0
        after.tools[s] &= ~LANTERN
        gain += v.gain(s, where)
    elif st.pos[s] >= st.ns:
        m = st.board.mine.index[name]
        where = st.ns + m
        gain = v.gain(s, where)
        if st.board.door_cave[m] >= 0 and st.occupant(where, s) < 0:
            exit_mine(after, s, m)
        else:
            after.pos[s] = where
    else:
        where = st.board.surface.index[name]
        gain = v.gain(s, where)
        if where == st.tab.house[s]:
            bank_home(after, s)
        else:
            after.pos[s] = where
    w = Valuer(after, s, v.w)
    keep = 100 if after.pos[s] == after.tab.house[s] else w.keep(s)
    return w.value(s) + (gain * keep // 100 if gain > 0 else gain)


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
        values = self.values(from_observation(obs), obs.seat, legal_actions)
        top = max(values)
        return self._stream.choice(
            [a for a, x in zip(legal_actions, values, strict=True) if x == top]
        )

    def values(self, st: State, s: int, legal_actions: Sequence[Action]) -> list[int]:
        """The one-look value (units) of each of seat ``s``'s ``legal_actions`` in ``st`` (a
        position seen from ``s``: its own knowledge only), in the order given."""
        v = Valuer(st, s, self.weights_at(st, s))
        phase = st.todo[0][0]
        if phase == "store":
            return [self._store_value(v, s, a) for a in legal_actions]
        if phase == "before":
            return [self._before_value(v, s, a) for a in legal_actions]
        return [after_value(v, s, a) for a in legal_actions]

    def weights_at(self, st: State, s: int) -> Weights:
        """The valuer's settings for seat ``s``'s choice in ``st``: :attr:`weights` (the strong
        bot changes its risk appetite with its standing)."""
        return self.weights

    def claim(self, observation: Any, claims: Sequence[Action]) -> Action | None:
        """``("mission",)`` as soon as its mission is fulfilled and it may claim, else None."""
        return claims[0] if claims and mission_met(observation) else None

    # --- the store --------------------------------------------------------------------

    def tool_worth(self, v: Valuer, s: int, tool: str) -> int:
        """What ``tool`` is expected to bring seat ``s`` over the turns left (units): its
        rate, and a share of the mission bonus when the seat's mission needs it
        (:data:`MISSION_TOOLS`)."""
        st = v.st
        turns = v.rounds
        r = self.rates
        if tool == "pickaxe":
            # bought late, a pickaxe seldom repays (but it is a step of the outfitter mission)
            least = 4 if v.mission_step(s, OUTFITTER) > 0 else r.pickaxe_turns
            worth = r.pickaxe * turns if st.board.galleries and turns >= least else 0
        elif tool == "lantern":
            # a lantern repays by lighting a mine visit (a peek is worth about half a nugget,
            # below its price): without a pickaxe it is worth only its step towards the
            # outfitter mission (counted by the caller)
            if not lantern_lights(v, s):
                return 0
            worth = r.lantern
        elif tool == "pony":
            worth = r.pony if turns >= r.pony_turns else 0
        else:
            worth = int(getattr(r, tool)) * turns
        mission = st.mission[s]
        share = MISSION_TOOLS.get((mission or "", tool), 0)
        if share and turns >= 3:
            kind = MISSIONS.index(mission or "")
            if st.counters[s][kind] < st.setup.thresholds[kind]:
                worth += U * st.setup.mission_bonus * share // 100
        return worth

    def _store_value(self, v: Valuer, s: int, action: Action) -> int:
        if action[0] == "done":
            return self.rates.margin
        tool = action[1]
        assert isinstance(tool, str)
        price = v.st.setup.price(TOOLS.index(tool), v.st.issue == SALE)
        outfitter = 100 * v.mission_step(s, OUTFITTER) // max(1, v.w.mission)
        return self.tool_worth(v, s, tool) - U * price + outfitter

    # --- before the roll --------------------------------------------------------------

    def _before_value(self, v: Valuer, s: int, action: Action) -> int:
        st = v.st
        verb = action[0]
        if verb == "roll":
            return v.value(s) + 1
        if verb == "pony":
            after = st.clone()
            bank_home(after, s)
            return Valuer(after, s, v.w).value(s) - HOME_MARGIN
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
        return v.value(s) + 1 + faces
