"""What the seat on turn may do in Golden City and what each of its actions does: the store's
purchases, the options before the roll (lantern, raft, Pony Express), the roll's step counts and
the move or descent it allows (docs/rules/golden-city.md, "A turn, in phases").

:class:`Actions` is the part of :class:`.rules.State` that handles a turn's actions; the canonical
forms of the actions and the turn's queue of tasks are described in :mod:`.rules`, which
validates an action's shape and phase and then calls ``_do_<verb>(seat, head, *arguments)``.

Invariants: a ``_do_<verb>`` handler makes every check before its first change, so that it either
raises :class:`~goldnet.engine.IllegalAction` (built by :func:`.refusals.refuse`) with the state
unchanged, or applies the action: it pops the head task when its phase is over (the store stays
open while something is still buyable) and pushes what follows; it never runs the queue, which
:meth:`.rules.State.apply` does after it. The options offered (:meth:`Actions._buyable`,
:meth:`Actions._before_options`, :meth:`Actions._destinations`) are exactly what the handlers
accept, in canonical order.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, Event, Wire
from .board import parse_name
from .gazette import SALE, SANDSTORM
from .moves import mine_destinations, surface_destinations
from .refusals import refuse, shown
from .resolve import advance_locomotive, arrive, bank_home, descend, fight, leave_field
from .setup import HORSE, LANTERN, OUTFITTER, PICKAXE, PONY, RAFT, TOOLS
from .state import DOWN, Core, ev, push


class Actions(Core):
    """The turn's actions and the choices they are made from (see the module); the rest of
    :class:`.rules.State`."""

    __slots__ = ()

    # --- what the seat on turn may do --------------------------------------------------

    def _names(self, seat: int) -> tuple[str, ...]:
        return self.board.mine.names if self.in_mine(seat) else self.board.surface.names

    def _field(self, seat: int, name: object) -> int:
        """The field named ``name`` where ``seat`` moves (the mine while it is below)."""
        if parse_name(name) is None:
            raise refuse("field-syntax", field=repr(name))
        assert isinstance(name, str)
        grid = self.board.mine if self.in_mine(seat) else self.board.surface
        f = grid.index.get(name)
        if f is None:
            raise refuse("no-such-field", field=name)
        return f

    def _buyable(self, seat: int) -> list[int]:
        sale = self.issue == SALE
        bank, owned = self.bank[seat], self.tools[seat]
        return [
            t for t in range(len(TOOLS)) if not owned >> t & 1 and self.setup.price(t, sale) <= bank
        ]

    def _before_options(self, seat: int) -> list[Action]:
        out: list[Action] = []
        if self.in_mine(seat):
            return out
        board, p = self.board, self.pos[seat]
        names = board.surface.names
        if self.tools[seat] & LANTERN:
            reach = self.setup.peek_range
            for h, f in enumerate(board.hills):
                if (
                    self.hill[h] == DOWN
                    and h not in self.peeked[seat]
                    and board.distance(p, f) <= reach
                ):
                    out.append(("lantern", names[f]))
        lake = board.lake_of[p]
        if lake >= 0 and p in self.rafts:
            out += [("raft", names[f]) for f in board.landings[lake] if f != p]
        if self.tools[seat] & PONY and not self.at_home(seat):
            out.append(("pony",))
        return out

    def _steps(self, seat: int, n: int, lit: bool) -> tuple[int, ...]:
        horse = bool(self.tools[seat] & HORSE)
        if self.in_mine(seat):
            if not lit:
                return (max(1, n // 2),)
            return (n, n + 1) if horse else (n,)
        if self.issue == SANDSTORM:
            return (max(1, n - 1), n) if horse else (max(1, n - 1),)
        return (n, n + 1) if horse else (n,)

    def _destinations(self, seat: int, steps: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        p = self.pos[seat]
        if p >= self.ns:
            return mine_destinations(self.tab, p - self.ns, steps, self.walls()), ()
        return surface_destinations(self.tab, seat, p, steps, bool(self.tools[seat] & PICKAXE))

    # --- actions -------------------------------------------------------------------------

    def _do_buy(self, seat: int, head: tuple[Any, ...], tool: object) -> list[Event]:
        if tool not in TOOLS:
            raise refuse("unknown-tool", tool=shown(tool))
        assert isinstance(tool, str)
        t = TOOLS.index(tool)
        if self.tools[seat] >> t & 1:
            raise refuse("tool-owned", tool=tool)
        price = self.setup.price(t, self.issue == SALE)
        if price > self.bank[seat]:
            raise refuse("too-expensive", tool=tool, price=price, bank=self.bank[seat])
        self.bank[seat] -= price
        self.tools[seat] |= 1 << t
        self.counters[seat][OUTFITTER] += 1
        if not self._buyable(seat):
            self.todo.pop(0)
        return [ev("buy", seat, tool=tool, price=price, leave=price)]

    def _do_done(self, seat: int, head: tuple[Any, ...]) -> list[Event]:
        self.todo.pop(0)
        return []

    def _do_roll(self, seat: int, head: tuple[Any, ...]) -> list[Event]:
        self.todo.pop(0)
        self._push_roll(seat)
        return []

    def _do_lantern(self, seat: int, head: tuple[Any, ...], name: object) -> list[Event]:
        if not self.tools[seat] & LANTERN:
            raise refuse("no-tool", tool="lantern")
        f = self._field(seat, name)
        h = self.board.hill_of[f]
        reach = self.setup.peek_range
        if h < 0 or self.hill[h] != DOWN or self.board.distance(self.pos[seat], f) > reach:
            raise refuse("peek-target", field=self.board.surface.names[f], reach=reach)
        if h in self.peeked[seat]:
            raise refuse("already-peeked", field=self.board.surface.names[f])
        self.todo.pop(0)
        self.tools[seat] &= ~LANTERN
        self.peeked[seat] = tuple(sorted((*self.peeked[seat], h)))
        self._push_roll(seat)
        push(self, ("reveal", "hill", h, seat))
        return [ev("lantern", seat, field=self.board.surface.names[f])]

    def _do_raft(self, seat: int, head: tuple[Any, ...], name: object) -> list[Event]:
        p = self.pos[seat]
        board = self.board
        if self.in_mine(seat) or board.lake_of[p] < 0 or p not in self.rafts:
            raise refuse("no-raft")
        f = self._field(seat, name)
        if f == p or f not in board.landings[board.lake_of[p]]:
            raise refuse("raft-target", field=board.surface.names[f])
        self.todo.pop(0)
        self.rafts[self.rafts.index(p)] = f
        self.rafts.sort()
        self.counters[seat][RAFT] += 1
        push(self, ("end-turn",))
        events = [ev("raft", seat, start=board.surface.names[p], field=board.surface.names[f])]
        return events + arrive(self, seat, f)

    def _do_pony(self, seat: int, head: tuple[Any, ...]) -> list[Event]:
        if not self.tools[seat] & PONY:
            raise refuse("no-tool", tool="pony")
        if self.in_mine(seat) or self.at_home(seat):
            raise refuse("pony-where", where="the mine" if self.in_mine(seat) else "home")
        self.todo.pop(0)
        self.tools[seat] &= ~PONY
        push(self, ("end-turn",))
        return [ev("pony", seat), *bank_home(self, seat)]

    def _do_move(self, seat: int, head: tuple[Any, ...], name: object) -> list[Event]:
        f = self._field(seat, name)
        stops, _ = self._destinations(seat, head[1])
        if f not in stops:
            raise refuse("not-a-destination", field=self._names(seat)[f])
        self.todo.pop(0)
        push(self, ("end-turn",))
        below = self.in_mine(seat)
        start = self.place_name(self.pos[seat])
        events = [ev("move", seat, start=start, field=self._names(seat)[f], below=below)]
        if below:
            leave_field(self, seat)
            return events + arrive(self, seat, self.ns + f)
        if f == self.tab.house[seat]:
            return events + bank_home(self, seat)
        return events + arrive(self, seat, f)

    def _do_descend(self, seat: int, head: tuple[Any, ...], name: object) -> list[Event]:
        if self.in_mine(seat):
            raise refuse("not-a-cave", field=shown(name))
        f = self._field(seat, name)
        _, caves = self._destinations(seat, head[1])
        if f not in caves:
            raise refuse("not-a-cave", field=self.board.surface.names[f])
        self.todo.pop(0)
        push(self, ("end-turn",))
        other = self.occupant(f, seat)
        if other >= 0:  # a prospector on the cave is fought first
            self.pos[seat] = f
            return fight(self, seat, other, (("go-down", seat, f),))
        return descend(self, seat, f)

    # --- the roll ------------------------------------------------------------------------

    def _push_roll(self, seat: int) -> None:
        """The die is next: the start of ``seat``'s turn, its window to claim its mission."""
        self.window[seat] = tuple(self.counters[seat])
        push(self, ("roll",))

    def _rolled(self, face: Wire) -> list[Event]:
        seat = self.active
        lit = self.light[seat] > 0
        if self.in_mine(seat) and lit:
            self.light[seat] -= 1
        if face == "loco":
            self.roll = 0
            push(self, ("end-turn",))
            return [ev("roll", seat, face="loco"), *advance_locomotive(self, seat)]
        assert isinstance(face, int)
        self.roll = face
        steps = self._steps(seat, face, lit)
        stops, caves = self._destinations(seat, steps)
        events = [ev("roll", seat, face=face, steps=steps)]
        if not stops and not caves:
            push(self, ("end-turn",))
            return [*events, ev("lost-roll", seat, face=face)]
        push(self, ("move", steps))
        return events
