"""Moving: straight lines of exactly n on the surface, overshoot home and into caves, horse,
sandstorm, lost rolls; gallery paths below, in the light and in the dark, around walls."""

from __future__ import annotations

from goldnet.engine import TurnOf
from goldnet.games.golden_city.gazette import SANDSTORM
from goldnet.games.golden_city.rules import State
from goldnet.games.golden_city.setup import HORSE, LANTERN, PICKAXE
from goldnet.games.golden_city.state import WALL

from .helpers import feed, game, kinds, put, tiny


def rolled(st: State, face: int | str, *, done: bool = True) -> list[tuple[str, ...]]:
    """Leave the store (if open), roll ``face``: the legal actions after the roll."""
    if done and st.legal_actions(st.active) and st.legal_actions(st.active)[-1] == ("done",):
        feed(st, ("done",))
    if st.legal_actions(st.active) and st.legal_actions(st.active)[0] == ("roll",):
        feed(st, ("roll",))
    feed(st, face)
    return [tuple(a) for a in st.legal_actions(st.active)]  # type: ignore[misc]


def test_a_face_moves_exactly_n_in_a_straight_line_from_home() -> None:
    st = game()
    assert rolled(st, 3) == [("move", "3,0"), ("move", "0,3")]
    assert rolled(game(), 6) == [("move", "6,0"), ("move", "0,6")]


def test_moves_jump_hills_and_prospectors_but_not_lakes() -> None:
    st = game()
    put(st, 0, "0,2")
    put(st, 1, "0,3")
    actions = rolled(st, 2)
    assert ("move", "0,4") in actions  # over seat 1 on 0,3
    assert ("move", "2,0") in actions  # over the hill 1,1
    assert ("move", "2,2") not in actions  # a lake
    st = game()
    put(st, 0, "0,2")
    assert ("move", "4,2") not in rolled(st, 4)  # through the lake 2,2


def test_another_seats_house_blocks_an_unused_house_is_plain() -> None:
    st = game()  # 2 seats: houses 0 (0,0) and 3 (6,8); house 1 (10,0) is plain
    put(st, 0, "7,0")
    assert ("move", "10,0") in rolled(st, 3)
    st = game()
    feed(st, ("done",))
    st.pos[1] = st.board.surface.index["3,0"]
    st.todo[0:1] = [("roll",)]
    st.active = 1
    assert ("move", "1,0") in rolled(st, 2, done=False)
    st = game()
    st.active = 1
    put(st, 1, "3,0")
    feed(st, ("done",))
    assert all(a[1] not in ("0,0", "-1,0") for a in rolled(st, 3))


def test_a_line_reaching_ones_own_house_stops_there_and_banks() -> None:
    st = game()
    put(st, 0, "3,0")
    st.nuggets[0], st.thieves[0] = 4, 1
    actions = rolled(st, 6)
    assert ("move", "0,0") in actions
    events = feed(st, ("move", "0,0"))
    assert st.pos[0] == st.tab.house[0] and st.bank[0] == 6 + 4 + 2
    assert "home" in kinds(events)


def test_with_a_pickaxe_a_cave_within_the_move_may_be_a_stop() -> None:
    st = game()
    put(st, 0, "8,0")
    st.tools[0] = PICKAXE
    actions = rolled(st, 5)
    assert ("descend", "8,3") in actions and ("move", "8,5") in actions
    st = game()
    put(st, 0, "8,0")
    assert all(a[0] == "move" for a in rolled(st, 5))  # no pickaxe: an ordinary field


def test_the_horse_offers_n_or_n_plus_one() -> None:
    st = game()
    st.tools[0] = HORSE
    assert rolled(st, 3) == [("move", "3,0"), ("move", "4,0"), ("move", "0,3"), ("move", "0,4")]


def test_sandstorm_takes_a_step_the_horse_gives_it_back() -> None:
    st = game()
    st.issue = SANDSTORM
    assert rolled(st, 3) == [("move", "2,0"), ("move", "0,2")]
    st = game()
    st.issue = SANDSTORM
    st.tools[0] = HORSE
    assert rolled(st, 3) == [("move", "2,0"), ("move", "3,0"), ("move", "0,2"), ("move", "0,3")]
    st = game()
    st.issue = SANDSTORM
    assert rolled(st, 2) == [("move", "1,0"), ("move", "0,1")]  # at least one


def test_a_roll_without_a_legal_move_is_lost() -> None:
    board = tiny("0 . = G h 1", ["2,0", "3,0"])
    st = game(board=board)
    feed(st, ("done",))
    events = feed(st, 5)  # the line east meets house 1 after four fields
    assert "lost-roll" in kinds(events)
    assert st.pos[0] == st.tab.house[0] and st.todo[0] == ("store", 1)  # ends at home
    feed(st, ("done",))
    assert st.awaiting() == TurnOf(1)


def below(st: State, name: str, *, light: int = 0) -> None:
    put(st, 0, name, below=True)
    st.light[0] = light


def test_below_a_face_moves_along_gallery_paths_visiting_no_field_twice() -> None:
    st = game()
    below(st, "0,0", light=5)
    # (0,0) -> (1,0) -> (2,0) or (0,1); (0,0) -> (0,1) -> (1,0), (-1,2) or (0,2)
    assert rolled(st, 2) == [
        ("move", "1,0"),
        ("move", "2,0"),
        ("move", "0,1"),
        ("move", "-1,2"),
        ("move", "0,2"),
    ]
    assert st.light[0] == 4
    st = game()
    below(st, "0,0", light=5)
    st.gal[st.board.mine.index["1,0"]] = WALL
    assert rolled(st, 2) == [("move", "-1,2"), ("move", "0,2")]  # never through 1,0


def test_in_the_dark_half_the_die_and_no_horse() -> None:
    st = game()
    below(st, "0,0")
    st.tools[0] = HORSE
    assert len(rolled(st, 5)) == 5  # 5 // 2 = 2 steps, as above; no horse in the dark
    st = game()
    below(st, "0,0")
    assert rolled(st, 2) == [("move", "1,0"), ("move", "0,1")]  # max(1, 1)


def test_the_lantern_lights_five_rolls_then_the_dark() -> None:
    st = game()
    put(st, 0, "8,2")
    st.tools[0] = PICKAXE | LANTERN
    feed(st, ("done",)) if st.legal_actions(0)[-1:] == [("done",)] else None
    feed(st, ("roll",), 2, ("descend", "8,3"))
    assert st.in_mine(0) and st.light[0] == 5 and not st.tools[0] & LANTERN
