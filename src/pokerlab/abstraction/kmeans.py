"""Potential-aware buckets: weighted k-means over histograms of next-round strength (numba).

A turn combo is described by the histogram, over the 46 rivers, of its river HS in
:data:`TURN_BINS` equal bins of [0, 1]; a flop combo by the histogram, over the 47 turn cards,
of its turn E[HS^2] in :data:`FLOP_BINS` bins. Two combos with the same mean strength but
different spreads (a made hand against a draw) get different histograms: this is the
"potential-aware" idea of the published imperfect-recall abstractions (Johanson et al. 2013;
Ganzfried and Sandholm 2014, who cluster on the next round's buckets with the earth mover's
distance).

Distance: the squared Euclidean distance between the two histograms' *cumulative* distributions
(each normalised to 1). In one dimension the earth mover's distance is the L1 distance between
cumulative distributions; its L2 version keeps plain k-means (means are the right centres) and,
like EMD, counts mass moved to a neighbouring bin as close.

Clustering: the (board, combo) points are first merged into distinct histograms (a histogram is
packed into one int64, 6 bits a bin, so :data:`TURN_BINS` and :data:`FLOP_BINS` are at most 10),
each weighted by how many of the C(52, k) boards' combos have it; then weighted k-means++
seeding from ``numpy.random.default_rng(seed)`` and Lloyd iterations (at most
:data:`MAX_ITERATIONS`, or until no point changes cluster). Clusters are numbered by increasing
mean strength (the sum of the centroid's complementary CDF), so bucket 0 is the weakest.
Deterministic for a seed: one thread, fixed order of the points (ascending packed key).

Examples
--------
>>> import numpy as np
>>> hist = np.array([[5, 0, 0, 0], [4, 1, 0, 0], [0, 0, 1, 4], [0, 0, 0, 5]], dtype=np.uint8)
>>> centroids, labels = cluster(pack(hist), np.ones(4, dtype=np.int64), 2, bins=4, seed=0)
>>> labels.tolist()
[0, 0, 1, 1]
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numba import njit

from pokerlab.abstraction._kernels import HIST_BITS, turn_bin

TURN_BINS = 10
"""Bins of the river HS histogram of a turn combo."""
FLOP_BINS = 10
"""Bins of the turn E[HS^2] histogram of a flop combo."""
SEED = 20130  # fixed: the abstraction is a function of its settings alone
"""Seed of the k-means++ seeding."""
MAX_ITERATIONS = 60
"""Lloyd iterations at most."""
PROGRESS_UNITS = MAX_ITERATIONS + 1
"""Progress units one clustering reports (seeding + iterations; a converged run reports the rest)."""


@njit(cache=True, nogil=True)
def _features(hist: np.ndarray) -> np.ndarray:
    """Cumulative distributions (n, bins) float64 of count histograms (n, bins)."""
    n, bins = hist.shape
    out = np.empty((n, bins))
    for i in range(n):
        total = 0.0
        for k in range(bins):
            total += hist[i, k]
        acc = 0.0
        for k in range(bins):
            acc += hist[i, k]
            out[i, k] = acc / total if total > 0 else 0.0
    return out


@njit(cache=True, nogil=True)
def _nearest(features: np.ndarray, centroids: np.ndarray, labels: np.ndarray, dist: np.ndarray) -> int:
    """Nearest centroid of each point (ties: the lower index); returns how many labels changed."""
    changed = 0
    for i in range(features.shape[0]):
        best = -1
        best_d = np.inf
        for j in range(centroids.shape[0]):
            d = 0.0
            for k in range(features.shape[1]):
                e = features[i, k] - centroids[j, k]
                d += e * e
            if d < best_d:
                best_d = d
                best = j
        if labels[i] != best:
            changed += 1
            labels[i] = best
        dist[i] = best_d
    return changed


@njit(cache=True, nogil=True)
def _update(features: np.ndarray, weights: np.ndarray, labels: np.ndarray, centroids: np.ndarray) -> None:
    """Weighted means of the clusters; an empty cluster keeps its centre."""
    k, bins = centroids.shape
    sums = np.zeros((k, bins))
    mass = np.zeros(k)
    for i in range(features.shape[0]):
        j = labels[i]
        mass[j] += weights[i]
        for b in range(bins):
            sums[j, b] += weights[i] * features[i, b]
    for j in range(k):
        if mass[j] > 0:
            for b in range(bins):
                centroids[j, b] = sums[j, b] / mass[j]


def pack(hist: np.ndarray) -> np.ndarray:
    """Rows of a count histogram (n, bins) as int64 keys (as ``_kernels.pack_hist`` packs them)."""
    keys = np.zeros(hist.shape[0], dtype=np.int64)
    for k in range(hist.shape[1]):
        keys |= np.asarray(hist[:, k], dtype=np.int64) << (HIST_BITS * k)
    return keys


def _unpack(keys: np.ndarray, bins: int) -> np.ndarray:
    mask = (1 << HIST_BITS) - 1
    return np.stack([(keys >> (HIST_BITS * k)) & mask for k in range(bins)], axis=1).astype(np.int64)


def cluster(keys: np.ndarray, weights: np.ndarray, k: int, bins: int, seed: int = SEED,
            progress: Callable[[int], None] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Weighted k-means of packed histograms, one point each (see :func:`fit`).

    Parameters
    ----------
    keys
        (n,) packed histograms (:func:`pack`): counts below 64, at most 10 bins.
    weights
        (n,) how many boards' combos each point stands for.
    k, bins, seed, progress
        As :func:`fit`.

    Returns
    -------
    centroids, labels
        As :func:`fit`; ``labels`` (n,) the cluster of each point.
    """
    distinct, inverse = np.unique(np.asarray(keys, dtype=np.int64), return_inverse=True)
    mass = np.bincount(inverse.ravel(), weights=np.asarray(weights, dtype=np.float64).ravel())
    centroids, labels = fit(distinct, mass, k, bins, seed, progress)
    return centroids, labels[inverse.ravel()]


def fit(distinct: np.ndarray, mass: np.ndarray, k: int, bins: int, seed: int = SEED,
        progress: Callable[[int], None] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Weighted k-means of distinct packed histograms (see the module docstring).

    Parameters
    ----------
    distinct
        (n,) ascending distinct packed histograms (:func:`pack`).
    mass
        (n,) how many (board, combo) points have each.
    k
        Clusters.
    bins
        Bins of a histogram.
    seed
        Seed of the k-means++ seeding.
    progress
        ``progress(n)``: ``n`` of :data:`PROGRESS_UNITS` steps done.

    Returns
    -------
    centroids, labels
        (k, bins) float64 cumulative-distribution centres, ascending strength; (n,) int64 the
        cluster of each distinct histogram (its nearest centre, as :func:`labels_from_hist`
        gives it).
    """
    advance = progress or (lambda n: None)
    mass = np.asarray(mass, dtype=np.float64)
    feats = _features(_unpack(np.asarray(distinct, dtype=np.int64), bins))
    rng = np.random.default_rng(seed)
    n = len(distinct)
    centroids = np.empty((k, feats.shape[1]))
    # k-means++ seeding (weighted): each next centre drawn with probability weight * D^2.
    centroids[0] = feats[rng.choice(n, p=mass / mass.sum())]
    best = np.full(n, np.inf)
    for j in range(1, k):
        d = ((feats - centroids[j - 1]) ** 2).sum(axis=1)
        np.minimum(best, d, out=best)
        p = mass * best
        total = p.sum()
        centroids[j] = feats[rng.choice(n, p=p / total)] if total > 0 else feats[rng.integers(n)]
    advance(1)
    labels = np.full(n, -1, dtype=np.int64)
    dist = np.empty(n)
    done = 0
    for _ in range(MAX_ITERATIONS):
        changed = _nearest(feats, centroids, labels, dist)
        done += 1
        advance(1)
        if changed == 0:
            break
        _update(feats, mass, labels, centroids)
    advance(MAX_ITERATIONS - done)
    order = np.argsort((1.0 - centroids).sum(axis=1), kind="stable")
    centroids = np.ascontiguousarray(centroids[order])
    _nearest(feats, centroids, labels, dist)
    return centroids, labels


def labels_from_hist(hist: np.ndarray, valid: np.ndarray, centroids: np.ndarray) -> np.ndarray:
    """The cluster of each row of ``hist`` (1326, bins) counts; -1 where not ``valid``."""
    feats = _features(np.ascontiguousarray(hist, dtype=np.int64))
    labels = np.full(hist.shape[0], -1, dtype=np.int64)
    dist = np.empty(hist.shape[0])
    _nearest(feats, centroids, labels, dist)
    labels[~np.asarray(valid)] = -1
    return labels


@njit(cache=True, nogil=True)
def _flop_hist(per_turn: np.ndarray, bins: int) -> np.ndarray:
    hist = np.zeros((per_turn.shape[0], bins), dtype=np.int64)
    for c in range(per_turn.shape[0]):
        for t in range(52):
            s = per_turn[c, t]
            if s >= 0:
                hist[c, turn_bin(s, bins)] += 1
    return hist


def flop_labels(per_turn: np.ndarray, score: np.ndarray, centroids: np.ndarray) -> np.ndarray:
    """Flop clusters from :func:`pokerlab.abstraction._kernels.flop_scores`' per-turn ``S``."""
    return labels_from_hist(_flop_hist(per_turn, centroids.shape[1]), score >= 0, centroids)
