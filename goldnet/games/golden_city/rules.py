"""The rules of Golden City as docs/rules/golden-city.md states them: the turn in its phases,
what each action, chance outcome, reveal and claim does.

A turn (the ruling "A turn, in phases"): (1) at home, the store; (2) before the roll, at most one
of a lantern peek (then the roll), a raft crossing or a Pony Express ride (each instead of
rolling); (3) the roll; (4) the move; (5) the resolution: reveals, duels, the locomotive, the
Gazette; (6) at home, the store. A seat with a lost turn skips (2)-(5); a seat cut off below
is brought up by the company instead of (2)-(4).

The turn is a queue of tasks (``st.todo``); its head says what the game awaits:

- a turn of the active seat: ``("store", when)`` (0 at the start, 1 at the end of the turn),
  ``("before",)``, ``("move", steps)`` (the step counts the roll allows: one, or two with the
  horse);
- a chance request: ``("roll",)`` the die, ``("duel", ...)`` a duel die, ``("sieve", seat)``,
  ``("gazette", outcomes)``, ``("place", issue, k, outcomes)``;
- a reveal: ``("reveal", deck, card, to)`` (``to`` -1: to everyone);
- the queue empty: the game is over.

Other tasks run at once when they reach the head (``("turn", seat)``, ``("ready",)``,
``("open-store", when)``, ``("effects", seat, where)``, ``("go-down", seat, cave)``,
``("end-turn",)``, ``("next",)``, ``("finish",)``, ``("score",)``).

Actions (canonical form; fields written ``"q,r"``, a surface field or, while the seat is in the
mine, a mine field):

- ``("buy", tool)`` — buy one tool of :data:`~.setup.TOOLS` at the store; ``("done",)`` — leave it;
- ``("roll",)`` — roll the die, nothing before; ``("lantern", f)`` — peek at the face-down hill
  token on ``f`` (a private reveal), then roll; ``("raft", f)`` — cross to landing ``f`` instead of
  rolling; ``("pony",)`` — ride home instead of rolling;
- ``("move", f)`` — end the move on ``f`` (on the surface a straight line of the rolled length,
  or the seat's house reached within it; below, a gallery path); ``("descend", f)`` — stop on cave
  ``f`` within the move and go down onto its door (a pickaxe needed).

Claims: ``("mission",)`` — "my mission is fulfilled", only at the draw of one's own die (the start
of one's turn, docs/rules/golden-city.md "Missions"); checked at the end against the counters it
was made on.

This module holds the contract (what the game awaits, the legal actions, the four ways in) and
the queue's immediate tasks; what each action does is in :mod:`.actions` (:class:`State` extends
its :class:`~.actions.Actions`), the resolution in :mod:`.resolve`, the data in :mod:`.state`.

Invariants: the state changes only through :meth:`State.apply`, :meth:`State.apply_chance`,
:meth:`State.apply_reveal` and :meth:`State.apply_claim`, each of which either refuses with an
:class:`~goldnet.engine.IllegalAction` (built by :func:`.refusals.refuse`) and changes nothing, or
applies and runs the queue until it awaits an input.
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine import Action, Awaiting, ChanceOf, Deck, Event, RevealOf, Terminal, TurnOf, Wire
from .actions import Actions
from .board import Board
from .gazette import place, publish
from .missions import mission_kinds, score
from .moves import cut_off, tables
from .refusals import refuse, shown
from .resolve import descend, duel_roll, effects, rescue, reveal_token
from .setup import (
    CAVE_IN,
    GALLERY_CODES,
    HILL_CODES,
    MISSIONS,
    SETUPS,
    TOOLS,
    Setup,
    make_decks,
    token_code,
)
from .state import DOWN, GAME, ev, push

DIE = ChanceOf("die", ((2, 1), (3, 1), (4, 1), (5, 1), (6, 1), ("loco", 1)))
"""The die: "cinq chiffres, de 2 à 6, et une locomotive", six equal faces."""
DUEL = ChanceOf("duel", tuple((face, 1) for face in range(1, 7)))
"""The duel die, 1 to 6."""
SIEVE_DIE = ChanceOf("sieve", ((0, 1), (1, 1), (2, 1)))
"""The sieve's die: "un dé à trois faces : 0 à 2 pépites en plus"."""

TURN_TASKS = frozenset({"store", "before", "move"})
CHANCE_TASKS = frozenset({"roll", "duel", "sieve", "gazette", "place"})
INPUT_TASKS = TURN_TASKS | CHANCE_TASKS | {"reveal"}


class State(Actions):
    """A Golden City position; implements :class:`goldnet.engine.GameState`.

    ``State(board, seats)`` starts a game: the missions are dealt (one private reveal per seat),
    then seat 0's turn begins at home.

    Raises:
        ValueError: the map does not support ``seats`` seats, or offers fewer mission kinds
            than seats.
    """

    game = GAME
    __slots__ = ("_decks", "_result")

    def __init__(self, board: Board, seats: int, setup: Setup | None = None) -> None:
        if seats not in board.seat_houses:
            raise ValueError(f'map "{board.name}" is not made for {seats} seats')
        self.board = board
        self.setup = setup if setup is not None else SETUPS[seats]
        self.tab = tables(board, seats)
        self.n_seats = seats
        self.ns = len(board.terrain)
        kinds = mission_kinds(board)
        if len(kinds) < seats:
            raise ValueError(f'map "{board.name}" offers {len(kinds)} missions for {seats} seats')
        self._decks: tuple[Deck, ...] = make_decks(
            self.setup, len(board.hills), len(board.galleries), kinds
        )
        self._result: Terminal | None = None
        self.left_hill = [0] * 20
        self.left_gallery = [0] * 22
        for deck, values in self._decks:
            for value in values:
                if deck == "hill":
                    self.left_hill[HILL_CODES[str(value)]] += 1
                elif deck == "gallery":
                    self.left_gallery[GALLERY_CODES[str(value)]] += 1
        self.hidden_gold = sum(self.left_hill[1:10]) + sum(self.left_gallery[1:10])
        self.pos = list(self.tab.house)
        zeros = [0] * seats
        self.nuggets, self.thieves, self.below = zeros[:], zeros[:], zeros[:]
        self.bank = [self.setup.starting_bank] * seats
        self.tools, self.light, self.lost = zeros[:], zeros[:], zeros[:]
        self.hill = [DOWN] * len(board.hills)
        self.loot_nuggets = [0] * len(board.hills)
        self.loot_thieves = [0] * len(board.hills)
        self.gal = [DOWN if g >= 0 else 0 for g in board.gallery_of]
        self.rafts = list(board.rafts)
        self.loco = board.locomotive[seats]
        self.advances, self.cow = 0, False
        self.issue, self.published, self.wanted, self.chest = -1, 0, -1, False
        self.counters = [[0] * len(MISSIONS) for _ in range(seats)]
        self.claimed = [None] * seats
        self.window = [tuple(row) for row in self.counters]
        self.shown = [None] * seats
        self.peeked = [()] * seats
        self.active, self.roll, self.turn, self.end = 0, None, 0, None
        self.mission = [None] * seats
        self.known = [{} for _ in range(seats)]
        self.todo = [("reveal", "mission", s, s) for s in range(seats)]
        self.todo.append(("turn", 0))
        self._run()

    # --- the contract ----------------------------------------------------------------

    def awaiting(self) -> Awaiting:
        """A turn of the active seat, a chance request, a reveal, or the end (see the module)."""
        if not self.todo:
            assert self._result is not None
            return self._result
        head = self.todo[0]
        kind = head[0]
        if kind in TURN_TASKS:
            return TurnOf(self.active)
        if kind == "roll":
            return DIE
        if kind == "duel":
            return DUEL
        if kind == "sieve":
            return SIEVE_DIE
        if kind == "gazette":
            return ChanceOf("gazette", head[1])
        if kind == "place":
            return ChanceOf("place", head[3])
        return RevealOf(head[1], head[2], None if head[3] < 0 else head[3])

    def decks(self) -> tuple[Deck, ...]:
        """``"hill"`` (one card per hill), ``"gallery"`` (one per gallery field that is not a
        door; absent without a mine) and ``"mission"`` (every mission kind the map allows; seat
        ``i`` is dealt card ``i``, the rest stay face down)."""
        return self._decks

    def clone(self) -> State:
        """An independent copy, private knowledge included."""
        other = State.__new__(State)
        self._copy_into(other)
        other._decks = self._decks
        other._result = self._result
        return other

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now, in canonical order (empty unless on turn)."""
        if not self.todo or seat != self.active or self.todo[0][0] not in TURN_TASKS:
            return []
        head = self.todo[0]
        kind = head[0]
        if kind == "store":
            return [("buy", TOOLS[t]) for t in self._buyable(seat)] + [("done",)]
        if kind == "before":
            return [("roll",), *self._before_options(seat)]
        stops, caves = self._destinations(seat, head[1])
        names = self._names(seat)
        out: list[Action] = [("move", names[f]) for f in stops]
        out += [("descend", self.board.surface.names[f]) for f in caves]
        return out

    def apply(self, action: Action) -> list[Event]:
        """Apply the active seat's ``action`` and run the turn until it awaits an input.

        Raises:
            IllegalAction: malformed, or not legal now; the state is unchanged.
        """
        if not self.todo:
            raise refuse("game-over")
        head = self.todo[0]
        if head[0] not in TURN_TASKS:
            raise refuse("not-awaited", kind="action")
        if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
            raise refuse("malformed-action", action=repr(action))
        seat = self.active
        verb = action[0]
        allowed = {
            "store": ("buy", "done"),
            "before": ("roll", "lantern", "raft", "pony"),
            "move": ("move", "descend"),
        }[head[0]]
        if verb not in ("buy", "done", "roll", "lantern", "raft", "pony", "move", "descend"):
            raise refuse("unknown-action", kind=repr(verb))
        if verb not in allowed:
            raise refuse("wrong-phase", kind=verb, phase=head[0])
        arity = 1 if verb in ("done", "roll", "pony") else 2
        if len(action) != arity:
            raise refuse("malformed-action", action=repr(action))
        handler: Callable[..., list[Event]] = getattr(self, "_do_" + verb)
        return handler(seat, head, *action[1:]) + self._run()

    def apply_chance(self, outcome: Wire) -> list[Event]:
        """Fulfil the pending chance request with ``outcome`` and run on.

        Raises:
            IllegalAction: no chance is awaited, or ``outcome`` is not one of its outcomes.
        """
        if not self.todo:
            raise refuse("game-over")
        request = self.awaiting()
        if not isinstance(request, ChanceOf):
            raise refuse("not-awaited", kind="chance")
        if isinstance(outcome, bool) or not any(
            type(o) is type(outcome) and o == outcome for o, _ in request.outcomes
        ):
            raise refuse("bad-outcome", outcome=shown(outcome), kind=request.kind)
        head = self.todo.pop(0)
        kind = head[0]
        if kind == "roll":
            events = self._rolled(outcome)
        elif kind == "duel":
            assert isinstance(outcome, int)
            events = duel_roll(self, head, outcome)
        elif kind == "sieve":
            assert isinstance(outcome, int)
            seat = head[1]
            self.nuggets[seat] += outcome
            events = [ev("sieve", seat, gold=outcome, enter=outcome)]
        elif kind == "gazette":
            assert isinstance(outcome, str)
            events = publish(self, outcome)
        else:
            assert isinstance(outcome, str)
            events = place(self, head, outcome)
        return events + self._run()

    def apply_reveal(self, deck: str, card: int, to: int | None, value: Wire) -> list[Event]:
        """Fulfil the pending reveal with the card's ``value`` (None in a peer not entitled
        to a private reveal) and run on.

        Raises:
            IllegalAction: no such reveal is awaited, or ``value`` cannot be that card's.
        """
        if not self.todo:
            raise refuse("game-over")
        head = self.todo[0]
        expected = ("reveal", deck, card, -1 if to is None else to)
        # exactly the awaited types: 1.0 == True == 1, and -1 stands for "to everyone" inside
        exact = type(deck) is str and type(card) is int and (to is None or type(to) is int)
        if head[0] != "reveal" or not exact or to == -1 or head != expected:
            raise refuse("bad-reveal", card=shown(card), deck=shown(deck), to=shown(to))
        code = self._card_value(deck, value, to)
        self.todo.pop(0)
        if deck == "mission":
            if to is None:
                assert isinstance(value, str)
                self.shown[card] = value
                events = [ev("mission-shown", card, mission=value)]
            else:
                if isinstance(value, str):
                    self.mission[to] = value
                events = [ev("mission-dealt", to)]
        elif to is None:
            assert code is not None
            events = reveal_token(self, deck, card, code)
        else:
            if isinstance(value, str):
                self.known[to][card] = value
            f = self.board.hills[card]
            events = [ev("peeked", to, field=self.board.surface.names[f])]
        return events + self._run()

    def claims(self, seat: int) -> list[Action]:
        """``[("mission",)]`` at the draw of ``seat``'s own die while it has not claimed yet,
        else nothing (judged on the public state only)."""
        if (
            self.todo
            and self.todo[0][0] == "roll"
            and seat == self.active
            and self.claimed[seat] is None
        ):
            return [("mission",)]
        return []

    def apply_claim(self, seat: int, claim: Action) -> list[Event]:
        """Announce ``seat``'s mission fulfilled (which one stays secret); what the game awaits
        does not change. The claim is checked at the end against the counters it was made on.

        Raises:
            IllegalAction: not ``("mission",)``, or not allowed now.
        """
        if claim != ("mission",):
            raise refuse("malformed-claim", claim=repr(claim))
        if type(seat) is not int or claim not in self.claims(seat):
            raise refuse("no-claim", seat=shown(seat))
        self.claimed[seat] = tuple(self.counters[seat])
        return [ev("claim", seat)]

    def start_turn(self, seat: int) -> list[Event]:
        """Drop what the game awaits and begin ``seat``'s turn on the position as it stands —
        for scenario cases and tests that set a position up (never part of a game's flow)."""
        self.todo[:] = [("turn", seat)]
        self._result = None
        return self._run()

    # --- a reveal's card -----------------------------------------------------------------

    def _card_value(self, deck: str, value: Wire, to: int | None) -> int | None:
        if value is None and to is not None:
            return None
        if deck == "mission":
            kinds = dict(self._decks)["mission"]
            if value not in kinds or (to is None and value in self.shown):
                raise refuse("bad-card-value", value=shown(value), deck=deck)
            return None
        code = token_code(deck, value)
        left = self.left_hill if deck == "hill" else self.left_gallery
        if code is None or left[code] <= 0:
            raise refuse("bad-card-value", value=shown(value), deck=deck)
        return code

    # --- the turn's flow ---------------------------------------------------------------

    def _run(self) -> list[Event]:
        """Run the queue's immediate tasks until it awaits an input or is empty."""
        events: list[Event] = []
        todo = self.todo
        while todo and todo[0][0] not in INPUT_TASKS:
            task = todo.pop(0)
            kind = task[0]
            if kind == "turn":
                events += self._begin(task[1])
            elif kind == "ready":
                seat = self.active
                p = self.pos[seat] - self.ns
                if p >= 0 and cut_off(self.board, p, self.walls()):
                    push(self, ("end-turn",))
                    events += rescue(self, seat)
                elif self._before_options(seat):
                    push(self, ("before",))
                else:
                    self._push_roll(seat)
            elif kind == "open-store":
                if self.at_home(self.active) and self._buyable(self.active):
                    push(self, ("store", task[1]))
            elif kind == "effects":
                events += effects(self, task[1], task[2])
            elif kind == "go-down":
                events += descend(self, task[1], task[2])
            elif kind == "end-turn":
                events += self._end_turn()
            elif kind == "next":
                push(self, ("turn", (self.active + 1) % self.n_seats))
            elif kind == "finish":
                reveals = [("reveal", "mission", s, -1) for s in range(self.n_seats)]
                push(self, *reveals, ("score",))
            elif kind == "score":
                score_events, self._result = score(self)
                events += score_events
        return events

    def _begin(self, seat: int) -> list[Event]:
        self.active = seat
        self.turn += 1
        self.roll = None
        events = [ev("turn", seat, turn=self.turn)]
        if self.lost[seat]:
            self.lost[seat] = 0
            events.append(ev("lost-turn", seat))
            push(self, ("open-store", 0), ("end-turn",))
        else:
            push(self, ("open-store", 0), ("ready",))
        return events

    def _end_turn(self) -> list[Event]:
        if self.end is None and self.hidden_gold == 0:
            self.end = "exhausted"
        if self.end is not None:
            push(self, ("finish",))
            return [ev("end", None, reason=self.end)]
        if self.at_home(self.active):
            push(self, ("open-store", 1), ("next",))
        else:
            push(self, ("next",))
        return []


__all__ = ["CAVE_IN", "DIE", "DUEL", "SIEVE_DIE", "State", "mission_kinds"]
