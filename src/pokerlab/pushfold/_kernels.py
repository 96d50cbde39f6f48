"""Numba kernels of the push/fold game: the three-way showdown terms of a terminal."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def compress_triples(joint, counts, samples):
    """The table as lists per sorted triple ``t``: ``codes[offsets[t]:offsets[t+1]]`` the
    finishing orders seen and ``mass`` each one's share of the triple's joint count."""
    n = joint.shape[0]
    offsets = np.zeros(n + 1, dtype=np.int64)
    for t in range(n):
        k = 0
        if joint[t] > 0:
            for code in range(27):
                if counts[t, code] > 0:
                    k += 1
        offsets[t + 1] = offsets[t] + k
    codes = np.empty(offsets[n], dtype=np.uint8)
    mass = np.empty(offsets[n])
    for t in range(n):
        k = offsets[t]
        if joint[t] == 0:
            continue
        for code in range(27):
            if counts[t, code] > 0:
                codes[k] = code
                mass[k] = joint[t] * counts[t, code] / samples
                k += 1
    return offsets, codes, mass


@njit(cache=True, inline="always")
def _cell(a, b, c, offsets, codes, mass, order_code, w0, w1, w2, wq, h0, h1, h2, q):
    """Add one ordered triple of classes (players 0, 1, 2 holding a, b, c) to the terms."""
    x, y, z = a, b, c
    if x <= y <= z:
        perm = 0
    elif x <= z < y:
        perm = 1
        y, z = z, y
    elif y < x <= z:
        perm = 2
        x, y = y, x
    elif y <= z < x:
        perm = 3
        x, y, z = y, z, x
    elif z < x <= y:
        perm = 4
        x, y, z = z, x, y
    else:
        perm = 5
        x, y, z = z, y, x
    t = x + y * (y + 1) // 2 + z * (z + 1) * (z + 2) // 6
    for k in range(offsets[t], offsets[t + 1]):
        p = mass[k]
        o = order_code[perm, codes[k]]
        if w0 != 0.0:
            h0[a, o] += p * w0
        if w1 != 0.0:
            h1[b, o] += p * w1
        if w2 != 0.0:
            h2[c, o] += p * w2
        if wq != 0.0:
            q[o] += p * wq


@njit(cache=True)
def three_way_terms(offsets, codes, mass, order_code, r0, r1, r2, h0, h1, h2, q):
    """Sum a three-way showdown's terms over every triple of classes.

    Players 0, 1, 2 are the showdown's players in seat order, ``r0..r2`` their reach (169
    each). For each finishing order ``o`` (a code ``9 * rank0 + 3 * rank1 + rank2``) sets:
    ``h0[a, o]``: the chance, given player 0 holds ``a``, that the others hold classes ``b, c``,
    reach here, and the order is ``o``, summed over ``b, c`` (likewise ``h1``, ``h2``);
    ``q[o]``: the unconditional chance of reaching here with order ``o``. ``order_code[p, code]``
    maps a sorted triple's code to the players' code for permutation case ``p``.

    Only cells where at least two players reach count (the third's own reach never weighs its
    own terms), visited through the players' supports.
    """
    n = 169
    s0 = np.flatnonzero(r0 > 0.0)
    s1 = np.flatnonzero(r1 > 0.0)
    s2 = np.flatnonzero(r2 > 0.0)
    # 1. players 1 and 2 both reach: every class of player 0
    for b in s1:
        for c in s2:
            w0 = r1[b] * r2[c]
            for a in range(n):
                ra = r0[a]
                _cell(a, b, c, offsets, codes, mass, order_code, w0, ra * r2[c], ra * r1[b],
                      ra * w0, h0, h1, h2, q)
    # 2. players 0 and 2 reach, player 1's class does not: player 1's terms only
    for a in s0:
        for c in s2:
            w1 = r0[a] * r2[c]
            for b in range(n):
                if r1[b] == 0.0:
                    _cell(a, b, c, offsets, codes, mass, order_code, 0.0, w1, 0.0, 0.0, h0, h1, h2, q)
    # 3. players 0 and 1 reach, player 2's class does not: player 2's terms only
    for a in s0:
        for b in s1:
            w2 = r0[a] * r1[b]
            for c in range(n):
                if r2[c] == 0.0:
                    _cell(a, b, c, offsets, codes, mass, order_code, 0.0, 0.0, w2, 0.0, h0, h1, h2, q)
    total = 1326.0 * 1225.0 * 1128.0
    for k in range(n):
        size = 6.0 if k < 13 else (4.0 if k < 91 else 12.0)
        scale = 1.0 / (size * 1225.0 * 1128.0)
        for o in range(27):
            h0[k, o] *= scale
            h1[k, o] *= scale
            h2[k, o] *= scale
    for o in range(27):
        q[o] /= total
