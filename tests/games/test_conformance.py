"""Every registered game keeps the engine contract (goldnet/engine.py), played at
random through nothing but the contract: the built-in games and the test card game.

- random play, seeded and bounded, reaches the end; claims are made whenever a seat may, and
  cards are dealt by a local deck;
- a clone is independent, and a clone or a fresh state fed the same log of actions, outcomes,
  reveals and claims reaches the same public hash and the same observations;
- an action, outcome, claim or reveal the state does not await raises ``IllegalAction`` and
  changes nothing (public hash, every observation, every seat's legal actions and claims);
- only the seat on turn has legal actions; a claim never changes what the state awaits;
- observations hold no other seat's secret: a private reveal given another value, or withheld
  (``None``), changes neither the public hash nor any other seat's observation — then or later
  — while the seat's own observation shows what it saw.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import pytest

from goldnet import games
from goldnet.engine import (
    Action,
    ChanceOf,
    GameState,
    IllegalAction,
    RevealOf,
    Terminal,
    TurnOf,
    Wire,
)
from goldnet.games import GameInfo
from goldnet.local_deck import LocalDeck
from goldnet.rng import Stream
from tests.protocol import cards

MAX_STEPS = 20_000
"""Steps (actions, outcomes, reveals, claims) after which a random game counts as endless."""
MAX_FORKS = 3
"""Private reveals per game whose secret is varied."""

Step = tuple[Any, ...]
"""``("action", a)``, ``("chance", outcome)``, ``("reveal", deck, card, to, value)`` or
``("claim", seat, claim)``."""


def every_game() -> list[GameInfo]:
    """The registered games and the test card game."""
    infos = list(games.games())
    if cards.NAME not in [i.name for i in infos]:
        infos.append(cards.GAME_INFO)
    return infos


def tables() -> list[Any]:
    """One case per game, seat count and combination of options."""
    out = []
    for info in every_game():
        for seats in info.seats:
            for options in itertools.product(*(o.values for o in info.options)):
                out.append(pytest.param(info, seats, options, id=f"{info.name}-{seats}-{options}"))
    return out


def apply(state: GameState, step: Step) -> None:
    kind = step[0]
    if kind == "action":
        state.apply(step[1])
    elif kind == "chance":
        state.apply_chance(step[1])
    elif kind == "reveal":
        state.apply_reveal(*step[1:])
    else:
        state.apply_claim(step[1], step[2])


def snapshot(state: GameState) -> tuple[Any, ...]:
    seats = range(state.n_seats)
    return (
        state.public_hash(),
        state.awaiting(),
        [state.observation(s) for s in (None, *seats)],
        [state.legal_actions(s) for s in seats],
        [state.claims(s) for s in seats],
    )


def refused(state: GameState, attempt: Step) -> None:
    """``attempt`` raises IllegalAction and changes nothing."""
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        apply(state, attempt)
    assert snapshot(state) == before, attempt


def check_refusals(state: GameState, seen: Sequence[Action], stream: Stream) -> None:
    """What the state does not await is refused, whatever it awaits."""
    request = state.awaiting()
    legal = state.legal_actions(request.seat) if isinstance(request, TurnOf) else []
    attempts: list[Step] = [("action", ()), ("action", ("no-such-action",))]
    attempts += [("action", (*a, "extra")) for a in legal[:2]]
    others = [a for a in seen if a not in legal]
    attempts += [("action", stream.choice(others)) for _ in range(min(3, len(others)))]
    if not isinstance(request, ChanceOf):
        attempts.append(("chance", 1))
    else:
        attempts.append(("chance", "no-such-outcome"))
    if not isinstance(request, RevealOf):
        attempts.append(("reveal", "no-such-deck", 0, None, 1))
    for seat in range(state.n_seats):
        attempts.append(("claim", seat, ("no-such-claim", seat)))
        if isinstance(request, TurnOf) and seat != request.seat:
            assert state.legal_actions(seat) == []
    for attempt in attempts:
        refused(state, attempt)


def random_game(
    info: GameInfo, seats: int, options: tuple[Wire, ...], label: str
) -> tuple[GameState, list[Step]]:
    """A seeded random game to its end, checking refusals at every step."""
    state = info.make(options, seats)
    decks = state.decks()
    stream = Stream("conformance", label)
    deck = LocalDeck(decks, Stream("conformance", label, "deck"))
    log: list[Step] = []
    seen: list[Action] = []
    for _ in range(MAX_STEPS):
        for seat in range(seats):
            claims = state.claims(seat)
            if claims and stream.below(2) == 0:
                log.append(("claim", seat, stream.choice(claims)))
                awaited = state.awaiting()
                apply(state, log[-1])
                assert state.awaiting() == awaited  # a claim never changes what is awaited
        request = state.awaiting()
        if stream.below(4) == 0:
            check_refusals(state, seen, stream)
        if isinstance(request, Terminal):
            assert all(state.claims(s) == [] for s in range(seats))
            assert state.decks() == decks
            return state, log
        if isinstance(request, ChanceOf):
            log.append(("chance", stream.chance(request)))
        elif isinstance(request, RevealOf):
            value = deck.value(request.deck, request.card)
            log.append(("reveal", request.deck, request.card, request.to, value))
        else:
            assert isinstance(request, TurnOf)
            legal = state.legal_actions(request.seat)
            assert legal, f"seat {request.seat} is on turn without a legal action"
            seen.extend(a for a in legal[:8] if a not in seen)
            log.append(("action", stream.choice(legal)))
        apply(state, log[-1])
    raise AssertionError(f"no end after {MAX_STEPS} random steps")


@pytest.mark.parametrize(("info", "seats", "options"), tables())
def test_random_play_reaches_the_end_and_replays_to_the_same_state(
    info: GameInfo, seats: int, options: tuple[Wire, ...]
) -> None:
    label = f"{info.name}/{seats}/{options}"
    state, log = random_game(info, seats, options, label)
    again, log_again = random_game(info, seats, options, label)
    assert log_again == log and again.public_hash() == state.public_hash()  # seeded
    replayed = info.make(options, seats)
    middle = len(log) // 2
    for step in log[:middle]:
        apply(replayed, step)
    clone = replayed.clone()
    at_middle = snapshot(clone)
    for step in log[middle:]:
        apply(replayed, step)
    assert snapshot(clone) == at_middle  # playing on did not touch the clone
    for step in log[middle:]:
        apply(clone, step)
    for copy in (replayed, clone):
        assert snapshot(copy) == snapshot(state)
        assert isinstance(copy.awaiting(), Terminal)


@pytest.mark.parametrize(("info", "seats", "options"), tables())
def test_observations_hold_no_other_seats_secret(
    info: GameInfo, seats: int, options: tuple[Wire, ...]
) -> None:
    _, log = random_game(info, seats, options, f"secrets/{info.name}/{seats}/{options}")
    private = [i for i, step in enumerate(log) if step[0] == "reveal" and step[3] is not None]
    for i in private[:MAX_FORKS]:
        _, deck, card, to, value = log[i]
        contents = dict(info.make(options, seats).decks())[deck]
        base = info.make(options, seats)
        for step in log[:i]:
            apply(base, step)
        forks = []
        for seen in (value, None, *(v for v in contents if v != value)):
            fork = base.clone()
            try:
                fork.apply_reveal(deck, card, to, seen)
            except IllegalAction:
                continue  # a value the public state shows no face-down card can hold
            forks.append(fork)
            if len(forks) == 3:
                break
        if len(forks) == 3:
            assert forks[0].observation(to) != forks[2].observation(to)  # it shows what it saw
        for step in [None, *log[i + 1 :]]:
            if step is not None:
                for fork in forks:
                    apply(fork, step)
            assert len({fork.public_hash() for fork in forks}) == 1
            for seat in [None, *range(seats)]:
                if seat != to:
                    views = [fork.observation(seat) for fork in forks]
                    assert all(view == views[0] for view in views), (seat, step)
    if info.name == cards.NAME and options == (1,):
        assert private, "the private card game peeked at nothing"
