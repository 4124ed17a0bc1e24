"""The desktop client: the only package that imports Qt (DESIGN §1, §7)."""
