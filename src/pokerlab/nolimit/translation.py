"""Action translation: a bet the betting tree does not hold, mapped to one it does.

Ganzfried and Sandholm (2013), "Action translation in extensive-form games with large action
spaces": with bet sizes as fractions of the pot, an opponent's bet ``x`` between the tree's
neighbouring sizes ``a < x < b`` is read as ``a`` with probability

    f(x) = (b - x) (1 + a) / ((b - a) (1 + x))

and as ``b`` otherwise (the *pseudo-harmonic* mapping). It is the mapping that makes the
opponent indifferent between betting ``a`` and ``b`` against a player who calls as in the
simple [0, 1] game of the paper, and it is exact at the ends: ``f(a) = 1``, ``f(b) = 0``. A
bet below the smallest size maps to it (the paper maps to a check only where the tree has no
smaller bet, which a tree with a call always holds as "call"; we keep the smallest size, the
more cautious reading); a bet above the largest size maps to the largest.

Examples
--------
>>> pseudo_harmonic(0.5, 1.0, 0.5), pseudo_harmonic(0.5, 1.0, 1.0)
(1.0, 0.0)
>>> round(pseudo_harmonic(0.5, 1.0, 0.75), 4)  # not the midpoint's 0.5
0.4286
>>> translate([0.33, 0.75, 1.5], 1.0, u=0.2), translate([0.33, 0.75, 1.5], 1.0, u=0.9)
(1, 2)
>>> translate([0.33, 0.75, 1.5], 0.1, u=0.99), translate([0.33, 0.75, 1.5], 9.0, u=0.0)
(0, 2)
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def pseudo_harmonic(a: float, b: float, x: float) -> float:
    """The probability of reading the bet ``x`` (pot fraction) as the smaller size ``a``
    rather than ``b`` (``a <= x <= b``, ``a < b``)."""
    if not a < b:
        raise ValueError(f"sizes: a < b needed, not {a} and {b}")
    if not a <= x <= b:
        raise ValueError(f"bet {x}: outside [{a}, {b}]")
    return (b - x) * (1.0 + a) / ((b - a) * (1.0 + x))


def nearest(sizes: Sequence[float], x: float) -> int:
    """The index into ``sizes`` (positive) of the size nearest the bet ``x`` by ratio (the
    smaller of two as near): a deterministic reading, as a depth-limited search's leaves map an
    off-tree line to the tree's line nearest it.

    >>> nearest([2.5, 200.0], 3.0), nearest([2.5, 200.0], 30.0), nearest([0.5, 1.0], 0.75)
    (0, 1, 1)
    """
    if not sizes:
        raise ValueError("sizes: at least one size")
    return min(range(len(sizes)), key=lambda i: (abs(math.log(x / sizes[i])), i))


def translate(sizes: Sequence[float], x: float, u: float) -> int:
    """The index into ``sizes`` (increasing pot fractions) that the bet ``x`` is read as, for
    a uniform number ``u`` in [0, 1): an exact size is itself; between two sizes the smaller one
    when ``u < f(x)`` (:func:`pseudo_harmonic`); outside them the nearest end."""
    if not sizes:
        raise ValueError("sizes: at least one size")
    if x <= sizes[0]:
        return 0
    if x >= sizes[-1]:
        return len(sizes) - 1
    for i in range(1, len(sizes)):
        if x <= sizes[i]:
            if x == sizes[i]:
                return i
            return i - 1 if u < pseudo_harmonic(sizes[i - 1], sizes[i], x) else i
    return len(sizes) - 1  # unreachable: x < sizes[-1]
