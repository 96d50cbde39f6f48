"""A range as a range editor shows it: weights by pre-flop class, edits by class, and the
shortest PokerStove text that reads back to the same range.

A range editor (the web page's 13x13 grid) shows each of the 169 classes with the mean weight
of its combos, lets a person set whole classes on or off (or to a weight), and keeps the text
box in step: :func:`range_text` writes the range in the notation :func:`~pokerlab.cards.parse_range`
reads (``QQ+``, ``ATs+``, ``A5s-A2s``, ``99-66``, weights after a colon, and single combos such
as ``AhKh`` where a class is only partly in the range), so ``parse_range(range_text(r))`` is
``r`` again, weights included.

Examples
--------
>>> from pokerlab.cards import parse_range
>>> range_text(parse_range("AA, KK, QQ, AKs, AQs, AJs, KQo"))
'QQ+, AJs+, KQo'
>>> range_text(parse_range("22-55, A2s-A5s, KK:0.5"))
'55-22, A5s-A2s, KK:0.5'
>>> r = with_classes(parse_range("AhKh"), ["AKs", "TT"], 1.0)
>>> range_text(r), class_weights(r)["AKs"]
('TT, AKs', 1.0)
>>> range_text(parse_range("AhKh, AsKs"))
'AhKh, AsKs'
>>> class_weights(parse_range("AhKh, AsKs"))
{'AKs': 0.5}

The editor lays the classes out as :mod:`pokerlab.cards.grid` does (AA top left).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from pokerlab.cards.codes import RANKS, format_cards
from pokerlab.cards.ranges import ALL_COMBOS, PREFLOP_CLASSES, Range, combo_index, combos_of_class

_CLASS_COMBOS: dict[str, np.ndarray] = {
    name: np.array([combo_index(a, b) for a, b in combos_of_class(name)]) for name in PREFLOP_CLASSES
}


def class_weights(r: Range) -> dict[str, float]:
    """The mean weight of each class's combos, for the classes the range touches (in the order
    of :data:`~pokerlab.cards.PREFLOP_CLASSES`: pairs, suited, offsuit)."""
    out = {}
    for name, combos in _CLASS_COMBOS.items():
        mean = float(r.weights[combos].mean())
        if mean > 0:
            out[name] = mean
    return out


def share(r: Range) -> float:
    """The range's share of the 1,326 starting combos, weights counted (a range tool's "% of hands").

    Examples
    --------
    >>> from pokerlab.cards import parse_range
    >>> round(100 * share(parse_range("AA, KK:0.5")), 3)
    0.679
    """
    return float(r.weights.sum()) / len(r.weights)


def with_classes(r: Range, names: Iterable[str], weight: float) -> Range:
    """A copy of ``r`` with every combo of the classes ``names`` at ``weight`` (0 removes them).

    Raises
    ------
    ValueError
        For a name that is not one of the 169 classes, or a weight outside [0, 1].
    """
    if not 0.0 <= weight <= 1.0:
        raise ValueError(f"weight must be in [0, 1], got {weight!r}")
    w = r.weights.copy()
    for name in names:
        if name not in _CLASS_COMBOS:
            raise ValueError(f"unknown hand class {name!r} (AA, AKs, AKo, ...)")
        w[_CLASS_COMBOS[name]] = weight
    return Range(w)


def _runs(ranks: list[int]) -> list[tuple[int, int]]:
    """Runs of consecutive rank indices (``ranks`` descending) as ``(high, low)`` pairs."""
    out: list[tuple[int, int]] = []
    for rank in ranks:
        if out and out[-1][1] == rank + 1:
            out[-1] = (out[-1][0], rank)
        else:
            out.append((rank, rank))
    return out


def _class_items(names: set[str]) -> list[str]:
    """The shortest items naming exactly the classes ``names`` (pairs, then suited, then offsuit)."""
    items = []
    pairs = sorted((RANKS.index(n[0]) for n in names if len(n) == 2), reverse=True)
    for high, low in _runs(pairs):
        if high == 12 and low < 12:
            items.append(f"{RANKS[low] * 2}+")
        elif high == low:
            items.append(RANKS[high] * 2)
        else:
            items.append(f"{RANKS[high] * 2}-{RANKS[low] * 2}")
    for kind in ("s", "o"):
        for top in range(12, 0, -1):
            kickers = sorted((RANKS.index(n[1]) for n in names
                              if len(n) == 3 and n[2] == kind and n[0] == RANKS[top]), reverse=True)
            for high, low in _runs(kickers):
                first = f"{RANKS[top]}{RANKS[low]}{kind}"
                if high == top - 1 and low < high:
                    items.append(f"{first}+")
                elif high == low:
                    items.append(first)
                else:
                    items.append(f"{RANKS[top]}{RANKS[high]}{kind}-{first}")
    return items


def _weighted(item: str, weight: float) -> str:
    return item if weight == 1.0 else f"{item}:{weight!r}"


def range_text(r: Range) -> str:
    """The range as PokerStove text that :func:`~pokerlab.cards.parse_range` reads back to ``r``:
    whole classes by runs (heaviest weight first), single combos where a class is split.

    Examples
    --------
    >>> from pokerlab.cards import parse_range
    >>> range_text(parse_range("random")) == "22+, A2s+, K2s+, Q2s+, J2s+, T2s+, 92s+, 82s+, 72s+, " \\
    ...     "62s+, 52s+, 42s+, 32s, A2o+, K2o+, Q2o+, J2o+, T2o+, 92o+, 82o+, 72o+, 62o+, 52o+, 42o+, 32o"
    True
    >>> range_text(Range())
    ''
    """
    by_weight: dict[float, set[str]] = {}
    singles: list[str] = []
    for name, combos in _CLASS_COMBOS.items():
        weights = r.weights[combos]
        if (weights == weights[0]).all():
            if weights[0] > 0:
                by_weight.setdefault(float(weights[0]), set()).add(name)
            continue
        for index in combos[weights > 0]:
            low, high = (int(c) for c in ALL_COMBOS[index])
            singles.append(_weighted(format_cards([high, low], sep=""), float(r.weights[index])))
    items = [_weighted(item, weight) for weight in sorted(by_weight, reverse=True)
             for item in _class_items(by_weight[weight])]
    return ", ".join(items + singles)
