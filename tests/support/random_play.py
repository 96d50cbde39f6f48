"""Random legal betting, for the tests that replay pokerlab's hands in pokerkit (every variant)."""

from __future__ import annotations

import random

from pokerlab.engine import Hand
from pokerlab.engine.hand import Legal


def random_bet(hand: Hand, legal: Legal, rng: random.Random) -> None:
    """Check or call (twice as likely as each other choice), fold when that is allowed, or bet or
    raise to the least, the most or an amount in between when that is allowed."""
    options = ["call", "call"] + (["fold"] if legal.can_fold else [])
    options += ["raise", "raise"] if legal.can_raise else []
    pick = rng.choice(options)
    if pick == "raise":
        lo, hi = legal.min_raise_to, legal.max_raise_to
        hand.bet_raise(rng.choice([lo, hi, rng.randint(lo, hi)]))
    elif pick == "fold":
        hand.fold()
    else:
        hand.check_call()
