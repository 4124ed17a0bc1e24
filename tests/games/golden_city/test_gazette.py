"""La Gazette de Golden City: each of the twelve issues, its precondition and its effect."""

from __future__ import annotations

from goldnet.engine import ChanceOf
from goldnet.games.golden_city.gazette import (
    ISSUES,
    can_appear,
    far_hills,
    front_page,
    publish,
)
from goldnet.games.golden_city.rules import State
from goldnet.games.golden_city.setup import REVOLVER, THIEF
from goldnet.games.golden_city.state import EMPTY

from .helpers import begin, feed, field, game, gold_in_play, kinds, only, put


def to_roll(st: State) -> None:
    while st.todo[0][0] in ("store", "before"):
        feed(st, ("done",) if st.todo[0][0] == "store" else ("roll",))


def test_every_issue_has_a_front_page_in_french_and_english() -> None:
    assert len(ISSUES) == 12
    for issue in ISSUES:
        for language in ("fr", "en"):
            title, text = front_page(issue, language)
            assert title and text
    assert front_page("storm", "fr") == ("L'orage", "Le revolver ne compte plus dans les bagarres.")


def test_an_issue_appears_once() -> None:
    st = game()
    assert can_appear(st, ISSUES.index("sale"))
    publish(st, "sale")
    assert not can_appear(st, ISSUES.index("sale"))
    publish(st, "strike")
    assert st.issue == ISSUES.index("strike")  # the sale is over


def emptied(st: State, names: list[str]) -> None:
    for name in names:
        st.hill[st.board.hill_of[field(st, name)]] = EMPTY


def test_gold_rush_places_three_visible_nuggets_far_from_town() -> None:
    st = game()
    far = [st.board.surface.names[st.board.hills[h]] for h in far_hills(st.board)]
    assert "0,6" not in far and "-3,7" in far  # 0,6 lies two fields from the station
    assert not can_appear(st, ISSUES.index("gold-rush"))
    emptied(st, [*far[:3], "0,6"])
    assert can_appear(st, ISSUES.index("gold-rush"))
    feed(st, ("done",))
    events = publish(st, "gold-rush")
    request = st.awaiting()
    assert isinstance(request, ChanceOf) and request.kind == "place"
    assert [o for o, _ in request.outcomes] == far[:3]
    events += feed(st, far[1], far[0], far[2])
    assert [e.get("value") for e in events if e.kind == "placed"] == [2, 3, 4]
    h = st.board.hill_of[field(st, far[0])]
    assert st.hill[h] == 3
    put(st, 0, far[0])  # stopping on a visible nugget takes it (no reveal)
    before = gold_in_play(st)
    from goldnet.games.golden_city.resolve import effects

    events = effects(st, 0, field(st, far[0]))
    assert only(events, "nugget").get("enter") == 3 and gold_in_play(st) == before + 3


def test_bandits_prowl_two_empty_hills() -> None:
    st = game()
    emptied(st, ["2,0", "1,1"])
    feed(st, ("done",))
    publish(st, "bandits")
    feed(st, "1,1", "2,0")
    assert st.hill[st.board.hill_of[field(st, "1,1")]] == THIEF + 3
    assert st.hill[st.board.hill_of[field(st, "2,0")]] == THIEF + 5
    feed(st, 2, ("move", "2,0"))
    assert st.awaiting().kind == "duel"  # type: ignore[union-attr]


def test_new_vein_places_two_veins_in_empty_galleries() -> None:
    st = game()
    for name in ("1,0", "2,0"):
        st.gal[st.board.mine.index[name]] = EMPTY
    feed(st, ("done",))
    publish(st, "new-vein")
    feed(st, "2,0", "1,0")
    assert st.gal[st.board.mine.index["2,0"]] == 5 and st.gal[st.board.mine.index["1,0"]] == 6


def test_the_mayor_pays_the_last_ones() -> None:
    st = game(seats=3, missions=("sheriff", "brawls", "fights"))
    assert not can_appear(st, ISSUES.index("mayor"))  # everyone tied
    st.bank[:] = [9, 4, 4]
    events = publish(st, "mayor")
    assert st.bank == [9, 8, 8] and [e.seat for e in events if e.kind == "mayor"] == [1, 2]


def test_wanted_the_one_who_beats_the_leader_is_paid() -> None:
    st = game()
    st.bank[:] = [6, 12]
    assert can_appear(st, ISSUES.index("wanted"))
    publish(st, "wanted")
    assert st.wanted == 1
    put(st, 1, "3,0")
    begin(st, 0)
    to_roll(st)
    events = feed(st, 3, ("move", "3,0"), 6, 1)
    assert only(events, "reward").get("enter") == 6 and st.bank[0] == 12 and st.wanted == -1


def test_the_trains_chest_a_duel_with_the_guard_once() -> None:
    st = game()
    st.tools[0] = REVOLVER
    publish(st, "chest")
    st.loco = 1  # on 5,1
    put(st, 0, "2,1")
    begin(st, 0)
    to_roll(st)
    events = feed(st, 3, ("move", "5,1"))
    assert "guard" in kinds(events)
    events = feed(st, 3)  # 3 + 2 > 4
    assert only(events, "chest").get("enter") == 10 and st.nuggets[0] == 10
    assert not st.chest


def test_losing_to_the_guard_sends_home_without_the_sack() -> None:
    st = game()
    publish(st, "chest")
    st.loco = 1
    put(st, 0, "2,1")
    st.nuggets[0] = 3
    begin(st, 0)
    to_roll(st)
    feed(st, 3, ("move", "5,1"))
    events = feed(st, 2)
    assert only(events, "sack-lost").get("leave") == 3
    assert st.pos[0] == st.tab.house[0] and not st.chest
