"""Five-card draw: the rules bot, hand classes and ranges, the class games solved by CFR (their
solutions ship in ``draw/data``), and the threshold bot built on them."""
