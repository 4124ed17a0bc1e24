"""Records of protocol version 1 (tests/data/records-v1, made by the last version-1 goldnet):
they keep verifying through protocol/v1.py, reported as protocol 1 with the warning that their
dice could have been steered, with exactly the results version 1 computed; any change to one
is refused naming the envelope; the record header is strict."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from goldnet.records import (
    V1_WARNING,
    InvalidRecord,
    Record,
    RecordError,
    _v1_engines,
    decode,
    encode,
    read,
    verify,
)
from goldnet.rng import Stream
from protocol import v1
from protocol.codec import pack
from protocol.errors import RemoteProtocolError
from protocol.identity import Identity
from tests.forge import mutate

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "records-v1"
EXPECTED: dict[str, dict[str, Any]] = json.loads((DATA / "expected.json").read_text())
MOUNTAINS_RIVERS = sorted(name for name in EXPECTED if not name.startswith("toy"))
TOY = "toy-3-seats-recommit.goldnet"


def fixture(name: str) -> Record:
    return read(DATA / name)


# --- the toy game the 3-seat fixture was played with (its rules, as they were) ---------------


class ToyEngine:
    """Each round a 1-2-2-2-1 die, then the seat in turn takes 1..roll points; 67 rounds."""

    ROUNDS = 67

    def __init__(self, seats: int) -> None:
        self.round, self.roll, self.scores = 0, 0, [0] * seats

    def due(self) -> tuple[str, Any]:
        if self.round >= self.ROUNDS:
            return ("over", tuple(self.scores))
        if not self.roll:
            return ("chance", (1, 2, 2, 2, 1))
        return ("turn", self.round % len(self.scores))

    def check_action(self, seat: int, action: tuple[Any, ...]) -> None:
        if self.due() != ("turn", seat):
            raise ValueError(f"it is not seat {seat}'s turn")
        if len(action) != 2 or action[0] != "take" or type(action[1]) is not int:
            raise ValueError(f"not a toy action: {action!r}")
        if not 1 <= action[1] <= self.roll:
            raise ValueError(f"take 1 to {self.roll}, not {action[1]}")

    def apply_action(self, seat: int, action: tuple[Any, ...]) -> None:
        self.scores[seat] += action[1]
        self.round, self.roll = self.round + 1, 0

    def apply_outcome(self, index: int) -> None:
        self.roll = index + 1

    def state_hash(self) -> bytes:
        state = ["toy", self.round, self.roll or None, tuple(self.scores)]
        return hashlib.sha256(pack(state)).digest()


def toy_engines(game: str, options: tuple[Any, ...], seats: int) -> ToyEngine:
    if game != "toy" or options != ():
        raise ValueError(f"unknown game {game!r}")
    return ToyEngine(seats)


def toy_key(seat: int) -> Identity:
    return Identity(hashlib.sha256(f"toy/key/v1-fixture/{seat}".encode()).digest())


def reseal(data: bytes, **changes: Any) -> bytes:
    """A toy fixture's envelope changed and signed again by its real sender."""
    names = ("version", "type", "game_id", "sender", "seq", "prev", "body")
    fields = dict(zip(names, unpack(data)[:7], strict=True))
    fields.update(changes)
    identity = next(toy_key(s) for s in range(3) if toy_key(s).public == fields["sender"])
    values = list(fields.values())
    return pack([*values, identity.sign(v1.SIGNING_TAG + pack(values))])


def unpack(data: bytes) -> tuple[Any, ...]:
    value = msgpack.unpackb(data, use_list=False)
    assert isinstance(value, tuple)
    return value


def types(envelopes: list[bytes]) -> list[str]:
    return [v1.decode(e).type for e in envelopes]


def toy_refusal(envelopes: list[bytes]) -> RemoteProtocolError:
    with pytest.raises(RemoteProtocolError) as info:
        v1.verify_record(envelopes, toy_engines)
    return info.value


def refusal(envelopes: Record) -> InvalidRecord:
    with pytest.raises(InvalidRecord) as info:
        verify(envelopes)
    return info.value


# --- the fixtures verify as version 1 did ----------------------------------------------------


@pytest.mark.parametrize("name", MOUNTAINS_RIVERS)
def test_version_1_records_verify_as_protocol_1_with_the_warning(name: str) -> None:
    envelopes = fixture(name)
    assert envelopes.version == 1
    checked = verify(envelopes)
    assert checked.protocol == 1
    assert checked.warnings == (V1_WARNING,)
    expected = {k: v for k, v in EXPECTED[name].items() if k != "outcomes"}
    summary = {**expected, "ending": "over", "protocol": 1, "warnings": [V1_WARNING]}
    assert checked.summary() == summary


@pytest.mark.parametrize("name", MOUNTAINS_RIVERS)
def test_every_draw_of_a_version_1_record_comes_out_as_version_1_drew_it(name: str) -> None:
    game = v1.verify_record(fixture(name), _v1_engines())
    assert list(game.outcomes) == EXPECTED[name]["outcomes"]
    assert game.actions == EXPECTED[name]["turns"]


def test_a_three_seat_record_with_recommitted_chains_verifies() -> None:
    envelopes = fixture(TOY)
    assert types(envelopes).count("recommit") == 6  # each member recommits twice
    game = v1.verify_record(envelopes, toy_engines)
    expected = EXPECTED[TOY]
    assert list(game.outcomes) == expected["outcomes"]  # draws 66 and 67 from second segments
    assert list(game.result) == expected["result"]
    assert game.actions == expected["turns"] and game.envelopes == expected["envelopes"]
    assert list(game.table.names) == expected["names"]


def test_the_warning_says_in_plain_words_why_the_result_is_not_proven_fair() -> None:
    assert "protocol version 1" in V1_WARNING
    assert "dice" in V1_WARNING and "steer" in V1_WARNING
    assert "cannot be trusted as fair" in V1_WARNING


# The version-1 test vectors (docs/protocol.md, version 1, §8): keys A and B, their chains of
# length 4, A's table of board 1 and A's commit, and the rolls of draws 1 to 4.
KEY_A = bytes.fromhex("404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f")
KEY_B = bytes.fromhex("606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f")
SEED_A = bytes(range(32))
SEED_B = bytes(range(32, 64))
TABLE_ENVELOPE = bytes.fromhex(
    "9801a57461626c65c4203aa74efa1493d1ec1d6d9049324c82a306108aaed6a1"
    "38db5330699155fd7c4dc4202543b92ff1095511476adc8369db6ddc933665a1"
    "1978dda1404ee1066ca9559d00c4200000000000000000000000000000000000"
    "00000000000000000000000000000095b06d6f756e7461696e732d7269766572"
    "73910192c4202543b92ff1095511476adc8369db6ddc933665a11978dda1404e"
    "e1066ca9559dc420174553b456dddfc6908ecab1c101fe6ab21e2baa0617795b"
    "7d43a63482993fd592a3416461a2426fc410a0a1a2a3a4a5a6a7a8a9aaabacad"
    "aeafc44051a4a894b6d6c361dea5e6cbbe1e0ba91747c267fc29e2e1e17ea532"
    "eafca7e02477b1250ba7fe79b1938c6068876f27fc019b5b9eb739b4b8bd8f63"
    "a4a3b90c"
)
COMMIT_ENVELOPE = bytes.fromhex(
    "9801a6636f6d6d6974c4203aa74efa1493d1ec1d6d9049324c82a306108aaed6"
    "a138db5330699155fd7c4dc4202543b92ff1095511476adc8369db6ddc933665"
    "a11978dda1404ee1066ca9559d01c420ba91f435aafdbd1e30df8e22f92d333c"
    "a22392c2d9883a4f6918e8ad5a29c2ac92c42035ea14a16455f993b780e944ce"
    "9ae96a34ed0fc8fc3a283dab4517188cff227404c440698b1aece98d0c74092a"
    "0363712922846c6f7666c7fea77eb2214141bc1abcf0590fbde9552d3dc9284b"
    "436bd982dfed49f01bfb91284c2feb90270829995d05"
)


class FourRolls:
    """Four 1-5 rolls, no turns: the draws of the test vectors."""

    def __init__(self) -> None:
        self.rolls: list[int] = []

    def due(self) -> tuple[str, Any]:
        return ("over", self.rolls) if len(self.rolls) == 4 else ("chance", (1, 2, 2, 2, 1))

    def check_action(self, seat: int, action: tuple[Any, ...]) -> None:
        raise ValueError("no actions")

    def apply_action(self, seat: int, action: tuple[Any, ...]) -> None:
        raise AssertionError("no actions")

    def apply_outcome(self, index: int) -> None:
        self.rolls.append(index + 1)

    def state_hash(self) -> bytes:
        return bytes(32)


def seal_v1(key: bytes, type_: str, seq: int, prev: bytes, body: tuple[Any, ...]) -> bytes:
    identity = Identity(key)
    game_id = v1.decode(TABLE_ENVELOPE).game_id
    fields = [1, type_, game_id, identity.public, seq, prev, body]
    return pack([*fields, identity.sign(v1.SIGNING_TAG + pack(fields))])


def test_the_version_1_test_vectors() -> None:
    table, commit = v1.decode(TABLE_ENVELOPE), v1.decode(COMMIT_ENVELOPE)
    assert table.game_id.hex().startswith("3aa74efa1493d1ec")
    assert table.hash.hex() == "ba91f435aafdbd1e30df8e22f92d333ca22392c2d9883a4f6918e8ad5a29c2ac"
    assert commit.hash.hex() == "6ba6f4fba4fb64bc2493ce753f46df23ae080b0f30d5b0bbd45001448dc9d8ca"
    chains = []
    for seed in SEED_A, SEED_B:
        x = [seed]
        for _ in range(4):
            x.append(hashlib.sha256(v1.CHAIN_TAG + x[-1]).digest())
        chains.append(x[::-1])  # x[0] is the commitment
    assert commit.body == (chains[0][0], 4)
    record = [
        TABLE_ENVELOPE,
        COMMIT_ENVELOPE,
        seal_v1(KEY_B, "commit", 0, bytes(32), (chains[1][0], 4)),
    ]
    last = [commit.hash, v1.decode(record[2]).hash]
    for draw in range(1, 5):
        for seat, key in enumerate((KEY_A, KEY_B)):
            seq = draw + 1 if seat == 0 else draw
            record.append(seal_v1(key, "reveal", seq, last[seat], (draw, chains[seat][draw])))
            last[seat] = v1.decode(record[-1]).hash

    def dice(game: str, options: tuple[Any, ...], seats: int) -> FourRolls:
        assert (game, options, seats) == ("mountains-rivers", (1,), 2)
        return FourRolls()

    game = v1.verify_record(record, dice)
    assert game.result == [1, 2, 3, 3]  # draw.1.roll … draw.4.roll
    assert game.table.names == ("Ada", "Bo")


# --- any change is refused, naming the envelope --------------------------------------------------


def spans(data: bytes) -> list[tuple[int, int]]:
    """(payload start, end) of each envelope in a record file's bytes."""
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(data)
    unpacker.read_array_header()
    unpacker.skip()
    unpacker.skip()
    out = []
    for _ in range(unpacker.read_array_header()):
        item = unpacker.unpack()
        out.append((unpacker.tell() - len(item), unpacker.tell()))
    return out


@pytest.mark.parametrize("name", [MOUNTAINS_RIVERS[-1], TOY])
def test_a_flipped_byte_anywhere_is_refused_naming_its_envelope(name: str) -> None:
    data = (DATA / name).read_bytes()
    owner = {p: i for i, (start, end) in enumerate(spans(data)) for p in range(start, end)}
    sample = Stream("tests/records-v1/flip", name)
    positions = sorted({*range(40), *(sample.below(len(data)) for _ in range(250))})
    named = 0
    for position in positions:
        flipped = bytearray(data)
        flipped[position] ^= 0x01
        try:
            envelopes = decode(bytes(flipped))
            if envelopes.version == 1 and name == TOY:
                v1.verify_record(envelopes, toy_engines)
            else:
                verify(envelopes)
        except RecordError:
            assert position not in owner, position  # an envelope's own bytes always decode
        except (InvalidRecord, RemoteProtocolError) as exc:
            if position in owner:
                assert exc.index == owner[position], (position, exc)
                named += 1
        else:
            raise AssertionError(f"{name} with byte {position} flipped verified")
    assert named > 200


def test_dropping_any_envelope_is_refused_at_its_place() -> None:
    envelopes = fixture(MOUNTAINS_RIVERS[0])
    for i in range(len(envelopes)):
        error = refusal(Record(envelopes[:i] + envelopes[i + 1 :], 1))
        if i == len(envelopes) - 1:
            assert error.index is None and "ends before the game does" in error.reason
        else:
            assert error.index == i, (i, error)
    toy = fixture(TOY)
    for i in range(len(toy) - 1):
        assert toy_refusal(toy[:i] + toy[i + 1 :]).index == i


def test_swapping_envelopes_is_refused_at_the_first_of_them() -> None:
    envelopes = fixture(MOUNTAINS_RIVERS[1])
    n = len(envelopes)
    pairs = [(i, i + 1) for i in range(n - 1)] + [(0, n - 1), (3, 40), (10, 11), (2, n - 2)]
    for i, j in pairs:
        tampered = list(envelopes)
        tampered[i], tampered[j] = tampered[j], tampered[i]
        assert refusal(Record(tampered, 1)).index == i, (i, j)
    toy = fixture(TOY)
    for i in range(len(toy) - 1):
        tampered = list(toy)
        tampered[i], tampered[i + 1] = tampered[i + 1], tampered[i]
        assert toy_refusal(tampered).index == i


def test_a_duplicated_envelope_is_refused_as_a_replay() -> None:
    envelopes = fixture(MOUNTAINS_RIVERS[2])
    for i in (1, 2, 5, 30, len(envelopes) - 1):
        error = refusal(Record([*envelopes[: i + 1], *envelopes[i:]], 1))
        assert error.index == i + 1
        assert "replayed envelope" in error.reason or "after the end" in error.reason


def test_a_record_cut_short_or_without_its_table_is_refused() -> None:
    envelopes = fixture(MOUNTAINS_RIVERS[0])
    assert refusal(Record([], 1)).reason == "the record holds no table"
    error = refusal(Record(envelopes[1:], 1))
    assert error.index == 0 and "a record starts with its table, not a commit" in error.reason
    for cut in (1, 2, 3, 50, len(envelopes) - 1):
        error = refusal(Record(envelopes[:cut], 1))
        assert error.index is None and "ends before the game does" in error.reason


def test_an_altered_reveal_signed_by_its_member_is_refused_naming_the_member() -> None:
    toy = fixture(TOY)
    kinds = types(toy)
    for i in (kinds.index("reveal"), len(kinds) - 1 - kinds[::-1].index("reveal")):
        draw, value = v1.decode(toy[i]).body
        for body, reason in (
            ((draw, bytes(32)), "does not hash to the previous value"),
            ((draw + 1, value), f"reveal for draw {draw + 1} where draw {draw} is due"),
            ((True, value), "a reveal body is [draw, value]"),
        ):
            error = toy_refusal([*toy[:i], reseal(toy[i], body=body), *toy[i + 1 :]])
            assert error.index == i and reason in error.reason, (i, body, error)
            assert error.culprit == v1.decode(toy[i]).sender


def test_altered_recommits_commits_and_actions_are_refused_at_their_place() -> None:
    toy = fixture(TOY)
    kinds = types(toy)
    recommit, commit, action = kinds.index("recommit"), kinds.index("commit"), kinds.index("action")
    first, anchor, length = v1.decode(toy[recommit]).body
    state_hash, move = v1.decode(toy[action]).body
    first_anchor = v1.decode(toy[commit]).body[0]
    other_anchor = v1.decode(toy[commit + 1]).body[0]
    cases = [
        (recommit, (first + 1, anchor, length), f"recommit must start at draw {first}"),
        (recommit, (first, anchor, True), "invalid or duplicate recommitment"),
        (recommit, (first, other_anchor, length), "invalid or duplicate recommitment"),
        (commit + 1, (first_anchor, 65), "duplicate beacon commitment"),
        (commit, (anchor, 0), "a chain has 1 to 65536 values"),
        (action, (bytes(32), move), "state-hash mismatch"),
        (action, (state_hash, ("take", 99)), "illegal action by seat 0: take 1 to"),
        (action, (state_hash,), "an action body is [state hash, action]"),
    ]
    for i, body, reason in cases:
        error = toy_refusal([*toy[:i], reseal(toy[i], body=body), *toy[i + 1 :]])
        assert error.index == i and reason in error.reason, (i, body, error)
        assert error.culprit == v1.decode(toy[i]).sender


def test_a_malformed_or_foreign_table_is_refused_at_envelope_0() -> None:
    toy = fixture(TOY)
    body = v1.decode(toy[0]).body
    members = body[2]
    for changed, reason in (
        (body[:4], "a table body is [game (text)"),
        ((*body[:2], (members[0],) * 3, *body[3:]), "a table body is"),  # a member twice
        ((*body[:3], ("x" * 41, "b", "c"), body[4]), "a table body is"),
        ((*body[:4], b"short"), "a table body is"),
        (("chess", *body[1:]), "the table's game id is not the hash of its body"),
    ):
        error = toy_refusal([reseal(toy[0], body=changed), *toy[1:]])
        assert error.index == 0 and reason in error.reason, (changed, error)
    game_id = v1.Table("chess", *body[1:]).game_id
    error = toy_refusal([reseal(toy[0], body=("chess", *body[1:]), game_id=game_id), *toy[1:]])
    assert error.index == 0 and error.reason == "unplayable table: unknown game 'chess'"


def test_an_envelope_after_the_end_is_refused() -> None:
    toy = fixture(TOY)
    last = v1.decode(toy[-1])
    extra = reseal(toy[-1], seq=last.seq + 1, prev=last.hash)
    error = toy_refusal([*toy, extra])
    assert error.index == len(toy) and "after the end of the game" in error.reason


def test_a_current_envelope_in_a_version_1_record_is_refused() -> None:
    toy = fixture(TOY)
    changed = reseal(toy[5], version=2)
    error = toy_refusal([*toy[:5], changed, *toy[6:]])
    assert error.index == 5 and "protocol version 2 in a version-1 record" in error.reason


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(st.integers(0, 1 << 20), st.integers(1, 255), st.sampled_from("fidc")),
        min_size=1,
        max_size=3,
    )
)
def test_mutated_version_1_files_never_verify_and_never_crash(
    edits: list[tuple[int, int, str]],
) -> None:
    original = (DATA / MOUNTAINS_RIVERS[0]).read_bytes()
    out = mutate(original, edits)
    try:
        verify(decode(bytes(out)))
    except (RecordError, InvalidRecord):
        return
    assert bytes(out) == original, "a mutated version-1 record verified"


# --- the strict header -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("version", "message"),
    [
        (1.0, "the record version must be the integer 1 or 2, not 1.0 (a float)"),
        (True, "the record version must be the integer 1 or 2, not True (a bool)"),
        ("1", "the record version must be the integer 1 or 2, not '1' (a str)"),
        (None, "the record version must be the integer 1 or 2, not None (a NoneType)"),
        (3, "record version 3 is not supported (this reads 1 and 2)"),
        (0, "record version 0 is not supported (this reads 1 and 2)"),
        (-1, "record version -1 is not supported (this reads 1 and 2)"),
    ],
)
def test_the_record_version_is_the_integer_1_or_2(version: Any, message: str) -> None:
    data = msgpack.packb(["goldnet-record", version, list(fixture(MOUNTAINS_RIVERS[0]))])
    with pytest.raises(RecordError) as info:
        decode(data)
    assert str(info.value) == message


@pytest.mark.parametrize("magic", ["goldnet-recorx", "Goldnet-record", "", b"goldnet-record", 1])
def test_the_record_magic_is_exactly_goldnet_record(magic: Any) -> None:
    with pytest.raises(RecordError, match=r"^not a goldnet record \(bad header: .*\)$"):
        decode(msgpack.packb([magic, 1, []], use_bin_type=True))


def test_a_long_wrong_magic_is_shown_cut_short() -> None:
    with pytest.raises(RecordError) as info:
        decode(msgpack.packb(["x" * 5000, 1, []]))
    assert len(str(info.value)) < 120


def test_new_files_are_version_2_and_verify_without_a_warning() -> None:
    data = encode(list(fixture(MOUNTAINS_RIVERS[0])))
    assert data.startswith(b"\x93\xaegoldnet-record\x02")
    assert decode(data).version == 2
    assert decode((DATA / MOUNTAINS_RIVERS[0]).read_bytes()).version == 1
    # A plain list of envelopes is a record of the current protocol.
    assert Record([b"x"]).version == 2


# --- goldnet verify --------------------------------------------------------------------------


def goldnet(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "goldnet", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )


def test_cli_verify_accepts_version_1_records_and_shows_the_warning() -> None:
    paths = [str(DATA / name) for name in MOUNTAINS_RIVERS]
    result = goldnet("verify", *paths)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == len(paths)
    for path, line in zip(paths, lines, strict=True):
        assert line.startswith(f"{path}: valid  board ")
        assert line.endswith("  protocol: 1 (dice not proven fair)")
    assert result.stderr.splitlines() == [
        f"goldnet verify: {path}: warning: {V1_WARNING}" for path in paths
    ]
    result = goldnet("verify", "--json", paths[0])
    assert result.returncode == 0, result.stderr
    line = json.loads(result.stdout)
    assert line["valid"] is True and line["protocol"] == 1 and line["warnings"] == [V1_WARNING]
    assert line["scores"] == EXPECTED[MOUNTAINS_RIVERS[0]]["scores"]


def test_cli_verify_refuses_bad_version_1_files_in_one_line_each(tmp_path: Path) -> None:
    envelopes = fixture(MOUNTAINS_RIVERS[0])
    data = (DATA / MOUNTAINS_RIVERS[0]).read_bytes()
    start, _ = spans(data)[7]
    flipped = bytearray(data)
    flipped[start + 30] ^= 0x01
    contents = {
        "flipped": bytes(flipped),
        "dropped": msgpack.packb(["goldnet-record", 1, envelopes[:9] + envelopes[10:]]),
        "float": msgpack.packb(["goldnet-record", 1.0, list(envelopes)]),
        "bool": msgpack.packb(["goldnet-record", True, list(envelopes)]),
        "three": msgpack.packb(["goldnet-record", 3, list(envelopes)]),
        "magic": msgpack.packb(["goldnet-records", 1, list(envelopes)]),
    }
    for name, content in contents.items():
        (tmp_path / f"{name}.goldnet").write_bytes(content)
    result = goldnet("verify", *(str(tmp_path / f"{name}.goldnet") for name in contents))
    assert result.returncode == 2 and result.stdout == ""
    assert "Traceback" not in result.stderr
    errors = dict(line.split(": ", 2)[1:] for line in result.stderr.splitlines())
    assert len(errors) == len(contents)
    assert errors[str(tmp_path / "flipped.goldnet")].startswith("INVALID: envelope 7: ")
    assert errors[str(tmp_path / "dropped.goldnet")].startswith("INVALID: envelope 9: ")
    assert "not 1.0 (a float)" in errors[str(tmp_path / "float.goldnet")]
    assert "not True (a bool)" in errors[str(tmp_path / "bool.goldnet")]
    assert "record version 3 is not supported" in errors[str(tmp_path / "three.goldnet")]
    assert "bad header" in errors[str(tmp_path / "magic.goldnet")]
