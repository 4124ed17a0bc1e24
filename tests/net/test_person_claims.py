"""A seat played by a person makes its claims at a network table (real relay, TLS on 127.0.0.1):
the table service's ``claimer_for`` gives the peer the claimer of the table's game, which the
peer asks as its lockstep machine signs each reveal — as a claiming bot is asked. Without it a
person's Golden City mission was never announced at a network table.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from goldnet.engine import Action, GameState
from goldnet.net.service import TableService
from goldnet.profile import Profile
from goldnet.records import read, verify
from goldnet.view import View

from .relaykit import HOST, run
from .test_service import Recorder


class EagerClaimer:
    """Announces the mission at the first moment the rules allow, fulfilled or not (the end
    then judges it: a claim is no proof) — so that the claim is certain to be made."""

    def __init__(self) -> None:
        self.asked: list[Sequence[Action]] = []

    def claim(self, observation: Any, claims: Sequence[Action]) -> Action | None:
        self.asked.append(tuple(claims))
        return claims[0]


def test_a_person_s_seat_claims_through_its_claimer_as_its_reveal_is_signed(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        heard = Recorder()
        made: list[tuple[str, EagerClaimer]] = []

        def claimer_for(game: str) -> EagerClaimer:
            made.append((game, EagerClaimer()))
            return made[-1][1]

        service = TableService(
            Profile(tmp_path / "me"), heard, "Ada", interfaces=[HOST], claimer_for=claimer_for
        )
        loop = asyncio.get_running_loop()
        answered: set[int] = set()

        def on_view(view: View, trial: GameState | None) -> None:
            Recorder.on_view(heard, view, trial)
            if view.on_turn and len(heard.views) not in answered:
                answered.add(len(heard.views))
                legal = sorted(view.legal, key=repr)
                done = [a for a in legal if a[0] in ("done", "roll")]
                loop.call_soon(service.play, done[0] if done else legal[-1])

        heard.on_view = on_view  # type: ignore[method-assign]
        outcome = await service.host(
            "golden-city",
            table_name="t",
            seats=3,
            bots=[("random", "Bea"), ("random", "Cy")],
            seat=0,
            port=0,
        )
        assert outcome is not None and outcome.ending == "over"
        assert [game for game, _ in made] == ["golden-city"]  # made once, for the table's game
        claimer = made[0][1]
        assert claimer.asked == [(("mission",),)]  # asked until it claimed, then never again
        claimed = [e for v in heard.views for e in v.events if e.kind == "claim" and e.seat == 0]
        assert len(claimed) == 1
        last = heard.views[-1].observation
        assert last.claims[0] is not None  # every member applied the claim signed in the reveal
        checked = verify(read(outcome.record))
        assert checked.result == outcome.result
        await service.close()

    run(scenario(), 120)
