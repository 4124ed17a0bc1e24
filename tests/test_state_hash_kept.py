"""The binding's kept state hash (issue 10, the roll's CPU: docs/network.md §10).

``EngineBinding.state_hash`` keeps the hash it computed for the state object it was computed
on, and ``prepare`` computes it ahead when an action is due. A stale hash would make an honest
mover sign a wrong one (and be named for it) or an honest member name an honest mover: after
every step applied — an action checked or not, an outcome, a claim (also one the rules refuse),
a card — and with ``prepare`` asked at every point, the hash must be the state's own.
"""

from __future__ import annotations

from typing import Any

import pytest

from goldnet.binding import EngineBinding, make_engine
from goldnet.engine import ChanceOf, IllegalAction, RevealOf, TurnOf
from goldnet.rng import Stream


def fresh(binding: EngineBinding) -> bytes:
    return binding.state.public_hash()


def agree(binding: EngineBinding) -> None:
    binding.prepare()
    assert binding.state_hash() == fresh(binding)
    binding.prepare()
    assert binding.state_hash() == fresh(binding)


def play(game: str, options: tuple[Any, ...], seed: str) -> int:
    """A random game, every step through the binding, the hash asked before and after each;
    returns the actions applied."""
    binding = make_engine(game, options, 2)
    stream = Stream("tests/state-hash-kept", seed)
    actions = 0
    for step in range(2_000):
        agree(binding)
        state = binding.state
        request = state.awaiting()
        if isinstance(request, ChanceOf):
            binding.apply_outcome(stream.choice(range(len(request.outcomes))))
        elif isinstance(request, RevealOf):
            value = state.values[request.card]  # type: ignore[attr-defined]
            binding.apply_card(request.deck, request.card, request.to, value)
        elif isinstance(request, TurnOf):
            seat = request.seat
            action = stream.choice(state.legal_actions(seat))
            if step % 3:  # checked first (the clone adopted) or applied afresh
                binding.check_action(seat, action)
                agree(binding)  # a check changes nothing: the kept hash still holds
            claims = state.claims(1 - seat) if hasattr(state, "claims") else []
            if claims:
                binding.apply_claim(1 - seat, claims[0])
                agree(binding)
                with pytest.raises(IllegalAction):  # refused: the state unchanged
                    binding.apply_claim(1 - seat, ("pair", 99))
                agree(binding)
            binding.apply_action(seat, action)
            actions += 1
        else:
            return actions
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed", ["a", "b"])
def test_mountains_rivers_hash_is_always_the_states_own(seed: str) -> None:
    assert play("mountains-rivers", (3,), seed) > 10


@pytest.mark.usefixtures("cards_game")
@pytest.mark.parametrize(("private", "seed"), [(0, "a"), (1, "b")])
def test_card_game_hash_is_always_the_states_own(private: int, seed: str) -> None:
    assert play("cards", (private,), seed) > 3


def test_a_state_changed_in_place_gets_a_new_hash() -> None:
    """An outcome mutates the state object itself: the hash kept for it is dropped."""
    binding = make_engine("mountains-rivers", (3,), 2)
    request = binding.state.awaiting()
    assert isinstance(request, ChanceOf)
    before = binding.state_hash()
    same = binding.state
    binding.apply_outcome(0)
    assert binding.state is same  # changed in place
    assert binding.state_hash() == fresh(binding) != before
