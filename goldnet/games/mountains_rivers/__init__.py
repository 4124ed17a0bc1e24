"""Mountains & Rivers: board geometry, boards, rules and bots (docs/rules/mountains-rivers.md)."""
