"""The fuzzing harness of goldnet: every decoder and checker that takes outside input, as a
target that takes bytes (docs/security.md, "Fuzzing"). ``tools/fuzz.sh`` runs it."""
