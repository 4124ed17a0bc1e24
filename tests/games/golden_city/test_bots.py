"""The Golden City bots: legal and deterministic over whole seeded games, deciding from their
own observation only, and sensible in clear positions on the small test map.

Win rates are not tested here (they are measured by ``goldnet selfplay``, see the bots' docs).
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from goldnet.data import load_json
from goldnet.engine import Action, Bot, ChanceOf, RevealOf, Terminal, TurnOf
from goldnet.games.golden_city.board import load_map
from goldnet.games.golden_city.bots import (
    BOT_NAMES,
    BOTS,
    HeuristicBot,
    StrongBot,
    make_bot,
    mission_met,
)
from goldnet.games.golden_city.bots._strong import Settings, win_score
from goldnet.games.golden_city.bots._value import Valuer, rounds_left
from goldnet.games.golden_city.bots._view import brawl_odds, fight_odds, hill_odds
from goldnet.games.golden_city.gazette import SALE
from goldnet.games.golden_city.rebuild import from_observation
from goldnet.games.golden_city.rules import State
from goldnet.games.golden_city.setup import HILL_CODES, LANTERN, PICKAXE, REVOLVER, THIEF
from goldnet.local_deck import LocalDeck
from goldnet.rng import Stream
from goldnet.view import bot_claim

from .helpers import field, game, put, small

MAX_STEPS = 20_000
"""Guard for whole-game loops (the rules have no cap)."""


def play_game(seats: int, names: list[str], seed: int) -> tuple[State, list[Action]]:
    """A whole game on the small map between bots ``names`` (one per seat), every choice
    checked legal and every claim checked allowed: the final state and the actions."""
    st = State(small(), seats)
    chance = Stream("gc-bots", seats, seed)
    deck = LocalDeck(st.decks(), Stream("gc-bots", seats, seed, "deck"))
    bots: list[Bot] = [make_bot(n, f"{seed}/{s}") for s, n in enumerate(names)]
    actions: list[Action] = []
    for _ in range(MAX_STEPS):
        request = st.awaiting()
        if isinstance(request, Terminal):
            return st, actions
        if isinstance(request, ChanceOf):
            for seat, bot in enumerate(bots):
                allowed = st.claims(seat)
                claim = bot_claim(bot, st.observation(seat), allowed)
                if claim is not None:
                    assert claim in allowed
                    st.apply_claim(seat, claim)
                    actions.append(("claim", seat))
            st.apply_chance(chance.chance(request))
        elif isinstance(request, RevealOf):
            value = deck.value(request.deck, request.card)
            st.apply_reveal(request.deck, request.card, request.to, value)
        else:
            assert isinstance(request, TurnOf)
            legal = st.legal_actions(request.seat)
            action = bots[request.seat].choose(st.observation(request.seat), legal)
            assert action in legal, (action, legal)
            actions.append(action)
            st.apply(action)
    raise AssertionError(f"no end after {MAX_STEPS} steps")


def digest(actions: list[Action]) -> str:
    return hashlib.sha256(repr(actions).encode()).hexdigest()


# --- names and the factory --------------------------------------------------------------


def test_bot_names_and_factory() -> None:
    assert BOT_NAMES == ("random", "heuristic", "strong")
    for name in BOT_NAMES:
        bot = make_bot(name, 3)
        assert bot.name == name and isinstance(bot, BOTS[name])
    with pytest.raises(ValueError, match="unknown Golden City bot 'clever'"):
        make_bot("clever")


@pytest.mark.parametrize("name", BOT_NAMES)
def test_choose_without_legal_actions_raises(name: str) -> None:
    st = game()
    with pytest.raises(ValueError, match="at least one legal action"):
        make_bot(name).choose(st.observation(0), [])


# --- whole games --------------------------------------------------------------------------


@pytest.mark.parametrize("seats", range(2, 7))
def test_heuristic_and_random_play_legal_games_that_end(seats: int) -> None:
    names = ["heuristic", "random"] * 4
    for seed in range(3):
        st, _ = play_game(seats, names[seed % 2 : seed % 2 + seats], seed)
        assert st.end in ("station", "exhausted")


@pytest.mark.parametrize("seats", [2, 4])
def test_strong_plays_legal_games_that_end(seats: int) -> None:
    names = ["strong", "heuristic", "random", "heuristic"][:seats]
    st, actions = play_game(seats, names, 11)
    assert st.end in ("station", "exhausted")
    assert any(a[0] == "move" for a in actions)


@pytest.mark.parametrize("name", BOT_NAMES)
def test_a_seed_gives_the_same_game(name: str) -> None:
    names = [name, "heuristic", name]
    first = play_game(3, names, 5)[1]
    assert digest(play_game(3, names, 5)[1]) == digest(first)


def test_different_seeds_give_different_games() -> None:
    assert digest(play_game(2, ["random", "random"], 1)[1]) != digest(
        play_game(2, ["random", "random"], 2)[1]
    )


# --- only its own observation -----------------------------------------------------------


def test_rebuilt_position_holds_only_what_the_seat_sees() -> None:
    st = game(3, ("sheriff", "haul", "raft"))
    h = 4
    st.known[0][h] = "thief-5"
    st.peeked[0] = (h,)
    st.known[1][2] = "nugget-5"
    st.peeked[1] = (2,)
    view = from_observation(st.observation(0))
    assert view.mission == ["sheriff", None, None]
    assert view.known == [{h: "thief-5"}, {}, {}]
    assert view.hill == st.hill and view.left_hill == st.left_hill
    assert view.public_hash() == st.public_hash()
    # the peeked token is certain; the others are the public mix less it
    pool = list(st.left_hill)
    pool[HILL_CODES["thief-5"]] -= 1
    assert hill_odds(view, h, pool, {h: THIEF + 5}) == ((THIEF + 5, 1),)
    assert sum(w for _, w in hill_odds(view, 0, pool, {h: THIEF + 5})) == sum(pool)


@pytest.mark.parametrize("name", ["heuristic", "strong"])
def test_another_seats_secrets_never_change_a_choice(name: str) -> None:
    """Two games that differ only in seat 1's mission and in face-down tokens nobody saw:
    seat 0's bot sees equal observations and chooses alike."""
    a = game(2, ("haul", "sheriff"))
    b = game(2, ("haul", "mine"))
    for st in (a, b):
        put(st, 0, "2,4")
        st.nuggets[0] = 5
        at_move(st, 0, 3)
    assert a.observation(0) == b.observation(0)
    bots = [make_bot(name, 1), make_bot(name, 1)]
    choices = [
        bot.choose(st.observation(0), st.legal_actions(0))
        for bot, st in zip(bots, (a, b), strict=True)
    ]
    assert choices[0] == choices[1]


# --- claims ---------------------------------------------------------------------------------


def to_roll(st: State, seat: int) -> State:
    """``st`` with ``seat``'s turn begun, the store left and nothing done before the roll (the
    die is awaited: the seat's claiming moment)."""
    st.start_turn(seat)
    while st.todo[0][0] == "store":
        st.apply(("done",))
    if st.todo[0][0] == "before":
        st.apply(("roll",))
    assert st.todo[0][0] == "roll", st.todo
    return st


def to_before(st: State, seat: int) -> State:
    """``st`` with ``seat``'s turn begun and the store left (before the roll)."""
    st.start_turn(seat)
    while st.todo[0][0] == "store":
        st.apply(("done",))
    assert st.todo[0][0] == "before", st.todo
    return st


@pytest.mark.parametrize("name", BOT_NAMES)
def test_claims_exactly_when_its_mission_is_met(name: str) -> None:
    st = to_roll(game(2, ("sheriff", "haul")), 0)
    bot = make_bot(name, 0)
    assert st.claims(0) == [("mission",)]
    assert not mission_met(st.observation(0))
    assert bot_claim(bot, st.observation(0), st.claims(0)) is None
    st.counters[0][0] = 2  # two thieves delivered: the sheriff's mission
    assert mission_met(st.observation(0))
    assert bot_claim(bot, st.observation(0), st.claims(0)) == ("mission",)
    assert bot_claim(bot, st.observation(0), []) is None


# --- sensible choices -------------------------------------------------------------------


def at_move(st: State, seat: int, face: int) -> State:
    """``st`` with ``seat``'s turn begun and ``face`` rolled (the move is awaited)."""
    to_roll(st, seat).apply_chance(face)
    assert st.todo[0][0] == "move", st.todo
    return st


def choice(name: str, st: State, seat: int = 0) -> Action:
    return make_bot(name, 9).choose(st.observation(seat), st.legal_actions(seat))


@pytest.mark.parametrize("name", ["heuristic", "strong"])
def test_goes_home_with_a_heavy_sack(name: str) -> None:
    st = game(2, ("prospector", "raft"))
    put(st, 0, "2,0")  # two fields east of house 0 at 0,0
    st.nuggets[0] = 12
    at_move(st, 0, 3)  # the overshoot reaches home
    assert ("move", "0,0") in st.legal_actions(0)
    assert choice(name, st) == ("move", "0,0")


@pytest.mark.parametrize("name", ["heuristic", "strong"])
def test_keeps_off_the_locomotives_next_field(name: str) -> None:
    st = game(2, ("prospector", "raft"))
    st.loco = 0  # the locomotive's next field is 5,1 (track index 1)
    put(st, 0, "5,3")
    st.nuggets[0] = 6
    at_move(st, 0, 2)
    legal = st.legal_actions(0)
    assert ("move", "5,1") in legal and len(legal) > 1
    assert choice(name, st) != ("move", "5,1")


@pytest.mark.parametrize("name", ["heuristic", "strong"])
def test_no_brawl_with_a_strong_thief_while_carrying_without_a_revolver(name: str) -> None:
    st = game(2, ("prospector", "raft"))
    h = st.board.hill_of[field(st, "2,0")]
    st.hill[h] = THIEF + 5
    put(st, 0, "4,0")
    st.nuggets[0] = 6
    at_move(st, 0, 2)
    assert ("move", "2,0") in st.legal_actions(0)
    assert choice(name, st) != ("move", "2,0")
    st.tools[0] |= REVOLVER  # the revolver: 3 in 5 against strength 5, and its loot
    st.loot_nuggets[h] = 9
    assert choice(name, st) == ("move", "2,0")


@pytest.mark.parametrize("name", ["heuristic", "strong"])
def test_descends_for_a_mine_mission_with_pickaxe_and_lantern(name: str) -> None:
    st = game(2, ("mine", "raft"))
    st.tools[0] |= PICKAXE | LANTERN
    put(st, 0, "6,3")  # two fields west of the cave 8,3
    at_move(st, 0, 2)
    assert ("descend", "8,3") in st.legal_actions(0)
    assert choice(name, st) == ("descend", "8,3")


@pytest.mark.parametrize("name", ["heuristic", "strong"])
def test_crosses_by_raft_for_a_raft_mission(name: str) -> None:
    st = game(2, ("raft", "haul"))
    put(st, 0, "1,2")  # a landing holding a raft
    to_before(st, 0)
    legal = st.legal_actions(0)
    assert ("raft", "3,3") in legal or ("raft", "1,3") in legal
    assert choice(name, st)[0] == "raft"


@pytest.mark.parametrize("name", ["heuristic", "strong"])
def test_peeks_with_the_lantern(name: str) -> None:
    st = game(2, ("prospector", "raft"))
    st.tools[0] |= LANTERN
    put(st, 0, "2,2")  # the face-down hill 2,0 lies two fields north: a 2 reaches it
    to_before(st, 0)
    assert ("lantern", "2,0") in st.legal_actions(0)
    assert choice(name, st)[0] == "lantern"


def store_values(st: State, seat: int = 0) -> dict[Action, int]:
    """The heuristic's value of each store action of ``seat`` (its own observation)."""
    bot = HeuristicBot(0)
    v = Valuer(from_observation(st.observation(seat)), seat, bot.weights)
    return {a: bot._store_value(v, seat, a) for a in st.legal_actions(seat)}


@pytest.mark.parametrize("name", ["heuristic", "strong"])
def test_buys_the_lantern_only_with_a_pickaxe(name: str) -> None:
    st = game(2, ("prospector", "raft"))
    st.bank[0] = 1  # the lantern's price: nothing else is affordable
    st.start_turn(0)
    assert st.todo[0][0] == "store" and ("buy", "lantern") in st.legal_actions(0)
    values = store_values(st)
    assert values[("buy", "lantern")] < values[("done",)]
    assert choice(name, st) == ("done",)
    st.tools[0] |= PICKAXE  # now a lantern lights a mine visit
    values = store_values(st)
    assert values[("buy", "lantern")] > values[("done",)]
    assert choice(name, st) == ("buy", "lantern")


@pytest.mark.parametrize("name", ["heuristic", "strong"])
def test_buys_the_pony_and_the_pickaxe_only_with_turns_enough_left(name: str) -> None:
    st = game(2, ("prospector", "raft"), load_map(load_json("golden_city", "map.json")))
    st.bank[0] = 4
    st.issue = SALE  # the pony at 1: worth buying early
    st.start_turn(0)
    assert rounds_left(st) >= HeuristicBot.rates.pickaxe_turns
    early = store_values(st)
    assert early[("buy", "pickaxe")] > early[("done",)]
    assert early[("buy", "pony")] > early[("done",)]
    assert choice(name, st)[0] == "buy"
    while rounds_left(st) >= HeuristicBot.rates.pony_turns:  # the locomotive further on
        st.loco += 1
    late = store_values(st)
    assert late[("buy", "pickaxe")] < late[("done",)] and late[("buy", "pony")] < late[("done",)]
    assert choice(name, st) == ("done",)


# --- the strong bot's pieces ------------------------------------------------------------------


def test_the_strong_bots_risk_appetite_follows_its_standing() -> None:
    class Bold(StrongBot):
        settings = Settings(bold=50, careful=200, lead=300)

    st = game(2, ("prospector", "raft"))
    base = StrongBot.weights
    assert StrongBot(0).weights_at(st, 0) is base  # as built: the heuristic's weights
    st.bank[1] = 20  # seat 0 far behind: its sack's risks count half
    behind = Bold(0).weights_at(st, 0)
    assert (behind.exposure, behind.late) == (base.exposure // 2, base.late // 2)
    st.bank[1], st.bank[0] = 0, 20  # far ahead: twice
    ahead = Bold(0).weights_at(st, 0)
    assert (ahead.exposure, ahead.late) == (base.exposure * 2, base.late * 2)
    st.bank[0] = 1  # close: unchanged
    assert Bold(0).weights_at(st, 0) == base


def test_duel_odds_count_decided_rolls() -> None:
    assert brawl_odds(0, 3) == (3, 5) and brawl_odds(2, 5) == (3, 5) and brawl_odds(0, 1) == (5, 5)
    assert fight_odds(0, 0) == (15, 30) and fight_odds(2, 0) == (26, 32)


def test_win_score_is_odd_and_rising() -> None:
    scores = [win_score(lead, 400) for lead in range(-2000, 2001, 100)]
    assert scores == sorted(scores) and scores[0] == -scores[-1] and win_score(0, 400) == 0
    assert win_score(400, 400) == 500


def test_the_strong_bots_search_is_bounded_and_deterministic() -> None:
    class Tiny(StrongBot):
        settings = Settings(nodes=5)

    st = game(2, ("prospector", "raft"))
    put(st, 0, "2,4")
    at_move(st, 0, 4)
    legal = st.legal_actions(0)
    obs: Any = st.observation(0)
    assert Tiny(1).choose(obs, legal) in legal
    assert StrongBot(2).choose(obs, legal) == StrongBot(2).choose(obs, legal)
    assert isinstance(HeuristicBot(2).choose(obs, legal), tuple)
