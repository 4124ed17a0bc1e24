"""Profiles: where a player's identity key and settings live.

The profile folder is, in order of precedence: the ``--profile DIR`` option, the
``GOLDNET_HOME`` environment variable, or the platform's user data folder
(``platformdirs.user_data_dir("goldnet")``). Several profiles on one machine make several
peers (the demo, tests, a player with two windows).

Files: ``identity.key`` (the 32-byte Ed25519 private key, hex, readable by its owner only where
the system has such permissions) and ``settings.json`` (name, colour, language). The folder
itself is its owner's only (0700 on POSIX, tightened if an older version left it open): it holds
the key, the journals (beacon seeds) and the records.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import platformdirs

from protocol.errors import LocalProtocolError
from protocol.identity import Identity

from .errors import GoldnetError

ENV_VAR = "GOLDNET_HOME"
KEY_FILE = "identity.key"
SETTINGS_FILE = "settings.json"


class ProfileError(GoldnetError):
    """A profile that cannot be read or written; the message names the file and the problem."""


PRIVATE_FOLDER = 0o700


def private_folder(folder: Path) -> None:
    """Create ``folder`` (and its parents) if needed and make it its owner's only: mode 0700 on
    POSIX, also when it existed with a looser mode. Elsewhere (Windows) the folder is only
    created: its access is the user profile's.

    Raises:
        OSError: it cannot be created or its mode cannot be set.
    """
    folder.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
    if os.name == "posix" and stat.S_IMODE(folder.stat().st_mode) != PRIVATE_FOLDER:
        folder.chmod(PRIVATE_FOLDER)


def profile_dir(option: str | Path | None = None) -> Path:
    """The profile folder to use (not created)."""
    if option:
        return Path(option).expanduser()
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir("goldnet", appauthor=False))


class Profile:
    """A profile folder: its identity (created on first use) and settings."""

    def __init__(self, folder: str | Path | None = None) -> None:
        self.folder = profile_dir(folder)
        self._identity: Identity | None = None

    def ensure(self) -> None:
        """Create the folder if needed, its owner's only (:func:`private_folder`).

        Raises:
            ProfileError: it cannot be created.
        """
        try:
            private_folder(self.folder)
        except OSError as exc:
            raise ProfileError(
                f"cannot create the profile folder {self.folder}: {exc.strerror}"
            ) from None

    @property
    def identity(self) -> Identity:
        """This profile's identity, created and saved on first use.

        Raises:
            ProfileError: the key file is unreadable or malformed, or cannot be written.
        """
        if self._identity is None:
            self._identity = self._load_or_create()
        return self._identity

    def _load_or_create(self) -> Identity:
        path = self.folder / KEY_FILE
        if path.exists():
            try:
                text = path.read_text(encoding="ascii").strip()
                return Identity(bytes.fromhex(text))
            except (OSError, UnicodeDecodeError) as exc:
                raise ProfileError(f"cannot read the identity key {path}: {exc}") from None
            except ValueError:
                raise ProfileError(
                    f"the identity key {path} is damaged (expected 64 hex digits)"
                ) from None
            except LocalProtocolError as exc:  # a key of the wrong length
                raise ProfileError(f"the identity key {path} is damaged: {exc}") from None
        self.ensure()
        identity = Identity.generate()
        tmp = path.with_name(KEY_FILE + ".part")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, stat.S_IRUSR | stat.S_IWUSR)
            with os.fdopen(fd, "w", encoding="ascii") as handle:
                handle.write(identity.private_bytes().hex() + "\n")
            tmp.replace(path)
        except OSError as exc:
            raise ProfileError(f"cannot save the identity key {path}: {exc.strerror}") from None
        return identity

    def settings(self) -> dict[str, Any]:
        """The saved settings (empty when none; a damaged file counts as none)."""
        path = self.folder / SETTINGS_FILE
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def save_settings(self, settings: dict[str, Any]) -> None:
        """Save settings atomically.

        Raises:
            ProfileError: the file cannot be written.
        """
        self.ensure()
        path = self.folder / SETTINGS_FILE
        tmp = path.with_name(SETTINGS_FILE + ".part")
        try:
            tmp.write_text(json.dumps(settings, indent=2, sort_keys=True), encoding="utf-8")
            tmp.replace(path)
        except OSError as exc:
            raise ProfileError(f"cannot save settings {path}: {exc.strerror}") from None
