"""The root of goldnet's own errors.

Every error goldnet raises on purpose derives from :class:`GoldnetError`, each subclass with a
one-line docstring saying what went wrong; a caller that shows problems to a player catches the
root and words the subclass. Errors of the rules (:class:`goldnet.engine.IllegalAction`) and of
the protocol (:mod:`protocol.errors`) keep their own roots: the protocol package does not depend
on goldnet, and an illegal action is a refusal, not a failure.
"""

from __future__ import annotations


class GoldnetError(Exception):
    """Something goldnet cannot do, with a message a player or maintainer understands."""


class UsageError(GoldnetError):
    """A command-line problem: printed as one line, exit status 2."""
