"""Run the fuzz targets and report (``tools/fuzz.sh`` calls this; docs/security.md, "Fuzzing").

``python -m tests.fuzz.run [--inputs N] [--targets A,B] [--jobs J] [--timeout S] [--seed S]
[--keep DIR] [--json]``: the ``N`` inputs are shared equally among the targets; each target
runs under atheris (coverage-guided libFuzzer) in its own process, ``J`` at a time, starting
from its seeds and its regression inputs (``tests/fuzz/corpus/TARGET/``). A target fails when
an input raises anything but the target's typed errors, breaks its oracle, takes longer than
``S`` seconds or exhausts memory: the input is saved (``--keep``, default a temporary folder)
and named in the report, to be added to the regression inputs once fixed.

Output: one line per target (inputs, seconds, coverage edges and features libFuzzer reached,
the verdict), then the totals; with ``--json`` a last line ``{"inputs": n, "targets": {...},
"failures": [...]}``. Exit status 0 when every target passed, 1 otherwise, 2 on bad arguments.

Invariants: nothing here is random but libFuzzer's own mutations, seeded by ``--seed``; every
process is bounded in inputs and time (a target that hangs is killed after ``--timeout`` times
its inputs' share, at least a minute).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from .targets import ROOT

CORPUS = ROOT / "tests" / "fuzz" / "corpus"
"""Regression inputs, one folder per target: every input that ever found something."""
_DONE = re.compile(r"#(\d+)\s+DONE\s+cov: (\d+) ft: (\d+)")
_STATUS = re.compile(r"#(\d+)\s+\w+\s+cov: (\d+) ft: (\d+)")


@dataclass
class Outcome:
    """What one target's run gave."""

    target: str
    inputs: int = 0
    seconds: float = 0.0
    coverage: int = 0
    features: int = 0
    failure: str = ""
    """Empty when the target passed; else why, and the saved input."""

    def line(self) -> str:
        verdict = "ok" if not self.failure else f"FAILED: {self.failure}"
        return (
            f"{self.target:27} {self.inputs:>9} inputs {self.seconds:7.1f} s  "
            f"cov {self.coverage:>5} ft {self.features:>6}  {verdict}"
        )


def _names(text: str) -> list[str]:
    from .registry import TARGETS

    names = [n for n in text.split(",") if n] if text else list(TARGETS)
    unknown = [n for n in names if n not in TARGETS]
    if unknown:
        raise SystemExit(f"fuzz: no target {', '.join(unknown)} (targets: {', '.join(TARGETS)})")
    return names


def run_target(name: str, inputs: int, timeout: float, seed: int, keep: Path) -> Outcome:
    """Fuzz ``name`` for ``inputs`` inputs in a child process; its :class:`Outcome`."""
    work = keep / name
    artifacts = keep / f"{name}-findings"
    artifacts.mkdir(parents=True, exist_ok=True)
    regression = CORPUS / name
    command = [
        sys.executable,
        "-m",
        "tests.fuzz.one",
        name,
        str(work),
        f"-runs={inputs}",
        f"-timeout={max(1, round(timeout))}",
        "-rss_limit_mb=2048",
        "-max_len=16384",
        f"-seed={seed}",
        f"-artifact_prefix={artifacts}/",
        "-print_final_stats=1",
    ]
    if regression.is_dir():
        command.append(str(regression))
    started = time.monotonic()
    limit = max(60.0, inputs * timeout)
    try:
        done = subprocess.run(
            command, cwd=ROOT, capture_output=True, text=True, errors="replace", timeout=limit
        )
    except subprocess.TimeoutExpired:
        return Outcome(name, 0, time.monotonic() - started, failure=f"no end after {limit:.0f} s")
    outcome = Outcome(name, seconds=time.monotonic() - started)
    statuses = _STATUS.findall(done.stderr)
    if statuses:
        runs, cov, ft = statuses[-1]
        outcome.inputs, outcome.coverage, outcome.features = int(runs), int(cov), int(ft)
    if done.returncode != 0 or not _DONE.search(done.stderr):
        found = sorted(p for p in artifacts.iterdir() if p.is_file())
        saved = f" (input: {found[0]})" if found else ""
        why = _why(done.stderr)
        outcome.failure = f"{why}{saved}"
        (keep / f"{name}.log").write_text(done.stderr[-20000:], encoding="utf-8")
    return outcome


def _why(stderr: str) -> str:
    """The first line that says what went wrong in a failed run's output."""
    for pattern in (r"=== Uncaught Python exception: ===\n(.+)", r"==\d+== ERROR: (.+)"):
        found = re.search(pattern, stderr)
        if found:
            return found.group(1).strip()[:200]
    if "Traceback" in stderr:
        return stderr.strip().splitlines()[-1][:200]
    return "the fuzzer stopped early"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/fuzz.sh", description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=20_000, help="inputs in all (default 20000)")
    parser.add_argument("--targets", default="", help="comma-separated targets (default: all)")
    parser.add_argument("--jobs", type=int, default=2, help="targets fuzzed at once (default 2)")
    parser.add_argument("--timeout", type=float, default=1.0, help="seconds an input may take")
    parser.add_argument("--seed", type=int, default=1, help="libFuzzer's seed (default 1)")
    parser.add_argument("--keep", type=Path, help="folder for corpora and findings")
    parser.add_argument("--json", action="store_true", help="a JSON summary as the last line")
    args = parser.parse_args(argv)
    if args.inputs < 1 or args.jobs < 1 or args.timeout <= 0:
        parser.error("--inputs and --jobs are positive integers, --timeout a positive number")
    try:
        import atheris  # noqa: F401
    except ImportError:
        print("fuzz: atheris is not installed (pip install atheris)", file=sys.stderr)
        return 2
    names = _names(args.targets)
    keep = args.keep or Path(tempfile.mkdtemp(prefix="goldnet-fuzz-"))
    share = -(-args.inputs // len(names))
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        jobs = [pool.submit(run_target, n, share, args.timeout, args.seed, keep) for n in names]
        outcomes = []
        for job in jobs:
            outcomes.append(job.result())
            print(outcomes[-1].line(), flush=True)
    total = sum(o.inputs for o in outcomes)
    failures = [f"{o.target}: {o.failure}" for o in outcomes if o.failure]
    print(
        f"fuzz: {total} inputs across {len(names)} targets in {time.monotonic() - started:.0f} s, "
        f"{len(failures)} failed; corpora and findings in {keep}",
        flush=True,
    )
    if args.json:
        summary = {
            "inputs": total,
            "seconds": round(time.monotonic() - started, 1),
            "targets": {
                o.target: {
                    "inputs": o.inputs,
                    "seconds": round(o.seconds, 1),
                    "coverage": o.coverage,
                    "features": o.features,
                }
                for o in outcomes
            },
            "failures": failures,
        }
        print(json.dumps(summary))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
