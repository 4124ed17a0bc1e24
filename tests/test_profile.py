"""Profiles: identity key creation, reuse, permissions and damage."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from goldnet.profile import ENV_VAR, KEY_FILE, Profile, ProfileError, profile_dir


def test_identity_is_created_once_and_reused(tmp_path: Path) -> None:
    first = Profile(tmp_path / "p").identity
    again = Profile(tmp_path / "p").identity
    assert first.public == again.public
    assert len(first.fingerprint.replace("-", "")) == 24
    other = Profile(tmp_path / "q").identity
    assert other.public != first.public


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_key_file_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    Profile(tmp_path).identity  # noqa: B018 - creates the key
    mode = stat.S_IMODE((tmp_path / KEY_FILE).stat().st_mode)
    assert mode == 0o600


@pytest.mark.parametrize("content", ["not hex", "00" * 31, ""])
def test_damaged_key_is_a_clear_error(tmp_path: Path, content: str) -> None:
    (tmp_path / KEY_FILE).write_text(content)
    with pytest.raises(ProfileError, match="damaged"):
        Profile(tmp_path).identity  # noqa: B018


def test_profile_folder_precedence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "env"))
    assert profile_dir() == tmp_path / "env"
    assert profile_dir(tmp_path / "opt") == tmp_path / "opt"
    monkeypatch.delenv(ENV_VAR)
    assert "goldnet" in str(profile_dir())


def test_settings_round_trip_and_damage(tmp_path: Path) -> None:
    profile = Profile(tmp_path)
    assert profile.settings() == {}
    profile.save_settings({"name": "Ana", "colour": "#c0392b"})
    assert Profile(tmp_path).settings() == {"name": "Ana", "colour": "#c0392b"}
    (tmp_path / "settings.json").write_text("{broken")
    assert Profile(tmp_path).settings() == {}


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_the_profile_folder_is_private(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        folder = tmp_path / "new"
        Profile(folder).identity  # noqa: B018 - creates the folder and the key
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        opened = tmp_path / "opened"
        opened.mkdir(mode=0o755)
        Profile(opened).ensure()  # a folder made by an older version, or by hand
        assert stat.S_IMODE(opened.stat().st_mode) == 0o700
        Profile(tmp_path / "settings").save_settings({"name": "Ana"})
        assert stat.S_IMODE((tmp_path / "settings").stat().st_mode) == 0o700
    finally:
        os.umask(old)
