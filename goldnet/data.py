"""The one loader of goldnet's data files.

Data ships inside the wheel as the package ``goldnet.resources`` and is read with
:mod:`importlib.resources`, never by paths relative to the source tree.
"""

from __future__ import annotations

import json
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from .errors import GoldnetError

_PACKAGE = "goldnet.resources"


class DataError(GoldnetError):
    """A data file of goldnet's own is missing or malformed (an installation problem)."""


def resource(*parts: str) -> Traversable:
    """The data file ``parts`` under ``goldnet.resources``.

    Example: ``resource("mountains_rivers", "boards.json")``.

    Raises:
        DataError: the file does not exist.
    """
    node = resources.files(_PACKAGE)
    for part in parts:
        node = node.joinpath(part)
    if not node.is_file():
        raise DataError(f"goldnet data file missing: {'/'.join(parts)}")
    return node


def load_json(*parts: str) -> Any:
    """Parse the JSON data file ``parts`` (see :func:`resource`).

    Raises:
        DataError: the file is missing or is not valid JSON.
    """
    node = resource(*parts)
    try:
        return json.loads(node.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise DataError(f"goldnet data file {'/'.join(parts)} is not valid JSON: {exc}") from exc
