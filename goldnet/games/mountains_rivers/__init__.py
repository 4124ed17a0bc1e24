"""Mountains & Rivers: the two-player game of seed 000 (board geometry, boards, rules, bots)."""
