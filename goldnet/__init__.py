"""goldnet: the application core (rules engines, bots, session glue, CLI). No Qt here."""

__version__ = "0.1.0"
