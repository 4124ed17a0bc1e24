"""One table of refusal codes and their English words, shared by every game's ``refusals``
module: a refusal is built from its code and arguments, so the code, the arguments and the
English message cannot drift apart.

Invariants: a refusal's arguments are exactly the fields its English template names (no more,
no fewer); a template's fields are ``str.format`` fields named after the arguments.
"""

from __future__ import annotations

from collections.abc import Mapping
from string import Formatter

from ..engine import IllegalAction, RefusalArg


class RefusalTable:
    """A game's refusal codes, each with its English template.

    Args:
        templates: code -> English template, e.g. ``{"line-length": "a {roll} reveals {roll}
            markers, not {n}"}``.
    """

    def __init__(self, templates: Mapping[str, str]) -> None:
        self._templates = templates

    def arguments(self, code: str) -> tuple[str, ...]:
        """The names of ``code``'s arguments, in the order its template first names them.

        Raises:
            KeyError: not a code of the table.
        """
        names: list[str] = []
        for _, name, _, _ in Formatter().parse(self._templates[code]):
            if name and name not in names:
                names.append(name)
        return tuple(names)

    def refuse(self, code: str, **args: RefusalArg) -> IllegalAction:
        """The :class:`~goldnet.engine.IllegalAction` of ``code`` with ``args`` (to raise).

        Raises:
            KeyError: not a code of the table.
            TypeError: ``args`` are not exactly the arguments the code's template names.
        """
        if set(args) != set(self.arguments(code)):
            raise TypeError(f"refusal {code!r} takes {self.arguments(code)}, not {tuple(args)}")
        return IllegalAction(self._templates[code].format(**args), code=code, **args)
