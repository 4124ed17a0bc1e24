"""The sans-IO wire protocol: codec, messages, identities, dice beacon, deck, lockstep.

Imports neither goldnet nor ui.
"""
