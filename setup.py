"""What the wheel ships (docs/development.md) — found in the tree, never listed by hand.

- The import packages ``goldnet``, ``protocol`` and ``ui`` and every folder below them, with or
  without an ``__init__.py`` (setuptools' namespace discovery; ``__pycache__`` left out).
- The folder ``resources/`` as the package ``goldnet.resources`` (read through ``goldnet.data``):
  every file in it except byte-code. Its folders are named as packages too: Python can import
  them (as namespace packages), and setuptools warns about importable folders it was not given.

Why a ``setup.py``: ``[tool.setuptools.packages.find]`` in pyproject.toml names what it finds
after the folder it searches, so it cannot put ``resources/`` under ``goldnet``; an explicit
``packages`` list can, but ships only the folders someone remembered to add. Everything else
about the distribution is in pyproject.toml; ``tests/test_packaging.py`` compares the source tree
with the installed wheel. See docs/development.md, "Packaging".
"""

from __future__ import annotations

from setuptools import find_namespace_packages, setup

CODE = ("goldnet", "protocol", "ui")
DATA = "goldnet.resources"
DATA_FOLDER = "resources"
NOT_PACKAGES = ["__pycache__", "*.__pycache__"]


def below(folder: str, name: str) -> list[str]:
    """``name`` and the dotted names of every folder below ``folder`` (no byte-code caches)."""
    found = find_namespace_packages(folder, exclude=NOT_PACKAGES)
    return [name, *(f"{name}.{sub}" for sub in found)]


setup(
    packages=[*(pkg for top in CODE for pkg in below(top, top)), *below(DATA_FOLDER, DATA)],
    package_dir={DATA: DATA_FOLDER},
    package_data={DATA: ["**/*"]},
    exclude_package_data={DATA: ["*.pyc"]},
)
