"""Golden City: its rules engine, map, setup and bots (``docs/rules/golden-city.md``)."""
