"""The log file and crash reports (goldnet/diagnostics.py): rotation in the log folder, a report
with the traceback, versions and last log lines, and never a secret in either."""

from __future__ import annotations

import base64
import logging
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from goldnet import __version__, diagnostics


@pytest.fixture
def logs(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "logs"
    assert diagnostics.setup_logging(folder) == folder / "goldnet.log"
    yield folder
    diagnostics.stop_logging()


def _crash(message: str) -> tuple[type[BaseException], BaseException, object]:
    try:
        raise RuntimeError(message)
    except RuntimeError:
        kind, error, trace = sys.exc_info()
    assert kind is not None and error is not None
    return kind, error, trace


def test_secrets_are_redacted_and_words_paths_and_fingerprints_kept() -> None:
    key = os.urandom(32).hex()
    signature = base64.b64encode(os.urandom(64)).decode()
    invite = "goldnet://relay.example:4000/abcd?pin=" + os.urandom(16).hex()
    line = f"key {key} sig {signature} invite {invite}"
    redacted = diagnostics.redact(line)
    for secret in (key, signature, invite, key[:16]):
        assert secret not in redacted
    assert redacted.count("<redacted>") == 2 and "goldnet://<invite>" in redacted
    kept = 'File "/home/ann/goldnet/net/service.py", line 3: 2nhh-c3gh-rlyq-uema-psb3-zd2g'
    assert diagnostics.redact(kept) == kept
    assert diagnostics.redact("internationalization") == "internationalization"


def test_the_log_rotates_in_its_folder_and_is_redacted(
    logs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(diagnostics, "LOG_BYTES", 2000)
    diagnostics.setup_logging(logs)  # again, with the small size: the handler is replaced
    log = logging.getLogger("goldnet.net.test")
    secret = os.urandom(32).hex()
    for i in range(200):
        log.info("line %d with the seed %s", i, secret)
    files = sorted(p.name for p in logs.iterdir())
    assert files == ["goldnet.log", "goldnet.log.1", "goldnet.log.2", "goldnet.log.3"]
    text = "".join((logs / name).read_text(encoding="utf-8") for name in files)
    assert "line 199 with the seed <redacted>" in text and secret not in text
    handlers = [
        h for h in logging.getLogger("goldnet").handlers if isinstance(h, logging.FileHandler)
    ]
    assert len(handlers) == 1


def test_the_log_folder_is_the_platforms_unless_the_profile_is_not_the_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(diagnostics.LOG_ENV, raising=False)
    platform_folder = diagnostics.log_dir(tmp_path, default_profile=True)
    assert platform_folder.name in ("log", "logs", "Logs", "goldnet")
    assert tmp_path not in platform_folder.parents
    assert diagnostics.log_dir(tmp_path, default_profile=False) == tmp_path / "logs"
    monkeypatch.setenv(diagnostics.LOG_ENV, str(tmp_path / "here"))
    assert diagnostics.log_dir(tmp_path, default_profile=True) == tmp_path / "here"


def test_an_unwritable_log_folder_does_not_stop_the_program(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    try:
        assert diagnostics.setup_logging(blocker / "logs") is None
        logging.getLogger("goldnet.x").warning("still kept in memory")
        assert diagnostics.log_tail()[-1].endswith("still kept in memory")
    finally:
        diagnostics.stop_logging()


def test_a_crash_report_holds_the_traceback_versions_and_last_lines_never_a_secret(
    logs: Path, tmp_path: Path
) -> None:
    secret = os.urandom(32).hex()
    logging.getLogger("goldnet.ui.lobby").warning("joined with the token %s", secret)
    kind, error, trace = _crash(f"the journal broke, key={secret}")
    profile = tmp_path / "profile"
    report = diagnostics.write_crash_report(profile, kind, error, trace)  # type: ignore[arg-type]
    assert report is not None and report.parent == profile / diagnostics.CRASHES
    text = report.read_text(encoding="utf-8")
    assert f"goldnet: {__version__}" in text and f"python: {sys.version.split()[0]}" in text
    assert "Traceback:" in text and "RuntimeError: the journal broke, key=<redacted>" in text
    assert "test_diagnostics.py" in text  # the frames are there
    assert "joined with the token <redacted>" in text
    assert secret not in text


def test_reports_are_offered_once(tmp_path: Path) -> None:
    kind, error, trace = _crash("first")
    first = diagnostics.write_crash_report(tmp_path, kind, error, trace)  # type: ignore[arg-type]
    second = diagnostics.write_crash_report(tmp_path, kind, error, trace)  # type: ignore[arg-type]
    assert first is not None and second is not None and first != second
    assert diagnostics.unseen_reports(tmp_path) == sorted([first, second])
    seen = [diagnostics.mark_seen(p) for p in diagnostics.unseen_reports(tmp_path)]
    assert diagnostics.unseen_reports(tmp_path) == []
    assert all(p.is_file() and p.name.endswith(".txt.seen") for p in seen)


def test_an_unwritable_profile_loses_the_report_not_the_program(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    kind, error, trace = _crash("x")
    assert diagnostics.write_crash_report(blocker, kind, error, trace) is None  # type: ignore[arg-type]
