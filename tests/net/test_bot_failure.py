"""A bot that raises inside a network peer (issue 12): the peer stops at once with one line
naming the bot and its failure (no traceback), its journal intact; the relay tells the table
that the seat is away, and the seat resumed from that journal finishes the game. Real TCP +
TLS on 127.0.0.1, a real relay, two bot peers of Mountains & Rivers.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import pytest

from goldnet.games.mountains_rivers.bots import make_bot
from goldnet.net.client import NetPeer
from goldnet.net.errors import BotFailed
from goldnet.net.invite import Invite
from goldnet.net.journal import read_journal
from goldnet.net.relay import Relay
from goldnet.net.reports import problem_of
from protocol.identity import Identity

from ..processes import LOOPBACK, ROOT, Process
from .relaykit import BOARD, GAME, HOST, check_records, run, until


class RaisingBot:
    """A greedy bot that raises at its ``at``-th move (a bug in a bot)."""

    name = "raising"

    def __init__(self, at: int) -> None:
        self.inner = make_bot("greedy", 1)
        self.at = at
        self.moves = 0

    def choose(self, observation: Any, legal: Any) -> Any:
        self.moves += 1
        if self.moves == self.at:
            raise ZeroDivisionError("the bot's own bug\nsecond line")
        return self.inner.choose(observation, legal)


def test_a_bot_that_raises_leaves_the_table_at_once_and_its_seat_resumes(tmp_path: Path) -> None:
    async def scenario() -> None:
        relay = Relay(Identity.generate(), table_name="t", game=GAME, seats=2)
        port = await relay.start(HOST, 0)
        invite = Invite(HOST, port, relay.fingerprint)
        ids = [Identity.generate(), Identity.generate()]
        bots: list[Any] = [make_bot("greedy", 0), RaisingBot(at=2)]
        peers = [
            NetPeer(ids[i], invite, name=f"p{i}", folder=tmp_path / f"p{i}", bot=bots[i])
            for i in range(2)
        ]
        peers[0].options = (BOARD,)
        journals = [tmp_path / f"p{i}" / "journal" / "game.journal" for i in range(2)]
        for peer, path in zip(peers, journals, strict=True):
            peer.open_journal(path, "greedy")
        tasks = []
        try:
            for seat, peer in enumerate(peers):  # seat order = arrival order
                tasks.append(asyncio.create_task(peer.run()))
                await until(lambda seat=seat: len(relay.members) > seat)
            # The failing peer stops by itself, well before any timeout of the table.
            with pytest.raises(BotFailed) as caught:
                await asyncio.wait_for(tasks[1], 60)
            message = str(caught.value)
            assert "\n" not in message and "Traceback" not in message
            assert "'raising' bot playing seat 1 (p1) failed" in message
            assert "ZeroDivisionError: the bot's own bug second line" in message
            assert "goldnet resume" in message
            assert peers[1].failure is caught.value
            assert problem_of(caught.value).detail == message  # the desktop's words: the line
            # The table sees the seat away (the relay's presence notice), waiting for it.
            await until(lambda: peers[0].presence.get(ids[1].public) is False)
            waiting = peers[0].waiting()
            assert waiting is not None and waiting.seats == (1,)
            assert not tasks[0].done() and peers[0].outcome is None
            # The journal is intact and unfinished: the seat comes back from it.
            state = read_journal(journals[1])
            assert state.end is None
            back = NetPeer.from_journal(ids[1], state, tmp_path / "p1", make_bot("greedy", 1))
            assert back.failure is None
            tasks[1] = asyncio.create_task(back.run())
            outcomes = await asyncio.wait_for(asyncio.gather(*tasks), 90)
            check_records(outcomes)
            assert outcomes[0].ending == "over"
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await relay.close()

    run(scenario(), timeout=180)


def test_goldnet_join_whose_bot_raises_exits_with_one_line_and_keeps_its_journal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``goldnet join --bot raises`` (a bot with a bug) against ``goldnet host``, as separate
    processes: the joiner exits 1 by itself with one line naming the bot and its failure — no
    traceback — and leaves its journal unfinished (resumable)."""
    monkeypatch.setenv("GOLDNET_MDNS_INTERFACES", LOOPBACK)
    monkeypatch.setenv("GOLDNET_GAMES", "tests.net.raising_cards")
    path = os.environ.get("PYTHONPATH", "")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in (str(ROOT), path) if p))
    host = Process(
        tmp_path,
        "host",
        *("host", "cards", "--seats", "2", "--private", "0", "--bot", "random", "--port", "0"),
        *("--json", "--profile", str(tmp_path / "h"), "--name", "bug"),
    )
    joiner: Process | None = None
    try:
        invite = host.first_json()["invite"]
        joiner = Process(
            tmp_path,
            "joiner",
            *("join", invite, "--bot", "raises", "--json", "--profile", str(tmp_path / "j")),
        )
        assert joiner.proc.wait(60) == 1
        errors = joiner.err_path.read_text().strip().splitlines()
        assert len(errors) == 1, errors
        assert errors[0].startswith("goldnet join: the 'raises' bot playing seat 1")
        assert "failed: RuntimeError: this bot has a bug" in errors[0]
        (journal,) = sorted((tmp_path / "j" / "journal").glob("*.journal"))
        state = read_journal(journal)
        assert state.end is None and state.incoming  # the game had started; nothing lost
        assert host.proc.poll() is None  # the table waits for the seat, which may come back
    finally:
        for process in [host, *([joiner] if joiner else [])]:
            process.stop()
