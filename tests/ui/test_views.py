"""The desktop table draws views, not states (issue #9; pytest-qt offscreen, real TLS on
127.0.0.1).

A window joins a table hosted by another ``goldnet`` process, whose bot plays the other seat —
so every call of the rules in this process is this seat's — and plays a few moves by intents.
While a move of its seat is on turn, the table holds no game state but the trial clone the
table service gave with the view; the rules state's ``apply`` and ``clone`` are counted from
the try of each move to the view that shows it applied. (With the mirror state the desktop
client kept before, a confirmed move was applied 5 times and states cloned 4 times.)
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from goldnet.engine import GameState
from goldnet.games.mountains_rivers import rules
from goldnet.profile import Profile
from goldnet.view import View

from ..processes import LOOPBACK, Process
from .conftest import network_controller
from .test_lobby import intent_action, new_window


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, Any]]]:
    """Every ``apply`` (with its action) and ``clone`` of a Mountains & Rivers state, in order,
    from any thread."""
    seen: list[tuple[str, Any]] = []
    lock = threading.Lock()
    apply, clone = rules.State.apply, rules.State.clone

    def counted_apply(self: rules.State, action: Any) -> Any:
        with lock:
            seen.append(("apply", action))
        return apply(self, action)

    def counted_clone(self: rules.State) -> rules.State:
        with lock:
            seen.append(("clone", None))
        return clone(self)

    monkeypatch.setattr(rules.State, "apply", counted_apply)
    monkeypatch.setattr(rules.State, "clone", counted_clone)
    yield seen


def test_a_confirmed_move_costs_at_most_four_applies_and_three_clones_and_the_table_holds_no_state(
    qtbot: Any, tmp_path: Path, calls: list[tuple[str, Any]]
) -> None:
    host = Process(
        tmp_path,
        "host",
        *("host", "mountains-rivers", "--bot", "greedy", "--board", "3", "--port", "0"),
        *("--json", "--profile", str(tmp_path / "host")),
    )
    try:
        invite = str(host.first_json()["invite"])
        assert invite.startswith(f"goldnet://{LOOPBACK}:")
        window = new_window(qtbot, Profile(tmp_path / "me"))
        window.lobby.join_code(invite)
        c = network_controller(qtbot, window)
        assert not hasattr(c, "state")
        link = window.lobby.link
        assert link is not None
        made: list[tuple[View, int]] = []  # each view as the network thread makes it
        post = link.on_view

        def recorded(view: View, trial: GameState | None) -> None:
            made.append((view, len(calls)))
            post(view, trial)

        link.on_view = recorded  # type: ignore[method-assign]
        moves = 0
        while moves < 4:
            qtbot.waitUntil(lambda: c.phase in ("human", "over"), timeout=15000)
            if c.phase == "over":
                break
            held = [v for v in vars(c).values() if isinstance(v, GameState)]
            assert c.trial is not None and held == [c.trial]  # the trial, and nothing else
            action = c.view.legal[-1]
            start, before, mine = len(calls), len(made), (c.human, action)
            intent_action(c, action)
            assert c.phase == "confirm", window.table.hint.text()
            c.confirm()
            qtbot.waitUntil(
                lambda m=mine, b=before: any(m in v.moves for v, _ in made[b:]), timeout=15000
            )
            qtbot.waitUntil(lambda: c.phase not in ("confirm", "sending"), timeout=15000)
            end = next(n for v, n in made[before:] if mine in v.moves)
            applies = sum(1 for kind, a in calls[start:end] if kind == "apply" and a == action)
            clones = sum(1 for kind, _ in calls[start:end] if kind == "clone")
            # the try on a clone, the machine's check(s) as it signs and takes its envelope, the
            # move itself; the clones: the try's and the checks'
            assert 2 <= applies <= 4 and 1 <= clones <= 3, (applies, clones)
            held = [v for v in vars(c).values() if isinstance(v, GameState)]
            assert held == ([c.trial] if c.view.on_turn else [])  # only while on turn
            moves += 1
        assert moves == 4
    finally:
        host.stop()
