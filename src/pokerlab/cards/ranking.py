"""PokerStove's ranking of the 169 pre-flop classes, and the top ``p`` percent of hands it gives.

A percentage range such as ``15%`` is, as in PokerStove and Equilab, the best classes of this
ranking covering 15% of the 1,326 starting combos. The ranking orders the classes by their
exact all-in equity against one random hand (AA 85.20% first, 32o last); it ships as data
(``data/preflop-ranking.csv``), computed by :mod:`pokerlab.strength.preflop_ranking`.

The cut: classes are taken in ranking order while each one brings the count of combos nearer
to ``p`` percent of 1,326 (a class is taken when at least half of its combos fit), so a
percentage names whole classes and the nearest count to the target.

Examples
--------
>>> [name for name, _, _ in ranking()[:3]]
['AA', 'KK', 'QQ']
>>> top_classes(5.0)
('AA', 'KK', 'QQ', 'JJ', 'TT', '99', '88', 'AKs', '77', 'AQs', 'AJs', 'AKo')
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

RANKING_FILE = Path(__file__).with_name("data") / "preflop-ranking.csv"
"""The shipped ranking: ``rank,class,combos,equity_vs_random`` (``#`` lines are comments)."""


@lru_cache(maxsize=1)
def _rows() -> tuple[tuple[str, int, float], ...]:
    rows = []
    for line in RANKING_FILE.read_text().splitlines():
        if not line or line.startswith("#") or line.startswith("rank,"):
            continue
        _, name, combos, eq = line.split(",")
        rows.append((name, int(combos), float(eq)))
    if len(rows) != 169:
        raise RuntimeError(f"{RANKING_FILE} holds {len(rows)} classes, not 169")
    return tuple(rows)


def ranking() -> tuple[tuple[str, int, float], ...]:
    """``(class, combos, equity against a random hand)`` of the 169 classes, best first."""
    return _rows()


def top_classes(percent: float) -> tuple[str, ...]:
    """The best classes covering ``percent`` of the 1,326 combos (nearest whole classes).

    Raises
    ------
    ValueError
        For a percentage outside (0, 100].

    Examples
    --------
    >>> top_classes(100.0)[-1], len(top_classes(100.0))
    ('32o', 169)
    >>> top_classes(0.5)
    ('AA',)
    """
    if not 0.0 < percent <= 100.0:
        raise ValueError(f"a percentage range must be above 0% and at most 100%, not {percent:g}%")
    target = percent / 100.0 * 1326
    out: list[str] = []
    count = 0
    for name, combos, _ in _rows():
        if out and count + combos / 2 > target:
            break
        out.append(name)
        count += combos
    return tuple(out)
