"""The rank multipliers of the evaluator's hand keys (OMPEval's): a hand's rank key is the sum
of its cards' multipliers, and the sums of 0 to 7 of them (at most 4 equal) are all distinct,
so a rank key names the hand's multiset of ranks.

Both the table builder (:mod:`pokerlab.evaluate.tables`) and its kernels
(:mod:`pokerlab.evaluate._table_kernels`) read them from here.

Examples
--------
>>> int(RANK_KEYS[0]), len(RANK_KEYS)
(8192, 13)
"""

from __future__ import annotations

import numpy as np

RANK_KEYS = np.array(
    [0x2000, 0x8001, 0x11000, 0x3A000, 0x91000, 0x176005, 0x366000,
     0x41A013, 0x47802E, 0x479068, 0x48C0E4, 0x48F211, 0x494493],
    dtype=np.int64,
)
"""The multiplier of each rank, deuce (0) to ace (12)."""
