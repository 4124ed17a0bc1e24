"""``goldnet host --shadows K``: the host chooses ``k``, the shadow shuffles of every shuffle proof
of a game whose cards the deck deals (docs/protocol.md §4.1, docs/deck.md §4); it is recorded in
the table (bound into the game id) and ``goldnet verify`` reports it. Below the protocol's 20,
above 64, not a number, or for a game without cards: one clear line, exit status 2, nothing
hosted. Real ``goldnet`` processes on 127.0.0.1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from goldnet.records import read, verify
from protocol.envelope import Envelope
from protocol.messages import Table

from ..processes import Process, goldnet


@pytest.mark.parametrize(
    ("game", "shadows", "said"),
    [
        ("golden-city", "19", "19 shadow shuffles is outside 20-64"),
        ("golden-city", "65", "65 shadow shuffles is outside 20-64"),
        ("golden-city", "twenty", "'twenty' is not a whole number"),
        ("mountains-rivers", "24", "Mountains & Rivers has no cards to deal"),
    ],
)
def test_shadows_out_of_range_or_without_cards_is_one_clear_line(
    game: str, shadows: str, said: str, tmp_path: Path
) -> None:
    result = goldnet(
        *("host", game, "--shadows", shadows, "--bot", "random", "--port", "0", "--json"),
        *("--profile", str(tmp_path / "p")),
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and said in lines[0], result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_the_hosts_shadows_are_recorded_in_the_table_and_the_deal_uses_them(
    tmp_path: Path,
) -> None:
    p0, p1 = tmp_path / "p0", tmp_path / "p1"
    host = Process(
        tmp_path,
        "host",
        *("host", "golden-city", "--shadows", "23", "--bot", "random", "--port", "0"),
        *("--json", "--profile", str(p0)),
    )
    joiner: Process | None = None
    try:
        invite = str(host.first_json()["invite"])
        joiner = Process(
            tmp_path, "joiner", *("join", invite, "--bot", "random", "--json", "--profile", str(p1))
        )
        mine, theirs = joiner.finish(180), host.finish(180)
        record = Path(theirs["record"])
        assert record.read_bytes() == Path(mine["record"]).read_bytes()
        envelopes = [Envelope.decode(d) for d in read(record)]
        table = Table.from_body(envelopes[0].body)
        assert table.shadows == 23 and envelopes[0].game_id == table.game_id
        shuffles = [e for e in envelopes if e.type == "shuffle"]
        assert len(shuffles) == 2 and all(len(e.body[1]) == 23 for e in shuffles)
        assert verify(read(record)).ending == "over"
        checked = goldnet("verify", "--json", str(record))
        assert checked.returncode == 0, checked.stderr
        assert json.loads(checked.stdout.splitlines()[-1])["shadows"] == 23
    finally:
        for process in [p for p in (joiner, host) if p is not None]:
            process.stop()
