"""Every refusal is an IllegalAction with a documented code, and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from goldnet.engine import IllegalAction
from goldnet.games.golden_city.refusals import REFUSALS, arguments, refuse
from goldnet.games.golden_city.rules import State
from goldnet.games.golden_city.setup import LANTERN, PONY

from .helpers import begin, feed, game, put


def refused(st: State, code: str, kind: str, *args: Any) -> None:
    before = (st.public_hash(), st.observation(0), st.observation(1), st.awaiting())
    with pytest.raises(IllegalAction) as caught:
        getattr(st, kind)(*args)
    assert caught.value.code == code, str(caught.value)
    assert caught.value.code in REFUSALS
    assert (st.public_hash(), st.observation(0), st.observation(1), st.awaiting()) == before


def test_every_template_names_its_arguments() -> None:
    for code in REFUSALS:
        args = {name: 1 for name in arguments(code)}
        assert refuse(code, **args).refusal.code == code
    with pytest.raises(TypeError):
        refuse("no-tool")


def test_actions_in_the_store() -> None:
    st = game()
    refused(st, "malformed-action", "apply", "done")
    refused(st, "malformed-action", "apply", ())
    refused(st, "malformed-action", "apply", ("done", 1))
    refused(st, "unknown-action", "apply", ("dig",))
    refused(st, "wrong-phase", "apply", ("move", "3,0"))
    refused(st, "not-awaited", "apply_chance", 3)
    refused(st, "bad-reveal", "apply_reveal", "hill", 0, None, "nugget-1")


def test_actions_before_the_roll() -> None:
    st = game()
    feed(st, ("done",))
    assert st.todo[0] == ("roll",)
    refused(st, "not-awaited", "apply", ("roll",))
    refused(st, "bad-outcome", "apply_chance", 7)
    refused(st, "bad-outcome", "apply_chance", True)
    refused(st, "bad-outcome", "apply_chance", "2")
    st = game()
    st.tools[0] = LANTERN | PONY
    put(st, 0, "1,2")
    begin(st, 0)
    refused(st, "peek-target", "apply", ("lantern", "8,0"))
    refused(st, "peek-target", "apply", ("lantern", "0,2"))
    refused(st, "field-syntax", "apply", ("lantern", 3))
    refused(st, "no-such-field", "apply", ("lantern", "40,40"))
    refused(st, "raft-target", "apply", ("raft", "1,2"))
    refused(st, "raft-target", "apply", ("raft", "0,2"))
    feed(st, ("lantern", "1,1"), "nugget-2")
    st.tools[0] = LANTERN
    begin(st, 0)
    refused(st, "already-peeked", "apply", ("lantern", "1,1"))
    put(st, 0, "0,2")
    st.tools[0] = 0
    begin(st, 0)
    assert st.todo[0] == ("roll",)
    st.todo[0:0] = [("before",)]
    refused(st, "no-raft", "apply", ("raft", "1,3"))
    refused(st, "no-tool", "apply", ("pony",))
    refused(st, "no-tool", "apply", ("lantern", "1,1"))
    st.tools[0] = PONY
    put(st, 0, "0,0")
    refused(st, "pony-where", "apply", ("pony",))


def test_moves() -> None:
    st = game()
    feed(st, ("done",), 3)
    refused(st, "not-a-destination", "apply", ("move", "4,0"))
    refused(st, "not-a-cave", "apply", ("descend", "8,3"))
    refused(st, "no-such-field", "apply", ("move", "9,9"))


def test_reveals_and_claims() -> None:
    st = State(game().board, 2)
    refused(st, "bad-card-value", "apply_reveal", "mission", 0, 0, "gold")
    refused(st, "bad-reveal", "apply_reveal", "mission", 1, 1, "raft")
    refused(st, "no-claim", "apply_claim", 0, ("mission",))
    refused(st, "malformed-claim", "apply_claim", 0, ["mission"])
    st = game()
    feed(st, ("done",), 2, ("move", "2,0"))
    refused(st, "bad-card-value", "apply_reveal", "hill", st.todo[0][2], None, None)
    refused(st, "bad-card-value", "apply_reveal", "hill", st.todo[0][2], None, "vein-5")


def test_after_the_end() -> None:
    st = game()
    st.loco = len(st.board.track) - 2
    feed(st, ("done",), "loco", "sheriff", "brawls")
    refused(st, "game-over", "apply", ("roll",))
    refused(st, "game-over", "apply_chance", 3)
    refused(st, "game-over", "apply_reveal", "hill", 0, None, "nugget-1")
