"""Card abstractions of heads-up hold'em for whole-game CFR bots (issue 27).

Pre-flop the 169 lossless classes; on the flop, turn and river buckets of hole combos by exact
E[HS^2] percentiles (``kind="ehs2"``) or, on the flop and turn, potential-aware k-means over
histograms of next-round strength (``kind="potential"``). Modules:

- :mod:`~pokerlab.abstraction.settings`: :class:`AbstractionSettings` (bucket counts, kind, key);
- :mod:`~pokerlab.abstraction.boards`: boards up to suit isomorphism (1,755 flops, 16,432 turns,
  134,459 rivers);
- :mod:`~pokerlab.abstraction._kernels`: exact strengths of all 1,326 combos on a board (numba);
- :mod:`~pokerlab.abstraction.kmeans`: the potential-aware clustering;
- :mod:`~pokerlab.abstraction.buckets`: :class:`CardAbstraction`, building, the cache.

Combos are in ``combo_index`` order (:func:`pokerlab.cards.combo_index`,
:data:`pokerlab.cards.ALL_COMBOS`).

Examples
--------
>>> AbstractionSettings(flop=50, turn=50, river=50).bucket_counts
(169, 50, 50, 50)
"""

from pokerlab.abstraction.buckets import (
    CardAbstraction,
    build,
    build_units,
    cache_path,
    cached,
    card_abstraction,
    percentile_thresholds,
)
from pokerlab.abstraction.settings import KINDS, AbstractionError, AbstractionSettings

__all__ = [
    "KINDS",
    "AbstractionError",
    "AbstractionSettings",
    "CardAbstraction",
    "build",
    "build_units",
    "cache_path",
    "cached",
    "card_abstraction",
    "percentile_thresholds",
]
