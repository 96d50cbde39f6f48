"""Lookup tables of the hand evaluator, built once with numba and cached on disk.

Design (after OMPEval, zekyll/OMPEval, ISC licence, whose rank multipliers we use):

* Every card has a 64-bit **key**: a one in the 4-bit counter of its suit (bits 0..15)
  plus its rank key shifted to bit 16. The 13 rank keys are chosen so that the sums of
  any 0..7 of them (at most four of a rank) are all distinct, so ``key >> 16`` names the
  rank multiset of the hand. The suit counters start at 3 (:data:`EMPTY_KEY`), so bit 3
  of a counter is set exactly when that suit has five or more cards (:data:`FLUSH_CHECK`).
  Both constants fit in 32 bits, so kernels test them as immediates.
* Every card also has a 64-bit **mask** with bit ``rank + 16 * suit``; the OR of the masks
  gives, per suit, the 13-bit set of ranks held, which indexes :data:`FLUSH_TABLE`.
* Non-flush hands look the rank key up through a perfect hash: ``RANK_TABLE[(key >>
  RANK_SHIFT) + ROW_OFFSET[key >> ROW_KEY_SHIFT]]``. The row offsets were
  placed (greedy first fit, largest rows first) so that no two rank multisets of 5, 6 or 7
  cards share a slot.

All tables hold dense hand values ``0..7461`` (see :mod:`pokerlab.evaluate.classes`) as
``uint16``. A flush among 5..7 cards always beats what the same cards make without the
suit (a full house or quads would need more than seven cards), so a hand with a
five-card suit takes the flush table and every other hand takes the rank table.

Examples
--------
>>> RANK_TABLE.dtype, FLUSH_TABLE.shape, CARD_KEY.shape
(dtype('uint16'), (8192,), (52,))
>>> int(FLUSH_TABLE[0b1111100000000])  # A K Q J T of one suit: the top value
7461
"""

from __future__ import annotations

import os
import tempfile

import numpy as np

from pokerlab._cache import cache_dir
from pokerlab._kernel_cache import source_digest
from pokerlab.evaluate.classes import NUM_CLASSES
from pokerlab.evaluate.rank_keys import RANK_KEYS

RANK_SHIFT = 16
"""Bit where the rank key starts within a card key (bits below hold the suit counters)."""
EMPTY_KEY = 0x3333
"""Key of the empty hand: every suit counter starts at 3, so 5 cards of a suit set its bit 3."""
FLUSH_CHECK = 0x8888
"""``key & FLUSH_CHECK`` is non-zero exactly when some suit has five or more cards."""
ROW_SHIFT = 12
"""Perfect-hash rows hold rank keys with equal ``rank_key >> ROW_SHIFT``."""
ROW_KEY_SHIFT = RANK_SHIFT + ROW_SHIFT
"""``key >> ROW_KEY_SHIFT`` is the perfect-hash row of a hand key."""
MAX_RANK_KEY = int(4 * RANK_KEYS[12] + 3 * RANK_KEYS[11])


def _perfect_hash(keys: np.ndarray, row_shift: int) -> tuple[np.ndarray, int]:
    """Row offsets so that ``key + offset[key >> row_shift]`` is one-to-one; and the slot count."""
    rows = keys >> row_shift
    by_row = np.argsort(rows, kind="stable")
    sizes = np.bincount(rows)
    starts = np.concatenate(([0], np.cumsum(sizes))).astype(np.int64)
    lows = (keys[by_row] & ((1 << row_shift) - 1)).astype(np.int64)
    order = np.argsort(-sizes, kind="stable").astype(np.int64)
    from pokerlab.evaluate._table_kernels import _place_rows

    bases = _place_rows(lows, starts, order, 1 << row_shift)
    offsets = np.where(sizes > 0, bases - (np.arange(sizes.size, dtype=np.int64) << row_shift), 0)
    size = int((keys + offsets[rows]).max()) + 1
    return offsets, size


def build_tables() -> dict[str, np.ndarray]:
    """Build every evaluator table from scratch (a second or two once numba has compiled).

    Raises
    ------
    RuntimeError
        If the rank keys fail to separate the rank multisets (a broken build).
    """
    from pokerlab.evaluate._table_kernels import (  # numba: only when the tables are built
        _best_of_multisets,
        _class_scores,
        _flush_table,
        _multisets,
    )

    class_scores = _class_scores()
    if class_scores.size != NUM_CLASSES:
        raise RuntimeError(f"found {class_scores.size} five-card classes, expected {NUM_CLASSES}")
    keys_list, values_list = [], []
    for k in (5, 6, 7):
        keys, values = _best_of_multisets(_multisets(k), class_scores)
        keys_list.append(keys)
        values_list.append(values)
    keys = np.concatenate(keys_list)
    values = np.concatenate(values_list)
    if np.unique(keys).size != keys.size:
        raise RuntimeError("rank keys collide: two rank multisets share a key")
    offsets, size = _perfect_hash(keys, ROW_SHIFT)
    rank_table = np.zeros(size, dtype=np.uint16)
    slots = keys + offsets[keys >> ROW_SHIFT]
    if np.unique(slots).size != slots.size or slots.min() < 0:
        raise RuntimeError("perfect hash placement failed")
    rank_table[slots] = values
    ranks = np.arange(52) >> 2
    suits = np.arange(52) & 3
    card_key = ((RANK_KEYS[ranks] << RANK_SHIFT) + (np.int64(1) << (4 * suits))).astype(np.int64)
    card_mask = (np.int64(1) << (ranks + 16 * suits)).astype(np.int64)
    return {
        "card_key": card_key,
        "card_mask": card_mask,
        "rank_table": rank_table,
        "row_offset": offsets.astype(np.int32),
        "flush_table": _flush_table(class_scores),
    }


_TABLE_DTYPES = {
    "card_key": np.int64,
    "card_mask": np.int64,
    "rank_table": np.uint16,
    "row_offset": np.int32,
    "flush_table": np.uint16,
}


def _cache_file() -> str:
    # Named by a hash of the sources that build the tables: a change there builds them anew.
    return str(cache_dir() / f"evaluator-tables-{source_digest(__name__)}.npz")


def _read_cached(path: str) -> dict[str, np.ndarray] | None:
    """The tables in ``path``, or None when the file is missing, unreadable or malformed."""
    try:
        with np.load(path) as data:
            tables = {name: data[name] for name in _TABLE_DTYPES}
    except Exception:  # missing, truncated, not a zip, wrong members: rebuild
        return None
    well_formed = (
        all(tables[name].dtype == dtype for name, dtype in _TABLE_DTYPES.items())
        and tables["card_key"].shape == (52,)
        and tables["card_mask"].shape == (52,)
        and tables["flush_table"].shape == (8192,)
        and tables["row_offset"].shape == ((MAX_RANK_KEY >> ROW_SHIFT) + 1,)
    )
    return tables if well_formed else None


def load_tables() -> dict[str, np.ndarray]:
    """The evaluator tables: read from the cache file, or built and written there.

    A cache folder that cannot be written only costs the rebuild in the next process.
    """
    try:
        path = _cache_file()
    except OSError:
        return build_tables()
    tables = _read_cached(path)
    if tables is not None:
        return tables
    tables = build_tables()
    # Write to a temporary file and rename, so a concurrent reader never sees half a file.
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), suffix=".npz")
        with os.fdopen(fd, "wb") as handle:
            np.savez(handle, **tables)
        os.replace(tmp, path)
    except OSError:
        if tmp is not None and os.path.exists(tmp):
            os.unlink(tmp)
    return tables


_TABLES = load_tables()
CARD_KEY: np.ndarray = _TABLES["card_key"]
"""Key of each card code (int64): rank key << RANK_SHIFT plus one in its suit counter."""
CARD_MASK: np.ndarray = _TABLES["card_mask"]
"""Mask of each card code (int64): bit ``rank + 16 * suit``."""
RANK_TABLE: np.ndarray = _TABLES["rank_table"]
"""Value of each non-flush rank multiset of 5..7 cards, at its perfect-hash slot (uint16)."""
ROW_OFFSET: np.ndarray = _TABLES["row_offset"]
"""Perfect-hash offset of each row ``key >> ROW_KEY_SHIFT`` (int32, may be negative)."""
FLUSH_TABLE: np.ndarray = _TABLES["flush_table"]
"""Value of the best hand within a 13-bit suit rank set of 5+ cards (uint16)."""


def value_of_cards(codes: list[int]) -> int:
    """Value of one hand of 5..7 valid, distinct card codes, read from the tables in plain Python.

    The lookup :func:`pokerlab.evaluate.kernels.eval_key` compiles for kernels; this copy
    serves a single hand without loading numba (``pokerlab hand`` starts faster).

    Examples
    --------
    >>> value_of_cards([48, 44, 40, 36, 32]), value_of_cards([0, 5, 10, 15, 21])  # royal; 75432
    (7461, 0)
    """
    key = EMPTY_KEY + sum(int(CARD_KEY[c]) for c in codes)
    if key & FLUSH_CHECK:
        mask = 0
        for c in codes:
            mask |= int(CARD_MASK[c])
        suit = next(s for s in range(4) if key & (0x8 << (4 * s)))
        return int(FLUSH_TABLE[(mask >> (16 * suit)) & 0x1FFF])
    return int(RANK_TABLE[(key >> RANK_SHIFT) + int(ROW_OFFSET[key >> ROW_KEY_SHIFT])])
