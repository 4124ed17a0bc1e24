"""Attacks on the binding's checked clone (issue 10, the roll's path: docs/network.md §10).

``EngineBinding.check_action`` keeps the clone its check made and ``apply_action`` adopts it
instead of applying the action again. Whatever is applied, the state and the events must be
exactly those an unchecked apply of *that* action gives — else two honest peers (one that
checked, one that did not, e.g. a verifier) would hold different states for one record.

- **Another action that looks the same**: a bool for an int, bytes for a str, a list for a
  tuple, and a subclass of a wire type that inherits its ``repr`` (``repr`` cannot tell it from
  the base type; the test card game refuses an int subclass where it takes an int).
- **Something applied between the check and the apply**: a claim (which the card game lets
  another seat make at any time), a failed check, a check of another seat.
- **Clone depth**: the adopted clone shares no mutable part with the state it was made from.
- **Whole games**: every action of random games of both games (and the card game's claims,
  peeks and private reveals), checked then applied, gives the states and events of the same
  game applied without checks.
"""

from __future__ import annotations

from contextlib import nullcontext
from typing import Any

import pytest

from goldnet.binding import EngineBinding, make_engine
from goldnet.engine import ChanceOf, IllegalAction, RevealOf, TurnOf
from goldnet.rng import Stream

MR = "mountains-rivers"


class Tagged(int):
    """An int that is not one: ``repr`` shows ``1`` for ``Tagged(1)``."""


class Named(str):
    """A str that is not one: ``repr`` shows ``'flip'`` for ``Named("flip")``."""


def snapshot(binding: EngineBinding) -> tuple[Any, ...]:
    """All a binding holds: public hash, full state (private knowledge included), events."""
    state: Any = binding.state
    if hasattr(state, "__dict__"):  # the card game: private knowledge too
        full = repr(sorted((k, repr(v)) for k, v in vars(state).items()))
    else:  # Mountains & Rivers: nothing is private
        full = state.canonical()
    return binding.state_hash(), full, list(binding.events)


def applied(binding: EngineBinding, seat: int, action: Any) -> tuple[Any, ...]:
    """What applying ``action`` gives: the snapshot after, or the refusal and the snapshot."""
    try:
        binding.apply_action(seat, action)
    except (IllegalAction, TypeError) as exc:
        return ("refused", type(exc).__name__, snapshot(binding))
    return ("applied", snapshot(binding))


def cards_on_turn() -> EngineBinding:
    """A card game (2 seats, private peeks) at seat 0's turn after a roll of 6."""
    binding = make_engine("cards", (1,), 2)
    binding.apply_outcome(5)
    assert binding.state.awaiting() == TurnOf(0)
    return binding


@pytest.mark.usefixtures("cards_game")
@pytest.mark.parametrize(
    ("checked", "then"),
    [
        (("flip", 1), ("flip", True)),  # bool for int: the card game refuses True
        (("flip", 1), ["flip", 1]),  # a list for the tuple: refused
        (("flip", 1), (b"flip", 1)),  # bytes for str: refused
        (("flip", 1), ("flip", Tagged(1))),  # same repr, another type: refused
        (("flip", 1), (Named("flip"), 1)),  # same repr, another type
        (("flip", 1), ("flip", 2)),  # another card
        (("flip", 1), ("peek", 1)),  # another kind
    ],
)
def test_an_action_that_only_looks_like_the_checked_one_is_applied_afresh(
    checked: Any, then: Any
) -> None:
    plain, binding = cards_on_turn(), cards_on_turn()
    binding.check_action(0, checked)
    assert applied(binding, 0, then) == applied(plain, 0, then)


@pytest.mark.usefixtures("cards_game")
def test_a_claim_between_the_check_and_the_apply_is_not_lost() -> None:
    """Seat 1 claims a pair while seat 0's flip is checked and not yet applied: the flip is
    applied on the state with the claim, never the clone made before it."""

    def paired() -> EngineBinding:
        binding = make_engine("cards", (0,), 2)
        for card, value in ((0, 1), (4, 1)):  # two cards show 1: a pair to claim
            binding.apply_outcome(5)  # the die: 6
            binding.apply_action(binding.state.active, ("flip", card))
            request = binding.state.awaiting()
            assert isinstance(request, ChanceOf)
            binding.apply_outcome([v for v, _ in request.outcomes].index(value))
        assert binding.state.faces[:5] == [1, None, None, None, 1]
        binding.apply_outcome(5)
        assert binding.state.awaiting() == TurnOf(0)
        return binding

    plain, binding = paired(), paired()
    binding.check_action(0, ("flip", 2))
    for b in (plain, binding):
        b.apply_claim(1, ("pair", 1))
    assert applied(binding, 0, ("flip", 2)) == applied(plain, 0, ("flip", 2))
    assert binding.state.pairs == [(1, 1)]  # the claim is in the state the flip went to


@pytest.mark.usefixtures("cards_game")
@pytest.mark.parametrize("between", ["refused", "other seat", "same again"])
def test_checks_between_change_nothing_of_what_is_applied(between: str) -> None:
    plain, binding = cards_on_turn(), cards_on_turn()
    binding.check_action(0, ("flip", 1))
    with pytest.raises(IllegalAction) if between != "same again" else nullcontext():
        if between == "refused":
            binding.check_action(0, ("flip", 99))
        elif between == "other seat":
            binding.check_action(1, ("flip", 1))
        else:
            binding.check_action(0, ("flip", 1))
    for action in (("flip", 1), ("flip", 1)):  # the second time: not on turn any more
        assert applied(binding, 0, action) == applied(plain, 0, action)


@pytest.mark.usefixtures("cards_game")
def test_a_check_that_raises_something_else_leaves_no_clone_behind() -> None:
    """A rules engine that raises another exception than a refusal mid-check (a bug, or an
    action shaped as no rule expects): nothing of it is adopted later."""
    plain, binding = cards_on_turn(), cards_on_turn()
    binding.check_action(0, ("flip", 1))

    def broken(action: Any) -> Any:
        raise TypeError("the rules broke")

    trial_class = type(binding.state)
    trial_class.apply, saved = broken, trial_class.apply  # type: ignore[method-assign]
    try:
        with pytest.raises(TypeError):
            binding.check_action(0, ("flip", 2))
    finally:
        trial_class.apply = saved  # type: ignore[method-assign]
    assert applied(binding, 0, ("flip", 1)) == applied(plain, 0, ("flip", 1))


@pytest.mark.usefixtures("cards_game")
def test_the_adopted_clone_shares_no_mutable_part_with_the_state_it_was_made_from() -> None:
    binding = cards_on_turn()
    before = binding.state
    kept = snapshot(binding)[:2]
    binding.check_action(0, ("peek", 3))
    binding.apply_action(0, ("peek", 3))
    binding.apply_card("cards", 3, 0, 4)  # seat 0 sees card 3: 4
    binding.apply_outcome(0)  # seat 1's die
    binding.check_action(1, ("flip", 5))
    binding.apply_action(1, ("flip", 5))
    after = binding.state
    assert after is not before
    for name, value in vars(after).items():
        if isinstance(value, (list, dict)):
            assert value is not getattr(before, name), name
    assert after.known[0] == {3: 4} and before.known[0] == {}
    swapped = binding.state
    binding.state = before
    assert snapshot(binding)[:2] == kept  # the state checked on was never touched
    binding.state = swapped


def play_through(game: str, options: tuple[Any, ...], seed: str) -> None:
    """A random game applied twice: with a check before every action (and a claim whenever
    one can be made), and without any check. Same states, same events, at every step."""
    plain, checked = make_engine(game, options, 2), make_engine(game, options, 2)
    stream = Stream("tests/attack10/rollpath2", seed)
    for _ in range(2_000):
        state = plain.state
        request = state.awaiting()
        if isinstance(request, ChanceOf):
            index = stream.choice(range(len(request.outcomes)))
            for b in (plain, checked):
                b.apply_outcome(index)
        elif isinstance(request, RevealOf):
            value = state.values[request.card]
            for b in (plain, checked):
                b.apply_card(request.deck, request.card, request.to, value)
        elif isinstance(request, TurnOf):
            seat = request.seat
            action = stream.choice(state.legal_actions(seat))
            checked.check_action(seat, action)
            for other in range(2):
                claims = state.claims(other) if hasattr(state, "claims") else []
                if claims and other != seat:  # a claim lands between the check and the apply
                    for b in (plain, checked):
                        b.apply_claim(other, claims[0])
            for b in (plain, checked):
                b.apply_action(seat, action)
        else:
            break
        assert snapshot(checked) == snapshot(plain)
    else:
        raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_whole_mountains_rivers_games_checked_and_unchecked_agree(seed: str) -> None:
    play_through(MR, (3,), seed)


@pytest.mark.usefixtures("cards_game")
@pytest.mark.parametrize(("private", "seed"), [(0, "a"), (1, "b"), (1, "c")])
def test_whole_card_games_checked_and_unchecked_agree(private: int, seed: str) -> None:
    play_through("cards", (private,), seed)


def test_the_rules_run_once_per_action_and_peer_in_a_whole_protocol_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What the adoption is for, through the lockstep machine: each member's own move (checked
    by ``send``, applied from its envelope) and each move received (judged, then applied) is
    applied by the rules once per machine — two members and a spectator: three times."""
    from goldnet.games.mountains_rivers.rules import State
    from goldnet.harness import Harness, Peer, deterministic_peer
    from protocol.lockstep import Lockstep
    from tests.test_harness import RandomBot

    calls = [0]
    apply = State.apply

    def counted(self: State, action: Any) -> Any:
        calls[0] += 1
        return apply(self, action)

    monkeypatch.setattr(State, "apply", counted)
    peers = [deterministic_peer(f"once/{s}", RandomBot(f"once/{s}")) for s in range(2)]
    watcher = Peer(None, Lockstep(None, make_engine))
    harness = Harness(peers, spectators=[watcher])
    harness.start(MR, (3,), b"once/nonce".ljust(16, b"."))
    harness.run()
    actions = peers[0].machine.actions
    assert actions > 10 and peers[0].machine.finished
    assert all(p.machine.actions == actions for p in [*peers, watcher])
    assert calls[0] == 3 * actions
