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


# --- the repository explains itself --------------------------------------------------------

OUTSIDE = re.compile(r"\bDESIGN\b|\bRULINGS\b|\bSTYLE\.md\b|(?<![\w/])shared/")
"""A citation of a document the repository does not have: the design notes, the rulings or the
style guide it was written from, or any path under a ``shared/`` folder beside it."""

CITES_ONLY = re.compile(r"\bDESIGN\b|\bRULINGS\b|\bSTYLE\.md\b")
"""In tests/ a ``shared/`` path is no citation: the scenario tests also run a case folder kept
beside the repository when there is one (docs/scenarios.md)."""

TEXT = {".py", ".md", ".toml", ".ts", ".json", ".txt", ""}
SKIP = {".git", ".venv", "venv", "build", "dist", "__pycache__", ".pytest_cache", ".mypy_cache"}


def _texts(*roots: str) -> list[Path]:
    out: list[Path] = []
    for root in roots:
        path = ROOT / root
        if path.is_file():
            out.append(path)
            continue
        for found in sorted(path.rglob("*")):
            if found.is_file() and found.suffix in TEXT and not SKIP & set(found.parts):
                out.append(found)
    return out


def _citations(paths: list[Path], pattern: re.Pattern[str]) -> list[str]:
    bad: list[str] = []
    for path in paths:
        if path == Path(__file__).resolve():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if pattern.search(line):
                bad.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    return bad


def _help_texts() -> list[str]:
    import argparse

    from goldnet.cli import build_parser

    parser = build_parser()
    texts = [parser.format_help()]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            texts.extend(sub.format_help() for sub in action.choices.values())
    return texts


def test_docs_and_code_cite_no_document_outside_the_repository() -> None:
    # The docs, docstrings, comments and data explain things themselves or name the project's
    # own docs (docs/protocol.md §5, docs/rules/mountains-rivers.md, ...), never a design note,
    # ruling or case folder that a reader of the repository does not have.
    roots = ("README.md", "setup.py", "pyproject.toml", ".ci", "docs", "goldnet", "protocol")
    paths = _texts(*roots, "ui", "tools", "resources")
    assert len(paths) > 100
    assert _citations(paths, OUTSIDE) == []
    assert _citations(_texts("tests"), CITES_ONLY) == []


def test_help_texts_cite_no_document_outside_the_repository() -> None:
    texts = _help_texts()
    assert len(texts) > 10  # goldnet --help and one per command
    for text in texts:
        assert not OUTSIDE.search(text), text


def test_every_doc_the_repository_names_exists() -> None:
    named: set[str] = set()
    for path in _texts("README.md", "docs", "goldnet", "protocol", "ui", "tools", "tests"):
        if path.suffix in {".py", ".md"}:
            named.update(re.findall(r"\bdocs/[\w/-]+\.md\b", path.read_text(encoding="utf-8")))
    named.update(m for text in _help_texts() for m in re.findall(r"\bdocs/[\w/-]+\.md\b", text))
    assert len(named) >= 8
    missing = sorted(name for name in named if not (ROOT / name).is_file())
    assert missing == []
