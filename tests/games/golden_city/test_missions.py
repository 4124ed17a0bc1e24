"""Missions: dealt privately, announced by a claim at the start of the claimant's turn (the draw
of its own die), shown to all at the end, each claim checked against the counters it was made
on; the bonus to the bank."""

from __future__ import annotations

import pytest

from goldnet.engine import IllegalAction, RevealOf, Terminal
from goldnet.games.golden_city.rules import State, mission_kinds

from .helpers import feed, game, kinds, small


def to_roll(st: State) -> None:
    while st.todo[0][0] in ("store", "before"):
        feed(st, ("done",) if st.todo[0][0] == "store" else ("roll",))
    assert st.todo[0] == ("roll",)


def end_by_station(st: State) -> list[object]:
    """Roll the locomotive into the station, show the missions: the end's events."""
    st.loco = len(st.board.track) - 2
    events = feed(st, "loco")
    while isinstance(st.awaiting(), RevealOf):
        request = st.awaiting()
        assert isinstance(request, RevealOf)
        events += feed(st, ("sheriff", "brawls")[request.card])
    assert isinstance(st.awaiting(), Terminal)
    return list(events)


def test_the_mission_deck_holds_every_kind_the_map_allows() -> None:
    st = game()
    assert dict(st.decks())["mission"] == mission_kinds(small())
    assert len(mission_kinds(small())) == 10


def test_each_seat_sees_only_its_own_mission() -> None:
    a = game(missions=("sheriff", "brawls"))
    b = game(missions=("sheriff", "raft"))
    assert a.observation(0).mission == "sheriff" and a.observation(1).mission == "brawls"
    assert a.observation(None).mission is None
    assert a.public_hash() == b.public_hash()
    assert a.observation(0) == b.observation(0) and a.observation(None) == b.observation(None)


def test_a_claim_is_made_only_at_the_draw_of_ones_own_die() -> None:
    st = game()
    assert st.claims(0) == [] and st.claims(1) == []  # the store comes first
    to_roll(st)
    assert st.claims(0) == [("mission",)] and st.claims(1) == []
    awaited = st.awaiting()
    with pytest.raises(IllegalAction) as caught:
        st.apply_claim(1, ("mission",))
    assert caught.value.code == "no-claim"
    with pytest.raises(IllegalAction) as caught:
        st.apply_claim(0, ("mission", "sheriff"))
    assert caught.value.code == "malformed-claim"
    events = st.apply_claim(0, ("mission",))
    assert kinds(events) == ["claim"] and events[0].data == ()  # says nothing of which
    assert st.awaiting() == awaited and st.claims(0) == []
    assert st.observation(1).claimed == (True, False)


def test_a_true_claim_pays_the_bonus_at_the_end() -> None:
    st = game()
    st.counters[0][0] = 2  # two thieves delivered: "sheriff" fulfilled
    to_roll(st)
    st.apply_claim(0, ("mission",))
    events = end_by_station(st)
    assert "bonus" in kinds(events)  # type: ignore[arg-type]
    assert st.awaiting() == Terminal((16, 6), (0,))


def test_a_false_claim_pays_nothing_and_is_named() -> None:
    st = game()
    st.counters[0][0] = 1
    to_roll(st)
    st.apply_claim(0, ("mission",))
    st.counters[0][0] = 2  # fulfilled only after the claim: the claim was still false
    events = end_by_station(st)
    assert "false-claim" in kinds(events) and "bonus" not in kinds(events)  # type: ignore[arg-type]
    assert st.awaiting() == Terminal((6, 6), (0, 1))


def test_a_mission_fulfilled_but_not_announced_at_a_window_pays_nothing() -> None:
    st = game()
    st.counters[0][0] = 2
    to_roll(st)  # the window: seat 0 could have claimed here
    events = end_by_station(st)
    assert "unannounced" in kinds(events)  # type: ignore[arg-type]
    assert st.awaiting() == Terminal((6, 6), (0, 1))


def test_a_mission_fulfilled_after_the_last_window_pays() -> None:
    st = game()
    st.counters[0][0] = 1
    to_roll(st)
    st.counters[0][0] = 2  # fulfilled during the last turn: no window to announce it
    end_by_station(st)
    assert st.awaiting() == Terminal((16, 6), (0,))
