"""goldnet: the application core — the game registry and rules engines, bots, the lockstep
binding, records, the network and the CLI. No Qt here."""

__version__ = "0.1.0"
