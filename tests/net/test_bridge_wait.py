"""What the desktop bridge tells the GUI while a game waits (issue #8, "Absence is not cheating").

A :class:`~goldnet.net.bridge.GameSession` hosts a table with a bot of this process, over real
TLS on 127.0.0.1, and reports to a plain listener (no Qt): what the game waits for, who is
connected, and the time left before the game may be adjudicated abandoned — counted on the
peer's loop clock, which the test moves forward instead of waiting minutes. A bot that goes
away is information, never a fault: the game ends *abandoned*, naming nobody.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from goldnet.net.bridge import GameSession, Problem, Step, WaitReport, problem_of
from goldnet.net.client import NetError, Outcome, Refused, RelayLost
from goldnet.net.invite import Invite
from goldnet.profile import Profile
from goldnet.records import read, verify
from protocol.events import Waiting

from .relaykit import HOST, run, until


@pytest.fixture(autouse=True)
def _loopback_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOLDNET_MDNS_INTERFACES", HOST)


class Recorder:
    """A :class:`goldnet.net.bridge.Listener` that keeps everything it is told."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.turns: list[int] = []
        self.reports: list[WaitReport] = []
        self.finished: list[Outcome] = []
        self.problems: list[Problem] = []

    def on_status(self, kind: str, value: Any) -> None:
        pass

    def on_step(self, step: Step) -> None:
        self.steps.append(step)

    def on_turn(self, seat: int) -> None:
        self.turns.append(seat)

    def on_wait(self, report: WaitReport) -> None:
        self.reports.append(report)

    def on_finished(self, outcome: Outcome) -> None:
        self.finished.append(outcome)

    def on_problem(self, problem: Problem) -> None:
        self.problems.append(problem)

    @property
    def last(self) -> WaitReport:
        return self.reports[-1]


def test_waits_presence_and_the_time_left_are_reported_then_the_game_ends_abandoned(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        heard = Recorder()
        session = GameSession(Profile(tmp_path / "me"), heard, "Ada", interfaces=[HOST])
        hosting = asyncio.create_task(
            session.host(
                table_name="t", board=3, opponent="random", seat=0, port=0, abandon_after=120
            )
        )
        await until(lambda: bool(heard.turns), timeout=20)  # my turn, after the first throw
        peer = session.peer
        assert peer is not None and session.bot_task is not None
        await until(lambda: heard.last.waiting == Waiting("action", (0,)))
        assert heard.last.online and heard.last.connected == (True, True)
        assert heard.last.left == 120 - heard.last.idle
        assert heard.steps[0].table is not None and heard.steps[0].table.abandon_after == 120

        # The bot goes away: the relay's notice is reported at once.
        session.bot_task.cancel()
        await until(lambda: heard.last.connected == (True, False))
        assert heard.last.waiting == Waiting("action", (0,))  # still my move: no fault, no end
        # While nothing happens a report comes each second, counting down.
        idle = heard.last.idle
        await until(lambda: heard.last.idle >= idle + 2)
        assert heard.last.left == 120 - heard.last.idle
        peer.loop_clock.advance(60_000)  # a minute later (the machine's clock, not the test's)
        await until(lambda: heard.last.idle >= 60)
        assert heard.last.left == 120 - heard.last.idle

        # I play: progress, the countdown starts again; the game waits for the bot's reveal.
        state = heard.steps[-1].state
        session.play(state.legal_actions(0)[0])
        await until(lambda: heard.last.waiting is not None and heard.last.waiting.kind == "reveal")
        assert heard.last.waiting == Waiting("reveal", (1,), 2)
        assert heard.last.idle < 60 and heard.last.connected == (True, False)

        # Past the table's abandonment time this member adjudicates: abandoned, nobody named.
        peer.loop_clock.advance(120_000)
        await until(lambda: bool(heard.finished), timeout=10)
        await hosting
        (outcome,) = heard.finished
        assert (outcome.ending, outcome.result, outcome.culprit, outcome.by) == (
            "abandoned",
            None,
            None,
            0,
        )
        assert heard.last.waiting is None and not heard.problems
        checked = verify(read(outcome.record))
        assert (checked.ending, checked.result, checked.culprit) == ("abandoned", None, None)
        await session.close()

    run(scenario(), 60)


@pytest.mark.parametrize(
    ("error", "kind", "detail"),
    [
        (Refused("the table is full"), "refused", "the table is full"),
        (RelayLost("lost the relay at 127.0.0.1:1 (EOF)"), "lost", ""),
        (NetError("the game is halted: an English sentence"), "failed", ""),
        (ConnectionRefusedError("refused"), "unreachable", ""),
    ],
)
def test_problems_are_classified_by_class_never_by_their_words(
    error: BaseException, kind: str, detail: str
) -> None:
    problem = problem_of(error, Invite(HOST, 1, "aaaa-aaaa-aaaa-aaaa-aaaa-aaaa"))
    assert problem.kind == kind and (not detail or problem.detail == detail)
