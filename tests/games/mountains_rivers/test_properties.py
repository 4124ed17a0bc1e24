"""Property tests of the Mountains & Rivers rules over random legal play (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from goldnet.engine import ChanceOf, IllegalAction, Terminal, TurnOf
from goldnet.games.mountains_rivers.boards import BOARD_NUMBERS, load_board
from goldnet.games.mountains_rivers.geometry import (
    ALL_FIELDS,
    N_FIELDS,
    PAD_ALL,
    PAD_POS,
    from_pad,
    to_pad,
)
from goldnet.games.mountains_rivers.rules import FREE, ROLL_REQUESTS, State
from goldnet.rng import Stream

from .conftest import grid_board

MAX_TURNS = 5000
"""Loop guard (the rules bound no game: docs/rules/mountains-rivers.md, "Game length")."""

boards = st.sampled_from([None, *BOARD_NUMBERS])
seeds = st.integers(min_value=0, max_value=2**32)
bury_rates = st.integers(min_value=0, max_value=3)


def board_for(number: int | None):  # type: ignore[no-untyped-def]
    return grid_board() if number is None else load_board(number)


def random_game(board_no: int | None, seed: int, bury_rate: int, check=None):  # type: ignore[no-untyped-def]
    """Play random legal moves; bury with probability bury_rate/8 when a bury is legal.

    ``check(state)`` runs before every decision. Returns (final state, actions, outcomes)."""
    state = State(board_for(board_no))
    rng = Stream("prop", seed)
    history: list[tuple[str, object]] = []
    while state.turn <= MAX_TURNS:
        request = state.awaiting()
        if isinstance(request, Terminal):
            return state, history
        if isinstance(request, ChanceOf):
            outcome = rng.chance(request)
            state.apply_chance(outcome)
            history.append(("chance", outcome))
            continue
        assert isinstance(request, TurnOf)
        if check is not None:
            check(state)
        legal = state.legal_actions(request.seat)
        reveals = [a for a in legal if a[0] == "reveal"]
        buries = [a for a in legal if a[0] == "bury"]
        if buries and rng.below(8) < bury_rate:
            action = rng.choice(buries)
        else:
            action = rng.choice(reveals)
        state.apply(action)
        history.append(("action", action))
    raise AssertionError(f"game passed {MAX_TURNS} turns")


@settings(max_examples=300, deadline=None)
@given(mask=st.integers(min_value=0, max_value=ALL_FIELDS), junk=st.integers(0, 2**160))
def test_padded_masks_convert_field_by_field(mask: int, junk: int) -> None:
    """``to_pad``/``from_pad`` (a row at a time) agree with their definition one field at a
    time, and ``from_pad`` ignores bits off the board."""
    pad = sum(1 << PAD_POS[f] for f in range(N_FIELDS) if mask >> f & 1)
    assert to_pad(mask) == pad
    assert from_pad(pad) == mask
    assert from_pad(pad | junk & ~PAD_ALL) == mask


@settings(max_examples=60, deadline=None)
@given(board_no=boards, seed=seeds, bury_rate=bury_rates)
def test_random_play_ends_with_all_91_gold_collected(board_no, seed, bury_rate) -> None:  # type: ignore[no-untyped-def]
    def invariants(state: State) -> None:
        assert sum(state.scores) + state.gold.bit_count() + state.facedown.bit_count() == N_FIELDS
        assert sum(state.shovels) == 4 and min(state.shovels) >= 0

    state, _ = random_game(board_no, seed, bury_rate, invariants)
    assert sum(state.scores) == N_FIELDS
    assert state.empty_fields.bit_count() == N_FIELDS
    final = state.awaiting()
    assert isinstance(final, Terminal) and len(final.winners) == 1
    assert final.scores[final.winners[0]] > final.scores[1 - final.winners[0]]


@settings(max_examples=30, deadline=None)
@given(board_no=boards, seed=seeds, bury_rate=bury_rates)
def test_every_roll_in_the_range_has_a_legal_reveal(board_no, seed, bury_rate) -> None:  # type: ignore[no-untyped-def]
    def every_roll_has_a_line(state: State) -> None:
        if state.range_ == FREE:
            assert state.legal_actions(state.active or 0)
            return
        assert state.range_ is not None
        for roll, _ in ROLL_REQUESTS[state.range_].outcomes:
            probe = state.clone()
            probe.roll = None
            probe.apply_chance(roll)
            assert any(a[0] == "reveal" for a in probe.legal_actions(probe.active or 0)), roll

    random_game(board_no, seed, bury_rate, every_roll_has_a_line)


@settings(max_examples=30, deadline=None)
@given(board_no=boards, seed=seeds, probe=st.integers(0, 2**32))
def test_actions_outside_legal_actions_are_refused_and_change_nothing(
    board_no, seed, probe
) -> None:  # type: ignore[no-untyped-def]
    rng = Stream("probe", probe)
    names = [f"{q},{r}" for q in range(-6, 7) for r in range(-6, 7)]

    def refuse_illegal(state: State) -> None:
        seat = state.active
        assert seat is not None
        legal = set(state.legal_actions(seat))
        before = state.public_hash()
        for _ in range(20):
            kind = rng.choice(["reveal", "bury"])
            action = (
                (kind, rng.choice(names))
                if kind == "bury"
                else (kind, rng.choice(names), rng.choice(names))
            )
            if action in legal:
                continue
            try:
                state.apply(action)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{action} was accepted but is not in legal_actions")
            assert state.public_hash() == before

    random_game(board_no, seed, 1, refuse_illegal)


@settings(max_examples=30, deadline=None)
@given(board_no=boards, seed=seeds, bury_rate=bury_rates)
def test_clone_hash_and_replay_agree(board_no, seed, bury_rate) -> None:  # type: ignore[no-untyped-def]
    hashes: list[bytes] = []
    clones: list[tuple[State, bytes]] = []

    def record(state: State) -> None:
        hashes.append(state.public_hash())
        if len(hashes) % 7 == 0:
            clones.append((state.clone(), state.public_hash()))

    final, history = random_game(board_no, seed, bury_rate, record)
    for copy, h in clones:  # later play did not touch the clones
        assert copy.public_hash() == h
    replay = State(board_for(board_no))
    replayed: list[bytes] = []
    for kind, value in history:
        if kind == "chance":
            replay.apply_chance(value)  # type: ignore[arg-type]
        else:
            replayed.append(replay.public_hash())
            replay.apply(value)  # type: ignore[arg-type]
    assert replayed == hashes
    assert replay.public_hash() == final.public_hash()
    assert replay.canonical() == final.canonical()
