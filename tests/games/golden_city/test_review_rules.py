"""A reviewer's pass over the French text and the rulings, sentence by sentence: each test is
named after the rule it plays, on the small test map or a one-row map, and asserts the outcome.
The points the engine's own tests already cover are not repeated here."""

from __future__ import annotations

from goldnet.engine import ChanceOf, RevealOf, Terminal, TurnOf
from goldnet.games.golden_city.gazette import ISSUES, SANDSTORM, can_appear, publish
from goldnet.games.golden_city.rules import State
from goldnet.games.golden_city.setup import (
    CAVE_IN,
    GHOST,
    HORSE,
    LANTERN,
    PICKAXE,
    PONY,
    SIEVE,
    THIEF,
    TOOLS,
)
from goldnet.games.golden_city.state import EMPTY, WALL

from .helpers import begin, feed, field, game, gold_in_play, kinds, only, put, tiny


def to_roll(st: State) -> None:
    """Leave the store and the before-roll choice: the die is next."""
    for _ in range(4):
        head = st.todo[0][0]
        if head == "store":
            feed(st, ("done",))
        elif head == "before":
            feed(st, ("roll",))
    assert st.todo[0] == ("roll",), st.todo


def mine(st: State, name: str) -> int:
    return st.board.mine.index[name]


def hill(st: State, name: str) -> int:
    return st.board.hill_of[field(st, name)]


def moves(st: State) -> list[str]:
    return [str(a[1]) for a in st.legal_actions(st.active)]


# --- moving on the surface -------------------------------------------------------------------

LINE = tiny("1 . 0 . = G h", ["4,0", "5,0"])
"""0,0 house of seat 1; 2,0 house of seat 0; the station; a hill at the east end (gold to
discover, so that the game does not end at once)."""


def test_overshoot_a_line_reaching_ones_own_house_stops_there_never_beyond() -> None:
    for face, expected in ((2, ["3,0"]), (3, ["2,0"]), (4, ["2,0"]), (6, ["2,0"])):
        st = game(board=LINE)
        put(st, 0, "5,0")
        begin(st, 0)
        to_roll(st)
        feed(st, face)
        assert moves(st) == expected, face  # 1,0 (beyond the house) is never reached


def test_a_move_never_passes_through_another_seats_house() -> None:
    st = game(board=LINE)
    begin(st, 1)  # seat 1 at home on 0,0: east is 1,0, then seat 0's house
    to_roll(st)
    events = feed(st, 2)
    assert "lost-roll" in kinds(events) and st.pos[1] == st.tab.house[1]
    assert st.todo[0][0] == "store"  # the turn ends at home: the store


def test_overshoot_into_a_cave_with_a_pickaxe_even_when_the_line_ends_behind_it() -> None:
    board = tiny(
        "1 = G . 0 . C",
        ["1,0", "2,0"],
        mine=["D g"],
        caves={"6,0": "0,0"},
    )
    st = game(board=board)
    st.tools[0] = PICKAXE
    begin(st, 0)
    to_roll(st)
    feed(st, 5)  # east: 5,0 then the cave 6,0 and the map's edge; west: blocked by house 1
    assert st.legal_actions(0) == [("descend", "6,0")]
    st = game(board=board)
    to_roll(st)
    assert "lost-roll" in kinds(feed(st, 5))  # without a pickaxe the cave is a plain field


def test_the_sandstorm_does_not_reach_below() -> None:
    st = game()
    publish(st, "sandstorm")
    put(st, 0, "0,0", below=True)
    st.light[0] = 5
    begin(st, 0)
    to_roll(st)
    events = feed(st, 2)
    assert only(events, "roll").get("steps") == (2,)
    assert st.issue == SANDSTORM


def test_the_horse_in_the_sandstorm_chooses_n_minus_one_or_n_never_n_plus_one() -> None:
    st = game(board=LINE)
    publish(st, "sandstorm")
    st.tools[0] = HORSE
    put(st, 0, "5,0")
    begin(st, 0)
    to_roll(st)
    feed(st, 2)
    assert moves(st) == ["3,0", "4,0", "6,0"]  # 1 or 2 steps west, 1 east (the edge)


def test_the_dark_halves_the_die_and_the_horse_does_not_help_a_lit_mine_it_does() -> None:
    st = game()
    put(st, 0, "0,0", below=True)
    st.tools[0] = HORSE
    begin(st, 0)
    to_roll(st)
    assert only(feed(st, 6), "roll").get("steps") == (3,)
    st = game()
    put(st, 0, "0,0", below=True)
    st.tools[0] = HORSE
    st.light[0] = 1
    begin(st, 0)
    to_roll(st)
    assert only(feed(st, 6), "roll").get("steps") == (6, 7)
    assert st.light[0] == 0  # the fifth lit roll was the last


# --- hills, brawls and loot -----------------------------------------------------------------


def test_loot_under_a_thief_nested_thieves_pay_their_bounty_to_the_next_who_beats_it() -> None:
    st = game()
    put(st, 0, "4,0")
    st.nuggets[0], st.thieves[0] = 3, 2  # two thieves captured earlier
    begin(st, 0)
    to_roll(st)
    feed(st, 2, ("move", "2,0"), "thief-3", 1)  # 1 < 3: the thief keeps the sack
    h = hill(st, "2,0")
    assert (st.loot_nuggets[h], st.loot_thieves[h]) == (3, 2) and st.thieves[0] == 0
    st.pos[0] = st.tab.house[0]
    put(st, 1, "4,0")
    begin(st, 1)
    to_roll(st)
    events = feed(st, 2, ("move", "2,0"), 4)  # 4 > 3: seat 1 captures it and its loot
    won = only(events, "brawl-won")
    assert (won.get("gold"), won.get("thieves")) == (3, 2)
    assert (st.nuggets[1], st.thieves[1]) == (3, 3) and st.hill[h] == EMPTY
    put(st, 1, "6,6")
    begin(st, 1)
    to_roll(st)
    events = feed(st, 2, ("move", "6,8"))  # home: 3 nuggets and 3 thieves at 2 each
    assert only(events, "home").get("bounty") == 6 and st.bank[1] == 6 + 3 + 6
    assert st.counters[1][0] == 3  # three thieves delivered to the sheriff


def test_an_attacker_who_loses_the_fight_on_a_thiefs_hill_never_brawls() -> None:
    st = game()
    h = hill(st, "2,0")
    st.hill[h], st.loot_nuggets[h] = THIEF + 3, 4
    put(st, 1, "2,0")  # seat 1 lost to the thief and stays beside it
    put(st, 0, "4,0")
    st.nuggets[0] = 2
    begin(st, 0)
    to_roll(st)
    events = feed(st, 2, ("move", "2,0"), 1, 6)
    assert only(events, "fight-won").seat == 1 and "brawl" not in kinds(events)
    assert st.loot_nuggets[h] == 4 and st.nuggets[1] == 2 and st.pos[0] == st.tab.house[0]


def test_a_fight_comes_before_a_revealed_ghost_which_duels_the_winner() -> None:
    st = game()
    m = mine(st, "2,0")
    st.gal[m] = GHOST
    put(st, 1, "2,0", below=True)
    put(st, 0, "0,0", below=True)
    st.light[0], st.nuggets[1] = 5, 3
    begin(st, 0)
    to_roll(st)
    events = feed(st, 2, ("move", "2,0"))
    assert "fight" in kinds(events) and "ghost" not in kinds(events)
    events = feed(st, 6, 1)
    assert "ghost" in kinds(events) and st.todo[0][:2] == ("duel", "ghost")
    events = feed(st, 1, 6)  # the ghost wins: the sack just taken vanishes
    assert only(events, "sack-lost").get("leave") == 3 and st.gal[m] == GHOST


def test_a_fight_comes_before_the_train_guard() -> None:
    st = game()
    publish(st, "chest")
    st.loco = 1  # 5,1
    put(st, 1, "5,1")
    put(st, 0, "2,1")
    begin(st, 0)
    to_roll(st)
    events = feed(st, 3, ("move", "5,1"))
    assert "fight" in kinds(events) and "guard" not in kinds(events)
    events = feed(st, 6, 1)
    assert "guard" in kinds(events)
    events = feed(st, 6)
    assert only(events, "chest").get("enter") == 10 and not st.chest


# --- the locomotive and the Gazette ----------------------------------------------------------


def test_a_hit_on_the_arrival_in_the_station_hands_the_sack_then_the_game_ends() -> None:
    st = game()
    st.loco = 5
    put(st, 1, "2,6")  # the station
    st.nuggets[1], st.thieves[1] = 4, 1
    to_roll(st)
    events = feed(st, "loco")
    assert kinds(events).index("hit") < kinds(events).index("station")
    assert (st.nuggets[0], st.thieves[0]) == (4, 1) and st.pos[1] == st.tab.house[1]
    assert "gazette" not in kinds(events) and st.end == "station"
    feed(st, "sheriff", "brawls")
    assert st.awaiting() == Terminal((6, 6), (0, 1))  # the sack is not the bank


def test_ones_own_locomotive_on_the_station_loses_the_sack() -> None:
    st = game()
    st.loco = 5
    put(st, 0, "2,6")
    st.nuggets[0] = 5
    begin(st, 0)
    to_roll(st)
    before = gold_in_play(st)
    events = feed(st, "loco")
    assert only(events, "sack-lost").get("why") == "locomotive"
    assert gold_in_play(st) == before - 5 and st.end == "station"


def test_a_cancelled_advance_is_no_advance_the_gazette_waits_for_the_third_real_one() -> None:
    st = game()
    publish(st, "cow")
    st.advances = 2
    to_roll(st)
    events = feed(st, "loco")
    assert "cow" in kinds(events) and st.advances == 2 and st.loco == 0
    assert st.todo[0] == ("store", 1)  # no draw: the turn ends (at home, so the store)
    begin(st, 0)
    to_roll(st)
    feed(st, "loco")
    request = st.awaiting()
    assert isinstance(request, ChanceOf) and request.kind == "gazette"
    assert "cow" not in [o for o, _ in request.outcomes]  # an issue appears once


def test_no_gazette_when_no_issue_can_appear_the_issue_in_force_stays() -> None:
    st = game()
    st.published, st.issue = (1 << len(ISSUES)) - 1, ISSUES.index("double-bounty")
    st.advances = 2
    to_roll(st)
    events = feed(st, "loco")
    assert "no-gazette" in kinds(events) and st.issue == ISSUES.index("double-bounty")


# --- home and the store -------------------------------------------------------------------


def test_sent_home_by_the_locomotive_the_store_opens_at_the_victims_next_turn() -> None:
    st = game()
    put(st, 1, "5,1")
    to_roll(st)
    feed(st, "loco")
    assert st.todo[0] == ("store", 1) and st.active == 0  # seat 0 rolled at home
    feed(st, ("done",))
    assert st.active == 1 and st.todo[0] == ("store", 0) and st.at_home(1)


def test_a_lost_turn_that_begins_at_home_still_opens_the_store() -> None:
    st = game()
    feed(st, ("done",))
    st.lost[1] = 1  # a cave-in, then sent home before its turn
    to_roll(st)
    feed(st, 2, ("move", "2,0"), "nugget-1")
    assert st.active == 1 and st.todo[0] == ("store", 0)
    feed(st, ("done",))
    assert st.active == 1 and st.todo[0] == ("store", 1)  # phase 6 too: the turn ends at home
    feed(st, ("done",))
    assert st.active == 0 and st.lost == [0, 0]


def test_the_pony_express_homecoming_opens_the_store_at_the_turns_end() -> None:
    st = game()
    st.tools[0] = PONY
    put(st, 0, "5,4")
    st.nuggets[0] = 1
    begin(st, 0)
    feed(st, ("pony",))
    assert st.at_home(0) and st.bank[0] == 7 and st.todo[0] == ("store", 1)


def test_at_most_one_of_each_tool_a_used_up_lantern_can_be_bought_again() -> None:
    st = game()
    st.bank[0] = 100
    begin(st, 0)
    for tool in TOOLS:
        feed(st, ("buy", tool))
    assert st.todo[0] == ("before",)  # nothing left to buy: the store closed itself
    feed(st, ("lantern", "2,0"), "nugget-1")
    assert not st.tools[0] & LANTERN
    st.pos[0] = st.tab.house[0]
    begin(st, 0)
    assert st.legal_actions(0) == [("buy", "lantern"), ("done",)]


def test_a_lantern_held_on_descent_lights_the_mine_and_no_peek_is_offered_below() -> None:
    st = game()
    st.tools[0] = PICKAXE | LANTERN
    put(st, 0, "8,2")
    begin(st, 0)
    assert ("lantern", "8,0") in st.legal_actions(0)  # a peek on the surface
    feed(st, ("roll",), 2, ("descend", "8,3"))
    assert st.light[0] == 5 and not st.tools[0] & LANTERN
    st.tools[0] |= LANTERN  # a second lantern (scenario): still no peek below
    begin(st, 0)
    assert st.todo[0] == ("roll",)


def test_the_light_ends_when_sent_home_from_the_mine() -> None:
    st = game()
    put(st, 0, "2,0", below=True)
    put(st, 1, "0,0", below=True)
    st.gal[mine(st, "2,0")] = EMPTY
    st.light[0], st.light[1] = 3, 3
    begin(st, 1)
    to_roll(st)
    feed(st, 2, ("move", "2,0"), 6, 1)
    assert st.at_home(0) and st.light[0] == 0 and st.light[1] == 2


# --- the mine ----------------------------------------------------------------------------------


def test_the_wagon_banks_only_the_gold_found_below_the_rest_stays_in_the_sack() -> None:
    st = game()
    put(st, 0, "2,0", below=True)
    st.gal[mine(st, "2,0")] = EMPTY
    st.light[0] = 5
    st.nuggets[0], st.thieves[0], st.below[0] = 4, 1, 7
    begin(st, 0)
    to_roll(st)
    feed(st, 2)
    assert "4,0" in moves(st)
    events = feed(st, ("move", "4,0"))
    assert only(events, "wagon").get("company") == 3
    assert st.bank[0] == 6 + 4 and (st.nuggets[0], st.thieves[0], st.below[0]) == (4, 1, 0)
    assert st.pos[0] == field(st, "-2,6") and st.light[0] == 0 and st.counters[0][3] == 7


def test_gold_won_in_a_fight_below_is_not_the_winners_gold_found_below() -> None:
    st = game()
    put(st, 0, "0,0", below=True)
    put(st, 1, "2,0", below=True)
    st.gal[mine(st, "2,0")] = EMPTY
    st.below[1], st.below[0] = 6, 5
    st.light[0] = 5
    begin(st, 0)
    to_roll(st)
    feed(st, 2, ("move", "2,0"), 6, 1)
    assert (st.nuggets[0], st.below[0]) == (6, 5)


def test_a_cave_in_costs_the_next_turn_even_after_being_sent_home() -> None:
    st = game()
    put(st, 0, "0,0", below=True)
    st.light[0] = 5
    begin(st, 0)
    to_roll(st)
    feed(st, 2, ("move", "2,0"), "cave-in")
    assert st.lost[0] == 1 and st.gal[mine(st, "2,0")] == CAVE_IN
    put(st, 1, "0,0", below=True)  # seat 1 comes along and wins a fight there
    st.light[1] = 5
    begin(st, 1)
    to_roll(st)
    events = feed(st, 2, ("move", "2,0"), 6, 1)
    assert st.at_home(0) and "lost-turn" in kinds(events) and st.lost[0] == 0
    assert st.active == 0 and st.todo[0] == ("store", 0)  # the lost turn, at home
    feed(st, ("done",), ("done",))
    assert st.active == 1


def test_a_revealed_cave_in_is_walled_only_once_nobody_stands_on_it() -> None:
    # seat 1 stands on the cave-in it revealed; seat 0 attacks it there and loses
    st = game()
    m = mine(st, "2,0")
    st.gal[m] = CAVE_IN
    put(st, 1, "2,0", below=True)
    put(st, 0, "0,0", below=True)
    st.light[0] = 5
    begin(st, 0)
    to_roll(st)
    feed(st, 2, ("move", "2,0"), 1, 6)
    assert st.at_home(0) and st.pos[1] == st.ns + m
    assert st.gal[m] == CAVE_IN  # seat 1 has not left it
    # seat 0 attacks and wins: seat 1 goes home, seat 0 stands there
    st = game()
    st.gal[m] = CAVE_IN
    put(st, 1, "2,0", below=True)
    put(st, 0, "0,0", below=True)
    st.light[0] = 5
    begin(st, 0)
    to_roll(st)
    feed(st, 2, ("move", "2,0"), 6, 1)
    assert st.at_home(1) and st.gal[m] == CAVE_IN
    begin(st, 0)
    to_roll(st)
    feed(st, 2, ("move", "4,0"))
    assert st.gal[m] == WALL  # walled once the last prospector left it


def test_leaving_exactly_on_a_door_where_a_prospector_stands_fights_first() -> None:
    st = game()
    put(st, 0, "2,0", below=True)
    st.gal[mine(st, "2,0")] = EMPTY
    put(st, 1, "4,0", below=True)
    st.below[0], st.light[0] = 5, 5
    begin(st, 0)
    to_roll(st)
    feed(st, 2)
    events = feed(st, ("move", "4,0"))
    assert "fight" in kinds(events) and "wagon" not in kinds(events)
    events = feed(st, 1, 6)  # seat 0 loses below: the gold found below is seat 1's now
    assert st.at_home(0) and st.nuggets[1] == 5 and "wagon" not in kinds(events)


# --- the sieve ---------------------------------------------------------------------------------


def test_the_sieve_never_works_on_loot_veins_or_a_taken_sack() -> None:
    st = game()
    st.tools[0] = SIEVE
    h = hill(st, "2,0")
    st.hill[h], st.loot_nuggets[h] = THIEF + 1, 4
    put(st, 0, "4,0")
    begin(st, 0)
    to_roll(st)
    feed(st, 2, ("move", "2,0"), 6)
    assert st.nuggets[0] == 4 and st.todo[0][0] != "sieve"


# --- the Gazette's preconditions and placements -----------------------------------------------


def test_wanted_needs_a_single_leader_the_mayor_pays_every_last_one() -> None:
    st = game(seats=3, missions=("sheriff", "brawls", "fights"))
    st.bank[:] = [9, 9, 3]
    assert not can_appear(st, ISSUES.index("wanted"))
    st.bank[:] = [9, 3, 3]
    assert can_appear(st, ISSUES.index("wanted"))
    events = publish(st, "mayor")
    assert [e.seat for e in events if e.kind == "mayor"] == [1, 2] and st.bank == [9, 7, 7]


def test_bandits_and_new_veins_are_placed_only_on_empty_unoccupied_fields() -> None:
    st = game()
    for name in ("2,0", "1,1", "8,0"):
        st.hill[hill(st, name)] = EMPTY
    put(st, 1, "8,0")
    feed(st, ("done",))
    publish(st, "bandits")
    request = st.awaiting()
    assert isinstance(request, ChanceOf) and [o for o, _ in request.outcomes] == ["2,0", "1,1"]
    st = game()
    for name, code in (("1,0", EMPTY), ("2,0", EMPTY), ("3,0", CAVE_IN), ("0,1", WALL)):
        st.gal[mine(st, name)] = code
    st.gal[mine(st, "2,1")] = EMPTY
    put(st, 1, "2,1", below=True)
    assert can_appear(st, ISSUES.index("new-vein"))
    feed(st, ("done",))
    publish(st, "new-vein")
    request = st.awaiting()
    assert isinstance(request, ChanceOf) and [o for o, _ in request.outcomes] == ["1,0", "2,0"]


def test_a_map_without_a_mine_has_no_strike_nor_new_vein() -> None:
    st = game(board=LINE)
    assert not can_appear(st, ISSUES.index("strike"))
    assert not can_appear(st, ISSUES.index("new-vein"))


def test_wanted_is_paid_when_the_leader_loses_a_fight_it_started() -> None:
    st = game()
    st.bank[:] = [12, 6]
    publish(st, "wanted")
    assert st.wanted == 0
    put(st, 1, "3,0")
    begin(st, 0)
    to_roll(st)
    events = feed(st, 3, ("move", "3,0"), 1, 6)
    assert only(events, "reward").seat == 1 and st.bank[1] == 12


# --- the end ----------------------------------------------------------------------------------


def test_face_down_veins_are_still_gold_to_discover() -> None:
    board = tiny(
        "0 . h = G C 1",
        ["3,0", "4,0"],
        mine=["D g"],
        caves={"5,0": "0,0"},
    )
    st = game(board=board)
    assert st.hidden_gold == 2  # the hill's nugget and the gallery's vein
    to_roll(st)
    events = feed(st, 2, ("move", "2,0"), "nugget-2")
    assert st.end is None and "end" not in kinds(events) and st.hidden_gold == 1
    assert isinstance(st.awaiting(), TurnOf)
    assert not isinstance(st.awaiting(), RevealOf)


# --- cut off below (designer's choice: the company's rescue) ----------------------------------


def walled(st: State, *names: str) -> None:
    for name in names:
        st.gal[mine(st, name)] = WALL


def test_a_prospector_walled_in_below_is_brought_up_by_the_company_instead_of_rolling() -> None:
    st = game()
    feed(st, ("done",), 2, ("move", "2,0"), "nugget-1")  # seat 0's turn; now seat 1's
    put(st, 1, "2,0", below=True)
    st.gal[mine(st, "2,0")] = CAVE_IN  # it revealed the cave-in and has lost its turn already
    walled(st, "1,0", "3,0", "2,1")  # every neighbour walled: no move, ever
    st.nuggets[1], st.below[1], st.light[1] = 2, 6, 3
    events = begin(st, 1)
    assert "rescue" in kinds(events) and "roll" not in kinds(events)
    wagon = only(events, "wagon")  # the nearest door (0,0 and 4,0 tie at 2): 0,0, cave 8,3
    assert (wagon.get("cave"), wagon.get("gold"), wagon.get("company")) == ("8,3", 6, 3)
    assert st.pos[1] == field(st, "8,3") and st.bank[1] == 6 + 3 and st.nuggets[1] == 2
    assert st.light[1] == 0 and st.gal[mine(st, "2,0")] == WALL
    assert st.active == 0  # the rescue was seat 1's turn


def test_a_prospector_cut_off_from_every_door_is_rescued_even_if_it_could_move() -> None:
    st = game()
    walled(st, "1,0", "0,1", "3,0", "4,1")  # both doors cut off; the middle still connected
    put(st, 0, "1,2", below=True)
    st.gal[mine(st, "1,2")] = EMPTY
    events = begin(st, 0)
    assert "rescue" in kinds(events) and st.pos[0] == field(st, "8,3")


def test_a_prospector_who_can_still_reach_a_door_loses_only_the_roll() -> None:
    st = game()
    walled(st, "2,0", "0,1")
    put(st, 0, "1,0", below=True)
    st.gal[mine(st, "1,0")] = EMPTY
    st.light[0] = 5
    events = begin(st, 0)
    assert "rescue" not in kinds(events) and st.todo[0] == ("roll",)
    assert "lost-roll" in kinds(feed(st, 2))  # two steps lead nowhere; the door is one away


def test_the_rescue_onto_a_cave_where_a_prospector_stands_fights() -> None:
    st = game()
    walled(st, "1,0", "3,0", "2,1")
    put(st, 0, "2,0", below=True)
    st.gal[mine(st, "2,0")] = EMPTY
    put(st, 1, "8,3")
    events = begin(st, 0)
    assert "rescue" in kinds(events) and "fight" in kinds(events)
    feed(st, 6, 1)
    assert st.pos[0] == field(st, "8,3") and st.at_home(1)


def test_a_prospector_on_gallery_joined_to_no_door_is_brought_up_through_the_first_door() -> None:
    board = tiny("0 . h = G C 1", ["3,0", "4,0"], mine=["D - g g"], caves={"5,0": "0,0"})
    st = game(board=board)
    put(st, 0, "2,0", below=True)  # a scenario's position: a stretch no door joins
    st.gal[board.mine.index["2,0"]] = EMPTY
    events = begin(st, 0)
    assert "rescue" in kinds(events) and st.pos[0] == field(st, "5,0")


# --- the Gazette's durations ------------------------------------------------------------------


def test_lasting_issues_hold_until_the_next_issue_instant_tokens_stay() -> None:
    st = game()
    st.hill[hill(st, "2,0")] = st.hill[hill(st, "1,1")] = EMPTY
    feed(st, ("done",))
    publish(st, "bandits")
    feed(st, "2,0", "1,1")
    publish(st, "sale")
    assert st.setup.price(0, st.issue == ISSUES.index("sale")) == st.setup.prices[0] - 1
    for name, gone in (
        ("chest", lambda: st.chest),
        ("cow", lambda: st.cow),
        ("storm", lambda: st.issue == ISSUES.index("storm")),
    ):
        publish(st, name)
        assert gone()
        publish(st, "strike")
        assert not gone() and st.issue == ISSUES.index("strike")
        st.published &= ~(1 << ISSUES.index("strike"))
    st.bank[:] = [12, 6]
    publish(st, "wanted")
    assert st.wanted == 0
    publish(st, "double-bounty")
    assert st.wanted == -1  # the wanted poster is taken down by the next issue
    assert st.hill[hill(st, "2,0")] == THIEF + 3  # the bandits stay on their hills


# --- missions ---------------------------------------------------------------------------------


def test_a_turn_without_a_roll_gives_no_moment_to_claim() -> None:
    st = game()
    put(st, 0, "1,2")
    st.counters[0][4] = 1  # one raft crossing so far
    begin(st, 0)
    assert st.claims(0) == []  # the before-roll choice: not yet the die's draw
    feed(st, ("raft", "3,3"))
    assert st.counters[0][4] == 2 and st.window[0][4] == 0 and st.active == 1
    assert st.claims(0) == []


def test_a_prospector_on_the_only_door_is_not_cut_off_while_it_can_step_away_and_back() -> None:
    board = tiny("0 . h = G C 1", ["3,0", "4,0"], mine=["D g g"], caves={"5,0": "0,0"})
    st = game(board=board)
    put(st, 0, "0,0", below=True)  # just come down: one door, its own field
    events = begin(st, 0)
    assert "rescue" not in kinds(events) and st.todo[0] == ("roll",)
    feed(st, 2, ("move", "1,0"))  # one step in the dark
    st.gal[board.mine.index["2,0"]] = WALL
    events = begin(st, 0)
    assert "rescue" not in kinds(events)  # the door is one step back
    feed(st, 3, ("move", "0,0"))
    assert st.pos[0] == field(st, "5,0")  # up by the door it came down
    put(st, 0, "0,0", below=True)
    st.gal[board.mine.index["1,0"]] = WALL
    events = begin(st, 0)
    assert "rescue" in kinds(events) and st.pos[0] == field(st, "5,0")  # walled on its door
