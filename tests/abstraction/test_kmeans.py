"""Weighted k-means of the potential-aware buckets (pokerlab.abstraction.kmeans): the weights
count. A histogram's feature is its cumulative distribution; with two bins a histogram
``[c, 8 - c]`` is the point ``(c / 8, 1)``, so the centres below are worked out by hand."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.abstraction import kmeans

# Three histograms of two bins: the points x = 1, 0.75, 0 (x the first bin's share).
HIST = np.array([[8, 0], [6, 2], [0, 8]])
WEIGHTS = np.array([3, 1, 2])


def test_one_cluster_is_the_weighted_mean() -> None:
    hist = np.array([[3, 1, 0], [0, 2, 2], [0, 0, 4]])  # cumulative: (.75, 1, 1), (0, .5, 1), (0, 0, 1)
    centroids, labels = kmeans.cluster(kmeans.pack(hist), np.array([1, 2, 5]), 1, bins=3, seed=0)
    # (1 * .75 + 2 * 0 + 5 * 0) / 8, (1 * 1 + 2 * .5 + 5 * 0) / 8, 1 (the unweighted mean: .25, .5, 1)
    assert centroids.tolist() == [[0.09375, 0.25, 1.0]]
    assert labels.tolist() == [0, 0, 0]


@pytest.mark.parametrize("seed", range(5))
def test_two_clusters_have_weighted_centres(seed: int) -> None:
    # From any seeding Lloyd's iterations end at {1, .75} and {0}: the first centre is
    # (3 * 1 + 1 * .75) / 4 = .9375 (unweighted .875), the weaker bucket (more mass in the low
    # bin), so bucket 0.
    centroids, labels = kmeans.cluster(kmeans.pack(HIST), WEIGHTS, 2, bins=2, seed=seed)
    assert centroids.tolist() == [[0.9375, 1.0], [0.0, 1.0]]
    assert labels.tolist() == [0, 0, 1]


@pytest.mark.parametrize("seed", range(5))
def test_a_point_of_weight_w_is_w_copies_of_it(seed: int) -> None:
    copies = np.repeat(np.arange(3), WEIGHTS)  # 0, 0, 0, 1, 2, 2
    weighted = kmeans.cluster(kmeans.pack(HIST), WEIGHTS, 2, bins=2, seed=seed)
    repeated = kmeans.cluster(kmeans.pack(HIST[copies]), np.ones(len(copies)), 2, bins=2, seed=seed)
    assert np.array_equal(repeated[0], weighted[0])
    assert np.array_equal(repeated[1], weighted[1][copies])


@pytest.mark.parametrize("seed", range(10))
def test_a_point_of_weight_zero_is_never_a_centre(seed: int) -> None:
    # x = 1 and x = .75 weigh 1, x = 0 (far from both) weighs nothing: the seeding must pick the
    # two weighed points, whose clusters keep them as centres (the zero-weight point joins one
    # without moving it). A seeding blind to the weights picks x = 0 most of the time.
    centroids, _ = kmeans.cluster(kmeans.pack(HIST), np.array([1, 1, 0]), 2, bins=2, seed=seed)
    assert centroids.tolist() == [[1.0, 1.0], [0.75, 1.0]]
