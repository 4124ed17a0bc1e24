"""Properties of random play on the small map, 2 to 6 seats: every game ends; gold is conserved
(every nugget entering or leaving play is an event); a seat's observation never depends on
another seat's secrets; replaying the same inputs reproduces the public hash."""

from __future__ import annotations

from typing import Any

import pytest

from goldnet.engine import ChanceOf, RevealOf, Terminal, TurnOf
from goldnet.games.golden_city.bots import RandomBot
from goldnet.games.golden_city.rules import State
from goldnet.local_deck import LocalDeck
from goldnet.rng import Stream

from .helpers import gold_in_play, small

MAX_STEPS = 20_000


def random_game(seats: int, seed: int, check: Any = None) -> tuple[State, list[tuple[Any, ...]]]:
    """A random game to its end (random bots that claim when fulfilled); ``check(state,
    events)`` after every input. The log of inputs."""
    st = State(small(), seats)
    stream = Stream("gc-props", seats, seed)
    deck = LocalDeck(st.decks(), Stream("gc-props", seats, seed, "deck"))
    bots = [RandomBot(f"{seed}/{s}") for s in range(seats)]
    log: list[tuple[Any, ...]] = []
    for _ in range(MAX_STEPS):
        request = st.awaiting()
        if isinstance(request, Terminal):
            return st, log
        if isinstance(request, ChanceOf):
            for seat, bot in enumerate(bots):
                claim = bot.claim(st.observation(seat), st.claims(seat))
                if claim is not None:
                    log.append(("claim", seat, claim))
                    events = st.apply_claim(seat, claim)
                    if check:
                        check(st, events)
            log.append(("chance", stream.chance(request)))
            events = st.apply_chance(log[-1][1])
        elif isinstance(request, RevealOf):
            value = deck.value(request.deck, request.card)
            log.append(("reveal", request.deck, request.card, request.to, value))
            events = st.apply_reveal(request.deck, request.card, request.to, value)
        else:
            assert isinstance(request, TurnOf)
            legal = st.legal_actions(request.seat)
            log.append(("action", bots[request.seat].choose(st.observation(request.seat), legal)))
            events = st.apply(log[-1][1])
        if check:
            check(st, events)
    raise AssertionError(f"no end after {MAX_STEPS} steps")


def replay(st: State, step: tuple[Any, ...]) -> None:
    if step[0] == "action":
        st.apply(step[1])
    elif step[0] == "chance":
        st.apply_chance(step[1])
    elif step[0] == "reveal":
        st.apply_reveal(*step[1:])
    else:
        st.apply_claim(step[1], step[2])


@pytest.mark.parametrize("seats", range(2, 7))
def test_random_play_always_ends_and_conserves_gold(seats: int) -> None:
    ends = set()
    for seed in range(12):
        ledger = {"in": seats * State(small(), seats).setup.starting_bank, "out": 0}

        def check(st: State, events: list[Any], ledger: dict[str, int] = ledger) -> None:
            for event in events:
                ledger["in"] += event.get("enter", 0)
                ledger["out"] += event.get("leave", 0)
            assert gold_in_play(st) == ledger["in"] - ledger["out"], events
            assert min(st.bank) >= 0 and min(st.nuggets) >= 0 and min(st.below) >= 0

        st, _ = random_game(seats, seed, check)
        assert st.end in ("station", "exhausted")
        ends.add(st.end)
        result = st.awaiting()
        assert isinstance(result, Terminal) and result.scores == tuple(st.bank)
        assert all(kind is not None for kind in st.shown)
    assert "station" in ends


def test_replaying_the_inputs_reproduces_the_public_hash() -> None:
    st, log = random_game(4, 99)
    again = State(small(), 4)
    hashes = []
    for step in log:
        replay(again, step)
        hashes.append(again.public_hash())
    assert again.public_hash() == st.public_hash()
    third = State(small(), 4)
    for step, expected in zip(log, hashes, strict=True):
        replay(third, step)
        assert third.public_hash() == expected


def test_another_seats_mission_never_changes_a_seats_observation() -> None:
    _, log = random_game(3, 7)
    states = [State(small(), 3), State(small(), 3)]
    for step in log:
        for i, st in enumerate(states):
            if i == 1 and step[0] == "reveal" and step[1] == "mission" and step[3] == 2:
                value = "haul" if step[4] != "haul" else "raft"
                st.apply_reveal("mission", step[2], step[3], value)
            elif i == 1 and step[0] == "reveal" and step[1] == "mission" and step[3] is None:
                break  # the end shows every mission: the public view changes from here
            else:
                replay(st, step)
        else:
            for seat in (None, 0, 1):
                assert states[0].observation(seat) == states[1].observation(seat)
            assert states[0].public_hash() == states[1].public_hash()
            continue
        break
    assert states[0].observation(2) != states[1].observation(2)


def test_a_state_rebuilt_from_an_observation_shows_the_same_and_plays_on() -> None:
    from goldnet.games.golden_city.rebuild import from_observation

    seen = {"checked": 0}

    def check(st: State, events: list[Any]) -> None:
        if st.turn % 3:
            return
        for seat in (None, *range(st.n_seats)):
            rebuilt = from_observation(st.observation(seat))
            assert rebuilt.public_hash() == st.public_hash()
            assert rebuilt.observation(seat) == st.observation(seat)
            assert rebuilt.awaiting() == st.awaiting()
            if seat is not None:
                assert rebuilt.legal_actions(seat) == st.legal_actions(seat)
        seen["checked"] += 1

    random_game(3, 5, check)
    assert seen["checked"] > 20
