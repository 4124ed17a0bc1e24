"""One test per rule of Mountains & Rivers (docs/rules/mountains-rivers.md)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from goldnet.engine import ChanceOf, IllegalAction, Terminal, TurnOf
from goldnet.games.mountains_rivers.board import Board
from goldnet.games.mountains_rivers.geometry import (
    ALL_FIELDS,
    COORDS,
    INDEX,
    N_FIELDS,
    PAD_ALL,
    fields_of,
    mask_of,
)
from goldnet.games.mountains_rivers.rules import (
    FREE,
    ROLL_REQUESTS,
    State,
    bury_action,
    range_of,
    reveal_action,
    tile_faces,
)


def m(*fields: str) -> int:
    """Field-number mask of ``"q,r"`` fields."""
    out = 0
    for text in fields:
        q, r = (int(x) for x in text.split(","))
        out |= 1 << INDEX[(q, r)]
    return out


def names(mask: int) -> set[str]:
    return {f"{COORDS[f][0]},{COORDS[f][1]}" for f in fields_of(mask)}


def all_but(*fields: str) -> int:
    """Every field except these, as a mask (to make them the only face-down ones)."""
    return ALL_FIELDS & ~m(*fields)


def rolled(state: State, roll: int) -> State:
    state.apply_chance(roll)
    return state


# --- the roll ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("range_", "probabilities"),
    [
        (
            5,
            {
                1: Fraction(1, 8),
                2: Fraction(2, 8),
                3: Fraction(2, 8),
                4: Fraction(2, 8),
                5: Fraction(1, 8),
            },
        ),
        (4, {1: Fraction(1, 4), 2: Fraction(1, 4), 3: Fraction(1, 4), 4: Fraction(1, 4)}),
        (3, {1: Fraction(1, 4), 2: Fraction(1, 2), 3: Fraction(1, 4)}),
    ],
)
def test_roll_weights_match_the_table_of_the_rules(
    range_: int, probabilities: dict[int, Fraction]
) -> None:
    request = ROLL_REQUESTS[range_]
    total = sum(request.weights)
    assert {o: Fraction(w, total) for o, w in request.outcomes} == probabilities


@pytest.mark.parametrize("range_", [5, 4, 3])
def test_tile_faces_show_the_roll(range_: int) -> None:
    for roll, _ in ROLL_REQUESTS[range_].outcomes:
        faces = tile_faces(range_, roll)  # type: ignore[arg-type]
        assert sum(faces) == roll
        assert len(faces) == (3 if range_ == 5 else 2)
    with pytest.raises(ValueError):
        tile_faces(4, 5)


def test_a_new_game_asks_for_a_roll_of_three_tiles(grid: Board) -> None:
    state = State(grid)
    request = state.awaiting()
    assert isinstance(request, ChanceOf)
    assert request.outcomes == ((1, 1), (2, 2), (3, 2), (4, 2), (5, 1))
    assert state.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="not been thrown"):
        state.apply(reveal_action("0,0"))


def test_roll_outside_the_range_is_refused(grid: Board) -> None:
    state = State(grid)
    before = state.public_hash()
    for bad in (0, 6, "3", True, None):
        with pytest.raises(IllegalAction):
            state.apply_chance(bad)
    assert state.public_hash() == before
    state.apply_chance(3)
    assert state.awaiting() == TurnOf(0)
    with pytest.raises(IllegalAction, match="already"):
        state.apply_chance(3)


# --- the range ----------------------------------------------------------------------------


def test_range_needs_two_lines_of_five() -> None:
    # A single row of six face-down markers holds two lines of five.
    six = m("-5,5", "-4,5", "-3,5", "-2,5", "-1,5", "0,5")
    assert range_of(six) == 5
    five = m("-5,5", "-4,5", "-3,5", "-2,5", "-1,5")
    assert range_of(five) == 4  # one line of five holds two lines of four
    assert range_of(five | m("5,-5", "4,-4", "3,-3", "2,-2", "1,-1")) == 5  # two apart
    assert range_of(m("0,0", "1,0", "2,0", "3,0")) == 3
    assert range_of(m("0,0", "1,0", "2,0") | m("0,-3", "0,-2", "0,-1")) == 3
    assert range_of(m("0,0", "1,0", "2,0")) == FREE
    assert range_of(m("0,0", "2,0", "4,0")) == FREE


def test_range_is_recomputed_before_every_turn(grid: Board) -> None:
    # Only row r=5 (six fields) and three more fields are face down: range 1-5 first.
    facedown = m("-5,5", "-4,5", "-3,5", "-2,5", "-1,5", "0,5", "5,-5")
    state = State.from_position(grid, empty=ALL_FIELDS & ~facedown)
    assert state.range_ == 5
    rolled(state, 1).apply(reveal_action("0,5"))
    assert state.range_ == 4  # five in a row left: one line of five, two of four
    rolled(state, 2).apply(reveal_action("-5,5", "-4,5"))
    assert state.range_ == FREE  # three in a row: only one line of three
    assert state.awaiting() == TurnOf(0)


# --- reveal -----------------------------------------------------------------------------


def test_reveal_turns_up_a_straight_line_of_exactly_the_roll(grid: Board) -> None:
    state = rolled(State(grid), 3)
    events = state.apply(reveal_action("0,0", "2,0"))
    assert names(state.gold_fields) == {"0,0", "1,0", "2,0"}
    assert events[0].kind == "reveal"
    assert set(events[0].get("fields")) == {"0,0", "1,0", "2,0"}
    assert state.awaiting() == ChanceOf("roll", ROLL_REQUESTS[5].outcomes)
    assert state.active == 1


@pytest.mark.parametrize(
    ("roll", "first", "last", "why"),
    [
        (3, "0,0", "3,0", "exactly 3"),  # four markers for a roll of three
        (2, "0,0", "1,1", "not on one straight line"),
        (3, "2,-1", "0,0", "not on one straight line"),
        (1, "6,0", "6,0", "off the board"),
    ],
)
def test_reveal_of_a_wrong_line_is_refused(
    grid: Board, roll: int, first: str, last: str, why: str
) -> None:
    state = rolled(State(grid), roll)
    before = state.public_hash()
    with pytest.raises(IllegalAction, match=why):
        state.apply(("reveal", first, last))
    assert state.public_hash() == before


def test_reveal_names_either_end_but_the_action_is_canonical() -> None:
    assert reveal_action("2,0", "0,0") == reveal_action("0,0", "2,0") == ("reveal", "0,0", "2,0")
    assert reveal_action("1,1") == ("reveal", "1,1", "1,1")


def test_non_canonical_reveal_is_refused(grid: Board) -> None:
    state = rolled(State(grid), 3)
    with pytest.raises(IllegalAction, match="smaller field number first"):
        state.apply(("reveal", "2,0", "0,0"))


def test_exposed_gold_and_empty_fields_interrupt_a_line(grid: Board) -> None:
    state = State.from_position(grid, gold=m("1,0"), empty=m("1,1"))
    rolled(state, 3)
    with pytest.raises(IllegalAction, match="1,0 is exposed gold"):
        state.apply(reveal_action("0,0", "2,0"))
    with pytest.raises(IllegalAction, match="1,1 is an empty field"):
        state.apply(reveal_action("0,1", "2,1"))
    assert reveal_action("0,0", "2,0") not in state.legal_actions(0)
    assert reveal_action("2,0", "4,0") in state.legal_actions(0)


def test_legal_reveals_are_exactly_the_face_down_lines(grid: Board) -> None:
    state = State.from_position(grid, gold=m("0,0"))
    for roll in (1, 2, 3, 4, 5):
        s = rolled(state.clone(), roll)
        reveals = [a for a in s.legal_actions(0) if a[0] == "reveal"]
        assert len(reveals) == len(set(reveals)) == s.count_reveals(roll)
        for _, a, b in reveals:
            s2 = s.clone()
            s2.apply(("reveal", a, b))
            revealed = s2.gold_fields & ~s.gold_fields
            assert revealed.bit_count() == roll


# --- free choice ------------------------------------------------------------------------


def test_free_choice_single_or_two_neighbours_no_roll_no_bury(grid: Board) -> None:
    state = State.from_position(grid, gold=m("2,2"), empty=all_but("0,0", "1,0", "3,0", "2,2"))
    assert state.range_ == FREE
    assert state.awaiting() == TurnOf(0)
    legal = set(state.legal_actions(0))
    assert legal == {
        reveal_action("0,0"),
        reveal_action("1,0"),
        reveal_action("3,0"),
        reveal_action("0,0", "1,0"),
    }
    assert state.count_buries() == 0
    with pytest.raises(IllegalAction, match="no roll"):
        state.apply_chance(1)
    with pytest.raises(IllegalAction, match="burying is no longer allowed"):
        state.apply(bury_action("2,2"))
    with pytest.raises(IllegalAction, match=r"not on one straight line|one marker or two"):
        state.apply(reveal_action("1,0", "3,0"))
    state.apply(reveal_action("0,0", "1,0"))
    # Rivers q=0 and q=1 are complete (their other fields are empty): seat 1 collects both.
    assert state.scores == [0, 2]
    assert names(state.gold_fields) == {"2,2"}


# --- bury -------------------------------------------------------------------------------


def test_bury_turns_gold_face_down_and_passes_a_shovel(grid: Board) -> None:
    state = State.from_position(grid, gold=m("1,0"))
    rolled(state, 2)
    events = state.apply(bury_action("1,0"))
    assert state.shovels == [1, 3]
    assert names(state.facedown_fields) >= {"1,0"}
    assert state.gold_fields == 0
    assert [e.kind for e in events][:1] == ["bury"]
    assert events[0].get("shovel_to") == 1


def test_bury_needs_a_shovel_and_exposed_gold(grid: Board) -> None:
    state = State.from_position(grid, gold=m("1,0"), shovels=(0, 4))
    rolled(state, 2)
    assert state.count_buries() == 0
    assert not any(a[0] == "bury" for a in state.legal_actions(0))
    with pytest.raises(IllegalAction, match="no shovel"):
        state.apply(bury_action("1,0"))
    state = rolled(State.from_position(grid, gold=m("1,0")), 2)
    with pytest.raises(IllegalAction, match="no exposed gold"):
        state.apply(bury_action("2,0"))
    assert state.count_buries() == 1


def test_burying_can_restore_a_longer_range(grid: Board) -> None:
    # Row r=5 face down except its middle field, which is exposed gold: no line of five.
    state = State.from_position(
        grid,
        gold=m("-3,5"),
        empty=all_but("-5,5", "-4,5", "-3,5", "-2,5", "-1,5", "0,5", "5,-5", "4,-4", "3,-3"),
    )
    assert state.range_ == 3
    rolled(state, 1).apply(bury_action("-3,5"))
    assert state.range_ == 5


# --- collection -------------------------------------------------------------------------


def test_active_player_collects_first_then_the_opponent(grid: Board) -> None:
    # Mountain r=5 and river q=0 both wait only for field 0,5.
    gold = m("-5,5", "-4,5", "-3,5", "-2,5", "-1,5") | mask_of(INDEX[(0, r)] for r in range(-5, 5))
    for active, expected in ((0, [6, 10]), (1, [5, 11])):
        state = State.from_position(grid, gold=gold, active=active)
        rolled(state, 1)
        events = state.apply(reveal_action("0,5"))
        assert state.scores == expected
        collects = [e for e in events if e.kind == "collect"]
        assert [e.seat for e in collects] == [active, 1 - active]
        assert names(state.empty_fields) == names(gold | m("0,5"))


def test_collected_fields_stay_empty_and_interrupt_lines(grid: Board) -> None:
    state = State.from_position(grid, gold=m("-5,5", "-4,5", "-3,5", "-2,5", "-1,5"))
    rolled(state, 1).apply(reveal_action("0,5"))
    assert state.scores == [6, 0]
    assert state.gold_fields == 0
    rolled(state, 2)
    with pytest.raises(IllegalAction, match="empty field"):
        state.apply(reveal_action("0,4", "0,5"))


def test_revealing_gold_in_an_opponent_territory_can_give_it_to_them(grid: Board) -> None:
    # River q=-5 has six fields; five are gold, seat 0 reveals the sixth: seat 1 collects.
    gold = m("-5,0", "-5,1", "-5,2", "-5,3", "-5,4")
    state = State.from_position(grid, gold=gold)
    rolled(state, 1).apply(reveal_action("-5,5"))
    assert state.scores == [0, 6]


# --- the end ----------------------------------------------------------------------------


def test_last_marker_ends_the_game_and_more_gold_wins(grid: Board) -> None:
    state = State.from_position(grid, empty=all_but("0,0"), scores=(41, 49))
    assert state.range_ == FREE
    state.apply(reveal_action("0,0"))
    assert state.finished
    # Mountain r=0 (seat 0, active) collects the last gold before river q=0 can.
    assert state.scores == [42, 49]
    assert state.awaiting() == Terminal((42, 49), (1,))
    assert state.legal_actions(0) == state.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="over"):
        state.apply(reveal_action("0,0"))


# --- engine interface -------------------------------------------------------------------


def test_only_the_active_seat_has_actions(grid: Board) -> None:
    state = rolled(State(grid), 1)
    assert len(state.legal_actions(0)) == N_FIELDS
    assert state.legal_actions(1) == []


def test_malformed_actions_are_refused_without_change(grid: Board) -> None:
    state = rolled(State(grid), 1)
    before = state.public_hash()
    for bad in [
        (),
        ("dig", "0,0"),
        ("reveal",),
        ("reveal", 3, 4),
        ("bury",),
        "reveal",
        ("reveal", "a,b", "0,0"),
    ]:
        with pytest.raises(IllegalAction):
            state.apply(bad)  # type: ignore[arg-type]
    assert state.public_hash() == before


def test_clone_is_independent_and_hash_follows_state(grid: Board) -> None:
    state = rolled(State(grid), 2)
    copy = state.clone()
    assert copy.public_hash() == state.public_hash()
    copy.apply(reveal_action("0,0", "1,0"))
    assert copy.public_hash() != state.public_hash()
    assert state.gold_fields == 0


def test_observation_rebuilds_the_same_state(grid: Board) -> None:
    state = State.from_position(grid, gold=m("1,1"), empty=m("2,2"), scores=(3, 4), shovels=(1, 3))
    rolled(state, 4)
    again = State.from_observation(state.observation(0))
    assert again.public_hash() == state.public_hash()
    assert again.legal_actions(0) == state.legal_actions(0)
    assert state.observation(0) == state.observation(1) == state.observation(None)


def test_observation_follows_every_change_of_the_position(grid: Board) -> None:
    # The field-number masks are converted once per position (State._field_masks): a move, a
    # clone's move or a field set by hand must never leave an observation of the old position.
    state = rolled(State(grid), 2)
    before = state.observation(0)
    copy = state.clone()
    state.apply(reveal_action("0,0", "1,0"))
    assert names(state.observation(1).gold) == {"0,0", "1,0"}
    assert copy.observation(0) == before and names(before.gold) == set()
    state.gold = 0
    state.facedown = PAD_ALL
    assert state.observation(1).gold == 0 and state.observation(1).facedown == ALL_FIELDS
    assert (state.facedown_fields, state.gold_fields) == (ALL_FIELDS, 0)


def test_from_position_rejects_contradictions(grid: Board) -> None:
    with pytest.raises(ValueError):
        State.from_position(grid, gold=m("0,0"), empty=m("0,0"))
    with pytest.raises(ValueError):
        State.from_position(grid, active=2)


def test_actions_must_spell_fields_canonically(grid: Board) -> None:
    state = rolled(State(grid), 1)
    with pytest.raises(IllegalAction, match="canonically"):
        state.apply(("reveal", "0, 0", "0, 0"))
    with pytest.raises(IllegalAction, match="canonically"):
        state.apply(("reveal", "+1,0", "+1,0"))
    assert reveal_action(" 0, 0") == ("reveal", "0,0", "0,0")
    state.apply(reveal_action("0, 0"))
    assert state.gold_fields == m("0,0")
