"""A card abstraction of heads-up hold'em: the bucket of every hole combo on every board.

Pre-flop the 169 lossless classes (:data:`pokerlab.cards.PREFLOP_CLASSES` order). On the flop,
turn and river the bucket comes from the exact strength of the combo against every opponent
holding, with card removal (:mod:`pokerlab.abstraction._kernels`):

- **ehs2** (every round, and the river of every kind): E[HS^2], the mean over the runouts to the
  river of the squared river hand strength (HS on the river itself), bucketed by percentiles.
  The boundaries are the percentiles of the E[HS^2] distribution over all (board, combo) pairs
  of the round, every one of the C(52, k) boards counted once and every combo not touching it
  once (the canonical boards weighted by how many boards they stand for): bucket ``b`` of
  ``K`` holds the pairs from quantile ``b / K`` up to ``(b + 1) / K``. Precisely, threshold
  ``j`` (``j = 1 .. K - 1``) is the smallest score whose cumulative weight exceeds ``j / K``
  of the total, and a score's bucket is the number of thresholds at or below it; a score that
  alone holds more than ``1 / K`` of the mass leaves the buckets it jumps over empty.
- **potential** (flop and turn): k-means over histograms of next-round strength, the
  potential-aware idea of the published imperfect-recall abstractions: a turn combo is
  described by how its river HS falls over the 46 rivers, a flop combo by how its turn E[HS^2]
  falls over the 47 turn cards (see :mod:`pokerlab.abstraction.kmeans`).

Two paths give the same buckets: :meth:`CardAbstraction.board_buckets` computes one board from
the small parameters (thresholds, centroids) at play time, and
:meth:`CardAbstraction.deal_buckets` reads tables (one row per suit-isomorphism class of flops,
turns and rivers, :mod:`pokerlab.abstraction.boards`) built once by :func:`card_abstraction` and
cached on disk. Strengths are integers in both paths (exact sums of squared river counts), so the two
never disagree at a boundary.

Examples
--------
>>> import numpy as np
>>> from pokerlab.abstraction._kernels import FLOP_FULL, TURN_FULL
>>> from pokerlab.cards import combo_index, parse_cards
>>> settings = AbstractionSettings(flop=5, turn=5, river=5)
>>> params = {"key": np.array(settings.key()),
...           "flop_thresholds": np.array([1, 2, 3, 4]) * FLOP_FULL // 5,
...           "turn_thresholds": np.array([1, 2, 3, 4]) * TURN_FULL // 5,
...           "river_thresholds": np.array([396, 792, 1188, 1584])}
>>> abstraction = CardAbstraction.from_parameters(params)
>>> buckets = abstraction.board_buckets(parse_cards("2c 7d 9h Jc Ks"))
>>> int(buckets[combo_index(*parse_cards("AsAh"))]), int(buckets[combo_index(*parse_cards("3s4h"))])
(4, 0)
>>> int(abstraction.preflop_buckets()[combo_index(*parse_cards("AsAh"))])
0
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path

import numpy as np

from pokerlab._cache import cache_dir, cache_root
from pokerlab.abstraction import kmeans
from pokerlab.abstraction._kernels import (
    FLOP_FULL,
    RIVER_DEN,
    TURN_FULL,
    deal_buckets_kernel,
    flop_scores,
    flops_from_turns,
    river_buckets_many,
    river_nums,
    turn_scores,
    turn_scores_many,
)
from pokerlab.abstraction.boards import board_classes, colex_ranks
from pokerlab.abstraction.settings import AbstractionError, AbstractionSettings
from pokerlab.cards import ALL_COMBOS, PREFLOP_CLASSES, check_distinct, class_of, parse_cards

Progress = Callable[[int], None]
"""``progress(n)``: ``n`` more units of :func:`build_units` done."""

NOT_COMPUTED = -2
"""A table row not filled yet (a deal needing it computes it on the spot)."""

TURN_CHUNK = 64
"""Turn boards per kernel call while building (a progress step)."""

SLICE = 2048
"""Table rows handled at once when boundaries, centroids and tables are made."""


@cache
def _preflop_classes() -> np.ndarray:
    index = {name: i for i, name in enumerate(PREFLOP_CLASSES)}
    out = np.array([index[class_of(int(a), int(b))] for a, b in ALL_COMBOS], dtype=np.int32)
    out.setflags(write=False)
    return out


def percentile_thresholds(scores: np.ndarray, weights: np.ndarray, k: int) -> np.ndarray:
    """The ``k - 1`` percentile boundaries of integer ``scores`` counted with ``weights``.

    Threshold ``j`` is the smallest score whose cumulative weight exceeds ``j / k`` of the total
    (integer arithmetic: exact); ``np.searchsorted(thresholds, s, side="right")`` is then the
    bucket of score ``s``.

    Examples
    --------
    >>> percentile_thresholds(np.arange(10), np.ones(10, dtype=np.int64), 5).tolist()
    [2, 4, 6, 8]
    >>> percentile_thresholds(np.array([0, 0, 0, 7]), np.array([1, 1, 1, 1]), 2).tolist()
    [0]
    """
    values, inverse = np.unique(np.asarray(scores, dtype=np.int64), return_inverse=True)
    mass = np.bincount(inverse.ravel(), weights=np.asarray(weights, dtype=np.float64).ravel())
    return thresholds_from_counts(values, mass, k)


def thresholds_from_counts(values: np.ndarray, mass: np.ndarray, k: int) -> np.ndarray:
    """:func:`percentile_thresholds` of ascending distinct ``values`` holding ``mass`` each."""
    cum = np.cumsum(np.rint(mass).astype(np.int64))
    total = int(cum[-1])
    targets = total * np.arange(1, k, dtype=np.int64)
    idx = np.searchsorted(cum * k, targets, side="right")
    return values[np.minimum(idx, len(values) - 1)].astype(np.int64)


def weighted_counts(values: np.ndarray, row_weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct non-negative entries of ``values`` (rows, 1326) and their total weight, each
    entry counted ``row_weights[row]`` times; in slices of rows (little memory beyond the input).

    Examples
    --------
    >>> weighted_counts(np.array([[3, -1, 5], [5, 5, -1]]), np.array([2, 10]))
    (array([3, 5]), array([ 2., 22.]))
    """
    parts_v, parts_m = [], []
    for lo in range(0, len(values), SLICE):
        block = values[lo:lo + SLICE]
        valid = block >= 0
        v, inverse = np.unique(block[valid], return_inverse=True)
        w = np.repeat(np.asarray(row_weights[lo:lo + SLICE], dtype=np.float64), valid.sum(axis=1))
        parts_v.append(v)
        parts_m.append(np.bincount(inverse.ravel(), weights=w, minlength=len(v)))
    v, inverse = np.unique(np.concatenate(parts_v), return_inverse=True)
    return v, np.bincount(inverse.ravel(), weights=np.concatenate(parts_m), minlength=len(v))


def table_dtype(buckets: int) -> type:
    """int8 entries for up to 127 buckets (half the bytes), else int16; -1 and
    :data:`NOT_COMPUTED` are negative."""
    return np.int8 if buckets <= 127 else np.int16


RIVER_UNIT = 64
"""River boards per progress unit while building (a river board costs about 1/50 of a turn)."""


def build_units(settings: AbstractionSettings) -> int:
    """The units of work :func:`card_abstraction` reports to its ``progress`` callable."""
    units = len(board_classes(4).boards) + len(board_classes(3).boards)
    units += -(-len(board_classes(5).boards) // RIVER_UNIT)
    if settings.kind == "potential":
        units += 2 * kmeans.PROGRESS_UNITS
    return units


class CardAbstraction:
    """The buckets of one :class:`AbstractionSettings` (see the module docstring).

    Build or load one with :func:`card_abstraction`; a strategy file restores the small part with
    :meth:`from_parameters` (no big tables: :meth:`board_buckets` works at once,
    :meth:`deal_buckets` loads the cached tables or fills rows as deals need them).
    """

    def __init__(self, settings: AbstractionSettings, params: dict[str, np.ndarray]) -> None:
        self.settings = settings
        self._params = {k: np.asarray(v) for k, v in params.items()}
        for name, count in (("flop", settings.flop), ("turn", settings.turn), ("river", settings.river)):
            if settings.kind == "potential" and name != "river":
                c = self._params.get(f"{name}_centroids")
                if c is None or c.ndim != 2 or c.shape[0] != count:
                    raise AbstractionError(f"abstraction parameters: {name}_centroids must have {count} rows")
                self._params[f"{name}_centroids"] = np.ascontiguousarray(c, dtype=np.float64)
            else:
                t = self._params.get(f"{name}_thresholds")
                if t is None or t.shape != (count - 1,) or np.any(np.diff(t) < 0):
                    raise AbstractionError(
                        f"abstraction parameters: {name}_thresholds must be {count - 1} ascending numbers")
                self._params[f"{name}_thresholds"] = np.ascontiguousarray(t, dtype=np.int64)
        self._flop_table: np.ndarray | None = None
        self._turn_table: np.ndarray | None = None
        self._river_table: np.ndarray | None = None
        self.build_seconds: float | None = None
        """Seconds the full build took (``None`` for an abstraction made from parameters)."""
        self.path: Path | None = None
        """The cache file it was read from or written to."""
        self.river_count: np.ndarray | None = None
        """How many (river board, combo) pairs have each river ``2W + T`` (a full build's)."""

    # -- the contract ---------------------------------------------------------------------
    @property
    def bucket_counts(self) -> tuple[int, int, int, int]:
        """(169, flop, turn, river)."""
        return self.settings.bucket_counts

    def parameters(self) -> dict[str, np.ndarray]:
        """The small part (settings key, thresholds, centroids) a strategy file embeds."""
        return {k: v.copy() for k, v in self._params.items()}

    @classmethod
    def from_parameters(cls, params: dict[str, np.ndarray]) -> CardAbstraction:
        """The abstraction :meth:`parameters` describes (no tables: they come when needed).

        Raises
        ------
        AbstractionError
            Missing or malformed entries.
        """
        if "key" not in params:
            raise AbstractionError("abstraction parameters: no 'key' entry")
        settings = AbstractionSettings.from_key(str(np.asarray(params["key"])))
        return cls(settings, dict(params))

    def preflop_buckets(self) -> np.ndarray:
        """The 169-class index (:data:`pokerlab.cards.PREFLOP_CLASSES` order) of each combo.

        Returns
        -------
        np.ndarray
            int32 (1326,) in ``combo_index`` order.
        """
        return _preflop_classes().copy()

    def board_buckets(self, board: Sequence[int] | np.ndarray | str) -> np.ndarray:
        """The bucket of every combo (``combo_index`` order) on a 3-, 4- or 5-card ``board``
        (card codes, or text such as ``"Ah 7c 2d"``).

        -1 for combos touching the board. Computed from the small parameters: exact strengths
        of all 1,326 combos in one kernel call (about 35 ms on a flop, 2 ms on a turn,
        0.03 ms on a river).

        Raises
        ------
        ValueError
            Not 3, 4 or 5 distinct card codes.
        """
        cards = parse_cards(board) if isinstance(board, str) else [int(c) for c in board]
        if len(cards) not in (3, 4, 5):
            raise ValueError(f"board: need 3, 4 or 5 cards, got {len(cards)}")
        check_distinct(cards)
        b = np.array(cards, dtype=np.int64)
        if len(cards) == 3:
            return self._flop_row(b).astype(np.int32)
        if len(cards) == 4:
            return self._turn_row(b).astype(np.int32)
        num = river_nums(b)
        out = np.searchsorted(self._params["river_thresholds"], num, side="right").astype(np.int32)
        out[num < 0] = -1
        return out

    def deal_buckets(self, holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
        """Both players' buckets on every round for ``m`` deals.

        Parameters
        ----------
        holes
            int64 (m, 2, 2): each player's two hole cards.
        boards
            int64 (m, 5): the five board cards (flop = the first three, turn = the fourth).

        Returns
        -------
        np.ndarray
            int32 (m, 2, 4): ``[deal, player, round]``, rounds pre-flop, flop, turn, river.
            One numba kernel of table lookups: about 0.5 us a deal once the tables are loaded
            (a row missing from them is computed first, as :meth:`board_buckets` does).
        """
        holes = np.ascontiguousarray(holes, dtype=np.int64)
        boards = np.ascontiguousarray(boards, dtype=np.int64)
        m = holes.shape[0]
        if holes.shape != (m, 2, 2) or boards.shape != (m, 5):
            raise ValueError(f"deal_buckets: holes (m, 2, 2) and boards (m, 5), got {holes.shape} and "
                             f"{boards.shape}")
        self._ensure_tables()
        flops, turns, rivers = board_classes(3), board_classes(4), board_classes(5)
        out = np.empty((m, 2, 4), dtype=np.int32)
        args = (_preflop_classes(), flops.class_of, flops.perm_of, self._flop_table,
                turns.class_of, turns.perm_of, self._turn_table,
                rivers.class_of, rivers.perm_of, self._river_table)
        deal_buckets_kernel(holes, boards, *args, out)
        missing = (out[:, :, 1:] == NOT_COMPUTED).any(axis=(1, 2))
        if missing.any():
            self._fill_rows(boards[missing])
            args = (*args[:3], self._flop_table, *args[4:6], self._turn_table, *args[7:9], self._river_table)
            sub = np.empty((int(missing.sum()), 2, 4), dtype=np.int32)
            deal_buckets_kernel(holes[missing], boards[missing], *args, sub)
            out[missing] = sub
        return out

    # -- rows -----------------------------------------------------------------------------
    def _flop_row(self, board: np.ndarray) -> np.ndarray:
        per_turn = np.empty((1326, 52), dtype=np.int64)
        score = flop_scores(board, per_turn)
        if self.settings.kind == "potential":
            return kmeans.flop_labels(per_turn, score, self._params["flop_centroids"])
        out = np.searchsorted(self._params["flop_thresholds"], score, side="right")
        out[score < 0] = -1
        return out

    def _turn_row(self, board: np.ndarray) -> np.ndarray:
        potential = self.settings.kind == "potential"
        bins = self._params["turn_centroids"].shape[1] if potential else 0
        hist = np.zeros((1326, max(bins, 1)), dtype=np.int64)
        score = turn_scores(board, bins, hist, np.zeros(0, dtype=np.int64), 0)
        if potential:
            return kmeans.labels_from_hist(hist, score >= 0, self._params["turn_centroids"])
        out = np.searchsorted(self._params["turn_thresholds"], score, side="right")
        out[score < 0] = -1
        return out

    def _river_row(self, board: np.ndarray) -> np.ndarray:
        num = river_nums(board)
        out = np.searchsorted(self._params["river_thresholds"], num, side="right")
        out[num < 0] = -1
        return out

    def _ensure_tables(self) -> None:
        if self._flop_table is not None:
            return
        loaded = _read_cache(self.settings)
        if loaded is not None and _same_params(loaded.parameters(), self._params):
            self._flop_table, self._turn_table = loaded._flop_table, loaded._turn_table
            self._river_table = loaded._river_table
            return
        s = self.settings
        self._flop_table, self._turn_table, self._river_table = (
            np.full((len(board_classes(k).boards), 1326), NOT_COMPUTED, dtype=table_dtype(count))
            for k, count in ((3, s.flop), (4, s.turn), (5, s.river)))

    def _fill_rows(self, boards: np.ndarray) -> None:
        """Compute the table rows the deals on ``boards`` need (a read-only table is copied)."""
        for k, name, row in ((3, "_flop_table", self._flop_row), (4, "_turn_table", self._turn_row),
                             (5, "_river_table", self._river_row)):
            table = getattr(self, name)
            classes = board_classes(k)
            need = [c for c in np.unique(classes.class_of[colex_ranks(boards[:, :k])])
                    if table[c, 0] == NOT_COMPUTED]
            if need and not table.flags.writeable:
                table = np.array(table)
                setattr(self, name, table)
            for cls in need:
                table[cls] = row(classes.boards[cls])

    def table(self, k: int) -> np.ndarray:
        """The bucket table of ``k``-card boards (3 flop, 4 turn, 5 river), complete.

        Row ``board_classes(k).class_of[rank]`` of a board of colex rank ``rank`` holds its
        buckets for the combos permuted by ``COMBO_PERM[board_classes(k).perm_of[rank]]``
        (:mod:`pokerlab.abstraction.boards`); -1 for combos touching the board. Rows missing (an
        abstraction made from parameters without a cached build) are computed first: slow.
        """
        if k not in (3, 4, 5):
            raise ValueError(f"table: board size {k}: must be 3, 4 or 5")
        self._ensure_tables()
        table = {3: self._flop_table, 4: self._turn_table, 5: self._river_table}[k]
        assert table is not None
        missing = np.flatnonzero(table[:, 0] == NOT_COMPUTED)
        if len(missing):
            self._fill_rows(board_classes(k).boards[missing])
        return {3: self._flop_table, 4: self._turn_table, 5: self._river_table}[k]

    def bucket_shares(self) -> dict[str, np.ndarray]:
        """The share of all (board, combo) pairs in each bucket, per round (from the tables of a
        full build; rounds without complete tables are left out)."""
        out: dict[str, np.ndarray] = {}
        for name, k, table in (("flop", 3, self._flop_table), ("turn", 4, self._turn_table)):
            if table is None or (table[:, 0] == NOT_COMPUTED).any():
                continue
            weights = board_classes(k).weights
            counts = np.zeros(getattr(self.settings, name))
            for lo in range(0, len(table), 2048):  # in slices: a weight per entry costs 170 MB
                rows = table[lo:lo + 2048]
                valid = rows >= 0
                counts += np.bincount(rows[valid], weights=np.broadcast_to(
                    weights[lo:lo + 2048, None], rows.shape)[valid], minlength=len(counts))
            out[name] = counts / counts.sum()
        if self.river_count is not None:
            river = np.searchsorted(self._params["river_thresholds"], np.arange(RIVER_DEN + 1), side="right")
            counts = np.bincount(river, weights=self.river_count, minlength=self.settings.river)
            out["river"] = counts / counts.sum()
        return out

    def summary(self) -> dict[str, object]:
        """What ``pokerlab abstraction show`` reports: settings, build time, size, bucket shares,
        and for percentile rounds the E[HS^2] boundaries."""
        shares = self.bucket_shares()
        full = {"flop": FLOP_FULL, "turn": TURN_FULL, "river": RIVER_DEN}
        rounds = {}
        for name in ("flop", "turn", "river"):
            entry: dict[str, object] = {"buckets": getattr(self.settings, name)}
            thr = self._params.get(f"{name}_thresholds")
            if thr is not None:
                power = 2 if name == "river" else 1  # the river's boundaries are HS: squared
                entry["feature"] = "E[HS^2] percentiles"
                entry["boundaries_ehs2"] = [round((int(t) / full[name]) ** power, 6) for t in thr]
            else:
                entry["feature"] = "k-means over next-round strength histograms"
            if name in shares:
                entry["smallest_share"] = round(float(shares[name].min()), 6)
                entry["largest_share"] = round(float(shares[name].max()), 6)
                entry["empty_buckets"] = int((shares[name] == 0).sum())
            rounds[name] = entry
        return {
            "key": self.settings.key(),
            "kind": self.settings.kind,
            "bucket_counts": list(self.bucket_counts),
            "build_seconds": None if self.build_seconds is None else round(self.build_seconds, 2),
            "bytes_on_disk": self.bytes_on_disk(),
            "path": None if self.path is None else str(self.path),
            "rounds": rounds,
        }

    def bytes_on_disk(self) -> int | None:
        """The size of its cache files (``None`` when it has none)."""
        if self.path is None or not self.path.exists():
            return None
        river = _river_path(self.settings)
        return self.path.stat().st_size + (river.stat().st_size if river.exists() else 0)

    def tables_complete(self) -> bool:
        """Whether every table row is present (a full build or its cache)."""
        tables = (self._flop_table, self._turn_table, self._river_table)
        return all(t is not None and not (t[:, 0] == NOT_COMPUTED).any() for t in tables)


def _same_params(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    return a.keys() == b.keys() and all(np.array_equal(np.asarray(a[k]), np.asarray(b[k])) for k in a)


# -- building -----------------------------------------------------------------------------
def build(settings: AbstractionSettings, progress: Progress | None = None,
          turn_sample: int | None = None, flop_sample: int | None = None) -> CardAbstraction:
    """Compute an abstraction from scratch (no cache): parameters and full tables.

    ``turn_sample`` / ``flop_sample`` (tests, experiments) take every n-th canonical turn /
    flop only: the percentiles and centroids then come from those boards alone and the tables
    hold only their rows (the others are filled when a deal needs them).
    """
    advance = progress or (lambda n: None)
    start = time.perf_counter()
    turns, flops = board_classes(4), board_classes(3)
    potential = settings.kind == "potential"
    t_idx = np.arange(len(turns.boards))[:: turn_sample or 1]
    f_idx = np.arange(len(flops.boards))[:: flop_sample or 1]

    # Turn pass: every canonical turn's S (and river histograms), the river distribution.
    turn_s = np.full((len(turns.boards), 1326), -1, dtype=np.int32)
    river_count = np.zeros(RIVER_DEN + 1, dtype=np.int64)
    bins = kmeans.TURN_BINS if potential else 0
    turn_keys = np.zeros((len(t_idx) if potential else 0, 1326), dtype=np.int64)
    for lo in range(0, len(t_idx), TURN_CHUNK):
        rows = t_idx[lo:lo + TURN_CHUNK]
        scores = np.empty((len(rows), 1326), dtype=np.int64)
        keys = turn_keys[lo:lo + TURN_CHUNK] if potential else np.zeros((len(rows), 1326), dtype=np.int64)
        river_rows = np.zeros((len(rows), RIVER_DEN + 1), dtype=np.int64)
        turn_scores_many(turns.boards[rows], turns.weights[rows], bins, scores, keys, river_rows)
        river_count += river_rows.sum(axis=0)
        turn_s[rows] = scores
        advance(len(rows) * (turn_sample or 1))
    params: dict[str, np.ndarray] = {"key": np.array(settings.key())}
    params["river_thresholds"] = percentile_thresholds(np.arange(RIVER_DEN + 1), river_count, settings.river)

    # Flop pass: each canonical flop's S (and turn histograms) from the turn rows.
    if turn_sample:
        _complete_turn_rows(turn_s, flops.boards[f_idx], turns)
    fbins = kmeans.FLOP_BINS if potential else 0
    flop_s = np.empty((len(f_idx), 1326), dtype=np.int64)
    flop_keys = np.zeros((len(f_idx), 1326), dtype=np.int64)
    for lo in range(0, len(f_idx), 64):
        rows = f_idx[lo:lo + 64]
        flops_from_turns(flops.boards[rows], turns.class_of, turns.perm_of, turn_s, fbins,
                         flop_s[lo:lo + 64], flop_keys[lo:lo + 64])
        advance(len(rows) * (flop_sample or 1))

    # Boundaries or centroids from the distinct values and their weights (each (board, combo)
    # point counts as often as its class has boards), then the tables, in slices of rows: the
    # turn's 18.5 million points never sit in memory more than once.
    turn_table = np.full((len(turns.boards), 1326), NOT_COMPUTED, dtype=table_dtype(settings.turn))
    flop_table = np.full((len(flops.boards), 1326), NOT_COMPUTED, dtype=table_dtype(settings.flop))
    turn_values = turn_keys if potential else turn_s[t_idx]
    flop_values = flop_keys if potential else flop_s
    for name, values, idx, weights, table, nbins in (
            ("turn", turn_values, t_idx, turns.weights[t_idx], turn_table, bins),
            ("flop", flop_values, f_idx, flops.weights[f_idx], flop_table, fbins)):
        distinct, mass = weighted_counts(values, weights)
        k = getattr(settings, name)
        if potential:
            params[f"{name}_centroids"], labels = kmeans.fit(distinct, mass, k, nbins, seed=kmeans.SEED,
                                                            progress=advance)
        else:
            params[f"{name}_thresholds"] = thresholds_from_counts(distinct, mass, k)
            labels = np.searchsorted(params[f"{name}_thresholds"], distinct, side="right")
        for lo in range(0, len(idx), SLICE):
            block = values[lo:lo + SLICE]
            rows = np.full(block.shape, -1, dtype=table.dtype)
            valid = block >= 0
            rows[valid] = labels[np.searchsorted(distinct, block[valid])]
            table[idx[lo:lo + SLICE]] = rows

    # River pass: the river bucket of every combo on every canonical river (every n-th with a
    # turn sample), straight from the river thresholds.
    rivers = board_classes(5)
    r_idx = np.arange(len(rivers.boards))[:: turn_sample or 1]
    river_table = np.full((len(rivers.boards), 1326), NOT_COMPUTED, dtype=table_dtype(settings.river))
    chunk = 16 * RIVER_UNIT
    for lo in range(0, len(r_idx), chunk):
        rows = r_idx[lo:lo + chunk]
        block = np.empty((len(rows), 1326), dtype=river_table.dtype)
        river_buckets_many(rivers.boards[rows], params["river_thresholds"], block)
        river_table[rows] = block
        advance(-(-len(rows) * (turn_sample or 1) // RIVER_UNIT))

    out = CardAbstraction(settings, params)
    out._flop_table, out._turn_table, out._river_table = flop_table, turn_table, river_table
    out.build_seconds = time.perf_counter() - start
    out.river_count = river_count
    return out


def _complete_turn_rows(turn_s: np.ndarray, flop_boards: np.ndarray, turns: object) -> None:
    """With a turn sample, the flops of the flop pass still need all their turn rows."""
    from pokerlab.abstraction.boards import BoardClasses

    assert isinstance(turns, BoardClasses)
    need = set()
    for f in flop_boards:
        for t in range(52):
            if t not in f:
                need.add(int(turns.class_of[colex_ranks(np.append(f, t)[None, :])[0]]))
    for cls in sorted(need):
        if turn_s[cls, 0] == -1 and turn_s[cls].max() < 0:
            turn_s[cls] = turn_scores(turns.boards[cls], 0, np.zeros((1326, 1), dtype=np.int64),
                                      np.zeros(0, dtype=np.int64), 0)


# -- the cache ----------------------------------------------------------------------------
def cache_path(settings: AbstractionSettings) -> Path:
    """Where the abstraction of ``settings`` is cached (nothing is created): this ``.npz`` (the
    parameters, flop and turn tables) and, beside it, ``.river.npy`` (the river table, read
    memory-mapped, so that processes training side by side share one copy)."""
    return cache_root() / "abstraction" / f"{settings.key()}.npz"


def _river_path(settings: AbstractionSettings) -> Path:
    return cache_path(settings).with_suffix(".river.npy")


def _read_cache(settings: AbstractionSettings) -> CardAbstraction | None:
    path = cache_path(settings)
    if not path.is_file():
        return None
    try:
        with np.load(path, allow_pickle=False) as data:
            params = {k[2:]: data[k] for k in data.files if k.startswith("p_")}
            out = CardAbstraction(settings, params)
            out._flop_table = data["flop_table"]
            out._turn_table = data["turn_table"]
            out.build_seconds = float(data["build_seconds"])
            out.river_count = data["river_count"]
        river = np.load(_river_path(settings), mmap_mode="r", allow_pickle=False)
        if river.shape != (len(board_classes(5).boards), 1326):
            return None
        out._river_table = river
    except (OSError, ValueError, KeyError):
        return None  # unreadable or from another layout: rebuilt
    if str(params.get("key")) != settings.key():
        return None
    out.path = path
    return out


def _write_cache(abstraction: CardAbstraction) -> Path:
    path = cache_path(abstraction.settings)
    folder = cache_dir() / "abstraction"
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, suffix=".npy.part")
    try:  # the river table first: the .npz appears last, when everything is in place
        with os.fdopen(fd, "wb") as f:
            np.save(f, abstraction._river_table)
        os.replace(tmp, _river_path(abstraction.settings))
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    fd, tmp = tempfile.mkstemp(dir=folder, suffix=".npz.part")
    try:
        with os.fdopen(fd, "wb") as f:
            np.savez(f, flop_table=abstraction._flop_table, turn_table=abstraction._turn_table,
                     build_seconds=np.float64(abstraction.build_seconds or 0.0),
                     river_count=(abstraction.river_count if abstraction.river_count is not None
                                  else np.zeros(RIVER_DEN + 1, dtype=np.int64)),
                     **{f"p_{k}": v for k, v in abstraction.parameters().items()})
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    abstraction.path = path
    return path


def cached(settings: AbstractionSettings) -> CardAbstraction | None:
    """The cached abstraction of ``settings``, or ``None`` when it was never built."""
    return _read_cache(settings)


def card_abstraction(settings: AbstractionSettings, progress: Progress | None = None) -> CardAbstraction:
    """The abstraction of ``settings``: loaded from the cache, else built and cached.

    Deterministic for the settings (the k-means of the potential kind is seeded). ``progress``
    gets ``n`` units at a time out of :func:`build_units` while building. Processes asking for
    the same settings at once (parallel training, test workers) build it once: the builder
    holds a lock file beside the cache file, the others wait for it and read the cache.
    """
    found = _read_cache(settings)
    if found is not None:
        return found
    import fcntl

    folder = cache_dir() / "abstraction"
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / f"{settings.key()}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            found = _read_cache(settings)  # built by another process while this one waited
            if found is not None:
                return found
            out = build(settings, progress)
            _write_cache(out)
            return out
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
