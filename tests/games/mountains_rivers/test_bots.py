"""The Mountains & Rivers bots: legal, deterministic, and sensible in clear positions.

Win rates are not tested here (they are measured by ``goldnet selfplay``); these tests play
only a few whole games and otherwise use constructed positions on the grid board (mountains are
the rows, rivers the columns; see conftest).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator

import pytest

from goldnet.engine import Action, Bot, ChanceOf, Terminal, TurnOf
from goldnet.games.mountains_rivers.board import Board
from goldnet.games.mountains_rivers.bots import (
    BOT_NAMES,
    BOTS,
    GreedyBot,
    RandomBot,
    StrongBot,
    Weights,
    make_bot,
)
from goldnet.games.mountains_rivers.geometry import COORDS, INDEX, fields_of
from goldnet.games.mountains_rivers.rules import State, bury_action, reveal_action
from goldnet.rng import Stream

MAX_TURNS = 600
"""Guard for whole-game loops (the rules have no turn cap)."""


def m(*fields: str) -> int:
    """Field-number mask of ``"q,r"`` fields."""
    out = 0
    for text in fields:
        q, r = (int(x) for x in text.split(","))
        out |= 1 << INDEX[(q, r)]
    return out


def row(r: int) -> int:
    """The mountain of the grid board at row ``r`` (constant r), as a field mask."""
    return sum(1 << i for i, (_, rr) in enumerate(COORDS) if rr == r)


def column(q: int) -> int:
    """The river of the grid board at column ``q`` (constant q), as a field mask."""
    return sum(1 << i for i, (qq, _) in enumerate(COORDS) if qq == q)


def grid_board() -> Board:
    """The grid board of conftest: rows are the mountains, columns the rivers."""
    return Board(
        tuple(row(r) for r in range(-5, 6)),
        tuple(column(q) for q in range(-5, 6)),
    )


def game_board(k: int) -> Board:
    """Standard board ``k`` when the boards module is there, else the grid board."""
    try:
        from goldnet.games.mountains_rivers.boards import load_board
    except ImportError:  # pragma: no cover - the boards land in a sibling change
        return grid_board()
    return load_board(k)


def play_game(bots: list[Bot], board: Board, seed: str) -> tuple[list[Action], State]:
    """Play a whole game, checking every choice is legal; the actions and the final state."""
    state = State(board)
    chance = Stream("test-bots", seed)
    actions: list[Action] = []
    while True:
        request = state.awaiting()
        if isinstance(request, Terminal):
            return actions, state
        if isinstance(request, ChanceOf):
            state.apply_chance(chance.chance(request))
            continue
        assert isinstance(request, TurnOf)
        assert state.turn < MAX_TURNS, "the game does not end"
        legal = state.legal_actions(request.seat)
        action = bots[request.seat].choose(state.observation(request.seat), legal)
        assert action in legal
        actions.append(action)
        state.apply(action)


def turns(board: int, chance: Stream, bots: list[Bot]) -> Iterator[tuple[State, int, list[Action]]]:
    """Each turn of a game on ``board`` between ``bots``, chance drawn from ``chance``:
    ``(state, seat on turn, its legal actions)`` before the seat's bot moves (after the
    ``yield``)."""
    state = State(game_board(board))
    while not isinstance(request := state.awaiting(), Terminal):
        assert state.turn < MAX_TURNS, "the game does not end"
        if isinstance(request, ChanceOf):
            state.apply_chance(chance.chance(request))
            continue
        assert isinstance(request, TurnOf)
        legal = state.legal_actions(request.seat)
        yield state, request.seat, legal
        state.apply(bots[request.seat].choose(state.observation(request.seat), legal))


def rolled(state: State, roll: int) -> State:
    state.apply_chance(roll)
    return state


# --- names and the factory --------------------------------------------------------------


def test_bot_names_and_factory() -> None:
    assert BOT_NAMES == ("random", "greedy", "strong")
    assert tuple(BOTS) == BOT_NAMES
    for name in BOT_NAMES:
        bot = make_bot(name, 7)
        assert bot.name == name
        assert isinstance(bot, BOTS[name])


def test_make_bot_unknown_name_raises_value_error() -> None:
    with pytest.raises(ValueError, match="unknown Mountains & Rivers bot 'clever'"):
        make_bot("clever", 1)


def test_choose_without_legal_actions_raises() -> None:
    state = rolled(State(grid_board()), 3)
    for name in BOT_NAMES:
        with pytest.raises(ValueError, match="at least one legal action"):
            make_bot(name, 0).choose(state.observation(0), [])


# --- whole games ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "board"),
    [
        ("random", "random", 1),
        ("greedy", "random", 2),
        ("strong", "greedy", 3),
        ("random", "strong", 4),
        ("strong", "strong", 5),
    ],
)
def test_bots_play_legal_moves_to_the_end(first: str, second: str, board: int) -> None:
    bots = [make_bot(first, f"a{board}"), make_bot(second, f"b{board}")]
    actions, state = play_game(bots, game_board(board), f"legal{board}")
    assert state.finished
    assert sum(state.scores) == 91
    assert len(actions) == state.turn


@pytest.mark.parametrize("name", BOT_NAMES)
def test_bots_are_deterministic_for_a_seed(name: str) -> None:
    board = game_board(6)

    def run(seed: str) -> list[Action]:
        return play_game([make_bot(name, seed), RandomBot("other")], board, "det")[0]

    first = run("s1")
    assert run("s1") == first
    if name != "strong":  # the strong bot draws only to break exact ties
        assert run("s2") != first


def test_int_and_str_seeds_are_accepted() -> None:
    state = rolled(State(grid_board()), 2)
    legal = state.legal_actions(0)
    for bot in (RandomBot(3), RandomBot("3"), GreedyBot(3), StrongBot("x")):
        assert bot.choose(state.observation(0), legal) in legal


# --- constructed positions --------------------------------------------------------------
#
# Grid board: seat 0 owns the rows, seat 1 the columns. In both positions below the row r = 0
# holds gold everywhere but its two eastern fields (4,0) and (5,0); every other field is face
# down, so no column is near completion.


def row_almost_done() -> State:
    gold = row(0) & ~m("4,0", "5,0")
    return rolled(State.from_position(grid_board(), gold=gold, active=0), 2)


def test_greedy_takes_the_move_that_collects_a_territory() -> None:
    state = row_almost_done()
    legal = state.legal_actions(0)
    assert len(legal) > 100
    for seed in range(5):
        assert GreedyBot(seed).choose(state.observation(0), legal) == reveal_action("4,0", "5,0")


def test_greedy_measures_the_difference_not_its_own_gold() -> None:
    # Seat 1 to move, roll 2. Revealing (4,0)-(5,0) completes nothing of seat 1's but hands the
    # row to seat 0 (-11 for seat 1): greedy must not take it, and nothing else is better than 0.
    gold = row(0) & ~m("4,0", "5,0")
    state = rolled(State.from_position(grid_board(), gold=gold, active=1), 2)
    legal = state.legal_actions(1)
    for seed in range(5):
        choice = GreedyBot(seed).choose(state.observation(1), legal)
        assert choice != reveal_action("4,0", "5,0")
        assert choice[0] == "reveal"


def test_strong_takes_an_obviously_winning_collection() -> None:
    # Scores 35-35: the 11 gold of row 0 decide the game.
    gold = row(0) & ~m("4,0", "5,0")
    state = rolled(State.from_position(grid_board(), gold=gold, scores=(35, 35), active=0), 2)
    legal = state.legal_actions(0)
    assert StrongBot(1).choose(state.observation(0), legal) == reveal_action("4,0", "5,0")


def column_almost_done(turn: int = 0) -> State:
    """Seat 0 to move with a roll of 3; the column q = 0 (seat 1's) holds gold on every field
    but (0,-5), which seat 1 can reveal next turn with any roll, collecting 11."""
    gold = column(0) & ~m("0,-5")
    return rolled(State.from_position(grid_board(), gold=gold, active=0, turn=turn), 3)


def test_strong_buries_to_deny_a_completing_opponent() -> None:
    state = column_almost_done()
    legal = state.legal_actions(0)
    choice = StrongBot(2).choose(state.observation(0), legal)
    assert choice[0] == "bury"
    # After the bury seat 1 cannot complete the column with any roll.
    state.apply(choice)
    for roll in (1, 2, 3, 4, 5):
        after = state.clone()
        after.apply_chance(roll)
        for action in after.legal_actions(1):
            trial = after.clone()
            trial.apply(action)
            assert trial.scores[1] == 0


def test_greedy_does_not_bury_when_a_reveal_costs_nothing() -> None:
    state = column_almost_done()
    legal = state.legal_actions(0)
    assert any(a[0] == "bury" for a in legal)
    for seed in range(5):
        assert GreedyBot(seed).choose(state.observation(0), legal)[0] == "reveal"


def test_strong_stops_burying_after_the_turn_cap() -> None:
    cap = StrongBot.weights.bury_turn_cap
    state = column_almost_done(turn=cap)
    legal = state.legal_actions(0)
    choice = StrongBot(2).choose(state.observation(0), legal)
    assert choice[0] == "reveal"


def test_strong_does_not_complete_an_opponent_territory() -> None:
    # Seat 0 to move, roll 1: (0,-5) is the last face-down field of column 0, so revealing it
    # hands seat 1 eleven gold; any other single marker costs nothing.
    gold = column(0) & ~m("0,-5")
    state = rolled(State.from_position(grid_board(), gold=gold, active=0), 1)
    legal = state.legal_actions(0)
    choice = StrongBot(3).choose(state.observation(0), legal)
    assert choice != reveal_action("0,-5")


def test_bury_action_fields_are_canonical() -> None:
    # The bots map actions to masks; a bury of every exposed gold marker must be understood.
    gold = sum(1 << i for i, (q, r) in enumerate(COORDS) if (q - r) % 4 == 0)
    state = rolled(State.from_position(grid_board(), gold=gold, active=0), 1)
    legal = state.legal_actions(0)
    buries = [a for a in legal if a[0] == "bury"]
    assert len(buries) == len(list(fields_of(state.gold_fields)))
    assert bury_action("0,0") in buries
    for name in BOT_NAMES:
        assert make_bot(name, 0).choose(state.observation(0), legal) in legal


def best_difference(state: State, memo: dict[tuple[int, int, int], int] | None = None) -> int:
    """Exact minimax value (mover's final gold minus the opponent's, from now on) of a
    free-choice position, by brute force over the rules engine."""
    if state.finished:
        return 0
    memo = {} if memo is None else memo
    key = (state.facedown_fields, state.gold_fields, state.active or 0)
    if key in memo:
        return memo[key]
    seat = state.active
    assert seat is not None
    best = -1000
    for action in state.legal_actions(seat):
        after = state.clone()
        after.apply(action)
        gained = after.scores[seat] - state.scores[seat]
        lost = after.scores[1 - seat] - state.scores[1 - seat]
        value = gained - lost - best_difference(after, memo)
        best = max(best, value)
    memo[key] = best
    return best


def test_strong_plays_a_free_choice_ending_perfectly() -> None:
    # Seven scattered face-down markers on the grid board: free choice, no chance left. Gold
    # lies wherever both the row and the column still hold a face-down marker.
    board = grid_board()
    facedown = m("-3,-2", "-2,-2", "1,-1", "4,-4", "0,2", "-4,3", "2,3")
    rows = {COORDS[f][1] for f in fields_of(facedown)}
    cols = {COORDS[f][0] for f in fields_of(facedown)}
    live = sum(1 << i for i, (q, r) in enumerate(COORDS) if r in rows and q in cols)
    gold = live & ~facedown
    empty = ((1 << 91) - 1) & ~live
    spent = empty.bit_count()
    state = State.from_position(
        board, gold=gold, empty=empty, scores=(spent // 2, spent - spent // 2)
    )
    assert state.range_ == 0  # free choice
    optimum = best_difference(state)
    legal = state.legal_actions(0)
    for seed in range(3):
        choice = StrongBot(seed).choose(state.observation(0), legal)
        after = state.clone()
        after.apply(choice)
        value = after.scores[0] - state.scores[0] - (after.scores[1] - state.scores[1])
        assert value - best_difference(after) == optimum


@pytest.mark.parametrize("name", ["greedy", "strong"])
def test_a_non_canonical_action_is_refused(name: str) -> None:
    state = rolled(State(grid_board()), 2)
    with pytest.raises(ValueError, match="not a canonical Mountains & Rivers action"):
        make_bot(name, 0).choose(state.observation(0), [("reveal", "0,0", "1,0", "2,0")])


# --- pinned moves -----------------------------------------------------------------------
#
# The exact choices of every bot, recorded from the code as it was before bots.py was split into
# modules: a refactoring that changes any evaluation, order or tie-break fails here. The whole
# games pass through every path of the strong bot (search with the shortlist, burying, exact
# free-choice endings); the positions add the turn cap and the endgame's node budget.


def pinned_free_choice() -> State:
    """The free-choice ending of :func:`test_strong_plays_a_free_choice_ending_perfectly`."""
    facedown = m("-3,-2", "-2,-2", "1,-1", "4,-4", "0,2", "-4,3", "2,3")
    rows = {COORDS[f][1] for f in fields_of(facedown)}
    cols = {COORDS[f][0] for f in fields_of(facedown)}
    live = sum(1 << i for i, (q, r) in enumerate(COORDS) if r in rows and q in cols)
    empty = ((1 << 91) - 1) & ~live
    spent = empty.bit_count()
    return State.from_position(
        grid_board(), gold=live & ~facedown, empty=empty, scores=(spent // 2, spent - spent // 2)
    )


class BudgetStrongBot(StrongBot):
    """The strong bot with an endgame budget too small to finish: falls back to its search."""

    weights = Weights(endgame_nodes=10)


PINNED_POSITIONS = {
    "row": row_almost_done,
    "column": column_almost_done,
    "capped": lambda: column_almost_done(turn=StrongBot.weights.bury_turn_cap),
    "free": pinned_free_choice,
    "opening": lambda: rolled(State(game_board(4)), 4),
}

PINNED_CHOICES: dict[tuple[str, Callable[[int], Bot]], list[Action]] = {
    ("row", RandomBot): [("reveal", "1,-1", "2,-1"), ("reveal", "0,3", "1,3"),
                         ("reveal", "-4,4", "-3,4")],
    ("row", GreedyBot): [("reveal", "4,0", "5,0")] * 3,
    ("row", StrongBot): [("reveal", "4,0", "5,0")] * 3,
    ("column", RandomBot): [("reveal", "-4,2", "-2,2"), ("reveal", "3,-3", "3,-1"),
                            ("reveal", "-3,-2", "-3,0")],
    ("column", GreedyBot): [("reveal", "-3,2", "-3,4"), ("reveal", "3,-3", "1,-1"),
                            ("reveal", "-2,-3", "-2,-1")],
    ("column", StrongBot): [("bury", "0,0")] * 3,
    ("capped", StrongBot): [("reveal", "-3,-2", "-1,-2")] * 3,
    ("free", RandomBot): [("reveal", "-3,-2", "-2,-2"), ("reveal", "-2,-2", "-2,-2"),
                          ("reveal", "-4,3", "-4,3")],
    ("free", GreedyBot): [("reveal", "1,-1", "1,-1")] * 3,
    ("free", StrongBot): [("reveal", "1,-1", "1,-1")] * 3,
    ("free", BudgetStrongBot): [("reveal", "1,-1", "1,-1")] * 3,
    ("opening", RandomBot): [("reveal", "1,0", "4,0"), ("reveal", "0,-5", "0,-2"),
                             ("reveal", "3,-5", "3,-2")],
    ("opening", GreedyBot): [("reveal", "2,-1", "2,2"), ("reveal", "-4,2", "-4,5"),
                             ("reveal", "3,1", "0,4")],
    ("opening", StrongBot): [("reveal", "-3,-2", "0,-2")] * 3,
}  # fmt: skip


@pytest.mark.parametrize(("position", "cls"), list(PINNED_CHOICES))
def test_pinned_choices_in_fixed_positions(position: str, cls: Callable[[int], Bot]) -> None:
    state = PINNED_POSITIONS[position]()
    seat = state.active
    assert seat is not None
    legal = state.legal_actions(seat)
    choices = [cls(seed).choose(state.observation(seat), legal) for seed in range(3)]
    assert choices == PINNED_CHOICES[position, cls]


@pytest.mark.parametrize(
    ("first", "second", "board", "turns", "scores", "digest", "opening"),
    [
        ("random", "greedy", 7, 39, (31, 60), "b21bc554e5019cca",
         [("reveal", "2,0", "2,1"), ("reveal", "-3,4", "-1,4"), ("reveal", "5,-4", "2,-1")]),
        ("greedy", "strong", 8, 36, (36, 55), "892c1b629da56365",
         [("reveal", "2,-4", "1,-3"), ("reveal", "2,-5", "4,-5"), ("reveal", "1,-5", "1,-5")]),
        ("strong", "random", 9, 43, (74, 17), "c273d9248f2d156a",
         [("reveal", "4,-3", "5,-3"), ("reveal", "1,-4", "4,-4"), ("bury", "2,-4")]),
        ("strong", "strong", 10, 43, (46, 45), "a5ab524b2983b40c",
         [("reveal", "-1,-1", "2,-1"), ("bury", "0,-1"), ("reveal", "1,-2", "-2,1")]),
    ],
)  # fmt: skip
def test_pinned_whole_games(
    first: str,
    second: str,
    board: int,
    turns: int,
    scores: tuple[int, int],
    digest: str,
    opening: list[Action],
) -> None:
    bots = [make_bot(first, f"pin/{board}/0"), make_bot(second, f"pin/{board}/1")]
    actions, state = play_game(bots, game_board(board), f"pin/{board}")
    text = "|".join(" ".join(str(part) for part in action) for action in actions)
    assert actions[:3] == opening
    assert (len(actions), tuple(state.scores)) == (turns, scores)
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == digest


# --- invariants the bot modules state -----------------------------------------------------


@pytest.mark.parametrize("board", [1, 6, 11])
def test_contest_change_equals_the_difference_of_two_potentials(board: int) -> None:
    # The strong bot keeps the contest potential up to date incrementally (bots/_evaluation.py);
    # after every legal move of a whole game it must equal recomputing the potential.
    from goldnet.games.mountains_rivers.bots._evaluation import (
        contest_change,
        contest_potential,
        facedown_counts,
    )
    from goldnet.games.mountains_rivers.bots._tables import pad_mask, reveal, tables_of

    tab = tables_of(game_board(board))
    bots: list[Bot] = [RandomBot(f"contest/{board}/0"), GreedyBot(f"contest/{board}/1")]
    checked = 0
    for state, seat, legal in turns(board, Stream("test-bots", "contest", board), bots):
        fd, gold = state.facedown, state.gold
        before = contest_potential(tab, fd, gold, 0)
        for action in legal:
            bury, mask = pad_mask(action)
            if bury:
                fd2, gold2 = fd | mask, gold & ~mask
            else:
                fd2, gold2, _ = reveal(tab, fd, gold, mask, seat)
            change = contest_change(
                tab, facedown_counts(tab, fd), fd | gold, fd2, fd2 | gold2, mask
            )
            assert change == contest_potential(tab, fd2, gold2, 0) - before, action
            checked += 1
    assert checked > 1000


def test_the_finishing_lines_memo_changes_speed_never_results() -> None:
    # finishing_lines memoises by a territory's face-down markers and the face-down markers on
    # the three lines through its first field. A key that missed a field the answer reads (the
    # lines' masks were once added, not joined, so the carries scrambled the key) made the
    # strong bot's choice depend on the positions any bot had valued before on that board.
    from goldnet.games.mountains_rivers.bots._tables import (
        _finishing_lines_now,
        finishing_lines,
        pad_mask,
        tables_of,
    )

    checked = 0
    for board in (2, 5):
        tab = tables_of(game_board(board))
        bots: list[Bot] = [GreedyBot(f"finishing/{board}/0"), RandomBot(f"finishing/{board}/1")]
        for state, _, legal in turns(board, Stream("test-bots", "finishing", board), bots):
            for action in legal:  # the positions a look-ahead visits
                fd = state.facedown ^ pad_mask(action)[1]
                for family in tab.terr:
                    for territory in family:
                        left = territory & fd
                        if left:
                            p0 = (left & -left).bit_length() - 1
                            assert finishing_lines(tab, fd, left) == _finishing_lines_now(
                                tab, fd, left, p0
                            )
                            checked += 1
    assert checked > 10000


def test_strong_choices_do_not_depend_on_what_was_valued_before() -> None:
    # The per-board memos are shared by every bot of the process: the same observation must
    # get the same choice whether the memos are empty or full of other positions.
    from goldnet.games.mountains_rivers.bots._tables import tables_of

    positions: list[tuple[int, object, list[Action]]] = []
    bots: list[Bot] = [StrongBot("history/0"), StrongBot("history/1")]
    for state, seat, legal in turns(4, Stream("test-bots", "history", 4), bots):
        positions.append((len(positions), state.observation(seat), legal))
    assert len(positions) > 30
    tables_of.cache_clear()
    forward = [StrongBot(f"history/{i}").choose(obs, legal) for i, obs, legal in positions]
    tables_of.cache_clear()
    backward = [
        StrongBot(f"history/{i}").choose(obs, legal) for i, obs, legal in reversed(positions)
    ]
    assert forward == backward[::-1]


def test_the_searchs_shortcuts_agree_with_computing_afresh() -> None:
    # The strong bot's look-ahead takes a territory's completing lines from the decision's
    # position while the markers they depend on are unchanged, and memoises a reveal's
    # collection and contest change by the markers near it (bots/_strong.py): after every
    # action and every completing reply, both must equal computing from scratch.
    from goldnet.games.mountains_rivers.bots._evaluation import contest_change, facedown_counts
    from goldnet.games.mountains_rivers.bots._strong import _Search
    from goldnet.games.mountains_rivers.bots._tables import (
        _finishing_lines_now,
        pad_mask,
        reveal,
        tables_of,
    )

    def afresh(tab, fd: int, fam: int) -> list[list[int]]:  # type: ignore[no-untyped-def]
        out: list[list[int]] = [[] for _ in range(6)]
        for territory in tab.terr[fam]:
            left = territory & fd
            if left and left.bit_count() <= 5:
                p0 = (left & -left).bit_length() - 1
                for n, mask in _finishing_lines_now(tab, fd, left, p0):
                    out[n].append(mask)
        return out

    tab = tables_of(game_board(6))
    bots: list[Bot] = [StrongBot("shortcuts/0"), GreedyBot("shortcuts/1")]
    checked = 0
    for state, seat, legal in turns(6, Stream("test-bots", "shortcuts"), bots):
        fd, gold = state.facedown, state.gold
        search = _Search(tab, seat, state.shovels, StrongBot.weights, fd, gold)
        for action in legal[::3]:
            bury, mask = pad_mask(action)
            if bury:
                fd1, gold1 = fd | mask, gold & ~mask
            else:
                fd1, gold1, _ = reveal(tab, fd, gold, mask, seat)
            for fd2, gold2, mover in [(fd1, gold1, 1 - seat)] + [
                (*reveal(tab, fd1, gold1, line, 1 - seat)[:2], seat)
                for line in afresh(tab, fd1, 1 - seat)[2]
            ]:
                lines = search._lines(fd2)
                assert lines == (afresh(tab, fd2, 0), afresh(tab, fd2, 1))
                counts = facedown_counts(tab, fd2)
                for line in lines[mover][3] + lines[1 - mover][2]:
                    after = reveal(tab, fd2, gold2, line, mover)
                    change = contest_change(
                        tab, counts, fd2 | gold2, after[0], after[0] | after[1], line
                    )
                    got = search._reveal(fd2, gold2, counts, line, mover)
                    assert got == (after[2], after[0], after[1], change)
                    checked += 1
    assert checked > 2000
