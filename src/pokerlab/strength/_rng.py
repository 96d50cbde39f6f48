"""A small counter-based generator for numba kernels: splitmix64.

Kernels seed their own state (a one-element uint64 array) from an explicit seed, so results
depend only on the seed, never on thread scheduling or the number of workers.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def next_u64(state):
    """splitmix64: advance ``state[0]`` and return 64 random bits."""
    state[0] += np.uint64(0x9E3779B97F4A7C15)
    z = state[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def uniform(state):
    """A float in [0, 1) with 53 random bits."""
    return float(next_u64(state) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def below(state, n):
    """A uniform integer in 0..n-1."""
    i = int(uniform(state) * n)
    return i if i < n else n - 1


@njit(cache=True)
def seeded_state(seed, stream, block):
    """A generator state for sub-stream ``(stream, block)`` of ``seed``: one splitmix64 step per part."""
    state = np.zeros(1, dtype=np.uint64)
    state[0] = np.uint64(seed)
    state[0] = next_u64(state) ^ np.uint64(stream)
    state[0] = next_u64(state) ^ np.uint64(block)
    next_u64(state)
    return state


@njit(cache=True, inline="always")
def split_mix(state):
    """splitmix64 on a scalar state: ``(new_state, 64 random bits)`` (kept in registers by callers)."""
    state = state + np.uint64(0x9E3779B97F4A7C15)
    z = state
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return state, z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def scaled(bits32, n):
    """``floor(bits32 * n / 2**32)``: a uniform integer in 0..n-1 from 32 random bits (Lemire's map)."""
    return np.int64((bits32 * np.uint64(n)) >> np.uint64(32))


@njit(cache=True)
def stream_state(seed, stream, block):
    """Scalar generator state of sub-stream ``(stream, block)`` of ``seed`` (as :func:`seeded_state`)."""
    return seeded_state(seed, stream, block)[0]
