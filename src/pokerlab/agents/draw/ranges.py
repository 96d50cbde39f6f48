"""An opponent's five-card hand after the draw, by the number of cards it drew.

Seeing an opponent draw ``k`` cards says something about the hand it will show: a player who
drew one card holds two pair or a four-card draw, one who drew three a pair. The
``draw-threshold`` bot ranks its own hand against the distribution of the opponent's final
hand *given* ``k``, a distribution over the 7,462 five-card values (higher is stronger).

Two pieces, each computed once and cached under ``pokerlab._cache.cache_dir()``:

* **rules** (:func:`rules_ranges`, a documented simulation): :data:`SAMPLES` uniformly random
  five-card hands (seed :data:`SEED`) discard by the keep rules of
  :mod:`pokerlab.agents.draw.rules` and draw as many cards from the other 47 cards (uniformly,
  without replacement); ``counts[k, v]`` is how many of the hands that drew ``k`` cards ended
  with value ``v``, and ``share[k]`` how often the rules draw ``k``. The rules never draw five
  (``share[5] == 0``).
* **uniform** (:func:`uniform_range`, exact): all 2,598,960 five-card hands. A hand that kept
  cards chosen without regard to their value and drew the rest is a uniform five-card hand,
  whatever ``k`` is; so is a hand that drew five.

An opponent does not always draw by the rules (the baselines stand pat with anything). The
bot's range for an opponent who drew ``k`` mixes the two (:func:`opponent_range`): the share
``w = min(1, r_k / f_k)`` of its ``k``-card draws are taken to be the rules' (``r_k`` the rules'
rate of drawing ``k``, ``f_k`` the opponent's observed rate, counted over the match with a
prior of :data:`PRIOR_DRAWS` draws at the rules' rates) and the rest uniform. An opponent that
draws like the rules gets the rules' ranges; one that always stands pat gets, for a pat hand,
almost the uniform range (``w = r_0`` about 0.8%). Card removal (our own cards) is ignored.

Examples
--------
>>> counts, share = rules_ranges()
>>> counts.shape, round(float(share.sum()), 6), float(share[5])
((6, 7462), 1.0, 0.0)
>>> [round(float(s), 3) for s in share]   # stand pat, draw 1..5
[0.008, 0.114, 0.021, 0.409, 0.448, 0.0]
>>> p = opponent_range(3, {})   # drew three, an opponent never seen drawing: the rules' pair draw
>>> round(float(p.sum()), 9), float(p[:1277].sum()) < 0.01   # almost never ends with no pair
(1.0, True)
"""

from __future__ import annotations

import functools
import os
import tempfile
from collections.abc import Mapping

import numpy as np
from numba import njit

from pokerlab._cache import cache_dir
from pokerlab.evaluate.classes import NUM_CLASSES
from pokerlab.evaluate.kernels import eval5

SAMPLES = 4_000_000
"""Random hands the rules' ranges are simulated from (about 32,000 pat hands among them)."""
SEED = 13
PRIOR_DRAWS = 20.0
"""Draws at the rules' rates an opponent starts with before its own draws are counted."""
CACHE_VERSION = 1


@njit(cache=True)
def _simulate_draws(hands: np.ndarray, keeps: np.ndarray, groups: np.ndarray, seed: int,
                    counts: np.ndarray) -> None:
    """Hand ``i`` draws once under each row of ``keeps`` (``keeps[k, i]``: the bits of the
    cards it discards, replaced from the 47 it does not hold); the final hand's value is
    counted in ``counts[groups[i], k, value]``."""
    np.random.seed(seed)
    rest = np.empty(47, np.uint8)
    final = np.empty(5, np.uint8)
    for i in range(hands.shape[0]):
        held = np.uint64(0)
        for j in range(5):
            held |= np.uint64(1) << np.uint64(hands[i, j])
        m = 0
        for c in range(52):
            if not (held >> np.uint64(c)) & np.uint64(1):
                rest[m] = c
                m += 1
        for k in range(keeps.shape[0]):
            n = 0
            for j in range(5):
                if keeps[k, i] >> j & 1:
                    r = n + np.random.randint(0, 47 - n)
                    rest[n], rest[r] = rest[r], rest[n]
                    final[j] = rest[n]
                    n += 1
                else:
                    final[j] = hands[i, j]
            counts[groups[i], k, eval5(final[0], final[1], final[2], final[3], final[4])] += 1


def simulate_draws(hands: np.ndarray, keeps: np.ndarray, groups: np.ndarray, seed: int,
                   num_groups: int) -> np.ndarray:
    """Final-hand value counts ``[group, way of drawing, value]`` of five-card ``hands``, each
    drawing once under every row of ``keeps`` (discard bits per hand) from one seeded stream.

    The draw ranges use one way (the rules' discards, grouped by cards drawn); the draw
    classes use one way per number of cards drawn (grouped by class).

    Examples
    --------
    >>> hands = np.array([[0, 4, 8, 12, 51]], dtype=np.uint8)   # 2c 3c 4c 5c As: a wheel
    >>> counts = simulate_draws(hands, np.zeros((1, 1), np.uint8), np.zeros(1, np.int64), 1, 1)
    >>> int(counts.sum()), int(counts[0, 0].argmax()) == int(eval5(0, 4, 8, 12, 51))
    (1, True)
    """
    counts = np.zeros((num_groups, keeps.shape[0], NUM_CLASSES), dtype=np.int64)
    _simulate_draws(np.ascontiguousarray(hands, dtype=np.uint8),
                    np.ascontiguousarray(keeps, dtype=np.uint8),
                    np.ascontiguousarray(groups, dtype=np.int64), seed, counts)
    return counts


def cards_drawn(masks: np.ndarray) -> np.ndarray:
    """How many cards each discard mask (five bits) draws."""
    masks = np.asarray(masks, dtype=np.int64)
    return sum((masks >> j) & 1 for j in range(5))


def _cached(name: str, build: object) -> dict[str, np.ndarray]:
    """The arrays of ``name`` from the cache folder, built and stored when missing."""
    path = cache_dir() / f"draw-ranges-v{CACHE_VERSION}-{name}.npz"
    try:
        with np.load(path) as data:
            return {key: data[key] for key in data.files}
    except Exception:  # missing or damaged: build again
        pass
    arrays = build()  # type: ignore[operator]
    try:  # a temporary file renamed, so a concurrent reader never sees half a file
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".npz")
        with os.fdopen(fd, "wb") as handle:
            np.savez(handle, **arrays)
        os.replace(tmp, path)
    except OSError:
        pass
    return arrays  # type: ignore[no-any-return]


@functools.lru_cache(maxsize=1)
def rules_ranges() -> tuple[np.ndarray, np.ndarray]:
    """``(counts, share)``: final-hand value counts by cards drawn under the keep rules
    (``counts[k, v]``, shape (6, 7462)) and the share of hands drawing ``k`` (simulated, see
    the module's description)."""

    def build() -> dict[str, np.ndarray]:
        from pokerlab.agents.draw.rules import discard_masks
        from pokerlab.evaluate import random_hands

        hands = random_hands(SAMPLES, 5, seed=SEED)
        masks = discard_masks(hands)
        return {"counts": simulate_draws(hands, masks[None, :], cards_drawn(masks), SEED, 6)[:, 0]}

    counts = _cached(f"rules-n{SAMPLES}-s{SEED}", build)["counts"]
    return counts, counts.sum(axis=1) / counts.sum()


@functools.lru_cache(maxsize=1)
def uniform_range() -> np.ndarray:
    """The exact distribution of a five-card hand's value over all 2,598,960 hands."""
    from pokerlab.evaluate import enumerate_all5

    counts = _cached("uniform", lambda: {"counts": enumerate_all5().class_counts})["counts"]
    return counts / counts.sum()  # type: ignore[no-any-return]


def opponent_range(drew: int, seen: Mapping[int, int]) -> np.ndarray:
    """The distribution of the final hand's value of an opponent who drew ``drew`` cards,
    given how many times it was ``seen`` drawing each number of cards (``{k: times}``) before.

    See the module's description: ``w * rules + (1 - w) * uniform`` with ``w = min(1, r_k / f_k)``.
    """
    w = credibility(drew, seen)
    counts, _ = rules_ranges()
    uniform = uniform_range()
    if w == 0.0:
        return uniform
    rules = counts[drew] / counts[drew].sum()
    return w * rules + (1.0 - w) * uniform  # type: ignore[no-any-return]


def credibility(drew: int, seen: Mapping[int, int]) -> float:
    """``w = min(1, r_k / f_k)``: the share of an opponent's ``drew``-card draws taken to be
    the rules' (see the module's description), given how many times it was ``seen`` drawing
    each number of cards."""
    if not 0 <= drew <= 5:
        raise ValueError(f"drew: 0 to 5 cards, not {drew}")
    _, share = rules_ranges()
    total = sum(seen.values())
    observed = (seen.get(drew, 0) + PRIOR_DRAWS * share[drew]) / (total + PRIOR_DRAWS)
    return min(1.0, float(share[drew]) / observed) if observed > 0 else 0.0


def strengths(p: np.ndarray) -> np.ndarray:
    """Every value's mid-rank strength against ``p``: the chance of beating a hand drawn from
    ``p``, ties counted half (a hand's rank ``x`` in [0, 1] in the patent's sense)."""
    return np.cumsum(p) - p / 2  # type: ignore[no-any-return]


@njit(cache=True)
def _ordered_products(a: np.ndarray, b: np.ndarray, out: np.ndarray) -> None:
    for i in range(a.shape[0]):
        lo, hi = 0, a.shape[1]
        while lo < hi and a[i, lo] == 0.0:  # adding a zero product leaves a sum as it is
            lo += 1
        while hi > lo and a[i, hi - 1] == 0.0:
            hi -= 1
        for j in range(b.shape[0]):
            total = 0.0
            for v in range(lo, hi):
                total += a[i, v] * b[j, v]
            out[i, j] = total


def ordered_products(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``a @ b.T`` with each sum taken in value order, the same bits on every machine.

    BLAS (numpy's ``@``) adds in an order set by its CPU kernel and its thread count, so the
    last bits of a product differ between machines; the draw class games' solutions follow
    those bits (a near-indifferent or barely reached decision of
    :func:`pokerlab.agents.draw.game.solve_game` moved by 0.55 when two equities in three
    moved by a unit in their last place, by 0.63 with OpenBLAS on one thread instead of two).
    Summed in order, the shipped solutions are what the solver gives anywhere.

    Parameters
    ----------
    a, b
        ``(m, n)`` and ``(r, n)`` rows over the same values (a 1-d array is one row).

    Returns
    -------
    numpy.ndarray
        ``(m, r)`` float64: ``out[i, j] = sum over v of a[i, v] * b[j, v]``, ``v`` ascending.

    Examples
    --------
    >>> ordered_products(np.array([[0.5, 0.5, 0.0]]), np.array([[0.25, 0.75, 1.0]])).tolist()
    [[0.5]]
    """
    a2 = np.ascontiguousarray(np.atleast_2d(a), dtype=np.float64)
    b2 = np.ascontiguousarray(np.atleast_2d(b), dtype=np.float64)
    if a2.shape[1] != b2.shape[1]:
        raise ValueError(f"rows of {a2.shape[1]} and {b2.shape[1]} values")
    out = np.empty((a2.shape[0], b2.shape[0]))
    _ordered_products(a2, b2, out)
    return out
