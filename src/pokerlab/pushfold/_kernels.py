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


POSITIONS = np.array([(0, 1, 2), (0, 2, 1), (1, 0, 2), (2, 0, 1), (1, 2, 0), (2, 1, 0)], dtype=np.int64)
"""The six ways to hand a sorted triple's positions to players 0, 1, 2: player ``p`` takes
position ``POSITIONS[k, p]`` (the numbering of ``order_code``'s rows)."""


@njit(cache=True)
def three_way_values(offsets, codes, mass, order_code, r0, r1, r2, u0, u1, u2, want_q, v0, v1, v2, q):
    """Each showdown player's payoff at a three-way showdown, given their class.

    Players 0, 1, 2 are the showdown's players in seat order, ``r0..r2`` their reach (169
    each), ``u0..u2`` their payoffs by finishing order (a code ``9 * rank0 + 3 * rank1 +
    rank2``; 27 slots). Sets ``v0[a]``: the sum over the others' classes ``b, c`` of the chance,
    given player 0 holds ``a``, that they hold ``b, c`` and reach here, times player 0's expected
    payoff (likewise ``v1``, ``v2``); with ``want_q``, ``q[o]``: the unconditional chance of
    reaching here with order ``o`` (for the players not in the showdown). ``order_code[k,
    code]`` maps a sorted triple's code to the players' code when the players take the sorted
    positions ``POSITIONS[k]``.

    The table is read in its own order, each sorted triple once for all the ways to deal it
    (its orders stay in cache); a way is skipped unless two of its players reach (a player's
    own reach never weighs their own terms).
    """
    n = 169
    live0 = r0 > 0.0
    live1 = r1 > 0.0
    live2 = r2 > 0.0
    t = -1
    cls = np.empty(3, dtype=np.int64)
    for z in range(n):
        for y in range(z + 1):
            for x in range(y + 1):
                t += 1
                cls[0] = x
                cls[1] = y
                cls[2] = z
                lo = offsets[t]
                hi = offsets[t + 1]
                if lo == hi:
                    continue
                for k in range(6):
                    a = cls[POSITIONS[k, 0]]
                    b = cls[POSITIONS[k, 1]]
                    c = cls[POSITIONS[k, 2]]
                    if (live0[a] + live1[b] + live2[c]) < 2:
                        continue
                    seen = False  # equal classes: the same deal from an earlier way
                    for j in range(k):
                        if (cls[POSITIONS[j, 0]] == a and cls[POSITIONS[j, 1]] == b
                                and cls[POSITIONS[j, 2]] == c):
                            seen = True
                            break
                    if seen:
                        continue
                    w0 = r1[b] * r2[c]
                    w1 = r0[a] * r2[c]
                    w2 = r0[a] * r1[b]
                    wq = r0[a] * w0 if want_q else 0.0
                    s0 = 0.0
                    s1 = 0.0
                    s2 = 0.0
                    for e in range(lo, hi):
                        p = mass[e]
                        o = order_code[k, codes[e]]
                        s0 += p * u0[o]
                        s1 += p * u1[o]
                        s2 += p * u2[o]
                        if wq != 0.0:
                            q[o] += p * wq
                    v0[a] += w0 * s0
                    v1[b] += w1 * s1
                    v2[c] += w2 * s2
    for k in range(n):
        size = 6.0 if k < 13 else (4.0 if k < 91 else 12.0)
        scale = 1.0 / (size * 1225.0 * 1128.0)
        v0[k] *= scale
        v1[k] *= scale
        v2[k] *= scale
    for o in range(27):
        q[o] /= 1326.0 * 1225.0 * 1128.0
