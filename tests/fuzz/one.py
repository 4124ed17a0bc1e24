"""One fuzz target under atheris (libFuzzer), in its own process: ``python -m tests.fuzz.one
TARGET CORPUS [libFuzzer options and more corpus folders...]``.

Imports the target and runs each of its seeds once inside atheris' import hook, so that every
module of goldnet, protocol and ui the target reaches is instrumented for coverage (and nothing
else: instrumenting the standard library too costs half a minute and finds nothing of ours);
writes the seeds into CORPUS (a seed that fails is a finding of its own); then fuzzes.
libFuzzer's exit status and output are the result (tests/fuzz/run.py reads them).
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import atheris


def main(argv: list[str]) -> None:
    name, corpus, options = argv[0], Path(argv[1]), argv[2:]
    corpus.mkdir(parents=True, exist_ok=True)
    with atheris.instrument_imports(include=["goldnet", "protocol", "ui", "tests.protocol"]):
        from .registry import TARGETS

        target = TARGETS[name]
        for seed in target.seeds():
            target.run(seed)
            (corpus / hashlib.sha1(seed).hexdigest()).write_bytes(seed)
    atheris.Setup([sys.argv[0], str(corpus), *options], target.run)
    atheris.Fuzz()


if __name__ == "__main__":
    main(sys.argv[1:])
