"""Pre-flop classes, two-card combos and PokerStove-style range text.

There are 1,326 two-card combos. Combo ``(a, b)`` with card codes ``a < b`` has index
``b * (b - 1) // 2 + a`` (the colexicographic order), so a weight table over opponent
holdings is a 1,326-entry array indexed this way.

The 169 pre-flop classes are the 13 pairs ("AA"), 78 suited ("AKs") and 78 offsuit ("AKo")
hands, with 6, 4 and 12 combos each.

Examples
--------
>>> len(ALL_COMBOS), len(PREFLOP_CLASSES)
(1326, 169)
>>> r = parse_range("QQ+, AKs, A5s-A2s, KQo, 22-33, AhKh")
>>> len(r)
62
>>> len(parse_range("AA", dead=[51]))
3
>>> len(parse_range("15%"))   # the top 15% of 1,326 combos: 200 (15.1%)
200
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache

import numpy as np

from pokerlab.cards.codes import RANKS, check_distinct, format_cards, parse_cards


def combo_index(a: int, b: int) -> int:
    """Index ``0..1325`` of the two-card combo ``{a, b}`` (order of ``a`` and ``b`` is free).

    Examples
    --------
    >>> combo_index(0, 1), combo_index(51, 50), combo_index(50, 51)
    (0, 1325, 1325)
    """
    if a == b:
        raise ValueError(f"a combo needs two different cards, got {a} twice")
    lo, hi = (a, b) if a < b else (b, a)
    if lo < 0 or hi > 51:
        raise ValueError(f"card codes must be in 0..51, got {a} and {b}")
    return hi * (hi - 1) // 2 + lo


def _all_combos() -> np.ndarray:
    out = np.empty((1326, 2), dtype=np.uint8)
    for hi in range(52):
        for lo in range(hi):
            out[hi * (hi - 1) // 2 + lo] = (lo, hi)
    return out


ALL_COMBOS: np.ndarray = _all_combos()
"""All 1,326 combos as a ``(1326, 2)`` uint8 array of ``(low card, high card)``, by combo index."""
ALL_COMBOS.setflags(write=False)

COMBO_CARDS: np.ndarray = (np.int64(1) << ALL_COMBOS[:, 0].astype(np.int64)) | (
    np.int64(1) << ALL_COMBOS[:, 1].astype(np.int64)
)
"""The 52-bit card set (bit = card code) of each combo, by combo index."""
COMBO_CARDS.setflags(write=False)


def _class_names() -> tuple[str, ...]:
    order = RANKS[::-1]  # A, K, ..., 2
    pairs = [r + r for r in order]
    suited = [order[i] + order[j] + "s" for i in range(13) for j in range(i + 1, 13)]
    offsuit = [order[i] + order[j] + "o" for i in range(13) for j in range(i + 1, 13)]
    return tuple(pairs + suited + offsuit)


PREFLOP_CLASSES: tuple[str, ...] = _class_names()
"""The 169 classes: pairs AA..22, then suited AKs..32s, then offsuit AKo..32o."""


def class_of(a: int, b: int) -> str:
    """Pre-flop class name of two cards.

    Examples
    --------
    >>> class_of(51, 47), class_of(51, 46), class_of(0, 1)
    ('AKs', 'AKo', '22')
    """
    ra, rb = a >> 2, b >> 2
    if ra == rb:
        return RANKS[ra] * 2
    hi, lo = (ra, rb) if ra > rb else (rb, ra)
    return RANKS[hi] + RANKS[lo] + ("s" if (a & 3) == (b & 3) else "o")


def _rank_index(ch: str, item: str) -> int:
    idx = RANKS.find(ch.upper())
    if idx < 0 or not ch:
        raise ValueError(f"unknown rank {ch!r} in range item {item!r}")
    return idx


def combos_touching(cards: Iterable[int]) -> np.ndarray:
    """``(1326,)`` bool: the combos (in combo-index order) that hold one of ``cards``.

    >>> mask = combos_touching([0, 1])
    >>> int(mask.sum()), bool(mask[combo_index(0, 1)]), bool(mask[combo_index(2, 3)])
    (101, True, False)
    """
    return np.isin(ALL_COMBOS, np.asarray(list(cards), dtype=ALL_COMBOS.dtype)).any(axis=1)


def combos_of_class(name: str) -> list[tuple[int, int]]:
    """All combos ``(low card, high card)`` of a class such as ``"AKs"``, ``"AKo"``, ``"TT"`` or ``"AK"``.

    Examples
    --------
    >>> len(combos_of_class("AKs")), len(combos_of_class("AKo")), len(combos_of_class("TT"))
    (4, 12, 6)
    >>> len(combos_of_class("AK"))
    16
    """
    text = name.strip()
    if len(text) not in (2, 3):
        raise ValueError(f"unknown hand class {name!r}")
    r1, r2 = _rank_index(text[0], name), _rank_index(text[1], name)
    kind = text[2].lower() if len(text) == 3 else ""
    if kind not in ("", "s", "o"):
        raise ValueError(f"unknown hand class {name!r}: suffix must be 's' or 'o'")
    if r1 == r2 and kind:
        raise ValueError(f"unknown hand class {name!r}: a pair is neither suited nor offsuit")
    out = []
    for s1 in range(4):
        for s2 in range(4):
            if r1 == r2 and s1 >= s2:  # each pair combo once
                continue
            a, b = 4 * r1 + s1, 4 * r2 + s2
            suited = s1 == s2
            if (kind == "s" and not suited) or (kind == "o" and suited):
                continue
            out.append((min(a, b), max(a, b)))
    return sorted(set(out))


@cache
def class_combo_table() -> tuple[np.ndarray, np.ndarray]:
    """``(combos, sizes)`` of the 169 classes in :data:`PREFLOP_CLASSES` order, for kernels:
    ``combos[k, i]`` the two cards of combo ``i`` of class ``k`` (``(169, 12, 2)``, zeros past
    the class's ``sizes[k]`` combos: 6, 4 or 12). Built once, read-only.

    Examples
    --------
    >>> combos, sizes = class_combo_table()
    >>> combos[0, 0].tolist(), int(sizes[0]), int(sizes[-1]), int(sizes.sum())
    ([48, 49], 6, 12, 1326)
    """
    combos = np.zeros((len(PREFLOP_CLASSES), 12, 2), dtype=np.int64)
    sizes = np.zeros(len(PREFLOP_CLASSES), dtype=np.int64)
    for k, name in enumerate(PREFLOP_CLASSES):
        cs = combos_of_class(name)
        combos[k, : len(cs)] = cs
        sizes[k] = len(cs)
    combos.setflags(write=False)
    sizes.setflags(write=False)
    return combos, sizes


@dataclass
class Range:
    """A weighted set of two-card combos: ``weights[combo_index(a, b)]`` in [0, 1].

    Examples
    --------
    >>> r = Range.from_text("AKs")
    >>> len(r), float(r.weights.sum())
    (4, 4.0)
    >>> r.without([51]).combos()
    [(44, 48), (45, 49), (46, 50)]
    """

    weights: np.ndarray = field(default_factory=lambda: np.zeros(1326))

    def __post_init__(self) -> None:
        self.weights = np.asarray(self.weights, dtype=np.float64)
        if self.weights.shape != (1326,):
            raise ValueError(f"a range has 1326 weights, got shape {self.weights.shape}")
        if np.any(self.weights < 0) or np.any(self.weights > 1) or np.any(~np.isfinite(self.weights)):
            raise ValueError("range weights must lie in [0, 1]")

    @classmethod
    def from_text(cls, text: str, dead: Iterable[int] = ()) -> Range:
        """Parse range text; see :func:`parse_range`."""
        return parse_range(text, dead=dead)

    @classmethod
    def full(cls, dead: Iterable[int] = ()) -> Range:
        """Every combo, less those that use a dead card."""
        return cls(np.ones(1326)).without(dead)

    def __len__(self) -> int:
        return int(np.count_nonzero(self.weights))

    def combos(self) -> list[tuple[int, int]]:
        """The combos with positive weight, as ``(low, high)`` pairs, in combo-index order."""
        return [tuple(int(c) for c in ALL_COMBOS[i]) for i in np.flatnonzero(self.weights)]

    def without(self, dead: Iterable[int]) -> Range:
        """A copy with every combo that uses one of the ``dead`` cards removed."""
        dead = list(dead)
        check_distinct(dead)
        w = self.weights.copy()
        if dead:
            w[combos_touching(dead)] = 0.0
        return Range(w)

    def __str__(self) -> str:
        return ", ".join(format_cards(c, sep="") for c in self.combos())


_ITEM_RE = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([so]?)(\+?)$", re.IGNORECASE)
_DASH_RE = re.compile(r"^([2-9TJQKA]{2}[so]?)-([2-9TJQKA]{2}[so]?)$", re.IGNORECASE)


def _expand_item(item: str) -> list[str]:
    """Expand one range item (no weight) into class names or explicit combos."""
    text = item.strip()
    m = _DASH_RE.match(text)
    if m:
        first, last = m.group(1).upper(), m.group(2).upper()
        kind1 = first[2:].lower()
        kind2 = last[2:].lower()
        if kind1 != kind2:
            raise ValueError(f"range item {item!r}: both ends must have the same suffix")
        a1, b1 = RANKS.index(first[0]), RANKS.index(first[1])
        a2, b2 = RANKS.index(last[0]), RANKS.index(last[1])
        if a1 == b1 and a2 == b2:  # 22-55
            if kind1:
                raise ValueError(f"range item {item!r}: a pair is neither suited nor offsuit")
            lo, hi = sorted((a1, a2))
            return [RANKS[r] * 2 for r in range(lo, hi + 1)]
        if a1 == a2 and a1 != b1 and a2 != b2:  # A5s-A2s
            lo, hi = sorted((b1, b2))
            if hi >= a1:
                raise ValueError(f"range item {item!r}: the kicker must be below {RANKS[a1]}")
            return [RANKS[a1] + RANKS[k] + kind1 for k in range(lo, hi + 1)]
        raise ValueError(
            f"range item {item!r}: a dash joins pairs (22-55) or hands with the same top card (A5s-A2s)"
        )
    m = _ITEM_RE.match(text)
    if m:
        r1, r2 = RANKS.index(m.group(1).upper()), RANKS.index(m.group(2).upper())
        kind, plus = m.group(3).lower(), m.group(4)
        if r1 == r2:
            if kind:
                raise ValueError(f"range item {item!r}: a pair is neither suited nor offsuit")
            top = 12 if plus else r1
            return [RANKS[r] * 2 for r in range(r1, top + 1)]
        if r1 < r2:
            r1, r2 = r2, r1
        top = r1 - 1 if plus else r2
        return [RANKS[r1] + RANKS[k] + kind for k in range(r2, top + 1)]
    # Explicit cards such as "AhKh".
    try:
        cards = parse_cards(text)
    except ValueError:
        raise ValueError(f"unknown range item {item!r}") from None
    if len(cards) != 2:
        raise ValueError(f"range item {item!r} names {len(cards)} cards, not 2")
    return [format_cards(cards, sep="")]


def _percent_item(body: str, raw: str) -> tuple[str, ...]:
    """The classes of a percentage item such as ``15%`` (see :mod:`pokerlab.cards.ranking`)."""
    from pokerlab.cards.ranking import top_classes

    try:
        percent = float(body[:-1])
    except ValueError:
        raise ValueError(f"range item {raw!r}: {body[:-1]!r} is not a percentage") from None
    if not 0.0 < percent <= 100.0:
        raise ValueError(f"range item {raw!r}: a percentage must be above 0% and at most 100%")
    return top_classes(percent)


def parse_range(text: str, dead: Iterable[int] = ()) -> Range:
    """Parse PokerStove-style range text into a :class:`Range`.

    Items are separated by commas or spaces: pairs (``"TT"``), classes (``"AKs"``, ``"AKo"``,
    ``"AK"`` for both), ``+`` for "and better" (``"QQ+"``, ``"ATs+"``), dash ranges
    (``"22-55"``, ``"A5s-A2s"``), explicit combos (``"AhKh"``), ``"random"`` or ``"any"`` for all
    1,326 combos, percentages (``"15%"``: the top 15% of the 1,326 combos by PokerStove's
    ranking, all-in equity against a random hand; see :mod:`pokerlab.cards.ranking`) and an
    optional weight after a colon (``"AKo:0.5"``, ``"KK:0.5"``, ``"20%:0.5"``). An item named
    twice keeps its largest weight. Combos using a ``dead`` card are removed.

    Raises
    ------
    ValueError
        Naming the item that cannot be read.

    Examples
    --------
    >>> len(parse_range("ATs+")), len(parse_range("22-55")), len(parse_range("random"))
    (16, 24, 1326)
    >>> r = parse_range("AA, KK:0.5, AKs")
    >>> len(r), float(r.weights.sum())
    (16, 13.0)
    >>> len(parse_range("10%"))
    134
    >>> parse_range("AKx")
    Traceback (most recent call last):
    ...
    ValueError: unknown range item 'AKx'
    """
    items = [t for t in re.split(r"[,\s]+", text.strip()) if t]
    if not items:
        raise ValueError("empty range")
    w = np.zeros(1326)
    for raw in items:
        body, _, weight_text = raw.partition(":")
        weight = 1.0
        if weight_text:
            try:
                weight = float(weight_text)
            except ValueError:
                raise ValueError(f"range item {raw!r}: weight {weight_text!r} is not a number") from None
            if not 0.0 <= weight <= 1.0:
                raise ValueError(f"range item {raw!r}: weight must be in [0, 1]")
        if body.lower() in ("random", "any", "all"):
            w[:] = np.maximum(w, weight)
            continue
        names = _percent_item(body, raw) if body.endswith("%") else _expand_item(body)
        for name in names:
            if len(name) == 4:  # explicit combo
                a, b = parse_cards(name)
                idx = [combo_index(a, b)]
            else:
                idx = [combo_index(a, b) for a, b in combos_of_class(name)]
            w[idx] = np.maximum(w[idx], weight)
    return Range(w).without(dead)


def class_combo_counts(combos: Sequence[tuple[int, int]]) -> dict[str, int]:
    """How many of ``combos`` fall in each pre-flop class (classes with none are left out)."""
    counts: dict[str, int] = {}
    for a, b in combos:
        name = class_of(a, b)
        counts[name] = counts.get(name, 0) + 1
    return counts
