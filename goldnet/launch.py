"""How goldnet starts another goldnet process: the one place that builds such a command line.

goldnet runs either as Python code (``pip install``, a source checkout: ``sys.executable`` is a
Python interpreter) or *frozen* inside a desktop bundle (PyInstaller: ``sys.executable`` is the
bundle's own ``goldnet`` program, which runs the command line and nothing else). A command
written as ``[sys.executable, "-m", "goldnet", ...]`` works only in the first case, so every
process goldnet starts gets its command line from here:

- :func:`goldnet_command` — ``goldnet ARGS…`` (the demo's peers);
- :func:`module_command` — ``python -m MODULE ARGS…`` for an internal module that has a
  ``__main__`` block (the benches' helper processes). In a bundle this is the bundle's program
  with the hidden first argument :data:`RUN_MODULE`, which :func:`entry` (the bundle's entry
  point) turns back into running that module as ``__main__``.

Invariants: the command runs the same goldnet as the caller (same interpreter or same bundle),
never one found on the PATH; :data:`RUN_MODULE` runs only modules of goldnet's own packages
(:data:`OWN_PACKAGES`), so the bundle cannot be made to run arbitrary code through it.
"""

from __future__ import annotations

import runpy
import sys
from collections.abc import Sequence

RUN_MODULE = "--goldnet-run-module"
"""The hidden first argument of a bundle's program that runs one of goldnet's modules."""

OWN_PACKAGES = ("goldnet", "protocol", "ui")
"""Top-level packages whose modules :data:`RUN_MODULE` may run."""


def frozen() -> bool:
    """True inside a desktop bundle (PyInstaller sets ``sys.frozen``)."""
    return bool(getattr(sys, "frozen", False))


def goldnet_command(*args: str, is_frozen: bool | None = None) -> list[str]:
    """The argv that runs ``goldnet ARGS…`` with this same goldnet.

    ``[sys.executable, *args]`` in a bundle, else ``[sys.executable, "-m", "goldnet", *args]``.
    ``is_frozen`` overrides :func:`frozen` (tests).
    """
    if frozen() if is_frozen is None else is_frozen:
        return [sys.executable, *args]
    return [sys.executable, "-m", "goldnet", *args]


def module_command(module: str, *args: str, is_frozen: bool | None = None) -> list[str]:
    """The argv that runs ``python -m MODULE ARGS…`` with this same goldnet.

    In a bundle: ``[sys.executable, RUN_MODULE, module, *args]`` (see :func:`entry`).

    Raises:
        ValueError: ``module`` is not one of goldnet's own (:data:`OWN_PACKAGES`).
    """
    _check_module(module)
    if frozen() if is_frozen is None else is_frozen:
        return [sys.executable, RUN_MODULE, module, *args]
    return [sys.executable, "-m", module, *args]


def _check_module(module: str) -> None:
    parts = module.split(".")
    if parts[0] not in OWN_PACKAGES or not all(part.isidentifier() for part in parts):
        raise ValueError(f"not a goldnet module: {module!r}")


def entry(argv: Sequence[str] | None = None) -> int:
    """The bundle's entry point: ``goldnet ARGS…``, or, after :data:`RUN_MODULE`, one of
    goldnet's modules run as ``__main__`` (its ``sys.argv[1:]`` the arguments after the name).

    Returns the exit status (a module that ends without ``sys.exit`` returns 0; a module name
    that is not goldnet's returns 2 with a one-line message).
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == [RUN_MODULE]:
        if len(argv) < 2:
            print(f"goldnet: {RUN_MODULE} needs a module name", file=sys.stderr)
            return 2
        module = argv[1]
        try:
            _check_module(module)
        except ValueError as exc:
            print(f"goldnet: {exc}", file=sys.stderr)
            return 2
        sys.argv = [module, *argv[2:]]
        runpy.run_module(module, run_name="__main__", alter_sys=True)
        return 0
    from .cli import main

    return main(argv)
