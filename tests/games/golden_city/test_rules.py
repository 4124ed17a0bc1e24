"""One test per rule of docs/rules/golden-city.md on the small test map: hills, brawls, fights,
home and the store, the tools, the locomotive, rafts, the mine, the end."""

from __future__ import annotations

from dataclasses import replace

import pytest

from goldnet.engine import IllegalAction, RevealOf, Terminal, TurnOf
from goldnet.games.golden_city.gazette import STORM, publish
from goldnet.games.golden_city.rules import State
from goldnet.games.golden_city.setup import (
    CAVE_IN,
    GHOST,
    LANTERN,
    PICKAXE,
    PONY,
    REVOLVER,
    SIEVE,
    THIEF,
)
from goldnet.games.golden_city.state import EMPTY, WALL

from .helpers import begin, feed, field, game, gold_in_play, kinds, only, put, tiny


def to_roll(st: State) -> None:
    """Leave the store and the before-roll choice: the die is next."""
    for _ in range(3):
        head = st.todo[0][0]
        if head == "store":
            feed(st, ("done",))
        elif head == "before":
            feed(st, ("roll",))
    assert st.todo[0] == ("roll",)


def hill_at(st: State, name: str) -> int:
    return st.board.hill_of[field(st, name)]


# --- hills -------------------------------------------------------------------------------


def test_a_nugget_goes_into_the_sack() -> None:
    st = game()
    to_roll(st)
    events = feed(st, 2, ("move", "2,0"))
    assert st.awaiting() == RevealOf("hill", hill_at(st, "2,0"), None)
    events = feed(st, "nugget-3")
    assert st.nuggets[0] == 3 and st.hill[hill_at(st, "2,0")] == EMPTY
    assert only(events, "nugget").get("enter") == 3


def test_the_sieve_rolls_one_die_per_nugget_token() -> None:
    st = game()
    st.tools[0] = SIEVE
    to_roll(st)
    feed(st, 2, ("move", "2,0"), "nugget-3")
    assert st.awaiting().kind == "sieve"  # type: ignore[union-attr]
    events = feed(st, 2)
    assert st.nuggets[0] == 5 and only(events, "sieve").get("enter") == 2


def test_a_thief_is_beaten_by_more_than_its_strength_ties_roll_again() -> None:
    st = game()
    to_roll(st)
    feed(st, 2, ("move", "2,0"), "thief-3")
    events = feed(st, 3)  # a tie
    assert "duel-tie" in kinds(events) and st.awaiting().kind == "duel"  # type: ignore[union-attr]
    events = feed(st, 4)
    assert "brawl-won" in kinds(events)
    assert st.thieves[0] == 1 and st.hill[hill_at(st, "2,0")] == EMPTY


def test_a_victorious_thief_keeps_the_sack_for_the_next_who_beats_it() -> None:
    st = game()
    st.nuggets[0], st.thieves[0] = 5, 1
    to_roll(st)
    feed(st, 2, ("move", "2,0"), "thief-3", 2)
    h = hill_at(st, "2,0")
    assert st.hill[h] == THIEF + 3 and (st.loot_nuggets[h], st.loot_thieves[h]) == (5, 1)
    assert st.nuggets[0] == 0 and st.pos[0] == field(st, "2,0")  # stays there
    # seat 1 comes along and beats it (fighting seat 0 first)
    st.todo[:] = [("roll",)]
    st.active = 1
    put(st, 1, "4,0")
    events = feed(st, 2, ("move", "2,0"))
    assert "fight" in kinds(events)
    events = feed(st, 6, 1)  # seat 1 wins the fight: seat 0 goes home
    assert st.pos[0] == st.tab.house[0]
    assert "brawl" in kinds(events)
    feed(st, 5)
    assert (st.nuggets[1], st.thieves[1]) == (5, 2) and st.hill[h] == EMPTY


def test_the_revolver_adds_two_except_during_the_storm() -> None:
    st = game()
    st.tools[0] = REVOLVER
    to_roll(st)
    feed(st, 2, ("move", "2,0"), "thief-3")
    assert "brawl-won" in kinds(feed(st, 2))
    st = game()
    st.tools[0] = REVOLVER
    st.issue = STORM
    to_roll(st)
    feed(st, 2, ("move", "2,0"), "thief-3")
    assert "brawl-lost" in kinds(feed(st, 2))


# --- fights ------------------------------------------------------------------------------


def test_stopping_on_a_prospector_attacks_the_winner_takes_the_sack() -> None:
    st = game()
    put(st, 1, "3,0")
    st.nuggets[1], st.thieves[1] = 4, 2
    st.nuggets[0] = 1
    to_roll(st)
    events = feed(st, 3, ("move", "3,0"))
    assert only(events, "fight").get("defender") == 1
    feed(st, 3, 3)  # a tie: both roll again
    events = feed(st, 5, 2)
    assert only(events, "fight-won").seat == 0
    assert (st.nuggets[0], st.thieves[0]) == (5, 2) and st.nuggets[1] == 0
    assert st.pos[1] == st.tab.house[1] and st.pos[0] == field(st, "3,0")


def test_the_attacker_can_lose_and_goes_home() -> None:
    st = game()
    put(st, 1, "3,0")
    st.nuggets[0] = 3
    st.tools[1] = REVOLVER
    to_roll(st)
    feed(st, 3, ("move", "3,0"))
    events = feed(st, 5, 4)  # 5 against 4 + 2
    assert only(events, "fight-won").seat == 1
    assert st.pos[0] == st.tab.house[0] and st.nuggets[1] == 3 and st.bank[0] == 6
    assert st.todo[0] == ("store", 1)  # the turn ends at home: the store opens


# --- home and the store --------------------------------------------------------------------


def test_home_banks_nuggets_and_the_sheriffs_bounty() -> None:
    st = game()
    put(st, 0, "2,0")
    st.nuggets[0], st.thieves[0] = 3, 2
    to_roll(st)
    events = feed(st, 2, ("move", "0,0"))
    assert st.bank[0] == 6 + 3 + 4 and only(events, "home").get("enter") == 4
    assert st.counters[0][0] == 2  # thieves delivered


def test_the_bounty_is_doubled_by_la_prime_doublee() -> None:
    st = game()
    publish(st, "double-bounty")
    put(st, 0, "2,0")
    st.thieves[0] = 2
    to_roll(st)
    feed(st, 2, ("move", "0,0"))
    assert st.bank[0] == 6 + 8


PRICES = (6, 5, 4, 2, 3, 4)
"""The prices the store tests count with (the balance pass sets the game's own)."""


def test_the_store_sells_each_tool_once_at_its_price() -> None:
    st = game()
    st.setup = replace(st.setup, prices=PRICES)
    assert st.todo[0] == ("store", 0)  # a turn that begins at home
    feed(st, ("buy", "horse"))
    assert st.bank[0] == 2 and st.tools[0] == 4
    with pytest.raises(IllegalAction) as caught:
        st.apply(("buy", "horse"))
    assert caught.value.code == "tool-owned"
    with pytest.raises(IllegalAction) as caught:
        st.apply(("buy", "revolver"))
    assert caught.value.code == "too-expensive"
    with pytest.raises(IllegalAction) as caught:
        st.apply(("buy", "shovel"))
    assert caught.value.code == "unknown-tool"
    feed(st, ("buy", "lantern"))
    assert st.bank[0] == 0 and st.todo[0] != ("store", 0)  # nothing left to buy: closed


def test_soldes_takes_one_nugget_off_every_price() -> None:
    st = game()
    st.setup = replace(st.setup, prices=PRICES)
    publish(st, "sale")
    feed(st, ("buy", "revolver"))
    assert st.bank[0] == 1


def test_sent_home_in_anothers_turn_the_next_turn_opens_the_store() -> None:
    st = game()
    feed(st, ("done",))
    put(st, 0, "3,0")
    st.active, st.todo[:] = 1, [("roll",)]
    put(st, 1, "6,0")
    feed(st, 3, ("move", "3,0"), 6, 1)
    assert st.pos[0] == st.tab.house[0]
    assert st.active == 0 and st.todo[0] == ("store", 0)


# --- tools -------------------------------------------------------------------------------


def test_the_lantern_peeks_privately_at_a_token_within_three() -> None:
    st = game()
    st.tools[0] = LANTERN
    feed(st, ("done",))
    assert ("lantern", "2,0") in st.legal_actions(0)
    assert ("lantern", "8,0") not in st.legal_actions(0)  # too far
    public = st.public_hash()
    feed(st, ("lantern", "2,0"))
    h = hill_at(st, "2,0")
    assert st.awaiting() == RevealOf("hill", h, 0)
    other = st.clone()
    feed(st, "thief-5")
    feed(other, "nugget-1")
    assert st.public_hash() == other.public_hash() != public
    assert st.observation(0).known == ((h, "thief-5"),)
    assert st.observation(1) == other.observation(1) and st.observation(1).known == ()
    assert st.observation(None) == other.observation(None)
    assert st.todo[0] == ("roll",) and not st.tools[0] & LANTERN


def test_the_pony_express_rides_home_instead_of_rolling() -> None:
    st = game()
    st.tools[0] = PONY
    feed(st, ("done",))
    assert ("pony",) not in st.legal_actions(0)  # not from home
    st = game()
    st.tools[0] = PONY
    put(st, 0, "6,3")
    st.nuggets[0] = 4
    begin(st, 0)
    events = feed(st, ("pony",))
    assert "pony" in kinds(events) and st.bank[0] == 10 and st.tools[0] == 0


# --- the locomotive ----------------------------------------------------------------------


def test_the_locomotive_hits_and_hands_the_sack_to_the_roller() -> None:
    st = game()
    put(st, 1, "5,1")
    st.nuggets[1] = 4
    to_roll(st)
    events = feed(st, "loco")
    assert st.loco == 1 and "hit" in kinds(events)
    assert st.nuggets[0] == 4 and st.pos[1] == st.tab.house[1]


def test_ones_own_locomotive_loses_everything() -> None:
    st = game()
    put(st, 0, "5,1")
    st.nuggets[0] = 4
    to_roll(st)
    before = gold_in_play(st)
    events = feed(st, "loco")
    assert only(events, "sack-lost").get("leave") == 4 and gold_in_play(st) == before - 4
    assert st.pos[0] == st.tab.house[0]


def test_every_third_advance_publishes_a_gazette_the_cow_cancels_one() -> None:
    st = game()
    st.advances = 2
    to_roll(st)
    feed(st, "loco")
    request = st.awaiting()
    assert request.kind == "gazette"  # type: ignore[union-attr]
    # nothing to place yet (every hill and gallery face down), the banks all equal
    assert [o for o, _ in request.outcomes] == [  # type: ignore[union-attr]
        "chest", "cow", "sandstorm", "storm", "sale", "strike", "double-bounty",
    ]  # fmt: skip
    feed(st, "cow")
    assert st.cow
    begin(st, 0)
    to_roll(st)
    events = feed(st, "loco")
    assert "cow" in kinds(events) and st.loco == 1 and not st.cow


def test_the_station_ends_the_game_once_the_turn_is_resolved() -> None:
    st = game()
    st.loco, st.advances = 5, 5
    to_roll(st)
    events = feed(st, "loco")
    assert "station" in kinds(events) and st.end == "station"
    assert "gazette" not in kinds(events)  # the sixth advance is the arrival
    feed(st, "sheriff", "brawls")
    result = st.awaiting()
    assert isinstance(result, Terminal) and result.winners == (0, 1)


# --- rafts --------------------------------------------------------------------------------


def test_a_raft_crosses_instead_of_rolling_and_stays_there() -> None:
    st = game()
    put(st, 0, "1,2")
    begin(st, 0)
    assert st.legal_actions(0) == [("roll",), ("raft", "1,3"), ("raft", "3,3")]
    feed(st, ("raft", "1,3"))
    assert st.pos[0] == field(st, "1,3")
    assert sorted(st.board.surface.names[f] for f in st.rafts) == ["1,3", "3,3"]
    assert st.active == 1 and st.counters[0][4] == 1
    st = game()
    put(st, 0, "1,3")
    begin(st, 0)
    assert st.todo[0] == ("roll",)  # no raft on that landing: nothing to choose


def test_arriving_by_raft_on_a_prospector_fights() -> None:
    st = game()
    put(st, 0, "1,2")
    put(st, 1, "3,3")
    begin(st, 0)
    events = feed(st, ("raft", "3,3"))
    assert "fight" in kinds(events)


# --- the mine -----------------------------------------------------------------------------


def descended(st: State) -> None:
    put(st, 0, "8,2")
    st.tools[0] = PICKAXE
    to_roll(st)
    feed(st, 2, ("descend", "8,3"))


def test_descending_puts_the_prospector_on_the_caves_door() -> None:
    st = game()
    descended(st)
    assert st.pos[0] == st.ns + st.board.mine.index["0,0"] and st.light[0] == 0


def test_descending_at_a_cave_where_a_prospector_stands_fights_first() -> None:
    st = game()
    put(st, 1, "8,3")
    put(st, 0, "8,2")
    st.tools[0] = PICKAXE
    begin(st, 0)
    to_roll(st)
    events = feed(st, 2, ("descend", "8,3"))
    assert "fight" in kinds(events) and not st.in_mine(0)
    feed(st, 6, 1)
    assert st.in_mine(0) and st.pos[1] == st.tab.house[1]


def test_a_vein_then_a_door_the_wagon_banks_it_less_three() -> None:
    st = game()
    descended(st)
    st.light[0] = 5
    begin(st, 0)
    feed(st, 2, ("move", "2,0"), "vein-6")
    assert st.below[0] == 6
    begin(st, 0)
    events = feed(st, 2, ("move", "4,0"))
    wagon = only(events, "wagon")
    assert (wagon.get("gold"), wagon.get("company"), wagon.get("leave")) == (6, 3, 3)
    assert st.bank[0] == 6 + 3 and st.pos[0] == field(st, "-2,6") and st.below[0] == 0


def test_during_the_strike_the_company_keeps_nothing_and_never_below_zero() -> None:
    for issue, below, bank in (("strike", 6, 12), (None, 2, 6)):
        st = game()
        if issue:
            publish(st, issue)
        put(st, 0, "3,2", below=True)
        st.below[0], st.light[0] = below, 5
        to_roll(st)
        feed(st, 2, ("move", "4,0"))
        assert st.bank[0] == bank


def test_a_cave_in_loses_the_next_turn_and_walls_the_field_once_left() -> None:
    st = game()
    put(st, 0, "0,0", below=True)
    st.light[0] = 5
    to_roll(st)
    events = feed(st, 2, ("move", "2,0"), "cave-in")
    assert "cave-in" in kinds(events) and st.lost[0] == 1
    m = st.board.mine.index["2,0"]
    assert st.gal[m] == CAVE_IN
    to_roll(st)
    events = feed(st, 2, ("move", "4,8"))  # seat 1's turn
    assert "lost-turn" in kinds(events) and st.active == 1  # seat 0's turn was skipped
    assert st.gal[m] == CAVE_IN
    begin(st, 0)
    feed(st, 2, ("move", "4,0"))
    assert st.gal[m] == WALL


def test_a_ghost_makes_the_sack_vanish_or_is_cleared() -> None:
    st = game()
    put(st, 0, "0,0", below=True)
    st.light[0], st.nuggets[0], st.below[0] = 5, 2, 5
    st.tools[0] = REVOLVER
    to_roll(st)
    feed(st, 2, ("move", "2,0"), "ghost")
    events = feed(st, 5, 6)  # no revolver against a ghost
    assert only(events, "sack-lost").get("leave") == 7
    assert st.gal[st.board.mine.index["2,0"]] == GHOST
    put(st, 0, "3,0", below=True)
    st.light[0] = 5
    begin(st, 0)
    events = feed(st, 1 + 1, ("move", "1,0"))  # 3,0 -> 2,0 -> 1,0: over the ghost
    assert "ghost" not in kinds(events)
    put(st, 0, "3,0", below=True)
    begin(st, 0)
    events = feed(st, 2, ("move", "2,0"))  # 3,0 -> 2,1 -> 2,0
    assert "ghost" in kinds(events)
    feed(st, 6, 1)
    assert st.gal[st.board.mine.index["2,0"]] == EMPTY and st.counters[0][5] == 1


def test_fights_happen_below_too() -> None:
    st = game()
    put(st, 0, "0,0", below=True)
    put(st, 1, "2,0", below=True)
    st.below[1] = 5
    st.light[0] = 5
    st.gal[st.board.mine.index["2,0"]] = EMPTY
    to_roll(st)
    feed(st, 2, ("move", "2,0"), 6, 1)
    assert st.nuggets[0] == 5 and st.pos[1] == st.tab.house[1]


def test_the_locomotive_still_runs_while_below() -> None:
    st = game()
    put(st, 0, "0,0", below=True)
    st.light[0] = 2
    to_roll(st)
    feed(st, "loco")
    assert st.loco == 1 and st.light[0] == 1 and st.in_mine(0)


# --- the end ------------------------------------------------------------------------------


def test_no_nugget_left_to_discover_ends_the_game() -> None:
    board = tiny("0 . h = G 1", ["3,0", "4,0"])
    st = game(board=board)
    assert st.decks()[0] == ("hill", ("nugget-2",))
    to_roll(st)
    events = feed(st, 2, ("move", "2,0"), "nugget-2")
    assert st.end == "exhausted" and "end" in kinds(events)
    assert isinstance(st.awaiting(), RevealOf)
    feed(st, "sheriff", "brawls")
    assert st.awaiting() == Terminal((6, 6), (0, 1))  # only the bank counts
    assert st.legal_actions(0) == [] and st.claims(0) == []
    assert isinstance(TurnOf(0), TurnOf)
