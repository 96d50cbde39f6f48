"""Heads-up no-limit hold'em from the first card: the betting abstraction, the blueprint
(MCCFR over the engine-built tree), its pre-flop ranges, and the translation of bets the tree
does not hold."""
