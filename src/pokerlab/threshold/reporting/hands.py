"""Thresholds on real card hands: rank CDFs, nearest hands, and the patent's "virtual hand".

A hand's *strength* is its place in the rank distribution of all hands a player can hold,
with the **mid-rank tie convention**: the fraction of hands strictly weaker plus half the
fraction of hands of equal value. With it a strength is exactly the chance of beating a
uniformly drawn hand (ties counted half), like a uniform(0, 1) hand of the model.

* Five-card draw: all 2,598,960 five-card hands (7,462 values).
* Hold'em on the river: the 1,081 two-card holdings left by a five-card board, each valued
  with the board (best five of seven).

A threshold ``t`` usually falls between two adjacent hand values, strengths ``s_lo < t < s_hi``.
With ``a = t - s_lo`` and ``b = s_hi - t`` the patent's virtual hand (FIG. 29, claims 15-17)
mixes the two neighbours:

* ``below`` (claim 15): the hand below plays the upper sequence ``b / (a + b)`` of the time;
* ``above`` (claim 16): the hand above plays the lower sequence ``a / (a + b)`` of the time;
* ``both`` (claim 17): both of the above.

Examples
--------
>>> from fractions import Fraction as F
>>> mix = virtual_hand(F("0.2686"), F("0.2676"), F("0.2706"))
>>> mix["below"].below_plays_upper, mix["below"].above_plays_lower
(Fraction(2, 3), Fraction(0, 1))
>>> mix["both"].above_plays_lower
Fraction(1, 3)
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

CDF_CONVENTION = "mid-rank: strength = (hands strictly weaker + half the hands of equal value) / all hands"


@dataclass(frozen=True)
class HandClass:
    """One hand value on a scale: its strength, how many hands have it, and an example."""

    value: int
    strength: Fraction
    count: int
    example: tuple[int, ...]
    description: str

    def as_dict(self) -> dict[str, Any]:
        """JSON-friendly view."""
        from pokerlab.cards import format_cards

        return {
            "strength": float(self.strength),
            "strength_exact": str(self.strength),
            "hands": self.count,
            "example": format_cards(list(self.example)),
            "description": self.description,
        }


@dataclass(frozen=True)
class HandScale:
    """All hand values a player can hold, increasing, with their mid-rank strengths."""

    name: str
    classes: tuple[HandClass, ...]
    total: int

    def neighbours(self, t: Fraction) -> tuple[HandClass | None, HandClass | None]:
        """The hand value at or just below ``t`` and the one just above it."""
        below = None
        above = None
        for cls in self.classes:
            if cls.strength <= t:
                below = cls
            else:
                above = cls
                break
        return below, above


def _scale(name: str, values: np.ndarray, examples: np.ndarray, describe_cards: Any) -> HandScale:
    uniq, first, counts = np.unique(values, return_index=True, return_counts=True)
    total = int(counts.sum())
    classes = []
    weaker = 0
    for value, idx, count in zip(uniq.tolist(), first.tolist(), counts.tolist(), strict=True):
        strength = Fraction(2 * weaker + count, 2 * total)
        cards = tuple(int(c) for c in examples[idx])
        classes.append(HandClass(int(value), strength, int(count), cards, describe_cards(cards)))
        weaker += count
    return HandScale(name, tuple(classes), total)


@functools.lru_cache(maxsize=1)
def five_card_draw_scale() -> HandScale:
    """The 7,462 values of all 2,598,960 five-card hands with their strengths."""
    from pokerlab.evaluate import describe, evaluate_batch

    hands = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
        dtype=np.uint8,
        count=5 * 2598960,
    ).reshape(-1, 5)
    values = evaluate_batch(hands, check=False)
    return _scale("five-card draw", values, hands, lambda cards: describe(list(cards)))


def holdem_river_scale(board: list[int]) -> HandScale:
    """The values of the 1,081 Hold'em holdings left by a five-card ``board`` (with the board)."""
    from pokerlab.cards import check_distinct
    from pokerlab.evaluate import describe, evaluate_batch

    if len(board) != 5:
        raise ValueError(f"board: a river board has 5 cards, got {len(board)}")
    check_distinct(board)
    rest = [c for c in range(52) if c not in board]
    holes = np.array(list(itertools.combinations(rest, 2)), dtype=np.uint8)
    sevens = np.concatenate([holes, np.tile(np.array(board, dtype=np.uint8), (len(holes), 1))], axis=1)
    values = evaluate_batch(sevens, check=False)
    return _scale("hold'em river", values, holes, lambda hole: describe([*hole, *board]))


@dataclass(frozen=True)
class Mixing:
    """How often each neighbour hand plays the other side's sequence (a virtual hand)."""

    below_plays_upper: Fraction
    above_plays_lower: Fraction


def virtual_hand(t: Fraction, below: Fraction, above: Fraction) -> dict[str, Mixing]:
    """The patent's virtual-hand mixing in its three modes (claims 15, 16 and 17).

    ``t`` is the threshold, ``below`` and ``above`` the strengths of the nearest hands.
    """
    if not below < above:
        raise ValueError("virtual hand: the hand below must be weaker than the hand above")
    if not below <= t <= above:
        raise ValueError("virtual hand: the threshold must lie between the two hands")
    a = t - below
    b = above - t
    low_up = b / (a + b)
    high_down = a / (a + b)
    zero = Fraction(0)
    return {
        "below": Mixing(low_up, zero),
        "above": Mixing(zero, high_down),
        "both": Mixing(low_up, high_down),
    }


def map_threshold(t: Fraction, scale: HandScale) -> dict[str, Any]:
    """Nearest hands below and above ``t`` on ``scale`` and the virtual-hand mixing."""
    below, above = scale.neighbours(t)
    out: dict[str, Any] = {
        "below": below.as_dict() if below else None,
        "above": above.as_dict() if above else None,
    }
    if below is not None and above is not None and below.strength < t:
        mix = virtual_hand(t, below.strength, above.strength)
        out["virtual_hand"] = {
            mode: {
                "below_plays_upper": float(m.below_plays_upper),
                "above_plays_lower": float(m.above_plays_lower),
            }
            for mode, m in mix.items()
        }
    elif below is not None and below.strength == t:
        out["virtual_hand"] = None  # a hand sits exactly on the threshold
    return out
