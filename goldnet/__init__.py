"""goldnet: the application core — the game registry and rules engines, bots, the lockstep
binding, records, the network and the CLI. No Qt here."""

__version__ = "0.1.0"

APP_ID = "org.goldnet.goldnet"
"""The desktop application's id: the Linux ``.desktop`` file's name and icon name, the macOS
bundle identifier (``packaging/goldnet.spec``), the Wayland app id the window announces."""
