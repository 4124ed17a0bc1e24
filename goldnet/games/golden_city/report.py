"""Golden City's own words in ``goldnet selfplay`` and its ``goldnet bench`` position.

Per game (:meth:`Report.game`): the end (``"station"`` or ``"exhausted"``), the seat turns
taken (a turn is one seat's turn, lost turns included — not the actions in it), the banks, the
winners and, per seat, whether its mission was fulfilled (its public counter at the end reached
the threshold of the mission shown at the end). Over a run (:meth:`Report.summary`): the ends,
the turns per game and per player, each mission kind's share fulfilled and each Gazette issue's
share of games — the balance figures of ``docs/rules/golden-city.md``.

Invariants: the report reads a finished game's public state only (every mission is shown at the
end); figures over a run are kept in plain counters, in the order of the rules' tuples.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine import ChanceOf, GameState, Terminal, TurnOf, Wire
from ...rng import Stream
from .gazette import ISSUES
from .setup import MISSIONS


def _final(state: GameState) -> Any:
    from .rules import State

    if not isinstance(state, State) or state.end is None:
        raise ValueError("a Golden City report needs a finished Golden City game")
    return state


def fulfilled(state: GameState) -> list[bool]:
    """Per seat, whether the mission shown at the end is fulfilled by its counters.

    Raises:
        ValueError: not a finished Golden City game.
    """
    st = _final(state)
    out = []
    for seat, kind in enumerate(st.shown):
        index = MISSIONS.index(kind)
        out.append(st.counters[seat][index] >= st.setup.thresholds[index])
    return out


def _who(names: Sequence[str], seat: int) -> str:
    """A seat's bot name, with its seat when another seat has the same name."""
    name = names[seat]
    return f"{name} (seat {seat})" if list(names).count(name) > 1 else name


class Report:
    """One ``goldnet selfplay`` run's report (see the module's description)."""

    def __init__(self) -> None:
        self.games = 0
        self.ends: dict[str, int] = {"station": 0, "exhausted": 0}
        self.turns: list[int] = []
        self.seats = 0
        self.dealt = dict.fromkeys(MISSIONS, 0)
        self.done = dict.fromkeys(MISSIONS, 0)
        self.issues = dict.fromkeys(ISSUES, 0)

    def game(
        self, options: tuple[Wire, ...], names: Sequence[str], state: GameState, result: Terminal
    ) -> tuple[dict[str, Any], str]:
        """The game's JSON fields and text line (see :class:`goldnet.games.SelfplayReport`).

        Raises:
            ValueError: not a finished Golden City game.
        """
        st = _final(state)
        missions = fulfilled(st)
        self.games += 1
        self.seats = st.n_seats
        self.ends[st.end] = self.ends.get(st.end, 0) + 1
        self.turns.append(st.turn)
        for kind, done in zip(st.shown, missions, strict=True):
            self.dealt[kind] += 1
            self.done[kind] += int(done)
        for issue in ISSUES:
            if st.published >> ISSUES.index(issue) & 1:
                self.issues[issue] += 1
        fields = {
            "players": st.n_seats,
            "bots": list(names),
            "banks": list(result.scores),
            "winners": list(result.winners),
            "end": st.end,
            "turns": st.turn,
            "missions": missions,
        }
        banks = ", ".join(f"{_who(names, s)} {b}" for s, b in enumerate(result.scores))
        shown = ", ".join(
            f"{_who(names, s)} {'yes' if done else 'no'} ({st.shown[s]})"
            for s, done in enumerate(missions)
        )
        winners = " and ".join(_who(names, w) for w in result.winners)
        text = (
            f"{st.end:9s}  turns {st.turn:3d}  banks: {banks}  missions: {shown}  winner: {winners}"
        )
        return fields, text

    def summary(self) -> tuple[dict[str, Any], list[str]]:
        """The run's ends, turns, missions and Gazette issues: JSON fields and text lines."""
        n = max(1, self.games)
        turns = self.turns or [0]
        mean = sum(turns) / n
        per_player = mean / max(1, self.seats)
        missions = {k: {"dealt": self.dealt[k], "fulfilled": self.done[k]} for k in MISSIONS}
        fields: dict[str, Any] = {
            "ends": dict(self.ends),
            "turns": {"mean": round(mean, 2), "min": min(turns), "max": max(turns)},
            "turns_per_player": round(per_player, 2),
            "missions": missions,
            "gazette": dict(self.issues),
        }
        lines = [
            f"ends: station {self.ends['station']}, exhausted {self.ends['exhausted']}",
            f"turns per game: mean {mean:.1f} (min {min(turns)}, max {max(turns)}); "
            f"per player {per_player:.1f}",
            "missions fulfilled: "
            + ", ".join(f"{k} {self.done[k]}/{self.dealt[k]}" for k in MISSIONS if self.dealt[k]),
            "gazette issues (games): " + ", ".join(f"{k} {v}" for k, v in self.issues.items()),
        ]
        return fields, lines


def bench_position(seed: int) -> tuple[GameState, int]:
    """A mid-game 4-seat position at a move for ``goldnet bench``'s legal actions: random play
    for 24 seat turns (a game that ends sooner starts again), then the seat on turn rolls; for
    an odd ``seed`` that seat is in the mine, lit (the mine's paths are part of the figure).

    Raises:
        RuntimeError: no face gives the seat a move (not on the maps goldnet ships).
    """
    from ...local_deck import LocalDeck
    from .info import designed_map
    from .rules import State

    rng = Stream("golden-city", "bench-position", seed)
    st = State(designed_map(), 4)
    deck = LocalDeck(st.decks(), rng)
    while True:
        request = st.awaiting()
        if isinstance(request, Terminal):
            st = State(designed_map(), 4)
            deck = LocalDeck(st.decks(), rng)
        elif isinstance(request, ChanceOf):
            st.apply_chance(rng.chance(request))
        elif isinstance(request, TurnOf):
            if st.turn >= 24 and st.todo[0][0] in ("before", "move"):
                break
            st.apply(rng.choice(st.legal_actions(request.seat)))
        else:
            st.apply_reveal(
                request.deck, request.card, request.to, deck.value(request.deck, request.card)
            )
    seat = st.active
    if seed % 2 and st.board.galleries:
        st.pos[seat] = st.ns + st.board.galleries[seed % len(st.board.galleries)]
        st.light[seat] = 3
    for face in (4, 5, 3, 6, 2):
        trial = st.clone()
        trial.todo[:] = [("roll",)]
        trial.apply_chance(face)
        if trial.todo and trial.todo[0][0] == "move":
            return trial, seat
    raise RuntimeError("no face of the die gives the bench position a move")
