"""The network commands' command line (host, join, tables, relay, resume, demo), as processes.

Usage errors exit 2 with one line on stderr, failures exit 1 with one line; never a traceback.
Everything stays on 127.0.0.1 (GOLDNET_MDNS_INTERFACES).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from goldnet.net.frames import FrameDecoder, auth_message, encode
from goldnet.net.journal import Journal
from goldnet.net.tls import client_context
from protocol.envelope import ZERO_HASH, Envelope
from protocol.identity import Identity

from ..processes import LOOPBACK, ROOT, environment, goldnet

FP = Identity(bytes(32)).fingerprint


def one_line_error(result: subprocess.CompletedProcess[str], status: int, text: str) -> None:
    assert result.returncode == status, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert text in result.stderr


@pytest.fixture
def occupied_port() -> Iterator[int]:
    """A port on 127.0.0.1 that something else is listening on."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((LOOPBACK, 0))
        sock.listen()
        yield int(sock.getsockname()[1])


class Background:
    """A long-running ``goldnet`` process whose stdout goes to a file."""

    def __init__(self, folder: Path, *args: str) -> None:
        self.out = folder / "background.out"
        self.err = folder / "background.err"
        with self.out.open("wb") as out, self.err.open("wb") as err:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "goldnet", *args],
                stdout=out,
                stderr=err,
                cwd=ROOT,
                env=environment(),
            )

    def first_json(self, timeout: float = 20) -> dict[str, object]:
        deadline = time.monotonic() + timeout
        while not self.out.read_text().strip():
            assert self.proc.poll() is None, self.err.read_text()
            assert time.monotonic() < deadline, "no output"
            time.sleep(0.05)
        value: dict[str, object] = json.loads(self.out.read_text().splitlines()[0])
        return value

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


# --- usage errors: exit 2 --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "text"),
    [
        (["join", f"goldnet://{LOOPBACK}:1/{FP}"], "headless play needs --bot LEVEL"),
        (["join", "--lan", "somewhere"], "headless play needs --bot LEVEL"),
        (
            ["join", f"goldnet://{LOOPBACK}:1/{FP}", "--lan", "t", "--bot", "greedy"],
            "give an invite code or --lan NAME (one of them)",
        ),
        (["join", "--bot", "greedy"], "give an invite code or --lan NAME (one of them)"),
        (["join", "http://example.org", "--bot", "greedy"], "bad invite code: an invite code"),
        (["join", f"goldnet://{LOOPBACK}/{FP}", "--bot", "greedy"], "has no port"),
        (["join", f"goldnet://{LOOPBACK}:1/nope", "--bot", "greedy"], "fingerprint is missing"),
        (["join", f"goldnet://{LOOPBACK}:99999/{FP}", "--bot", "greedy"], "port '99999'"),
        (["demo", "mountains-rivers", "--players", "3"], "played by 2, not 3"),
        (["host", "mountains-rivers", "--seats", "3", "--bot", "greedy"], "played by 2, not 3"),
        (["relay", "--seats", "1"], "played by 2, not 1"),
        (
            ["join", f"goldnet://{LOOPBACK}:1/{FP}", "--spectate", "--bot", "greedy"],
            "a spectator has no seat for --bot",
        ),
    ],
)
def test_usage_errors_exit_2_with_one_line(args: list[str], text: str, tmp_path: Path) -> None:
    result = goldnet(*args, "--profile", str(tmp_path / "p"))
    one_line_error(result, 2, text)
    assert result.stdout == ""
    assert not (tmp_path / "p" / "journal").exists()  # nothing started


@pytest.mark.parametrize(
    "args",
    [
        ["host", "mountains-rivers", "--port", "70000"],
        ["host", "mountains-rivers", "--bot", "genius"],
        ["host", "no-such-game"],
        ["relay", "--port", "x"],
        ["tables", "--timeout", "-1"],
    ],
)
def test_bad_options_exit_2_without_a_traceback(args: list[str]) -> None:
    result = goldnet(*args)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip()


# --- failures: exit 1 -------------------------------------------------------------------------


def test_resume_with_nothing_to_resume(tmp_path: Path) -> None:
    result = goldnet("resume", "--profile", str(tmp_path / "empty"))
    one_line_error(result, 1, "no interrupted game in the profile")
    assert str(tmp_path / "empty") in result.stderr


def test_resume_shows_how_the_last_game_ended_instead_of_playing_it_again(tmp_path: Path) -> None:
    profile = tmp_path / "p"
    journal = Journal(profile / "journal" / "done.journal")
    journal.meta(f"goldnet://{LOOPBACK}:1/{FP}", "player", "me", "", (3,), "greedy")
    journal.seed(0, bytes(32))
    record = str(profile / "records" / "done.goldnet")
    journal.end("abandoned", record, "nothing happened for the table's abandonment time")
    journal.close()
    result = goldnet("resume", "--profile", str(profile))
    assert result.returncode == 3, result.stderr  # the exit status of an abandoned game
    assert "abandoned" in result.stdout and record in result.stdout
    assert "Traceback" not in result.stderr


def test_relay_on_a_taken_port_cannot_listen(occupied_port: int, tmp_path: Path) -> None:
    result = goldnet(
        *("relay", "--bind", LOOPBACK, "--port", str(occupied_port)),
        *("--profile", str(tmp_path / "p")),
    )
    one_line_error(result, 1, f"cannot listen on port {occupied_port}")
    assert "try --port 0" in result.stderr


def test_host_on_a_taken_port_cannot_listen(occupied_port: int, tmp_path: Path) -> None:
    result = goldnet(
        *("host", "mountains-rivers", "--port", str(occupied_port), "--bot", "random"),
        *("--profile", str(tmp_path / "p")),
    )
    one_line_error(result, 1, f"cannot listen on port {occupied_port}")


def test_join_by_lan_name_that_nobody_announces(tmp_path: Path) -> None:
    name = f"nobody-{os.getpid()}"
    result = goldnet(
        *("join", "--lan", name, "--bot", "random", "--timeout", "1"),
        *("--profile", str(tmp_path / "p")),
    )
    one_line_error(result, 1, f"no table named {name!r} found on the LAN within 1 s")


def test_join_a_relay_that_shows_another_key(tmp_path: Path) -> None:
    relay = Background(
        tmp_path,
        *("relay", "--bind", LOOPBACK, "--port", "0", "--json", "--profile", str(tmp_path / "r")),
    )
    try:
        invite = str(relay.first_json()["invite"])
        real = invite.rsplit("/", 1)[1]
        wrong = invite.rsplit("/", 1)[0] + "/" + FP
        result = goldnet("join", wrong, "--bot", "random", "--profile", str(tmp_path / "p"))
        one_line_error(result, 1, "someone in between")
        assert real in result.stderr and FP in result.stderr
        assert relay.proc.poll() is None
    finally:
        relay.stop()


# --- discovery across processes --------------------------------------------------------------


def test_tables_lists_a_table_hosted_by_another_process(tmp_path: Path) -> None:
    name = f"cli-table-{os.getpid()}"
    host = Background(
        tmp_path,
        *("host", "mountains-rivers", "--name", name, "--port", "0", "--json"),
        *("--profile", str(tmp_path / "host")),
    )
    try:
        announced = host.first_json()
        start = time.monotonic()
        result = goldnet("tables", "--timeout", "2", "--json")
        elapsed = time.monotonic() - start
        assert result.returncode == 0, result.stderr
        tables = json.loads(result.stdout.splitlines()[-1])
        ours = [t for t in tables if t["name"] == name]
        assert ours == [
            {
                "name": name,
                "game": "mountains-rivers",
                "free_seats": 2,
                "invite": announced["invite"],
            }
        ]
        assert elapsed < 10  # 2 s of listening, plus the interpreter's start

        text = goldnet("tables", "--timeout", "2")
        assert text.returncode == 0
        line = next(line for line in text.stdout.splitlines() if line.startswith(name))
        assert "free seats: 2" in line and str(announced["invite"]) in line
        # Ctrl-C: the host withdraws its table and exits 130
        host.proc.send_signal(signal.SIGINT)
        assert host.proc.wait(10) == 130
        assert "interrupted" in host.err.read_text()
        gone = goldnet("tables", "--timeout", "1.5", "--json")
        assert gone.returncode == 0
        assert name not in gone.stdout
    finally:
        host.stop()


# --- no traceback when a game halts or the host is interrupted ---------------------------------


def connect_member(port: int, identity: Identity) -> tuple[ssl.SSLSocket, FrameDecoder]:
    """A member at the relay on 127.0.0.1:``port``: TLS, hello, auth, welcome, resume 0."""
    sock = client_context().wrap_socket(socket.create_connection((LOOPBACK, port), 10))
    sock.settimeout(10)
    decoder = FrameDecoder()
    frames = read_frames(sock, decoder)
    hello = frames.pop(0)
    signed = auth_message(hello[3], hello[2], identity.public, "rogue")
    sock.sendall(encode(["auth", identity.public, "player", "rogue", identity.sign(signed)]))
    sock.sendall(encode(["resume", 0]))
    return sock, decoder


def read_frames(sock: ssl.SSLSocket, decoder: FrameDecoder) -> list[tuple[Any, ...]]:
    while not (frames := decoder.feed(sock.recv(65536) or b"")):
        pass
    return frames


def test_a_halted_game_ends_the_host_without_a_traceback(tmp_path: Path) -> None:
    """A member sends a malformed commitment: the host's peer halts the game naming it. The
    host process ends by itself, and nothing on stderr is a traceback (the relay's connection
    tasks, cancelled as the loop closes, used to print a CancelledError traceback)."""
    host = Background(
        tmp_path,
        *("host", "mountains-rivers", "--bot", "random", "--port", "0", "--json"),
        *("--profile", str(tmp_path / "host")),
    )
    try:
        port = int(str(host.first_json()["port"]))
        rogue = Identity.generate()
        sock, decoder = connect_member(port, rogue)
        with sock:
            deadline = time.monotonic() + 20
            table = None
            while table is None and time.monotonic() < deadline:
                for frame in read_frames(sock, decoder):
                    if frame[0] == "env" and Envelope.decode(frame[2]).type == "table":
                        table = Envelope.decode(frame[2])
            assert table is not None
            bad = Envelope.seal(rogue, "commit", table.game_id, 0, ZERO_HASH, ("garbage",))
            sock.sendall(encode(["env", bad.raw]))
            status = host.proc.wait(30)
        err = host.err.read_text()
        assert status == 4, err  # the exit status of a game halted on a proven fault
        assert "Traceback" not in err, err
        ended = json.loads(host.out.read_text().splitlines()[-1])
        assert ended["ending"] == "halted" and ended["culprit"] == rogue.fingerprint
    finally:
        host.stop()


@pytest.mark.parametrize("command", ["host", "relay"])
def test_interrupting_a_relay_with_connected_clients_prints_no_traceback(
    tmp_path: Path, command: str
) -> None:
    args = ["host", "mountains-rivers"] if command == "host" else ["relay", "--bind", LOOPBACK]
    relay = Background(
        tmp_path, *args, "--port", "0", "--json", "--profile", str(tmp_path / "relay")
    )
    try:
        info = relay.first_json()
        port = int(str(info.get("port") or str(info["invite"]).rsplit(":", 1)[1].split("/")[0]))
        members = [connect_member(port, Identity.generate()) for _ in range(2)]
        for sock, decoder in members:
            assert any(f[0] == "welcome" for f in read_frames(sock, decoder))
        relay.proc.send_signal(signal.SIGINT)
        assert relay.proc.wait(10) == 130
        err = relay.err.read_text()
        assert "Traceback" not in err, err
        assert err.strip() == "goldnet: interrupted"
        for sock, _ in members:
            sock.close()
    finally:
        relay.stop()


def _ended_journal(profile: Path, how: str, envelopes: list[bytes], reason: str) -> str:
    """A journal whose game ended ``how``, with its record file of ``envelopes``."""
    from goldnet.records import write

    journal = Journal(profile / "journal" / "done.journal")
    journal.meta(f"goldnet://{LOOPBACK}:1/{FP}", "player", "me", "", (3,), "greedy")
    journal.seed(0, bytes(32))
    record = profile / "records" / "done.goldnet"
    record.parent.mkdir(parents=True)
    write(record, envelopes)
    journal.end(how, str(record), reason)
    journal.close()
    return str(record)


def test_resume_after_a_finished_game_shows_its_result(tmp_path: Path) -> None:
    """`goldnet resume` once the last game is over: its result, exit 0 (it printed a KeyError
    traceback and exited 1)."""
    from goldnet.games.mountains_rivers.bots import make_bot
    from goldnet.harness import Harness, deterministic_peer

    peers = [deterministic_peer(f"done-{i}", make_bot("greedy", f"s{i}")) for i in range(2)]
    harness = Harness(peers)
    harness.start("mountains-rivers", (3,), b"resume-after-the-end-nonce")
    harness.run()
    assert peers[0].result is not None
    profile = tmp_path / "p"
    record = _ended_journal(profile, "over", peers[0].machine.record, "")
    for extra in ((), ("--json",)):
        result = goldnet("resume", "--profile", str(profile), *extra)
        assert result.returncode == 0, result.stderr
        assert "Traceback" not in result.stderr and result.stderr == ""
        assert record in result.stdout
    scores = " - ".join(str(s) for s in peers[0].result.scores)
    assert f"scores: {scores}" in goldnet("resume", "--profile", str(profile)).stdout


def test_resume_after_a_halt_names_the_culprit(tmp_path: Path) -> None:
    """`goldnet resume` once the last game halted names the member proven at fault (it said
    "nobody broke the rules: <fingerprint> signed two histories")."""
    from goldnet.harness import new_peer

    host, rogue = new_peer(None), new_peer(None)
    assert host.identity is not None and rogue.identity is not None
    members = (host.identity.public, rogue.identity.public)
    host.machine.propose("mountains-rivers", (3,), members, ("me", "rogue"), b"halt-nonce-0123456")
    host.drain()
    table = Envelope.decode(host.outbox[0])
    bad = Envelope.seal(rogue.identity, "commit", table.game_id, 0, ZERO_HASH, ("garbage",))
    profile = tmp_path / "p"
    reason = "malformed commitment (seat 1)"
    _ended_journal(profile, "halted", [*host.outbox, bad.raw], reason)
    result = goldnet("resume", "--profile", str(profile))
    assert result.returncode == 4, result.stderr
    assert "nobody" not in result.stdout
    assert rogue.identity.fingerprint in result.stdout


def test_resume_refuses_a_damaged_journal_in_one_line(tmp_path: Path) -> None:
    """A journal damaged before its end is neither cut nor resumed (a resumed peer would sign
    anew what it had signed after the damage: two histories, named a cheater) nor hidden."""
    from protocol.codec import pack

    profile = tmp_path / "p"
    path = profile / "journal" / "game.journal"
    journal = Journal(path)
    journal.meta(f"goldnet://{LOOPBACK}:1/{FP}", "player", "me", "", (3,), "greedy")
    journal.seed(0, bytes(32))
    journal.incoming(0, b"theirs-0")
    journal.outgoing(b"own-0")
    journal.close()
    data = bytearray(path.read_bytes())
    data[data.index(pack(["in", 0, b"theirs-0"]))] = 0xC1
    path.write_bytes(bytes(data))
    one_line_error(goldnet("resume", "--profile", str(profile)), 1, "is damaged at byte")
    assert path.read_bytes() == bytes(data)
