"""``goldnet bench``'s Golden City table figures (goldnet/bench_table.py): member processes play
a whole dealt game through a standalone relay process, journals on, and report what each move
made due and when every member knew it. Counts and orders, not speed: speed is the bench's to
report."""

from __future__ import annotations

import asyncio

from goldnet.bench_fanout import fanout_cpu, fanout_echoes, fanout_latencies
from goldnet.bench_roll import Tables
from goldnet.bench_table import _run, critical_paths, deal_time, latencies


def test_latencies_run_from_the_move_to_the_last_member_that_knew() -> None:
    members = [
        {
            "due": [["draw", 5, 1.0], ["card", "hill", 3, 2.0]],
            "drawn": [(5, 1.25)],
            "cards": [("hill", 3, 2.5)],
            "started": 0.5,
            "dealt": 0.9,
        },
        {
            "due": [["draw", 9, 3.0]],
            "drawn": [(5, 1.5), (9, 3.125)],
            "cards": [("hill", 3, 2.25)],
            "started": 0.25,
            "dealt": 1.0,
        },
    ]
    assert latencies(members, "draw") == [0.5]  # draw 9: the first member never knew it
    assert latencies(members, "card") == [0.5]
    assert deal_time(members) == 0.75


def test_the_bench_plays_a_dealt_golden_city_game_through_a_relay_process() -> None:
    run = asyncio.run(_run(1, seats=2))
    assert len(run["deal"]) == 1 and run["deal"][0] > 0
    assert run["draw"] and run["card"] and run["echo"]  # dice and public cards were timed
    assert run["fanout"] and run["fanout cpu"]  # and the echo of a die's frames, as many parties
    assert all(t > 0 for t in run["draw"] + run["card"] + run["echo"] + run["fanout"])
    assert run["draw path"] and run["draw cpu"] and run["alone"] and run["together"]
    assert all(t > 0 for t in run["draw path"] + run["draw cpu"] + run["alone"])


def test_the_critical_path_adds_the_mover_the_slowest_answer_and_the_slowest_finish() -> None:
    # per key: [react CPU, write-ahead wall (not used), finish CPU]; member 0 moved
    members = [
        {"due": [["draw", 5, 1.0]], "paths": [["draw", 5, 0.001, 0.5, 0.003]]},
        {"due": [], "paths": [["draw", 5, 0.002, 0.5, 0.004]]},
        {"due": [], "paths": [["draw", 5, 0.005, 0.5, 0.001]]},
    ]
    critical, cpu, total = critical_paths(members, "draw", alone=0.0005, together=0.001)
    # mover 1 ms + one write-ahead + slowest answer 5 ms + five at once + slowest finish 4 ms
    assert critical == [0.001 + 0.0005 + 0.005 + 0.001 + 0.004]
    assert cpu == [0.004, 0.006, 0.006] and total == [0.016]
    assert critical_paths(members, "card", 0.0, 0.0) == ([], [], [])
    members[2]["paths"] = []  # a member that never knew it: left out
    assert critical_paths(members, "draw", 0.0, 0.0) == ([], [], [])


def test_a_fanout_round_runs_from_its_move_to_the_last_party_that_knew_it() -> None:
    reports = [  # party 0 moved rounds 0 and 2, party 1 round 1; each knew each round then
        {"moved": [[0, 1.0], [2, 5.0]], "known": [[0, 1.5, 0.0], [1, 3.25, 0.0], [2, 5.5, 0.0]]},
        {"moved": [[1, 3.0]], "known": [[0, 1.75, 0.0], [1, 3.5, 0.0], [2, 5.25, 0.0]]},
        {"moved": [], "known": [[0, 1.25, 0.0], [1, 3.125, 0.0]]},  # never knew round 2
    ]
    assert fanout_latencies(reports) == [0.75, 0.5]
    assert fanout_latencies(reports, warm=1) == [0.5]  # the warm-up rounds are left out
    assert fanout_latencies([{"moved": [], "known": []}]) == []


def test_a_partys_cpu_per_round_runs_from_the_first_counted_round_to_its_last() -> None:
    reports = [  # [round, time, CPU then]
        {"moved": [], "known": [[0, 1.0, 0.5], [1, 2.0, 0.75], [2, 3.0, 1.5]]},
        {"moved": [], "known": [[0, 1.0, 0.25], [1, 2.0, 0.5]]},
        {"moved": [], "known": [[2, 3.0, 0.25]]},  # never knew round 1: left out
    ]
    assert fanout_cpu(reports, warm=1) == [0.75]  # (1.5 - 0.75) over rounds 1 to 2
    assert fanout_cpu(reports, warm=0) == [0.5, 0.25]


def test_the_six_party_echo_runs_its_rounds_through_a_relay_process() -> None:
    async def run() -> list[float]:
        tables = Tables(hosted=False)
        try:
            latencies, cpu = await fanout_echoes(tables, parties=3, rounds=8, warm=2, seed="t")
            assert len(cpu) == 3 and all(c > 0 for c in cpu)  # each party's CPU per round
            return latencies
        finally:
            await tables.close()

    latencies = asyncio.run(run())
    assert len(latencies) == 6 and all(t > 0 for t in latencies)
