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
from numba import njit

from pokerlab._cache import cache_dir
from pokerlab.evaluate.classes import NUM_CLASSES, score_of_rank_counts

# Rank multipliers of OMPEval: the sums of 0..7 of them (at most 4 equal) are all distinct.
RANK_KEYS = np.array(
    [0x2000, 0x8001, 0x11000, 0x3A000, 0x91000, 0x176005, 0x366000,
     0x41A013, 0x47802E, 0x479068, 0x48C0E4, 0x48F211, 0x494493],
    dtype=np.int64,
)
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

TABLE_VERSION = 2
"""Bump when the table layout or contents change (names the cache file)."""


@njit(cache=True)
def _multisets(k: int) -> np.ndarray:
    """All multisets of ``k`` ranks with at most 4 of a rank, as sorted rows of shape (m, k)."""
    cap = 1
    for i in range(k):  # C(12 + k, k) non-decreasing sequences bound the count
        cap = cap * (12 + k - i) // (i + 1)
    out = np.empty((cap, k), dtype=np.int8)
    seq = np.zeros(k, dtype=np.int64)
    m = 0
    while True:
        run = 1
        ok = True
        for i in range(1, k):
            run = run + 1 if seq[i] == seq[i - 1] else 1
            if run > 4:
                ok = False
        if ok:
            for j in range(k):
                out[m, j] = seq[j]
            m += 1
        i = k - 1
        while i >= 0 and seq[i] == 12:
            i -= 1
        if i < 0:
            break
        seq[i] += 1
        for j in range(i + 1, k):
            seq[j] = seq[i]
    return out[:m]


@njit(cache=True)
def _class_score_list() -> np.ndarray:
    """Scores of all five-card classes (every rank multiset, plus every flush rank set)."""
    fives = _multisets(5)
    scores = np.empty(fives.shape[0] + 1287, dtype=np.int64)
    counts = np.zeros(13, dtype=np.int64)
    n = 0
    for row in range(fives.shape[0]):
        counts[:] = 0
        for j in range(5):
            counts[fives[row, j]] += 1
        scores[n] = score_of_rank_counts(counts, False)
        n += 1
        distinct = True
        for r in range(13):
            if counts[r] > 1:
                distinct = False
        if distinct:
            scores[n] = score_of_rank_counts(counts, True)
            n += 1
    return scores[:n]


def _class_scores() -> np.ndarray:
    """Sorted distinct scores of all five-card classes."""
    return np.unique(_class_score_list())


@njit(cache=True)
def _best_of_multisets(ranks: np.ndarray, class_scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rank-key sums and best non-flush values of the multisets in ``ranks`` (rows of 5..7)."""
    m, k = ranks.shape
    keys = np.empty(m, dtype=np.int64)
    values = np.empty(m, dtype=np.uint16)
    counts = np.zeros(13, dtype=np.int64)
    for row in range(m):
        key = 0
        for j in range(k):
            key += RANK_KEYS[ranks[row, j]]
        best = -1
        for chosen in range(1 << k):  # every 5-card subset, as a bit set of positions
            held = 0
            for j in range(k):
                held += (chosen >> j) & 1
            if held != 5:
                continue
            counts[:] = 0
            for j in range(k):
                if (chosen >> j) & 1:
                    counts[ranks[row, j]] += 1
            best = max(best, score_of_rank_counts(counts, False))
        keys[row] = key
        values[row] = np.searchsorted(class_scores, best)
    return keys, values


@njit(cache=True)
def _flush_table(class_scores: np.ndarray) -> np.ndarray:
    """Best value of a suit holding the 13-bit rank set ``mask`` (0 when fewer than 5 cards)."""
    table = np.zeros(8192, dtype=np.uint16)
    counts = np.zeros(13, dtype=np.int64)
    for mask in range(8192):
        held = 0
        for r in range(13):
            held += (mask >> r) & 1
        if held < 5:
            continue
        counts[:] = 0
        top = -1
        for high in range(12, 3, -1):  # straight flushes, best first
            need = 0x1F << (high - 4)
            if mask & need == need:
                top = high
                break
        if top < 0 and mask & 0x100F == 0x100F:  # A-5-4-3-2
            top = 3
        if top >= 0:
            if top == 3:
                counts[12] = 1
                for r in range(4):
                    counts[r] = 1
            else:
                for r in range(top - 4, top + 1):
                    counts[r] = 1
        else:
            taken = 0
            for r in range(12, -1, -1):
                if (mask >> r) & 1 and taken < 5:
                    counts[r] = 1
                    taken += 1
        table[mask] = np.searchsorted(class_scores, score_of_rank_counts(counts, True))
    return table


@njit(cache=True)
def _place_rows(lows: np.ndarray, starts: np.ndarray, order: np.ndarray, span: int) -> np.ndarray:
    """First-fit placement: the base slot of each row so that no two keys share a slot.

    Row ``r`` holds the low parts ``lows[starts[r]:starts[r + 1]]``; rows are placed in
    ``order`` (largest first), each at the lowest base where all its slots are free.
    """
    used = np.zeros(8 * lows.size + 2 * span, dtype=np.bool_)
    bases = np.zeros(starts.size - 1, dtype=np.int64)
    first_free = 0
    for r in order:
        lo, hi = starts[r], starts[r + 1]
        if hi == lo:
            continue
        while used[first_free]:
            first_free += 1
        smallest = lows[lo]
        for i in range(lo, hi):
            smallest = min(smallest, lows[i])
        base = max(0, first_free - smallest)
        while True:
            clash = False
            for i in range(lo, hi):
                if used[base + lows[i]]:
                    clash = True
                    break
            if not clash:
                break
            base += 1
            if base + span >= used.size:
                raise RuntimeError("perfect hash placement ran out of room")
        for i in range(lo, hi):
            used[base + lows[i]] = True
        bases[r] = base
    return bases


def _perfect_hash(keys: np.ndarray, row_shift: int) -> tuple[np.ndarray, int]:
    """Row offsets so that ``key + offset[key >> row_shift]`` is one-to-one; and the slot count."""
    rows = keys >> row_shift
    by_row = np.argsort(rows, kind="stable")
    sizes = np.bincount(rows)
    starts = np.concatenate(([0], np.cumsum(sizes))).astype(np.int64)
    lows = (keys[by_row] & ((1 << row_shift) - 1)).astype(np.int64)
    order = np.argsort(-sizes, kind="stable").astype(np.int64)
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
    return str(cache_dir() / f"evaluator-tables-v{TABLE_VERSION}-shift{ROW_SHIFT}.npz")


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
