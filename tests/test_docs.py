"""The project's docs name tests as evidence for their claims (docs/security.md above all):
every test they name exists, so a renamed or deleted test cannot leave a claim unsupported."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_test_the_docs_name_exists() -> None:
    checked = 0
    for doc in sorted((ROOT / "docs").rglob("*.md")):
        text = doc.read_text(encoding="utf-8")
        for line in text.splitlines():
            last_file: str | None = None
            for match in re.finditer(r"`(tests/[\w/]+\.py)(?:::(\w+))?`|`…::(\w+)`", line):
                path, name, short = match.groups()
                if path is not None:
                    last_file = path
                    assert (ROOT / path).is_file(), f"{doc.name} names a missing file {path}"
                else:
                    name = short
                if name is None:
                    continue
                assert last_file is not None, f"{doc.name}: '…::{name}' follows no file"
                source = (ROOT / last_file).read_text(encoding="utf-8")
                assert re.search(rf"^def {name}\(", source, re.M), (
                    f"{doc.name} names {last_file}::{name}, which does not exist"
                )
                checked += 1
    assert checked >= 20  # docs/security.md alone names more than that
