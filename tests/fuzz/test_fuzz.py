"""The fuzz targets (docs/security.md, "Fuzzing"): every regression input and every seed passes
its target; a short coverage-guided run of every target finds nothing; and the targets do
catch what they exist to catch (a target that could not fail would prove nothing)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fuzz.registry import TARGETS
from tests.fuzz.run import CORPUS, ROOT

REGRESSIONS = sorted(p for p in CORPUS.glob("*/*") if p.is_file())


def test_every_regression_input_names_a_target() -> None:
    assert REGRESSIONS, "no regression inputs"
    assert {p.parent.name for p in REGRESSIONS} <= set(TARGETS)


@pytest.mark.parametrize("path", REGRESSIONS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_regression_input_passes_its_target(path: Path) -> None:
    TARGETS[path.parent.name].run(path.read_bytes())


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_every_seed_passes_its_target(name: str) -> None:
    seeds = TARGETS[name].seeds()
    assert seeds, f"{name} has no seeds"
    for seed in seeds:
        TARGETS[name].run(seed)


def test_the_oracles_catch_what_they_exist_for(monkeypatch: pytest.MonkeyPatch) -> None:
    """A decoder that took bytes it cannot give back, a relay that logged an envelope twice, a
    settings reader that let a language goldnet does not speak through: each target fails."""
    from goldnet.net import relay
    from goldnet.net.frames import encode
    from tests.fuzz.targets import _small_record
    from ui import i18n

    monkeypatch.setattr("tests.fuzz.targets.pack", lambda value: b"not the input")
    with pytest.raises(AssertionError, match="encode back"):
        TARGETS["codec"].run(b"\x01")
    monkeypatch.undo()

    original = relay.Relay._receive

    def forgetful(self: relay.Relay, client: object, message: tuple[object, ...]) -> None:
        self._seen.clear()  # forgets what it logged: the first envelope goes in again
        original(self, client, message)  # type: ignore[arg-type]

    monkeypatch.setattr(relay.Relay, "_receive", forgetful)
    authenticated = TARGETS["relay"].seeds()[0]
    with pytest.raises(AssertionError, match="logged twice"):
        TARGETS["relay"].run(authenticated + encode(["evidence", _small_record()[0]]))
    monkeypatch.undo()

    monkeypatch.setattr(i18n, "resolve", lambda setting: setting)
    with pytest.raises(AssertionError):
        TARGETS["settings"].run(json.dumps({"language": "tlh"}).encode())


def test_a_short_run_of_every_target_finds_nothing(tmp_path: Path) -> None:
    """``tools/fuzz.sh`` with the short budget CI gives it (20,000 inputs in all)."""
    pytest.importorskip("atheris", reason="atheris has wheels for Linux x86-64 only")
    done = subprocess.run(
        [
            str(ROOT / "tools" / "fuzz.sh"),
            "--inputs",
            "20000",
            "--timeout",
            "5",
            "--json",
            "--keep",
            str(tmp_path),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PYTHON": sys.executable},
    )
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert done.returncode == 0, done.stdout + done.stderr[-2000:]
    assert summary["failures"] == []
    assert summary["inputs"] >= 20000 * 0.95
    assert set(summary["targets"]) == set(TARGETS)
    assert all(t["coverage"] > 0 for t in summary["targets"].values())
