"""Attacks on Golden City's secrets and inputs: nothing public (observations of other seats, the
public view, events, refusals, legal actions, claims, what is awaited with its weights, the
public hash) depends on a seat's private knowledge — its mission or a token it peeked at;
hostile inputs are refused with IllegalAction and change nothing; clone() is independent;
every legal action is in its one canonical wire form."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import msgpack
import pytest

from goldnet.engine import ChanceOf, Event, IllegalAction, RevealOf, Terminal, TurnOf, Wire
from goldnet.games.golden_city.bots import RandomBot
from goldnet.games.golden_city.rules import State
from goldnet.games.golden_city.setup import HILL_CODES, LANTERN
from goldnet.games.golden_city.state import Observation
from goldnet.local_deck import LocalDeck
from goldnet.rng import Stream

from .helpers import feed, game, small

MAX_STEPS = 20_000


def other_value(st: State, deck: str, real: Wire, salt: int) -> Wire:
    """A value card of ``deck`` could hold other than ``real`` (None when there is none): what a
    twin game is told instead."""
    if deck == "mission":
        kinds = [k for k in dict(st.decks())["mission"] if k != real]
    else:
        kinds = [n for n, c in HILL_CODES.items() if st.left_hill[c] > 0 and n != real]
    return kinds[salt % len(kinds)] if kinds else None


def public_view(st: State, seat: int, events: list[Event]) -> tuple[Any, ...]:
    """Everything public, and what ``seat``'s own view shows besides its secrets."""
    own = dataclasses.replace(st.observation(seat), mission=None, known=())
    others = tuple(st.observation(s) for s in range(st.n_seats) if s != seat)
    return (
        st.public_hash(),
        st.observation(None),
        own,
        others,
        st.awaiting(),
        tuple(tuple(st.legal_actions(s)) for s in range(st.n_seats)),
        tuple(tuple(st.claims(s)) for s in range(st.n_seats)),
        tuple(events),
    )


def play_twins(seats: int, seed: int, secret: int) -> int:
    """A random game played twice: in the twin every private reveal to seat ``secret`` (its
    mission, its lantern peeks) is given another value. Asserts after every input that all
    that is public is the same; returns how many lantern peeks seat ``secret`` made."""
    st, twin = State(small(), seats), State(small(), seats)
    stream = Stream("gc-review", seats, seed)
    deck = LocalDeck(st.decks(), Stream("gc-review", seats, seed, "deck"))
    bots = [RandomBot(f"review/{seed}/{s}") for s in range(seats)]
    peeks = 0
    for step in range(MAX_STEPS):
        request = st.awaiting()
        if isinstance(request, Terminal):
            assert twin.awaiting() == request
            return peeks
        if isinstance(request, ChanceOf):
            for seat, bot in enumerate(bots):
                claim = bot.claim(st.observation(seat), st.claims(seat))
                if claim is not None:
                    a, b = st.apply_claim(seat, claim), twin.apply_claim(seat, claim)
                    assert public_view(st, secret, a) == public_view(twin, secret, b)
            outcome = stream.chance(request)
            a, b = st.apply_chance(outcome), twin.apply_chance(outcome)
        elif isinstance(request, RevealOf):
            value = deck.value(request.deck, request.card)
            alt = value
            if request.to == secret:
                alt = other_value(st, request.deck, value, step)
                peeks += request.deck == "hill"
            a = st.apply_reveal(request.deck, request.card, request.to, value)
            b = twin.apply_reveal(request.deck, request.card, request.to, alt)
        else:
            assert isinstance(request, TurnOf)
            action = bots[request.seat].choose(
                st.observation(request.seat), st.legal_actions(request.seat)
            )
            a, b = st.apply(action), twin.apply(action)
        assert public_view(st, secret, a) == public_view(twin, secret, b), step
    raise AssertionError(f"no end after {MAX_STEPS} steps")


@pytest.mark.parametrize("seats", (2, 3, 5))
def test_secrecy_no_public_thing_depends_on_a_seats_mission_or_lantern_peek(seats: int) -> None:
    peeks = 0
    for seed in range(6):
        peeks += play_twins(seats, seed, secret=seed % seats)
    assert peeks > 0  # the lantern was used: the peeks were really put to the test


def test_secrecy_a_peek_refused_in_the_entitled_state_is_no_public_refusal() -> None:
    st = game()
    st.tools[0] = LANTERN
    feed(st, ("done",), ("lantern", "2,0"))
    # the entitled state checks the value; the others take None: both are fine publicly
    other = st.clone()
    with pytest.raises(IllegalAction) as caught:
        st.apply_reveal("hill", st.todo[0][2], 0, "vein-5")
    assert caught.value.code == "bad-card-value"
    other.apply_reveal("hill", other.todo[0][2], 0, None)
    st.apply_reveal("hill", st.todo[0][2], 0, "thief-2")
    assert st.public_hash() == other.public_hash()
    assert st.observation(1) == other.observation(1)


# --- hostile inputs ----------------------------------------------------------------------------


def snapshot(st: State) -> tuple[Any, ...]:
    """The whole state, private knowledge included."""
    return (
        st.canonical(),
        tuple(st.observation(s) for s in range(st.n_seats)),
        st.observation(None),
        tuple(st.todo),
        st.awaiting(),
        tuple(st.mission),
        tuple(tuple(sorted(k.items())) for k in st.known),
    )


HOSTILE_ACTIONS: tuple[Any, ...] = (
    None,
    "roll",
    ["roll"],
    (),
    (1,),
    (True,),
    (b"roll",),
    ("roll", 1),
    ("move",),
    ("move", 3),
    ("move", True),
    ("move", None),
    ("move", ("3", "0")),
    ("move", "3,0", "x"),
    ("move", "+3,0"),
    ("move", " 3,0"),
    ("move", "03,0"),
    ("move", "3, 0"),
    ("move", "99999999999999999999999,0"),
    ("move", "3,0\x00"),
    ("buy", "REVOLVER"),
    ("buy", 0),
    ("buy", True),
    ("buy", ["horse"]),
    ("lantern", None),
    ("raft", b"1,2"),
    ("descend", 2**70),
    ("pony", 1),
    ("done", "done"),
    ("mission",),
    ("dig",),
)
HOSTILE_OUTCOMES: tuple[Any, ...] = (
    None, True, False, 2.0, "2", "LOCO", 2**80, -1, 7, (2,), b"2", [2], 3 + 0j,
)  # fmt: skip
HOSTILE_CLAIMS: tuple[tuple[Any, Any], ...] = (
    (True, ("mission",)),
    (0.0, ("mission",)),
    (-1, ("mission",)),
    (2**70, ("mission",)),
    ("0", ("mission",)),
    (0, ["mission"]),
    (0, ("mission", 1)),
    (0, None),
    (0, ("MISSION",)),
)


def hostile_reveals(request: RevealOf | None) -> list[tuple[Any, ...]]:
    """Reveals that must be refused now: wrong types standing for the awaited card and seat."""
    out: list[tuple[Any, ...]] = [
        ("hill", 0, None, "nugget-1") if request is None else ("nope", 0, None, "x"),
        ("mission", -1, None, "raft"),
    ]
    if request is None:
        return out
    deck, card, to = request.deck, request.card, request.to
    good = "nugget-1" if deck == "hill" else "vein-5" if deck == "gallery" else "raft"
    out += [
        (deck, float(card), to, good),
        (deck, card + 0j, to, good),
        (deck.encode(), card, to, good),
        (deck, card, to, 12),
        (deck, card, to, b"nugget-1"),
        (deck, card, to, good.upper()),
        (deck, card, 0 if to is None else None, good),
    ]
    if card in (0, 1):
        out.append((deck, bool(card), to, good))
    if to is not None:
        out += [(deck, card, float(to), good), (deck, card, to + 0j, good)]
        if to in (0, 1):
            out.append((deck, card, bool(to), good))
    else:
        out += [(deck, card, to, None), (deck, card, -1, good)]
    return out


def attack(st: State) -> int:
    """Throw every hostile input at ``st``; each must be refused and change nothing."""
    before = snapshot(st)
    request = st.awaiting()
    tries: list[tuple[Callable[..., Any], tuple[Any, ...]]] = []
    tries += [(st.apply, (action,)) for action in HOSTILE_ACTIONS]
    tries += [(st.apply_chance, (outcome,)) for outcome in HOSTILE_OUTCOMES]
    tries += [(st.apply_claim, args) for args in HOSTILE_CLAIMS]
    reveal = request if isinstance(request, RevealOf) else None
    tries += [(st.apply_reveal, args) for args in hostile_reveals(reveal)]
    for method, args in tries:
        with pytest.raises(IllegalAction):
            method(*args)
        assert snapshot(st) == before, (method.__name__, args)
    return len(tries)


def random_positions(seats: int, seed: int, every: int) -> list[State]:
    """Copies of the positions of a random game, one every ``every`` inputs."""
    st = State(small(), seats)
    stream = Stream("gc-review-pos", seats, seed)
    deck = LocalDeck(st.decks(), Stream("gc-review-pos", seats, seed, "deck"))
    bots = [RandomBot(f"pos/{seed}/{s}") for s in range(seats)]
    out: list[State] = []
    for step in range(MAX_STEPS):
        if step % every == 0:
            out.append(st.clone())
        request = st.awaiting()
        if isinstance(request, Terminal):
            out.append(st.clone())
            return out
        if isinstance(request, ChanceOf):
            st.apply_chance(stream.chance(request))
        elif isinstance(request, RevealOf):
            st.apply_reveal(
                request.deck, request.card, request.to, deck.value(request.deck, request.card)
            )
        else:
            assert isinstance(request, TurnOf)
            legal = st.legal_actions(request.seat)
            st.apply(bots[request.seat].choose(st.observation(request.seat), legal))
    raise AssertionError(f"no end after {MAX_STEPS} steps")


def test_hostile_inputs_are_refused_and_change_nothing() -> None:
    kinds: set[str] = set()
    tried = 0
    for seats, seed in ((2, 1), (4, 2)):
        for st in random_positions(seats, seed, every=7):
            request = st.awaiting()
            kinds.add(type(request).__name__ + getattr(request, "kind", ""))
            tried += attack(st)
    fresh = State(small(), 3)  # the deal of the missions: private reveals pending
    tried += attack(fresh)
    assert {"TurnOf", "ChanceOfdie", "ChanceOfduel", "RevealOf", "Terminal"} <= kinds
    assert tried > 1000


def test_a_non_int_card_or_seat_equal_to_the_awaited_one_is_refused() -> None:
    st = game()
    feed(st, ("done",), 2, ("move", "2,0"))
    card = st.todo[0][2]
    before = snapshot(st)
    for bad in (float(card), card + 0j):
        with pytest.raises(IllegalAction) as caught:
            st.apply_reveal("hill", bad, None, "nugget-2")
        assert caught.value.code == "bad-reveal" and snapshot(st) == before
    fresh = State(small(), 2)
    before = snapshot(fresh)
    for to in (False, 0.0):
        with pytest.raises(IllegalAction) as caught:
            fresh.apply_reveal("mission", 0, to, "raft")
        assert caught.value.code == "bad-reveal" and snapshot(fresh) == before


def test_a_reveal_to_seat_minus_one_never_stands_for_a_public_reveal() -> None:
    st = game()
    st.loco = len(st.board.track) - 2
    feed(st, ("done",), "loco")  # the station: the missions are shown
    assert st.awaiting() == RevealOf("mission", 0, None)
    before = snapshot(st)
    with pytest.raises(IllegalAction) as caught:
        st.apply_reveal("mission", 0, -1, "raft")
    assert caught.value.code == "bad-reveal" and snapshot(st) == before
    feed(st, "sheriff", "brawls")
    assert isinstance(st.awaiting(), Terminal)


def test_observation_of_a_seat_that_does_not_exist_is_refused() -> None:
    st = game()
    for seat in (-1, 2, True, 0.0, "0"):
        with pytest.raises(ValueError):
            st.observation(seat)  # type: ignore[arg-type]
    assert st.observation(None).mission is None


def test_an_observation_is_a_whole_frozen_observation() -> None:
    # built without the dataclass's __init__ (for speed): still every field, equal to the one
    # the constructor makes, hashable and immutable
    names = [f.name for f in dataclasses.fields(Observation)]
    for st in random_positions(2, 3, every=17):
        for seat in (None, *range(st.n_seats)):
            obs = st.observation(seat)
            assert list(vars(obs)) == names
            assert obs == Observation(**vars(obs)) and hash(obs) == hash(Observation(**vars(obs)))
            with pytest.raises(dataclasses.FrozenInstanceError):
                obs.bank = ()  # type: ignore[attr-defined]


# --- clone and canonical forms ------------------------------------------------------------------


def test_clone_is_independent_of_its_original() -> None:
    for st in random_positions(3, 4, every=11):
        if isinstance(st.awaiting(), Terminal):
            continue
        copy = st.clone()
        assert snapshot(copy) == snapshot(st)
        before = snapshot(st)
        stream = Stream("gc-review-clone", st.turn)
        for _ in range(40):  # play the copy on: the original does not move
            request = copy.awaiting()
            if isinstance(request, Terminal):
                break
            if isinstance(request, ChanceOf):
                copy.apply_chance(stream.chance(request))
            elif isinstance(request, RevealOf):
                value = "nugget-1" if request.deck == "hill" else None
                if request.deck == "gallery":
                    value = "ghost"
                if request.deck == "mission":
                    value = dict(copy.decks())["mission"][0]
                try:
                    copy.apply_reveal(request.deck, request.card, request.to, value)
                except IllegalAction:
                    break  # that value is used up in this deck: enough
            else:
                assert isinstance(request, TurnOf)
                copy.apply(copy.legal_actions(request.seat)[-1])
        assert snapshot(st) == before


def test_every_legal_action_is_in_its_canonical_wire_form() -> None:
    checked = 0
    for st in random_positions(4, 3, every=2) + random_positions(2, 5, every=2):
        request = st.awaiting()
        if not isinstance(request, TurnOf):
            continue
        legal = st.legal_actions(request.seat)
        assert legal and len(set(legal)) == len(legal)
        for action in legal:
            wire = msgpack.unpackb(msgpack.packb(action), use_list=False)
            assert wire == action and type(wire) is tuple
            assert all(type(x) is str for x in action)
            st.clone().apply(action)
            checked += 1
        for seat in range(st.n_seats):
            if seat != request.seat:
                assert st.legal_actions(seat) == []
    assert checked > 150


# --- gold conservation on the designed map ------------------------------------------------------


@pytest.mark.parametrize("seats", range(2, 7))
def test_gold_is_conserved_on_the_designed_map_and_every_game_ends(seats: int) -> None:
    from goldnet.games.golden_city.info import designed_map

    from .helpers import gold_in_play

    ends: dict[str, int] = {}
    for seed in range(8):
        st = State(designed_map(), seats)
        ledger = seats * st.setup.starting_bank
        stream = Stream("gc-review-gold", seats, seed)
        deck = LocalDeck(st.decks(), Stream("gc-review-gold", seats, seed, "deck"))
        bots = [RandomBot(f"gold/{seed}/{s}") for s in range(seats)]
        for _ in range(MAX_STEPS):
            request = st.awaiting()
            if isinstance(request, Terminal):
                break
            if isinstance(request, ChanceOf):
                events = st.apply_chance(stream.chance(request))
            elif isinstance(request, RevealOf):
                value = deck.value(request.deck, request.card)
                events = st.apply_reveal(request.deck, request.card, request.to, value)
            else:
                assert isinstance(request, TurnOf)
                legal = st.legal_actions(request.seat)
                events = st.apply(bots[request.seat].choose(st.observation(request.seat), legal))
            for event in events:
                ledger += event.get("enter", 0) - event.get("leave", 0)
            assert gold_in_play(st) == ledger, events
            assert min(st.bank) >= 0 and min(st.nuggets) >= 0 and min(st.below) >= 0
            if not any(task[0] == "duel" for task in st.todo):  # a fight shares a field
                fields = [p for s, p in enumerate(st.pos) if p != st.tab.house[s]]
                assert len(set(fields)) == len(fields)  # one prospector a field, houses aside
        else:
            raise AssertionError(f"no end after {MAX_STEPS} steps")
        assert st.end is not None
        ends[st.end] = ends.get(st.end, 0) + 1
    assert set(ends) <= {"station", "exhausted"}
