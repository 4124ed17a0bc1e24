"""goldnet.records and ``goldnet verify``: the record file (docs/records.md), complete
verification, and tampering of every kind — a record that was changed never verifies, and the
only exceptions are RecordError (exit status 2, says where decoding failed) and InvalidRecord
(exit status 1, names the first bad envelope)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from goldnet import records
from goldnet.engine import Action, Terminal
from goldnet.harness import Harness, Peer, deterministic_peer
from goldnet.records import (
    InvalidRecord,
    RecordError,
    Verified,
    decode,
    encode,
    read,
    verify,
    write,
)
from goldnet.rng import Stream
from protocol.envelope import Envelope
from protocol.identity import fingerprint
from tests.forge import mutate, resign

ROOT = Path(__file__).resolve().parents[1]


class RandomBot:
    name = "random"

    def __init__(self, seed: str) -> None:
        self.stream = Stream("tests/records/bot", seed)

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        return self.stream.choice(legal_actions)


class NeverBuryBot:
    """Reveals whenever it can (a short game: a small real record)."""

    name = "eager"

    def __init__(self, seed: str) -> None:
        self.stream = Stream("tests/records/eager", seed)

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        reveals = [a for a in legal_actions if a[0] == "reveal"]
        return self.stream.choice(reveals or legal_actions)


def play(label: str, board: int, bots: tuple[Any, Any]) -> tuple[list[bytes], list[Peer]]:
    peers = [deterministic_peer(f"{label}/{seat}", bot) for seat, bot in enumerate(bots)]
    harness = Harness(peers)
    harness.start("mountains-rivers", (board,), f"records/{label}".encode().ljust(16, b"."))
    harness.run()
    assert all(p.errors == [] and p.machine.finished for p in peers)
    return list(peers[0].machine.record), peers


@cache
def small_game() -> tuple[tuple[bytes, ...], Terminal]:
    record, peers = play("small", 3, (NeverBuryBot("a"), NeverBuryBot("b")))
    assert isinstance(peers[0].result, Terminal)
    return tuple(record), peers[0].result


@cache
def random_game() -> tuple[tuple[bytes, ...], Terminal]:
    record, peers = play("random", 7, (RandomBot("a"), RandomBot("b")))
    assert isinstance(peers[0].result, Terminal)
    return tuple(record), peers[0].result


def small() -> list[bytes]:
    return list(small_game()[0])


def spans(data: bytes) -> list[tuple[int, int, int]]:
    """(header start, payload start, end) of each envelope in a record file's bytes."""
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(data)
    unpacker.read_array_header()
    unpacker.unpack()
    unpacker.unpack()
    out = []
    for _ in range(unpacker.read_array_header()):
        start = unpacker.tell()
        item = unpacker.unpack()
        end = unpacker.tell()
        out.append((start, end - len(item), end))
    return out


def expect_invalid(envelopes: list[bytes], match: str | None = None) -> InvalidRecord:
    with pytest.raises(InvalidRecord, match=match) as info:
        verify(envelopes)
    return info.value


def types(envelopes: Sequence[bytes]) -> list[str]:
    return [Envelope.decode(e).type for e in envelopes]


def reseal(identity_label: str, data: bytes, **changes: Any) -> bytes:
    identity = deterministic_peer(identity_label, None).identity
    assert identity is not None and identity.public == Envelope.decode(data).sender
    return resign(identity, data, **changes)


# --- the file format ---------------------------------------------------------------------------


def test_a_record_file_is_the_documented_msgpack_array() -> None:
    envelopes = small()
    data = encode(envelopes)
    assert msgpack.unpackb(data) == ["goldnet-record", 2, envelopes]
    assert data.startswith(b"\x93\xaegoldnet-record\x02")
    assert decode(data) == envelopes
    # Each envelope is a bin holding its exact signed bytes.
    for (start, payload, end), env in zip(spans(data), envelopes, strict=True):
        assert data[payload:end] == env and data[start] in (0xC4, 0xC5, 0xC6)


def test_write_then_read(tmp_path: Path) -> None:
    path = tmp_path / "game.goldnet"
    records.write(path, small())
    assert read(path) == small()
    assert [p.name for p in tmp_path.iterdir()] == ["game.goldnet"]  # no temporary left


@pytest.mark.parametrize(
    ("data", "where"),
    [
        (b"", "ends early, at byte 0"),
        (b"\x00", "undecodable at byte 0"),
        (b"\xc1", "undecodable at byte"),
        (msgpack.packb(["goldnet-record", 1]), "bad header"),
        (msgpack.packb(["goldnet-recorx", 1, []]), "bad header"),
        (msgpack.packb([b"goldnet-record", 1, []]), "bad header"),
        (msgpack.packb(["goldnet-record", 3, []]), "version 3 is not supported"),
        (msgpack.packb(["goldnet-record", 1.0, []]), r"integer 1 or 2, not 1.0 \(a float\)"),
        (msgpack.packb(["goldnet-record", True, []]), r"integer 1 or 2, not True \(a bool\)"),
        (msgpack.packb(["goldnet-record", 1, {}]), "undecodable at byte 17"),
        (msgpack.packb(["goldnet-record", 1, ["text"]]), "envelope 0 at byte 18 is not a byte"),
        (msgpack.packb(["goldnet-record", 1, [b"x", 5]]), "envelope 1 at byte 21 is not a byte"),
        (msgpack.packb(["goldnet-record", 1, [b"x"]]) + b"\x00", "unexpected bytes after"),
        (msgpack.packb(["goldnet-record", 1, [b"x" * 10]])[:-3], "ends inside envelope 0"),
        (b"\x93\xaegoldnet-record\x01\xdd\xff\xff\xff\xff", "ends inside envelope 0"),
        (b"\x93\xaegoldnet-record\x01\xc4\x05", "undecodable at byte 17"),
        (b"\x93\xa1\xff", "undecodable"),
    ],
)
def test_undecodable_files_say_where(data: bytes, where: str) -> None:
    with pytest.raises(RecordError, match=where):
        decode(data)


def test_every_truncation_of_a_record_file_is_refused_saying_where() -> None:
    data = encode(small()[:6])
    for cut in range(len(data)):
        with pytest.raises(RecordError, match=r"byte|bad header"):
            decode(data[:cut])


def test_an_oversized_file_is_refused_before_decoding(monkeypatch: pytest.MonkeyPatch) -> None:
    data = encode(small())
    monkeypatch.setattr(records, "MAX_RECORD_SIZE", len(data) - 1)
    with pytest.raises(RecordError, match="larger than a record can be"):
        decode(data)


def test_an_unreadable_path_is_a_record_error(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        read(tmp_path / "missing.goldnet")
    with pytest.raises(RecordError, match="cannot read"):
        read(tmp_path)  # a folder


# --- verification ------------------------------------------------------------------------------


def test_a_finished_game_verifies_with_its_result() -> None:
    envelopes, result = random_game()
    checked = verify(list(envelopes))
    assert isinstance(checked, Verified)
    assert checked.result == result
    assert checked.envelopes == len(envelopes)
    assert checked.turns == types(envelopes).count("action")
    assert checked.draws * 2 == types(envelopes).count("reveal")
    summary = checked.summary()
    table = Envelope.decode(envelopes[0]).body
    assert summary == {
        "game": "mountains-rivers",
        "options": [7],
        "names": ["random", "random"],
        "players": [fingerprint(k) for k in table[2]],
        "ending": "over",
        "scores": list(result.scores),
        "winners": list(result.winners),
        "turns": checked.turns,
        "draws": checked.draws,
        "envelopes": len(envelopes),
        "protocol": 2,
        "warnings": [],
    }


def test_an_empty_or_table_less_record_is_invalid() -> None:
    assert expect_invalid([], "holds no table").index is None
    assert expect_invalid(small()[1:], "holds no table").index is None


def test_a_record_that_stops_before_the_end_is_invalid() -> None:
    envelopes = small()
    for cut in (1, 3, len(envelopes) // 2, len(envelopes) - 1):
        assert expect_invalid(envelopes[:cut], "ends before the game does").index is None


def first_later_index_of_sender(envelopes: list[bytes], i: int, sender: bytes) -> int:
    return next(
        (j for j in range(i, len(envelopes)) if Envelope.decode(envelopes[j]).sender == sender),
        len(envelopes),
    )


def test_removing_any_one_envelope_is_caught_at_or_after_its_place() -> None:
    envelopes = small()
    for i in range(1, len(envelopes)):
        sender = Envelope.decode(envelopes[i]).sender
        tampered = envelopes[:i] + envelopes[i + 1 :]
        error = expect_invalid(tampered)
        if error.index is None:  # the removed envelope was the last one
            assert i == len(envelopes) - 1 and "ends before the game does" in error.reason
            continue
        # Nobody is blamed for a gap: nothing from the gap on is ever applied.
        assert error.index <= i <= first_later_index_of_sender(tampered, i, sender), (i, error)
        assert "never applied" in error.reason and sender


def test_swapping_two_envelopes_is_caught_at_the_first_of_them() -> None:
    envelopes = small()
    n = len(envelopes)
    for i, j in [(0, 1), (1, 2), (3, 4), (4, 5), (5, 6), (n - 2, n - 1), (2, n - 1), (10, 30)]:
        tampered = list(envelopes)
        tampered[i], tampered[j] = tampered[j], tampered[i]
        error = expect_invalid(tampered)
        assert error.index == i or (i == 0 and error.index is None), (i, j, error)


def test_the_reveals_of_one_draw_in_the_wrong_order_break_the_canonical_order() -> None:
    envelopes = small()
    i = types(envelopes).index("reveal")
    assert types(envelopes)[i + 1] == "reveal"
    tampered = list(envelopes)
    tampered[i], tampered[i + 1] = tampered[i + 1], tampered[i]
    assert expect_invalid(tampered, "canonical record order").index == i


def test_an_altered_reveal_is_caught_at_its_place() -> None:
    envelopes = small()
    positions = [i for i, t in enumerate(types(envelopes)) if t == "reveal"]
    for i in positions[3], positions[-1]:
        env = Envelope.decode(envelopes[i])
        seat = Envelope.decode(envelopes[0]).body[2].index(env.sender)
        draw, value = env.body
        # Signed again by the real member: the chain check catches it, and the record is now
        # the proof that this member cheated (a halted game, valid as such).
        forged = reseal(f"small/{seat}", envelopes[i], body=(draw, bytes(32)))
        halted = verify([*envelopes[:i], forged, *envelopes[i + 1 :]])
        assert halted.ending == "halted" and halted.result is None
        assert halted.culprit == env.sender and "does not hash to its chain" in halted.reason
        # A draw number changed without signing again: the signature catches it.
        raw = bytearray(envelopes[i])
        raw[raw.index(value) - 3] ^= 0x01  # the draw number, just before the value's header
        error = expect_invalid([*envelopes[:i], bytes(raw), *envelopes[i + 1 :]])
        assert error.index == i and "bad signature" in error.reason


def test_a_duplicated_envelope_is_caught_as_a_replay() -> None:
    envelopes = small()
    for i in (1, 5):
        tampered = [*envelopes[: i + 1], envelopes[i], *envelopes[i + 1 :]]
        assert expect_invalid(tampered, "replayed envelope").index == i + 1
    last = [*envelopes, envelopes[-1]]
    assert expect_invalid(last, "replayed envelope").index == len(envelopes)


def test_an_envelope_after_the_end_is_caught() -> None:
    envelopes = small()
    last = Envelope.decode(envelopes[-1])
    seat = Envelope.decode(envelopes[0]).body[2].index(last.sender)
    seen = list(last.seen)
    seen[seat] = (last.seq + 1, last.hash)
    extra = reseal(
        f"small/{seat}", envelopes[-1], seq=last.seq + 1, prev=last.hash, seen=tuple(seen)
    )
    error = expect_invalid([*envelopes, extra], "never applied")
    assert error.index == len(envelopes)


def test_every_byte_position_of_a_small_record_when_flipped_fails() -> None:
    """Flip (xor 0x01) every byte of the file's header and of its first three envelopes, and a
    deterministic sample of 300 positions over the rest: verification never accepts, and
    raises nothing but RecordError or InvalidRecord; a flip inside an envelope's bytes is
    blamed on that very envelope."""
    envelopes = small()
    data = encode(envelopes)
    layout = spans(data)
    head = layout[2][2]
    sample = Stream("tests/records/flip")
    rest = sorted({head + sample.below(len(data) - head) for _ in range(300)})
    owner = {p: i for i, (_, start, end) in enumerate(layout) for p in range(start, end)}
    outcomes = {"undecodable": 0, "invalid": 0}
    for position in [*range(head), *rest]:
        flipped = bytearray(data)
        flipped[position] ^= 0x01
        try:
            verify(decode(bytes(flipped)))
        except RecordError:
            outcomes["undecodable"] += 1
            assert position not in owner, position  # payload bytes always decode
        except InvalidRecord as exc:
            outcomes["invalid"] += 1
            if position in owner:
                assert exc.index == owner[position], (position, exc)
        else:
            raise AssertionError(f"a record with byte {position} flipped verified")
    assert outcomes["undecodable"] > 0 and outcomes["invalid"] > 500


# --- fuzzing -----------------------------------------------------------------------------------


@settings(max_examples=300)
@given(st.binary(max_size=400))
def test_random_files_raise_only_record_errors(data: bytes) -> None:
    try:
        envelopes = decode(data)
    except RecordError:
        return
    assert all(isinstance(e, bytes) for e in envelopes)
    with pytest.raises(InvalidRecord):
        verify(envelopes)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(st.integers(0, 1 << 20), st.integers(1, 255), st.sampled_from("fidc")),
        min_size=1,
        max_size=3,
    )
)
def test_mutated_record_files_never_verify(edits: list[tuple[int, int, str]]) -> None:
    data = encode(small()[:12] + small()[-2:])  # short, so every mutation is checked quickly
    original = data
    out = mutate(data, edits)
    try:
        envelopes = decode(bytes(out))
        verify(envelopes)
    except (RecordError, InvalidRecord):
        return
    raise AssertionError(f"verified a mutated record (unchanged: {bytes(out) == original})")


# --- the command line ----------------------------------------------------------------------------


def goldnet(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "goldnet", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("records")
    envelopes = small()
    data = encode(envelopes)
    layout = spans(data)
    reveal = [i for i, t in enumerate(types(envelopes)) if t == "reveal"][3]
    draw, _ = Envelope.decode(envelopes[reveal]).body
    seat = Envelope.decode(envelopes[0]).body[2].index(Envelope.decode(envelopes[reveal]).sender)
    altered = reseal(f"small/{seat}", envelopes[reveal], body=(draw, b"\x01" * 32))
    flipped_payload = bytearray(data)
    flipped_payload[layout[7][1] + 20] ^= 0x01
    flipped_header = bytearray(data)
    flipped_header[layout[7][0]] ^= 0x01  # bin8 becomes bin16: the lengths no longer add up
    contents = {
        "good": data,
        "flipped": bytes(flipped_payload),
        "removed": encode(envelopes[:9] + envelopes[10:]),
        "swapped": encode([*envelopes[:4], envelopes[5], envelopes[4], *envelopes[6:]]),
        "altered": encode([*envelopes[:reveal], altered, *envelopes[reveal + 1 :]]),
        "header": bytes(flipped_header),
        "truncated": data[: len(data) // 2],
        "garbage": b"this is not a record\n",
    }
    paths = {}
    for name, content in contents.items():
        paths[name] = folder / f"{name}.goldnet"
        paths[name].write_bytes(content)
    paths["missing"] = folder / "missing.goldnet"
    paths["reveal-index"] = Path(str(reveal))
    return paths


def test_cli_verify_accepts_a_valid_record_and_prints_the_result(files: dict[str, Path]) -> None:
    result = goldnet("verify", str(files["good"]))
    assert result.returncode == 0, result.stderr
    _, outcome = small_game()
    a, b = outcome.scores
    winner = ("eager", "eager")[outcome.winners[0]]
    line = result.stdout.strip()
    assert line.startswith(f"{files['good']}: valid  board  3  eager (mountains) {a:2d} - {b:2d}")
    assert f"winner: {winner}" in line and f"turns: {verify(small()).turns}" in line
    assert result.stderr == ""


def test_cli_verify_exits_1_naming_the_first_bad_envelope(files: dict[str, Path]) -> None:
    names = ["flipped", "removed", "swapped"]
    result = goldnet(
        "verify", "--json", str(files["good"]), *(str(files[n]) for n in [*names, "altered"])
    )
    assert result.returncode == 1, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["valid"] for line in lines] == [True, False, False, False, True]
    by_name = {Path(line["file"]).stem: line for line in lines}
    assert by_name["good"]["scores"] == list(small_game()[1].scores)
    # The command names what the library names (tested above): compute it in-process.
    expected = {}
    for name in names:
        error = expect_invalid(decode(files[name].read_bytes()))
        assert error.index is not None
        expected[name] = (error.index, error.reason)
    reveal = int(str(files["reveal-index"]))
    assert expected["flipped"][0] == 7 and "bad signature" in expected["flipped"][1]
    assert expected["removed"][0] <= 9 and "never applied" in expected["removed"][1]
    assert expected["swapped"][0] == 4
    # A reveal re-signed by its member is that member's proven fault: a halted game's record.
    altered = by_name["altered"]
    assert altered["ending"] == "halted" and "does not hash to its chain" in altered["reason"]
    assert altered["culprit"] == fingerprint(
        Envelope.decode(decode(files["good"].read_bytes())[reveal]).sender
    )
    errors = result.stderr.splitlines()
    assert len(errors) == 3
    for name, line in zip(names, errors, strict=True):
        index, reason = expected[name]
        assert by_name[name]["index"] == index
        assert by_name[name]["error"] == f"envelope {index}: {reason}"
        assert line == f"goldnet verify: {files[name]}: INVALID: envelope {index}: {reason}"


def test_cli_verify_exits_2_for_unreadable_files_saying_where(files: dict[str, Path]) -> None:
    names = ["good", "header", "truncated", "garbage", "missing", "flipped"]
    result = goldnet("verify", *(str(files[n]) for n in names))
    assert result.returncode == 2
    assert result.stdout.splitlines() == [result.stdout.splitlines()[0]]
    assert ": valid  " in result.stdout
    errors = dict(line.split(": ", 2)[1:] for line in result.stderr.splitlines())
    assert errors[str(files["header"])].startswith("unreadable record: ")
    assert "byte" in errors[str(files["header"])]
    assert "byte" in errors[str(files["truncated"])]
    assert "at byte 0" in errors[str(files["garbage"])]
    assert "cannot read" in errors[str(files["missing"])]
    assert errors[str(files["flipped"])].startswith("INVALID: envelope 7: ")
    assert "Traceback" not in result.stderr


def test_two_envelopes_with_one_sequence_number_verify_as_the_proof_against_their_signer(
    tmp_path: Path,
) -> None:
    """A record holding a member's envelope and a second, different one with the same sequence
    number is the proof that this member signed two histories: `goldnet verify` says so,
    naming it, and shows both envelopes."""
    envelopes = small()
    i = types(envelopes).index("action")
    env = Envelope.decode(envelopes[i])
    seat = Envelope.decode(envelopes[0]).body[2].index(env.sender)
    other = reseal(f"small/{seat}", envelopes[i], body=(bytes(32), env.body[1]))
    checked = verify([*envelopes, other])
    assert (checked.ending, checked.result, checked.culprit) == ("halted", None, env.sender)
    assert "two histories" in checked.reason
    assert len(checked.evidence) == 2
    assert all(f"envelope {env.seq} (action)" in line for line in checked.evidence)
    assert env.hash.hex() in checked.evidence[0]
    path = tmp_path / "proof.goldnet"
    write(path, [*envelopes, other])
    result = goldnet("verify", str(path))
    assert result.returncode == 0, result.stderr
    assert f"halted: {fingerprint(env.sender)} is proven to have cheated" in result.stdout
    assert result.stdout.count("  proof: envelope") == 2
